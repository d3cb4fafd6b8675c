"""The Exposure Index: the combat lines of the EI Adjustment Chart, 2.3 (no index below zero), and the
itemization of every change, a line of the chart each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.core.events import item
from referee.rulesets.bos.rules.units import SIDES, other
from referee.text import plural

CHART = "EI Adjustment Chart"
BELOW_ZERO = "2.3"
GROUP_REMOVED = 2  # +2 Authority or -2 Protester (the Authority player's choice) per Group permanently removed
CROWD_REMOVED = -1  # -1 Authority (and -1d6 Protester) per Crowd permanently removed
MUNITIONS = -1  # Authority, per unit attacking with Special Munitions
AUTHORITY_REMOVED = 1  # Protester, per Authority unit temporarily removed by a combat result


@dataclass(frozen=True)
class Points:
    """One line of a chart as it changes one side's index: what it counted, its points, its section."""

    side: str
    line: str
    value: int
    section: str = CHART

    def item(self) -> dict[str, Any]:
        """The line as the event's itemization gives it, naming the index it changes."""
        return item(f"{self.side.capitalize()} EI: {self.line}", self.value, self.section)


def net(points: Sequence[Points]) -> dict[str, int]:
    """Each side's change: the sum of its lines."""
    return {side: sum(p.value for p in points if p.side == side) for side in SIDES}


def beyond_zero(before: dict[str, int], change: dict[str, int]) -> list[Points]:
    """2.3 as lines of its own: an index that would go below zero stops there (its points beyond zero given
    back) and those points are added to the other side's index."""
    lines = []
    for side in SIDES:
        beyond = -(before[side] + change[side])
        if beyond > 0:
            amount = plural(beyond, "point")
            lines += [Points(side, f"stops at zero ({amount} beyond zero)", beyond, BELOW_ZERO),
                      Points(other(side), f"{amount} beyond zero of the {side.capitalize()}", beyond, BELOW_ZERO)]
    return lines


def settle(before: dict[str, int], change: dict[str, int]) -> dict[str, int]:
    """The indices after a combat's net changes, applied at once (2.3): an index stops at zero and the
    points beyond zero are added to the other side's index."""
    transfers = net(beyond_zero(before, change))
    return {side: before[side] + change[side] + transfers[side] for side in SIDES}


@dataclass(frozen=True)
class Settled:
    """Changes applied under 2.3: the chart's net change, the indices after, every line as an item."""

    change: dict[str, int]
    after: dict[str, int]
    items: list[dict[str, Any]]


def settled(before: dict[str, int], points: Sequence[Points]) -> Settled:
    """The chart's lines applied at once under 2.3, itemized: the chart's lines, then 2.3's."""
    change = net(points)
    return Settled(change, settle(before, change), [p.item() for p in (*points, *beyond_zero(before, change))])
