"""What an N30 event writes in its players' feeds (referee.knowledge.feed): a unit's movement roll (3.1, his own
die), moves, arrival and markers to the players commanding it; a confrontation (4) to the police players whose units
attack and the protester players whose units are attacked, both in the intersection, in contact (6.2: every unit
there identified), with each protester unit's result. A confrontation's dice and the police total are left out; what
everyone is told comes from the record."""

from __future__ import annotations

from referee.core.events import Event
from referee.core.state import GameState
from referee.knowledge.feed import OWN, Journal
from referee.rules.handing import commands
from referee.scenario.catalog import Player


def write(journal: Journal, players: tuple[Player, ...], state: GameState, event: Event) -> None:
    """Note what `event` shows its players, `state` as it stood before it."""
    d, turn = event.data, state.turn

    def commanders(*uids: str) -> list[str]:
        return [p.id for p in players if any(commands(players, state, p, uid) for uid in uids)]

    if event.kind == "movement-rolled":  # his own die (3.1): how far the unit may go, before it goes
        journal.note(commanders(d["unit"]), turn, OWN, "rolled", units=("unit", d["unit"]), rate=("text", str(d["rate"])))
    elif event.kind == "unit-moved" and d["path"]:
        start = ("place", d["from"]) if d["from"] else ("edge", d["edge"])
        journal.note(commanders(d["unit"]), turn, OWN, "moved", units=("unit", d["unit"]),
                     **{"from": start, "to": ("place", d["path"][-1])})
    elif event.kind == "reinforcements-arrived":
        journal.note(commanders(*d["units"]), turn, OWN, "arrived", units=("unit", tuple(d["units"])),
                     to=("edge", d["edge"]))
    elif event.kind == "marker-placed":
        journal.note(commanders(d["unit"]), turn, OWN, "flo" if d["marker"] == "flo" else "built",
                     units=("unit", d["unit"]), at=("place", d["node"]))
    elif event.kind == "confrontation":
        attacked = tuple(unit["id"] for unit in d["units"])
        police = next(side for side in state.stacks if side != state.units[attacked[0]].side) if attacked else None
        attackers = tuple(state.stacks[police].get(d["node"], ())) if police else ()
        fates = [("fate", {"units": ("unit", unit["id"]), "fate": ("fate", unit["result"])}) for unit in d["units"]]
        journal.clash(turn, commanders(*attackers), commanders(*attacked), attackers, attacked, ("place", d["node"]),
                      fates)
