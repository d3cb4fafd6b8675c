"""A small form for an umpire command: a row per parameter, Apply or Cancel."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList
from textual.widgets.selection_list import Selection

from referee.core.dice import Roll
from referee.errors import Refusal
from referee.tui.dialogs.dialog import Dialog
from referee.tui.dialogs.dice import parse_dice, wanted
from referee.tui.text import plain, plain_lines
from referee.tui.widgets.choice import Choice
from referee.tui.widgets.number_input import NumberInput
from referee.tui.widgets.ticks import Tick, Ticks

Choices = tuple[tuple[str, str | int], ...]  # (what the umpire reads, the value sent)
Closed = Mapping[object, str]  # the choices the rules forbid now: {value: why, with its section}
V = TypeVar("V")
CLOSED_MARK = "✗"  # a choice the rules forbid now, marked in shape as well as in words


@dataclass(frozen=True, slots=True)
class Field:
    """One parameter: `choice` (one of `choices`), `many` (any of them), `flag`, `number` or `dice` (of up to `sides`;
    where `rolled` gives the dice the command would roll for the other fields' values, of up to the largest of
    those, said in order under the field where they are not all of one size).

    What the rules forbid now is shown before Apply, with its section, and cannot be chosen: `barred` closes a
    `number`, `many` or `flag` field, which sends nothing (0, none, no); `closed` some of a field's choices;
    `follows` gives a choice field's choices and those closed from the other fields' values (a move's destinations
    from the unit chosen), at each change."""

    name: str
    label: str
    kind: str = "choice"
    choices: Choices = ()
    default: object = None
    sides: int = 6
    barred: str = ""
    closed: Closed = field(default_factory=dict)
    follows: Callable[[dict], tuple[Choices, Closed]] | None = None
    rolled: Callable[[dict], tuple[Roll, ...]] | None = None


def why(refusal: Refusal | None) -> str:
    """A rule's refusal as a closed choice says it: its reason and its section; "" if nothing is refused."""
    return f"{refusal.reason} ({refusal.section})" if refusal else ""


def closed_by(refuse: Callable[[V], Refusal | None], values: Iterable[V]) -> dict[object, str]:
    """The values the rules refuse now (`refuse` gives a value's refusal, or None), each with why."""
    return {value: why(refusal) for value in values if (refusal := refuse(value))}


def shown(label: str, closed: Closed, value: object) -> Text:
    """A choice as the umpire reads it: a closed one says why, with its section."""
    return plain(f"{CLOSED_MARK} {label} — {closed[value]}" if value in closed else label)


def options(choices: Choices, closed: Closed) -> list[tuple[Text, object]]:
    """A choice field's options as the umpire reads them, each with the value it sends."""
    return [(shown(label, closed, value), value) for label, value in choices]


def kept_value(field: Field, value: object) -> object:
    """A value the form gave, as the field's default when the form opens again."""
    return " ".join(map(str, value)) if field.kind == "dice" and isinstance(value, list) else value


class CommandForm(Dialog[dict | None]):
    """Asks for a command's parameters; the answer is {field name: value}, or None when cancelled. `live`, if
    given, draws what the values chosen so far mean (odds, a path) under the fields, again at each change. `words`
    gives the rules' reasons (a refusal, a closed choice) in the table's words: the places as the sheets name them."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"), Binding("ctrl+s", "apply", "Apply")]

    def __init__(self, title: str, fields: list[Field], note: str = "", error: str = "",
                 live: Callable[[dict], Text] | None = None, words: Callable[[str], str] = str):
        super().__init__()
        self.title_text, self.fields, self.note, self.live, self.words = title, fields, note, live, words
        self.error = words(error)
        self.offered: dict[str, tuple] = {}  # the choices last given to each field that follows others
        self.sides = {one.name: one.sides for one in fields}  # the largest die each dice field takes now

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog form"):  # a long note, or what `live` draws, scrolls on a short screen
            yield Label(plain(self.title_text), classes="title")
            if self.note:
                yield Label(plain_lines(self.note), classes="form-note")
            for one in self.fields:
                with Horizontal(classes="form-row"):
                    yield Label(plain(self._label(one)), id=f"label-{one.name}", classes="form-label")
                    if one.barred:
                        yield Label(plain(f"{CLOSED_MARK} not now: {self.words(one.barred)}"), id=f"field-{one.name}",
                                    classes="form-barred")
                    else:
                        yield self._widget(one)
                if one.rolled:
                    yield Label(id=f"rolled-{one.name}", classes="form-note hidden")
            if self.live:
                yield Label(id="form-live")
            yield Label(plain(self.error), id="form-error", classes="error" if self.error else "error hidden")
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="primary", id="apply")
                yield Button("Cancel", id="cancel")

    def _why_closed(self, closed: Closed) -> Closed:
        """Why each closed choice is closed, in the table's words."""
        return {value: self.words(reason) for value, reason in closed.items()}

    def _widget(self, field: Field):
        ident = f"field-{field.name}"
        closed = self._why_closed(field.closed)
        if field.kind == "choice":
            values = [value for _, value in field.choices]
            first = field.default if field.default in values and field.default not in closed else next(
                (value for value in values if value not in closed), values[0])
            return Choice(options(field.choices, closed), closed, value=first, allow_blank=False, id=ident)
        if field.kind == "many":
            chosen = field.default if isinstance(field.default, tuple | list) else ()
            return Ticks(*(Selection(shown(label, closed, value), value, value in chosen and value not in closed,
                                     disabled=value in closed) for label, value in field.choices), id=ident)
        if field.kind == "flag":
            return Tick("yes", bool(field.default), id=ident)
        value = str(field.default if field.default is not None else "")
        if field.kind == "number":
            return NumberInput(value, id=ident, type="integer")
        return Input(value, placeholder="e.g. 4 2" if field.kind == "dice" else "", id=ident)

    def on_mount(self) -> None:
        fields = [widget for widget in self.query(".form-row > *:last-child") if widget.focusable]
        (fields[0] if fields else self.query_one("#apply")).focus()
        self._show_live()

    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    @on(Checkbox.Changed)
    @on(Input.Changed)
    def _show_live(self) -> None:
        self._follow()
        if self.live is None:
            return
        try:
            values = {field.name: self._value(field) for field in self.fields if field.kind != "dice"}
        except ValueError:
            return
        self.query_one("#form-live", Label).update(self.live(values))

    def _follow(self) -> None:
        """Give each field that follows others its choices, and those closed, for the other fields' values; say
        which dice to type where they are of several sizes."""
        for one in self.fields:
            if one.rolled is not None:
                self._say_dice(one)
            if one.follows is None:
                continue
            offered = one.follows(self._readable())
            if offered != self.offered.get(one.name):
                self.offered[one.name] = offered
                choices, closed = offered[0], self._why_closed(offered[1])
                self.query_one(f"#field-{one.name}", Choice).offer(options(choices, closed), closed)

    def _label(self, field: Field) -> str:
        """A field's label; a dice field's says the faces it takes."""
        return f"{field.label} (1-{self.sides[field.name]})" if field.kind == "dice" else field.label

    def _say_dice(self, field: Field) -> None:
        """The dice the command would roll for the other fields' values: up to the largest the field takes, in
        order under it where they are of several sizes."""
        assert field.rolled is not None
        rolls = field.rolled({name: value for name, value in self._readable().items() if name != field.name})
        sizes = {roll.sides for roll in rolls}
        self.sides[field.name] = max(sizes, default=field.sides)
        self.query_one(f"#label-{field.name}", Label).update(plain(self._label(field)))
        said = self.query_one(f"#rolled-{field.name}", Label)
        said.set_class(len(sizes) < 2, "hidden")
        said.update(plain(f"In order: {wanted(rolls)}"))

    def _readable(self) -> dict:
        """Each field's value that reads now (not dice half typed in)."""
        values = {}
        for one in self.fields:
            try:
                values[one.name] = self._value(one)
            except ValueError:
                continue
        return values

    def _value(self, field: Field) -> object:
        if field.barred:
            return {"number": 0, "many": [], "flag": False}[field.kind]  # nothing
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
            return parse_dice(text, sides=self.sides[field.name]) if text.strip() else []
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
