"""THE PLAYING PIECES, NATIONAL GUARD, TAC UNITS: the unit types, their levels, strengths and movement, and the
counter mix. Everything is counted in platoons and groups (BREAKING DOWN AND BUILDING UP UNITS, D): a company,
a crowd or a Guard battalion stands for three of them (`count` 3)."""

from __future__ import annotations

from dataclasses import dataclass

POLICE = "police"  # the blue player: regular police, Tac and National Guard
DEMONSTRATORS = "demonstrators"  # the green player
SIDES = (POLICE, DEMONSTRATORS)
SIZES = (1, 3)  # a platoon, group or Guard company; a company, crowd or Guard battalion


@dataclass(frozen=True)
class UnitType:
    """One kind of unit: its side, and per level (level 1 first) the conflict strength and movement of one
    platoon or group; a type without levels has one entry and `levels` False."""

    name: str
    side: str
    strengths: tuple[int, ...]
    movements: tuple[int, ...]
    levels: bool = True
    sizes: tuple[int, ...] = SIZES
    removable: bool = True  # goes out of the game when it must go down from its last level (Tac does not)

    @property
    def lowest(self) -> int:
        """The last level (3 for the police, 4 for the demonstrators, 1 for a type without levels)."""
        return len(self.strengths)

    def strength(self, level: int) -> int:
        """The conflict strength of one platoon or group at `level`."""
        return self.strengths[level - 1]


TYPES = {t.name: t for t in (
    UnitType("police", POLICE, (4, 3, 2), (3, 3, 3)),  # 4-3/12-3, 3-3/9-3, 2-3/6-3
    UnitType("tac", POLICE, (5,), (3,), levels=False, sizes=(1,), removable=False),  # 5-3, no companies
    UnitType("guard", POLICE, (3,), (2,), levels=False),  # 3-2 companies, 9-2 battalions
    UnitType("demonstrator", DEMONSTRATORS, (12, 9, 6, 3), (2, 2, 1, 1)),  # 12-2/36-2 ... 3-1/9-1
)}

#: (type, level): how many platoons or groups the counter mix holds (THE PLAYING PIECES, NATIONAL GUARD)
COUNTER_MIX = {("police", 1): 40, ("police", 2): 49, ("police", 3): 21, ("tac", 1): 6, ("guard", 1): 12,
               ("demonstrator", 1): 20, ("demonstrator", 2): 20, ("demonstrator", 3): 25, ("demonstrator", 4): 34}


def rank(kind: UnitType, level: int) -> int:
    """The order in which a side's platoons or groups are affected, lowest first (ATTRITION RULE): a level-4
    group before a level-3, a level-3 platoon before a level-2, regular police before the National Guard
    ("higher than level 1 units") and the Guard before Tac ("the last to be affected")."""
    if kind.name == "guard":
        return 3
    if kind.name == "tac":
        return 4
    return kind.lowest - level


def other(side: str) -> str:
    """The other side."""
    return DEMONSTRATORS if side == POLICE else POLICE
