"""Emptying a table before it is filled again: its columns as narrow as their new rows need, not as wide as the
widest row they ever held (a long list of crowds once must not hide the columns after it for good)."""

from __future__ import annotations

from textual.widgets import DataTable


def emptied(table: DataTable) -> None:
    """Clear the table's rows, and its columns' widths back to their labels'."""
    table.clear()
    for column in table.columns.values():
        if column.auto_width:
            column.content_width = column.label.cell_len
