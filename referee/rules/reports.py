"""Umpire reports to one player: a text that reaches the player after a delay, with its reliability."""

from __future__ import annotations

from typing import Literal, get_args

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError

Reliability = Literal["certain", "probable", "doubtful"]
RELIABILITIES = get_args(Reliability)
USUAL: Reliability = "probable"
"""A report's reliability when the umpire gives none."""


FILED = "report-filed"


def line(data: dict, ctx: Context | None) -> str:
    """A report's line in the log: for whom, how reliable, and from which turn it reaches him, by the game's own
    name of that turn where the scenario (`ctx`) is given ("from 27A, turn 7")."""
    due = data["due_turn"]
    when = f"{ctx.scenario.clock.label(due)}, turn {due}" if ctx else f"turn {due}"
    return f"Report for {data['player']} ({data['reliability']}, from {when}): {data['text']}"


def due_turn(ctx: Context, turn: int, delay: int) -> int:
    """The first turn that starts at or after the filing turn's start plus `delay` minutes."""
    return turn - (-delay // ctx.scenario.clock.minutes)


def report(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """File a report for a player: `{"do": "report", "player", "text", "delay", "reliability"}` (its schema
    in referee.rules.commands: the text is one line, the delay within the game)."""
    player, text = command["player"], command["text"]
    ctx.scenario.player(player)  # an unknown player is an error naming the known ones
    if not text.strip():
        raise RefereeError('a report needs "text": what the player is told')
    delay, reliability = command.get("delay", 0), command.get("reliability", USUAL)
    emit(FILED, {"player": player, "text": text, "delay": delay, "reliability": reliability,
                          "due_turn": due_turn(ctx, state.turn, delay)})
