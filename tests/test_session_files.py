"""Session files half-written or hard to reach: a killed branch, a locked or read-only database."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from referee.session import Session
from referee.store import reading
from referee.store.reading import open_reader
from tests.examples import OPENING


@pytest.fixture
def played(tmp_path) -> Path:
    path = tmp_path / "s.db"
    session = Session.create(path, "n30/lock-down-hold-fast", {}, seed=5)
    for command in OPENING:
        session.apply(command)
    session.close()
    return path


def count_commands(path: Path) -> int:
    reader = open_reader(path)
    try:
        assert reader.chain_problem() is None
        return len(reader.commands())
    finally:
        reader.close()


def test_a_branch_killed_at_any_moment_leaves_nothing_or_a_whole_session(played, tmp_path):
    rnd = random.Random(11)
    whole = count_commands(played)
    outcomes = set()
    for trial in range(10):
        target = tmp_path / f"branch-{trial}.db"
        writer = subprocess.Popen([sys.executable, "-m", "referee", "branch", str(played), "--turn", "2", "--db", str(target)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rnd.uniform(0.2, 0.9))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        if target.exists():
            assert 1 < count_commands(target) <= whole
            outcomes.add("whole")
        else:
            outcomes.add("nothing")
    assert {p.name for p in tmp_path.iterdir() if p.name.startswith("branch-")} <= {f"branch-{n}.db" for n in range(10)}
    assert "whole" in outcomes or "nothing" in outcomes


@pytest.fixture
def locked(played, monkeypatch):
    """The session's database with another program holding its write lock; waits are short."""
    monkeypatch.setattr(reading, "BUSY_SECONDS", 0.3)
    holder = sqlite3.connect(played, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield played
    holder.rollback()
    holder.close()


def test_briefings_on_a_locked_database_write_no_sheet_and_record_nothing(locked, tmp_path, cli):
    out = tmp_path / "sheets"
    run = cli("brief", locked, "--all", "--out", out)
    assert run.code == 2 and run.err.count("\n") == 1 and "is locked by another program" in run.err
    assert not out.exists() or list(out.iterdir()) == []
    reader = open_reader(locked)
    try:
        assert reader.briefings() == []
    finally:
        reader.close()


def test_a_command_on_a_locked_database_is_one_line_and_changes_nothing(locked, cli):
    before = cli("log", locked, "--json").out
    run = cli("apply", locked, stdin='{"do": "end-phase"}\n')
    assert run.code == 2 and run.err.count("\n") == 1 and "is locked by another program" in run.err
    assert cli("log", locked, "--json").out == before


def test_a_locked_database_is_readable_and_never_called_not_a_session(played, monkeypatch, cli):
    monkeypatch.setattr(reading, "BUSY_SECONDS", 0.3)
    holder = sqlite3.connect(played, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("SELECT count(*) FROM event").fetchall()
    try:
        run = cli("state", played)
        assert run.code == 2 and "is locked by another program" in run.err and "not a referee session" not in run.err
    finally:
        holder.close()


def as_another_user(*args: str) -> list[str]:
    """The command run by an unprivileged user, so that file permissions hold (root ignores them)."""
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *args] if os.geteuid() == 0 else list(args)


def test_a_read_only_session_can_be_read_and_refuses_changes_in_one_line(played):
    folder = Path(tempfile.mkdtemp())
    try:
        copy = folder / "s.db"
        shutil.copy(played, copy)
        copy.chmod(0o444)
        folder.chmod(0o555)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(folder)}

        def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
            return subprocess.run(as_another_user(sys.executable, "-m", "referee", *args), input=stdin, text=True,
                                  capture_output=True, env=env, cwd=folder, timeout=60)

        state = run("state", str(copy), "--json")
        assert state.returncode == 0, state.stderr
        assert run("log", str(copy)).returncode == 0
        assert run("view", str(copy), "--player", "police").returncode == 0
        refused = run("apply", str(copy), stdin='{"do": "end-phase"}\n')
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1
        assert "read-only" in refused.stderr or "not writable" in refused.stderr, refused.stderr
        assert run("state", str(copy), "--json").stdout == state.stdout
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
