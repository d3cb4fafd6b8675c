"""Chicago-Chicago!'s computer players at the table (`referee simulate`): who acts in each step."""

from __future__ import annotations

from typing import Any

from referee.core.state import GameState
from referee.game import Game
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

    @staticmethod
    def player(kind: str, side: str, seed: int) -> Player:
        return RandomPlayer(side, seed) if kind == "random" else SIMPLE[side](side, seed)

    @staticmethod
    def actor(state: GameState) -> str | None:
        return ACTOR.get(state.phase)

    @staticmethod
    def prepare(game: Game, command: dict, players: dict[str, Any]) -> dict:
        return command


AUTOPLAY = ChicagoAutoplay()
