"""The values a game is played with other than its scenario's printed ones, where the players may know them: the
options chosen other than their defaults (public at the table, but for those a scenario keeps for its umpire) and
the tunables set that its sheets or tables print (`public`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from referee.core.events import Event
from referee.knowledge.view import PlayedWith, PlayerView
from referee.scenario.catalog import Scenario


def played_with(scenario: Scenario, options: Mapping[str, str]) -> tuple[PlayedWith, ...]:
    """The public values of a game of `scenario` under `options` that its printed files do not give, options first."""
    chosen = [PlayedWith(name, options[name], option.default, True) for name, option in scenario.options.items()
              if option.public and options.get(name, option.default) != option.default]
    tunables = scenario.tunables
    tuned = [PlayedWith(name, str(given["value"]), str(given["printed"]), False) for name, given in scenario.tuned.items()
             if name in tunables and tunables[name].public]
    return (*chosen, *tuned)


class Played:
    """A game's knowledge (referee.knowledge.build.Knowledge) whose views carry the values it is played with
    (`played_with`), the same for every player from the start. Anything else is the game's knowledge's own."""

    def __init__(self, knowledge: Any):
        self.knowledge, self.ctx = knowledge, knowledge.ctx
        self.values = played_with(knowledge.ctx.scenario, knowledge.ctx.options)

    def feed(self, event: Event) -> None:
        self.knowledge.feed(event)

    def view(self, player: str) -> PlayerView:
        """What `player` knows now, with the values the game is played with."""
        return replace(self.knowledge.view(player), played_with=self.values)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.knowledge, name)
