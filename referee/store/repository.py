"""The session repository: one database per session, whose event log is the truth."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from sqlalchemy import Connection, Engine, Row, delete, insert, inspect, select
from sqlalchemy.exc import DatabaseError
from sqlmodel import SQLModel

from referee.errors import RefereeError
from referee.store.engine import integrity_problem, make_engine
from referee.store.models import FORMAT, BriefingRow, CommandRow, EventRow, SessionRow, SnapshotRow

KINDS = ("play", "undo", "redo")
"""The kinds of command: a play, or an undo or redo of an earlier play."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """What a session was created with."""

    scenario: str
    options: dict[str, Any]
    seed: int
    created: str


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


class _Unusable(Exception):
    """Why a readable database is not a usable session."""


def _session_row(conn: Connection) -> Row:
    """The session row, once the database is found sound and complete."""
    problem = integrity_problem(conn)
    if problem:
        raise _Unusable(problem)
    missing = set(SQLModel.metadata.tables) - set(inspect(conn).get_table_names())
    if missing:
        raise _Unusable(f"missing tables: {', '.join(sorted(missing))}")
    row = conn.execute(select(SessionRow.__table__)).first()
    if row is None:
        raise _Unusable("no session row")
    return row


class SessionStore:
    """A session database: its settings, command log, events, snapshots and briefings."""

    def __init__(self, engine: Engine, path: Path, session_id: int, info: SessionInfo):
        self._engine = engine
        self._session_id = session_id
        self.path = path
        self.info = info

    @classmethod
    def create(cls, path: Path, scenario: str, options: dict[str, Any], seed: int) -> SessionStore:
        """Create the database of a new session at `path`, which must not exist yet."""
        if path.exists():
            raise RefereeError(f"{path} already exists")
        info = SessionInfo(scenario, dict(options), seed, _now())
        row = {
            "scenario": scenario,
            "options": _dump(options),
            "seed": seed,
            "created": info.created,
            "format": FORMAT,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = make_engine(path, new=True)
        try:
            with engine.begin() as conn:
                SQLModel.metadata.create_all(conn)
                session_id = conn.execute(insert(SessionRow).values(row)).inserted_primary_key[0]
        except BaseException:
            engine.dispose()
            path.unlink(missing_ok=True)
            raise
        return cls(engine, path, session_id, info)

    @classmethod
    def open(cls, path: Path) -> SessionStore:
        """Open the database of an existing session; RefereeError says what is wrong with it."""
        if not path.is_file():
            raise RefereeError(f"no session database at {path}")
        engine = make_engine(path)
        try:
            with engine.connect() as conn:
                row = _session_row(conn)
        except (DatabaseError, _Unusable) as exc:
            engine.dispose()
            reason = exc.orig if isinstance(exc, DatabaseError) else exc
            raise RefereeError(f"{path} is not a referee session database ({reason})") from exc
        if row.format > FORMAT:
            engine.dispose()
            raise RefereeError(f"{path} was written by a newer referee (format {row.format})")
        info = SessionInfo(row.scenario, json.loads(row.options), row.seed, row.created)
        return cls(engine, path, row.id, info)

    def close(self) -> None:
        """Close the database."""
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
            "session_id": self._session_id,
            "body": _dump(command),
            "created": _now(),
            "dice_drawn": dice_drawn,
            "kind": kind,
        }
        with self._engine.begin() as conn:
            command_id = conn.execute(insert(CommandRow).values(command_row)).inserted_primary_key[0]
            rows = [
                {
                    "command_id": command_id,
                    "turn": event["turn"],
                    "phase": event["phase"],
                    "kind": event["kind"],
                    "data": _dump(event["data"]),
                    "dice": _dump(event["dice"]),
                }
                for event in events
            ]
            returning = insert(EventRow).returning(EventRow.seq, sort_by_parameter_order=True)
            seqs = list(conn.scalars(returning, rows)) if rows else []
        return command_id, seqs

    def commands(self) -> list[CommandRecord]:
        """Every command in order, undone ones included."""
        query = select(CommandRow.id, CommandRow.body, CommandRow.kind, CommandRow.dice_drawn)
        with self._engine.connect() as conn:
            rows = conn.execute(query.order_by(CommandRow.id))
            return [CommandRecord(row.id, json.loads(row.body), row.kind, row.dice_drawn) for row in rows]

    def events(self, command_ids: set[int] | None = None, after_command: int = 0) -> list[EventRecord]:
        """The events in log order: of `command_ids` only if given, and of commands after `after_command`."""
        query = select(EventRow.__table__).where(EventRow.command_id > after_command).order_by(EventRow.seq)
        with self._engine.connect() as conn:
            return [
                EventRecord(**{**row._mapping, "data": json.loads(row.data), "dice": json.loads(row.dice)})
                for row in conn.execute(query)
                if command_ids is None or row.command_id in command_ids
            ]

    def log(self) -> list[EventRecord]:
        """The whole event log in order."""
        return self.events()

    def _stacks(self) -> tuple[list[int], list[int]]:
        """The played commands that count (the undo stack) and the undone ones (the redo stack)."""
        marks = select(EventRow.command_id, EventRow.data).where(EventRow.kind.in_(("undone", "redone")))
        with self._engine.connect() as conn:
            kinds = conn.execute(select(CommandRow.id, CommandRow.kind).order_by(CommandRow.id)).all()
            target = {command_id: json.loads(data)["command"] for command_id, data in conn.execute(marks)}
        done: list[int] = []
        undone: list[int] = []
        for command_id, kind in kinds:
            if kind == "play":
                done.append(command_id)
                undone.clear()
            elif command_id in target:
                source, dest = (done, undone) if kind == "undo" else (undone, done)
                source.remove(target[command_id])
                dest.append(target[command_id])
        return done, undone

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
        query = select(CommandRow.dice_drawn).order_by(CommandRow.id.desc()).limit(1)
        with self._engine.connect() as conn:
            return conn.scalar(query) or 0

    def save_snapshot(self, command_id: int, state: dict[str, Any]) -> None:
        """Keep the state after a command, replacing any snapshot already kept for it."""
        row = {"command_id": command_id, "state": _dump(state), "created": _now()}
        with self._engine.begin() as conn:
            conn.execute(delete(SnapshotRow).where(SnapshotRow.command_id == command_id))
            conn.execute(insert(SnapshotRow).values(row))

    def latest_snapshot(self, effective: list[int]) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot taken after one of the `effective` commands, as (command id, state)."""
        wanted = set(effective)
        with self._engine.connect() as conn:
            ids = conn.scalars(select(SnapshotRow.command_id).order_by(SnapshotRow.command_id.desc())).all()
            command_id = next((command_id for command_id in ids if command_id in wanted), None)
            if command_id is None:
                return None
            state = conn.scalar(select(SnapshotRow.state).where(SnapshotRow.command_id == command_id))
        return command_id, json.loads(state)

    def record_briefing(self, player: str, turn: int, sha256: str, format: str, lang: str) -> int:
        """Note that a briefing was handed to a player; return its id."""
        row = {"player": player, "turn": turn, "sha256": sha256, "format": format, "lang": lang, "created": _now()}
        with self._engine.begin() as conn:
            return conn.execute(insert(BriefingRow).values(row)).inserted_primary_key[0]

    def briefings(self) -> list[BriefingRecord]:
        """Every briefing handed out, in order."""
        with self._engine.connect() as conn:
            rows = conn.execute(select(BriefingRow.__table__).order_by(BriefingRow.id))
            return [BriefingRecord(**row._mapping) for row in rows]
