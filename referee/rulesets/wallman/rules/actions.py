"""Player Actions: an officer's one action a turn (talk, shout an order, a personal action, run, negotiate)."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import Refusal
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.phases import SECURITY

PLAYER_ACTIONS = "Player Actions"


def one_action(state: GameState, unit: Unit) -> None:
    """Refuse a second action of a player's personal figure this turn ("Only one of these can be done")."""
    if unit.type == "officer" and unit.id in state.local["acted"]:
        raise Refusal(PLAYER_ACTIONS, f"{unit.id} has already taken his action this turn: "
                                      "only one can be done in any given turn")


def order(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "order", "officer", "to", "text", "megaphone"}`: an officer shouts an order to a unit within
    earshot, or talks with an officer beside him: his action for the turn.

    Within earshot is his own place; with a megaphone, the next place too."""
    officer = lookup.officer(state, command, "officer", PLAYER_ACTIONS)
    to = lookup.unit(state, command, "to", SECURITY, PLAYER_ACTIONS)
    text = command.get("text", "")
    if to.id == officer.id:
        raise Refusal(PLAYER_ACTIONS, f"{officer.id} cannot give himself orders")
    one_action(state, officer)
    earshot = {officer.site} | (set(ctx.scenario.board.adjacency[officer.site]) if command.get("megaphone", False) else set())
    if to.node not in earshot:
        raise Refusal(PLAYER_ACTIONS, f"{to.id} at {to.node} is out of earshot of {officer.id} at {officer.node}")
    emit("ordered", {"officer": officer.id, "to": to.id, "text": text, "talk": to.type == "officer"})
