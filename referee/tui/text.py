"""Session text on the dashboard: shown as written, never read as markup, its control characters as escapes."""

from __future__ import annotations

from rich.text import Text

from referee.text import printable


def plain(value: object, style: str = "") -> Text:
    """`value` as Rich text in `style`: no markup read, control characters written as `printable` writes them."""
    return Text(printable(value), style=style)
