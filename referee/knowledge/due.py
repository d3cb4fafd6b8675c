"""The deadline for orders in a player's view (`deadline`, referee.rules.deadlines): public, and only for the phase
it was set in."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.core.events import Event
from referee.knowledge.view import PlayerView
from referee.rules.deadlines import DEADLINE_SET


class Due:
    """A game's knowledge (referee.knowledge.build.Knowledge) whose views carry the deadline of the phase the game
    is in: fed the same events, the `deadline-set` ones kept with the phase they were set in."""

    def __init__(self, knowledge: Any):
        self.knowledge, self.ctx = knowledge, knowledge.ctx
        self.set: tuple[int, str, str | None] = (0, "", None)  # the turn and phase of the latest, and its time

    def feed(self, event: Event) -> None:
        if event.kind == DEADLINE_SET:
            self.set = (event.turn, event.phase, event.data["at"])
        self.knowledge.feed(event)

    def view(self, player: str) -> PlayerView:
        """What `player` knows now, with the deadline of the phase he is in, if it has one."""
        view = self.knowledge.view(player)
        turn, phase, at = self.set
        return replace(view, deadline=at) if at and (view.turn, view.phase) == (turn, phase) else view

    def __getattr__(self, name: str) -> Any:
        return getattr(self.knowledge, name)
