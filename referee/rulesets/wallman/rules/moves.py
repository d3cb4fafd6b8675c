"""Movement (Wallman): security forces on foot, mounted or in vehicles; crowds moved or drifting by their RL."""

from __future__ import annotations

from collections import deque

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import Refusal
from referee.rules.charts import roll_dice
from referee.rules.moods import level
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.actions import PLAYER_ACTIONS, one_action
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.setup import tables

MOVEMENT, CROWDS, LOOTING = "Movement", "Crowds", "Looting"
STARTING_VEHICLE = 2  # places a vehicle that stood still last turn may cover (RULINGS.md)
RUN = 2  # a running officer covers twice his walk (Player Actions)


def reach(ctx: Context, state: GameState, start: str) -> dict[str, int]:
    """Places a security unit can get to, with the links it takes: a place held by a crowd can be
    entered but not passed through."""
    dist, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        if node != start and state.stacks[CROWD].get(node):
            continue
        for near in ctx.scenario.board.adjacency[node]:
            if near not in dist:
                dist[near] = dist[node] + 1
                queue.append(near)
    return dist


def places_a_turn(unit) -> int:
    """The places a unit covers in a turn from a standstill (a vehicle under way goes any distance)."""
    return STARTING_VEHICLE if unit.attrs.get("vehicle") else unit.factors["movement"]


def allowance(state: GameState, unit) -> int | None:
    """How many places a unit may cover this turn; None for a vehicle under way (any distance)."""
    return None if unit.attrs.get("vehicle") and unit.id in state.local["moved_before"] else places_a_turn(unit)


def move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "move", "unit", "to", "run"}`: a security unit or officer moves once a turn, along the streets.

    An officer walks for free; running (twice as far) is his action for the turn."""
    unit = lookup.unit(state, command, "unit", SECURITY, MOVEMENT)
    to = lookup.place(ctx, command, "to")
    run = command.get("run", False)
    if unit.id in state.local["moved"]:
        raise Refusal(MOVEMENT, f"{unit.id} has already moved this turn")
    if run and unit.type != "officer":
        raise Refusal(PLAYER_ACTIONS, f"only a player's personal figure runs as his action; {unit.id} moves at its pace")
    if run:
        one_action(state, unit)
    refusal = out_of_reach(ctx, state, unit, to, run)
    if refusal:
        raise refusal
    links = reach(ctx, state, unit.site)[to]
    emit("unit-moved", {"unit": unit.id, "from": unit.node, "to": to, "places": links, "run": run})


def out_of_reach(ctx: Context, state: GameState, unit, to: str, run: bool) -> Refusal | None:
    """Why `unit` cannot get to `to` this turn, if it cannot (Movement): no way past the crowds, there already, or
    farther than it covers; the move's own check, for a form to show."""
    links = reach(ctx, state, unit.site).get(to)
    if links is None or links == 0:
        return Refusal(MOVEMENT, f"{unit.id} cannot get from {unit.node} to {to}: no way past the crowds" if links is None
                       else f"{unit.id} is already at {to}")
    most = allowance(state, unit)
    if most is not None and run:
        most *= RUN
    if most is not None and links > most:
        why = ("a vehicle starting from a standstill" if unit.attrs.get("vehicle")
               else f"{unit.id} {'running' if run else 'on foot'}")
        return Refusal(MOVEMENT, f"{to} is {links} places away; {why} covers {most} a turn")
    return None


def _shunned(ctx: Context, state: GameState, crowd) -> dict[str, dict[str, int]]:
    """What a crowd never moves closer to, with the distances from it: this turn's gunfire (Crowds), and the
    security forces for a looter crowd ("will always move away from SF", Looting)."""
    board, shunned = ctx.scenario.board, {}
    if state.local["shooting"]:
        shunned["the sound of gunfire"] = board.distances(state.local["shooting"])
    if crowd.type == "looters":
        shunned["the security forces (looters avoid confrontation)"] = board.distances(state.occupied(SECURITY))
    return shunned


def _closer(shunned: dict[str, dict[str, int]], start: str, to: str) -> str | None:
    """What `to` is closer to than `start`, of what the crowd shuns; None if nothing."""
    return next((what for what, dist in shunned.items() if dist.get(to, 99) < dist.get(start, 99)), None)


def crowd_move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "crowd-move", "crowd", "to"}`: the umpire moves a crowd to a neighbouring place."""
    crowd = lookup.unit(state, command, "crowd", CROWD, CROWDS)
    to = lookup.place(ctx, command, "to")
    refusal = crowd_move_refused(ctx, state, crowd, to)
    if refusal:
        raise refusal
    emit("crowd-moved", {"crowd": crowd.id, "from": crowd.node, "to": to, "why": "umpire"})


def crowd_move_refused(ctx: Context, state: GameState, crowd, to: str) -> Refusal | None:
    """Why the umpire may not move `crowd` to `to`, if he may not: one place at a time, never closer to what it
    shuns (Crowds, Looting); also what a form shows."""
    if to not in ctx.scenario.board.adjacency[crowd.site]:
        return Refusal(CROWDS, f"a crowd moves one place at a time: {to} is not next to {crowd.node}")
    closer = _closer(_shunned(ctx, state, crowd), crowd.site, to)
    if closer:
        return Refusal(CROWDS if "gunfire" in closer else LOOTING, f"{crowd.id} will not move closer to {closer} ({to})")
    return None


def _toward(ctx: Context, state: GameState, crowd, way: str) -> dict[str, int]:
    """Distances to what the crowd drifts toward (or, for `away`, from the security forces)."""
    board = ctx.scenario.board
    if way == "objective":
        goal = crowd.attrs.get("objective")
        goal = board.buildings[goal].node if goal in board.buildings else goal
        return board.distances([goal]) if goal in board.nodes else {}
    return board.distances(state.occupied(SECURITY))


def drift(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "drift", "crowd"}`: roll the crowd's drift for its RL and move it that way.

    A running crowd drifts away from the security forces, and so does a looter crowd the RL would send
    toward them; looters laden with loot leave at 1d6". A crowd covers a place for every full
    `place_inches` of its roll; where several ways are as good, a die picks one; never closer to gunfire
    (nor, for looters, to the security forces).
    """
    crowd = lookup.unit(state, command, "crowd", CROWD, CROWDS)
    if crowd.id in state.local["moved"]:
        raise Refusal(CROWDS, f"{crowd.id} has already moved this turn")
    t, laden = tables(ctx), crowd.attrs.get("burdened", False)
    lvl = level(t.rl, crowd.attrs["rl"])
    way = "away" if crowd.attrs.get("running") or laden else lvl.toward
    if crowd.type == "looters" and (way == "security forces" or ctx.options.get("looter_drift") == "away"):
        way = "away"
    tally = Tally(dice)
    inches, _ = roll_dice(t.looting.escape if laden else lvl.move, tally, f"{crowd.id} drifts")
    places = inches // max(ctx.scenario.board.place_inches, 1)
    dist, node, path = _toward(ctx, state, crowd, way), crowd.site, []
    shunned = _shunned(ctx, state, crowd)
    for _ in range(places):
        here = dist.get(node, 99)
        better = [n for n in ctx.scenario.board.adjacency[node] if not _closer(shunned, node, n)
                  and (dist.get(n, 99) > here if way == "away" else dist.get(n, 99) < here)]
        if not better:
            break
        node = better[0] if len(better) == 1 else better[tally.roll(f"{crowd.id}: which way", len(better)).value - 1]
        path.append(node)
    emit("crowd-moved", {"crowd": crowd.id, "from": crowd.node, "to": node, "why": way, "inches": inches,
                         "path": path}, tuple(tally.rolls))
