"""A session: a game whose every command and event is committed to its database before it counts."""

from __future__ import annotations

import secrets
from pathlib import Path

from referee.core.engine import Context, replay
from referee.core.events import Event
from referee.core.dice import SeededDice
from referee.core.state import GameState
from referee.errors import RefereeError
from referee.game import Game
from referee.rules import ruleset as ruleset_for
from referee.scenario.catalog import load
from referee.store.repository import SessionStore

SNAPSHOT_EVERY = 250
START = {"do": "start"}


class Session:
    """A game bound to a session database: the log is the truth, snapshots make opening fast."""

    def __init__(self, store: SessionStore, game: Game, since_snapshot: int):
        self.store, self.game = store, game
        self.since_snapshot = since_snapshot

    @property
    def state(self) -> GameState:
        return self.game.state

    @classmethod
    def create(cls, path: Path, scenario_id: str, options: dict[str, str], seed: int | None = None) -> Session:
        """Create a session database and record the opening of the game."""
        scenario = load(scenario_id)
        seed = secrets.randbits(32) if seed is None else seed
        game = Game.new(scenario, options, seed)
        store = SessionStore.create(path, scenario_id, game.ctx.options, seed)
        store.record(START, "play", [event.to_json() for event in game.events], game.dice.drawn)
        return cls(store, game, len(game.events))

    @classmethod
    def open(cls, path: Path) -> Session:
        """Open a session and replay its log (from the latest valid snapshot)."""
        store = SessionStore.open(path)
        info = store.info
        scenario = load(info.scenario)
        ctx = Context(scenario, scenario.option_values(info.options))
        rules = ruleset_for(scenario.ruleset)
        game = Game(ctx, rules, rules.initial(ctx), SeededDice(info.seed, store.dice_drawn()))
        session = cls(store, game, 0)
        game.state = session._rebuild()
        return session

    def apply(self, command: dict) -> int:
        """Apply and commit one command (undo and redo included); returns the seq of its last event."""
        verb = command.get("do") if isinstance(command, dict) else None
        if verb == "undo":
            return self._undo()
        if verb == "redo":
            return self._redo()
        events = self.game.apply(command)
        if not events:
            raise RefereeError(f"{verb!r} changed nothing")
        command_id, seqs = self.store.record(command, "play", [e.to_json() for e in events], self.game.dice.drawn)
        self._maybe_snapshot(command_id, len(events))
        return seqs[-1]

    def _undo(self) -> int:
        target = self.store.undoable()
        if target is None or self.store.commands()[0].id == target:
            raise RefereeError("nothing to undo")
        marker = Event("undone", {"command": target}, (), self.state.turn, self.state.phase)
        _, seqs = self.store.record({"do": "undo"}, "undo", [marker.to_json()], self.game.dice.drawn)
        self.game.state = self._rebuild()
        return seqs[-1]

    def _redo(self) -> int:
        target = self.store.redoable()
        if target is None:
            raise RefereeError("nothing to redo")
        marker = Event("redone", {"command": target}, (), self.state.turn, self.state.phase)
        _, seqs = self.store.record({"do": "redo"}, "redo", [marker.to_json()], self.game.dice.drawn)
        self.game.state = self._rebuild()
        return seqs[-1]

    def _rebuild(self) -> GameState:
        """The state from the effective log: the latest valid snapshot plus what follows it."""
        game, store = self.game, self.store
        effective = store.effective()
        snapshot = store.latest_snapshot(effective)
        state = GameState.from_json(snapshot[1]) if snapshot else game.rules.initial(game.ctx)
        records = store.events(set(effective), after_command=snapshot[0] if snapshot else 0)
        self.since_snapshot = len(records)
        return replay(game.rules, game.ctx, state, [stored_event(r) for r in records])

    def _maybe_snapshot(self, command_id: int, count: int) -> None:
        self.since_snapshot += count
        if self.since_snapshot >= SNAPSHOT_EVERY:
            self.store.save_snapshot(command_id, self.state.to_json())
            self.since_snapshot = 0

    def close(self) -> None:
        self.store.close()


def stored_event(record) -> Event:
    """An event from its stored record."""
    return Event.from_json({"kind": record.kind, "data": record.data, "dice": record.dice,
                            "turn": record.turn, "phase": record.phase})
