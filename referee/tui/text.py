"""Session text on the dashboard: shown as written, never read as markup, its control characters as escapes."""

from __future__ import annotations

from rich.text import Text

from referee.text import printable


def plain(value: object, style: str = "") -> Text:
    """`value` as Rich text in `style`: no markup read, control characters written as `printable` writes them."""
    return Text(printable(value), style=style)


def plain_lines(value: object, style: str = "") -> Text:
    """Text of several lines as Rich text: each line `plain`, the lines kept as lines."""
    return Text("\n", style=style).join(plain(line, style) for line in str(value).split("\n"))


def lines_of(entries: tuple[str, ...], room: int) -> list[str]:
    """Entries (a legend's) two spaces apart, in lines of at most `room` characters; an entry is never cut."""
    lines = [""]
    for entry in entries:
        if lines[-1] and len(lines[-1]) + 2 + len(entry) > room:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + entry
    return lines
