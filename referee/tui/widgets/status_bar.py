"""The header: scenario, clock, turn, phase, whose move, the score against the target (or every side's score
where there is none), and the latest note in full."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from referee.core.state import GameState
from referee.game import Game
from referee.text import printable

BAR = 12


def status_text(game: Game, table_dice: bool, note: str = "", state: GameState | None = None,
                width: int | None = None, ending: str | None = None) -> Text:
    """Where the game stands (or stood, at a past `state`), then the note (the selected unit, a roll, a refusal)
    whole; the scenario's title last, if everything fits in one line of `width`. Once the game is over, `ending`,
    the log's line of its end (which names the level of victory where the game has levels)."""
    state, scenario = state or game.state, game.ctx.scenario
    score, target = next(iter(state.scores.values())), scenario.target
    filled = min(BAR, round(BAR * score / target)) if target else 0
    text = Text()
    text.append(f" {scenario.clock.label(state.turn)} ", style="bold reverse")
    text.append(f" turn {state.turn}/{scenario.clock.turns} ")
    text.append(f"{state.phase.replace('-', ' ')} ", style="bold cyan")
    if target:
        text.append("█" * filled, style="green")
        text.append("░" * (BAR - filled), style="dim")
        text.append(f" {score}/{target} ", style="bold")
    else:  # no score to reach: every side's score
        text.append(" ".join(f"{side} {points}" for side, points in state.scores.items()) + " ", style="bold")
    if state.over:
        text.append(f" {printable(ending or f'Game over: {state.winner} win')} ", style="bold reverse red")
    text.append(" table dice " if table_dice else "", style="bold reverse yellow")
    if note:
        text.append(f" {printable(note)} ", style="italic")
    title = f" {printable(scenario.title)}"
    if width is None or text.cell_len + len(title) <= width:
        text.append(title, style="dim")
    return text


class StatusBar(Static):
    """Shows `status_text` for the game it is given, on as many lines as its note needs."""

    _lines = 1

    def show(self, game: Game, table_dice: bool, note: str = "", state: GameState | None = None,
             ending: str | None = None) -> None:
        width = self.size.width or self.app.size.width
        text = status_text(game, table_dice, note, state, width, ending)
        lines = len(text.wrap(self.app.console, width))
        self.update(text, layout=lines != self._lines)
        self._lines = lines
