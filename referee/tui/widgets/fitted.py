"""A panel whose text is laid out for its width: drawn again when its width changes, not only when its game does
(its first drawing may come before its width is known)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.widgets import Static

UNKNOWN_WIDTH = 40
"""The width a panel's text is laid out for before the panel's own is known."""


class Fitted(Static):
    """Shows what `draw(width)` gives for its width, drawn again at each change of width."""

    _draw: Callable[[int], Text] | None = None

    def draw(self, draw: Callable[[int], Text]) -> None:
        """Show `draw(width)` now and whenever the width changes."""
        self._draw = draw
        self.update(draw(self.size.width or UNKNOWN_WIDTH))

    def on_resize(self, event: events.Resize) -> None:
        if self._draw is not None:
            self.update(self._draw(event.size.width or UNKNOWN_WIDTH))
