"""Exact chances of each confrontation result (4, 4.3, 4.4), shown to the umpire before the dice."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from referee.rulesets.n30.rules.attack import declared
from referee.rulesets.n30.rules.confrontation import DESTROYED, RETREAT, STAYS, UNAFFECTED, UNORGANIZED, political_cost

if TYPE_CHECKING:
    from referee.game import Game

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

    def said(self) -> str:
        """The chances that are not nil, in words: "unaffected 1/2, retreat 1/2"."""
        return ", ".join(f"{name} {share}" for name, share in (*self.as_dict().items(), ("radicalized", self.radicalized))
                         if share)


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


def confront_odds(game: Game, command: dict) -> tuple[str, ...]:
    """4, 4.3, 4.4: the chances of each protester unit a `confront` command attacks, from the units truly there (a
    Refusal where the rules refuse the attack); no other command of N30 rolls a die its order decides."""
    if command["do"] != "confront":
        return ()
    attack = declared(game.ctx, game.state, command)
    division = attack.division(command)
    gas = command.get("gas", False)
    lines = []
    for unit in attack.protesters:
        refusing = unit.id in division.refusing
        odds = unit_odds(division.facing(unit), unit.type, gas, refusing)
        lines.append(f"{'4.4' if refusing else '4'}: {unit.id} ({unit.type}) facing {division.facing(unit)}: {odds.said()}")
    return tuple(lines)
