"""`referee resolve picket-push`: one push (4.3) from JSON, without a session. Standard library only.

Input: `{"police": 2, "resolve": 3, "roll": 5}`; without `roll`, the die comes from `--seed` (or at random).
"""

from __future__ import annotations

import secrets

from referee.core.dice import SeededDice
from referee.errors import RefereeError

from .push import push


def _whole(data: dict, key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RefereeError(f"picket-push: {key!r} must be a whole number from {low} to {high}")
    return value


def calculate(name: str, data: object, seed: int | None) -> dict:
    """The answer to one of the ruleset's calculators (only `picket-push`); bad input is a RefereeError."""
    if not isinstance(data, dict):
        raise RefereeError('picket-push: give a JSON object such as {"police": 2, "resolve": 3}')
    unknown = set(data) - {"police", "resolve", "roll"}
    if unknown:
        raise RefereeError(f"picket-push: unknown key {sorted(unknown)[0]!r}")
    police, resolve = _whole(data, "police", 1, 99), _whole(data, "resolve", 1, 4)
    if "roll" in data:
        roll = _whole(data, "roll", 1, 6)
    else:
        roll = SeededDice(secrets.randbits(64) if seed is None else seed).roll("push").value
    return {"calculator": name, "police": police, "resolve": resolve, **push(police, resolve, roll)}
