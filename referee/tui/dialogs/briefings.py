"""Print briefings: the format, the language and the folder for every player's sheet."""

from __future__ import annotations

from typing import cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label

from referee.tui.dialogs.dialog import Dialog

CHOICES = {"format": ("html", "pdf", "md"), "lang": ("en", "es")}
"""PDF through the optional extra `pdf`; without it, printing says how to install it."""


class BriefingsDialog(Dialog[tuple[str, str, str] | None]):
    """Returns (format, language, folder), or None if cancelled."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, folder: str):
        super().__init__()
        self.folder = folder
        self.values = {name: choices[0] for name, choices in CHOICES.items()}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("[b]Print briefings[/b]: one sheet per player, holding only what that player knows.")
            for name in CHOICES:
                yield Button(self._label(name), id=f"brief-{name}", classes="option", compact=True)
            yield Input(self.folder, id="folder", compact=True)
            with Horizontal(classes="buttons"):
                yield Button("Print", variant="primary", id="print", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def _label(self, name: str) -> str:
        return f"{name}: {self.values[name]}  [dim]{' / '.join(CHOICES[name])}[/dim]"

    @on(Button.Pressed, ".option")
    def _cycle(self, event: Button.Pressed) -> None:
        name = cast(str, event.button.id).removeprefix("brief-")
        choices = CHOICES[name]
        self.values[name] = choices[(choices.index(self.values[name]) + 1) % len(choices)]
        event.button.label = self._label(name)

    @on(Button.Pressed, "#print")
    def _print(self) -> None:
        self.dismiss((self.values["format"], self.values["lang"], self.query_one("#folder", Input).value.strip()))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
