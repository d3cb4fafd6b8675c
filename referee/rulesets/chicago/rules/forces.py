"""The counter mix as counters: one counter a platoon, group or Guard company, each at one level for good.

BREAKING DOWN AND BUILDING UP UNITS D: "we always deal in terms of groups and platoons", and companies and
crowds exist only "to make for fewer playing pieces" (1). So every counter here stands for one platoon, group
or Guard company, and the screens and sheets show them built up. A counter's level never changes: a platoon
that goes down a level is exchanged for a free counter of the level below, as at the table, so the counter mix
limits how many stand at each level (RULINGS.md, "Chicago-Chicago: the game").

Counter ids are the kind and a number: `P1-01` a level-1 police platoon, `Tac-1`, `NG-01` a Guard company,
`G4-12` a level-4 group.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.core.state import GameState
from referee.core.units import Unit
from referee.rulesets.chicago.rules.units import COUNTER_MIX, TYPES

OFF_MAP, REMOVED = "off-map", "removed"  # available but not on the board; out of the game (CONTRACT.md)
#: a kind of counter: its type and level (None without levels), by the prefix of its ids
KINDS: dict[str, tuple[str, int | None]] = {
    "P1": ("police", 1), "P2": ("police", 2), "P3": ("police", 3), "Tac": ("tac", None), "NG": ("guard", None),
    "G1": ("demonstrator", 1), "G2": ("demonstrator", 2), "G3": ("demonstrator", 3), "G4": ("demonstrator", 4),
}
NOUN = {"police": "platoon", "tac": "Tac platoon", "guard": "Guard company", "demonstrator": "group"}


@dataclass(frozen=True)
class Counter:
    """One counter of the mix."""

    id: str
    type: str
    level: int | None

    @property
    def kind(self) -> str:
        return self.id.split("-")[0]

    @property
    def name(self) -> str:
        level = f"level {self.level} " if self.level else ""
        return f"{level}{NOUN[self.type]} {self.id}"


def kind_of(type_name: str, level: int | None) -> str:
    """The kind of counter of a type at a level."""
    return next(kind for kind, spec in KINDS.items() if spec == (type_name, level if TYPES[type_name].levels else None))


def _counters() -> tuple[Counter, ...]:
    found = []
    for kind, (type_name, level) in KINDS.items():
        many = COUNTER_MIX[(type_name, level or 1)]
        digits = 1 if many < 10 else 2
        found += [Counter(f"{kind}-{n:0{digits}d}", type_name, level) for n in range(1, many + 1)]
    return tuple(found)


COUNTERS = _counters()
BY_ID = {counter.id: counter for counter in COUNTERS}
KIND = {counter.id: counter.kind for counter in COUNTERS}


def kind(unit: Unit) -> str:
    """A unit's kind of counter (`P1`, `Tac`, `G4`...)."""
    return unit.id.split("-")[0]


def below(kind_name: str) -> tuple[str, ...]:
    """The kinds a counter of this kind may be exchanged for when it goes down, nearest first: the levels
    below its own (none for Tac and the Guard)."""
    type_name, level = KINDS[kind_name]
    if level is None:
        return ()
    return tuple(kind_of(type_name, lower) for lower in range(level + 1, TYPES[type_name].lowest + 1))


class Pool:
    """The counters off the board that may come into play, by kind: off-map first, then those that left the game
    (a counter is a counter: it goes back in the box), except the Guard's (NATIONAL GUARD: eliminated ones are
    gone). Taking from the pool and giving back are what the level changes and multiplication decide."""

    def __init__(self, state: GameState):
        self.free: dict[str, list[str]] = {kind_name: [] for kind_name in KINDS}
        removed = []
        for unit in state.units.values():
            if unit.status == OFF_MAP:
                self.free[KIND[unit.id]].append(unit.id)
            elif unit.status == REMOVED and unit.type != "guard":
                removed.append(unit.id)
        for uid in removed:
            self.free[KIND[uid]].append(uid)

    def take(self, kind_name: str) -> str | None:
        """A free counter of a kind, or None."""
        return self.free[kind_name].pop(0) if self.free[kind_name] else None

    def give(self, uid: str) -> None:
        """A counter back in the box."""
        if BY_ID[uid].type != "guard":
            self.free[uid.split("-")[0]].append(uid)

    def count(self, kinds: Iterable[str]) -> int:
        return sum(len(self.free[kind_name]) for kind_name in kinds)

    def lower(self, uid: str, levels: int = 1) -> str | None:
        """The counter that takes the place of `uid` gone down `levels` levels: a free one of that level, else of
        the first level below with one free; None if there is none (it can go down no further: out of the game,
        DEMONSTRATOR ATTRITION AND MULTIPLICATION 3). Tac never change (TAC UNITS): `uid` itself."""
        counter = BY_ID[uid]
        if counter.type == "tac":
            return uid
        for kind_name in below(counter.kind)[levels - 1:]:
            taken = self.take(kind_name)
            if taken is not None:
                self.give(uid)
                return taken
        self.give(uid)
        return None


def tally(ids: Iterable[str]) -> str:
    """Counters counted by kind, in the mix's order: "3 P1, 2 Tac"."""
    counts: dict[str, int] = {}
    for uid in ids:
        counts[uid.split("-")[0]] = counts.get(uid.split("-")[0], 0) + 1
    return ", ".join(f"{counts[k]} {k}" for k in KINDS if k in counts) or "nobody"
