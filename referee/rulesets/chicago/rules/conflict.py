"""HOW TO RESOLVE CONFLICT: the odds, the roll on the HARASS or ASSAULT table, the forced assault, the box's
points to the winner, and the level changes of BREAKING DOWN AND BUILDING UP UNITS and the ATTRITION RULE.

A conflict is checked whole before any die is rolled. Dice: the conflict's die, then, for a forced assault,
the police player's die on the ASSAULT table at 1:1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import Refusal
from referee.rulesets.chicago.rules.forces import KINDS, kind_of
from referee.rulesets.chicago.rules.tables import ASSAULT, Result, Table
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, UnitType, other, rank
from referee.text import plural

RESOLVE = "HOW TO RESOLVE CONFLICT"
PIECES = "THE PLAYING PIECES"  # the strength of each platoon, group and company by level
BREAKING = "BREAKING DOWN AND BUILDING UP UNITS 2"  # the fraction of a force a result affects
FRACTION = {3: "a third", 2: "a half"}
POLICE_CAP = 4  # 8: police attacks above 4:1 are 4:1
FORCED_AT = 5  # 7: demonstrators at 5:1 or better force an assault
BOX = re.compile(r"P(\d{1,3})/D(\d{1,3})")


@dataclass(frozen=True)
class Unit:
    """One counter in the conflict: `level` None for Tac and the Guard; `count` the platoons or groups it
    stands for; `minimum` while it stands in a CPD MINIMUM box; `printed` the strength the input gave, if any."""

    id: str
    type: UnitType
    level: int | None = None
    count: int = 1
    minimum: bool = False
    printed: int | None = None

    @property
    def strength(self) -> int:
        return self.type.strength(self.level or 1) * self.count


@dataclass(frozen=True)
class Box:
    """The code under a box's name (5): the points the police, or the demonstrators, score on a win there."""

    police: int
    demonstrators: int

    def points(self, side: str) -> int:
        return self.police if side == POLICE else self.demonstrators

    @property
    def code(self) -> str:
        """The code as printed under the box's name: "P4/D1"."""
        return f"P{self.police}/D{self.demonstrators}"


def box(code: str) -> Box | None:
    """A box's code such as "P4/D1" read, or None."""
    found = BOX.fullmatch(code)
    return Box(int(found.group(1)), int(found.group(2))) if found else None


@dataclass(frozen=True)
class Conflict:
    """One conflict in one box: the side attacking, the table it picks, the units of each side."""

    attacker: str
    table: str
    attack: tuple[Unit, ...]
    defend: tuple[Unit, ...]
    box: Box


@dataclass(frozen=True)
class Strike:
    """One roll on a table: the die, the result, who won, the points each side scores, and the lines of the
    rules that gave the levels changed and the points (`referee.core.events.item`)."""

    roll: int
    result: str
    winner: str | None
    points: dict[str, int]
    items: tuple[dict, ...]


@dataclass(frozen=True)
class Piece:
    """What became of (part of) a unit: its platoons or groups at one level (the last level they had, where
    they left the game)."""

    unit: Unit
    removed: bool = False


@dataclass(frozen=True)
class Outcome:
    """The strengths, the odds as a whole ratio (police attacks above 4:1 as 4:1), the roll, the forced assault if
    any, and every unit after; `whole` the odds before that cap, `column` the odds of the table's column read, and
    `items` the lines of the rules that gave the strengths, the odds, the levels changed and the points."""

    attack_strength: int
    defend_strength: int
    ratio: int
    odds: str
    strike: Strike
    forced: Strike | None
    pieces: tuple[Piece, ...]
    whole: int
    column: int
    items: tuple[dict, ...]


def check(conflict: Conflict) -> None:
    """Refuse a conflict the rules forbid, citing the section, before any die is rolled."""
    sides = (("attack", conflict.attack, conflict.attacker), ("defend", conflict.defend, other(conflict.attacker)))
    for key, units, side in sides:
        if not units:
            raise Refusal(RESOLVE, f"a conflict needs units in `{key}`: at least one")
        for unit in units:
            _check_unit(unit)
            if unit.type.side != side:
                raise Refusal(RESOLVE, f"the units in `{key}` are the {side}'s, and {unit.id!r} is a {unit.type.side} unit")
    ids = [unit.id for unit in conflict.attack + conflict.defend]
    twice = next((i for n, i in enumerate(ids) if i in ids[:n]), None)
    if twice is not None:
        raise Refusal(f"{RESOLVE} 4", f"{twice!r} is listed twice (no unit is attacked more than once a turn)")
    guard = next((unit for unit in conflict.attack if unit.type.name == "guard"), None)
    if guard:
        raise Refusal("NATIONAL GUARD", f"NG units may not attack, only defend ({guard.id!r})")
    held = next((unit for unit in conflict.attack if unit.minimum), None)
    if held:
        raise Refusal("CPD MINIMUM 2", f"platoons in minimum may never attack ({held.id!r})")
    if any(unit.minimum for unit in conflict.defend) and not all(unit.minimum for unit in conflict.defend):
        raise Refusal(f"{RESOLVE} 2", "the platoons in a minimum box may be attacked only if they are the only "
                                      "blue units in the box, and the other blue units must be attacked")
    if conflict.table == ASSAULT and conflict.attacker != POLICE:
        raise Refusal(f"{RESOLVE} 6", "only the police may use the ASSAULT table")
    attack, defend = strength(conflict.attack), strength(conflict.defend)
    if attack < defend:
        raise Refusal(f"{RESOLVE} 6", f"no conflict below 1:1: {attack}:{defend} does not reach {defend}:{defend}")


def _check_unit(unit: Unit) -> None:
    kind = unit.type
    if kind.levels and unit.level not in range(1, kind.lowest + 1):
        raise Refusal("THE PLAYING PIECES", f"{unit.id!r}: {kind.name} units have levels 1 to {kind.lowest}, "
                                            f"not {unit.level}")
    if not kind.levels and unit.level is not None:
        raise Refusal("TAC UNITS" if kind.name == "tac" else "NATIONAL GUARD",
                      f"{unit.id!r}: {kind.name} units have no levels")
    if unit.count not in kind.sizes:
        what = {"guard": "companies", "demonstrator": "groups"}.get(kind.name, "platoons")
        raise Refusal("THE PLAYING PIECES", f"{unit.id!r}: a {kind.name} counter stands for "
                                            f"{' or '.join(map(str, kind.sizes))} {what}, not {unit.count}")
    if unit.printed is not None and unit.printed != unit.strength:
        raise Refusal("THE PLAYING PIECES", f"{unit.id!r}: its conflict strength is {unit.strength}, not {unit.printed}")
    if unit.minimum and kind.name == "guard":
        raise Refusal("NATIONAL GUARD", f"NG units may not be used in minimum areas ({unit.id!r})")
    if unit.minimum and kind.side != POLICE:
        raise Refusal("CPD MINIMUM", f"only police platoons stand in the minimum boxes ({unit.id!r})")


def strength(units: tuple[Unit, ...]) -> int:
    """The total of the units' conflict strength numbers (6)."""
    return sum(unit.strength for unit in units)


def ratio(attack: int, defend: int, attacker: str) -> int:
    """The odds as a whole ratio n:1, rounded down in the defender's favour (48:15 is 3:1); police attacks
    above 4:1 are 4:1 (8)."""
    whole = attack // defend
    return min(whole, POLICE_CAP) if attacker == POLICE else whole


def strength_items(units: tuple[Unit, ...]) -> list[dict]:
    """A side's strength (6) kind by kind, as THE PLAYING PIECES number each platoon or group: "3 P1 ×4 = 12"."""
    counted: dict[tuple[str, int | None], int] = {}
    each: dict[tuple[str, int | None], int] = {}
    for unit in units:
        key = (unit.type.name, unit.level)
        counted[key] = counted.get(key, 0) + unit.count
        each[key] = unit.type.strength(unit.level or 1)
    order = list(KINDS)
    return [item(f"{n} {kind_of(*key)}", f"×{each[key]} = {n * each[key]}", PIECES)
            for key, n in sorted(counted.items(), key=lambda pair: order.index(kind_of(*pair[0])))]


def odds_items(conflict: Conflict, attack: int, defend: int, whole: int, odds: int, column: int) -> list[dict]:
    """How the odds were read (6, 8): `whole` to one, the police's cap at 4:1 (`odds`), the side's last column
    beyond it (`column`)."""
    items = [item(f"odds {attack}:{defend}", f"= {whole}:1", f"{RESOLVE} 6")]
    if odds < whole:
        items.append(item(f"police attacks above {POLICE_CAP}:1", f"read as {odds}:1", f"{RESOLVE} 8"))
    if column < odds:
        items.append(item(f"{conflict.table.upper()} for the {conflict.attacker}, last column", f"read as {column}:1",
                          f"{RESOLVE} 6"))
    return items


def forced(conflict: Conflict, odds: int) -> bool:
    """Whether the demonstrators' odds force the police to roll on the ASSAULT table at 1:1 (7): 5:1 or better
    on police units (regular or Tac), none of them in a minimum box."""
    return (conflict.attacker == DEMONSTRATORS and odds >= FORCED_AT
            and any(unit.type.name != "guard" for unit in conflict.defend)
            and not any(unit.minimum for unit in conflict.defend))


def affected(force: int, fraction: int) -> int:
    """How many of a force of `force` platoons or groups a third (3) or a half (2) is: fractions ignored,
    and at least one (BREAKING DOWN AND BUILDING UP UNITS 2, A-B)."""
    return max(1, force // fraction)


class _Platoons:
    """Every platoon and group of the conflict: its level, and whether it has left the game."""

    def __init__(self, units: tuple[Unit, ...]):
        self.units = units
        self.levels = [[unit.level or 1] * unit.count for unit in units]
        self.out: set[tuple[int, int]] = set()  # (unit, platoon) out of the game

    def apply(self, result: Result) -> list[dict]:
        """Lower (or raise) one level the fraction of the affected side's force, lowest first (ATTRITION RULE: "the
        first units to be raised or lowered ... MUST be the lowest"); a platoon or group that can go no lower leaves
        the game, except Tac; one at level 1, and Tac and the Guard, which have one level, go no higher. Returns
        the line of the rules of thumb that counted them: "demonstrators, a third of 7 groups = 2 down a level"."""
        if result.affected is None or result.fraction is None:
            return []
        present = [(rank(unit.type, level), u, p) for u, unit in enumerate(self.units) if unit.type.side == result.affected
                   for p, level in enumerate(self.levels[u]) if (u, p) not in self.out]
        if not present:
            return []
        count = affected(len(present), result.fraction)
        for _, u, p in sorted(present)[:count]:
            kind = self.units[u].type
            if result.up:
                self.levels[u][p] = max(1, self.levels[u][p] - 1)
            elif self.levels[u][p] < kind.lowest:
                self.levels[u][p] += 1
            elif kind.removable:
                self.out.add((u, p))
        force = plural(len(present), "group" if result.affected == DEMONSTRATORS else "platoon")
        return [item(f"{result.affected}, {FRACTION[result.fraction]} of {force}",
                     f"= {count} {'up' if result.up else 'down'} a level", BREAKING)]

    def pieces(self) -> tuple[Piece, ...]:
        """Each unit as it stands now: the part still at its level, then the parts lower, then the part out."""
        found = []
        for u, unit in enumerate(self.units):
            counted: dict[tuple[bool, int], int] = {}
            for state in sorted(((u, p) in self.out, level) for p, level in enumerate(self.levels[u])):
                counted[state] = counted.get(state, 0) + 1
            found += [Piece(Unit(unit.id, unit.type, level if unit.type.levels else None, n), out)
                      for (out, level), n in counted.items()]
        return tuple(found)


def _strike(table: Table, side: str, odds: int, roll: int, where: Box, platoons: _Platoons, assault: bool) -> Strike:
    """One roll read on the table: its level changes, then the box's points to the winner (5), each an item
    naming the forced assault where it is one (`assault`)."""
    result = table.result(side, odds, roll)
    label = "forced assault: " if assault else ""
    items = [{**entry, "line": label + entry["line"]} for entry in platoons.apply(result)]
    points = {POLICE: 0, DEMONSTRATORS: 0}
    if result.winner is not None:
        points[result.winner] = where.points(result.winner)
        items.append(item(f"{result.winner} win{' the forced assault' if assault else ''} ({where.code})",
                          points[result.winner], f"{RESOLVE} 5"))
    return Strike(roll, result.code, result.winner, points, tuple(items))


def resolve(conflict: Conflict, tables: dict[str, Table], dice: Dice) -> Outcome:
    """The conflict's roll and result, then the forced assault's if the odds call for one (6-8), with the items
    of the strengths, the odds and each roll."""
    check(conflict)
    attack, defend = strength(conflict.attack), strength(conflict.defend)
    whole, odds = attack // defend, ratio(attack, defend, conflict.attacker)
    table = tables[conflict.table]
    column = table.column(conflict.attacker, odds)
    platoons = _Platoons(conflict.attack + conflict.defend)
    strike = _strike(table, conflict.attacker, odds, dice.roll(f"{conflict.table} at {odds}:1").value, conflict.box,
                     platoons, False)
    assault = None
    if forced(conflict, odds):
        assault = _strike(tables[ASSAULT], POLICE, 1, dice.roll("forced assault at 1:1").value, conflict.box,
                          platoons, True)
    items = (*strength_items(conflict.attack), *strength_items(conflict.defend),
             *odds_items(conflict, attack, defend, whole, odds, column), *strike.items, *(assault.items if assault else ()))
    return Outcome(attack, defend, odds, f"{odds}:1", strike, assault, platoons.pieces(), whole, column, items)
