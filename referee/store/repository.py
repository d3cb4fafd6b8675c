"""The session repository: one database per session, whose event log is the truth.

Writes go through SQLModel; reads through `reading.LogReader` on the same database.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from sqlalchemy import Engine, delete, insert
from sqlalchemy.exc import DatabaseError
from sqlmodel import SQLModel

from referee.errors import RefereeError
from referee.store.engine import make_engine
from referee.store.models import BriefingRow, CommandRow, EventRow, SessionRow, SnapshotRow
from referee.store.reading import FORMAT, SESSION_ID, LogReader, verified

KINDS = ("play", "undo", "redo")
"""The kinds of command: a play, or an undo or redo of an earlier play."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SessionStore(LogReader):
    """A session database open for writing: its settings, command log, events, snapshots and briefings."""

    def __init__(self, engine: Engine, path: Path):
        self._engine, self.path, self._raw = engine, path, None
        try:
            self._raw = engine.raw_connection()
            connection = self._raw.driver_connection
            verified(path, connection, lambda: LogReader.__init__(self, connection))
        except BaseException:
            self.close()
            raise

    @classmethod
    def create(cls, path: Path, scenario: str, options: dict[str, Any], seed: int, sources: dict[str, Any]) -> SessionStore:
        """Create the database of a new session at `path`, which must not exist yet."""
        if path.exists():
            raise RefereeError(f"{path} already exists")
        row = {
            "id": SESSION_ID, "scenario": scenario, "options": _dump(options), "seed": seed, "created": _now(),
            "sources": _dump(sources), "format": FORMAT,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = make_engine(path, new=True)
        try:
            with engine.begin() as conn:
                SQLModel.metadata.create_all(conn)
                conn.execute(insert(SessionRow).values(row))
        except BaseException:
            engine.dispose()
            path.unlink(missing_ok=True)
            raise
        return cls(engine, path)

    @classmethod
    def open(cls, path: Path) -> SessionStore:
        """Open the database of an existing session; RefereeError says what is wrong with it."""
        if not path.is_file():
            raise RefereeError(f"no session database at {path}")
        engine = make_engine(path)
        try:
            return cls(engine, path)
        except (DatabaseError, sqlite3.DatabaseError) as error:
            reason = getattr(error, "orig", error)
            raise RefereeError(f"{path} is not a referee session database ({reason})") from None

    def close(self) -> None:
        """Close the database."""
        if self._raw is not None:
            self._raw.close()
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def record(
        self, command: dict[str, Any], kind: str, events: list[dict[str, Any]], dice_drawn: int
    ) -> tuple[int, list[int]]:
        """Store a command and its events in one transaction; return (command id, event seqs) after commit."""
        if kind not in KINDS:
            raise ValueError(f"command kind {kind!r} is not one of {KINDS}")
        command_row = {
            "session_id": SESSION_ID, "body": _dump(command), "created": _now(),
            "dice_drawn": dice_drawn, "kind": kind,
        }
        with self._engine.begin() as conn:
            command_id = conn.execute(insert(CommandRow).values(command_row)).inserted_primary_key[0]
            rows = [
                {
                    "command_id": command_id, "turn": event["turn"], "phase": event["phase"], "kind": event["kind"],
                    "data": _dump(event["data"]), "dice": _dump(event["dice"]),
                }
                for event in events
            ]
            returning = insert(EventRow).returning(EventRow.seq, sort_by_parameter_order=True)
            seqs = list(conn.scalars(returning, rows)) if rows else []
        return command_id, seqs

    def save_snapshot(self, command_id: int, state: dict[str, Any]) -> None:
        """Keep the state after a command, replacing any snapshot already kept for it."""
        row = {"command_id": command_id, "state": _dump(state), "created": _now()}
        with self._engine.begin() as conn:
            conn.execute(delete(SnapshotRow).where(SnapshotRow.command_id == command_id))
            conn.execute(insert(SnapshotRow).values(row))

    def record_briefing(self, player: str, turn: int, sha256: str, format: str, lang: str) -> int:
        """Note that a briefing was handed to a player; return its id."""
        row = {"player": player, "turn": turn, "sha256": sha256, "format": format, "lang": lang, "created": _now()}
        with self._engine.begin() as conn:
            return conn.execute(insert(BriefingRow).values(row)).inserted_primary_key[0]
