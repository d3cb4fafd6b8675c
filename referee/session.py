"""A session: a game whose every command and event is committed to its database before it counts."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from referee.core.dice import SeededDice
from referee.core.engine import Context, replay
from referee.core.events import Event
from referee.errors import RefereeError
from referee.game import Game
from referee.rules import ruleset as ruleset_for
from referee.scenario.catalog import from_sources
from referee.store.reading import LogReader, open_reader

if TYPE_CHECKING:
    from referee.store.repository import SessionStore

SNAPSHOT_EVERY = 250
START = {"do": "start"}


def stored_event(record) -> Event:
    """An event from its stored record."""
    return Event.from_json({"kind": record.kind, "data": record.data, "dice": record.dice,
                            "turn": record.turn, "phase": record.phase})


def rebuild(reader: LogReader, game: Game) -> int:
    """Set the game's state to the fold of the effective log (from its latest valid snapshot); events folded."""
    effective = reader.effective()
    snapshot = reader.latest_snapshot(effective)
    state = game.state.from_json(snapshot[1]) if snapshot else game.rules.initial(game.ctx)
    records = reader.events(set(effective), after_command=snapshot[0] if snapshot else 0)
    game.state = replay(game.rules, game.ctx, state, [stored_event(r) for r in records])
    return len(records)


def _game(reader: LogReader) -> tuple[Game, int]:
    """The game a session database holds (with the scenario stored when it was created), and how
    many events were folded since the snapshot it started from."""
    info = reader.info
    scenario = from_sources(info.sources)
    ctx = Context(scenario, scenario.option_values(info.options))
    rules = ruleset_for(scenario.ruleset)
    game = Game(ctx, rules, rules.initial(ctx), SeededDice(info.seed, reader.dice_drawn()))
    return game, rebuild(reader, game)


def read(path: Path) -> Game:
    """A session's game as it stands, read without opening it for writing (and without SQLAlchemy)."""
    reader = open_reader(path)
    try:
        return _game(reader)[0]
    finally:
        reader.close()


class Session:
    """A game bound to a session database: the log is the truth, snapshots make opening fast."""

    def __init__(self, path: Path, game: Game, since_snapshot: int, store: SessionStore | None = None):
        self.path, self.game = path, game
        self.since_snapshot = since_snapshot
        self._store = store
        self._connecting = threading.Lock()
        self.last: list[tuple[int, Event]] = []
        """The (seq, event) pairs the latest command committed."""

    @property
    def store(self) -> SessionStore:
        """The database open for writing; a session opened with `view` opens it on first use."""
        with self._connecting:
            if self._store is None:
                from referee.store.repository import SessionStore

                self._store = SessionStore.open(self.path)
            return self._store

    @classmethod
    def view(cls, path: Path) -> Session:
        """Open a session quickly: read it without SQLAlchemy; the writing side is opened when first needed."""
        reader = open_reader(path)
        try:
            game, folded = _game(reader)
        finally:
            reader.close()
        return cls(path, game, folded)

    def log(self) -> tuple[list, set[int]]:
        """Every stored event and the commands that currently count."""
        reader = self._store or open_reader(self.path)
        try:
            return reader.log(), set(reader.effective())
        finally:
            if reader is not self._store:
                reader.close()

    @property
    def state(self):
        return self.game.state

    @classmethod
    def create(cls, path: Path, scenario_id: str, options: dict[str, str], seed: int | None = None) -> Session:
        """Create a session database and record the opening of the game."""
        from referee.scenario.catalog import load
        from referee.store.repository import SessionStore

        scenario = load(scenario_id)
        seed = secrets.randbits(32) if seed is None else seed
        game = Game.new(scenario, options, seed)
        store = SessionStore.create(path, scenario_id, game.ctx.options, seed, scenario.sources)
        store.record(START, "play", [event.to_json() for event in game.events], game.dice.drawn)
        return cls(path, game, len(game.events), store)

    @classmethod
    def open(cls, path: Path) -> Session:
        """Open a session for commands and replay its log."""
        from referee.store.repository import SessionStore

        store = SessionStore.open(path)
        try:
            game, folded = _game(store)
        except BaseException:
            store.close()
            raise
        return cls(path, game, folded, store)

    def apply(self, command: dict) -> int:
        """Apply and commit one command (undo and redo included); returns the seq of its last event."""
        verb = command.get("do") if isinstance(command, dict) else None
        if verb in ("undo", "redo"):
            return self._step_back() if verb == "undo" else self._step_forward()
        events = self.game.apply(command)
        if not events:
            raise RefereeError(f"{verb!r} changed nothing")
        command_id, seqs = self.store.record(command, "play", [e.to_json() for e in events], self.game.dice.drawn)
        self.last = list(zip(seqs, events))
        self.since_snapshot += len(events)
        if self.since_snapshot >= SNAPSHOT_EVERY:
            self.store.save_snapshot(command_id, self.state.to_json())
            self.since_snapshot = 0
        return seqs[-1]

    def _step_back(self) -> int:
        target = self.store.undoable()
        if target is None or self.store.commands()[0].id == target:
            raise RefereeError("nothing to undo")
        return self._mark("undo", "undone", target)

    def _step_forward(self) -> int:
        target = self.store.redoable()
        if target is None:
            raise RefereeError("nothing to redo")
        return self._mark("redo", "redone", target)

    def _mark(self, verb: str, kind: str, target: int) -> int:
        marker = Event(kind, {"command": target}, (), self.state.turn, self.state.phase)
        _, seqs = self.store.record({"do": verb}, verb, [marker.to_json()], self.game.dice.drawn)
        self.last = [(seqs[-1], marker)]
        self.since_snapshot = rebuild(self.store, self.game)
        return seqs[-1]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
