"""Property on the table: crowds damaging and looting buildings, fires started, engines fighting them."""

from __future__ import annotations

from typing import Any

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import Refusal
from referee.rules.moods import level
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.care import casualty_ids
from referee.rulesets.wallman.rules.damage import damage as attack_property
from referee.rulesets.wallman.rules.damage import wreck_fire
from referee.rulesets.wallman.rules.fires import Building, Engine, connect, fight_fire
from referee.rulesets.wallman.rules.looting import capacity, haul
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.setup import tables

DAMAGE, LOOTING, FIRES, SUPPLIES = "Property Damage", "Looting", "Fires and Firefighting", "Supplies and Ammunition"


def _acting(state: GameState, who: Unit, section: str) -> None:
    if who.id in state.local["acted"]:
        raise Refusal(section, f"{who.id} has already acted this turn")


def _crowd_at(ctx: Context, state: GameState, command: dict, section: str, permits: str) -> tuple[Unit, str]:
    """The crowd and building a command names: the crowd there, its RL permitting the deed."""
    crowd = lookup.unit(state, command, "crowd", CROWD, section)
    name = lookup.building(ctx, command)
    lookup.at_building(ctx, crowd, name, section)
    _acting(state, crowd, section)
    lvl = level(tables(ctx).rl, crowd.attrs["rl"])
    if not getattr(lvl, permits):
        raise Refusal(section, f"at RL {crowd.attrs['rl']} ({lvl.name}) {crowd.id} does not {permits} "
                               f"(RL State Chart, reconstructed)")
    return crowd, name


def damage(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "damage", "crowd", "building"}`: a crowd set on damage rolls 1d6 per 10 figures."""
    crowd, name = _crowd_at(ctx, state, command, DAMAGE, "damage")
    tally = Tally(dice)
    hit = attack_property(tables(ctx), state.local["buildings"][name]["value"], tally, crowd.factors["strength"])
    emit("damaged", {"crowd": crowd.id, "building": name, "points": hit.points, "value": hit.value,
                     "wreck": hit.wreck, "fire": hit.fire, ITEMS: list(hit.items)}, tuple(tally.rolls))


def loot(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "loot", "crowd", "building"}`: the crowd's looters break in (a turn), then carry off a
    loot unit each a turn; a building already stripped, they set on fire."""
    crowd, name = _crowd_at(ctx, state, command, LOOTING, "loot")
    looters = crowd.attrs.get("looters", 0)
    if not looters:
        raise Refusal(LOOTING, f"{crowd.id} has no looters among it")
    place = state.local["buildings"][name]
    if place["fires"]:
        raise Refusal(FIRES, f"crowds will not enter burning buildings ({name} has {place['fires']} fires)")
    t, tally = tables(ctx), Tally(dice)
    if not place["broken"]:
        hit = attack_property(t, place["value"], tally, break_in=True)
        emit("broke-in", {"crowd": crowd.id, "building": name, "points": hit.points, "value": hit.value,
                          "wreck": hit.wreck, "fire": hit.fire, ITEMS: list(hit.items)}, tuple(tally.rolls))
        return
    if not place["loot"]:
        emit("fire-started", {"building": name, "by": crowd.id, "why": "looted already", ITEMS: [_looters_fire()]})
        return
    can_carry, carrying = capacity(t, looters), crowd.attrs.get("carrying", 0)
    took, items = haul(t, place["value"], place["loot"], looters, carrying, can_carry)
    fire = False
    if place["value"] == 0:
        _, fire, line = wreck_fire(t, tally)
        items.append(line)
    emit("looted", {"crowd": crowd.id, "building": name, "taken": took, "value": max(place["value"] - took, 0),
                    "full": carrying + took >= can_carry, "fire": fire, ITEMS: items}, tuple(tally.rolls))


def _looters_fire() -> dict[str, Any]:
    """The fire looters start in a property already looted ("If it has already been looted, they start fires")."""
    return item("looters in a property already looted", 1, LOOTING)


def start_fire(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "fire", "building", "crowd"}`: a fire starts. With a crowd: looters in a stripped building,
    or petrol bombs at RL 8 where the scenario allows them, once every 4 turns; without, at the umpire's word."""
    name = lookup.building(ctx, command)
    if "crowd" not in command:
        emit("fire-started", {"building": name, "by": None, "why": "umpire", ITEMS: [item("the umpire's word", 1, FIRES)]})
        return
    crowd = lookup.unit(state, command, "crowd", CROWD, FIRES)
    lookup.at_building(ctx, crowd, name, FIRES)
    lvl, place = level(tables(ctx).rl, crowd.attrs["rl"]), state.local["buildings"][name]
    if place["broken"] and not place["loot"] and lvl.loot:
        emit("fire-started", {"building": name, "by": crowd.id, "why": "set", ITEMS: [_looters_fire()]})
        return
    if not (ctx.options.get("petrol_bombs") == "on" and lvl.petrol_bombs):
        raise Refusal(FIRES, f"{crowd.id} has no means to fire {name}: looters fire a stripped building, "
                             f"and petrol bombs need RL 8 and the scenario's leave")
    last, every = crowd.attrs.get("bombed"), tables(ctx).petrol_bomb.every
    if last is not None and state.turn < last + every:
        raise Refusal(SUPPLIES, f"{crowd.id} threw petrol bombs in turn {last}: a crowd uses them once every "
                                f"{every} turns (next in turn {last + every})")
    emit("fire-started", {"building": name, "by": crowd.id, "why": "petrol bomb",
                          ITEMS: [item(f"petrol bombs at RL {crowd.attrs['rl']}, once every {every} turns", 1, SUPPLIES)]})


def _engine(ctx: Context, state: GameState, command: dict) -> Unit:
    engine = lookup.unit(state, command, "engine", SECURITY, FIRES)
    if engine.type != "firefighters":
        raise Refusal(FIRES, f"{engine.id} is not a fire engine")
    _acting(state, engine, FIRES)
    return engine


def hosing(ctx: Context, state: GameState, command: dict) -> tuple[Unit, Building, Engine]:
    """The engine a `firefight` command sends, the burning building it plays its hose on, and the engine as the fire
    rules take it there, checked before any die (Fires and Firefighting)."""
    unit = _engine(ctx, state, command)
    name = lookup.building(ctx, command)
    lookup.at_building(ctx, unit, name, FIRES)
    place = state.local["buildings"][name]
    if not place["fires"]:
        raise Refusal(FIRES, f"{name} is not on fire")
    return unit, Building(name, place["value"], place["fires"]), _as_engine(unit, name)


def _as_engine(unit: Unit, at: str) -> Engine:
    a = unit.attrs
    return Engine(unit.id, at, unit.factors["strength"], a.get("water", 0), a.get("hydrant", False), a.get("connecting", 0))


def firefight(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "firefight", "engine", "building"}`: an engine at the building plays its hose for a turn."""
    unit, building, engine = hosing(ctx, state, command)
    name = building.id
    tally = Tally(dice)
    after, engine, lines, items = fight_fire(tables(ctx), building, engine, tally)
    burned = casualty_ids(state, unit.factors["strength"] - engine.crew)
    emit("fire-fought", {"engine": unit.id, "building": name, "fires": after.fires, "crew": engine.crew,
                         "water": engine.water, "lines": lines, "casualties": dict.fromkeys(burned, "wounded"),
                         ITEMS: items}, tuple(tally.rolls))


def hydrant(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "hydrant", "engine"}`: an engine spends the turn connecting to a hydrant where it stands."""
    unit = _engine(ctx, state, command)
    if "hydrant" not in ctx.scenario.board.nodes[unit.site].features:
        raise Refusal(FIRES, f"there is no hydrant at {unit.node}")
    if unit.attrs.get("hydrant"):
        raise Refusal(FIRES, f"{unit.id} is already connected to a hydrant")
    engine, _ = connect(tables(ctx), _as_engine(unit, unit.site))
    emit("hydrant", {"engine": unit.id, "connected": engine.hydrant, "connecting": engine.connecting})
