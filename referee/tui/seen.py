"""The state as one player sees it, for a dashboard that shows a player's view (option `fog`)."""

from __future__ import annotations

from referee.core.state import GameState, relocate
from referee.knowledge.view import PlayerView

UNSEEN = "unseen"
"""Where the dashboard puts, while it shows a player's view, the other side's units he does not see."""


def as_seen(state: GameState, view: PlayerView) -> GameState:
    """The state as a player sees it now (option `fog`): his side's units as they are, the other side's only
    where he sees them now: the rest, on the board or off it, in no pile of the record (`UNSEEN`)."""
    seen = {unit.id for sighting in view.sightings if sighting.current for unit in sighting.units}
    shown = state.thawed()
    for unit in state.units.values():
        if unit.side != view.side and unit.id not in seen:
            relocate(shown, unit, None, UNSEEN)
    return shown
