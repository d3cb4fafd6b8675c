"""Fires and firefighting: fires eat a property's value, grow, spread to neighbours, and are put out by engines."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from referee.core.dice import Dice
from referee.errors import Refusal

if TYPE_CHECKING:
    from referee.scenario.wallman_tables import Tables

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
    """The state after one turn of fire, and what happened, in order, as short lines."""

    buildings: dict[str, Building]
    engines: tuple[Engine, ...]
    events: tuple[str, ...]


def petrol_bomb(tables: Tables, figures: int, dice: Dice) -> tuple[list[int], int]:
    """Figures under petrol-bomb attack: a d6 each, and how many are burned (wounded)."""
    rolls = [dice.roll("petrol bomb", tables.petrol_bomb.die).value for _ in range(figures)]
    return rolls, sum(roll >= tables.petrol_bomb.hit_on for roll in rolls)


def connect(tables: Tables, engine: Engine) -> tuple[Engine, str]:
    """A turn spent connecting an engine to a hydrant: it draws water for good once connected."""
    done = engine.connecting + 1 >= tables.fires.hydrant_turns
    line = f"{engine.id} {'connects to' if done else 'is connecting to'} a hydrant"
    return replace(engine, hydrant=engine.hydrant or done, connecting=0 if done else engine.connecting + 1), line


def fight_fire(tables: Tables, building: Building, engine: Engine, dice: Dice) -> tuple[Building, Engine, list[str]]:
    """An engine's hose on a building's fires for a turn: 1d6 put out, its crew at risk in strong fires."""
    f = tables.fires
    if engine.crew < f.hose_crew:
        raise Refusal(f.section, f"{engine.id}: it takes {f.hose_crew} fire-fighters to man the hose, it has {engine.crew}")
    if engine.water <= 0 and not engine.hydrant:
        raise Refusal(f.section, f"{engine.id} is out of water: connect to a hydrant first (one turn)")
    lines, crew = [], engine.crew
    if building.fires >= f.petrol_bomb_from:
        _, burned = petrol_bomb(tables, crew, dice)
        crew -= burned
        if burned:
            lines.append(f"{burned} of {engine.id}'s crew burned fighting {building.fires} fires at {building.id}")
    out = min(building.fires, dice.roll(f"{engine.id}: fires put out", f.engine_die).value)
    lines.append(f"{engine.id} puts out {out} fire{'s' * (out != 1)} at {building.id}")
    engine = replace(engine, crew=crew, water=engine.water - (0 if engine.hydrant else 1))
    return replace(building, fires=building.fires - out), engine, lines


def burn(tables: Tables, buildings: dict[str, Building], dice: Dice) -> tuple[dict[str, Building], list[str]]:
    """Every burning building loses a point per fire, may grow a fire, and may spread one.

    Growth and spread read the fires a building had before it grew (a single fire cannot spread, so
    no die is rolled for it); a fire that spreads burns from the next turn; a die picks among neighbours.
    """
    die, buildings, lines, spreading = tables.fires.die, dict(buildings), [], []
    for building in list(buildings.values()):
        if not building.fires:
            continue
        fires, value = building.fires, max(building.value - building.fires, 0)
        grows = dice.roll(f"{building.id}: fire grows?", die).value <= fires
        buildings[building.id] = replace(building, value=value, fires=fires + grows)
        lines.append(f"{building.id} burns: value {value}" + (f", a fire grows ({fires + grows})" if grows else ""))
        if building.adjacent and fires > 1 and dice.roll(f"{building.id}: fire spreads?", die).value < fires:
            pick = 0
            if len(building.adjacent) > 1:
                pick = dice.roll(f"{building.id}: spreads to", len(building.adjacent)).value - 1
            spreading.append((building.id, building.adjacent[pick]))
    for source, target in spreading:
        buildings[target] = replace(buildings[target], fires=buildings[target].fires + 1)
        lines.append(f"fire spreads from {source} to {target}")
    return buildings, lines


def fire_turn(tables: Tables, buildings: dict[str, Building], engines: list[Engine], dice: Dice) -> FireTurn:
    """One turn of fire: the engines work first (connect, fight or stand idle), then every fire burns."""
    section = tables.fires.section
    for building in buildings.values():
        for other in building.adjacent:
            if other not in buildings:
                raise Refusal(section, f"{building.id} is next to unknown building {other!r}")
    buildings, lines, worked = dict(buildings), [], []
    for engine in engines:
        if engine.action not in ACTIONS:
            raise Refusal(section, f"{engine.id}: action must be one of {', '.join(ACTIONS)}, got {engine.action!r}")
        if engine.at not in buildings:
            raise Refusal(section, f"{engine.id} stands at unknown building {engine.at!r}")
        if engine.action == "connect":
            engine, line = connect(tables, engine)
            lines.append(line)
        elif engine.action == "fight":
            buildings[engine.at], engine, done = fight_fire(tables, buildings[engine.at], engine, dice)
            lines += done
        worked.append(engine)
    buildings, burned = burn(tables, buildings, dice)
    return FireTurn(buildings, tuple(worked), tuple(lines + burned))
