"""The step's checklist (HOW TO PLAY, HOW TO RESOLVE CONFLICT, CPD MINIMUM): the parks blue must still engage on a
C turn and what leaving them costs, the minimum boxes short at step 3, and the boxes where a conflict may be fought."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import Unit
from referee.rules.todo import Item
from referee.rulesets.chicago.rules import board, steps
from referee.rulesets.chicago.rules.conflict import RESOLVE
from referee.rulesets.chicago.rules.sequence import park_points, parks_left, short_boxes
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, other

PARKS = "HOW TO PLAY 4"
MINIMUM = "CPD MINIMUM 1"


def todo(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """What the rules leave to do in this step: required first (what ends the game or costs points), then the
    conflicts blue or green may still fight."""
    if state.over:
        return ()
    if state.phase == steps.BLUE_MOVE:
        return tuple(Item("three platoons in the minimum box, or blue loses", MINIMUM, node=node, key="m",
                          short="fill the minimum box") for node in short_boxes(ctx, state))
    side = steps.FIGHTER.get(state.phase)
    if side is None:
        return ()
    parks = _parks_due(ctx, state) if state.phase == steps.BLUE_CONFLICT else ()
    due = {item.node for item in parks}
    return parks + tuple(Item("conflict", RESOLVE, required=False, node=node, key="c")
                         for node in contested(ctx, state, side) if node not in due)


def _parks_due(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """Step 4 of a C turn: the parks whose green units blue has not all attacked, each with what leaving it costs
    (`park_penalty`: 5 points to green once, or 5 a park)."""
    if steps.letter(state.turn) != "C":
        return ()
    left = parks_left(state, board.parks(ctx.scenario.board))
    cost = f"+{park_points(ctx, 1)}" + (" a park" if park_points(ctx, 2) > park_points(ctx, 1) else " in all")
    return tuple(Item(f"engage every green unit, else green {cost}", PARKS, node=park, key="c",
                      short=f"engage green ({cost})") for park in left)


def fighters(state: GameState, node: str, side: str) -> tuple[list[Unit], list[Unit]]:
    """Who may attack in a box and who may be attacked there, as a conflict takes them by default: green with
    every unit not infiltrating, against the blue units outside the minimum box (or those in it, if alone); blue
    with its units outside the minimum box, no Guard, none that attacked this step, against green units not
    attacked this turn (HOW TO RESOLVE CONFLICT 1-4, INFILTRATION, NATIONAL GUARD)."""
    mine, theirs = state.at(node, side), state.at(node, other(side))
    if side == DEMONSTRATORS:
        return ([u for u in mine if u.id not in state.local["infiltrating"]],
                [u for u in theirs if not u.attrs["minimum"]] or theirs)
    return ([u for u in mine if not u.attrs["minimum"] and u.type != "guard" and u.id not in state.local["attackers"]],
            [u for u in theirs if u.id not in state.local["attacked"]])


def contested(ctx: Context, state: GameState, side: str) -> list[str]:
    """The boxes, in the board's order, where `side` has units free to attack and units to attack."""
    return [node for node in ctx.scenario.board.nodes if all(fighters(state, node, side))]
