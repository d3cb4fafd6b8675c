"""Building Wallman positions for rule tests: the town-centre scenario (or another town) with units where a test
wants them."""

from __future__ import annotations

from dataclasses import replace

from referee.core.state import relocate
from referee.core.units import ACTIVE
from referee.game import Game
from referee.scenario.catalog import load

SCENARIO = "wallman/town-centre-riot"
TOWNS = (SCENARIO, "wallman/two-bridges")
"""Every town of the package: the Town Centre Riot's grid of streets and The Two Bridges' two banks."""


def new_game(seed: int = 1, scenario: str = SCENARIO, **options: str) -> Game:
    return Game.new(load(scenario), options, seed)


def put(game: Game, placement: dict[str, str], rl: dict[str, int] | None = None, phase: str | None = None) -> Game:
    """Move units to places, set crowds' RLs, and pick the phase."""
    state = game.state.thawed()
    for uid, node in placement.items():
        relocate(state, state.units[uid], node, ACTIVE)
    for uid, level in (rl or {}).items():
        state.units[uid] = state.units[uid].with_attrs(rl=level)
    game.state = replace(state, phase=phase or state.phase)
    return game


def do(game: Game, command: str, *dice: int, **fields) -> list:
    """Apply one command, with dice typed in if given."""
    cmd = {"do": command, **fields}
    if dice:
        cmd["dice"] = list(dice)
    return game.apply(cmd)


def unit(game: Game, uid: str):
    return game.state.units[uid]
