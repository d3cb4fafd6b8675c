"""The odds columns of the confrontation dialog, a line a unit, drawn as one widget."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

FIRST = 6
"""The width of the first column; the others share the rest evenly."""


class OddsTable(Widget):
    """Columns of short texts under bold headings: one widget instead of a label a cell."""

    def __init__(self, headings: tuple[str, ...], *, id: str | None = None):
        super().__init__(id=id)
        self.headings = headings
        self.rows: list[tuple[str, ...]] = []

    def show(self, rows: list[tuple[str, ...]]) -> None:
        """Show these rows, a text a column each."""
        self.rows = rows
        self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + len(self.rows)

    def _widths(self) -> list[int]:
        rest, others = max(0, self.size.width - FIRST), len(self.headings) - 1
        return [FIRST] + [rest * (i + 1) // others - rest * i // others for i in range(others)]

    def render(self) -> Text:
        widths = self._widths()
        text = Text(no_wrap=True, overflow="crop")
        for row, style in ((self.headings, "bold"), *((row, "") for row in self.rows)):
            for cell, width in zip(row, widths, strict=False):
                text.append(cell[: width - 1], style=style)
                text.append(" " * (width - min(len(cell), width - 1)))
            text.append("\n")
        text.rstrip()
        return text
