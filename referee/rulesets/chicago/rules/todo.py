"""The step's checklist (HOW TO PLAY, HOW TO RESOLVE CONFLICT, CPD MINIMUM): the parks blue must still engage on a
C turn and what leaving them costs, the minimum boxes short at step 3, and the boxes where a conflict may be fought."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.rules.todo import Item
from referee.rulesets.chicago.rules import board, fighting, movement, steps
from referee.rulesets.chicago.rules.conflict import RESOLVE
from referee.rulesets.chicago.rules.sequence import park_points, parks_left, short_boxes

PARKS = "HOW TO PLAY 4"
MINIMUM = "CPD MINIMUM 1"


def todo(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """What the rules leave to do in this step: required first (what ends the game or costs points), then the
    conflicts blue or green may still fight."""
    if state.over:
        return ()
    mover = steps.MOVER.get(state.phase)
    if mover:
        short = tuple(Item("three platoons in the minimum box, or blue loses", MINIMUM, node=node, key="m",
                           short="fill the minimum box") for node in short_boxes(ctx, state)) \
            if state.phase == steps.BLUE_MOVE else ()
        return short + tuple(Item("units to move", f"{movement.MOVE} 1", required=False, node=node, key="m")
                             for node in movable(ctx, state, mover))
    if state.phase not in steps.FIGHTER:
        return ()
    parks = _parks_due(ctx, state) if state.phase == steps.BLUE_CONFLICT else ()
    due = {item.node for item in parks}
    return parks + tuple(Item("conflict", RESOLVE, required=False, node=node, key="c")
                         for node in contested(ctx, state) if node not in due)


def movable(ctx: Context, state: GameState, side: str) -> list[str]:
    """The boxes, in the board's order, holding a unit of `side` that may still move this step: into a box next to
    it at least, as movement.out_of_reach lets it (HOW TO MOVE 1, 2, 4); every way onward starts there."""
    def free(node: str, unit) -> bool:
        return any(movement.out_of_reach(ctx, state, [unit], goal, False) is None
                   for goal in ctx.scenario.board.neighbours(node))

    return [node for node in ctx.scenario.board.nodes if any(free(node, unit) for unit in state.at(node, side))]


def _parks_due(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """Step 4 of a C turn: the parks whose green units blue has not all attacked, each with what leaving it costs
    (`park_penalty`: 5 points to green once, or 5 a park); where blue cannot fight there now (no odds of 1:1 or
    better, nothing free to attack with), the cost is said as coming, and no key offered."""
    if steps.letter(state.turn) != "C":
        return ()
    left, fought = parks_left(state, board.parks(ctx.scenario.board)), set(contested(ctx, state))
    cost = f"+{park_points(ctx, 1)}" + (" a park" if park_points(ctx, 2) > park_points(ctx, 1) else " in all")
    return tuple(Item(f"engage every green unit, else green {cost}", PARKS, node=park, key="c",
                      short=f"engage green ({cost})") if park in fought else
                 Item(f"green {cost}: blue cannot engage here now", PARKS, required=False, node=park,
                      short=f"green {cost}") for park in left)


def contested(ctx: Context, state: GameState) -> list[str]:
    """The boxes, in the board's order, where a conflict may still be fought in this step (`fighting.barred`)."""
    return [node for node in ctx.scenario.board.nodes if fighting.barred(ctx, state, node) is None]
