"""Dice: every roll has a purpose and is either drawn from the session seed or typed in."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Protocol

from referee.errors import RefereeError
from referee.text import plural


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
    """The session's generator: die n is a hash of (seed, n), so a session resumes its stream.

    A branch draws its later dice from a seed of its own: `seeds` lists (first die, seed) in order,
    the first from die 0, and die n comes from the last seed whose first die is at most n.
    """

    def __init__(self, seed: int | tuple[tuple[int, int], ...], drawn: int = 0):
        self.seeds = ((0, seed),) if isinstance(seed, int) else tuple(seed)
        self.drawn = drawn
        self._span: tuple[int, float, Any] = 0, 0, None  # `_span_of` the seed in use

    @property
    def seed(self) -> int:
        """The seed the next die comes from."""
        return seed_at(self.seeds, self.drawn)

    def copy(self) -> SeededDice:
        """The same stream at the same point, drawn from separately (for previews)."""
        return SeededDice(self.seeds, self.drawn)

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        """The next die, `seeded_face(seed, drawn, sides)` (hashing the seed's part of the key once per seed)."""
        drawn = self.drawn
        first, after, keyed = self._span
        if not first <= drawn < after:
            _, _, keyed = self._span = self._span_of(drawn)
        digest = keyed.copy()
        digest.update(b"%d" % drawn)
        self.drawn = drawn + 1
        return Roll(purpose, _face(digest, sides), sides)

    def _span_of(self, index: int) -> tuple[int, float, Any]:
        """The dice drawn from die `index`'s seed: (first die, die after the last, hash of "<seed>:")."""
        first = max(start for start, _ in self.seeds if start <= index)
        after = min((start for start, _ in self.seeds if start > index), default=math.inf)
        return first, after, hashlib.blake2b(f"{seed_at(self.seeds, index)}:".encode(), digest_size=8)


def seed_at(seeds: tuple[tuple[int, int], ...], index: int) -> int:
    """The seed that die `index` comes from: that of the last (first die, seed) starting at or before it."""
    return [seed for start, seed in seeds if start <= index][-1]


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
            typed = len(self.values)
            raise RefereeError(f"{plural(typed, 'die', 'dice')} typed in, {self.used} needed: "
                               f"{typed - self.used} left over")


class Tally:
    """Dice that keep every roll they pass on, so the event a roll decided can carry it."""

    def __init__(self, dice: Dice):
        self.dice = dice
        self.rolls: list[Roll] = []

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        roll = self.dice.roll(purpose, sides)
        self.rolls.append(roll)
        return roll
