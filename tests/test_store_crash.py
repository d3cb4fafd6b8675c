"""A session survives its process being killed: every acknowledged command is in the log, whole."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

from referee.store.location import Location
from referee.store.repository import SessionStore

SOURCES = {"scenario": {"id": "n30/lock-down-hold-fast"}}

WRITER = Path(__file__).with_name("store_writer.py")
ROOT = Path(__file__).resolve().parents[1]


def run_writer_and_kill(path: Location, rnd: random.Random) -> set[int]:
    """Run a writer, SIGKILL it at a random moment after some acknowledgements; return every id it acknowledged."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, str(WRITER), path]
    writer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = []
    for _ in range(rnd.randint(1, 200)):
        line = writer.stdout.readline()
        assert line, writer.communicate()[1]
        lines.append(line)
    time.sleep(rnd.random() * 0.01)
    writer.kill()
    rest, _ = writer.communicate()
    lines += rest.splitlines(keepends=True)
    return {int(line.split()[1]) for line in lines if line.endswith("\n")}


def test_acknowledged_commands_survive_sigkill(session_at: Location):
    """On each backend: a SQLite file, a PostgreSQL database."""
    path = session_at
    SessionStore.create(path, "n30/lock-down-hold-fast", {}, 1, SOURCES).close()
    rnd = random.Random(30)
    acknowledged: set[int] = set()
    for _ in range(5):
        acknowledged |= run_writer_and_kill(path, rnd)
        with SessionStore.open(path) as store:
            commands = store.commands()
            events = store.log()
        assert acknowledged <= {command.id for command in commands}
        for command in commands:
            n = command.body["n"]
            expected = [{"n": n, "i": i} for i in range(1 + n % 3)]
            assert [e.data for e in events if e.command_id == command.id] == expected
        assert [e.seq for e in events] == sorted(e.seq for e in events)
