"""Authority Emergency Reinforcements (4.22, 7.3): what the Authority may order, what it costs, when it arrives.

SPD units go to the Reserve Pool at once; State Troopers and National Guard are placed on the Turn Record
track two game-turns on and reach the Reserve Pool then. Transit SNAFU and Rapid Response move the arrivals
of units on the way (Random Events Table 31-34).
"""

from __future__ import annotations

from referee.errors import Refusal
from referee.rulesets.bos.rules import exposure
from referee.rulesets.bos.rules.events import RandomEvent
from referee.rulesets.bos.rules.units import AUTHORITY, TYPES
from referee.text import plural

COST = -4  # Authority EI per unit taken (EI Adjustment Chart)
DELAY = 2  # game-turns State Troopers and National Guard take to arrive
AT_ONCE = ("spd",)  # types placed in the Reserve Pool at once


def barred(kind: str, stage: int) -> Refusal | None:
    """Why a kind of unit may not be ordered now, if it may not: State Troopers and National Guard at Stage One (7.3)."""
    if stage == 1 and kind not in AT_ONCE:
        return Refusal("7.3", "no State Trooper or National Guard emergency reinforcements at Stage One")
    return None


def order(wanted: dict[str, int], available: dict[str, int], stage: int,
          turn: int) -> tuple[list[exposure.Points], dict[str, int]]:
    """The Authority's order (4.22): its EI cost, a line per type ordered, and for each type ordered the
    game-turn it reaches the Reserve Pool (`turn` itself for SPD). Refused beyond the counter mix left
    off-map, and for State Troopers or National Guard at Stage One (7.3)."""
    arrivals = {}
    for kind, count in wanted.items():
        if kind not in TYPES or TYPES[kind].side != AUTHORITY or count < 0:
            raise Refusal("4.22", f"emergency reinforcements are Authority units, not {count} {kind!r}")
        left = available.get(kind, 0)
        if count > left:
            raise Refusal("4.22", f"up to the limits of the counter mix: {left} {kind} left off-map, not {count}")
        refusal = barred(kind, stage) if count else None
        if refusal:
            raise Refusal(refusal.section, f"{refusal.reason} ({kind})")
        arrivals[kind] = turn if kind in AT_ONCE else turn + DELAY
    cost = [exposure.Points(AUTHORITY, f"{plural(count, kind.replace('_', ' ') + ' unit')} taken", COST * count)
            for kind, count in wanted.items() if count]
    return cost, arrivals


def shifted(kind: str, due: int, event: RandomEvent, turn: int) -> int:
    """The game-turn a unit on the way (due at `due`) now arrives after an event of this turn: one later, or
    one earlier but never before this turn's Random Events and Reinforcement Phase."""
    if kind not in event.shifted or due < turn:
        return due
    return max(turn, due + event.arrival_shift)
