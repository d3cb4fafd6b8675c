"""PDF briefings and review through the optional extra `pdf` (WeasyPrint), which CI installs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.session import Session
from referee.store.reading import open_reader


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "s.db"
    Session.create(path, "n30/close-the-ring", {}, seed=3).close()
    return path


def test_briefings_as_pdf_are_printable_pages_and_recorded(session, tmp_path, cli):
    run = cli("brief", session, "--all", "--format", "pdf", "--lang", "es", "--out", tmp_path / "sheets")
    assert run.code == 0, run.err
    for line in run.lines:
        content = open(line.split("\t")[2], "rb").read()
        assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")
    reader = open_reader(session)
    try:
        assert {(b.player, b.format, b.lang) for b in reader.briefings()} == {("police", "pdf", "es"),
                                                                              ("protesters", "pdf", "es")}
    finally:
        reader.close()


def test_the_review_as_pdf(session, tmp_path, cli):
    out = tmp_path / "review.pdf"
    assert cli("review", session, "--out", out, "--format", "pdf").code == 0
    assert out.read_bytes().startswith(b"%PDF-")


def test_without_the_extra_pdf_is_one_clear_line_and_nothing_is_written(session, tmp_path, cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # as if the extra were not installed
    run = cli("brief", session, "--all", "--format", "pdf", "--out", tmp_path / "sheets")
    assert run.code == 2 and run.err.count("\n") == 1 and "pip install 'referee[pdf]'" in run.err
    assert not (tmp_path / "sheets").exists()
    run = cli("review", session, "--out", tmp_path / "r.pdf", "--format", "pdf")
    assert run.code == 2 and "referee[pdf]" in run.err and not (tmp_path / "r.pdf").exists()


def test_weasyprint_loads_only_when_pdf_is_asked_for(session, tmp_path):
    probe = ("import sys; from referee.cli import main; code = main(sys.argv[1:]); "
             "print(code, 'weasyprint' in sys.modules)")
    for fmt, loaded in (("html", "False"), ("pdf", "True")):
        done = subprocess.run([sys.executable, "-c", probe, "brief", str(session), "--all", "--format", fmt,
                               "--out", str(tmp_path / fmt)], capture_output=True, text=True, timeout=120)
        assert done.stdout.split()[-2:] == ["0", loaded], done.stderr
