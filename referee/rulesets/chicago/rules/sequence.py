"""HOW TO PLAY: ending each step; the minimum boxes at the end of step 3 (CPD MINIMUM); the C-turn parks, step 5's
attrition and the next turn's multiplication; the end at 28C (HOW TO "WIN")."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.errors import Refusal
from referee.rulesets.chicago.rules import attrition, board, forces, steps
from referee.rulesets.chicago.rules.board import PLATOONS_IN_MINIMUM, in_minimum
from referee.rulesets.chicago.rules.movement import begin
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

PARK_PENALTY = 5  # step 4: "if they do not green gets 5 points"
STEP_4 = "HOW TO PLAY, step 4"
MINIMUM_1 = "CPD MINIMUM 1"  # "always three platoons in that box at the end of step three"


def end_phase(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "end-phase"}`: close the step and open the next, or run steps 5 and 6."""
    state = begin(ctx, state, emit)
    if state.phase == steps.BLUE_MOVE:
        short = short_boxes(ctx, state)
        if short:
            items = [item(f"{node} minimum box", f"{held} of {PLATOONS_IN_MINIMUM} platoons", MINIMUM_1)
                     for node, held in short.items()]
            emit("game-ended", {"winner": DEMONSTRATORS, "reason": "CPD MINIMUM", "boxes": list(short),
                                "ei": dict(state.scores), ITEMS: items})
            return
    following = steps.following(state.phase)
    if following is not None:
        emit("phase-ended", {"from": state.phase, "to": following})
        return
    parks = board.parks(ctx.scenario.board)
    c_turn = steps.letter(state.turn) == "C"
    if c_turn:
        state = _park_penalty(ctx, state, parks, emit)
    done, lost = attrition.end_of_turn(state, parks, c_turn, forces.marking(ctx.options))
    state = emit("attrition", {"turn": steps.name(state.turn), "c_turn": c_turn, "changes": done.changes,
                               "marked": done.marked, ITEMS: lost})
    if state.turn >= ctx.scenario.clock.turns:
        police, green = state.scores[POLICE], state.scores[DEMONSTRATORS]
        emit("game-ended", {"winner": None if police == green else (POLICE if police > green else DEMONSTRATORS),
                            "reason": "28C", "ei": dict(state.scores)})
        return
    begin_turn(state, state.turn + 1, parks, emit)


def short_boxes(ctx: Context, state: GameState) -> dict[str, int]:
    """The minimum boxes without their three platoons at the end of step 3, and the platoons each holds, a box
    that lost one this turn spared until the next (CPD MINIMUM: "it MUST be replaced on the next turn")."""
    lost = state.local["minimum_lost"]
    held = {node: len(in_minimum(state, node)) for node in board.bound(ctx.scenario.board, state.local["released"])}
    return {node: n for node, n in held.items() if n < PLATOONS_IN_MINIMUM and lost.get(node) != state.turn}


def parks_left(state: GameState, parks: dict[str, int]) -> list[str]:
    """Step 4: the parks holding a green unit blue has not attacked this turn."""
    return [park for park in parks if any(unit.id not in state.local["attacked"] for unit in state.at(park, DEMONSTRATORS))]


def park_points(ctx: Context, left: int) -> int:
    """Step 4 of a C turn: the points green gets for `left` parks not engaged, 5 once or 5 each (`park_penalty`)."""
    return PARK_PENALTY * (left if ctx.options.get("park_penalty") == "each" else min(left, 1))


def park_items(ctx: Context, left: list[str]) -> tuple[int, list[dict]]:
    """Step 4 of a C turn: the points for the parks `left` not engaged, and their lines: 5 a park, less all but
    one park's 5 where green gets them once a turn (`park_penalty` once)."""
    points = park_points(ctx, len(left))
    items = [item(f"{park}, green not attacked on a C turn", PARK_PENALTY, STEP_4) for park in left]
    if points < PARK_PENALTY * len(left):
        items.append(item("once a turn, not for each park (option park_penalty)", points - PARK_PENALTY * len(left), STEP_4))
    return points, items


def _park_penalty(ctx: Context, state: GameState, parks: dict[str, int], emit: Emit) -> GameState:
    """Step 4 of a C turn: blue must have engaged all green units in parks, else green gets 5 points."""
    left = parks_left(state, parks)
    if not left:
        return state
    points, items = park_items(ctx, left)
    return emit("park-penalty", {"parks": left, "points": points,
                                 "ei": {**state.scores, DEMONSTRATORS: state.scores[DEMONSTRATORS] + points},
                                 ITEMS: items})


def begin_turn(state: GameState, turn: int, parks: dict[str, int], emit: Emit) -> None:
    """Step 6, then step 1 of the next turn: at the start of each A turn but 25A the parks multiply."""
    state = emit("turn-begun", {"turn": turn, "name": steps.name(turn), "phase": steps.GREEN_MOVE})
    if steps.letter(turn) == "A":
        added, items = attrition.multiply(state, parks)
        emit("multiplied", {"added": added, "parks": {park: parks[park] for park in added}, ITEMS: items})


def check_not_over(state: GameState) -> None:
    """Nothing more happens once the game has ended (HOW TO PLAY step 6, CPD MINIMUM)."""
    if state.over:
        raise Refusal("HOW TO PLAY", "the game is over; only undo is possible")
