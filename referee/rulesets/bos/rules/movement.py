"""Movement (5.0), the Reserve Pool, reaction movement (5.1), stacking (5.2) and building barricades (7.2)."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import Refusal
from referee.rulesets.bos.rules import forces, reinforcement
from referee.rulesets.bos.rules.board import area, check_stacking, unit_of
from referee.rulesets.bos.rules.events import EVENTS, RandomEvent
from referee.rulesets.bos.rules.phases import MOVER, PROTESTER_TURN, REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES, other
from referee.text import plural

POOL = "reserve-pool"  # where `to` sends an Authority unit off the map (5.0)
BARRICADE = "barricade"
BUILD = {GROUP: 1, CROWD: 2}  # the highest roll that builds (7.2)


def _mover(state: GameState, unit: Unit) -> bool:
    """Whether the unit moves in this phase (True), reaction-moves (False), or is refused."""
    if MOVER.get(state.phase) == unit.side:
        moving = True
    elif REACTOR.get(state.phase) == unit.side:
        moving = False
    else:
        raise Refusal("5.0", f"{unit.side} units do not move in the {state.phase} phase")
    if unit.id in state.local["moved"]:
        raise Refusal("5.0", f"{unit.id} has already moved this phase")
    event = held_back(state, unit)
    if event:
        raise Refusal(event.section, f"{unit.id} may not move this turn")
    return moving


def held_back(state: GameState, unit: Unit) -> RandomEvent | None:
    """The game-turn's random event that keeps the unit from moving in this phase, if one does (21, 23, 25)."""
    event = EVENTS.get(state.local["event"] or "")
    return event if event and kept_still(event, unit.type, state.phase) else None


def kept_still(event: RandomEvent, unit_type: str, phase: str) -> bool:
    """Whether the event keeps units of this type from moving in this phase: this turn, or (Coffee Break) in the
    Protester player-turn (21, 23, 25)."""
    return unit_type in event.may_not_move and (event.key != "coffee_break" or phase in PROTESTER_TURN)


def move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "move", "unit", "path": [...]}` (or `"to"`, by the shortest way): along Transit Lines up to the
    Movement Factor, stopping on entering enemy units (5.0); reaction moves one area, within the EI's limit
    (5.1); an Authority unit to or from the Reserve Pool (5.0)."""
    unit = unit_of(state, command["unit"])
    path, moving = _checked(ctx, state, unit, command.get("path") or command["to"])
    emit("unit-moved", {"unit": unit.id, "from": unit.node, "to": None if path == [POOL] else path[-1],
                        "path": path, "reaction": not moving})


def refused(ctx: Context, state: GameState, unit: Unit, to: str) -> Refusal | None:
    """Why a move of `unit` to `to` (an area, or the Reserve Pool) is refused now, if it is: the move's own
    checks (5.0, 5.1, 5.2), for a form to show before the move is sent."""
    try:
        _checked(ctx, state, unit, to)
    except Refusal as refusal:
        return refusal
    return None


def _checked(ctx: Context, state: GameState, unit: Unit, where: list[str] | str) -> tuple[list[str], bool]:
    """A move's path (`where`, or the shortest way there) and whether it is a move (not a reaction), or a refusal."""
    moving = _mover(state, unit)
    path = where if isinstance(where, list) else _way(ctx, state, unit, where)
    pooled = unit.side == AUTHORITY and (unit.status == forces.RESERVE or path == [POOL])
    if not moving:
        _check_reaction(state, unit, path, pooled)
    if pooled:
        _check_pool(ctx, unit, path, moving)
    else:
        _check_path(ctx, state, unit, path)
    if path != [POOL]:
        check_stacking(state, unit, path[-1])
    return path, moving


def _way(ctx: Context, state: GameState, unit: Unit, to: str) -> list[str]:
    """The shortest legal way to `to` for a unit on the map (5.0); to or from the Reserve Pool, `to` alone."""
    if to == POOL or unit.status != ACTIVE:
        return [to]
    area(ctx, to)
    if to == unit.node:
        raise Refusal("5.0", f"{unit.id} is already in {to}")
    way = paths(ctx, state, unit).get(to)
    if way is None:
        raise Refusal("5.0", f"{to} is beyond {unit.id}'s reach: {plural(TYPES[unit.type].movement, 'area')} along "
                             "Transit Lines, stopping in the first area that holds enemy units")
    return way


def paths(ctx: Context, state: GameState, unit: Unit) -> dict[str, list[str]]:
    """Each area a unit on the map may move to and the shortest way there (5.0): along Transit Lines, up to
    its Movement Factor, stopping in the first area it enters that holds enemy units."""
    if unit.node is None:
        return {}
    enemy, frontier = other(unit.side), [unit.node]
    found: dict[str, list[str]] = {unit.node: []}
    for _ in range(TYPES[unit.type].movement):
        onward = []
        for here in frontier:
            if here != unit.node and state.stacks[enemy].get(here):
                continue
            for node in ctx.scenario.board.neighbours(here):
                if node not in found:
                    found[node] = [*found[here], node]
                    onward.append(node)
        frontier = onward
    del found[unit.node]
    return found


def _check_reaction(state: GameState, unit: Unit, path: list[str], pooled: bool) -> None:
    limit = reinforcement.reaction_limit(state.scores[unit.side])
    if state.local["reacted"] >= limit:
        raise Refusal("5.1", f"the {unit.side} Reaction Move Limit is {plural(limit, 'unit')} at EI {state.scores[unit.side]}")
    if unit.side == PROTESTER and TYPES[unit.type].kind != GROUP:
        raise Refusal("5.1", f"the Protester player reaction-moves only Group units ({unit.id} is a Crowd)")
    if len(path) > 1 or path == [POOL]:
        raise Refusal("5.1", "a unit reaction-moves one area at most (or an Authority unit from the Reserve Pool)")


def _check_pool(ctx: Context, unit: Unit, path: list[str], moving: bool) -> None:
    if unit.status == forces.RESERVE:
        if len(path) != 1 or path == [POOL]:
            raise Refusal("5.0", "a unit leaves the Reserve Pool for one area of the map")
        area(ctx, path[0])
    elif unit.status != ACTIVE or not moving:
        raise Refusal("5.0", f"only units on the map go to the Reserve Pool, in the Authority Movement Phase ({unit.id})")


def _check_path(ctx: Context, state: GameState, unit: Unit, path: list[str]) -> None:
    if unit.status != ACTIVE or unit.node is None:
        raise Refusal("5.0", f"{unit.id} is not on the map ({unit.status})")
    if len(path) > TYPES[unit.type].movement:
        raise Refusal("5.0", f"{unit.id} moves up to {TYPES[unit.type].movement} areas, not {len(path)}")
    here, enemy = unit.node, other(unit.side)
    for step, node in enumerate(path):
        area(ctx, node)
        if node == here:
            raise Refusal("5.0", f"{unit.id} is already in {node}")
        if node not in ctx.scenario.board.neighbours(here):
            raise Refusal("5.0", f"{node} is not joined to {here} by a Transit Line")
        if state.stacks[enemy].get(node) and step < len(path) - 1:
            raise Refusal("5.0", f"{unit.id} must stop in {node}: it holds enemy units")
        here = node


def barricade(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "barricade", "unit"}`: a Protester unit, instead of moving, tries to build (7.2): 1d6, a Group
    builds on 1, a Crowd on 1 or 2; one Barricade an area (5.2), six in all."""
    unit = unit_of(state, command["unit"])
    refusal = barricade_refused(state, unit)
    if refusal:
        raise refusal
    roll = dice.roll(f"barricade by {unit.id}")
    emit("barricade-tried", {"unit": unit.id, "node": unit.node, "roll": roll.value,
                             "built": roll.value <= BUILD[TYPES[unit.type].kind]}, (roll,))


def barricade_refused(state: GameState, unit: Unit) -> Refusal | None:
    """Why `unit` may not try to build a barricade now, if it may not (7.2, 7.3, 5.2): also what a form shows."""
    try:
        if unit.side != PROTESTER or not _mover(state, unit) or unit.node is None:
            return Refusal("7.2", "Protester units on the map build barricades in their Movement Phase, instead of moving")
    except Refusal as refusal:
        return refusal
    if state.local["stage"] == 1:
        return Refusal("7.3", "the Protester player may not build Barricades at Stage One escalation")
    if BARRICADE in state.markers.get(unit.node, ()):
        return Refusal("5.2", f"there may never be more than one Barricade marker in an area ({unit.node})")
    if sum(BARRICADE in marks for marks in state.markers.values()) >= forces.BARRICADES:
        return Refusal("7.2", f"all {forces.BARRICADES} Barricade markers are on the map")
    return None
