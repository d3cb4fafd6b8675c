"""The Counter Manifest and the setup instructions: every unit of the game, its id, and where it starts.

The factors are the unit types' (units.py); the manifest only counts them. Ids are the faction's name and a
number ("Anarchists 1" ... "Anarchists 8", "SPD 1" ... "SPD 15"). The 11 markers (6 Barricades, 4 EI markers,
the Turn marker) make the total 96; they are not units.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core import units as core
from referee.core.dice import Dice
from referee.rulesets.bos.rules.units import CROWD, GROUP, TYPES

#: (type, the name its counters are numbered under, how many), in the manifest's order
MANIFEST = (
    ("anarchist", "Anarchists", 8),
    ("radical", "Radicals", 12),
    ("labor", "Labor", 12),
    ("liberal", "Liberals", 12),
    ("environmentalist", "Environmentalists", 8),
    ("yahoo", "Yahoos", 10),
    ("spd", "SPD", 15),
    ("national_guard", "National Guard", 4),
    ("state_trooper", "State Troopers", 4),
)
BARRICADES = 6  # markers (5.2, 7.2)
MARKERS = BARRICADES + 2 + 2 + 1  # Barricades, Protester and Authority EI markers, the Turn marker

# Where a unit is: an area of the map, or one of these (CONTRACT.md's statuses).
OFF_MAP, RESERVE, SCHEDULED, REMOVED = core.OFF_MAP, core.RESERVE, "scheduled", core.REMOVED
# The off-map piles a unit waits in (setup, 4.21): the Protester's two piles and the Authority's units aside.
GROUPS, CROWDS, AUTHORITY_ASIDE = "groups", "crowds", "authority"

START_AREA = "convention-centre"  # setup: 1 SPD unit in the Convention Centre
AUTHORITY_EI, PROTESTER_EI = 30, 0  # setup: each side's Exposure Index
OPENING_CROWDS = 5  # setup: Crowds chosen at random and placed in the Downtown Core


@dataclass(frozen=True)
class Counter:
    """One unit of the counter mix: its id and its type's name (units.TYPES)."""

    id: str
    type: str


COUNTERS = tuple(Counter(f"{name} {n}", kind) for kind, name, count in MANIFEST for n in range(1, count + 1))


def pile(counter: Counter) -> str:
    """The off-map pile a unit waits in (setup): Groups, Crowds, or the Authority's units set aside."""
    kind = TYPES[counter.type].kind
    return {GROUP: GROUPS, CROWD: CROWDS}.get(kind, AUTHORITY_ASIDE)


def start() -> dict[str, str]:
    """Where each unit stands before the Protester places his opening Crowds (setup): SPD 1 in the Convention
    Centre, every other unit off-map in its pile."""
    first_spd = next(c.id for c in COUNTERS if c.type == "spd")
    return {c.id: START_AREA if c.id == first_spd else OFF_MAP for c in COUNTERS}


def draw(pile_ids: tuple[str, ...], count: int, dice: Dice, purpose: str) -> tuple[str, ...]:
    """`count` units drawn at random from a pile (as many as it holds), one die of the pile's size a unit."""
    left, drawn = list(pile_ids), []
    for n in range(min(count, len(left))):
        drawn.append(left.pop(dice.roll(f"{purpose}: draw {n + 1}", len(left)).value - 1))
    return tuple(drawn)


def opening_crowds(dice: Dice) -> tuple[str, ...]:
    """The five Crowds the Protester player places in the Downtown Core (setup), drawn from his Crowd pile."""
    crowds = tuple(c.id for c in COUNTERS if pile(c) == CROWDS)
    return draw(crowds, OPENING_CROWDS, dice, "opening Crowds")
