"""Computer players for N30: `random` (legal, at random) and `objective` (pursues its side's aims).

A player serves one side. `player.commands(game)` is a generator of that side's commands for
the phase the game is in; apply each before asking for the next. `player.next_command(game)`
does the same one command at a time (None: done, end the phase). The protester player also
answers `refusals(game, node)`: which locked lockdowns refuse to retreat (4.4) when the
police attack at `node`.
"""

from __future__ import annotations

import hashlib
import random

from referee.errors import RefereeError
from referee.rulesets.n30.players.base import Player
from referee.rulesets.n30.players.objective import ObjectivePolice, ObjectiveProtesters
from referee.rulesets.n30.players.random_player import RandomPlayer
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

KINDS = ("objective", "random")

__all__ = ["KINDS", "Player", "make_player", "player_rng"]


def player_rng(seed: int, side: str) -> random.Random:
    """The generator a player of a side uses in the game of this seed (independent of the dice)."""
    digest = hashlib.blake2b(f"player:{seed}:{side}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def make_player(kind: str, side: str, seed: int) -> Player:
    """A player of a kind (`objective` or `random`) for a side, seeded from the game seed."""
    rng = player_rng(seed, side)
    if kind == "random":
        return RandomPlayer(side, rng)
    if kind == "objective":
        if side == PROTESTERS:
            return ObjectiveProtesters(side, rng)
        if side == POLICE:
            return ObjectivePolice(side, rng)
        raise RefereeError(f"unknown side {side!r}")
    raise RefereeError(f"unknown player kind {kind!r} (one of: {', '.join(KINDS)})")
