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
    dice: tuple[int, ...]


def petrol_bomb(tables: Tables, figures: int, dice: Dice) -> tuple[list[int], int]:
    """Figures under petrol-bomb attack: a d6 each, and how many are burned (wounded)."""
    rolls = [dice.roll("petrol bomb", tables.petrol_bomb.die).value for _ in range(figures)]
    return rolls, sum(roll >= tables.petrol_bomb.hit_on for roll in rolls)


class _Turn:
    def __init__(self, tables: Tables, buildings: dict[str, Building], dice: Dice):
        self.tables, self.buildings, self.dice = tables, dict(buildings), dice
        self.events: list[str] = []
        self.faces: list[int] = []

    def roll(self, purpose: str, sides: int) -> int:
        face = self.dice.roll(purpose, sides).value
        self.faces.append(face)
        return face

    def work(self, engine: Engine) -> Engine:
        """One engine's turn: connect to a hydrant, or play its hose on the fires where it stands."""
        f = self.tables.fires
        if engine.action not in ACTIONS:
            raise Refusal(f.section, f"{engine.id}: action must be one of {', '.join(ACTIONS)}, got {engine.action!r}")
        if engine.at not in self.buildings:
            raise Refusal(f.section, f"{engine.id} stands at unknown building {engine.at!r}")
        if engine.action == "connect":
            done = engine.connecting + 1 >= f.hydrant_turns
            self.events.append(f"{engine.id} {'connects to' if done else 'is connecting to'} a hydrant")
            return replace(engine, hydrant=engine.hydrant or done, connecting=0 if done else engine.connecting + 1)
        if engine.action == "idle":
            return engine
        if engine.crew < f.hose_crew:
            raise Refusal(f.section, f"{engine.id}: it takes {f.hose_crew} fire-fighters to man the hose, it has {engine.crew}")
        if engine.water <= 0 and not engine.hydrant:
            raise Refusal(f.section, f"{engine.id} is out of water: connect to a hydrant first (one turn)")
        building = self.buildings[engine.at]
        crew = engine.crew
        if building.fires >= f.petrol_bomb_from:
            rolls, burned = petrol_bomb(self.tables, crew, self.dice)
            self.faces.extend(rolls)
            crew -= burned
            if burned:
                self.events.append(f"{burned} of {engine.id}'s crew burned fighting {building.fires} fires at {building.id}")
        out = min(building.fires, self.roll(f"{engine.id}: fires put out", f.engine_die))
        self.buildings[building.id] = replace(building, fires=building.fires - out)
        self.events.append(f"{engine.id} puts out {out} fire{'s' * (out != 1)} at {building.id}")
        return replace(engine, crew=crew, water=engine.water - (0 if engine.hydrant else 1))

    def burn(self) -> None:
        """Every burning building loses a point per fire, may grow a fire, and may spread one."""
        die, spreading = self.tables.fires.die, []
        for building in list(self.buildings.values()):
            if not building.fires:
                continue
            fires, value = building.fires, max(building.value - building.fires, 0)
            grows = self.roll(f"{building.id}: fire grows?", die) <= fires
            self.buildings[building.id] = replace(building, value=value, fires=fires + grows)
            self.events.append(f"{building.id} burns: value {value}" + (f", a fire grows ({fires + grows})" if grows else ""))
            if building.adjacent and fires > 1 and self.roll(f"{building.id}: fire spreads?", die) < fires:
                pick = 0 if len(building.adjacent) == 1 else self.roll(f"{building.id}: spreads to", len(building.adjacent)) - 1
                spreading.append((building.id, building.adjacent[pick]))
        for source, target in spreading:
            self.buildings[target] = replace(self.buildings[target], fires=self.buildings[target].fires + 1)
            self.events.append(f"fire spreads from {source} to {target}")


def fire_turn(tables: Tables, buildings: dict[str, Building], engines: list[Engine], dice: Dice) -> FireTurn:
    """One turn of fire: the engines work first, then every fire burns, grows and spreads.

    Fires that spread this turn burn from the next; growth and spread both read the fires a building
    had before it grew (a single fire cannot spread, so no die is rolled for it).
    """
    for building in buildings.values():
        for other in building.adjacent:
            if other not in buildings:
                raise Refusal(tables.fires.section, f"{building.id} is next to unknown building {other!r}")
    turn = _Turn(tables, buildings, dice)
    worked = tuple(turn.work(engine) for engine in engines)
    turn.burn()
    return FireTurn(turn.buildings, worked, tuple(turn.events), tuple(turn.faces))
