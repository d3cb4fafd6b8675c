"""The habits of a well-kept project: one version, a licence in the wheel, no binaries in the
repository, and exit codes that tell bad input (2) from a bug (1)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import referee
from referee import cli as cli_module

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_written_once_and_shown_by_version(cli):
    assert cli("--version").out.strip() == f"referee {referee.__version__}"
    assert not [line for line in (ROOT / "pyproject.toml").read_text().splitlines() if line.startswith("version")]


def test_the_wheel_ships_the_licence(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(tmp_path)],
                   check=True, capture_output=True, env={**os.environ, "REFEREE_COMPILE": "0"})  # pure: quick
    wheel = next(tmp_path.glob("referee-*.whl"))
    assert wheel.name.startswith(f"referee-{referee.__version__}-")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


def test_the_repository_holds_no_binary_file():
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        pytest.fail("the tests run from a git checkout, which lists the repository's files")
    for name in filter(None, listed.stdout.decode().split("\0")):
        path = ROOT / name
        if path.is_file():
            assert b"\0" not in path.read_bytes()[:65536], f"{name} is a binary file"


def test_a_bug_exits_1_with_one_line_saying_so_and_debug_shows_the_traceback(cli, monkeypatch):
    def broken(args):
        raise KeyError("nowhere")

    monkeypatch.setattr(cli_module, "cmd_scenarios", broken)
    run = cli("scenarios")
    assert run.code == 1 and run.err.count("\n") == 1
    assert "a bug in referee" in run.err and "--debug" in run.err and "REFEREE_DEBUG=1" in run.err
    with pytest.raises(KeyError):
        cli("--debug", "scenarios")


def test_bad_input_still_exits_2(cli):
    assert cli("state", "/nowhere/s.db").code == 2
