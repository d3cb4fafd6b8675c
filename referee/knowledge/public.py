"""What everyone at the table knows: the public part of a player's view, for the room's page (a projector)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from referee.knowledge.view import PlayerView

PUBLIC = frozenset({"scenario", "title", "turn", "turns", "time", "phase", "score", "target", "announcements",
                    "seed_commitment", "scores", "facts", "side"})
"""The parts of a view that every player is told alike (the score only where the scenario makes it public; the
side only so that the view can be drawn: the room's page names none)."""


def public(view: PlayerView) -> PlayerView:
    """The view with everything but the public parts emptied: no units, sightings, reports or objectives of anyone."""
    emptied: dict[str, Any] = {f.name: _empty(getattr(view, f.name)) for f in fields(view) if f.name not in PUBLIC}
    return replace(view, **emptied)


def _empty(value: object) -> object:
    """A field's nothing: an empty tuple or text, or None."""
    return type(value)() if isinstance(value, (tuple, str)) else None
