"""Fires and firefighting: fires eat a property's value, grow, spread to neighbours, and are put out by engines."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import Refusal
from referee.text import plural

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables

ACTIONS = ("fight", "connect", "idle")


@dataclass(frozen=True)
class Building:
    """A property: its remaining value, its fires, and the buildings a fire can spread to."""

    id: str
    value: int
    fires: int = 0
    adjacent: tuple[str, ...] = ()


@dataclass(frozen=True)
class Engine:
    """A fire engine at a building: its crew, turns of water aboard, and whether it draws from a hydrant."""

    id: str
    at: str
    crew: int
    water: int
    hydrant: bool = False
    connecting: int = 0  # turns spent so far connecting to a hydrant
    action: str = "fight"


@dataclass(frozen=True)
class FireTurn:
    """The state after one turn of fire, what happened, in order, as short lines, and its `items` (`fight_fire`'s,
    then `burn`'s)."""

    buildings: dict[str, Building]
    engines: tuple[Engine, ...]
    events: tuple[str, ...]
    items: tuple[dict[str, Any], ...] = ()


def petrol_bomb(tables: Tables, figures: int, dice: Dice) -> tuple[list[int], int]:
    """Figures under petrol-bomb attack: a d6 each, and how many are burned (wounded)."""
    rolls = [dice.roll("petrol bomb", tables.petrol_bomb.die).value for _ in range(figures)]
    return rolls, sum(roll >= tables.petrol_bomb.hit_on for roll in rolls)


def connect(tables: Tables, engine: Engine) -> tuple[Engine, str]:
    """A turn spent connecting an engine to a hydrant: it draws water for good once connected."""
    done = engine.connecting + 1 >= tables.fires.hydrant_turns
    line = f"{engine.id} {'connects to' if done else 'is connecting to'} a hydrant"
    return replace(engine, hydrant=engine.hydrant or done, connecting=0 if done else engine.connecting + 1), line


def fight_fire(tables: Tables, building: Building, engine: Engine,
               dice: Dice) -> tuple[Building, Engine, list[str], list[dict[str, Any]]]:
    """An engine's hose on a building's fires for a turn: 1d6 put out, its crew at risk in strong fires. Its items:
    the fires put out (the die, and the fires there where it is more), and any crew burned."""
    f = tables.fires
    if engine.crew < f.hose_crew:
        raise Refusal(f.section, f"{engine.id}: it takes {f.hose_crew} fire-fighters to man the hose, it has {engine.crew}")
    if engine.water <= 0 and not engine.hydrant:
        raise Refusal(f.section, f"{engine.id} is out of water: connect to a hydrant first (one turn)")
    lines, items, crew = [], [], engine.crew
    if building.fires >= f.petrol_bomb_from:
        _, burned = petrol_bomb(tables, crew, dice)
        crew -= burned
        items.append(item(f"{engine.id}'s {engine.crew} crew in {building.fires} fires, a die each, burned on "
                          f"{tables.petrol_bomb.hit_on}:", f"{burned} burned", tables.petrol_bomb.section))
        if burned:
            lines.append(f"{burned} of {engine.id}'s crew burned fighting {building.fires} fires at {building.id}")
    roll = dice.roll(f"{engine.id}: fires put out", f.engine_die).value
    out = min(building.fires, roll)
    items.append(item(f"{engine.id} puts out 1d{f.engine_die}", -roll, f.section))
    if out < roll:
        items.append(item(f"only {plural(building.fires, 'fire')} at {building.id}", roll - out, f.section))
    lines.append(f"{engine.id} puts out {out} fire{'s' * (out != 1)} at {building.id}")
    engine = replace(engine, crew=crew, water=engine.water - (0 if engine.hydrant else 1))
    return replace(building, fires=building.fires - out), engine, lines, items


def burn(tables: Tables, buildings: dict[str, Building],
         dice: Dice) -> tuple[dict[str, Building], list[str], list[dict[str, Any]]]:
    """Every burning building loses a point per fire, may grow a fire, and may spread one; with the lines of it
    all, whose points add up to the value lost.

    Growth and spread read the fires a building had before it grew (a single fire cannot spread, so
    no die is rolled for it); a fire that spreads burns from the next turn; a die picks among neighbours.
    """
    f = tables.fires
    die, buildings, lines, items, spreading = f.die, dict(buildings), [], [], []
    for building in list(buildings.values()):
        if not building.fires:
            continue
        fires, value = building.fires, max(building.value - building.fires, 0)
        items.append(item(f"{building.id}, {plural(fires, 'fire')}, a point each", fires, f.section))
        if building.value < fires:
            items.append(item(f"{building.id}, only {building.value} points left", building.value - fires, f.section))
        roll = dice.roll(f"{building.id}: fire grows?", die).value
        grows = roll <= fires
        items.append(item(f"{building.id}, a fire grows on {fires} or less, die {roll}:",
                          f"fires = {fires + 1}" if grows else "no growth", f.section))
        buildings[building.id] = replace(building, value=value, fires=fires + grows)
        lines.append(f"{building.id} burns: value {value}" + (f", a fire grows ({fires + grows})" if grows else ""))
        if not (building.adjacent and fires > 1):
            continue
        roll, target = dice.roll(f"{building.id}: fire spreads?", die).value, None
        if roll < fires:
            pick = 0
            if len(building.adjacent) > 1:
                pick = dice.roll(f"{building.id}: spreads to", len(building.adjacent)).value - 1
            target = building.adjacent[pick]
            spreading.append((building.id, target))
        items.append(item(f"{building.id}, a fire spreads under {fires}, die {roll}:",
                          f"to {target}" if target else "no spread", f.section))
    for source, target in spreading:
        buildings[target] = replace(buildings[target], fires=buildings[target].fires + 1)
        lines.append(f"fire spreads from {source} to {target}")
    return buildings, lines, items


def fire_turn(tables: Tables, buildings: dict[str, Building], engines: list[Engine], dice: Dice) -> FireTurn:
    """One turn of fire: the engines work first (connect, fight or stand idle), then every fire burns."""
    section = tables.fires.section
    for building in buildings.values():
        for other in building.adjacent:
            if other not in buildings:
                raise Refusal(section, f"{building.id} is next to unknown building {other!r}")
    buildings, lines, items, worked = dict(buildings), [], [], []
    for engine in engines:
        if engine.action not in ACTIONS:
            raise Refusal(section, f"{engine.id}: action must be one of {', '.join(ACTIONS)}, got {engine.action!r}")
        if engine.at not in buildings:
            raise Refusal(section, f"{engine.id} stands at unknown building {engine.at!r}")
        if engine.action == "connect":
            engine, line = connect(tables, engine)
            lines.append(line)
        elif engine.action == "fight":
            buildings[engine.at], engine, done, fought = fight_fire(tables, buildings[engine.at], engine, dice)
            lines += done
            items += fought
        worked.append(engine)
    buildings, burned, burnt = burn(tables, buildings, dice)
    return FireTurn(buildings, tuple(worked), tuple(lines + burned), tuple(items + burnt))
