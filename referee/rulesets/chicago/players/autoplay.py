"""Chicago-Chicago!'s computer players at the table (`referee simulate`): who acts in each step, and what they see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.events import Event
from referee.core.state import GameState
from referee.game import Game
from referee.knowledge.eyes import hand_out
from referee.rulesets.chicago.knowledge import FOG
from referee.rulesets.chicago.players.base import Player
from referee.rulesets.chicago.players.random_player import RandomPlayer
from referee.rulesets.chicago.players.simple import SimpleDemonstrators, SimplePolice
from referee.rulesets.chicago.rules.steps import ACTOR
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

SIMPLE = {DEMONSTRATORS: SimpleDemonstrators, POLICE: SimplePolice}


class ChicagoAutoplay:
    """referee.simulate.Autoplay for Chicago-Chicago!: green moves and fights in steps 1-2, blue in steps 3-4
    (HOW TO PLAY); steps 5 and 6 are the rules' own."""

    sides = (DEMONSTRATORS, POLICE)
    kinds = ("simple", "random")
    draws = True  # equal points at the end: neither side wins (HOW TO "WIN")

    @staticmethod
    def player(kind: str, side: str, seed: int) -> Player:
        return RandomPlayer(side, seed) if kind == "random" else SIMPLE[side](side, seed)

    @staticmethod
    def actor(state: GameState) -> str | None:
        return ACTOR.get(state.phase)

    @staticmethod
    def prepare(game: Game, command: dict, players: dict[str, Any]) -> dict:
        return command

    @staticmethod
    def hides(options: dict[str, str]) -> bool:
        """Whether the options hide anything from a player: option `fog` on, a double-blind game (RULINGS.md,
        "Chicago-Chicago: what the players know"; the text hides nothing, HOW TO SET UP THE GAME 1)."""
        return options.get(FOG, "off") == "on"

    @staticmethod
    def own_eyes(game: Game, players: dict[str, Any]) -> Callable[[list[Event]], None]:
        """Each player decides on his side's knowledge of `game`, built from its events so far and fed by the function
        returned (RULINGS.md, "Chicago-Chicago: the computer players' knowledge")."""
        from referee.rulesets.chicago.players.belief import Sight

        return hand_out(Sight(game, game.events), players)


AUTOPLAY = ChicagoAutoplay()
