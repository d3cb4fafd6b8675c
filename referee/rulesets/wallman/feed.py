"""What a Wallman event writes in an officer's feed (referee.knowledge.feed): what his own command did, as its
radio tells him (moves, arrivals, orders given, gas, shots, negotiation, fights), and a crowd's attack on one of
his units with its result (Fighting). Never a crowd's RL, a roll or a score: the umpire keeps those (The Player
Role); a sniper's shot and an order received come as reports (the knowledge files them)."""

from __future__ import annotations

from collections.abc import Callable

from referee.core.events import Event
from referee.knowledge.feed import ATTACKED, OWN, Journal, Value


def write(journal: Journal, owner: Callable[[str], str | None], sees: Callable[[str, str], bool], turn: int,
          event: Event) -> None:
    """Note what `event` shows the officer commanding the unit it names (`owner(unit id)`): a crowd by its name
    where his own eyes see it (`sees(player, crowd id)`), else as "a crowd" (the radio names no crowd)."""
    d = event.data

    def own(uid: str, line: str, kind: str = OWN, **values: tuple[str, Value]) -> None:
        player = owner(uid)
        if player is not None:
            journal.note((player,), turn, kind, line, units=("unit", uid), **values)

    def crowd(uid: str, crowd_id: str) -> tuple[str, Value]:
        """The crowd a unit of his command acted on, as he knows it."""
        player = owner(uid)
        return ("unit", crowd_id) if player is not None and sees(player, crowd_id) else ("feed", "a_crowd")

    if event.kind == "unit-moved":
        own(d["unit"], "moved", OWN, **{"from": ("place", d["from"]), "to": ("place", d["to"])})
    elif event.kind == "reinforcements-arrived":
        for uid in d["units"]:
            own(uid, "arrived", to=("place", d["node"]))
    elif event.kind == "ordered":
        own(d["officer"], "ordered", targets=("unit", d["to"]))
    elif event.kind == "gassed":
        own(d["unit"], "gassed", what=("text", d["kind"].replace("_", " ")), at=("place", d["node"]))
    elif event.kind == "shot":
        own(d["unit"], "fired", targets=crowd(d["unit"], d["crowd"]), hits=("text", str(d["hits"])))
    elif event.kind == "negotiated":
        own(d["officer"], "negotiated", targets=crowd(d["officer"], d["crowd"]))
    elif event.kind == "fought":
        kind = ATTACKED if d["defending"] else OWN
        own(d["unit"], "fought", kind, targets=crowd(d["unit"], d["crowd"]), what=("text", d["intent"]))
        own(d["unit"], "result", kind, result=("text", d["result"]))
