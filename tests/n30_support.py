"""Building N30 positions for rule tests: a game with only the units a test names on the map."""

from __future__ import annotations

from dataclasses import replace

from referee.core.state import relocate
from referee.core.units import ACTIVE, RESERVE
from referee.game import Game
from referee.scenario.catalog import load


def new_game(scenario: str = "n30/close-the-ring", seed: int = 1, **options: str) -> Game:
    """A fresh game of a scenario with some options."""
    return Game.new(load(scenario), options, seed)


def arrange(game: Game, placement: dict[str, list[str]], phase: str | None = None, turn: int | None = None,
            markers: dict[str, tuple[str, ...]] | None = None) -> Game:
    """Clear the map, then put the named units (top first) where the test wants them."""
    state = game.state.thawed()
    for unit in list(state.units.values()):
        if unit.status != RESERVE:
            relocate(state, state.units[unit.id], None, RESERVE)
    for node, ids in placement.items():
        for uid in ids:
            relocate(state, state.units[uid], node, ACTIVE)
    local = dict(state.local, chosen={}, moved=[], rolled={}, entries={}, attacked=[], confronted=[], gassed=[])
    game.state = replace(state, phase=phase or state.phase, turn=turn or state.turn,
                         markers=dict(markers or {}), local=local)
    return game


def at(game: Game, node: str, side: str | None = None) -> list[str]:
    """Unit ids at a node, top first."""
    return [u.id for u in game.state.at(node, side)]
