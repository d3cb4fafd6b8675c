"""What a combat is worth on average (6.1-6.4, the CRT, the EI Adjustment Chart), for the simple players.

Both rolls are applied together (6.1), so a combat's worth is the worth of the attack plus that of the
counterattack, each averaged over its die. Worth is counted in points of the Protester's lead (his EI less
the Authority's): a Group arrested is 2, a Crowd 1 + 3.5 (the -1d6), an Authority unit removed 1. Units
knocked off the map count `presence` more each (they stop holding their area); `cleared` is the chance that
no Protester unit is left standing among those attacked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import prod

from referee.rulesets.bos.rules import crt, exposure
from referee.rulesets.bos.rules.combat import Combat, Fighter, morale, strike
from referee.rulesets.bos.rules.events import RandomEvent
from referee.rulesets.bos.rules.units import AUTHORITY, GROUP, PROTESTER, UnitType

CROWD_REMOVED = -exposure.CROWD_REMOVED + 3.5  # the lead the Authority gains: +1 and the average 1d6
ROLLS = range(1, 7)


@dataclass(frozen=True)
class Worth:
    """A combat's average change to the Protester's lead, and the chance it leaves the attacked Protesters gone."""

    lead: float
    cleared: float


def failing(unit: Fighter, fight: Combat) -> float:
    """The chance a unit fails its Morale Check (6.4)."""
    return max(0, 6 - morale(unit, fight)) / 6


def _removed(unit: Fighter) -> float:
    """The lead a Protester unit permanently removed costs him."""
    return exposure.GROUP_REMOVED if unit.type.kind == GROUP else CROWD_REMOVED


def _roll(rollers: tuple[Fighter, ...], targets: tuple[Fighter, ...], fight: Combat, presence: float) -> Worth:
    """One side's roll, averaged over the die: the lead it changes and the chance no target stays."""
    side = rollers[0].type.side
    pick = targets[0]
    lead = cleared = 0.0
    cf = strike(rollers, targets, fight, 1).cf
    for roll in ROLLS:
        result = crt.result(cf, roll, fight.stage)
        if result == crt.N:
            continue
        if side == PROTESTER:  # Authority units go to the Reserve Pool: +1 each (6.3, 6.4)
            hit = failing(pick, fight) if result == crt.MC else 1 if result == crt.A else len(targets)
            lead += hit * (exposure.AUTHORITY_REMOVED + presence)
            continue
        others = targets[1:]
        if result == crt.MC:
            lead -= failing(pick, fight) * presence
            cleared += failing(pick, fight) if not others else 0
        elif result == crt.A:
            lead -= _removed(pick) + presence + sum(failing(unit, fight) * presence for unit in others)
            cleared += prod(failing(unit, fight) for unit in others)
        else:
            lead -= sum(_removed(unit) + presence for unit in targets)
            cleared += 1
    return Worth(lead / 6, cleared / 6)


def worth(fight: Combat, presence: float = 0.5) -> Worth:
    """The combat's average worth to the Protester (6.1: attack and counterattack together), munitions paid."""
    return _worth(fight.attacker, _kinds(fight.attackers), _kinds(fight.defenders), fight.stage, fight.night,
                  fight.barricade, fight.events, fight.crowds_present, presence)


def _kinds(units: tuple[Fighter, ...]) -> tuple[tuple[UnitType, bool], ...]:
    return tuple((unit.type, unit.munitions) for unit in units)


@lru_cache(maxsize=1 << 14)
def _worth(attacker: str, attackers: tuple[tuple[UnitType, bool], ...], defenders: tuple[tuple[UnitType, bool], ...],
           stage: int, night: bool, barricade: bool, events: tuple[RandomEvent, ...], crowds_present: bool,
           presence: float) -> Worth:
    """`worth` of a combat known by its units' types alone (the same combats come back again and again)."""
    fight = Combat(attacker, _fighters(attackers, "a"), _fighters(defenders, "d"), stage, night, barricade, events,
                   crowds_present)
    attack = _roll(fight.attackers, fight.defenders, fight, presence)
    counter = _roll(fight.defenders, fight.attackers, fight, presence)
    paid = sum(unit.munitions for unit in fight.attackers) * -exposure.MUNITIONS
    protester_attacked = fight.attacker == AUTHORITY
    return Worth(attack.lead + counter.lead + paid, attack.cleared if protester_attacked else counter.cleared)


def _fighters(kinds: tuple[tuple[UnitType, bool], ...], prefix: str) -> tuple[Fighter, ...]:
    return tuple(Fighter(f"{prefix}{n}", kind, munitions) for n, (kind, munitions) in enumerate(kinds))
