"""What every chart shares: summing named factors, looking a score up in a banded table, dice like 2d6, and a
chart's lines as the log itemizes them (each factor in the chart's own words, the row a score falls in)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.rules.mood_chart import Modifier, Row

R = TypeVar("R", bound="Row")


def row_for(rows: Sequence[R], score: int) -> R:
    """The row of a banded table that a score falls in."""
    for row in rows:
        if row.upto is None or score <= row.upto:
            return row
    raise AssertionError("a checked table always ends with an open row")


def factors(known: dict[str, Modifier], counts: dict[str, int], section: str) -> dict[str, int]:
    """Each named factor's worth (its value times its count); unknown names and bad counts refused."""
    worth = {}
    for name, count in counts.items():
        if name not in known:
            raise RefereeError(f"{section}: unknown modifier {name!r} (known: {', '.join(known)})")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise RefereeError(f"{section}: the count of {name!r} must be a whole number 0 or more, got {count!r}")
        if count:
            worth[name] = known[name].value * count
    return worth


def roll_dice(expression: str, dice: Dice, purpose: str) -> tuple[int, list[int]]:
    """Roll dice written as `2d6`: the total and the faces."""
    count, sides = (int(part) for part in expression.split("d"))
    faces = [dice.roll(purpose, sides).value for _ in range(count)]
    return sum(faces), faces


def factor_lines(known: dict[str, Modifier], counts: dict[str, int], worth: dict[str, int], section: str,
                 who: str = "") -> list[dict[str, Any]]:
    """A line for each factor that counted (`worth`, as the chart's factors gave it): the chart's words, its count
    where it counts more than once, its worth; `who` names the figure where a line is one of two sides'."""
    return [item(f"{who}{known[name].label}" + (f" ×{counts[name]}" if counts.get(name, 1) > 1 else ""), value, section)
            for name, value in worth.items()]


def band(rows: Sequence[Row], score: int) -> str:
    """The scores of the row a score falls in, as the table prints them: "5 to 6", "-3 or less", "9 or more"."""
    found = row_for(rows, score)
    at = next(i for i, row in enumerate(rows) if row is found)
    low = None if at == 0 else rows[at - 1].upto
    if low is None and found.upto is None:
        return "any score"
    if low is None:
        return f"{found.upto} or less"
    if found.upto is None:
        return f"{low + 1} or more"
    return str(found.upto) if found.upto == low + 1 else f"{low + 1} to {found.upto}"
