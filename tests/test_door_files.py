"""Paths that cannot be used are refused on one line: outputs that cannot be written, folders for files, empty paths."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.door_support import N30, one_line


@pytest.fixture
def here(cli, tmp_path, monkeypatch):
    """A working folder holding a session `s.db`, a file `f` and a folder `d`."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", N30, "--db", "s.db", "--seed", 2).code == 0
    (tmp_path / "f").write_text("not a folder")
    (tmp_path / "d").mkdir()
    return tmp_path


@pytest.mark.parametrize("args, message", [
    (["review", "s.db", "--out", "/proc/no/review.html"], "cannot write /proc/no/review.html: No such file or directory"),
    (["review", "s.db", "--out", "f/review.html"], "cannot write f/review.html"),
    (["review", "s.db", "--out", "d"], "d is a folder, not a file"),
    (["export", "s.db", "--out", "f"], "f is a file, not a folder"),
    (["export", "s.db", "--out", "/proc/no"], "cannot write /proc/no"),
    (["brief", "s.db", "--all", "--out", "/proc/no"], "cannot create /proc/no"),
    (["apply", "s.db", "d"], "cannot read d"),
    (["apply", "d"], "no session database at d"),
    (["new", N30, "--db", ""], "empty path"),
    (["new", N30, "--db", "d"], "d is a folder"),
    (["new", N30, "--db", "/proc/no.db"], "cannot create /proc/no.db"),
    (["new", N30, "--db", "f/s.db"], "cannot create f/s.db: Not a directory"),
    (["branch", "s.db", "--turn", "1", "--db", ""], "empty path"),
    (["branch", "s.db", "--turn", "1", "--db", "/proc/no.db"], "cannot create /proc/no.db"),
    (["simulate", N30, "--save", "/proc/no.db"], "cannot create /proc/no.db"),
    (["apply", ""], "empty path"),
    (["review", "s.db", "--out", ""], "empty path"),
    (["brief", "s.db", "--all", "--out", ""], "empty path"),
])
def test_unusable_paths_are_refused_and_nothing_is_left_behind(cli, here, args, message):
    before = sorted(p.name for p in here.rglob("*"))
    line = one_line(cli(*args))
    assert message in line, line
    assert sorted(p.name for p in here.rglob("*")) == before


@pytest.mark.parametrize("path, message", [
    ("bad.db", "bad.db is not a referee session database"), ("f", "f is not a referee session database"),
    ("d", "no session database at d"), ("", "empty path"),
])
def test_play_refuses_a_corrupt_session_before_the_dashboard_starts(here, path, message):
    (here / "bad.db").write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    done = subprocess.run([sys.executable, "-m", "referee", "play", path], cwd=here, capture_output=True,
                          text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr


def test_writable_outputs_still_work(cli, here):
    assert cli("review", "s.db", "--out", "out/review.html").code == 0
    assert cli("export", "s.db", "--out", "d").code == 0 and (here / "d" / "events.csv").is_file()
    assert cli("new", N30, "--db", "more/t.db").code == 0 and (here / "more" / "t.db").is_file()
