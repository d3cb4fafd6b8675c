"""Chicago-Chicago played by random legal commands, for the knowledge, sheet and review tests: each pick a command
of the step's side (a move, a conflict, the Guard in or out, the end of the step), those the rules refuse left out."""

from __future__ import annotations

import random

from referee.core.units import ACTIVE
from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.rulesets.chicago.rules.steps import FIGHTER, MOVER
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from tests.test_chicago_game import new_game

END = {"do": "end-phase"}


def _move(game: Game, side: str, r: random.Random) -> dict:
    state, board = game.state, game.ctx.scenario.board
    if side == POLICE and r.random() < 0.06:
        guard = [u.id for u in state.units.values() if u.type == "guard" and u.status == ACTIVE]
        return ({"do": "guard-out", "units": r.sample(guard, 1)} if guard and r.random() < 0.3
                else {"do": "guard", "units": r.randint(1, 3), "to": r.choice(sorted(board.nodes))})
    held = sorted({u.node for u in state.units.values() if u.side == side and u.status == ACTIVE
                   and not u.attrs.get("minimum")})
    if not held:
        return END
    node = r.choice(held)
    movable = [u.id for u in state.at(node, side) if not u.attrs.get("minimum")]
    units = r.sample(movable, r.randint(1, len(movable)))
    way = [node]
    for _ in range(r.randint(1, 2)):
        way.append(r.choice(sorted(board.neighbours(way[-1]))))
    command: dict = {"do": "move", "units": units, "path": way[1:]}
    if side == DEMONSTRATORS and r.random() < 0.25:
        command["infiltrate"] = True
    return command


def _conflict(game: Game, side: str, r: random.Random) -> dict:
    state = game.state
    boxes = [n for n in game.ctx.scenario.board.nodes if state.at(n, POLICE) and state.at(n, DEMONSTRATORS)]
    if not boxes:
        return END
    node = r.choice(boxes)
    if side == DEMONSTRATORS:
        return {"do": "conflict", "box": node}
    return {"do": "conflict", "box": node, "table": r.choice(["harass", "assault"])}


def command(game: Game, pick: int) -> dict:
    """One random command for the step the game is in."""
    r = random.Random(pick)
    phase = game.state.phase
    if r.random() < 0.2:
        return END
    if phase in MOVER:
        return _move(game, MOVER[phase], r)
    return _conflict(game, FIGHTER[phase], r)


def random_game(seed: int, picks: list[int], options: dict[str, str] | None = None, scenario: str | None = None) -> Game:
    """A game played from `seed` by random legal commands, one a pick."""
    game = new_game(options, seed) if scenario is None else Game.new(_load(scenario), options or {}, seed)
    for pick in picks:
        if game.state.over:
            break
        try:
            game.apply(command(game, pick))
        except (Refusal, RefereeError):
            continue
    return game


def _load(scenario: str):
    from referee.scenario.catalog import load

    return load(scenario)
