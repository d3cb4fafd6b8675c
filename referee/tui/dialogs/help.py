"""Every key of the main screen, from the one action registry."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from referee.tui.actions import ACTIONS, UmpireAction
from referee.tui.widgets.map_view import LEGEND

MORE = (
    ("map", LEGEND),
    ("arrows, mouse", "move the map cursor; Enter or a click on the cursor picks the intersection"),
    ("tab", "move between the map, the intersection's units and the tabs"),
    ("escape", "stop a move in progress, close a dialog"),
    ("ctrl+p", "command palette: every action by name"),
    ("ctrl+q", "quit (every command is already saved)"),
)


class HelpScreen(ModalScreen[None]):
    """The keys and what they do."""

    BINDINGS = [Binding("escape,question_mark,q", "dismiss(None)", "Close")]

    def __init__(self, actions: tuple[UmpireAction, ...] = ACTIONS, more: tuple[tuple[str, str], ...] = MORE):
        super().__init__()
        self.actions, self.more = actions, more

    def compose(self) -> ComposeResult:
        table = Table(title="referee: the umpire's keys", expand=True)
        table.add_column("key", style="bold")
        table.add_column("action")
        table.add_column("what it does")
        for action in self.actions:
            table.add_row("?" if action.key == "question_mark" else action.key, action.name, action.help)
        for key, text in self.more:
            table.add_row(key, "", text)
        with VerticalScroll(classes="dialog wide"):
            yield Static(table)
