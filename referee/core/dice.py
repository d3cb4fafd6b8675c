"""Dice: every roll has a purpose and is either drawn from the session seed or typed in."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol

from referee.errors import RefereeError


@dataclass(slots=True)
class Roll:
    """One die: what it was rolled for, its face, and whether the umpire typed it in (never changed once rolled)."""

    purpose: str
    value: int
    sides: int = 6
    entered: bool = False

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "value": self.value, "sides": self.sides, "entered": self.entered}

    @classmethod
    def from_json(cls, data: dict) -> Roll:
        return cls(data["purpose"], data["value"], data.get("sides", 6), data.get("entered", False))


class Dice(Protocol):
    """A source of dice."""

    def roll(self, purpose: str, sides: int = 6) -> Roll: ...


def seeded_face(seed: int, index: int, sides: int) -> int:
    """The face of die number `index` of a seed: anyone holding the seed can check it."""
    return _face(hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8), sides)


def _face(digest, sides: int) -> int:
    """A die's face from the hash of its key, "<seed>:<index>"."""
    return int.from_bytes(digest.digest(), "big") % sides + 1


class SeededDice:
    """The session's generator: die n is a hash of (seed, n), so a session resumes its stream."""

    def __init__(self, seed: int, drawn: int = 0):
        self.seed = seed
        self.drawn = drawn
        self._hashed_seed = hashlib.blake2b(f"{seed}:".encode(), digest_size=8)  # the start of every die's key

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        """The next die, `seeded_face(seed, drawn, sides)` (hashing the seed's part of the key once)."""
        digest = self._hashed_seed.copy()
        digest.update(str(self.drawn).encode())
        self.drawn += 1
        return Roll(purpose, _face(digest, sides), sides)


class TableDice:
    """Dice rolled at the table and typed in, used in order; none may be left over or missing."""

    def __init__(self, values: list[int]):
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RefereeError(f"dice must be whole numbers, got {value!r}")
        self.values = list(values)
        self.used = 0

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        if self.used >= len(self.values):
            raise RefereeError(f"not enough dice typed in: needed one more for {purpose}")
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise RefereeError(f"die {value} for {purpose} is not a face of a d{sides}")
        self.used += 1
        return Roll(purpose, value, sides, entered=True)

    def check_all_used(self) -> None:
        """Refuse leftover dice: a typo at the table must not pass silently."""
        if self.used < len(self.values):
            raise RefereeError(f"{len(self.values) - self.used} typed-in dice were not needed")


class Tally:
    """Dice that keep every roll they pass on, so the event a roll decided can carry it."""

    def __init__(self, dice: Dice):
        self.dice = dice
        self.rolls: list[Roll] = []

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        roll = self.dice.roll(purpose, sides)
        self.rolls.append(roll)
        return roll
