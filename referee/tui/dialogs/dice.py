"""Typing in the dice rolled at the table."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label

from referee.core.dice import Roll
from referee.text import plural
from referee.tui.dialogs.dialog import Dialog
from referee.tui.text import plain


def parse_dice(text: str, count: int | None = None, sides: int = 6) -> list[int]:
    """'4 2' (or '42' when `count` dice are wanted) as dice of up to `sides` faces; ValueError says what is wrong."""
    parts = text.replace(",", " ").split()
    if count and count > 1 and len(parts) == 1 and len(parts[0]) == count and sides < 10:
        parts = list(parts[0])
    if not parts or (count and len(parts) != count) or not all(p.isdigit() and 1 <= int(p) <= sides for p in parts):
        wanted = plural(count, "die", "dice") if count else "the dice"
        raise ValueError(f"type {wanted}, each 1 to {sides}, separated by spaces")
    return [int(p) for p in parts]


def wanted(rolls: Sequence[Roll]) -> str:
    """The dice a command rolls, in order, as the umpire types them: the dice of one purpose together, counted where
    they are of one size ("2d6 (reinforcement Groups: die)"), else by their faces ("1-30, 1-29, … (reinforcement
    group: draw)": a die the size of a pile for each unit drawn from it)."""
    runs: list[tuple[str, list[int]]] = []
    for roll in rolls:
        purpose = roll.purpose.rstrip("0123456789").rstrip()
        if runs and runs[-1][0] == purpose:
            runs[-1][1].append(roll.sides)
        else:
            runs.append((purpose, [roll.sides]))
    return ", then ".join(f"{_faces(sides)} ({purpose})" for purpose, sides in runs)


def _faces(sides: list[int]) -> str:
    """Dice of these sizes: "2d6" where they are alike, else the first two's faces ("1-30, 1-29, …")."""
    if len(sides) > 1 and len(set(sides)) == 1:
        return f"{len(sides)}d{sides[0]}"
    return ", ".join(f"1-{size}" for size in sides[:2]) + (", …" if len(sides) > 2 else "")


class DiceDialog(Dialog[list[int] | None]):
    """Asks for `count` dice; Enter accepts, Esc cancels."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, count: int, purpose: str, sides: int = 6):
        super().__init__()
        self.count, self.purpose, self.sides = count, purpose, sides

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(f"Dice rolled at the table for the {self.purpose}: {self.count} d{self.sides}"))
            yield Input(placeholder=" ".join(["4"] * self.count), id="dice")
            yield Label("", id="dice-error", classes="error")

    @on(Input.Submitted)
    def _typed(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(parse_dice(event.value, self.count, self.sides))
        except ValueError as error:
            self.query_one("#dice-error", Label).update(str(error))
