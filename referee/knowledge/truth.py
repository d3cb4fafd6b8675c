"""The umpire's state as a player's view would show it if he saw everything: the review's maps as they were, the
set-up a scenario's preview draws."""

from __future__ import annotations

from dataclasses import replace

from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.view import MarkerSeen, OwnUnit, PlayerView, Sighting, UnitFact


def strength(units: list[Unit] | tuple[Unit, ...]) -> int:
    """The units' strength together."""
    return sum(unit.factors.get("strength", 0) for unit in units)


def as_it_was(view: PlayerView, state: GameState, side: str) -> PlayerView:
    """`view` made to see the umpire's state: every unit on the map where it is, `side`'s as its own and every other
    unit as seen now, and every barricade or Flo; nothing unseen. The sheet's map draws it as the map as it was."""
    on_map = [unit for unit in state.units.values() if unit.status == ACTIVE and unit.node is not None]
    own = tuple(OwnUnit(u.id, u.name, u.type, u.node, None, u.status, u.factors.get("strength", 0),
                        u.factors.get("movement", 0), ()) for u in on_map if u.side == side)
    at: dict[str, list[Unit]] = {}
    for unit in on_map:
        if unit.side != side:
            at.setdefault(unit.site, []).append(unit)
    sightings = tuple(Sighting(node, units[0].side, state.turn, view.time, "observed", len(units), strength(units),
                               None, tuple(UnitFact(u.id, u.name, u.type) for u in units), True)
                      for node, units in at.items())
    markers = tuple(MarkerSeen(node, marker, "", state.turn, view.time, True)  # (the builder is not drawn)
                    for node, marks in state.markers.items() for marker in marks)
    return replace(view, own=own, sightings=sightings, markers=markers, unseen=(), piles=())
