"""Reading a session database through the plain DB-API, so that read-only commands start fast.

The queries are plain, portable SQL, run on SQLite's own driver or PostgreSQL's (`postgres.py`); writing goes
through SQLModel in `repository.py`.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from referee.errors import RefereeError
from referee.store.location import DatabaseUrl, Location
from referee.store.seal import load_key

FORMAT = 7
"""The schema version written into every new session (2: the log chained by hash, seeds with a nonce; 3: umpires
and players' links; 4: commands sealed, the umpires' roles as commands in the chain, a branch's withheld seeds;
5: the messages between the players and the umpire; 6: the players' orders among them; 7: standing orders)."""
TABLES = ("session", "command", "event", "snapshot", "briefing")
"""The tables every session has."""
COPIED = (*TABLES, "player_link", "serving", "message")
"""Every table of a session of this format, as `referee copy` copies them."""
ROOM = "*room*"
"""Who the room's page (a projector) is kept for, among the players' live links: no player's id."""
SESSION_ID = 1
"""Each database holds one session, this row of the session table."""
ROLES = "roles"
"""The kind of command that changes the umpires' roles: its body {"do": "umpires", "roles": {name: role}}."""
LAST = 2**63 - 1
"""No command's id is above this: "up to the latest command"."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Epoch:
    """A seed of the session's dice from die `start` on, with the nonce its commitment was salted with."""

    start: int
    seed: int | None  # None where withheld: a branch holds only the commitments of its original's seeds
    nonce: str | None  # None in sessions made before nonces: their commitment is the bare seed's hash
    withheld: str | None = None  # the commitment of a seed withheld

    @property
    def commitment(self) -> str:
        """The SHA-256 printed on the sheets: of "<nonce>:<seed>", so that it cannot be searched for the seed."""
        if self.withheld is not None:
            return self.withheld
        text = str(self.seed) if self.nonce is None else f"{self.nonce}:{self.seed}"
        return hashlib.sha256(text.encode()).hexdigest()

    @classmethod
    def stored(cls, entry: dict[str, Any]) -> Epoch:
        """An epoch as the session row's reseeds keep it: {"start", "seed", "nonce"}, or {"start", "commitment"}."""
        if "commitment" in entry:
            return cls(entry["start"], None, None, entry["commitment"])
        return cls(entry["start"], int(entry["seed"]), entry["nonce"])


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """What a session was created with, its scenario's data included."""

    scenario: str
    options: dict[str, Any]
    seed: int
    created: str
    sources: dict[str, Any]
    epochs: tuple[Epoch, ...] = ()
    """The seeds of the dice in order (a branch adds its own); empty means `seed` from die 0 with no nonce."""

    @property
    def seeds(self) -> tuple[tuple[int, int], ...]:
        """(first die, seed) of every seed the session holds, for `SeededDice`."""
        return tuple((e.start, e.seed) for e in self.epochs if e.seed is not None) or ((0, self.seed),)

    @property
    def commitment(self) -> str:
        """The commitment to the seed of the dice still to come."""
        return (self.epochs[-1] if self.epochs else Epoch(0, self.seed, None)).commitment


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """A stored umpire command."""

    id: int
    body: dict[str, Any]
    kind: str
    dice_drawn: int
    hash: str  # the chain's hash after it ("" in sessions made before the chain)
    umpire: str | None = None  # who issued it, where the session names its umpires or he said who he is


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
class UmpireRecord:
    """One change of the session's umpires: `name` may now do what `role` says ("" : nothing any more)."""

    id: int
    name: str
    role: str
    created: str
    by: str | None


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message between a player and the umpire (`player`'s thread): written by the player (`from_player`) or
    by the umpire (`umpire`, where known), perhaps answering another (`answers`)."""

    id: int
    player: str
    from_player: bool
    umpire: str | None
    answers: int | None
    text: str
    created: str
    command: dict[str, Any] | None = None  # a player's order: the command he asks for; in the umpire's answer to
    # one, the command as carried out, where he amended it
    done: int | None = None  # in the umpire's answer to an order: the command that carried it out
    standing: int | None = None  # the standing order it belongs to: its own number on a standing order the player
    # set, that order's on its repeat in a later phase and on the player's word that stops it

    @property
    def is_stop(self) -> bool:
        """Whether it is the player's word that stops his standing order (`standing`): a notice, not a question."""
        return self.from_player and self.command is None and self.standing is not None

    @property
    def is_order(self) -> bool:
        """Whether the player sent it as an order (a command for the umpire to carry out, return or amend)."""
        return self.from_player and self.command is not None

    @property
    def direction(self) -> str:
        """Who wrote to whom, and what it answers: "police → umpire", "police → umpire, order", "umpire (ann) →
        police, answering #3", "umpire → police, carrying out #3 by command 12"."""
        if self.from_player:  # a computer player writing his orders names itself (referee.autopilot)
            return (f"{self.player} → umpire" + (", order" if self.command is not None else "") + self._standing
                    + (f", written by the {self.umpire}" if self.umpire else ""))
        named = f" ({self.umpire})" if self.umpire else ""
        if self.done is not None:
            return f"umpire{named} → {self.player}, carrying out #{self.answers} by command {self.done}"
        return f"umpire{named} → {self.player}" + (f", answering #{self.answers}" if self.answers is not None else "")

    @property
    def _standing(self) -> str:
        """What a player's message is to his standing order, in the words of `direction`."""
        if self.standing is None:
            return ""
        if self.is_stop:
            return f", stopping standing order #{self.standing}"
        return ", standing" if self.standing == self.id else f", repeating standing order #{self.standing}"

    @property
    def on_one_line(self) -> str:
        """Its text on one line, its line breaks shown as ` / `."""
        return self.text.replace("\n", " / ")


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


GENESIS = "referee-session"
MESSAGE_COLUMNS = "id, player, from_player, umpire, answers, text, created, command, done, standing"
"""A message row's chained fields, in the order `message_link` takes them."""
_MESSAGE_COLUMNS_6 = MESSAGE_COLUMNS.replace("standing", "NULL")
"""The same of a session of format 6, before standing orders."""
_MESSAGE_COLUMNS_5 = _MESSAGE_COLUMNS_6.replace("command, done", "NULL, NULL")
"""The same of a session of format 5, before orders."""


def roles_of(changes: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The umpires' roles after these changes (name, role) in order: each name's latest, those named no more left out."""
    roles = {name: role for name, role in changes}  # a later change of a name replaces an earlier one
    return {name: role for name, role in roles.items() if role}


def link(previous: str, *fields: object) -> str:
    """The next hash of the log's chain: of the previous hash and one stored row's fields, as stored."""
    return hashlib.sha256("\x1f".join((previous, *map(str, fields))).encode()).hexdigest()


def command_link(previous: str, row: Sequence[object]) -> str:
    """The chain's hash after a command row (id, kind, dice_drawn, body, umpire): the umpire who issued it is
    chained too, where there is one (a command without stays chained as before umpires were recorded)."""
    return link(previous, "c", *row[:4], *(field for field in row[4:] if field is not None))


def event_link(previous: str, row: Sequence[object]) -> str:
    """The chain's hash after an event row (seq, command_id, turn, phase, kind, data, dice)."""
    return link(previous, "e", *row)


def message_link(previous: str, row: Sequence[object]) -> str:
    """The messages' chain's hash after a message row (id, player, from_player, umpire, answers, text, created,
    command, done, standing): the first follows the session's genesis; an order's command, the command that carried
    one out and the standing order a message belongs to are chained where there are any (a message without stays
    chained as before orders were kept)."""
    plain, extra = row[:7], zip(("order:", "done:", "standing:"), row[7:], strict=False)
    return link(previous, "m", *("" if field is None else int(field) if isinstance(field, bool) else field
                                 for field in plain), *(f"{tag}{field}" for tag, field in extra if field is not None))


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

    def __init__(self, connection: Any, path: Location):
        self._db, self.path = connection, path
        row = self._one("SELECT scenario, options, seed, created, sources, format FROM session ORDER BY id")
        if row is None:
            raise Unusable("no session row")
        if row[5] > FORMAT:
            raise NewerFormat(f"format {row[5]}")
        self.format = row[5]
        epochs: tuple[Epoch, ...] = ()
        if self.format >= 2:
            nonce, reseeds = self._row(f"SELECT nonce, reseeds FROM session WHERE id = {SESSION_ID}")
            epochs = tuple(Epoch.stored(entry) for entry in json.loads(reseeds))
            if not epochs or epochs[0].start > 0:  # a branch lists every epoch, its own seed's (the row's) among them
                epochs = (Epoch(0, int(row[2]), nonce), *epochs)
        self.info = SessionInfo(row[0], json.loads(row[1]), int(row[2]), row[3], json.loads(row[4]), epochs)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def _all(self, sql: str) -> list[tuple]:
        return self._query(sql)[1]

    def _query(self, sql: str) -> tuple[list[str], list[tuple]]:
        """The column names and rows of a query."""
        cursor = self._db.cursor()
        try:
            cursor.execute(sql)
            return [column[0] for column in cursor.description], cursor.fetchall()
        except Exception as error:
            if isinstance(self.path, DatabaseUrl) and is_driver_error(error):  # a server gone: one line
                raise database_problem(self.path, error) from None
            raise
        finally:
            cursor.close()

    def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of one of the session's tables as stored, by column name, in the order of its key."""
        if table not in COPIED:
            raise ValueError(f"{table!r} is not one of {COPIED}")
        names, rows = self._query(f"SELECT * FROM {table} ORDER BY 1")
        return [dict(zip(names, row, strict=True)) for row in rows]

    def _one(self, sql: str) -> tuple | None:
        rows = self._all(sql)
        return rows[0] if rows else None

    def _row(self, sql: str) -> tuple:
        """The first row of a query that always has one."""
        return self._all(sql)[0]

    def commands(self, after: int = 0) -> list[CommandRecord]:
        """Every command in order (after command `after` if given), undone ones and changes of roles included."""
        chained = "hash" if self.format >= 2 else "''"
        rows = self._all(f"SELECT id, body, kind, dice_drawn, {chained}, {self._umpire} FROM command "
                         f"WHERE id > {int(after)} ORDER BY id")
        return [CommandRecord(i, json.loads(body), kind, drawn, h, who) for i, body, kind, drawn, h, who in rows]

    @property
    def _umpire(self) -> str:
        """The command table's umpire column, or NULL in sessions made before umpires were recorded."""
        return "umpire" if self.format >= 3 else "NULL"

    def umpire_changes(self) -> list[UmpireRecord]:
        """Every change of the session's umpires, in order, each numbered by its command (none before umpires
        were recorded; a session of format 3, read as it is, keeps them in a table of their own)."""
        if self.format < 3:
            return []
        if self.format == 3:
            return [UmpireRecord(*row) for row in self._all("SELECT id, name, role, created, by FROM umpire ORDER BY id")]
        rows = self._all(f"SELECT id, body, created, umpire FROM command WHERE kind = '{ROLES}' ORDER BY id")
        return [UmpireRecord(command, name, role, created, by)
                for command, body, created, by in rows for name, role in json.loads(body)["roles"].items()]

    def umpires(self) -> dict[str, str]:
        """The umpires the session names and the role of each, as they now stand (none: anyone may do anything)."""
        return roles_of((change.name, change.role) for change in self.umpire_changes())

    def player_links(self) -> dict[str, str]:
        """Each player's live link token that is not revoked, by player (none before links were kept)."""
        if self.format < 3:
            return {}
        return dict(self._all("SELECT player, token FROM player_link WHERE revoked IS NULL ORDER BY id"))

    def served_at(self) -> str | None:
        """Where `referee serve` last said it serves the players' pages ("http://host:port"), if it ever did."""
        if self.format < 3:
            return None
        row = self._one("SELECT base FROM serving ORDER BY id DESC LIMIT 1")
        return row[0] if row else None

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

    def _stacks(self, upto: int | None = None) -> tuple[list[int], list[int]]:
        last = LAST if upto is None else int(upto)
        kinds = self._all(f"SELECT id, kind FROM command WHERE id <= {last} ORDER BY id")
        marks = self._all(f"SELECT command_id, data FROM event WHERE kind IN ('undone', 'redone') AND command_id <= {last}")
        return undo_stacks(kinds, {command: json.loads(data)["command"] for command, data in marks})

    def effective(self, upto: int | None = None) -> list[int]:
        """The ids of the played commands that currently count, in order (as they stood after command `upto`)."""
        return self._stacks(upto)[0]

    def opened(self, turn: int, phase: str) -> str | None:
        """When the phase the game is in (`turn`, `phase`) opened: the time of the latest command in effect with an
        event of another phase (the one that ended the phase before), or None where the game began in it."""
        effective = set(self.effective())
        rows = self._all("SELECT event.command_id, event.turn, event.phase, command.created FROM event "
                         "JOIN command ON command.id = event.command_id WHERE event.kind NOT IN ('undone', 'redone') "
                         "ORDER BY event.seq DESC")
        return next((created for command, at, called, created in rows
                     if command in effective and (at, called) != (turn, phase)), None)

    def undoable(self) -> int | None:
        """The command an undo would take back, if any."""
        done = self._stacks()[0]
        return done[-1] if done else None

    def redoable(self) -> int | None:
        """The command a redo would bring back, if any."""
        undone = self._stacks()[1]
        return undone[-1] if undone else None

    def tip(self) -> tuple[int, str]:
        """The latest command's id (0 before any) and the chain's hash after it: what a writer decides on.
        Read in one statement, so that both are of the same commit whoever else writes meanwhile."""
        return self.log_end()[:2]

    def log_end(self) -> tuple[int, str, int]:
        """The tip (see `tip`) and the number of the latest change of the umpires' roles (0 before any), in one
        statement: a writer reads the roles again only when that has moved."""
        head = "head" if self.format >= 2 else "''"
        roles = ("0" if self.format < 3 else "(SELECT max(id) FROM umpire)" if self.format == 3
                 else f"(SELECT max(id) FROM command WHERE kind = '{ROLES}')")
        last, after, changed = self._row(f"SELECT (SELECT max(id) FROM command), {head}, {roles} FROM session "
                                         f"WHERE id = {SESSION_ID}")
        return last or 0, after, changed or 0

    def genesis(self) -> str:
        """The chain's first hash: of everything the session was created with."""
        row = self._row(f"SELECT scenario, options, seed, nonce, reseeds, created, sources FROM session "
                        f"WHERE id = {SESSION_ID}")
        return link(GENESIS, *row)

    def chain_problem(self, after: tuple[int, str] | None = None) -> str | None:
        """Where the stored log departs from its chain of hashes (from the start, or after a known
        (command id, hash)), on one line; None if intact. A seal of the umpire's key must match where there is
        one (`referee.store.seal`), and no event or snapshot may belong to no command. Sessions made before the
        chain have none to check."""
        if self.format < 2:
            return None
        last_id, last_head = self.tip()  # first: whatever commits meanwhile lies beyond it
        start, head = after or (0, self.genesis())
        where = f"id > {int(start)} AND id <= {int(last_id)}"
        sealed = "seal" if self.format >= 4 else "NULL"
        commands = self._all(f"SELECT id, kind, dice_drawn, body, {self._umpire}, hash, {sealed} FROM command "
                             f"WHERE {where} ORDER BY id")
        events: dict[int, list[tuple]] = {}
        for row in self._all("SELECT seq, command_id, turn, phase, kind, data, dice, hash FROM event "
                             f"WHERE {where.replace('id', 'command_id')} ORDER BY seq"):
            events.setdefault(row[1], []).append(row)
        key = load_key(create=False)
        for *fields, stored, seal in commands:
            head = command_link(head, fields)
            if stored != head:
                return f"command {fields[0]} does not match its hash"
            for *event, kept in events.pop(fields[0], ()):
                head = event_link(head, event)
                if kept != head:
                    return f"event {event[0]} does not match its hash"
            if key is not None and key.holds(seal, "c", fields[0], head) is False:
                return f"command {fields[0]} does not match its seal: the log was rewritten without the umpire's key"
        if events:
            return f"event {min(events.values())[0][0]} belongs to no command"
        if head != last_head:
            return "the log ends before its last recorded hash (commands or events were deleted)"
        return self._orphan(start)

    def _orphan(self, start: int) -> str | None:
        """The first event or snapshot after command `start` that belongs to no command, on one line; else None.
        (Each is one statement: a command and its rows are committed together, whoever else writes.)"""
        for table, key, what in (("event", "seq", "event {}"), ("snapshot", "command_id", "the snapshot after command {}")):
            row = self._one(f"SELECT min({key}) FROM {table} WHERE command_id > {int(start)} "
                            "AND command_id NOT IN (SELECT id FROM command)")
            if row and row[0] is not None:
                return f"{what.format(row[0])} belongs to no command"
        return None

    def intact(self, *, messages: bool = False) -> LogReader:
        """This reader, once its log (and with `messages`, its messages too) is found to match its chain; else a
        RefereeError in one line."""
        problem = self.chain_problem() or (self.messages_problem() if messages else None)
        if problem:
            raise changed_outside(self.path, problem)
        return self

    def dice_drawn(self, upto: int | None = None) -> int:
        """The seeded-dice counter after the latest command (or after command `upto`; 0 before any)."""
        last = LAST if upto is None else int(upto)
        row = self._one(f"SELECT dice_drawn FROM command WHERE id <= {last} ORDER BY id DESC LIMIT 1")
        return row[0] if row else 0

    def latest_snapshot(self, effective: list[int]) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot taken after one of the `effective` commands that this umpire's key sealed, bound
        to the chain's hash after that command, as (command id, state). Any other is passed over: a snapshot
        is never trusted over the log it abbreviates unless a key the database does not hold vouches for it."""
        wanted, key = set(effective), load_key(create=False)
        if key is None:
            return None
        for command_id in [row[0] for row in self._all("SELECT command_id FROM snapshot ORDER BY command_id DESC")]:
            if command_id in wanted:
                state, chain, digest = self.snapshot(command_id)
                if chain == self.hash_after(command_id) and key.holds(digest, "s", chain, state):
                    return command_id, json.loads(state)
        return None

    def snapshot_problem(self, command_id: int) -> str | None:
        """Why the snapshot after a command is false to the log as far as its hash and seal tell (the state
        itself is compared with the replayed log by `referee verify`), or None."""
        state, chain, digest = self.snapshot(command_id)
        key = load_key(create=False)
        if self.format >= 2 and chain != self.hash_after(command_id) or (
                key is not None and key.holds(digest, "s", chain, state) is False):
            return f"the snapshot after command {command_id} does not match the log"
        return None

    def snapshot(self, command_id: int) -> tuple[str, str | None, str | None]:
        """The snapshot after a command as stored: its state, the chain's hash it follows and its seal."""
        bound = "chain, digest" if self.format >= 2 else "NULL, NULL"  # sessions made before the chain have none
        return self._row(f"SELECT state, {bound} FROM snapshot WHERE command_id = {int(command_id)}")

    def hash_after(self, command_id: int) -> str | None:
        """The chain's hash after a command and its events."""
        after = self._one(f"SELECT hash FROM event WHERE command_id = {int(command_id)} ORDER BY seq DESC LIMIT 1") \
            or self._one(f"SELECT hash FROM command WHERE id = {int(command_id)}")
        return after[0] if after else None

    def heads(self) -> list[tuple[int, str]]:
        """(command id, the chain's hash after it and its events) of every command, in order."""
        return [tuple(row) for row in self._all(
            "SELECT id, coalesce((SELECT hash FROM event WHERE command_id = command.id ORDER BY seq DESC LIMIT 1), hash) "
            "FROM command ORDER BY id")]

    def seals(self) -> list[str | None]:
        """Every command's seal (referee.store.seal), in order; None where it has none."""
        return [row[0] for row in self._all("SELECT seal FROM command ORDER BY id")] if self.format >= 4 else []

    def snapshots(self) -> list[int]:
        """The commands that have a snapshot, in order."""
        return [row[0] for row in self._all("SELECT command_id FROM snapshot ORDER BY command_id")]

    def record_briefings(self, sheets: list[tuple[str, int, str, str, str]]) -> None:
        """Note in one transaction that briefings (player, turn, sha256, format, lang) were handed out:
        the one write a reader makes, so that printing needs no SQLAlchemy."""
        from datetime import UTC, datetime

        created = datetime.now(UTC).isoformat(timespec="seconds")
        cursor = self._db.cursor()
        try:
            cursor.execute("BEGIN IMMEDIATE")
            cursor.executemany("INSERT INTO briefing (player, turn, sha256, format, lang, created) "
                               "VALUES (?, ?, ?, ?, ?, ?)", [(*sheet, created) for sheet in sheets])
            cursor.execute("COMMIT")
        except sqlite3.Error as error:
            if self._db.in_transaction:
                cursor.execute("ROLLBACK")
            raise database_problem(self.path, error) from None
        finally:
            cursor.close()

    def messages(self, player: str | None = None) -> list[MessageRecord]:
        """The messages between the players and the umpire in order (`player`'s alone, if given); none before
        messages were kept."""
        if self.format < 5:
            return []
        rows = self._all(f"SELECT {self._message_columns} FROM message ORDER BY id")
        return [MessageRecord(i, who, bool(mine), umpire, answers, text, created,
                              None if command is None else json.loads(command), done, standing)
                for i, who, mine, umpire, answers, text, created, command, done, standing in rows
                if player is None or who == player]

    @property
    def _message_columns(self) -> str:
        return (MESSAGE_COLUMNS if self.format >= 7 else _MESSAGE_COLUMNS_6 if self.format == 6
                else _MESSAGE_COLUMNS_5)

    def messages_end(self) -> int:
        """The latest message's number (0 before any): whoever follows the session looks at it for new ones."""
        return (self._row("SELECT max(id) FROM message")[0] or 0) if self.format >= 5 else 0

    def messages_problem(self) -> str | None:
        """Where the stored messages depart from their chain of hashes, on one line; None if intact."""
        head = self.genesis()
        rows = self._all(f"SELECT {self._message_columns}, hash FROM message ORDER BY id") if self.format >= 5 else ()
        for *fields, stored in rows:
            head = message_link(head, fields)
            if stored != head:
                return f"message {fields[0]} does not match its hash"
        return None

    def briefings(self) -> list[BriefingRecord]:
        """Every briefing handed out, in order."""
        rows = self._all("SELECT id, player, turn, sha256, format, lang, created FROM briefing ORDER BY id")
        return [BriefingRecord(*row) for row in rows]


def changed_outside(path: Location, problem: str) -> RefereeError:
    """The one line that refuses a log found changed outside referee."""
    return RefereeError(f"{path}: the log was changed outside referee ({problem}); `referee verify` says more")


def integrity_problem(connection: Any) -> str | None:
    """The first problem SQLite's quick check finds in the database file, on one line, or None (on PostgreSQL,
    the session tables missing)."""
    if not isinstance(connection, sqlite3.Connection):
        from referee.store import postgres

        return postgres.integrity_problem(connection)
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


BUSY_SECONDS = 10.0
"""How long opening or writing waits for another program's lock on the database."""
LOCK_TIMEOUT = "55P03"
"""PostgreSQL's code for a lock waited for past `lock_timeout`."""


def database_problem(path: Location, error: BaseException | None) -> RefereeError:
    """One line for an error of the database itself: busy, read-only, or not a session (or, on PostgreSQL,
    the server unreachable, refusing or lost)."""
    text = str(error)
    if "locked" in text or "busy" in text or getattr(error, "sqlstate", None) == LOCK_TIMEOUT:
        return RefereeError(f"{path} is locked by another program (waited {BUSY_SECONDS:g} s); "
                            "nothing was changed, try again")
    if isinstance(path, DatabaseUrl):
        from referee.store import postgres

        return postgres.problem(path, error)
    if "readonly" in text or "read-only" in text:
        return RefereeError(f"{path} is read-only: it can be read but not changed")
    return RefereeError(f"{path} is not a referee session database ({text})")


def verified(path: Location, connection: Any, build: Callable[[], T]) -> T:
    """`build()` a reader once the file is found a sound, complete session database; else a RefereeError."""
    try:
        problem = integrity_problem(connection)
        if problem:
            raise Unusable(problem)
        return build()
    except NewerFormat as error:
        raise RefereeError(f"{path} was written by a newer referee ({error})") from None
    except Unusable as error:
        raise RefereeError(f"{path} is not a referee session database ({error})") from None
    except Exception as error:
        if not is_driver_error(error):
            raise
        raise database_problem(path, error) from None


def is_driver_error(error: BaseException) -> bool:
    """Whether an exception is a database driver's: SQLite's, or PostgreSQL's when it is loaded."""
    if isinstance(error, sqlite3.Error):
        return True
    from referee.store import postgres

    return postgres.is_driver_error(error)


def open_reader(path: Location) -> LogReader:
    """Open a session database for reading, without SQLAlchemy; RefereeError says what is wrong.

    A file we may write is opened read-write (never created) so that SQLite tidies its WAL files on
    close. A read-only one is opened read-only, and where SQLite cannot keep its shared-memory file
    beside it (a read-only folder), as an immutable file. A PostgreSQL URL is opened on its server.
    """
    if isinstance(path, DatabaseUrl):
        from referee.store import postgres

        return postgres.open_reader(path)
    if not path.is_file():
        raise RefereeError(f"no session database at {path}")
    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
        return _connect(path, "mode=rw")
    try:
        return _connect(path, "mode=ro")
    except RefereeError as error:
        if "read-only" not in str(error):
            raise
    return _connect(path, "mode=ro&immutable=1")


def listener(path: Location) -> Any:
    """Something to wait on for other writers' commits (`wait(seconds) -> bool`, `close()`): a PostgreSQL
    session's LISTEN (referee.store.postgres.Listener); None for a SQLite file, which is polled instead."""
    if not isinstance(path, DatabaseUrl):
        return None
    from referee.store import postgres

    return postgres.Listener(path)


def _connect(path: Path, mode: str) -> LogReader:
    try:
        connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?{mode}", uri=True, isolation_level=None,
                                     timeout=BUSY_SECONDS, check_same_thread=False)
    except sqlite3.Error as error:
        raise database_problem(path, error) from None
    try:
        return verified(path, connection, lambda: LogReader(connection, path))
    except RefereeError:
        connection.close()
        raise
