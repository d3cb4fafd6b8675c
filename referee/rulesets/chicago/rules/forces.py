"""The counter mix as counters: one counter a platoon, group or Guard company, each at one level for good.

BREAKING DOWN AND BUILDING UP UNITS D: "we always deal in terms of groups and platoons", and companies and
crowds exist only "to make for fewer playing pieces" (1). So every counter here stands for one platoon, group
or Guard company, and the screens and sheets show them built up. A platoon that changes level is exchanged for a
free counter of that level, as at the table. Where none is free, one going down is marked at the level below
(option `counter_limit` off, the text's reading) or takes a counter further down, else leaves the game
(`counter_limit` on); one going up stays as it is (RULINGS.md, "Chicago-Chicago: the game").

Counter ids are the kind and a number: `P1-01` a level-1 police platoon, `Tac-1`, `NG-01` a Guard company,
`G4-12` a level-4 group.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.core.state import GameState
from referee.core.units import OFF_MAP, REMOVED, Unit  # available but not on the board; out of the game
from referee.rulesets.chicago.rules.units import COUNTER_MIX, TYPES

#: a kind of counter: its type and level (None without levels), by the prefix of its ids
KINDS: dict[str, tuple[str, int | None]] = {
    "P1": ("police", 1), "P2": ("police", 2), "P3": ("police", 3), "Tac": ("tac", None), "NG": ("guard", None),
    "G1": ("demonstrator", 1), "G2": ("demonstrator", 2), "G3": ("demonstrator", 3), "G4": ("demonstrator", 4),
}
KIND_OF = {spec: kind_name for kind_name, spec in KINDS.items()}
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
    return KIND_OF[(type_name, level if TYPES[type_name].levels else None)]


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
    """A unit's kind of counter by the level it stands at (`P1`, `Tac`, `G4`...): a counter marked at another
    level than its own is of that level's kind."""
    return kind_of(unit.type, unit.attrs.get("level"))


def at_level(unit: Unit, level: int) -> Unit:
    """A counter standing at `level`: that level's numbers and name (THE PLAYING PIECES)."""
    kind_ = TYPES[unit.type]
    strength = kind_.strength(level)
    return Unit(unit.id, f"Level {level} {NOUN[unit.type]} {unit.id}", unit.side, unit.type,
                {**unit.factors, "strength": strength, "movement": kind_.movements[level - 1]}, unit.node, unit.status,
                {**unit.attrs, "level": level, "strength": strength})


def printed(unit: Unit) -> Unit:
    """A counter at its own level again, as it goes back in the box."""
    level = BY_ID[unit.id].level
    return unit if level is None or level == unit.attrs["level"] else at_level(unit, level)


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


def marking(options: dict[str, str]) -> bool:
    """Whether a counter going down with no counter of the level below free is marked at that level (option
    `counter_limit` off, the text's reading: DEMONSTRATOR ATTRITION AND MULTIPLICATION 3 removes only a unit that
    "can go down no further")."""
    return options.get("counter_limit", "off") == "off"


class Exchanges:
    """The counters a conflict or the turn's end exchanges: `changes` `[old, new]` in order (new None: out of the
    game) and `marked`, the counters marked at another level than their own ({id: level})."""

    def __init__(self, state: GameState, marking: bool):
        self.pool, self.marking = Pool(state), marking  # marking: option `counter_limit` off
        self.changes: list[list[str | None]] = []
        self.marked: dict[str, int] = {}

    def out(self, uid: str) -> None:
        """A counter out of the game, back in the box (a counter is a counter)."""
        self.pool.give(uid)
        self.changes.append([uid, None])

    def _swap(self, uid: str, kind_name: str) -> bool:
        taken = self.pool.take(kind_name)
        if taken is not None:
            self.pool.give(uid)
            self.changes.append([uid, taken])
        return taken is not None

    def level(self, unit: Unit, level: int) -> None:
        """A platoon or group to another level: back to its own counter's level, marked; else for a free counter
        of that level. Where none is free, going down it is marked at that level (`marking`) or takes a counter of
        the first level below with one free, else leaves the game (it can go down no further, DEMONSTRATOR ATTRITION
        AND MULTIPLICATION 3); going up it stays (the counter mix limits what is added)."""
        now, lowest = unit.attrs["level"], TYPES[unit.type].lowest
        down = level > now
        if level == now:
            return
        if level > lowest:  # it can go down no further
            self.out(unit.id)
            return
        if level == BY_ID[unit.id].level or self.marking and down and not self.pool.free[kind_of(unit.type, level)]:
            self.marked[unit.id] = level
            return
        for tried in range(level, lowest + 1 if down else level + 1):  # up: that level only
            if self._swap(unit.id, kind_of(unit.type, tried)):
                return
        if down:
            self.out(unit.id)


def tally(ids: Iterable[str]) -> str:
    """Counters counted by kind, in the mix's order: "3 P1, 2 Tac"."""
    counts: dict[str, int] = {}
    for uid in ids:
        counts[uid.split("-")[0]] = counts.get(uid.split("-")[0], 0) + 1
    return ", ".join(f"{counts[k]} {k}" for k in KINDS if k in counts) or "nobody"
