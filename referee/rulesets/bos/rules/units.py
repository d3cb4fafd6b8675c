"""2.1 and the Counter Manifest: the unit types, their side, kind and factors (Combat-Morale-Movement)."""

from __future__ import annotations

from dataclasses import dataclass

AUTHORITY = "authority"
PROTESTER = "protester"
SIDES = (AUTHORITY, PROTESTER)

GROUP = "group"  # 2.1: Anarchist, Radical and Yahoo units; 25-50 activists
CROWD = "crowd"  # 2.1: the other Protester units; 500-800 demonstrators, Movement Factor 1
POLICE = "police"  # 2.1: SPD, State Troopers, National Guard


@dataclass(frozen=True)
class UnitType:
    """One kind of counter: its side, kind and factors as printed (Combat-Morale-Movement)."""

    name: str
    side: str
    kind: str
    combat: int
    morale: int
    movement: int


TYPES = {t.name: t for t in (
    UnitType("anarchist", PROTESTER, GROUP, 2, 5, 3),
    UnitType("radical", PROTESTER, GROUP, 2, 4, 3),
    UnitType("labor", PROTESTER, CROWD, 1, 3, 1),
    UnitType("liberal", PROTESTER, CROWD, 2, 2, 1),
    UnitType("environmentalist", PROTESTER, CROWD, 2, 3, 1),
    UnitType("yahoo", PROTESTER, GROUP, 1, 2, 3),
    UnitType("spd", AUTHORITY, POLICE, 4, 4, 3),
    UnitType("national_guard", AUTHORITY, POLICE, 2, 6, 3),
    UnitType("state_trooper", AUTHORITY, POLICE, 3, 5, 3),
)}


def other(side: str) -> str:
    """The other side."""
    return PROTESTER if side == AUTHORITY else AUTHORITY
