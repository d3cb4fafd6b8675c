"""Combat (6.0-6.4): Combat Factor adjustments, the attack and its counterattack, their results, morale
checks and the EI changes of combat, with the limits escalation (7.3), night (7.1) and random events put on it.

A combat is checked whole before any die is rolled. Dice are rolled in this order: the attack's die, the
counterattack's, one per morale check (those the attack causes, in the order the defenders are listed, then
those the counterattack causes, in the order of the attackers), then one per Protester Crowd permanently
removed (its -1d6 Protester EI), in the order its side is listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from referee.bounds import shown
from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import Refusal
from referee.rulesets.bos.rules import crt, exposure, forces
from referee.rulesets.bos.rules.events import RandomEvent
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, UnitType, other

# a unit's fate
STAYS: str = "stays"
REMOVED: str = "removed"
OFF_MAP: str = "off-map"
RESERVE: str = "reserve"
CHECK = "check"  # a result that makes a unit check its morale (6.4)


@dataclass(frozen=True)
class Fighter:
    """One unit involved in the combat; `munitions` if it attacks with Special Munitions (6.2)."""

    id: str
    type: UnitType
    munitions: bool = False


@dataclass(frozen=True)
class Combat:
    """One combat in one area, as the players declared it (6.1)."""

    attacker: str  # the side whose Combat Phase it is
    attackers: tuple[Fighter, ...]
    defenders: tuple[Fighter, ...]  # the units attacked: they counterattack
    stage: int = 1  # escalation (7.3)
    night: bool = False
    barricade: bool = False
    events: tuple[RandomEvent, ...] = ()
    crowds_present: bool = False  # Crowd units stand in the area (Pointing Fingers)
    group_ei: str = AUTHORITY  # the Authority player's choice per Group removed: +2 Authority or -2 Protester
    choices: dict[str, str] = field(default_factory=dict)  # "attack", "counterattack": the unit its roller picks


@dataclass(frozen=True)
class Strike:
    """One roll on the CRT: the adjusted total, its column, the die and the result (X at Stage One reads A)."""

    cf: int
    column: str
    roll: int
    result: str


@dataclass(frozen=True)
class Fate:
    """What became of one unit; `morale` (the factor used) and `morale_roll` where it checked morale."""

    id: str
    side: str
    fate: str
    morale: int | None = None
    morale_roll: int | None = None


@dataclass(frozen=True)
class Outcome:
    """Both rolls, every unit's fate (attackers, then defenders, as listed) and each side's net EI change;
    how both totals were reached (`factors`, items) and the chart's lines that make the change (`points`)."""

    attack: Strike
    counterattack: Strike
    units: tuple[Fate, ...]
    ei: dict[str, int]
    factors: tuple[dict[str, Any], ...]
    points: tuple[exposure.Points, ...]


def check(combat: Combat) -> None:
    """Refuse a combat the rules forbid, citing the section, before any die is rolled."""
    sides = (("attackers", combat.attackers, combat.attacker), ("defenders", combat.defenders, other(combat.attacker)))
    for key, units, side in sides:
        if not units:
            raise Refusal("6.1", f"a combat needs {key}: at least one unit")
        for unit in units:
            if unit.type.side != side:
                raise Refusal("6.1", f"the {key} are {side} units, and {unit.id!r} is a {unit.type.side} unit")
    ids = [unit.id for unit in combat.attackers + combat.defenders]
    twice = next((i for n, i in enumerate(ids) if i in ids[:n]), None)
    if twice is not None:
        raise Refusal("6.1", f"{twice!r} is listed twice (a unit is involved in only one combat)")
    if combat.stage not in (1, 2, 3):
        raise Refusal("7.3", f"escalation has three stages, 1 to 3, not {shown(combat.stage)}")
    _check_munitions(combat)
    _check_night(combat)
    if combat.attacker == PROTESTER:
        _check_protester_attack(combat)
    for roll, among in (("attack", combat.defenders), ("counterattack", combat.attackers)):
        chosen = combat.choices.get(roll)
        if chosen is not None and chosen not in {unit.id for unit in among}:
            raise Refusal("6.3", f"the {roll}'s roller picks among the units it rolls against, and {chosen!r} is not one")


def munitions_barred(stage: int, events: Iterable[RandomEvent]) -> Refusal | None:
    """Why Special Munitions (6.2) may not be used now, if they may not: Stage One (7.3), or this turn's event."""
    if stage == 1:
        return Refusal("7.3", "no Special Munitions at Stage One escalation")
    event = next((event for event in events if event.no_munitions), None)
    return Refusal(event.section, "Authority units can't use Special Munitions this turn") if event else None


def _check_munitions(combat: Combat) -> None:
    for unit in combat.attackers + combat.defenders:
        if not unit.munitions:
            continue
        if unit.type.side != AUTHORITY or unit not in combat.attackers:
            raise Refusal("6.2", f"only attacking Authority units use Special Munitions, and {unit.id!r} is not one")
        barred = munitions_barred(combat.stage, combat.events)
        if barred:
            raise Refusal(barred.section, f"{barred.reason} ({unit.id!r})")


def _check_night(combat: Combat) -> None:
    crowd = next((unit for unit in combat.attackers + combat.defenders if unit.type.kind == CROWD), None)
    if combat.night and (crowd or combat.crowds_present):
        where = f"{crowd.id!r} is a Crowd" if crowd else "'crowds_present' is true"
        raise Refusal("7.1", f"Crowd units are off the map during night turns, and {where}")


def kept_from_attacking(event: RandomEvent, unit_type: UnitType) -> bool:
    """Whether the game-turn's random event keeps units of this type from attacking in the Protester player-turn."""
    return bool(event.may_not_attack & {unit_type.name, unit_type.kind})


def _check_protester_attack(combat: Combat) -> None:
    for event in combat.events:
        for unit in combat.attackers:
            if kept_from_attacking(event, unit.type):
                raise Refusal(event.section, f"{unit.id!r} may not attack in the Protester player-turn")
        factions = {unit.type.name for unit in combat.attackers}
        if event.one_faction and len(factions) > 1:
            named = dict((kind, name) for kind, name, _ in forces.MANIFEST)
            raise Refusal(event.section, f"Protester units of different factions may not combine in attacks "
                                         f"({', '.join(sorted(named[kind] for kind in factions))})")


def doublings(unit: Fighter, targets: Iterable[Fighter], combat: Combat) -> list[tuple[str, str]]:
    """What doubles the unit's CF as it rolls against `targets`, each with its section (6.2, 7.3, random events)."""
    reasons = []
    if unit.munitions:
        reasons.append(("Special Munitions", "6.2"))
    if combat.stage == 3:
        reasons.append(("Stage Three", "7.3"))
    for event in combat.events:
        if unit.type.name in event.doubles:
            reasons.append((event.title, event.row))
        if (event.doubles_against_groups and unit.type.side == AUTHORITY and combat.crowds_present
                and all(target.type.kind == GROUP for target in targets)):
            reasons.append((event.title, event.row))
    return reasons


def halvings(combat: Combat) -> list[tuple[str, str]]:
    """What halves every unit's CF in the combat, each with its section (7.2, 7.1)."""
    reasons = []
    if combat.barricade:
        reasons.append(("Barricade", "7.2"))
    if combat.night:
        reasons.append(("Night", "7.1"))
    return reasons


def factor(unit: Fighter, targets: Iterable[Fighter], combat: Combat) -> tuple[int, list[dict[str, Any]]]:
    """The unit's CF after every adjustment (6.2): all doubling first, then each halving rounded up; and the
    steps that reach it, an item each (its printed CF, each doubling and halving, the CF reached)."""
    cf = unit.type.combat
    steps = [item(f"{unit.id}, Combat Factor", str(cf), "Counter Manifest")]
    for why, section in doublings(unit, targets, combat):
        cf *= 2
        steps.append(item(f"{unit.id}, {why}", "×2", section))
    for why, section in halvings(combat):
        cf = -(-cf // 2)
        steps.append(item(f"{unit.id}, {why}", "½", section))
    if len(steps) > 1:
        steps.append(item(unit.id, f"= {cf}", "6.2"))
    return cf, steps


def adjusted(unit: Fighter, targets: Iterable[Fighter], combat: Combat) -> int:
    """The unit's CF after every adjustment (6.2)."""
    return factor(unit, targets, combat)[0]


def total(rollers: tuple[Fighter, ...], targets: tuple[Fighter, ...], combat: Combat) -> tuple[int, list[dict[str, Any]]]:
    """The sum of the rollers' adjusted CFs as they roll against `targets` (6.1), and each one's steps."""
    reckoned = [factor(unit, targets, combat) for unit in rollers]
    return sum(cf for cf, _ in reckoned), [step for _, steps in reckoned for step in steps]


def _on_crt(cf: int, roll: int, stage: int) -> Strike:
    return Strike(cf, crt.COLUMNS[crt.column(cf)][0], roll, crt.result(cf, roll, stage))


def strike(rollers: tuple[Fighter, ...], targets: tuple[Fighter, ...], combat: Combat, roll: int) -> Strike:
    """One roll on the CRT by `rollers` against `targets` (6.1): the sum of their adjusted CFs."""
    return _on_crt(total(rollers, targets, combat)[0], roll, combat.stage)


def _rolled(name: str, rollers: tuple[Fighter, ...], targets: tuple[Fighter, ...], combat: Combat,
            dice: Dice) -> tuple[Strike, list[dict[str, Any]]]:
    """The attack's or the counterattack's roll on the CRT, and its itemization: each unit's factor, the
    total, the column, and an X read as A at Stage One."""
    cf, steps = total(rollers, targets, combat)
    struck = _on_crt(cf, dice.roll(name).value, combat.stage)
    steps += [item(f"{name}, total", f"= {cf}", "6.1"), item(f"{name}, column", struck.column, "Combat Results Table")]
    if crt.printed(cf, struck.roll) != struck.result:
        steps.append(item(f"{name}, X at Stage One", f"= {struck.result}", "7.3"))
    return struck, steps


def effects(result: str, side: str, targets: tuple[Fighter, ...], chosen: str | None) -> dict[str, str]:
    """What one result does to the units rolled against (6.3): the roller's `side` and its picked unit."""
    pick = chosen if chosen is not None else targets[0].id
    if result == crt.MC:
        return {pick: CHECK}
    if result == crt.A and side == AUTHORITY:
        return {unit.id: REMOVED if unit.id == pick else CHECK for unit in targets}
    if result == crt.A:
        return {pick: RESERVE}
    if result == crt.X:
        return {unit.id: REMOVED if side == AUTHORITY else RESERVE for unit in targets}
    return {}


def morale(unit: Fighter, combat: Combat) -> int:
    """The Morale Factor a check uses: Solidarity Forever raises every Protester unit's (6.4)."""
    bonus = sum(event.morale_bonus for event in combat.events) if unit.type.side == PROTESTER else 0
    return unit.type.morale + bonus


def morale_check(unit: Fighter, combat: Combat, roll: int) -> Fate:
    """A Morale Check on this roll (6.4): passed at most the Morale Factor, else the unit is temporarily
    removed, a Protester unit to its off-map pile, an Authority unit to the Reserve Pool."""
    factor = morale(unit, combat)
    failed = OFF_MAP if unit.type.side == PROTESTER else RESERVE
    return Fate(unit.id, unit.type.side, STAYS if roll <= factor else failed, factor, roll)


def resolve(combat: Combat, dice: Dice) -> Outcome:
    """Both rolls, applied simultaneously (6.1, 6.3, 6.4), and the EI changes of the chart."""
    check(combat)
    attack, attack_steps = _rolled("attack", combat.attackers, combat.defenders, combat, dice)
    counter, counter_steps = _rolled("counterattack", combat.defenders, combat.attackers, combat, dice)
    hit = effects(attack.result, combat.attacker, combat.defenders, combat.choices.get("attack"))
    hit |= effects(counter.result, other(combat.attacker), combat.attackers, combat.choices.get("counterattack"))
    fates: dict[str, Fate] = {}
    for unit in combat.defenders + combat.attackers:  # the attack's checks first, then the counterattack's
        side, effect = unit.type.side, hit.get(unit.id, STAYS)
        if effect == CHECK:
            fates[unit.id] = morale_check(unit, combat, dice.roll(f"morale check of {unit.id}").value)
        else:
            fates[unit.id] = Fate(unit.id, side, effect)
    points = ei_points(combat, fates, dice)
    units = tuple(fates[unit.id] for unit in combat.attackers + combat.defenders)
    return Outcome(attack, counter, units, exposure.net(points), (*attack_steps, *counter_steps), tuple(points))


def ei_points(combat: Combat, fates: dict[str, Fate], dice: Dice) -> list[exposure.Points]:
    """The chart's combat lines, unit by unit as listed (attackers, then defenders), rolling the -1d6 of each
    Protester Crowd permanently removed."""
    points = []
    for unit in combat.attackers + combat.defenders:
        fate = fates[unit.id].fate
        if unit.munitions:
            points.append(exposure.Points(AUTHORITY, f"{unit.id}, Special Munitions", exposure.MUNITIONS))
        if fate == RESERVE:
            points.append(exposure.Points(PROTESTER, f"{unit.id}, temporarily removed", exposure.AUTHORITY_REMOVED))
        if fate == REMOVED and unit.type.kind == GROUP:
            gained = exposure.GROUP_REMOVED if combat.group_ei == AUTHORITY else -exposure.GROUP_REMOVED
            points.append(exposure.Points(combat.group_ei, f"{unit.id}, Group permanently removed", gained))
        elif fate == REMOVED:
            roll = dice.roll(f"Protester EI for {unit.id} removed").value
            points += [exposure.Points(AUTHORITY, f"{unit.id}, Crowd permanently removed", exposure.CROWD_REMOVED),
                       exposure.Points(PROTESTER, f"{unit.id}, Crowd permanently removed (1d6)", -roll)]
    return points
