"""N30's computer players at the table (`referee simulate`): who acts in each phase, the protesters'
answer when the police attack (which locked lockdowns refuse to retreat, 4.4), and what they see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core.events import Event
from referee.core.state import GameState
from referee.game import Game
from referee.knowledge.eyes import hand_out
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
            protesters = players[PROTESTERS]
            refuse = protesters.refusals(protesters.decides_on(game), command["node"])
            if refuse:
                command["refuse"] = refuse
        return command

    @staticmethod
    def hides(options: dict[str, str]) -> bool:
        """Whether the options hide anything from a player (6.2: hidden movement, `hidden` other than `none`)."""
        return options.get("hidden", "none") != "none"

    @staticmethod
    def own_eyes(game: Game, players: dict[str, Any]) -> Callable[[list[Event]], None]:
        """Let each player decide on his side's knowledge of `game` (its events so far observed); feed the function
        returned the events of every command applied after."""
        from referee.rulesets.n30.players.belief import Sight

        return hand_out(Sight(game, game.events), players)


AUTOPLAY = N30Autoplay()
