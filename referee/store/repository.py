"""The session repository: one database per session (a SQLite file or a PostgreSQL database), whose event log
is the truth.

Writes go through SQLModel; reads through `reading.LogReader` on the same database.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, inspect, select, text, update
from sqlalchemy.exc import DatabaseError, IntegrityError
from sqlmodel import SQLModel, col

from referee.errors import Decided, RefereeError, Stale, Withdrawn
from referee.store.engine import make_engine
from referee.store.location import DatabaseUrl, Location
from referee.store.models import (
    BriefingRow,
    CommandRow,
    EventRow,
    MessageRow,
    PlayerLinkRow,
    ServingRow,
    SessionRow,
    SnapshotRow,
)
from referee.store.postgres import CHANNEL
from referee.store.reading import (
    COPIED,
    FORMAT,
    GENESIS,
    ROLES,
    SESSION_ID,
    LogReader,
    MessageRecord,
    command_link,
    database_problem,
    event_link,
    is_driver_error,
    link,
    message_link,
    roles_of,
    verified,
)
from referee.store.seal import Key, load_key

KINDS = ("play", "undo", "redo", ROLES)
"""The kinds of command: a play, an undo or redo of an earlier play, or a change of the umpires' roles."""
NEW = 0
"""The `standing` of a player's order he sets as a standing order: it is made its own number when kept."""

# The statements of `record`, built once: building them costs more than running them.
_HOLD = update(SessionRow).where(col(SessionRow.id) == SESSION_ID).values(head=SessionRow.head)
_HOLD_AT = _HOLD.where(col(SessionRow.head) == bindparam("expect"))
_TAKE = tuple(hold.returning(col(SessionRow.head), select(func.max(CommandRow.id)).scalar_subquery(),
                             select(func.max(EventRow.seq)).scalar_subquery()) for hold in (_HOLD, _HOLD_AT))
"""Hold the session's row (on the head expected, the second) and read the log's end, in one round trip."""
_SET_HEAD = update(SessionRow).where(col(SessionRow.id) == SESSION_ID).values(head=bindparam("new_head"))
_SET_HEAD_NOTIFY = text(f"UPDATE session SET head = :new_head FROM (SELECT pg_notify('{CHANNEL}', '')) AS told "
                        f"WHERE session.id = {SESSION_ID}")  # PostgreSQL: the dashboards listening are told at commit


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SessionStore(LogReader):
    """A session database open for writing: its settings, command log, events, snapshots and briefings.

    Every command is chained by hash to the log before it, and committed only on the head it was
    decided on (`record(..., expect=head)`), whoever else writes the database.
    """

    def __init__(self, engine: Engine, path: Location, held: Connection | None = None):
        """A store on `engine`'s database; with `held`, every read and write goes through that connection's
        open transaction (a PostgreSQL session being created), which the caller commits."""
        self._engine, self.path, self._raw, self._held = engine, path, None, held
        try:
            if held is None:
                self._raw = engine.raw_connection()
                connection: Any = self._raw.driver_connection
                if isinstance(path, DatabaseUrl):
                    connection.autocommit = True  # each read sees what is committed when it runs
            else:
                connection = held.connection.driver_connection
            verified(path, connection, lambda: LogReader.__init__(self, connection, path))
            self.key = load_key()
            """The umpire's key that seals each command and snapshot written here (None: none could be made)."""
            if self.format < FORMAT:
                self._upgrade()
            self.head = self.tip()[1]
            """The chain's hash after the latest command this store knows of."""
        except BaseException:
            self.close()
            raise

    @classmethod
    def create(cls, path: Location, scenario: str, options: dict[str, Any], seed: int, sources: dict[str, Any], *,
               nonce: str | None = None, reseeds: list[dict[str, Any]] | None = None,
               fill=None) -> SessionStore:
        """Create the database of a new session at `path`, which must not exist yet (a PostgreSQL database must
        exist, and hold no session).

        It is built under a temporary name, `fill(store)` records its opening commands, and only then is
        it moved into place (on PostgreSQL: all in one transaction): a crash never leaves a partial session.
        """
        row = {
            "id": SESSION_ID, "scenario": scenario, "options": _dump(options), "seed": str(seed), "created": _now(),
            "sources": _dump(sources), "format": FORMAT, "nonce": nonce, "reseeds": _dump(reseeds or []),
        }
        return cls._build(path, row, fill)

    @classmethod
    def copy(cls, source: LogReader, path: Location) -> int:
        """Copy a session into a new database at `path` (either backend), row for row: its chain of hashes,
        its stamps, snapshots, briefings and messages as they stand. The copy appears only once complete and
        found intact, messages included. Returns the number of commands copied."""
        if source.format < FORMAT:
            raise RefereeError(f"{source.path} was made by an earlier referee: apply a command to it first, "
                               "which brings it up to date")
        source.intact(messages=True)
        rows = {table: source.table_rows(table) for table in COPIED}
        (session,) = rows["session"]
        for row in rows["briefing"] + rows["player_link"] + rows["serving"]:
            del row["id"]  # numbered again in order, by the new database's own counter (a message's is chained)

        def fill(store: SessionStore) -> None:
            with store._writing() as conn:
                for model in (CommandRow, EventRow, SnapshotRow, BriefingRow, PlayerLinkRow, ServingRow, MessageRow):
                    if rows[model.__tablename__]:
                        conn.execute(insert(model), rows[model.__tablename__])
                conn.execute(update(SessionRow).values(head=session["head"]))
            store.intact(messages=True)

        cls._build(path, session, fill).close()
        return len(rows["command"])

    @classmethod
    def _build(cls, path: Location, row: dict[str, Any], fill) -> SessionStore:
        """Lay out a session of this row at `path`, `fill(store)` it, and open it once it is in place."""
        if isinstance(path, DatabaseUrl):
            cls._create_in(path, row, fill)
            return cls.open(path)
        if path.exists():
            raise RefereeError(f"{path} already exists")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RefereeError(f"cannot create {path.parent}: {error.strerror}") from None
        part = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")
        engine = make_engine(part, new=True)
        try:
            with engine.begin() as conn:
                _lay_out(conn, row)
            store = cls(engine, part)
            try:
                if fill is not None:
                    fill(store)
            finally:
                store.close()
            _publish(part, path)
        finally:
            engine.dispose()
            for leftover in (part, part.with_name(part.name + "-wal"), part.with_name(part.name + "-shm")):
                leftover.unlink(missing_ok=True)
        return cls.open(path)

    @classmethod
    def _create_in(cls, url: DatabaseUrl, row: dict[str, Any], fill) -> None:
        """Lay out a new session in an existing PostgreSQL database and fill it, in one transaction."""
        engine = make_engine(url)
        try:
            with engine.connect() as conn, conn.begin():
                taken = sorted(set(inspect(conn).get_table_names()) & {table.name for table in SQLModel.metadata.sorted_tables})
                if taken:
                    raise RefereeError(f"{url} already holds a session" if "session" in taken else
                                       f"{url} already holds tables named like a session's ({', '.join(taken)})")
                _lay_out(conn, row)
                if fill is not None:
                    fill(cls(engine, url, held=conn))
        except IntegrityError:  # another umpire created a session there first
            raise RefereeError(f"{url} already holds a session") from None
        except DatabaseError as error:
            raise database_problem(url, error.orig) from None
        finally:
            engine.dispose()

    @classmethod
    def open(cls, path: Location) -> SessionStore:
        """Open the database of an existing session; RefereeError says what is wrong with it."""
        if not isinstance(path, DatabaseUrl) and not path.is_file():
            raise RefereeError(f"no session database at {path}")
        engine = make_engine(path)
        try:
            return cls(engine, path)
        except Exception as error:
            if not isinstance(error, DatabaseError) and not is_driver_error(error):
                raise
            raise database_problem(path, getattr(error, "orig", error)) from None

    def close(self) -> None:
        """Close the database (a held connection is its owner's to close)."""
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction (or the held one); a lock held elsewhere past the wait, a read-only file, or
        a server gone is one clear line."""
        if self._held is not None:
            yield self._held
            return
        try:
            with self._engine.begin() as conn:
                yield conn
        except DatabaseError as error:
            if isinstance(error, IntegrityError):
                raise
            raise database_problem(self.path, error.orig) from None

    def record(
        self, command: dict[str, Any], kind: str, events: list[dict[str, Any]], dice_drawn: int, *,
        expect: str | None = None, snapshot: dict[str, Any] | None = None, umpire: str | None = None,
        carries: Carried | None = None,
    ) -> tuple[int, list[int]]:
        """Store a command and its events in one transaction, chained to the log; return (command id, event
        seqs) after commit. With `expect`, refuse (Stale) unless the log's head is still that hash; with
        `snapshot`, keep that state as the state after the command; `umpire` is who issued it; `carries`, the
        player's order it carries out, answered in his thread in the same transaction (Decided where another
        umpire's answer came first)."""
        if kind not in KINDS:
            raise ValueError(f"command kind {kind!r} is not one of {KINDS}")
        return self.record_all([Step(command, events, dice_drawn, carries)], kind, expect=expect, snapshot=snapshot,
                               umpire=umpire)[0]

    def record_all(self, steps: list[Step], kind: str = "play", *, expect: str | None = None,
                   snapshot: dict[str, Any] | None = None, umpire: str | None = None) -> list[tuple[int, list[int]]]:
        """Store several commands, each with its events (and the order it carries out), in one transaction, as
        `record` stores one: whoever reads the session sees none of them or all. `snapshot` is the state after
        the last. Returns (command id, event seqs) of each."""
        recorded = []
        with self._writing() as conn:
            taken = conn.execute(_TAKE[expect is not None], {"expect": expect}).one_or_none()
            if taken is None:
                raise Stale("the session changed while this command was being decided")
            head, last_command, last_seq = taken
            seen = conn.execute(select(func.max(col(MessageRow.id)))).scalar() or 0  # before these steps' answers
            for number, step in enumerate(steps, start=1):
                command_id, seqs, head = _append(conn, (head, last_command, last_seq), self.key, step.command, kind,
                                                 step.events, step.dice_drawn, umpire,
                                                 snapshot=snapshot if number == len(steps) else None)
                last_command, last_seq = command_id, seqs[-1] if seqs else last_seq
                if step.carries is not None:
                    _carry(conn, self.path, step.carries, umpire, command_id, seen)
                recorded.append((command_id, seqs))
            self._set_head(conn, head)
        self.head = head
        return recorded

    def _set_head(self, conn: Connection, head: str) -> None:
        """Move the session's head to the chain's new end (on PostgreSQL, telling the dashboards listening)."""
        conn.execute(_SET_HEAD_NOTIFY if isinstance(self.path, DatabaseUrl) else _SET_HEAD, {"new_head": head})

    def change_umpires(self, roles: dict[str, str], by: str | None, problem: Callable[[dict[str, str]], str | None]) -> None:
        """Record that each named umpire may now do what his role says ("": nothing), unless `problem(the roles
        as they stand)` says why not: the check and the change are one transaction, whoever else writes. The
        change is a command of the chain (kind ROLES): it moves the head, so that no command decided under
        the roles before it commits after it."""
        with self._writing() as conn:
            conn.execute(_HOLD)  # one change of roles (or command) at a time
            bodies = conn.execute(select(col(CommandRow.body)).where(col(CommandRow.kind) == ROLES).order_by(col(CommandRow.id)))
            refused = problem(roles_of(pair for body in bodies.scalars() for pair in json.loads(body)["roles"].items()))
            if refused:
                raise RefereeError(refused)
            head = _append_roles(conn, self.key, roles, by)
            self._set_head(conn, head)
        self.head = head

    def issue_links(self, players: list[str]) -> dict[str, str]:
        """A new live link for each of these players, any earlier one of his revoked, in one transaction: each a
        token of 128 random bits. Returns player -> token."""
        tokens = {player: secrets.token_hex(16) for player in players}
        with self._writing() as conn:
            self._revoke(conn, players)
            conn.execute(insert(PlayerLinkRow), [{"player": player, "token": token, "created": _now()}
                                                 for player, token in tokens.items()])
        return tokens

    def write_message(self, player: str, said: str, *, from_player: bool, umpire: str | None = None,
                      answers: int | None = None, token: str | None = None, command: dict[str, Any] | None = None,
                      deciding: bool = False, standing: int | None = None) -> int:
        """Keep a message (`said`) of `player`'s thread, chained after the last; returns its number. Given the
        `token` of the player's live link it came through, only while that link is his and not withdrawn (checked
        in the same transaction). `command` makes a player's message an order; `deciding`, the umpire's answer
        to an order returns it, refused (Decided) where another umpire's answer came first; `standing` is the
        standing order it belongs to (NEW: the order itself is one). On PostgreSQL the dashboards and pages
        listening are told at commit."""
        with self._writing() as conn:
            conn.execute(_HOLD)  # one message (or command) at a time: the chain has one end
            if token is not None and conn.execute(
                    select(col(PlayerLinkRow.player)).where(col(PlayerLinkRow.token) == token,
                                                            col(PlayerLinkRow.revoked).is_(None))).scalar() != player:
                raise Withdrawn("this link was withdrawn: ask the umpire for a new one")
            return _write_message(conn, self.path, player, said, from_player, umpire, answers, command,
                                  deciding=deciding, standing=standing)

    def serving_at(self, base: str) -> None:
        """Note where the players' pages are served from now on ("http://host:port")."""
        with self._writing() as conn:
            conn.execute(insert(ServingRow), [{"base": base, "started": _now()}])

    def revoke_links(self, players: list[str]) -> None:
        """These players' live links work no more."""
        with self._writing() as conn:
            self._revoke(conn, players)

    @staticmethod
    def _revoke(conn: Connection, players: list[str]) -> None:
        conn.execute(update(PlayerLinkRow).where(col(PlayerLinkRow.player).in_(players), col(PlayerLinkRow.revoked).is_(None))
                     .values(revoked=_now()))

    def save_snapshot(self, command_id: int, state: dict[str, Any]) -> None:
        """Keep the state after a command, bound to the chain's hash after it, replacing any kept before."""
        after = self.hash_after(command_id)
        if after is None:
            raise RefereeError(f"no command {command_id} to keep a snapshot after")
        if self.key is None:
            raise RefereeError("no umpire's key to seal a snapshot with (referee key)")
        with self._writing() as conn:
            conn.execute(delete(SnapshotRow).where(col(SnapshotRow.command_id) == command_id))
            conn.execute(insert(SnapshotRow).values(_snapshot_row(self.key, command_id, after, state)))

    def _upgrade(self) -> None:
        """Bring a session of an earlier format up to this one, trusting it as it stands: chain its log by hash
        and drop its snapshots, which are only a cache (format 2); give it the tables of the players' live links
        and the column of who issued each command (format 3), of the seals (format 4) and the messages' table
        (format 5), its orders (format 6) and standing orders (format 7). A format 3 session's changes of the
        umpires' roles become commands at the end of its chain, in order, with their times."""
        added = [PlayerLinkRow, ServingRow, MessageRow]
        with self._writing() as conn:
            SQLModel.metadata.create_all(conn, tables=[row.__table__ for row in added])  # type: ignore[attr-defined]
            if self.format < 3:
                conn.exec_driver_sql("ALTER TABLE command ADD COLUMN umpire TEXT")
            if self.format < 4:
                conn.exec_driver_sql("ALTER TABLE command ADD COLUMN seal TEXT")
            if self.format == 5:
                conn.exec_driver_sql("ALTER TABLE message ADD COLUMN command TEXT")
                conn.exec_driver_sql("ALTER TABLE message ADD COLUMN done INTEGER")
            if self.format in (5, 6):
                conn.exec_driver_sql("ALTER TABLE message ADD COLUMN standing INTEGER")
            if self.format < 2:
                self._chain(conn)
            if self.format == 3:
                self._chain_roles(conn)
            conn.execute(text("UPDATE session SET format = :format"), {"format": FORMAT})
        self.format = FORMAT

    def _chain_roles(self, conn: Connection) -> None:
        """Append a format 3 session's changes of roles to its chain as commands (those made at once, by one
        umpire, as one), and drop their table."""
        changes: list[tuple[tuple[str, str | None], dict[str, str]]] = []
        for name, role, created, by in conn.exec_driver_sql("SELECT name, role, created, by FROM umpire ORDER BY id"):
            if not changes or changes[-1][0] != (created, by) or name in changes[-1][1]:
                changes.append(((created, by), {}))
            changes[-1][1][name] = role
        for (created, by), roles in changes:
            self._set_head(conn, _append_roles(conn, self.key, roles, by, created))
        conn.exec_driver_sql("DROP TABLE umpire")

    @staticmethod
    def _chain(conn: Connection) -> None:
        """Chain a log made before the chain by hash, as it stands, and drop its snapshots."""
        columns = {"session": ("nonce TEXT", "reseeds TEXT NOT NULL DEFAULT '[]'", "head TEXT NOT NULL DEFAULT ''"),
                   "command": ("hash TEXT",), "event": ("hash TEXT",), "snapshot": ("chain TEXT", "digest TEXT")}
        for table, added in columns.items():
            for column in added:
                conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column}")
        conn.exec_driver_sql("DELETE FROM snapshot")
        head = _genesis(conn)
        events: dict[int, list[tuple]] = {}
        for row in conn.exec_driver_sql("SELECT seq, command_id, turn, phase, kind, data, dice FROM event ORDER BY seq"):
            events.setdefault(row[1], []).append(tuple(row))
        for command in list(conn.exec_driver_sql("SELECT id, kind, dice_drawn, body FROM command ORDER BY id")):
            head = command_link(head, tuple(command))
            conn.execute(text("UPDATE command SET hash = :hash WHERE id = :id"), {"hash": head, "id": command[0]})
            for event in events.get(command[0], ()):
                head = event_link(head, event)
                conn.execute(text("UPDATE event SET hash = :hash WHERE seq = :seq"), {"hash": head, "seq": event[0]})
        conn.execute(text("UPDATE session SET head = :head"), {"head": head})

    def record_briefings(self, sheets: list[tuple[str, int, str, str, str]]) -> None:
        """Note in one transaction that briefings (player, turn, sha256, format, lang) were handed out."""
        rows = [{"player": p, "turn": t, "sha256": h, "format": f, "lang": lang, "created": _now()}
                for p, t, h, f, lang in sheets]
        with self._writing() as conn:
            conn.execute(insert(BriefingRow), rows)


def _append(conn: Connection, taken: tuple[str, int | None, int | None], key: Key | None, command: dict[str, Any],
            kind: str, events: list[dict[str, Any]], dice_drawn: int, umpire: str | None, *,
            snapshot: dict[str, Any] | None = None, created: str | None = None) -> tuple[int, list[int], str]:
    """Insert a command and its events after the log's end `taken` (head, last command id, last event seq),
    chained and sealed; returns (command id, event seqs, the chain's new head). The caller holds the session."""
    head, last_command, last_seq = taken
    body, command_id, first = _dump(command), (last_command or 0) + 1, (last_seq or 0) + 1
    head = command_link(head, (command_id, kind, dice_drawn, body, umpire))
    row = {"id": command_id, "session_id": SESSION_ID, "body": body, "created": created or _now(),
           "dice_drawn": dice_drawn, "kind": kind, "hash": head, "umpire": umpire}
    values = []
    for seq, event in enumerate(events, start=first):
        data, dice = _dump(event["data"]), _dump(event["dice"])
        head = event_link(head, (seq, command_id, event["turn"], event["phase"], event["kind"], data, dice))
        values.append({"seq": seq, "command_id": command_id, "turn": event["turn"], "phase": event["phase"],
                       "kind": event["kind"], "data": data, "dice": dice, "hash": head})
    conn.execute(insert(CommandRow), [{**row, "seal": key.seal("c", command_id, head) if key else None}])
    if values:
        conn.execute(insert(EventRow), values)
    if snapshot is not None and key is not None:
        conn.execute(insert(SnapshotRow), [_snapshot_row(key, command_id, head, snapshot)])
    return command_id, [v["seq"] for v in values], head


def _append_roles(conn: Connection, key: Key | None, roles: dict[str, str], by: str | None,
                  created: str | None = None) -> str:
    """Append a change of the umpires' roles to the chain, as a command of its own; returns the new head."""
    taken = tuple(conn.execute(_TAKE[0]).one())
    drawn = conn.execute(select(col(CommandRow.dice_drawn)).order_by(col(CommandRow.id).desc()).limit(1)).scalar()
    return _append(conn, taken, key, {"do": "umpires", "roles": roles}, ROLES, [], drawn or 0, by, created=created)[2]


def _lay_out(conn: Connection, row: dict[str, Any]) -> None:
    """Create the session tables and its one row, the chain's head at its genesis."""
    SQLModel.metadata.create_all(conn)
    conn.execute(insert(SessionRow).values(row))
    conn.execute(update(SessionRow).values(head=_genesis(conn)))


def _genesis(conn: Connection) -> str:
    """The chain's first hash, of the session row as stored."""
    row = conn.exec_driver_sql("SELECT scenario, options, seed, nonce, reseeds, created, sources FROM session").one()
    return link(GENESIS, *row)


def _snapshot_row(key: Key, command_id: int, chain: str, state: dict[str, Any]) -> dict[str, Any]:
    text = _dump(state)
    return {"command_id": command_id, "state": text, "created": _now(), "chain": chain,
            "digest": key.seal("s", chain, text)}


def _publish(part: Path, path: Path) -> None:
    """Move a finished database into place, never over a file that appeared meanwhile."""
    try:
        os.link(part, path)
    except FileExistsError:
        raise RefereeError(f"{path} already exists") from None
    except OSError:  # a file system without hard links
        if path.exists():
            raise RefereeError(f"{path} already exists") from None
        os.replace(part, path)


@dataclass(frozen=True, slots=True)
class Step:
    """One command of those `record_all` stores at once: the command, its events, the dice drawn after it, and
    the player's order it carries out, if any."""

    command: dict[str, Any]
    events: list[dict[str, Any]]
    dice_drawn: int
    carries: Carried | None = None


@dataclass(frozen=True, slots=True)
class Carried:
    """A player's order a command carries out: whose, its number, the umpire's word to him, the command as carried
    out where the umpire amended it, and the standing order it repeats, if it is one's repeat."""

    player: str
    order: int
    said: str = ""
    amended: dict[str, Any] | None = None
    repeats: MessageRecord | None = None  # a standing order carried out again: its repeat is kept first, as the
    # player's order of this phase, where no message came after the one numbered `seen` (else Stale)
    seen: int = 0


def _carry(conn: Connection, path: Location, carries: Carried, umpire: str | None, command_id: int, seen: int) -> None:
    """Answer the order a command carries out (keeping first the repeat of a standing order, as the player's order
    of this phase, where the messages were still as it was decided on before this transaction: the latest was
    numbered `seen`); the caller holds the session."""
    order = carries.order
    if carries.repeats is not None:
        if seen != carries.seen:
            raise Stale("a message came while the standing order was being decided")
        standing = carries.repeats
        order = _write_message(conn, path, carries.player, standing.text, True, None, None, standing.command,
                               standing=standing.id)
    _write_message(conn, path, carries.player, carries.said, False, umpire, order, carries.amended, done=command_id,
                   deciding=True)


def _write_message(conn: Connection, path: Location, player: str, said: str, from_player: bool, umpire: str | None,
                   answers: int | None, command: dict[str, Any] | None, *, done: int | None = None,
                   deciding: bool = False, standing: int | None = None) -> int:
    """Insert a message after the messages' chain's end; the caller holds the session. `deciding`: it answers an
    order, which no umpire may have answered before (else Decided); `standing`: the standing order it belongs to
    (NEW: its own number)."""
    if deciding and conn.execute(select(col(MessageRow.id)).where(
            col(MessageRow.answers) == answers, col(MessageRow.from_player).is_(False)).limit(1)).first() is not None:
        raise Decided(f"order {answers} was answered meanwhile: look again")
    last = conn.execute(select(col(MessageRow.id), col(MessageRow.hash)).order_by(col(MessageRow.id).desc())
                        .limit(1)).one_or_none()
    number, created, body = (last[0] or 0 if last else 0) + 1, _now(), None if command is None else _dump(command)
    standing = number if standing == NEW else standing
    fields = (number, player, from_player, umpire, answers, said, created, body, done, standing)
    head = message_link(last[1] if last else _genesis(conn), fields)
    conn.execute(insert(MessageRow), [{"id": number, "player": player, "from_player": from_player, "umpire": umpire,
                                       "answers": answers, "text": said, "created": created, "hash": head,
                                       "command": body, "done": done, "standing": standing}])
    if isinstance(path, DatabaseUrl):
        conn.execute(text(f"SELECT pg_notify('{CHANNEL}', '')"))
    return number
