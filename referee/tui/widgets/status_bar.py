"""The header line: scenario, clock, turn, phase, whose move, and the score against the target."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from referee.core.state import GameState
from referee.game import Game
from referee.text import printable

BAR = 16


def status_text(game: Game, table_dice: bool, note: str = "", state: GameState | None = None) -> Text:
    """One line telling where the game stands (or stood, at a past `state`)."""
    state, scenario = state or game.state, game.ctx.scenario
    score, target = next(iter(state.scores.values())), scenario.target
    filled = min(BAR, round(BAR * score / target)) if target else 0
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f" {scenario.clock.label(state.turn)} ", style="bold reverse")
    text.append(f" turn {state.turn}/{scenario.clock.turns} ")
    text.append(f"{state.phase.replace('-', ' ')} ", style="bold cyan")
    text.append("█" * filled, style="green")
    text.append("░" * (BAR - filled), style="dim")
    text.append(f" {score}/{target} ", style="bold")
    if state.over:
        text.append(f" GAME OVER: {printable(state.winner)} win ", style="bold reverse red")
    text.append(" table dice " if table_dice else "", style="bold reverse yellow")
    text.append(f" {printable(scenario.title)} ", style="dim")
    if note:
        text.append(f" {printable(note)}", style="italic")
    return text


class StatusBar(Static):
    """Shows `status_text` for the game it is given."""

    def show(self, game: Game, table_dice: bool, note: str = "", state: GameState | None = None) -> None:
        self.update(status_text(game, table_dice, note, state), layout=False)
