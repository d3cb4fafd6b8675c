"""HOW TO MOVE UNITS, INFILTRATION, CPD MINIMUM, NATIONAL GUARD and the set-up's changes: every command that
puts a unit somewhere.

A move costs one movement factor a box, two for a box holding an enemy unit (4; police in minimum boxes do not
count, 3); a unit may spend its movement number in a step, over several commands. Stepping into or out of the
minimum box of the box a platoon stands in costs nothing: minimum boxes "are not used for movement".
"""

from __future__ import annotations

import heapq

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.chicago.rules import board, forces, steps
from referee.rulesets.chicago.rules.board import PLATOONS_IN_MINIMUM, box_of, in_minimum, units_named
from referee.rulesets.chicago.rules.steps import GREEN_MOVE, MOVER, STEPS
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, other
from referee.text import plural

MOVE = "HOW TO MOVE UNITS"
GUARD = "NATIONAL GUARD"
SET_UP = "HOW TO SET UP THE GAME"
GUARD_IN, GUARD_OUT = 2, 1  # the points green gets for each NG company brought in, taken out


def entry_cost(state: GameState, node: str, side: str) -> int:
    """What entering a box costs a unit of `side` (4): two movement factors where an enemy unit stands, not
    counting police in the minimum box (3)."""
    enemy = [unit for unit in state.at(node, other(side)) if not unit.attrs.get("minimum")]
    return 2 if enemy else 1


def allowance(state: GameState, unit: Unit) -> int:
    """What a unit may still spend this step: its movement number, doubled while infiltrating (INFILTRATION)."""
    number = unit.factors["movement"] * (2 if unit.id in state.local["infiltrating"] else 1)
    return number - state.local["spent"].get(unit.id, 0)


def cheapest(ctx: Context, state: GameState, start: str, goal: str, side: str) -> tuple[list[str], int] | None:
    """The cheapest way from `start` to `goal` (the boxes entered, in order) and its cost, or None."""
    links = ctx.scenario.board
    queue: list[tuple[int, list[str]]] = [(0, [start])]
    best = {start: 0}
    while queue:
        cost, way = heapq.heappop(queue)
        here = way[-1]
        if here == goal:
            return way[1:], cost
        for near in links.neighbours(here):
            spent = cost + entry_cost(state, near, side)
            if spent < best.get(near, spent + 1):
                best[near] = spent
                heapq.heappush(queue, (spent, [*way, near]))
    return None


def _way(ctx: Context, state: GameState, command: dict, start: str, side: str) -> tuple[list[str], int]:
    if "path" in command:
        way = [box_of(ctx, node) for node in command["path"]]
        for a, b in zip([start, *way], way, strict=False):
            if b not in ctx.scenario.board.neighbours(a):
                raise Refusal(f"{MOVE} 1", f"{b} is not next to {a}")
        return way, sum(entry_cost(state, node, side) for node in way)
    goal = box_of(ctx, command["to"])
    if goal == start:
        return [], 0
    found = cheapest(ctx, state, start, goal, side)
    if found is None:
        raise Refusal(f"{MOVE} 1", f"no way from {start} to {goal}")
    return found


def _named(ctx: Context, state: GameState, command: dict, side: str | None, section: str) -> list[Unit]:
    """The units a command's "units" names (by kind from its "from" box), at least one, else a refusal under `section`."""
    units = units_named(state, command["units"], side, command.get("from") and box_of(ctx, command["from"]))
    if not units:
        raise Refusal(section, '"units" names no unit: give at least one')
    return units


def _one_box(units: list[Unit]) -> str:
    places = {unit.site for unit in units}
    if len(places) != 1:
        raise RefereeError(f"units moved together stand in one box, not {', '.join(sorted(places))}")
    return places.pop()


def _check_minimum(ctx: Context, state: GameState, units: list[Unit], node: str) -> None:
    """Only police and Tac platoons in a box's minimum box (CPD MINIMUM: "three platoons (no NG)", a floor)."""
    if node not in board.minimum(ctx.scenario.board):
        raise Refusal("CPD MINIMUM", f"{node} has no minimum box")
    green = next((unit for unit in units if unit.side != POLICE), None)
    if green:
        raise Refusal("CPD MINIMUM", f"only police platoons stand in the minimum boxes ({green.id})")
    guard = next((unit for unit in units if unit.type == "guard"), None)
    if guard:
        raise Refusal(GUARD, f"NG units may not be used in minimum areas ({guard.id})")


def move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "move", "units": [...] or {kind: n}, "from", "to" or "path", "minimum", "infiltrate"}`."""
    side = MOVER.get(state.phase)
    if side is None:
        raise Refusal("HOW TO PLAY", f"units move in steps 1 and 3, not in step {STEPS.index(state.phase) + 1}")
    state = begin(ctx, state, emit)
    units = _named(ctx, state, command, None, MOVE)
    wrong = next((unit for unit in units if unit.side != side), None)
    if wrong:
        raise Refusal("HOW TO PLAY", f"{wrong.id} is a {wrong.side} unit: in step {steps.NUMBER[state.phase]} the {side} "
                                     f"move, the {wrong.side} in step {steps.NUMBER[steps.MOVE[wrong.side]]}")
    start = _one_box(units)
    way, cost = _way(ctx, state, command, start, side)
    end = way[-1] if way else start
    infiltrate = command.get("infiltrate", False)
    if infiltrate and side != DEMONSTRATORS:
        raise Refusal("INFILTRATION", "only demonstrator units infiltrate")
    if infiltrate and state.phase != GREEN_MOVE:
        raise Refusal("INFILTRATION", "groups infiltrate as they move in step 1")
    minimum = command.get("minimum", False)
    if minimum:
        _check_minimum(ctx, state, units, end)
    short = _short(state, units, cost, infiltrate)
    if short:
        raise short
    if not way and minimum == all(unit.attrs["minimum"] for unit in units):
        raise RefereeError(f"the units are in {start} already" + (" (in its minimum box)" if minimum else ""))
    state = emit("moved", {"units": [unit.id for unit in units], "from": start, "path": way, "cost": cost,
                           "minimum": minimum, "infiltrate": infiltrate})
    if side == DEMONSTRATORS:
        release(ctx, state, way, emit)


def _short(state: GameState, units: list[Unit], cost: int, infiltrate: bool) -> Refusal | None:
    """A refusal if one of `units` has fewer movement factors left this step than a way costs (2, 4)."""
    infiltrating = state.local["infiltrating"] + [unit.id for unit in units if infiltrate]
    for unit in units:
        left = unit.factors["movement"] * (2 if unit.id in infiltrating else 1) - state.local["spent"].get(unit.id, 0)
        if cost > left:
            return Refusal(f"{MOVE} 2", f"{unit.id} has {left} movement factors left this step, the way costs {cost} "
                                        f"(two for a box with an enemy unit, {MOVE} 4)")
    return None


def out_of_reach(ctx: Context, state: GameState, units: list[Unit], goal: str, infiltrate: bool) -> Refusal | None:
    """Why `units` (of one box and side) may not move to `goal` this step, if they may not: no way there (1), or
    a way costing more than one of them has left (2, 4); the move's own checks, for a form to show."""
    try:
        _, cost = _way(ctx, state, {"to": goal}, _one_box(units), units[0].side)
    except Refusal as refusal:
        return refusal
    return _short(state, units, cost, infiltrate)


def release(ctx: Context, state: GameState, entered: list[str], emit: Emit) -> None:
    """CPD MINIMUM 3: a CONDITIONAL minimum box may be left vacant for the rest of the game once green units enter
    its box or a box next to it."""
    near = {node for entered_box in entered for node in (entered_box, *ctx.scenario.board.neighbours(entered_box))}
    freed = [node for node, kind in board.minimum(ctx.scenario.board).items()
             if kind == board.CONDITIONAL and node in near and node not in state.local["released"]]
    if freed:
        emit("released", {"boxes": freed})


def place(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "place", "units", "from", "to", "minimum"}`: change the set-up before the first move (HOW TO SET UP
    THE GAME 3-4): the demonstrators to a park, the police to any box or its minimum box."""
    if state.local["begun"]:
        raise Refusal(SET_UP, "the set-up may change only before the first move")
    to = box_of(ctx, command["to"])
    found = _named(ctx, state, command, None, SET_UP)
    refusal = set_up_refused(ctx, found, to)
    if refusal:
        raise refusal
    minimum = command.get("minimum", False)
    if minimum:
        _check_minimum(ctx, state, found, to)
    emit("placed", {"units": [unit.id for unit in found], "to": to, "minimum": minimum})


def set_up_refused(ctx: Context, units: list[Unit], to: str) -> Refusal | None:
    """Why `units` may not be set up in `to`, if they may not: the demonstrators only in a park (3)."""
    if any(unit.side == DEMONSTRATORS for unit in units) and to not in board.parks(ctx.scenario.board):
        return Refusal(f"{SET_UP} 3", f"the demonstrators set up in a park, not in {to}")
    return None


def check_setup(ctx: Context, state: GameState) -> None:
    """The set-up as the text asks, before play begins (HOW TO SET UP THE GAME 3-4)."""
    parks = {unit.node for unit in state.units.values() if unit.side == DEMONSTRATORS and unit.status == ACTIVE}
    if len(parks) != 1 or not parks <= set(board.parks(ctx.scenario.board)):
        raise Refusal(f"{SET_UP} 3",
                      f"the demonstrators start all in one park, not in {', '.join(sorted(map(str, parks)))}")
    for node in board.minimum(ctx.scenario.board):
        if len(in_minimum(state, node)) != PLATOONS_IN_MINIMUM:
            raise Refusal(f"{SET_UP} 4", f"{node}'s minimum box starts with three platoons, "
                                         f"not {len(in_minimum(state, node))}")


def begin(ctx: Context, state: GameState, emit: Emit) -> GameState:
    """Play begins with the first command that is not a set-up change: the set-up is checked and fixed."""
    if state.local["begun"]:
        return state
    check_setup(ctx, state)
    return emit("play-begun", {})


def guard_points(companies: int, each: int, how: str) -> tuple[int, list[dict]]:
    """Green's points for Guard companies brought in or taken out, `each` a company (NATIONAL GUARD), and their line."""
    points = each * companies
    return points, [item(f"{plural(companies, 'NG company', 'NG companies')} {how}, {each} each", points, GUARD)]


def guard_in(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "guard", "units": n, "to"}`: National Guard companies brought in while green leads; green gets two
    points for each (NATIONAL GUARD)."""
    state = begin(ctx, state, emit)
    refusal = guard_barred(state)
    if refusal:
        raise refusal
    to = box_of(ctx, command["to"])
    free = [unit.id for unit in state.units.values() if unit.type == "guard" and unit.status == forces.OFF_MAP]
    count = command["units"]
    if count > len(free):
        raise Refusal(GUARD, f"{len(free)} Guard companies are left to bring in, not {count}")
    points, items = guard_points(count, GUARD_IN, "brought in")
    emit("guard-in", {"units": free[:count], "to": to, "points": points,
                      "ei": {**state.scores, DEMONSTRATORS: state.scores[DEMONSTRATORS] + points}, ITEMS: items})


def guard_barred(state: GameState) -> Refusal | None:
    """Why the Guard may not be brought in now, if it may not: only while the demonstrators are ahead."""
    if state.scores[DEMONSTRATORS] <= state.scores[POLICE]:
        return Refusal(GUARD, "the Guard may be brought in only when the demonstrators are ahead "
                              f"({state.scores[DEMONSTRATORS]} to {state.scores[POLICE]})")
    return None


def guard_out(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "guard-out", "units": [...]}`: Guard companies taken out of the game; green gets one point for each
    (NATIONAL GUARD)."""
    state = begin(ctx, state, emit)
    units = _named(ctx, state, command, POLICE, GUARD)
    wrong = next((unit for unit in units if unit.type != "guard"), None)
    if wrong:
        raise Refusal(GUARD, f"only National Guard companies are taken out this way, not {wrong.id}")
    points, items = guard_points(len(units), GUARD_OUT, "taken out")
    emit("guard-out", {"units": [unit.id for unit in units], "points": points,
                       "ei": {**state.scores, DEMONSTRATORS: state.scores[DEMONSTRATORS] + points}, ITEMS: items})
