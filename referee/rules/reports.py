"""Umpire reports to one player: a text that reaches the player after a delay, with its reliability."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError

RELIABILITIES = ("certain", "probable", "doubtful")


def due_turn(ctx: Context, turn: int, delay: int) -> int:
    """The first turn that starts at or after the filing turn's start plus `delay` minutes."""
    return turn - (-delay // ctx.scenario.clock.minutes)


def report(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """File a report for a player: `{"do": "report", "player", "text", "delay", "reliability"}`."""
    player = command.get("player")
    if not isinstance(player, str):
        raise RefereeError('a report needs "player": the id of the player it is for')
    ctx.scenario.player(player)  # an unknown player is an error naming the known ones
    text = command.get("text")
    if not isinstance(text, str) or not text.strip():
        raise RefereeError('a report needs "text": what the player is told')
    delay = command.get("delay", 0)
    if isinstance(delay, bool) or not isinstance(delay, int) or delay < 0:
        raise RefereeError(f'"delay" must be a whole number of minutes, 0 or more, not {delay!r}')
    reliability = command.get("reliability", "probable")
    if reliability not in RELIABILITIES:
        raise RefereeError(f'"reliability" must be one of {", ".join(RELIABILITIES)}, not {reliability!r}')
    emit("report-filed", {"player": player, "text": text, "delay": delay, "reliability": reliability,
                          "due_turn": due_turn(ctx, state.turn, delay)})
