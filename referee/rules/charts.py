"""What every chart shares: summing named factors, looking a score up in a banded table, dice like 2d6."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from referee.core.dice import Dice
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.scenario.wallman_tables import Modifier, Row

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
