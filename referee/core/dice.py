"""Dice: every roll has a purpose and is either drawn from the session seed or typed in."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol

from referee.errors import RefereeError


@dataclass(frozen=True, slots=True)
class Roll:
    """One die: what it was rolled for, its face, and whether the umpire typed it in."""

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
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % sides + 1


class SeededDice:
    """The session's generator: die n is a hash of (seed, n), so a session resumes its stream."""

    def __init__(self, seed: int, drawn: int = 0):
        self.seed = seed
        self.drawn = drawn

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        value = seeded_face(self.seed, self.drawn, sides)
        self.drawn += 1
        return Roll(purpose, value, sides)


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
