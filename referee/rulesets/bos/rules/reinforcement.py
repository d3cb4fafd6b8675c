"""The Exposure Index Reinforcement Table (4.21): units added or removed by each side's EI, and its Reaction
Move Limit (5.1).

An entry is fixed units plus a number of dice rolled (+2d6 is (0, 2)); a negative entry removes units. The
Authority's entry counts SPD units only. The reinforcement example of 4.21 (Authority EI 28: three SPD) reads
the SPD row one column to the left of the table (+2 at 28): option reading `example` (RULINGS.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.dice import Dice
from referee.errors import Refusal
from referee.rulesets.bos.rules.units import CROWD, GROUP

TABLE_READING, EXAMPLE_READING = "table", "example"  # readings of the SPD row

BANDS = ((0, 20), (21, 40), (41, 60), (61, 80), (81, 100), (101, None))  # EI columns, left to right


@dataclass(frozen=True)
class Entry:
    """One cell: `fixed` units plus the sum of `dice` d6; negative removes units."""

    fixed: int = 0
    dice: int = 0

    def count(self, dice: Dice, purpose: str) -> int:
        """The units it adds (positive) or removes (negative), rolling its dice."""
        return self.fixed + sum(dice.roll(f"{purpose}: die {n + 1}").value for n in range(self.dice))


GROUPS = (Entry(0, 2), Entry(0, 1), Entry(2), Entry(1), Entry(-1), Entry(-2))
CROWDS = (Entry(1), Entry(2), Entry(3), Entry(0, 1), Entry(0, 1), Entry(0, 2))
SPD = (3, 2, 1, 0, -1, -2)
REACTION = (0, 1, 2, 3, 4, 5)


def band(ei: int) -> int:
    """The column an Exposure Index falls in (an index is never below zero, 2.3)."""
    return next(i for i, (low, high) in enumerate(BANDS) if low <= ei and (high is None or ei <= high))


def reaction_limit(ei: int) -> int:
    """How many units the side may reaction-move (5.1)."""
    return REACTION[band(ei)]


def protester_due(ei: int, dice: Dice) -> dict[str, int]:
    """The Protester's Groups and Crowds to add (or remove, negative) this phase, Groups rolled first."""
    column = band(ei)
    return {GROUP: GROUPS[column].count(dice, "reinforcement Groups"),
            CROWD: CROWDS[column].count(dice, "reinforcement Crowds")}


def spd_due(ei: int, reading: str = TABLE_READING) -> int:
    """The SPD units the Authority adds (or removes, negative): the table's row, or read one column to the left."""
    column = band(ei)
    return SPD[max(0, column - 1) if reading == EXAMPLE_READING else column]


def settle(due: int, available: int, on_map: int, taken: int | None = None) -> int:
    """The units actually added (positive) or removed (negative) of one category (4.21).

    Additions come from those available off-map (no more than there are) and may be declined: `taken`, when
    given, is how many the player takes, at most what is due. Removals are obligatory, as many as stand on the
    map.
    """
    if due < 0:
        if taken is not None and taken != min(-due, on_map):
            raise Refusal("4.21", f"he must remove units when directed to do so ({min(-due, on_map)})")
        return -min(-due, on_map)
    most = min(due, available)
    if taken is None:
        return most
    if not 0 <= taken <= most:
        raise Refusal("4.21", f"he may take 0 to {most} units (due {due}, {available} available off-map), not {taken}")
    return taken
