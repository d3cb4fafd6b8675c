"""A line of the live log: its number, then its text, wrapped under the text rather than under the number."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from referee.tui.text import plain


class LogEntry:
    """A numbered event; when it is longer than the log is wide, its next lines start where its text starts."""

    def __init__(self, number: str, text: str, style: str = ""):
        self.number, self.text = number, plain(text, style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        indent = len(self.number)
        return Measurement(indent + 1, indent + self.text.cell_len)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        indent = len(self.number)
        for index, line in enumerate(self.text.wrap(console, max(1, options.max_width - indent))):
            yield Text.assemble((self.number, self.text.style) if index == 0 else " " * indent, line)
