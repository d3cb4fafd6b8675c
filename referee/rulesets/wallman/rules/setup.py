"""The opening state of a Wallman scenario: figures placed, crowds with their RL, buildings whole."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, RESERVE, Unit
from referee.errors import Faults, RefereeError
from referee.rules.moods import level, read_tables
from referee.rulesets.wallman.rules.looting import loot_units
from referee.rulesets.wallman.rules.phases import CROWD, PHASES, SECURITY

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables

DAMAGE = "damage"
FIREFIGHTERS = "firefighters"


def tables(ctx: Context) -> Tables:
    """The scenario's tables (its file `tables`, which a Wallman scenario must name), read once."""
    from referee.rulesets.wallman.tables import check

    return read_tables(ctx.scenario, check)


def initial_state(ctx: Context) -> GameState:
    """Units where the setup puts them, latecomers in reserve, every building at its full value; an engine
    without its `water` carries what the tables give it (Fires and Firefighting: "enough onboard water for 2
    turns")."""
    scenario, t = ctx.scenario, tables(ctx)
    location = {uid: node for node, ids in scenario.setup.placement.items() for uid in ids}
    arrival = {uid: group for group in scenario.arrivals for uid in group.units}
    faults = [fault for uid, unit in scenario.units.items() if unit.side == CROWD for fault in _crowd_faults(ctx, uid)]
    if faults:
        raise Faults(faults)
    units = {}
    for uid, unit in scenario.units.items():
        attrs = dict(unit.attrs)
        if unit.side == CROWD:
            separate = ctx.options.get("looters", "separate") == "separate"
            attrs |= {"looters": attrs.get("looters", 0) if separate else 0, "running": False,
                      "carrying": 0, "history": [[1, attrs["rl"]]]}
        if unit.type == FIREFIGHTERS:
            attrs.setdefault("water", t.fires.water_turns)
        if uid in location:
            node, status = location[uid], ACTIVE
        else:
            node, status = None, RESERVE
            attrs |= {"arrives": arrival[uid].turn, "edge": arrival[uid].edge}
        units[uid] = Unit(unit.id, unit.name, unit.side, unit.type, unit.factors, node, status, attrs)
    stacks: dict[str, dict[str, tuple[str, ...]]] = {SECURITY: {}, CROWD: {}}
    for node, ids in scenario.setup.placement.items():
        for uid in ids:
            side = stacks[units[uid].side]
            side[node] = side.get(node, ()) + (uid,)
    buildings = {b.id: {"value": b.value, "fires": 0, "loot": loot_units(t, b.value), "broken": False}
                 for b in scenario.board.buildings.values()}
    local = {"buildings": buildings, "casualties": {}, "firearm_casualties": 0, "sniper_shots": {}, "spotted": [],
             "snipers_down": []} | fresh_turn([])
    return GameState(turn=1, phase=PHASES[0], units=units, stacks=stacks, scores={DAMAGE: 0}, local=local)


def _crowd_faults(ctx: Context, uid: str) -> list[str]:
    """What is wrong with a crowd of the scenario as it starts: an RL the chart has not, an objective that is neither
    a place nor a building; [] where nothing is."""
    scenario, faults = ctx.scenario, []
    attrs = scenario.units[uid].attrs
    try:
        level(tables(ctx).rl, attrs.get("rl"))
    except RefereeError as error:
        faults.append(f"{error} (crowd {uid})")
    goal = attrs.get("objective")
    if goal is not None and goal not in scenario.board.nodes and goal not in scenario.board.buildings:
        faults.append(f"{scenario.id}: the objective of {uid}, {goal!r}, is neither a place nor a building")
    return faults


def fresh_turn(moved_before: list[str]) -> dict:
    """What a turn tracks, empty: who moved or acted, where there was shooting or gas, arrests per crowd,
    ambulance loads, snipers who fired or were fired on."""
    return {"moved": [], "moved_before": moved_before, "acted": [], "shooting": [], "gas": {}, "arrests": {},
            "fired_on": {}, "loaded": {}, "sniped": [], "under_fire": []}
