"""The Random Events Table (4.1): every event and its effect, as data, and the d66 roll that finds it.

An event is either in effect this turn (its combat and movement limits), or done at once in the Random Events
and Reinforcement Phase (its EI points, units added or removed, emergency reinforcements hastened or delayed);
Folk Music Festival's Liberals stay away until the Morning turn of the following day. The Spanish translation
prints the events of 11-16 to 25 one row higher (option reading `spanish`; RULINGS.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.dice import Dice
from referee.rulesets.bos.rules import exposure
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER

ENGLISH, SPANISH = "english", "spanish"  # readings of the table
THIS_TURN, AT_ONCE, NEXT_MORNING = "this turn", "at once", "until the next Morning"  # when an effect holds
CHOSEN, YAHOOS = "random", "yahoo"  # Protester units an event brings: up to a number chosen (11-16), or Yahoos (26)


@dataclass(frozen=True)
class RandomEvent:
    """One event and what it does (nothing by default)."""

    key: str  # the name the calculator's input uses
    roll: str  # its number on the table (d66, 4.1)
    title: str
    when: str = THIS_TURN
    doubles: frozenset[str] = frozenset()  # unit types whose CF it doubles, attacking or counterattacking
    doubles_against_groups: bool = False  # Authority units attacking only Group units where Crowds stand
    morale_bonus: int = 0  # added to every Protester unit's Morale Factor in its checks
    may_not_attack: frozenset[str] = frozenset()  # unit types or kinds that may not attack in the Protester player-turn
    one_faction: bool = False  # Protester units of different factions may not combine in attacks
    no_munitions: bool = False  # Authority units may not use Special Munitions
    may_not_move: frozenset[str] = frozenset()  # unit types that may not move (this turn, or its Protester player-turn)
    withdrawn: frozenset[str] = frozenset()  # unit types taken off the map until the Morning turn of the next day
    reinforcement: str = ""  # CHOSEN (11-16) or YAHOOS (26): Protester units it brings
    arrival_shift: int = 0  # turns added to the arrival of the emergency reinforcements on the way
    shifted: frozenset[str] = frozenset()  # the unit types whose arrival it shifts
    loses: tuple[str, str] = ("", "")  # (side, unit type or kind): one unit that side removes for good, no EI change
    ei: tuple[tuple[str, int], ...] = ()  # EI points added, per side

    @property
    def row(self) -> str:
        """Its row of the table, as an itemization cites it."""
        return f"Random Events Table {self.roll}"

    @property
    def section(self) -> str:
        """How a refusal cites it."""
        return f"{self.row} ({self.title})"

    def points(self) -> list[exposure.Points]:
        """Its EI points as lines of the chart ("+/- ? per specific random event")."""
        return [exposure.Points(side, self.title, value, self.row) for side, value in self.ei]

    @property
    def rolls(self) -> tuple[int, ...]:
        """The d66 numbers it stands at in the English table."""
        low, _, high = self.roll.partition("-")
        return tuple(n for n in range(int(low), int(high or low) + 1) if n % 10 in range(1, 7))


POLICE_TYPES = frozenset({"spd", "national_guard", "state_trooper"})

#: the table's rows, top to bottom (English, v1.2)
TABLE = (
    RandomEvent("random_reinforcement", "11-16", "Random Reinforcement", AT_ONCE, reinforcement=CHOSEN),
    RandomEvent("kids_untied", "21", "The Kids are Untied", may_not_move=frozenset({"anarchist"})),
    RandomEvent("angry_womyn", "22", "Angry Womyn Unite!", doubles=frozenset({"radical"})),
    RandomEvent("coffee_break", "23", "Coffee Break", may_not_attack=frozenset({"labor"}), may_not_move=frozenset({"labor"})),
    RandomEvent("folk_festival", "24", "Folk Music Festival", NEXT_MORNING, withdrawn=frozenset({"liberal"})),
    RandomEvent("costume_broke", "25", "Uh-oh, My Costume Broke", may_not_move=frozenset({"environmentalist"})),
    RandomEvent("beavis", "26", "Hey Beavis...", AT_ONCE, reinforcement=YAHOOS),
    RandomEvent("transit_snafu", "31-32", "Transit SNAFU", AT_ONCE, arrival_shift=1, shifted=POLICE_TYPES),
    RandomEvent("rapid_response", "33-34", "Rapid Response", AT_ONCE, arrival_shift=-1,
                shifted=frozenset({"national_guard", "state_trooper"})),
    RandomEvent("solidarity_forever", "35-36", "Solidarity Forever", morale_bonus=1),
    RandomEvent("faction_friction", "41-42", "Faction Friction", one_faction=True),
    RandomEvent("nonviolent", "43-44", '"This is a Nonviolent Protest!"', may_not_attack=frozenset({CROWD})),
    RandomEvent("pointing_fingers", "45-46", "Mainstream Protesters Point Fingers", doubles_against_groups=True),
    RandomEvent("attrition", "51-53", "Attrition", AT_ONCE, loses=(PROTESTER, CROWD)),
    RandomEvent("paperwork", "54-56", "Paperwork", AT_ONCE, loses=(AUTHORITY, "spd")),
    RandomEvent("mayor_denounces", "61-62", "Mayor Denounces Protesters", AT_ONCE, ei=((AUTHORITY, 10),)),
    RandomEvent("clinton_admits", "63-64", "Bill Clinton Admits Protesters Have a Point", AT_ONCE, ei=((PROTESTER, 10),)),
    RandomEvent("lost_keys", "65-66", "Lost Keys to the Ammunition Locker!", no_munitions=True),
)
EVENTS = {event.key: event for event in TABLE}
SHIFTED_ROWS = 6  # the Spanish table prints rows 2-6 (21 ... 25) against the numbers of rows 1-5


def event_at(roll: int, reading: str = ENGLISH) -> RandomEvent | None:
    """The event a d66 roll finds: in the Spanish reading 11-16 is The Kids are Untied, 21 ... 24 the next four
    events, 25 nothing, and Random Reinforcement cannot be rolled."""
    row = next(i for i, event in enumerate(TABLE) if roll in event.rolls)
    if reading == SPANISH and row < SHIFTED_ROWS:
        return TABLE[row + 1] if row + 1 < SHIFTED_ROWS else None
    return TABLE[row]


def roll_event(dice: Dice, reading: str = ENGLISH) -> tuple[int, RandomEvent | None]:
    """The Random Events Phase's roll (4.1): the first die the tens, the second the ones; and its event."""
    roll = 10 * dice.roll("random event: tens").value + dice.roll("random event: ones").value
    return roll, event_at(roll, reading)


def random_reinforcement(dice: Dice, ei: dict[str, int]) -> tuple[int, frozenset[str]]:
    """Random Reinforcement (11-16): 1d6 halved, rounded up, and the kinds the Protester may choose them among
    (Groups or Crowds if his EI is at least the Authority's, else Groups only)."""
    count = -(-dice.roll("Random Reinforcement: units").value // 2)
    return count, frozenset({GROUP, CROWD} if ei[PROTESTER] >= ei[AUTHORITY] else {GROUP})


def yahoos(dice: Dice) -> int:
    """Hey Beavis... (26): how many Yahoo units arrive (1d6), picked out of those available."""
    return dice.roll("Hey Beavis...: Yahoos").value
