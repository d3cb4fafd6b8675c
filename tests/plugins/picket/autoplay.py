"""Computer players for `referee simulate`: `simple` heads for its goal, `random` makes any legal move.

A player serves one side. `commands(game)` yields that side's commands for the phase the game is in;
`referee.simulate` applies each before asking for the next, then ends the phase itself. Players draw
their choices from a generator of their own, seeded from the game's seed, never from the game's dice.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.game import Game

from .rules import MOVER, PICKETS, POLICE


def _rng(seed: int, side: str) -> random.Random:
    digest = hashlib.blake2b(f"picket-player:{seed}:{side}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


class PicketPlayer:
    """One side's player: in its movement phase each unit moves once; the police push wherever they can."""

    def __init__(self, kind: str, side: str, seed: int):
        self.kind, self.side, self.rng = kind, side, _rng(seed, side)

    def _goals(self, game: Game) -> set[str]:
        """Pickets head for the gates' places; police for the places where pickets stand."""
        state, board = game.state, game.ctx.scenario.board
        if self.side == PICKETS:
            return {node for gate in board.targets.values() for node in gate.access}
        return {node for node, ids in state.stacks[PICKETS].items() if ids}

    def _step(self, game: Game, uid: str) -> str | None:
        """Where a unit moves (None: it stays)."""
        state, board = game.state, game.ctx.scenario.board
        here = state.units[uid].site
        open_ = [n for n in board.neighbours(here) if self.side == POLICE or not state.stacks[POLICE].get(n)]  # 3.3
        if self.kind == "random":
            return self.rng.choice([None, *open_])
        goals = self._goals(game)
        if here in goals or not open_ or not goals:
            return None
        distance = board.distances(goals)
        best = min(distance.get(n, 99) for n in open_)
        return self.rng.choice([n for n in open_ if distance.get(n, 99) == best]) if best < distance.get(here, 99) else None

    def commands(self, game: Game) -> Iterator[dict]:
        state = game.state
        if state.phase == "push":
            for node in [n for n, ids in state.stacks[POLICE].items() if ids and state.stacks[PICKETS].get(n)]:
                yield {"do": "push", "node": node}
            return
        for uid in sorted(u.id for u in state.units.values() if u.side == self.side and u.status == ACTIVE):
            to = self._step(game, uid)
            if to is not None:
                yield {"do": "move", "unit": uid, "to": to}


class PicketAutoplay:
    """referee.simulate.Autoplay: who plays, who acts in each phase, and how."""

    sides = (PICKETS, POLICE)
    kinds = ("simple", "random")

    @staticmethod
    def player(kind: str, side: str, seed: int) -> Any:
        return PicketPlayer(kind, side, seed)

    @staticmethod
    def actor(state: GameState) -> str | None:
        return MOVER.get(state.phase) or (POLICE if state.phase == "push" else None)

    @staticmethod
    def prepare(game: Game, command: dict, players: dict[str, Any]) -> dict:
        return command  # nobody answers a command first in this game


AUTOPLAY = PicketAutoplay()
