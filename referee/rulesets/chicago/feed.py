"""What a Chicago-Chicago event writes in its players' feeds (referee.knowledge.feed): a move of counters to the
players commanding them; a conflict, in one box where both sides stand, to both sides' players with counters in
it: the result on the table and what became of each counter (HOW TO RESOLVE CONFLICT); attrition's exchanges to
the players of the counters. The dice are left out; the conflict's public line comes from the knowledge."""

from __future__ import annotations

from collections.abc import Callable

from referee.core.events import Event
from referee.knowledge.feed import OWN, Journal, Value

Said = list[tuple[str, dict[str, tuple[str, Value]]]]
# the words of a player's view that his order forms read (knowledge.py writes them, orders.py reads them)
MINIMUM = "in the CPD MINIMUM box"  # a counter's note: a platoon in its box's minimum box (CPD MINIMUM)
INFILTRATING = "infiltrating"  # an own group's note while it infiltrates this turn (INFILTRATION)
OVER = "game over"  # how the public line of the game's end begins (HOW TO PLAY step 6, CPD MINIMUM)


def _changes(changes: list) -> Said:
    """Counters out of the game, or exchanged for another level's (BREAKING DOWN AND BUILDING UP UNITS)."""
    return [("fate", {"units": ("unit", old), "fate": ("fate", "out")}) if new is None else
            ("exchanged", {"units": ("unit", old), "new": ("unit", new)}) for old, new in changes if new != old]


def write(journal: Journal, commanders: Callable[..., list[str]], turn: int, event: Event) -> None:
    """Note what `event` shows its players; `commanders(*ids)` names the players commanding those counters
    before it."""
    d = event.data
    if event.kind == "moved" and d["path"]:
        journal.note(commanders(*d["units"]), turn, OWN, "moved", units=("unit", tuple(d["units"])),
                     **{"from": ("place", d["from"]), "to": ("place", d["path"][-1])})
    elif event.kind == "moved":
        journal.note(commanders(*d["units"]), turn, OWN, "minimum", units=("unit", tuple(d["units"])),
                     at=("place", d["from"]))
    elif event.kind == "conflict":
        attack, defend = tuple(d["attack"]), tuple(d["defend"])
        results = [d["result"]] + ([d["forced"]["result"]] if d["forced"] else [])
        after: Said = [("result", {"result": ("result", result)}) for result in results] + _changes(d["changes"])
        journal.clash(turn, commanders(*attack), commanders(*defend), attack, defend, ("place", d["box"]), after)
    elif event.kind == "attrition":
        for line, values in _changes(d["changes"]):
            journal.note(commanders(str(values["units"][1])), turn, OWN, line, **values)
