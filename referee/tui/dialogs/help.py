"""Every key of the main screen, from the one action registry."""

from __future__ import annotations

import functools

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from referee.tui.actions import UmpireAction
from referee.tui.dialogs.dialog import Dialog

EVERYWHERE = (
    ("ctrl+p", "command palette: every action by name"),
    ("ctrl+q", "quit (every command is already saved)"),
)
"""Keys every session's screen has, after its own."""


def keys_table(actions: tuple[UmpireAction, ...], more: tuple[tuple[str, str], ...]) -> Table:
    """The keys, and each one's action and what it does (one column: room for the words at 80 columns)."""
    table = Table(title="referee: the umpire's keys", expand=True)
    table.add_column("key", style="bold", max_width=9)
    table.add_column("action: what it does", ratio=1)
    for action in actions:
        key = "?" if action.key == "question_mark" else action.key
        table.add_row(key, Text.assemble((action.name, "bold"), ": ", action.help))
    for key, text in more:
        table.add_row(key, Text(text))  # words, not markup: "[n] Exposure Value"
    return table


class DrawnOnce:
    """A renderable laid out once per width: the keys never change, and a table's layout is slow."""

    def __init__(self, renderable: Table):
        self.renderable = renderable
        self.drawn: dict[int, list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width not in self.drawn:
            self.drawn[options.max_width] = list(console.render(self.renderable, options))
        return self.drawn[options.max_width]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


@functools.cache
def keys(actions: tuple[UmpireAction, ...], more: tuple[tuple[str, str], ...]) -> DrawnOnce:
    """A screen's keys, laid out once per width for as long as the app runs."""
    return DrawnOnce(keys_table(actions, more))


class HelpScreen(Dialog[None]):
    """The keys and what they do."""

    BINDINGS = [Binding("escape,question_mark,q", "dismiss(None)", "Close")]

    def __init__(self, actions: tuple[UmpireAction, ...], more: tuple[tuple[str, str], ...]):
        super().__init__()
        self.actions, self.more = actions, more

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static(keys(self.actions, self.more))
