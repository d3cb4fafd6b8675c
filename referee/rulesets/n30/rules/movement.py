"""Movement phases (3, 3.1, 3.2, 3.3, 6.1, 6.3): choosing intersections, moving, barricades and Flo."""

from __future__ import annotations

from collections import deque

from referee.core.dice import Dice, TableDice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import ACTIVE, OFF_MAP, RESERVE, Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.n30.rules.limits import (
    STACKING,
    entry_allowed,
    entry_refusal,
    friction_barred,
    has_room,
    opponent,
)
from referee.rulesets.n30.rules.phases import MOVER, POLICE, PROTESTERS, intersections_allowed
from referee.rulesets.n30.rules.setup import FLYING

TURN_BACK = {"third": 2, "two-thirds": 4}


def mover_check(ctx: Context, state: GameState, unit: Unit) -> None:
    """Refuse a unit that may not act in this movement phase (2, 3)."""
    if MOVER.get(state.phase) != unit.side:
        raise Refusal("2", f"{unit.id} is a {unit.side} unit and it is the {state.phase} phase")
    if unit.id in state.local["moved"]:
        raise Refusal("3", f"{unit.id} has already moved or built this turn "
                           "(each unit may only move once per turn, or build barricades)")
    if unit.status == RESERVE:
        arrives = ctx.scenario.clock.label(unit.attrs["arrives"])
        raise Refusal("11", f"{unit.id} is a reinforcement arriving at {arrives}")
    if unit.status not in (ACTIVE, OFF_MAP):
        raise Refusal("3", f"{unit.id} is {unit.status} and cannot move")
    refusal = undivided(ctx, state, unit.side)
    if refusal is not None:
        raise refusal


def undivided(ctx: Context, state: GameState, side: str) -> Refusal | None:
    """6.1: why no unit of `side` may move yet, if none may: under faction friction, from 11:10 the protester player
    must first divide her forces into factions."""
    if ctx.options.get("faction_friction") == "on" and side == PROTESTERS and _factions_due(ctx, state):
        return Refusal("6.1", "at 11:10 the protester player must first divide her forces into factions")
    return None


def pending(state: GameState, side: str) -> str | None:
    """3: the unit of `side` that has rolled its movement and not yet moved, if any."""
    for uid in state.local["rolled"]:
        if state.units[uid].side == side:
            return uid
    return None


def _factions_due(ctx: Context, state: GameState) -> bool:
    from referee.rulesets.n30.rules.friction import FRICTION_FROM

    return ctx.scenario.clock.starts(state.turn) >= FRICTION_FROM and not any(
        "faction" in u.attrs for u in state.units.values() if u.side == PROTESTERS
    )


def choice_refused(ctx: Context, state: GameState, side: str, node: str) -> Refusal | None:
    """Why `side` may not move units from `node` this turn: not in play (1.3), or not chosen when the time allows
    no more intersections (3); None where it may (chosen already, or still to be chosen)."""
    chosen = state.local["chosen"].get(side, [])
    if node in chosen:
        return None
    if node not in ctx.scenario.board.nodes or not ctx.scenario.board.nodes[node].in_play:
        return Refusal("1.3", f"{node} is not an intersection in play")
    allowed = intersections_allowed(side, ctx.scenario.clock.starts(state.turn))
    if len(chosen) >= allowed:
        return Refusal("3", f"the {side} may choose {allowed} intersection{'s' if allowed > 1 else ''} this turn "
                            f"and chose {', '.join(chosen)}")
    return None


def choose(ctx: Context, state: GameState, side: str, node: str, emit: Emit) -> GameState:
    """3: pick an intersection whose units move this phase, within the number the time allows."""
    refusal = choice_refused(ctx, state, side, node)
    if refusal is not None:
        raise refusal
    if node in state.local["chosen"].get(side, []):
        return state
    return emit("intersection-chosen", {"side": side, "node": node})


def rate_roll(ctx: Context, state: GameState, unit: Unit, dice: Dice) -> tuple[int, bool, tuple]:
    """3, 3.1: one die per movement factor; halved (rounding up) for protesters without a flying cluster."""
    purpose = f"movement: {unit.id}"
    rolls = tuple([dice.roll(purpose) for _ in range(unit.factors["movement"])])
    total = sum([r.value for r in rolls])
    halved = unit.side == PROTESTERS and unit.type != FLYING and not _with_flying(ctx, state, unit)
    return (total + 1) // 2 if halved else total, halved, rolls


def _with_flying(ctx: Context, state: GameState, unit: Unit) -> bool:
    """3.1: a flying cluster starts its move with the unit: in its intersection, or for a
    reinforcement, still waiting at the edge from the same arriving group (so only the units
    arriving in its turn are looked at)."""
    if unit.status == OFF_MAP:
        arrives, edge = unit.attrs.get("arrives"), unit.attrs.get("edge")
        arriving = (state.units[uid] for group in ctx.scenario.arrivals if group.turn == arrives
                    for uid in group.units)
        return any(
            u.type == FLYING and u.status == OFF_MAP and u.side == unit.side
            and u.attrs.get("arrives") == arrives and u.attrs.get("edge") == edge
            for u in arriving
        )
    return FLYING in [state.units[uid].type for uid in state.stacks[unit.side].get(unit.site, ())]


def destinations(ctx: Context, state: GameState, unit: Unit, rate: int) -> dict[str, list[str]]:
    """Every intersection a unit may end its move in with this rate, with a legal path to it.

    The path leaves out where the unit starts; a reinforcement's path begins with its edge
    intersection, its first block (3). A unit stops on entering an opposing unit's intersection.
    """
    board = ctx.scenario.board
    enemy = state.stacks[opponent(unit.side)]
    barred = friction_barred(state, unit)
    origin = _origin(unit)

    def onward(node: str) -> tuple[str, ...]:
        if node == origin and unit.status == OFF_MAP:
            return board.edges[unit.attrs["edge"]]
        return board.adjacency[node]

    dist: dict[str, int] = {origin: 0}
    parent: dict[str, str | None] = {origin: None}
    queue = deque([origin])
    while queue:
        node = queue.popleft()
        if dist[node] >= rate or (node != origin and node in enemy):
            continue
        for near in onward(node):
            if near not in dist and near not in barred and board.nodes[near].in_play:
                dist[near], parent[near] = dist[node] + 1, node
                queue.append(near)
    result: dict[str, list[str]] = {}
    for node in dist:
        if node == origin or not has_room(state, unit.side, node):
            continue
        if node not in enemy:
            result[node] = _path(parent, node)
            continue
        approaches = [before for before in (*board.adjacency[node], origin)
                      if before in dist and dist[before] < rate and (before == origin or before not in enemy)
                      and node in onward(before) and entry_allowed(state, unit.side, node, before)]
        if approaches:
            before = min(approaches, key=dist.__getitem__)
            result[node] = _path(parent, before) + [node]
    return result


def _path(parent: dict[str, str | None], node: str) -> list[str]:
    """The nodes from just after the origin to `node`."""
    path = []
    while (before := parent[node]) is not None:
        path.append(node)
        node = before
    return path[::-1]


def _origin(unit: Unit) -> str:
    return unit.site if unit.status != OFF_MAP else f"edge:{unit.attrs['edge']}"


def why_not(ctx: Context, state: GameState, unit: Unit, to: str, rate: int | None = None) -> Refusal:
    """Why `to` is not among the unit's destinations (with this rate, or any): the rule that the nearest
    way there breaks (1.3, 3, 3.2, 6.1), and the roll when only a longer way is legal."""
    if to == unit.node:
        return Refusal("3", f"{unit.id} is at {to} already: a move goes at least one block")
    legal = destinations(ctx, state, unit, 10**6).get(to) if rate is not None else None
    short = f"{unit.id} has a movement of {rate} this turn and {to} is {len(legal)} blocks away" if legal else ""
    way = _way(ctx, state, unit, to, strict=not legal) or _way(ctx, state, unit, to, strict=False)
    try:
        check_path(ctx, state, unit, way or [to])
    except Refusal as refusal:
        return Refusal(refusal.section, f"{refusal.reason}; the legal way is longer: {short}" if legal else refusal.reason)
    return Refusal("3", short or f"{unit.id} has no legal path to {to}")


def _way(ctx: Context, state: GameState, unit: Unit, to: str, strict: bool) -> list[str] | None:
    """The shortest way to `to` on the map, `strict`ly through intersections a move may pass (none held by
    the other side or the rival faction, none out of play); None if there is none."""
    board = ctx.scenario.board
    if to not in board.nodes or not board.nodes[to].in_play:
        return [to]
    enemy, barred, origin = state.stacks[opponent(unit.side)], friction_barred(state, unit), _origin(unit)
    first = board.edges[unit.attrs["edge"]] if unit.status == OFF_MAP else board.adjacency[unit.site]
    parent: dict[str, str | None] = {origin: None, **{node: origin for node in first}}
    queue = deque(first)
    while queue:
        node = queue.popleft()
        if node == to or strict and (node in enemy or node in barred or not board.nodes[node].in_play):
            continue
        for near in board.adjacency[node]:
            if near not in parent:
                parent[near] = node
                queue.append(near)
    return _path(parent, to) if to in parent else None


def check_path(ctx: Context, state: GameState, unit: Unit, path: list[str]) -> None:
    """Refuse a path that breaks a movement rule, whatever the dice (1.3, 3, 3.2, 6.1)."""
    board = ctx.scenario.board
    if not path:
        raise Refusal("3", "a move needs at least one intersection to go to")
    enemy = state.stacks[opponent(unit.side)]
    barred = friction_barred(state, unit)
    here = origin = _origin(unit)
    for step, node in enumerate(path):
        place = board.nodes.get(node)
        if place is None:
            raise Refusal("1.3", f"there is no intersection {node!r} on the map")
        if not place.in_play:
            raise Refusal("1.3", f"{node} is out of play")
        if step == 0 and unit.status == OFF_MAP:
            if node not in board.edges[unit.attrs["edge"]]:
                raise Refusal("3", f"{unit.id} enters on the {unit.attrs['edge']} edge and {node} is not on it")
        elif node not in board.adjacency[here]:
            raise Refusal("1.3", f"{here} and {node} are not linked on the map")
        if node in barred:
            raise Refusal("6.1", f"{unit.id} may not move into or through {node}, held by the rival faction")
        if node in enemy and step < len(path) - 1:
            raise Refusal("3", f"{unit.id} must stop at {node}: it enters an intersection with an opposing unit")
        here = node
    end = path[-1]
    if not has_room(state, unit.side, end):
        raise Refusal("3", f"no more than {STACKING[unit.side]} {unit.side} units may move into {end}")
    before = path[-2] if len(path) > 1 else origin
    if end in enemy and not entry_allowed(state, unit.side, end, before):
        raise Refusal("3.2", f"{entry_refusal(unit.side)} ({before} into {end})")


def _unit(state: GameState, command: dict) -> Unit:
    return _named(state, command["unit"])


def _named(state: GameState, uid: str) -> Unit:
    if uid not in state.units:
        raise RefereeError(f"unknown unit {uid!r}")
    return state.units[uid]


def _ready(ctx: Context, state: GameState, unit: Unit, emit: Emit, group: tuple[str, ...] = ()) -> GameState:
    """Checks before a unit acts (one at a time: no other unit of its side, outside its group, has rolled
    and not moved); chooses its intersection if the choice is still open (3)."""
    mover_check(ctx, state, unit)
    waiting = pending(state, unit.side)
    if waiting is not None and waiting != unit.id and waiting not in group:
        raise Refusal("3", f"{waiting} has rolled its movement and must move (or stay) before another unit is picked: "
                           "she picks one unit, rolls, moves it, and then picks another")
    if unit.status == OFF_MAP:
        return state
    return choose(ctx, state, unit.side, unit.site, emit)


def _planned_path(ctx: Context, state: GameState, unit: Unit, command: dict) -> list[str]:
    """The path a move command asks for: given, or the shortest legal one to `to` (its schema gives one)."""
    if "path" in command:
        path = command["path"]
        check_path(ctx, state, unit, path)
        return path
    to = command["to"]
    legal = destinations(ctx, state, unit, rate=10**6)
    if to not in legal:
        raise why_not(ctx, state, unit, to)
    return legal[to]


def roll(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """Roll a unit's movement rate before choosing where it goes (3, 3.1)."""
    unit = _unit(state, command)
    state = _ready(ctx, state, unit, emit)
    if unit.id in state.local["rolled"]:
        raise Refusal("3", f"{unit.id} has already rolled its movement ({state.local['rolled'][unit.id]})")
    _rate(ctx, state, unit, emit, dice)


def _rate(ctx: Context, state: GameState, unit: Unit, emit: Emit, dice: Dice) -> tuple[GameState, int]:
    """The unit's movement rate this turn: rolled before, or rolled now (3, 3.1)."""
    if unit.id in state.local["rolled"]:
        return state, state.local["rolled"][unit.id]
    rate, halved, rolls = rate_roll(ctx, state, unit, dice)
    return emit("movement-rolled", {"unit": unit.id, "rate": rate, "halved": halved}, rolls), rate


def move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """Move one unit (3, 3.1, 3.2, 6.1, 6.3): refusals before any die is rolled."""
    unit = _unit(state, command)
    state = _ready(ctx, state, unit, emit)
    path = _planned_path(ctx, state, unit, command)
    strict = isinstance(dice, TableDice) or unit.id in state.local["rolled"]
    state, rate = _rate(ctx, state, unit, emit, dice)
    if len(path) > rate:
        if strict:
            raise Refusal("3", f"{unit.id} has a movement of {rate} this turn and the path needs {len(path)}")
        path = _room_left(state, unit.side, path[:rate])
    _go(ctx, state, unit, path, emit, dice)


def group_move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """3, 3.1: several units head for one intersection, one at a time, each rolling and going as near as
    its roll allows (or staying); the flying clusters go last, so every other unit keeps their help."""
    units, to = command["units"], command["to"]
    if len(set(units)) != len(units):
        raise RefereeError('group-move needs "units", a list of different unit ids')
    if to not in ctx.scenario.board.nodes:
        raise RefereeError(f"unknown intersection {to!r}")
    if not ctx.scenario.board.nodes[to].in_play:
        raise Refusal("1.3", f"{to} is out of play")
    for uid in units:
        unit = _named(state, uid)
        if unit.node == to:
            raise Refusal("3", f"{uid} is already at {to}")
        state = _ready(ctx, state, unit, emit, tuple(units))  # every check, and the choices, before any die
    for uid in group_order(state, units):
        state, rate = _rate(ctx, state, state.units[uid], emit, dice)
        unit = state.units[uid]
        state = _go(ctx, state, unit, closest_path(ctx, state, unit, rate, to), emit, dice)


def group_order(state: GameState, units: list[str]) -> list[str]:
    """3, 3.1: the order a group moves in: a unit that has rolled first (3), the flying clusters last."""
    return sorted(units, key=lambda uid: (uid not in state.local["rolled"], state.units[uid].type == FLYING))


def closest_path(ctx: Context, state: GameState, unit: Unit, rate: int, target: str) -> list[str]:
    """The legal move with this rate that ends nearest `target` (shortest path on a tie); none to stay."""
    distance = ctx.scenario.board.distances([target])
    far = len(distance) + 1
    here = distance.get(unit.site, far) if unit.status != OFF_MAP else far
    legal = destinations(ctx, state, unit, rate)
    best = min(legal.items(), key=lambda item: (distance.get(item[0], far), len(item[1])), default=None)
    return best[1] if best is not None and distance.get(best[0], far) < here else []


def _room_left(state: GameState, side: str, path: list[str]) -> list[str]:
    """3: the path cut back to its last intersection with room for the unit (stacking)."""
    while path and not has_room(state, side, path[-1]):
        path = path[:-1]
    return path


def _go(ctx: Context, state: GameState, unit: Unit, path: list[str], emit: Emit, dice: Dice) -> GameState:
    """Move the unit along a path within its rate, or turned back by police barricades (6.3)."""
    turned_back = _turned_back(ctx, state, unit, path, dice)
    if turned_back is not None:
        state = emit("police-barricade", {"unit": unit.id, "node": path[-1]}, (turned_back,))
        if turned_back.value <= TURN_BACK[ctx.options["police_barricades"]]:
            path = _room_left(state, unit.side, path[:-1])
    return _emit_move(ctx, state, unit, path, emit)


def stay(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """3: a unit that has rolled stops where it is ("the unit may stop early"): its move, of no blocks."""
    unit = _unit(state, command)
    mover_check(ctx, state, unit)
    if unit.id not in state.local["rolled"]:
        raise Refusal("3", f"{unit.id} has not rolled its movement: a unit that does not move needs no command")
    _emit_move(ctx, state, unit, [], emit)


def _turned_back(ctx: Context, state: GameState, unit: Unit, path: list[str], dice: Dice):
    """6.3: a die for a protester unit moving into contact where police barricades are in use."""
    option = ctx.options.get("police_barricades", "off")
    if option == "off" or unit.side != PROTESTERS or not path or path[-1] not in state.stacks[POLICE]:
        return None
    return dice.roll(f"police barricade: {unit.id}")


def _emit_move(ctx: Context, state: GameState, unit: Unit, path: list[str], emit: Emit) -> GameState:
    enemy = state.stacks[opponent(unit.side)]
    end = path[-1] if path else (unit.node if unit.status == ACTIVE else None)
    contact = bool(path) and end in enemy
    direction = (path[-2] if len(path) > 1 else _origin(unit)) if path else None
    face_down = ctx.options.get("hidden") == "strong" and not contact if path else unit.attrs.get("face_down", False)
    state = emit("unit-moved", {
        "unit": unit.id, "from": unit.node, "to": end, "path": path, "contact": contact,
        "direction": direction, "face_down": face_down,
        "edge": unit.attrs.get("edge") if unit.status == OFF_MAP else None,
    })
    if unit.node is not None and path:
        state = clear_markers(state, unit.node, emit)
    return state


def clear_markers(state: GameState, node: str, emit: Emit) -> GameState:
    """3.3: barricades (and Flo) go when every protester unit has left or been destroyed."""
    if not state.stacks[PROTESTERS].get(node):
        for marker in state.markers.get(node, ()):
            state = emit("marker-removed", {"node": node, "marker": marker})
    return state


def build(ctx: Context, state: GameState, command: dict, emit: Emit, marker: str) -> None:
    """3.3: a protester unit in a chosen intersection builds a barricade or drops Flo instead of moving."""
    unit = _unit(state, command)
    if unit.side != PROTESTERS:
        raise Refusal("3.3", "only protester units build barricades or drop Flo")
    if unit.status != ACTIVE:
        raise Refusal("3.3", f"{unit.id} is not on the map")
    state = _ready(ctx, state, unit, emit)
    if unit.id in state.local["rolled"]:
        raise Refusal("3", f"{unit.id} has rolled to move and cannot build instead")
    if marker in state.markers.get(unit.site, ()):
        raise Refusal("3.3", f"{unit.node} already has {'Flo' if marker == 'flo' else 'a barricade'}")
    if marker == "flo":
        for node, marks in state.markers.items():
            if "flo" in marks:
                raise Refusal("3.3", f"there is one Flo and she is at {node}")
    emit("marker-placed", {"unit": unit.id, "node": unit.node, "marker": marker})


def top(ctx: Context, state: GameState, command: dict, emit: Emit) -> None:
    """6.2: the owner chooses which unit is on top of a stack (the one the other side sees)."""
    unit = _unit(state, command)
    if unit.status != ACTIVE:
        raise Refusal("6.2", f"{unit.id} is not on the map")
    emit("unit-topped", {"unit": unit.id})
