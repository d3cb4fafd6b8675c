"""The exact chances of a combat before its dice are rolled (6.1-6.4): each result of the attack and of the
counterattack on the CRT, each Morale Check's outcome, and each unit's fate.

Every face of every die is gone through with combat.py's own steps (`strike`, `effects`, `morale_check`), so
the chances are those of `resolve` and cannot drift from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from referee.rulesets.bos.rules import combat, crt
from referee.rulesets.bos.rules.fighting import combat_in
from referee.rulesets.bos.rules.units import other

if TYPE_CHECKING:
    from referee.game import Game

FACES = range(1, 7)  # 1d6
RESULTS = (crt.N, crt.MC, crt.A, crt.X)
FATES = (combat.STAYS, combat.OFF_MAP, combat.RESERVE, combat.REMOVED)


@dataclass(frozen=True)
class Roll:
    """One roll on the CRT: the adjusted total, its column, and the chance of each result (6.1, 6.3)."""

    cf: int
    column: str
    chances: dict[str, Fraction]


@dataclass(frozen=True)
class Odds:
    """A combat's chances: both rolls, each unit's chance of passing a Morale Check, each unit's fate."""

    attack: Roll
    counterattack: Roll
    passes: dict[str, Fraction]  # unit id: the chance it passes a Morale Check it makes (6.4)
    fates: dict[str, dict[str, Fraction]]  # unit id: the chance of each of FATES


def roll(rollers: tuple[combat.Fighter, ...], targets: tuple[combat.Fighter, ...], fight: combat.Combat) -> Roll:
    """The chance of each CRT result when `rollers` roll 1d6 against `targets`."""
    chances = dict.fromkeys(RESULTS, Fraction(0))
    for face in FACES:
        chances[combat.strike(rollers, targets, fight, face).result] += Fraction(1, len(FACES))
    first = combat.strike(rollers, targets, fight, FACES[0])
    return Roll(first.cf, first.column, chances)


def passes(unit: combat.Fighter, fight: combat.Combat) -> Fraction:
    """The chance the unit passes a Morale Check (6.4)."""
    return Fraction(sum(combat.morale_check(unit, fight, face).fate == combat.STAYS for face in FACES), len(FACES))


def odds(fight: combat.Combat) -> Odds:
    """The chances of a combat the rules allow (a Refusal otherwise, as `resolve` would refuse it)."""
    combat.check(fight)
    units = fight.attackers + fight.defenders
    fates = {unit.id: dict.fromkeys(FATES, Fraction(0)) for unit in units}
    pair = Fraction(1, len(FACES) ** 2)
    for attack, counter in product(FACES, FACES):
        hit = combat.effects(combat.strike(fight.attackers, fight.defenders, fight, attack).result, fight.attacker,
                             fight.defenders, fight.choices.get("attack"))
        hit |= combat.effects(combat.strike(fight.defenders, fight.attackers, fight, counter).result,
                              other(fight.attacker), fight.attackers, fight.choices.get("counterattack"))
        for unit in units:
            effect = hit.get(unit.id, combat.STAYS)
            if effect == combat.CHECK:
                for face in FACES:
                    fates[unit.id][combat.morale_check(unit, fight, face).fate] += pair / len(FACES)
            else:
                fates[unit.id][effect] += pair
    return Odds(roll(fight.attackers, fight.defenders, fight), roll(fight.defenders, fight.attackers, fight),
                {unit.id: passes(unit, fight) for unit in units}, fates)


def _chances(chances: dict[str, Fraction]) -> str:
    """Those chances that are not nil: "N 1/2, MC 1/3, A 1/6"."""
    return ", ".join(f"{what} {chance}" for what, chance in chances.items() if chance)


def combat_odds(game: Game, command: dict) -> tuple[str, ...]:
    """6.1-6.4: a `combat` command's chances against the units truly there: each result of the attack and of the
    counterattack on the CRT, then each unit's fate (a Refusal where the rules refuse the combat); no other order
    of the game rolls a die it decides."""
    if command["do"] != "combat":
        return ()
    found = odds(combat_in(game.state, command)[1])
    return (*(f"6.3: {label}, CF {rolled.cf} ({rolled.column}): {_chances(rolled.chances)}"
              for label, rolled in (("attack", found.attack), ("counterattack", found.counterattack))),
            *(f"6.4: {uid}: {_chances(fates)}" for uid, fates in found.fates.items()))
