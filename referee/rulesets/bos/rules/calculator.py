"""`referee resolve bos`: one combat in one area (6.0-6.4, 7.3, the CRT and the EI Adjustment Chart), from a
JSON description, without a session. Input and output follow CONTRACT.md to the letter (docs/cli.md, "`bos`").

The input is checked with pydantic (unknown keys refused, strict types) and answered on one line if wrong.
"""

from __future__ import annotations

import os
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from referee.core.dice import SeededDice, TableDice, Tally
from referee.errors import RefereeError
from referee.rules.bounds import ITEMS, SMALL
from referee.rules.commands import Dice, Name, problem, whole
from referee.rulesets.bos.rules import exposure
from referee.rulesets.bos.rules.combat import Combat, Fighter, Outcome, resolve
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, TYPES

Side = Literal["authority", "protester"]
Index = Annotated[int, whole(0, SMALL)]


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


class UnitInput(_Input):
    id: Name
    type: Literal["anarchist", "radical", "labor", "liberal", "environmentalist", "yahoo", "spd", "national_guard",
                  "state_trooper"]
    munitions: bool = False


class ChoicesInput(_Input):
    attack: Name | None = None
    counterattack: Name | None = None


class IndicesInput(_Input):
    authority: Index
    protester: Index


class CombatInput(_Input):
    attacker: Side
    stage: int = 1
    night: bool = False
    barricade: bool = False
    events: Annotated[list[Literal["kids_untied", "angry_womyn", "coffee_break", "costume_broke", "solidarity_forever",
                                   "faction_friction", "nonviolent", "pointing_fingers", "lost_keys"]],
                      Field(max_length=ITEMS)] = []
    attackers: Annotated[list[UnitInput], Field(max_length=ITEMS)]
    defenders: Annotated[list[UnitInput], Field(max_length=ITEMS)]
    crowds_present: bool = False
    group_ei: Side = "authority"
    choices: ChoicesInput | None = None
    dice: Dice | None = None
    ei: IndicesInput | None = None


def _fighters(units: list[UnitInput]) -> tuple[Fighter, ...]:
    return tuple(Fighter(unit.id, TYPES[unit.type], unit.munitions) for unit in units)


def combat(data: CombatInput) -> Combat:
    """The combat the checked input describes."""
    choices = data.choices or ChoicesInput()
    return Combat(data.attacker, _fighters(data.attackers), _fighters(data.defenders), data.stage, data.night,
                  data.barricade, tuple(EVENTS[key] for key in dict.fromkeys(data.events)), data.crowds_present,
                  data.group_ei, {roll: unit for roll, unit in (("attack", choices.attack),
                                                                ("counterattack", choices.counterattack)) if unit})


def to_json(attacker: str, outcome: Outcome, dice: list[int], before: IndicesInput | None) -> dict:
    """The documented answer, keys in the documented order."""
    units = []
    for fate in outcome.units:
        entry: dict = {"id": fate.id, "side": fate.side}
        if fate.morale_roll is not None:
            entry |= {"morale": fate.morale, "morale_roll": fate.morale_roll}
        units.append(entry | {"fate": fate.fate})
    answer = {"ruleset": "bos", "attacker": attacker,
              "attack": vars(outcome.attack), "counterattack": vars(outcome.counterattack),
              "units": units, "ei": dict(outcome.ei)}
    if before is not None:
        answer["ei_after"] = exposure.settle({AUTHORITY: before.authority, PROTESTER: before.protester}, outcome.ei)
    return answer | {"dice": dice}


def calculate(name: str, data: object, seed: int | None = None) -> dict:
    """`referee resolve bos` (`name` is "bos"): raise RefereeError, or a Refusal citing its section, on bad input.

    Typed-in `dice` are used in order and must all be used; without them the generator seeded with `seed`
    (or a random seed) rolls.
    """
    try:
        parsed = CombatInput.model_validate(data)
    except ValidationError as error:
        raise RefereeError(f"bos: {problem(error)}") from None
    if parsed.dice is not None:
        source: TableDice | SeededDice = TableDice(parsed.dice)
    else:
        source = SeededDice(int.from_bytes(os.urandom(4), "big") if seed is None else seed)
    dice = Tally(source)
    outcome = resolve(combat(parsed), dice)
    if isinstance(source, TableDice):
        source.check_all_used()
    return to_json(parsed.attacker, outcome, [roll.value for roll in dice.rolls], parsed.ei)
