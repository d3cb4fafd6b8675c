"""N30's computer players at the table (`referee simulate`): who acts in each phase, and the protesters'
answer when the police attack (which locked lockdowns refuse to retreat, 4.4)."""

from __future__ import annotations

from typing import Any

from referee.core.state import GameState
from referee.game import Game
from referee.rulesets.n30.players import KINDS, make_player
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, POLICE, PROTESTERS


class N30Autoplay:
    """referee.simulate.Autoplay for N30: the movers move in their phases, the police attack in the confrontation."""

    sides = (PROTESTERS, POLICE)
    kinds = KINDS

    @staticmethod
    def player(kind: str, side: str, seed: int) -> Any:
        return make_player(kind, side, seed)

    @staticmethod
    def actor(state: GameState) -> str | None:
        return MOVER.get(state.phase) or (POLICE if state.phase == CONFRONTATION else None)

    @staticmethod
    def prepare(game: Game, command: dict, players: dict[str, Any]) -> dict:
        if command.get("do") == "confront":
            refuse = players[PROTESTERS].refusals(game, command["node"])
            if refuse:
                command["refuse"] = refuse
        return command


AUTOPLAY = N30Autoplay()
