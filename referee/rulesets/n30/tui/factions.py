"""Faction friction (6.1): the protester player names three People's Delegation clusters as peace police."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, SelectionList

from referee.rulesets.n30.rules.friction import BLACK_BLOCS, PEACE_POLICE_COUNT
from referee.tui.dialogs.dialog import Dialog
from referee.tui.text import plain
from referee.tui.widgets.ticks import Ticks


class FactionsDialog(Dialog[list[str] | None]):
    """Pick the peace police; the black blocs are named by the rule."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, pool: list[str]):
        super().__init__()
        self.pool = pool

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"6.1 at 11:10. Black blocs: {', '.join(BLACK_BLOCS)}.")
            yield Label(f"Peace police: choose {PEACE_POLICE_COUNT} People's Delegation clusters (destroyed ones allowed).")
            yield Ticks(*[(plain(uid), uid) for uid in self.pool], id="peace")
            with Horizontal(classes="buttons"):
                yield Button("Assign", variant="primary", id="assign", disabled=True)
                yield Button("Cancel", id="cancel")

    @on(SelectionList.SelectedChanged)
    def _count(self) -> None:
        chosen = self.query_one("#peace", SelectionList).selected
        self.query_one("#assign", Button).disabled = len(chosen) != PEACE_POLICE_COUNT

    @on(Button.Pressed, "#assign")
    def _assign(self) -> None:
        self.dismiss(list(self.query_one("#peace", SelectionList).selected))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
