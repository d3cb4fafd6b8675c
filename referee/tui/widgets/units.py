"""Tables of units: those at the selected intersection, and every unit with filters."""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable, Select, Static

from referee.core.state import GameState
from referee.core.units import Unit
from referee.tui.text import plain
from referee.tui.widgets.emptied import emptied

COLUMNS = ("unit", "side", "type", "where", "stack", "status", "hidden")
AT_NODE = ("unit", "type", "hidden", "stack")
SIDE_STYLE = {"protesters": "green", "police": "blue"}


def hidden_attributes(unit: Unit, state: GameState) -> str:
    """What the players may not know of a unit, and what it did this turn."""
    flags = []
    if "locked" in unit.attrs:
        flags.append("locked" if unit.attrs["locked"] else "UNLOCKED")
    if unit.attrs.get("faction"):
        flags.append(unit.attrs["faction"])
    if unit.attrs.get("face_down"):
        flags.append("face down")
    if unit.attrs.get("armored"):
        flags.append("armored")
    if unit.id in state.local.get("rolled", {}):
        flags.append(f"rolled {state.local['rolled'][unit.id]}")
    elif unit.id in state.local.get("moved", ()):
        flags.append("moved")
    if unit.status == "reserve":
        flags.append(f"arrives turn {unit.attrs.get('arrives')}")
    return ", ".join(flags)


def unit_cells(unit: Unit, state: GameState) -> dict:
    """A unit's cells, by column; dim once it has moved or acted this phase, so the ones still to go stand out."""
    stack = state.stack_index(unit)
    done = unit.id in state.local.get("moved", ())
    cells = {
        "side": unit.side, "type": unit.type,
        "where": unit.node or (f"{unit.attrs.get('edge')} edge" if unit.status == "off-map" else ""),
        "stack": "" if stack is None else str(stack), "status": unit.status, "hidden": hidden_attributes(unit, state),
    }
    style = "dim" if done else ""
    return {"unit": plain(unit.id, f"bold {SIDE_STYLE.get(unit.side, '')} {style}".rstrip()),
            **{column: plain(text, style) for column, text in cells.items()}}


class UnitSelected(Message):
    """The umpire highlighted a unit in a table."""

    def __init__(self, unit: str):
        self.unit = unit
        super().__init__()


class UnitTable(DataTable):
    """A table of units whose highlighted row selects a unit."""

    def __init__(self, columns: tuple[str, ...] = COLUMNS, *, id: str | None = None):
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.columns_shown = columns
        self._rows: list[tuple[str, tuple]] = []

    def on_mount(self) -> None:
        self.add_columns(*self.columns_shown)

    def show(self, units: list[Unit], state: GameState, select: str | None = None) -> None:
        """Fill the table, highlighting `select` (else the unit highlighted before, if still listed)."""
        keep = select or self.selected
        rows = [(unit.id, tuple(unit_cells(unit, state)[column] for column in self.columns_shown)) for unit in units]
        with self.prevent(DataTable.RowHighlighted):
            if rows != self._rows:
                self._rows = rows
                emptied(self)
                for key, cells in rows:
                    self.add_row(*cells, key=key)
            ids = [key for key, _ in rows]
            if keep in ids and ids.index(keep) != self.cursor_row:
                self.move_cursor(row=ids.index(keep))

    @property
    def selected(self) -> str | None:
        """The id of the highlighted unit, if any."""
        if not self.row_count:
            return None
        return self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None:
            self.post_message(UnitSelected(cast(str, event.row_key.value)))  # every row is keyed by its unit's id


class NodePanel(Vertical):
    """The selected intersection: its markers and targets, and every unit there with its hidden attributes."""

    _lines = -1

    def compose(self) -> ComposeResult:
        yield Static(id="node-title")
        yield UnitTable(AT_NODE, id="node-units")

    def show(self, title: Text, units: list[Unit], state: GameState, select: str | None = None) -> None:
        lines = title.plain.count("\n")
        self.query_one("#node-title", Static).update(title, layout=lines != self._lines)
        self._lines = lines
        self.query_one(UnitTable).show(units, state, select)


class UnitsBrowser(Vertical):
    """Every unit, filtered by side, type and status."""

    FILTERS = ("side", "type", "status")

    def __init__(self, choices: dict[str, list[str]], *, id: str | None = None):
        super().__init__(id=id)
        self.choices = choices
        self.state: GameState | None = None
        self.only: set[str] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="unit-filters"):
            for name in self.FILTERS:
                yield Select([(c, c) for c in self.choices[name]], prompt=f"any {name}", id=f"filter-{name}")
        yield UnitTable(id="all-units")

    def show(self, state: GameState, only: set[str] | None = None) -> None:
        """The units that pass the filters; with `only`, none but those (a player's own, when viewing as him)."""
        self.state, self.only = state, only
        wanted = {name: self.query_one(f"#filter-{name}", Select).value for name in self.FILTERS}
        units = [
            unit for unit in state.units.values() if (only is None or unit.id in only)
            and all(value == Select.NULL or getattr(unit, name) == value for name, value in wanted.items())
        ]
        self.query_one(UnitTable).show(units, state)

    @on(Select.Changed)
    def _filter(self) -> None:
        if self.state is not None:
            self.show(self.state, self.only)
