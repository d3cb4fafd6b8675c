"""`referee resolve n30`: one confrontation (4) from a JSON description, without a session.

The input and output follow docs/cli.md, "The confrontation calculator", to the letter.
Standard library, errors and dice only: the command must start fast.
"""

from __future__ import annotations

import os

from referee.bounds import DICE, ITEMS, SMALL, name_problem, shown
from referee.core.dice import SeededDice, TableDice
from referee.errors import RefereeError
from referee.rulesets.n30.rules.confrontation import (
    LOCKDOWN,
    POLICE_TYPES,
    PROTESTER_TYPES,
    Confrontation,
    PoliceIn,
    ProtesterIn,
    resolve,
)

TOP_KEYS = ("gas", "police", "protesters", "allocation", "refuse", "dice")
POLICE_KEYS = ("id", "type", "armored")
PROTESTER_KEYS = ("id", "type", "locked")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_keys(obj: dict, known: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in known:
            raise RefereeError(f"{where}: unknown key {shown(key)} (known keys: {', '.join(known)})")


def _unit_id(obj: dict, where: str) -> str:
    if "id" not in obj:
        raise RefereeError(f"{where}: missing key 'id'")
    unit_id = obj["id"]
    if not isinstance(unit_id, str) or not unit_id.strip():
        raise RefereeError(f"{where}.id: must be a non-empty string, got {shown(unit_id)}")
    _check_name(unit_id, f"{where}.id")
    return unit_id


def _check_name(name: str, where: str) -> None:
    problem = name_problem(name)
    if problem:
        raise RefereeError(f"{where}: {shown(name)} {problem}")


def _unit_type(obj: dict, where: str, types: tuple[str, ...]) -> str:
    if "type" not in obj:
        raise RefereeError(f"{where}: missing key 'type'")
    unit_type = obj["type"]
    if not isinstance(unit_type, str) or unit_type not in types:
        raise RefereeError(f"{where}.type: unknown type {shown(unit_type)} (one of: {', '.join(types)})")
    return unit_type


def _unit_list(data: dict, key: str) -> list:
    if key not in data:
        raise RefereeError(f"missing key {key!r}: the n30 confrontation needs 'police' and 'protesters'")
    units = data[key]
    if not isinstance(units, list):
        raise RefereeError(f"{key}: must be a list of units, got {type(units).__name__}")
    if not units:
        raise RefereeError(f"{key}: must list at least one unit")
    if len(units) > ITEMS:
        raise RefereeError(f"{key}: must list at most {ITEMS} units")
    seen: set[str] = set()
    for index, unit in enumerate(units):
        where = f"{key}[{index}]"
        if not isinstance(unit, dict):
            raise RefereeError(f"{where}: each unit must be an object with 'id' and 'type'")
        unit_id = _unit_id(unit, where)
        if unit_id in seen:
            raise RefereeError(f"{where}.id: {shown(unit_id)} is listed twice in {key}")
        seen.add(unit_id)
    return units


def _police(data: dict) -> list[PoliceIn]:
    police = []
    for index, unit in enumerate(_unit_list(data, "police")):
        where = f"police[{index}]"
        _check_keys(unit, POLICE_KEYS, where)
        unit_type = _unit_type(unit, where, POLICE_TYPES)
        armored = unit.get("armored", False)
        if not isinstance(armored, bool):
            raise RefereeError(f"{where}.armored: must be true or false, got {shown(armored)}")
        if armored and unit_type != "chemical":
            raise RefereeError(f"{where}.armored: only chemical units carry armored cars")
        police.append(PoliceIn(unit["id"], unit_type, armored))
    return police


def _protesters(data: dict) -> list[ProtesterIn]:
    protesters = []
    for index, unit in enumerate(_unit_list(data, "protesters")):
        where = f"protesters[{index}]"
        _check_keys(unit, PROTESTER_KEYS, where)
        unit_type = _unit_type(unit, where, PROTESTER_TYPES)
        locked = True
        if "locked" in unit:
            locked = unit["locked"]
            if not isinstance(locked, bool):
                raise RefereeError(f"{where}.locked: must be true or false, got {shown(locked)}")
            if unit_type != LOCKDOWN:
                raise RefereeError(f"{where}.locked: only lockdown clusters lock down, and {unit['id']!r} is {unit_type}")
        protesters.append(ProtesterIn(unit["id"], unit_type, locked))
    return protesters


def _allocation(data: dict) -> dict[str, int] | None:
    allocation = data.get("allocation")
    if allocation is None:
        return None
    if not isinstance(allocation, dict):
        raise RefereeError(f"allocation: must be an object mapping protester ids to shares, got {type(allocation).__name__}")
    if len(allocation) > ITEMS:
        raise RefereeError(f"allocation: must share among at most {ITEMS} units")
    for name, share in allocation.items():
        _check_name(name, "allocation")
        if not _is_int(share) or not -SMALL <= share <= SMALL:
            raise RefereeError(f"allocation: the share of {shown(name)} must be a whole number from {-SMALL} "
                               f"to {SMALL}, got {shown(share)}")
    return allocation


def _refuse(data: dict) -> list[str]:
    refuse = data.get("refuse")
    if refuse is None:
        return []
    if not isinstance(refuse, list):
        raise RefereeError(f"refuse: must be a list of protester ids, got {type(refuse).__name__}")
    if len(refuse) > ITEMS:
        raise RefereeError(f"refuse: must list at most {ITEMS} units")
    seen: set[str] = set()
    for name in refuse:
        if not isinstance(name, str):
            raise RefereeError(f"refuse: must list protester ids (strings), got {shown(name)}")
        _check_name(name, "refuse")
        if name in seen:
            raise RefereeError(f"refuse: {shown(name)} is listed twice")
        seen.add(name)
    return refuse


def _dice(data: dict, seed: int | None) -> SeededDice | TableDice:
    values = data.get("dice")
    if values is None:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        elif not _is_int(seed):
            raise RefereeError(f"--seed: must be a whole number, got {shown(seed)}")
        return SeededDice(seed)
    if not isinstance(values, list):
        raise RefereeError(f"dice: must be a list of die faces, got {type(values).__name__}")
    if len(values) > DICE:
        raise RefereeError(f"dice: must list at most {DICE} dice")
    for value in values:
        if not _is_int(value) or not 1 <= value <= 6:
            raise RefereeError(f"dice: {shown(value)} is not a face of a six-sided die")
    return TableDice(values)


def to_json(outcome: Confrontation) -> dict:
    """The documented output object, keys in the documented order."""
    units = []
    for unit in outcome.units:
        entry = {"id": unit.id, "type": unit.type, "facing": unit.facing, "roll": unit.roll, "result": unit.result}
        if unit.refusal_roll is not None:
            entry["refusal_roll"] = unit.refusal_roll
        entry["radicalized"] = unit.radicalized
        units.append(entry)
    return {
        "ruleset": "n30",
        "gas": outcome.gas,
        "police_total": outcome.police_total,
        "effective_total": outcome.effective_total,
        "units": units,
        "successes": outcome.successes,
        "dice": list(outcome.dice),
    }


def resolve_json(data: object, seed: int | None = None) -> dict:
    """Resolve the confrontation `data` describes; raise RefereeError (or Refusal) on bad input.

    Typed-in `dice` are used in order and must all be used; without them the generator
    seeded with `seed` (or a random seed) rolls.
    """
    if not isinstance(data, dict):
        raise RefereeError(f"the n30 confrontation must be a JSON object, got {type(data).__name__}")
    _check_keys(data, TOP_KEYS, "n30 confrontation")
    gas = data.get("gas", False)
    if not isinstance(gas, bool):
        raise RefereeError(f"gas: must be true or false, got {shown(gas)}")
    police = _police(data)
    protesters = _protesters(data)
    allocation = _allocation(data)
    refuse = _refuse(data)
    dice = _dice(data, seed)
    outcome = resolve(police, protesters, gas, allocation, refuse, dice)
    if isinstance(dice, TableDice):
        dice.check_all_used()
    return to_json(outcome)


def calculate(name: str, data: object, seed: int | None = None) -> dict:
    """`referee resolve n30`: the ruleset's one calculator (`name` is "n30")."""
    return resolve_json(data, seed)
