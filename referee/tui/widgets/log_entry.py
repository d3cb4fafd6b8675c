"""A line of the live log: its number, then its text, wrapped under the text rather than under the number."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment

from referee.tui.text import plain_lines


class LogEntry:
    """A numbered event; when it is longer than the log is wide, its next lines start where its text starts."""

    def __init__(self, number: str, text: str, style: str = ""):
        # its lines (an event's itemization, referee.game.Game.itemized), each shown harmlessly
        self.number, self.text = number, plain_lines(text, style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        indent = len(self.number)
        return Measurement(indent + 1, indent + self.text.cell_len)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Segments, not Text: a Text yielded here would be wrapped a second time."""
        style = console.get_style(self.text.style) if self.text.style else None
        for index, line in enumerate(self.text.wrap(console, max(1, options.max_width - len(self.number)))):
            yield Segment(" " * len(self.number)) if index else Segment(self.number, style)
            yield from Segment.apply_style(line.render(console), style)
            yield Segment.line()
