"""The dice audit: every roll with its purpose, each generator die checked against the revealed seed,
and the faces against a fair die."""

from __future__ import annotations

import math
from dataclasses import dataclass

from referee.core.dice import seeded_face
from referee.review.gather import Gathered
from referee.store.reading import Epoch


@dataclass(frozen=True, slots=True)
class Die:
    """One die of the session, in the order rolled (undone commands included: their dice were rolled)."""

    seq: int
    turn: int
    purpose: str
    value: int
    sides: int
    entered: bool
    undone: bool
    index: int | None  # the generator's die number; None for dice typed in at the table
    checks: bool  # the seed gives this face (typed-in dice and withheld seeds' always pass)
    withheld: bool = False  # drawn from a seed this session does not hold (a branch's copy of its original's)


@dataclass(frozen=True, slots=True)
class Fairness:
    """How the faces of one kind of die fell, against a fair die."""

    sides: int
    rolls: int
    counts: tuple[int, ...]
    expected: float
    chi2: float
    p: float | None  # None where too few rolls for the test to mean anything (under 5 expected per face)

    @property
    def mean(self) -> float:
        """The mean face rolled."""
        return sum(face * count for face, count in enumerate(self.counts, 1)) / (self.rolls or 1)

    @property
    def fair_mean(self) -> float:
        """A fair die's mean face: halfway between 1 and its sides."""
        return (self.sides + 1) / 2


@dataclass(frozen=True, slots=True)
class Audit:
    dice: tuple[Die, ...]
    fairness: tuple[Fairness, ...]
    epochs: tuple[Epoch, ...]  # each seed with its nonce and commitment, from the die it starts at
    mismatches: int
    typed_in: int
    withheld: int  # generator dice of seeds withheld: checked by the original session's own review
    unrecorded: int  # generator dice drawn by a command but carried by none of its events


def chi2_p(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for chi-square with `freedom` degrees: the regularized upper gamma Q(k/2, x/2)."""
    y = statistic / 2
    if freedom % 2 == 0:
        return math.exp(-y) * sum(y ** i / math.factorial(i) for i in range(freedom // 2))
    tail = sum(y ** (j - 0.5) / math.gamma(j + 0.5) for j in range(1, (freedom - 1) // 2 + 1))
    return math.erfc(math.sqrt(y)) + math.exp(-y) * tail


def _fairness(dice: list[Die]) -> tuple[Fairness, ...]:
    found = []
    for sides in sorted({d.sides for d in dice}):
        faces = [d.value for d in dice if d.sides == sides]
        counts = tuple(faces.count(face) for face in range(1, sides + 1))
        expected = len(faces) / sides
        chi2 = sum((count - expected) ** 2 / expected for count in counts)
        found.append(Fairness(sides, len(faces), counts, expected, chi2, chi2_p(chi2, sides - 1) if expected >= 5 else None))
    return tuple(found)


def audit(g: Gathered) -> Audit:
    """Every die of the log with its check: the generator's die n must be `seeded_face(seed, n)`."""
    epochs = g.info.epochs or (Epoch(0, g.info.seed, None),)
    dice, drawn, unrecorded = [], 0, 0
    undone = {r.seq for r, _ in g.undone}
    by_command: dict[int, list] = {}
    for record in g.log:
        by_command.setdefault(record.command_id, []).append(record)
    for command_id, (_, drawn_after) in g.commands.items():
        index = drawn
        for record in by_command.get(command_id, ()):
            for roll in record.dice:
                entered, sides = roll.get("entered", False), roll.get("sides", 6)
                seed = None if entered else [e.seed for e in epochs if e.start <= index][-1]
                ok = entered or seed is None or seeded_face(seed, index, sides) == roll["value"]
                dice.append(Die(record.seq, record.turn, roll["purpose"], roll["value"], sides, entered,
                                record.seq in undone, None if entered else index, ok, not entered and seed is None))
                if not entered:
                    index += 1
        unrecorded += drawn_after - index
        drawn = drawn_after
    return Audit(tuple(dice), _fairness(dice), epochs, sum(not d.checks for d in dice), sum(d.entered for d in dice),
                 sum(d.withheld for d in dice), unrecorded)
