"""A table whose columns share its width: where its rows are wider than the panel, the widest columns are narrowed
and their cells wrapped onto more lines, so that every column stays on the screen with its heading whole (laid out
again when the panel's width changes). The first column, the rows' names, is kept whole where there is room."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.widgets import DataTable

from referee.tui.text import plain
from referee.tui.widgets.emptied import emptied


def shares(needs: Sequence[int], least: Sequence[int], floor: Sequence[int], room: int) -> list[int]:
    """Columns' widths within `room`: each as wide as it `needs` where all fit; else each at its `least` (its
    longest word, say), the widest of those narrowed one by one towards its `floor` (its heading) while they do not
    fit, and what room is left shared out evenly, a column taking no more than it needs and leaving the rest to the
    wider ones."""
    if sum(needs) <= room:
        return list(needs)
    widths = [min(low, need) for low, need in zip(least, needs, strict=True)]
    while sum(widths) > room:
        narrowed = [at for at, width in enumerate(widths) if width > floor[at]]
        if not narrowed:
            break
        widths[max(narrowed, key=widths.__getitem__)] -= 1
    left = room - sum(widths)
    wanting = sorted(range(len(needs)), key=lambda column: needs[column] - widths[column])
    for place, column in enumerate(wanting):
        if left <= 0:
            break
        given = min(needs[column] - widths[column], left // (len(wanting) - place) or 1)
        widths[column] += given
        left -= given
    return widths


def _width(cell: Text) -> int:
    return max((line.cell_len for line in cell.split("\n")), default=0)


def _longest_word(cell: Text) -> int:
    return max(map(len, cell.plain.split()), default=0)


class FittingTable(DataTable):
    """A table of rows keyed by name, its columns fitted to its width (see the module); refilling it keeps the
    cursor's row, and moves no one's choice (it posts no row highlighted)."""

    wraps: ClassVar[bool] = True
    """Whether its cells wrap to fit its width; a table that must keep one line a row scrolls sideways instead."""
    _rows: list[tuple] = []

    def fill(self, rows: list[tuple]) -> None:
        """Replace the rows (the last item of each is its key; text cells shown `plain`)."""
        self._rows = [(*(plain(cell) if isinstance(cell, str) else cell for cell in cells), key) for *cells, key in rows]
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        keep = self.cursor_row
        columns = list(self.columns.values())
        cells = [row[:-1] for row in self._rows]
        labels = [column.label.cell_len for column in columns]
        needs = [max([label, *(_width(row[at]) for row in cells)]) for at, label in enumerate(labels)]
        least = [need if at == 0 else max([label, *(min(_longest_word(row[at]), need) for row in cells)])
                 for at, (label, need) in enumerate(zip(labels, needs, strict=True))]  # a row's name whole if it may
        room = self.size.width - self.styles.scrollbar_size_vertical - 2 * self.cell_padding * len(columns)
        fitted = self.wraps and room > 0 and sum(needs) > room
        for column, width in zip(columns, shares(needs, least, labels, room) if fitted else needs, strict=True):
            column.auto_width, column.width = not fitted, width
        with self.prevent(DataTable.RowHighlighted):
            emptied(self)
            for *row, key in self._rows:
                self.add_row(*row, key=key, height=None if fitted else 1)
            if self.row_count:
                self.move_cursor(row=min(keep, self.row_count - 1))
