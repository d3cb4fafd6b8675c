"""Exact chances of each confrontation result (4, 4.3, 4.4), shown to the umpire before the dice."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from referee.rulesets.n30.rules.confrontation import DESTROYED, RETREAT, STAYS, UNAFFECTED, UNORGANIZED, political_cost

SIXTH = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class Odds:
    """The chance of each result for one protester unit, and of its radicalization."""

    unaffected: Fraction
    retreat: Fraction
    destroyed: Fraction
    stays: Fraction
    radicalized: Fraction

    def as_dict(self) -> dict[str, Fraction]:
        return {UNAFFECTED: self.unaffected, RETREAT: self.retreat, DESTROYED: self.destroyed, STAYS: self.stays}


def unit_odds(facing: int, unit_type: str, gas: bool, refusing: bool) -> Odds:
    """Chances for a unit facing `facing` (after every doubling): one d6, then a refusal die (4.4)."""
    faces = range(1, 7)
    destroyed = SIXTH if gas else Fraction(0)
    forced = Fraction(sum(1 for roll in faces if roll <= facing and not (gas and roll == 1)), 6)
    unaffected = 1 - destroyed - forced
    stays = Fraction(0)
    if refusing:
        stays, destroyed = forced / 2, destroyed + forced / 2
        forced = Fraction(0)
    radicalized = SIXTH if gas and unit_type == UNORGANIZED else Fraction(0)
    return Odds(unaffected, forced, destroyed, stays, radicalized)


def expected_successes(types: list[str], gas: bool) -> int:
    """4.5: what the protesters gain from this confrontation (known before the dice)."""
    return political_cost(types, gas)
