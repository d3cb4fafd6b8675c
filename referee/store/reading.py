"""Reading a session database through the plain DB-API, so that read-only commands start fast.

The queries are plain, portable SQL; writing goes through SQLModel in `repository.py`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar
from urllib.parse import quote

from referee.errors import RefereeError

FORMAT = 1
"""The schema version written into every new session."""
TABLES = ("session", "command", "event", "snapshot", "briefing")
SESSION_ID = 1
"""Each database holds one session, this row of the session table."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """What a session was created with, its scenario's data included."""

    scenario: str
    options: dict[str, Any]
    seed: int
    created: str
    sources: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """A stored umpire command."""

    id: int
    body: dict[str, Any]
    kind: str
    dice_drawn: int


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A stored event, with its place in the log and the command that caused it."""

    seq: int
    command_id: int
    turn: int
    phase: str
    kind: str
    data: dict[str, Any]
    dice: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class BriefingRecord:
    """A briefing handed out."""

    id: int
    player: str
    turn: int
    sha256: str
    format: str
    lang: str
    created: str


class Unusable(Exception):
    """Why a readable database is not a usable session."""


class NewerFormat(Unusable):
    """A session written by a newer version of referee."""


def undo_stacks(commands: list[tuple[int, str]], targets: dict[int, int]) -> tuple[list[int], list[int]]:
    """The played commands that count (the undo stack) and the undone ones (the redo stack)."""
    done: list[int] = []
    undone: list[int] = []
    for command_id, kind in commands:
        if kind == "play":
            done.append(command_id)
            undone.clear()
        elif command_id in targets:
            source, dest = (done, undone) if kind == "undo" else (undone, done)
            source.remove(targets[command_id])
            dest.append(targets[command_id])
    return done, undone


class LogReader:
    """Reads a session's settings, commands, events, snapshots and briefings from a DB-API connection."""

    def __init__(self, connection: Any):
        self._db = connection
        row = self._one("SELECT scenario, options, seed, created, sources, format FROM session ORDER BY id")
        if row is None:
            raise Unusable("no session row")
        if row[5] > FORMAT:
            raise NewerFormat(f"format {row[5]}")
        self.info = SessionInfo(row[0], json.loads(row[1]), row[2], row[3], json.loads(row[4]))

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def _all(self, sql: str) -> list[tuple]:
        cursor = self._db.cursor()
        try:
            cursor.execute(sql)
            return cursor.fetchall()
        finally:
            cursor.close()

    def _one(self, sql: str) -> tuple | None:
        rows = self._all(sql)
        return rows[0] if rows else None

    def commands(self) -> list[CommandRecord]:
        """Every command in order, undone ones included."""
        rows = self._all("SELECT id, body, kind, dice_drawn FROM command ORDER BY id")
        return [CommandRecord(i, json.loads(body), kind, drawn) for i, body, kind, drawn in rows]

    def events(self, command_ids: set[int] | None = None, after_command: int = 0) -> list[EventRecord]:
        """The events in log order: of `command_ids` only if given, and of commands after `after_command`."""
        rows = self._all(
            "SELECT seq, command_id, turn, phase, kind, data, dice FROM event "
            f"WHERE command_id > {int(after_command)} ORDER BY seq"
        )
        return [
            EventRecord(seq, command, turn, phase, kind, json.loads(data), json.loads(dice))
            for seq, command, turn, phase, kind, data, dice in rows
            if command_ids is None or command in command_ids
        ]

    def log(self) -> list[EventRecord]:
        """The whole event log in order."""
        return self.events()

    def _stacks(self) -> tuple[list[int], list[int]]:
        kinds = self._all("SELECT id, kind FROM command ORDER BY id")
        marks = self._all("SELECT command_id, data FROM event WHERE kind IN ('undone', 'redone')")
        return undo_stacks(kinds, {command: json.loads(data)["command"] for command, data in marks})

    def effective(self) -> list[int]:
        """The ids of the played commands that currently count, in order."""
        return self._stacks()[0]

    def undoable(self) -> int | None:
        """The command an undo would take back, if any."""
        done = self._stacks()[0]
        return done[-1] if done else None

    def redoable(self) -> int | None:
        """The command a redo would bring back, if any."""
        undone = self._stacks()[1]
        return undone[-1] if undone else None

    def dice_drawn(self) -> int:
        """The seeded-dice counter after the latest command (0 before any)."""
        row = self._one("SELECT dice_drawn FROM command ORDER BY id DESC LIMIT 1")
        return row[0] if row else 0

    def latest_snapshot(self, effective: list[int]) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot taken after one of the `effective` commands, as (command id, state)."""
        wanted = set(effective)
        ids = [row[0] for row in self._all("SELECT command_id FROM snapshot ORDER BY command_id DESC")]
        command_id = next((command_id for command_id in ids if command_id in wanted), None)
        if command_id is None:
            return None
        state = self._one(f"SELECT state FROM snapshot WHERE command_id = {int(command_id)}")[0]
        return command_id, json.loads(state)

    def briefings(self) -> list[BriefingRecord]:
        """Every briefing handed out, in order."""
        rows = self._all("SELECT id, player, turn, sha256, format, lang, created FROM briefing ORDER BY id")
        return [BriefingRecord(*row) for row in rows]


def integrity_problem(connection: Any) -> str | None:
    """The first problem SQLite's quick check finds in the database file, on one line, or None."""
    cursor = connection.cursor()
    try:
        result = cursor.execute("PRAGMA quick_check(1)").fetchone()[0]
        names = {row[0] for row in cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        cursor.close()
    if result != "ok":
        return "; ".join(line for line in result.splitlines() if not line.startswith("*** in database"))
    missing = sorted(set(TABLES) - names)
    return f"missing tables: {', '.join(missing)}" if missing else None


def verified(path: Path, connection: Any, build: Callable[[], T]) -> T:
    """`build()` a reader once the file is found a sound, complete session database; else a RefereeError."""
    try:
        problem = integrity_problem(connection)
        if problem:
            raise Unusable(problem)
        return build()
    except NewerFormat as error:
        raise RefereeError(f"{path} was written by a newer referee ({error})") from None
    except (sqlite3.DatabaseError, Unusable) as error:
        raise RefereeError(f"{path} is not a referee session database ({error})") from None


def open_reader(path: Path) -> LogReader:
    """Open a session database for reading, without SQLAlchemy; RefereeError says what is wrong.

    The file is opened read-write (never created) so that SQLite tidies its WAL files on close.
    """
    if not path.is_file():
        raise RefereeError(f"no session database at {path}")
    connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=rw", uri=True, isolation_level=None)
    try:
        return verified(path, connection, lambda: LogReader(connection))
    except RefereeError:
        connection.close()
        raise
