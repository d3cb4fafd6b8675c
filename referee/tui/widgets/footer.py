"""The footer of a session's screen: every key it shows, on as many lines as the width needs."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

GAP = 1
"""Spaces between two keys (as in Textual's compact footer: the keys' colour sets them apart)."""

Key = tuple[str, str, str, bool]
"""A key as the footer shows it: the key, how it is written, its label, whether it is enabled now."""


class KeysFooter(Widget):
    """Textual's footer keeps to one line and cuts what does not fit; this one wraps, so that every key it is
    given shows at 80 columns too. It is drawn again only when its keys change (not on every focus change),
    and a click on a key presses it."""

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: auto;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    """
    COMPONENT_CLASSES = {"keys-footer--key"}

    def __init__(self) -> None:
        super().__init__()
        self.keys: tuple[Key, ...] = ()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen) -> None:
        keys = tuple((key, self.app.get_key_display(binding), binding.description, enabled)
                     for key, (_, binding, enabled, _) in screen.active_bindings.items() if binding.show)
        if keys != self.keys:
            self.keys = keys
            self.refresh(layout=True)

    def _lines(self, width: int) -> list[list[tuple[int, Key]]]:
        """The keys in lines of `width`, each with the column it starts at."""
        lines: list[list[tuple[int, Key]]] = [[]]
        x = 1
        for key in self.keys:
            size = len(key[1]) + 1 + len(key[2])
            if lines[-1] and x + size > width:
                lines.append([])
                x = 1
            lines[-1].append((x, key))
            x += size + GAP
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        style, rows = self.get_component_rich_style("keys-footer--key"), []
        for line in self._lines(self.size.width):
            row = Text(no_wrap=True, overflow="crop")
            for x, (_, shown, label, enabled) in line:
                row.append(" " * (x - row.cell_len))
                row.append(shown, style=style if enabled else "dim")
                row.append(f" {label}", style="" if enabled else "dim")
            rows.append(row)
        return Text("\n", no_wrap=True).join(rows)

    def on_click(self, event: events.Click) -> None:
        lines = self._lines(self.size.width)
        for x, (key, shown, label, _) in lines[event.y] if event.y < len(lines) else ():
            if x <= event.x < x + len(shown) + 1 + len(label):
                self.app.simulate_key(key)
