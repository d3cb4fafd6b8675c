"""Battle of Seattle's computer players at the table (`referee simulate`): who acts in each phase, and what they
see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.events import Event
from referee.core.state import GameState
from referee.game import Game
from referee.rulesets.bos.knowledge import FOG
from referee.rulesets.bos.players.base import Player, merged
from referee.rulesets.bos.players.random_player import RandomPlayer
from referee.rulesets.bos.players.simple import SimpleAuthority, SimpleProtester
from referee.rulesets.bos.rules.phases import EVENTS, FIGHTER, MOVER, REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER
from referee.rulesets.bos.rules.victory import LEVELS, TRIUMPH

SIMPLE = {PROTESTER: SimpleProtester, AUTHORITY: SimpleAuthority}


class BosAutoplay:
    """referee.simulate.Autoplay for Battle of Seattle: in the Random Events and Reinforcement Phase the
    Protester, then the Authority (3.2, 4.22); in the others the side that moves, reacts or fights."""

    sides = (PROTESTER, AUTHORITY)
    kinds = ("simple", "random")
    levels = (TRIUMPH, *(name for _, name in LEVELS))  # where a game may end (8.0)

    @staticmethod
    def player(kind: str, side: str, seed: int) -> Player:
        return RandomPlayer(side, seed) if kind == "random" else SIMPLE[side](side, seed)

    @staticmethod
    def actor(state: GameState) -> str | tuple[str, ...] | None:
        if state.phase == EVENTS:
            return (PROTESTER, AUTHORITY)
        return MOVER.get(state.phase) or REACTOR.get(state.phase) or FIGHTER.get(state.phase)

    @staticmethod
    def prepare(game: Game, command: dict, players: dict[str, Any]) -> dict:
        """4.21: one `reinforce` serves both sides; the Authority adds its SPD taken and removed."""
        if command["do"] == "reinforce":
            authority = players[AUTHORITY]
            return merged(command, authority.reinforcement(authority.decides_on(game)))
        return command

    @staticmethod
    def hides(options: dict[str, str]) -> bool:
        """Whether the options hide anything from a player (`fog` on: a double-blind game, 2.2)."""
        return options.get(FOG, "off") == "on"

    @staticmethod
    def own_eyes(game: Game, players: dict[str, Any]) -> Callable[[list[Event]], None]:
        """Let each player decide on his side's knowledge of `game` (its events so far observed); feed the function
        returned the events of every command applied after."""
        from referee.rulesets.bos.players.belief import Sight

        sight = Sight(game, game.events)
        for side, player in players.items():
            player.eyes = sight.seen[side]
        return sight.feed


AUTOPLAY = BosAutoplay()
