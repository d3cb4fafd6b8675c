"""`referee resolve bos`: one combat in one area (6.0-6.4, 7.3, the CRT and the EI Adjustment Chart), from a
JSON description, without a session. Input and output follow CONTRACT.md to the letter (docs/cli.md, "`bos`").

Standard library, errors and dice only, so that the command starts fast: the input is checked here, unknown
keys refused, and answered on one line if wrong.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass

from referee.bounds import DICE, ITEMS, SMALL
from referee.core.dice import SeededDice, TableDice, Tally
from referee.rules.plain_input import PlainInput
from referee.rulesets.bos.rules import exposure
from referee.rulesets.bos.rules.combat import Combat, Fighter, Outcome, resolve
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, SIDES, TYPES

#: the events in effect during a combat (the others act in the Random Events Phase)
COMBAT_EVENTS = ("kids_untied", "angry_womyn", "coffee_break", "costume_broke", "solidarity_forever",
                 "faction_friction", "nonviolent", "pointing_fingers", "lost_keys")


CHECK = PlainInput("bos")


def _fighters(value: object, where: str) -> tuple[Fighter, ...]:
    fighters = []
    for i, item in enumerate(CHECK.json_list(value, where, ITEMS)):
        unit = CHECK.json_object(item, f"{where}[{i}]", ("id", "type", "munitions"), ("id", "type"))
        fighters.append(Fighter(CHECK.name(unit["id"], f"{where}[{i}].id"),
                                TYPES[CHECK.one_of(unit["type"], f"{where}[{i}].type", tuple(TYPES))],
                                CHECK.flag(unit.get("munitions", False), f"{where}[{i}].munitions")))
    return tuple(fighters)


@dataclass(frozen=True)
class CombatInput:
    """The calculator's input, checked: the combat, the dice typed in and the indices before it."""

    combat: Combat
    dice: list[int] | None = None
    ei: dict[str, int] | None = None


def parse(data: object) -> CombatInput:
    """The input checked against the documented keys (CONTRACT.md), or a RefereeError naming the first fault."""
    top = CHECK.json_object(data, "", ("attacker", "stage", "night", "barricade", "events", "attackers", "defenders",
                                       "crowds_present", "group_ei", "choices", "dice", "ei"),
                            ("attacker", "attackers", "defenders"))
    listed = CHECK.json_list(top.get("events", []), "events", ITEMS)
    events = [CHECK.one_of(key, f"events[{i}]", COMBAT_EVENTS) for i, key in enumerate(listed)]
    choices = CHECK.json_object(top.get("choices") or {}, "choices", ("attack", "counterattack"))
    picks = {roll: CHECK.name(unit, f"choices.{roll}") for roll, unit in choices.items() if unit is not None}
    dice = None
    if top.get("dice") is not None:
        dice = [CHECK.whole(value, f"dice[{i}]", -SMALL, SMALL)
                for i, value in enumerate(CHECK.json_list(top["dice"], "dice", DICE))]
    ei = None
    if top.get("ei") is not None:
        given = CHECK.json_object(top["ei"], "ei", SIDES, SIDES)
        ei = {side: CHECK.whole(given[side], f"ei.{side}", 0, SMALL) for side in SIDES}
    attacker = CHECK.one_of(top["attacker"], "attacker", (AUTHORITY, PROTESTER))
    combat = Combat(attacker, _fighters(top["attackers"], "attackers"), _fighters(top["defenders"], "defenders"),
                    CHECK.whole(top.get("stage", 1), "stage", -SMALL, SMALL), CHECK.flag(top.get("night", False), "night"),
                    CHECK.flag(top.get("barricade", False), "barricade"), tuple(EVENTS[key] for key in dict.fromkeys(events)),
                    CHECK.flag(top.get("crowds_present", False), "crowds_present"),
                    CHECK.one_of(top.get("group_ei", AUTHORITY), "group_ei", (AUTHORITY, PROTESTER)), picks)
    return CombatInput(combat, dice, ei)


def to_json(attacker: str, outcome: Outcome, dice: list[int], before: dict[str, int] | None) -> dict:
    """The documented answer, keys in the documented order."""
    units = []
    for fate in outcome.units:
        entry: dict = {"id": fate.id, "side": fate.side}
        if fate.morale_roll is not None:
            entry |= {"morale": fate.morale, "morale_roll": fate.morale_roll}
        units.append(entry | {"fate": fate.fate})
    answer = {"ruleset": "bos", "attacker": attacker,
              "attack": asdict(outcome.attack), "counterattack": asdict(outcome.counterattack),
              "units": units, "ei": dict(outcome.ei)}
    if before is not None:
        answer["ei_after"] = exposure.settle(before, outcome.ei)
    return answer | {"dice": dice}


def calculate(name: str, data: object, seed: int | None = None) -> dict:
    """`referee resolve bos` (`name` is "bos"): raise RefereeError, or a Refusal citing its section, on bad input.

    Typed-in `dice` are used in order and must all be used; without them the generator seeded with `seed`
    (or a random seed) rolls.
    """
    parsed = parse(data)
    if parsed.dice is not None:
        source: TableDice | SeededDice = TableDice(parsed.dice)
    else:
        source = SeededDice(int.from_bytes(os.urandom(4), "big") if seed is None else seed)
    dice = Tally(source)
    outcome = resolve(parsed.combat, dice)
    if isinstance(source, TableDice):
        source.check_all_used()
    return to_json(parsed.combat.attacker, outcome, [roll.value for roll in dice.rolls], parsed.ei)
