"""Property damage: crowds and looters knock points off a building's value until it is a wreck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables


@dataclass(frozen=True)
class Damage:
    """What an attempt at damage did: the dice, the points lost, the value left, and any fire started; `items`,
    each die and the value's floor (adding up to the points lost), or the wreck's die for a fire."""

    rolls: tuple[int, ...]
    points: int
    value: int
    wreck: bool
    fire_roll: int | None = None
    fire: bool = False
    items: tuple[dict[str, Any], ...] = ()


def damage_dice(tables: Tables, figures: int) -> int:
    """Dice for a crowd set on damage: 1d6 per 10 figures, to the nearest ten, at least one."""
    per = tables.property.figures_per_die
    return max((figures + per // 2) // per, 1)


def damage(tables: Tables, value: int, dice: Dice, figures: int = 0, break_in: bool = False) -> Damage:
    """A crowd of `figures` (or looters breaking in) attacks a building worth `value`.

    On a wreck (value 0) there is no more to break: each attempt starts a fire on 1 in 6.
    """
    p = tables.property
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RefereeError(f"{p.section}: a property value is a whole number 0 or more, got {value!r}")
    if not break_in and (not isinstance(figures, int) or isinstance(figures, bool) or figures < 1):
        raise RefereeError(f"{p.section}: a crowd doing damage has 1 or more figures, got {figures!r}")
    if value == 0:
        roll, fire, line = wreck_fire(tables, dice)
        return Damage((), 0, 0, True, roll, fire, (line,))
    count = p.break_in if break_in else damage_dice(tables, figures)
    rolls = tuple(dice.roll("break-in" if break_in else "property damage", p.die).value for _ in range(count))
    left = max(value - sum(rolls), 0)
    why = "looters breaking in" if break_in else f"{figures} figures, a die per {p.figures_per_die}"
    items = [item(f"{why}:", f"{count}d{p.die}", p.section), *(item(f"d{p.die}", roll, p.section) for roll in rolls)]
    if sum(rolls) > value:
        items.append(item(f"only {value} points left (a wreck)", value - sum(rolls), p.section))
    return Damage(rolls, value - left, left, left == 0, items=tuple(items))


def wreck_fire(tables: Tables, dice: Dice) -> tuple[int, bool, dict[str, Any]]:
    """A further attempt on a wreck (damage or looting): its die, whether a fire starts (1 in 6), and the line."""
    p = tables.property
    roll = dice.roll("wreck: fire?", p.die).value
    fire = roll <= p.wreck_fire
    return roll, fire, item(f"a wreck, {p.wreck_fire} in {p.die} for a fire, die {roll}:", "a fire" if fire else "no fire",
                           p.section)
