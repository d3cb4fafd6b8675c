"""The over-reaction test: a security-force unit under stress may act as its commander would not wish."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError
from referee.rules.charts import band, factor_lines, factors, row_for

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables

RUNS = "runs"


@dataclass(frozen=True)
class OverReaction:
    """The test's die, factors, score and result; `fire_roll` where an armed unit may shoot instead of running;
    `items`, the die and each factor (adding up to the score), the score's row, the second die."""

    unit_type: str
    roll: int
    modifiers: dict[str, int]
    score: int
    result: str
    text: str
    fire_roll: int | None = None
    opens_fire: bool = False
    items: tuple[dict[str, Any], ...] = ()


def over_reaction(tables: Tables, unit_type: str, counts: dict[str, int], dice: Dice) -> OverReaction:
    """Roll 1d6 for the unit, add its type's factor and the situation's, and read the result."""
    o = tables.overreaction
    if unit_type not in o.types:
        raise RefereeError(f"{o.section}: no factor for unit type {unit_type!r} (known: {', '.join(o.types)})")
    situation = factors(o.modifiers, counts, o.section)
    worth = {unit_type: o.types[unit_type]} | situation
    roll = dice.roll("over-reaction test", o.die).value
    score = roll + sum(worth.values())
    row = row_for(o.table, score)
    items = [item("die", roll, o.section), item(f"unit type {unit_type}", o.types[unit_type], o.section),
             *factor_lines(o.modifiers, counts, situation, o.section), item("score", f"= {score}", o.section),
             item(f"score {band(o.table, score)}:", row.result, o.section)]
    if row.result != RUNS or unit_type not in o.armed:
        return OverReaction(unit_type, roll, worth, score, row.result, row.text, items=tuple(items))
    fire_roll = dice.roll("over-reaction: open fire?", o.die).value
    opens_fire = fire_roll <= o.open_fire
    result, text = (("opens fire", "The unit opens fire on the crowd instead of running.") if opens_fire
                    else (row.result, row.text))
    items.append(item(f"{unit_type} may shoot instead, 1 to {o.open_fire} on a second die: {fire_roll}", result,
                      o.section))
    return OverReaction(unit_type, roll, worth, score, result, text, fire_roll, opens_fire, tuple(items))
