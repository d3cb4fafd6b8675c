"""A small form for an umpire command: a row per parameter, Apply or Cancel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList

from referee.tui.dialogs.dialog import Dialog
from referee.tui.dialogs.dice import parse_dice
from referee.tui.text import plain
from referee.tui.widgets.ticks import Tick, Ticks


@dataclass(frozen=True, slots=True)
class Field:
    """One parameter: `choice` (one of `choices`), `many` (any of them), `flag`, `number` or `dice` (of up to `sides`)."""

    name: str
    label: str
    kind: str = "choice"
    choices: tuple[tuple[str, str | int], ...] = ()  # (what the umpire reads, the value sent)
    default: object = None
    sides: int = 6


def kept_value(field: Field, value: object) -> object:
    """A value the form gave, as the field's default when the form opens again."""
    return " ".join(map(str, value)) if field.kind == "dice" and isinstance(value, list) else value


class CommandForm(Dialog[dict | None]):
    """Asks for a command's parameters; the answer is {field name: value}, or None when cancelled. `live`, if
    given, draws what the values chosen so far mean (odds, a path) under the fields, again at each change."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"), Binding("ctrl+s", "apply", "Apply")]

    def __init__(self, title: str, fields: list[Field], note: str = "", error: str = "",
                 live: Callable[[dict], Text] | None = None):
        super().__init__()
        self.title_text, self.fields, self.note, self.error, self.live = title, fields, note, error, live

    def compose(self) -> ComposeResult:
        box = VerticalScroll if self.live else Vertical  # what `live` draws may grow past a short screen: it scrolls
        with box(classes="dialog form"):
            yield Label(plain(self.title_text), classes="form-title")
            if self.note:
                yield Label(plain(self.note), classes="form-note")
            for field in self.fields:
                with Horizontal(classes="form-row"):
                    yield Label(plain(field.label), classes="form-label")
                    yield self._widget(field)
            if self.live:
                yield Label(id="form-live")
            yield Label(plain(self.error), id="form-error", classes="error" if self.error else "error hidden")
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="primary", id="apply")
                yield Button("Cancel", id="cancel")

    @staticmethod
    def _widget(field: Field):
        ident = f"field-{field.name}"
        if field.kind == "choice":
            return Select([(plain(label), value) for label, value in field.choices],
                          value=field.default if field.default is not None else field.choices[0][1],
                          allow_blank=False, id=ident)
        if field.kind == "many":
            chosen = field.default if isinstance(field.default, tuple | list) else ()
            return Ticks(*((plain(label), value, value in chosen) for label, value in field.choices), id=ident)
        if field.kind == "flag":
            return Tick("yes", bool(field.default), id=ident)
        placeholder = "e.g. 4 2" if field.kind == "dice" else ""
        return Input(str(field.default if field.default is not None else ""), placeholder=placeholder, id=ident,
                     type="integer" if field.kind == "number" else "text")

    def on_mount(self) -> None:
        fields = self.query(".form-row > *:last-child")
        (fields.first() if fields else self.query_one("#apply")).focus()
        self._show_live()

    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    @on(Checkbox.Changed)
    @on(Input.Changed)
    def _show_live(self) -> None:
        if self.live is None:
            return
        try:
            values = {field.name: self._value(field) for field in self.fields if field.kind != "dice"}
        except ValueError:
            return
        self.query_one("#form-live", Label).update(self.live(values))

    def _value(self, field: Field) -> object:
        ident = f"#field-{field.name}"
        if field.kind == "many":
            return list(self.query_one(ident, SelectionList).selected)
        if field.kind == "choice":
            return self.query_one(ident, Select).value
        if field.kind == "flag":
            return self.query_one(ident, Checkbox).value
        text = self.query_one(ident, Input).value
        if field.kind == "number":
            return int(text) if text.strip() else 0
        if field.kind == "dice":
            return parse_dice(text, sides=field.sides) if text.strip() else []
        return text

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def action_apply(self) -> None:
        try:
            self.dismiss({field.name: self._value(field) for field in self.fields})
        except ValueError as error:
            self.query_one("#form-error", Label).remove_class("hidden").update(plain(str(error)))

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
