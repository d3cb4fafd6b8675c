"""What a Battle of Seattle event writes in its players' feeds (referee.knowledge.feed): a unit's doings to the
players commanding it; a combat to both sides' players with units in it, who stand in its area and see every unit
in it and what became of each (6.1-6.4). The dice are left out; what everyone is told comes from the knowledge."""

from __future__ import annotations

from collections.abc import Callable

from referee.core.events import Event
from referee.core.state import GameState
from referee.knowledge.feed import OWN, Journal, Value
from referee.rules.handing import commands
from referee.rulesets.bos.rules.combat import STAYS
from referee.scenario.catalog import Player


def _where(node: str | None) -> tuple[str, str]:
    """An area, or the Reserve Pool for none (5.0)."""
    return ("place", node) if node else ("status", "reserve")


def write(journal: Journal, players: tuple[Player, ...], state: GameState, event: Event) -> None:
    """Note what `event` shows its players, `state` as it stood before it."""
    d, turn = event.data, state.turn

    def commanders(*uids: str) -> list[str]:
        return [p.id for p in players for uid in uids if commands(players, state, p, uid)]

    def own(uid: str, line: str, **values: tuple[str, Value]) -> None:
        journal.note(commanders(uid), turn, OWN, line, units=("unit", uid), **values)

    if event.kind == "unit-moved":
        own(d["unit"], "reaction" if d["reaction"] else "moved", **{"from": _where(d["from"]), "to": _where(d["to"])})
    elif event.kind == "unit-placed":
        own(d["unit"], "placed", to=_where(d["to"]))
    elif event.kind == "barricade-tried":
        own(d["unit"], "built" if d["built"] else "not-built", at=("place", d["node"]))
    elif event.kind in ("unit-held", "unit-lost"):
        own(d["unit"], {"unit-held": "held", "unit-lost": "lost"}[event.kind])
    elif event.kind == "nightfall":
        for uid in d["units"]:
            own(uid, "left")
    elif event.kind == "combat":
        _combat(journal, commanders, turn, d)


def _combat(journal: Journal, commanders: Callable[..., list[str]], turn: int, d: dict) -> None:
    """6.1: the attack to the attacking players, the attack on them to the defending players; to each, every
    unit's fate (6.3, 6.4), or no losses."""
    attackers, defenders = tuple(d["attackers"]), tuple(d["defenders"])
    fates: list[tuple[str, dict[str, tuple[str, Value]]]] = [
        ("fate", {"units": ("unit", unit["id"]), "fate": ("status", unit["fate"])}) for unit in d["units"]
        if unit["fate"] != STAYS]
    journal.clash(turn, commanders(*attackers), commanders(*defenders), attackers, defenders, ("place", d["node"]), fates)
