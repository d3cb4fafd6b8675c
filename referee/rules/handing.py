"""Units handed between the players of a side: the umpire gives a missing player's share to another (`hand`),
every ruleset alike.

A scenario shares each side's units among its players (`Player.units`; teams by an option's `seats`). When a
player leaves the table, or sends no orders, the umpire may hand his share to another player of his side, and give
it back later: `{"do": "hand", "player": id, "to": id}` (`"to"` the player himself gives it back). The player
handed a share commands it from then on: he is told what its units do and see, and his page offers their orders.
What he learns is accumulated, as all knowledge: he is not told what the share's units did before.

The event `handed` records who commands each share after it (`{"shares": {player: commander}}`, only the shares
handed), kept in `state.handed`. No rule of a game reads it: only who is told what, and who may order what.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.scenario.catalog import Player

HAND, HANDED = "hand", "handed"


def commander(state: GameState, share: str) -> str:
    """The player who commands a player's share of his side's units now: the one it was handed to, else he."""
    return state.handed.get(share, share)


def units_of(players: Sequence[Player], state: GameState, player: Player) -> tuple[str, ...] | None:
    """The units a player commands now: his own share unless it was handed away, and the shares handed to him
    (None: all his side's, where he plays it alone and so was never handed a share nor gave his away)."""
    if not state.handed:  # as the scenario shares them: what every knowledge asks at every event
        return player.units
    own = () if commander(state, player.id) != player.id else player.units
    if own is None:
        return None
    handed = (uid for p in players if p.id != player.id and commander(state, p.id) == player.id for uid in p.units or ())
    return (*own, *handed)


def commands(players: Sequence[Player], state: GameState, player: Player, uid: str) -> bool:
    """Whether a player commands a unit now."""
    units = units_of(players, state, player)
    return state.units[uid].side == player.side and (units is None or uid in units)


def commanders(players: Sequence[Player], state: GameState, side: str) -> dict[str, str]:
    """Each unit of a side shared among players, and the player who commands it now."""
    return {uid: commander(state, p.id) for p in players if p.side == side for uid in p.units or ()}


def hand(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "hand", "player": id, "to": id}`: `player`'s share to `to`, a player of his side at the table; `to`
    the player himself gives it back. A player who plays his side alone, a player who holds another's share, a
    player whose own share was handed away (as the one it goes to) and a hand that changes nothing are refused."""
    scenario = ctx.scenario
    known = [p.id for p in scenario.players]
    for key in ("player", "to"):
        if command[key] not in known:
            raise RefereeError(f'hand: unknown player "{command[key]}" in "{key}" (known: {", ".join(known)})')
    share, to = scenario.player(command["player"]), scenario.player(command["to"])
    if share.units is None:
        raise RefereeError(f"hand: {share.id} plays all his side's units: there is no share to hand")
    if to.side != share.side:
        raise RefereeError(f"hand: {to.id} is not of {share.id}'s side ({share.side})")
    held = sorted(p for p, by in state.handed.items() if by == share.id)
    if to.id != share.id and held:
        raise RefereeError(f"hand: {share.id} holds the share of {', '.join(held)}: give it back or hand it on first")
    if to.id != share.id and commander(state, to.id) != to.id:
        raise RefereeError(f"hand: {to.id}'s own share is commanded by {commander(state, to.id)}: hand to a player "
                           f"at the table")
    shares = {p: by for p, by in state.handed.items() if p != share.id}
    if to.id != share.id:
        shares[share.id] = to.id
    if shares == state.handed:
        raise RefereeError(f"hand: {to.id} commands {share.id}'s share already")
    emit(HANDED, {"shares": shares})


def fold(state: GameState, data: dict) -> None:
    """Fold `handed`: who commands each share handed, as it stands after it."""
    state.handed = dict(data["shares"])


def line(data: dict) -> str:
    """`handed` as one line of the log: every share handed, or that each player commands his own again."""
    handed = [f"{by} commands {share}'s units" for share, by in data["shares"].items()]
    return "Command: " + ("; ".join(handed) or "every player commands his own units")

