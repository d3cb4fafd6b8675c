"""Looting: loot units in a property, looters carrying them off, looters breaking away from a crowd."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.rules.charts import roll_dice

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables


def loot_units(tables: Tables, value: int) -> int:
    """The loot in a property: half its value, kept within 5 and 50."""
    lt = tables.looting
    return min(max(value * lt.loot_share // 100, lt.loot_min), lt.loot_max)


def capacity(tables: Tables, looters: int, cars: int = 0, vans: int = 0) -> int:
    """What a looter crowd can carry off: a unit per looter, plus 5 per car and 10 per van (pickups)."""
    return looters + cars * tables.looting.car + vans * tables.looting.van


def _limits(loot: int, looters: int, carrying: int, can_carry: int) -> list[tuple[str, int]]:
    """What a turn's looting takes, a line each: a unit per looter, fewer where the loot or their room runs out."""
    lines = [(f"{looters} looters, a Loot Unit each", looters)]
    if loot < looters:
        lines.append((f"only {loot} Loot Units left", loot - looters))
    room, reached = max(can_carry - carrying, 0), min(loot, looters)
    if room < reached:
        lines.append((f"room for {room} more", room - reached))
    return lines


def taken(loot: int, looters: int, carrying: int, can_carry: int) -> int:
    """Loot taken in one turn after the break-in: one unit per looter, while it lasts and they have room."""
    return sum(units for _, units in _limits(loot, looters, carrying, can_carry))


def haul(tables: Tables, value: int, loot: int, looters: int, carrying: int, can_carry: int) -> tuple[int, list[dict[str, Any]]]:
    """A turn's looting after the break-in: the Loot Units taken, and the lines of what it costs the property's
    value (a point a unit carried off, never below 0: Property Damage)."""
    lines = [item(line, units, tables.looting.section) for line, units in _limits(loot, looters, carrying, can_carry)]
    took = sum(line["value"] for line in lines)
    if took > value:
        lines.append(item(f"only {value} points left", value - took, tables.property.section))
    return took, lines


def breakaway(tables: Tables, dice: Dice) -> int:
    """Looters in a normal crowd: once its RL permits looting, 1d6 members break off to loot for good."""
    return dice.roll("looters break away", tables.looting.die).value


def escape(tables: Tables, dice: Dice) -> int:
    """Inches looters burdened with loot make in a turn as they leave (1d6)."""
    return roll_dice(tables.looting.escape, dice, "looters escape")[0]
