"""The Random Events Table: the events a combat must know of, and what each does to it, as data.

Only the events the calculator accepts are here; those that touch only movement (21, 25) do nothing to a combat.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RandomEvent:
    """One event in effect this turn and its effect on combat (none by default)."""

    key: str  # the name the calculator's input uses
    roll: str  # its number on the table (d66, 4.1)
    title: str
    doubles: frozenset[str] = frozenset()  # unit types whose CF it doubles, attacking or counterattacking
    doubles_against_groups: bool = False  # Authority units attacking only Group units where Crowds stand
    morale_bonus: int = 0  # added to every Protester unit's Morale Factor in its checks
    may_not_attack: frozenset[str] = frozenset()  # unit types or kinds that may not attack in the Protester player-turn
    one_faction: bool = False  # Protester units of different factions may not combine in attacks
    no_munitions: bool = False  # Authority units may not use Special Munitions

    @property
    def section(self) -> str:
        """How a refusal cites it."""
        return f"Random Events Table {self.roll} ({self.title})"


EVENTS = {e.key: e for e in (
    RandomEvent("kids_untied", "21", "The Kids are Untied"),
    RandomEvent("angry_womyn", "22", "Angry Womyn Unite!", doubles=frozenset({"radical"})),
    RandomEvent("coffee_break", "23", "Coffee Break", may_not_attack=frozenset({"labor"})),
    RandomEvent("costume_broke", "25", "Uh-oh, My Costume Broke"),
    RandomEvent("solidarity_forever", "35-36", "Solidarity Forever", morale_bonus=1),
    RandomEvent("faction_friction", "41-42", "Faction Friction", one_faction=True),
    RandomEvent("nonviolent", "43-44", '"This is a Nonviolent Protest!"', may_not_attack=frozenset({"crowd"})),
    RandomEvent("pointing_fingers", "45-46", "Mainstream Protesters Point Fingers", doubles_against_groups=True),
    RandomEvent("lost_keys", "65-66", "Lost Keys to the Ammunition Locker!", no_munitions=True),
)}
