"""`referee resolve chicago`: one conflict in one box (HOW TO RESOLVE CONFLICT), from a JSON description,
without a session. Input and output follow CONTRACT.md to the letter (docs/cli.md, "`chicago`").

Standard library, errors and dice only, so that the command starts fast: the input is checked here, unknown
keys refused, and answered on one line if wrong.
"""

from __future__ import annotations

import os

from referee.bounds import ITEMS, SMALL, shown
from referee.core.dice import Roll, SeededDice, TableDice, Tally
from referee.rules.plain_input import PlainInput
from referee.rulesets.chicago.rules import tables
from referee.rulesets.chicago.rules.conflict import Conflict, Outcome, Strike, Unit, box, resolve
from referee.rulesets.chicago.rules.units import SIDES, TYPES

CHECK = PlainInput("chicago")
#: a unit's keys: those `referee state --json` gives a Chicago unit (the calculator reads type, level, count and
#: minimum, and checks side and strength against them)
UNIT_KEYS = ("id", "name", "side", "type", "node", "stack", "status", "level", "count", "strength", "minimum")


def _unit(value: object, where: str) -> Unit:
    given = CHECK.json_object(value, where, UNIT_KEYS, ("id", "type"))
    uid = CHECK.name(given["id"], f"{where}.id")
    kind = TYPES[CHECK.one_of(given["type"], f"{where}.type", tuple(TYPES))]
    level = given.get("level")
    if kind.levels and level is None:
        raise CHECK.wrong(f"{where}.level", f"is missing: a {kind.name} unit has a level")
    unit = Unit(uid, kind, None if level is None else CHECK.whole(level, f"{where}.level", -SMALL, SMALL),
                CHECK.whole(given.get("count", 1), f"{where}.count", -SMALL, SMALL),
                CHECK.flag(given.get("minimum", False), f"{where}.minimum"),
                None if given.get("strength") is None else CHECK.whole(given["strength"], f"{where}.strength", -SMALL, SMALL))
    if "side" in given and CHECK.one_of(given["side"], f"{where}.side", SIDES) != kind.side:
        raise CHECK.wrong(f"{where}.side", f"must be {kind.side} for a {kind.name} unit, got {shown(given['side'])}")
    return unit


def _units(value: object, where: str) -> tuple[Unit, ...]:
    return tuple(_unit(item, f"{where}[{i}]") for i, item in enumerate(CHECK.json_list(value, where, ITEMS)))


def parse(data: object) -> tuple[Conflict, list[int]]:
    """The conflict and the dice typed in, checked against the documented keys (CONTRACT.md)."""
    top = CHECK.json_object(data, "", ("attacker", "table", "attack", "defend", "box", "roll", "forced_roll"),
                       ("attacker", "attack", "defend", "box"))
    code = top["box"]
    where = box(code) if isinstance(code, str) else None
    if where is None:
        raise CHECK.wrong("box", f"must be a box's code such as P4/D1, got {shown(code)}")
    table = CHECK.one_of(top.get("table", tables.HARASS), "table", tables.NAMES)
    conflict = Conflict(CHECK.one_of(top["attacker"], "attacker", SIDES), table,
                        _units(top["attack"], "attack"), _units(top["defend"], "defend"), where)
    typed = [CHECK.whole(top[key], key, 1, 6) for key in ("roll", "forced_roll") if top.get(key) is not None]
    if top.get("forced_roll") is not None and top.get("roll") is None:
        raise CHECK.wrong("forced_roll", "needs `roll`: the conflict's die comes first")
    return conflict, typed


class _Typed:
    """The dice typed in, in order, then the seeded generator's."""

    def __init__(self, typed: TableDice, seeded: SeededDice):
        self.typed, self.seeded = typed, seeded

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        if self.typed.used < len(self.typed.values):
            return self.typed.roll(purpose, sides)
        return self.seeded.roll(purpose, sides)


def _strike(strike: Strike) -> dict:
    return {"roll": strike.roll, "result": strike.result, "winner": strike.winner, "points": strike.points}


def to_json(table: str, outcome: Outcome, dice: list[int], column: int) -> dict:
    """The documented answer, keys in the documented order; `column` the odds of the column read (beyond the
    table's last, the last)."""
    units = []
    for piece in outcome.pieces:
        unit = piece.unit
        entry: dict = {"id": unit.id, "type": unit.type.name}
        if unit.level is not None:
            entry["level"] = unit.level
        units.append(entry | {"count": unit.count, "strength": unit.strength} | ({"removed": True} if piece.removed else {}))
    strike = _strike(outcome.strike)
    return {"ruleset": "chicago", "attack_strength": outcome.attack_strength, "defend_strength": outcome.defend_strength,
            "odds": outcome.odds, "table": table, "roll": strike["roll"], "result": strike["result"],
            "winner": strike["winner"], "points": strike["points"],
            "forced_assault": _strike(outcome.forced) if outcome.forced else None, "units": units, "dice": dice,
            "column": f"{column}:1"}


def calculate(name: str, data: object, seed: int | None = None) -> dict:
    """`referee resolve chicago` (`name` is "chicago"): raise RefereeError, or a Refusal citing its section.

    `roll` (and `forced_roll`, a forced assault's die) are used if typed in and must all be used; any other
    die comes from the generator seeded with `seed` (or a random seed).
    """
    conflict, typed = parse(data)
    given = TableDice(typed)
    dice = Tally(_Typed(given, SeededDice(int.from_bytes(os.urandom(4), "big") if seed is None else seed)))
    outcome = resolve(conflict, tables.load(), dice)
    given.check_all_used()
    return to_json(conflict.table, outcome, [roll.value for roll in dice.rolls], outcome.column)

