"""Tick boxes that look ticked or not without colour: ✓ when ticked, blank when not (Textual draws X both ways and
tells them apart by colour alone)."""

from __future__ import annotations

from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets._toggle_button import ToggleButton

TICKED, UNTICKED = "✓", " "


class Tick(Checkbox):
    """A tick box: ✓ or blank."""

    def render(self):
        self.BUTTON_INNER = TICKED if self.value else UNTICKED
        return super().render()


class Ticks(SelectionList):
    """A list of choices each with its tick box: ✓ or blank."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 2 or segments[1].text != ToggleButton.BUTTON_INNER or segments[1].style is None:
            return strip
        index = segments[1].style.meta.get("option")
        if index is None:
            return strip
        ticked = self.get_option_at_index(index).value in self.selected
        segments[1] = segments[1]._replace(text=TICKED if ticked else UNTICKED)
        return Strip(segments, strip.cell_length)
