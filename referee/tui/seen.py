"""The state as one player sees it, for a dashboard that shows a player's view (option `fog`)."""

from __future__ import annotations

from referee.core.state import GameState, relocate
from referee.knowledge.view import PlayerView

UNSEEN = "unseen"
"""Where the dashboard puts, while it shows a player's view, the other side's units he does not see."""


def as_seen(state: GameState, view: PlayerView | None) -> GameState:
    """The state as a player sees it now (option `fog`): his side's units as they are, the other side's only where
    he sees them now, on the map or off it where the rules show them (Battle of Seattle's Reserve Pool and Turn
    Record track): the rest in no pile of the record (`UNSEEN`); no marker where he cannot see but his own. The
    state itself while the dashboard shows the umpire's truth (`view` None)."""
    if view is None:
        return state
    seen = {unit.id for sighting in view.sightings if sighting.current for unit in sighting.units}
    seen |= {unit.id for pile in view.piles for unit in pile.units or ()}
    shown = state.thawed()
    for unit in state.units.values():
        if unit.side != view.side and unit.id not in seen:
            relocate(shown, unit, None, UNSEEN)
    known = {marker.node for marker in view.markers if marker.current}
    for node in set(view.unseen) - known:
        shown.markers.pop(node, None)
    return shown


def not_seen(view: PlayerView | None) -> frozenset[str]:
    """What a dashboard showing `view` marks not seen: the places he cannot see now, and the piles off the map
    (by their units' status) he cannot see; nothing while it shows the umpire's truth (None)."""
    if view is None:
        return frozenset()
    return frozenset(view.unseen) | {pile.place for pile in view.piles if pile.units is None}
