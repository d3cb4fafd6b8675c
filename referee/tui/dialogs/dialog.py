"""The base of the dashboard's dialogs: a modal screen over the dimmed main screen.

Each is laid out one way (referee.tcss), to work down to a screen of 80x24: a box of class `dialog`, its title (class
`title`) kept at its top and its row of buttons (class `buttons`) at its foot, always in sight; what lies between
scrolls, the box itself being a VerticalScroll, or a list that scrolls itself in the room left."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.css.styles import RulesMap
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen, ScreenResultType
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual, VisualType


class DimmedScreen(Visual):
    """The screen below a dialog, tinted as Textual's `BackgroundScreen` tints it, but each distinct style once
    (not once a run of characters) and without a round trip through Rich's console."""

    def __init__(self, screen: Screen, color: Color):
        self.screen, self.color = screen, color

    def render_strips(self, width: int, height: int | None, style: VisualStyle, options: RenderOptions) -> list[Strip]:
        base, color = style.rich_style, self.color
        tinted: dict[Style | None, Style] = {}
        strips = []
        for strip in self.screen._compositor.render_strips()[:height]:
            segments = []
            for segment in strip:
                text, segment_style, control = segment
                if control:
                    segments.append(segment)
                    continue
                final = tinted.get(segment_style)
                if final is None:
                    (dimmed,) = BackgroundScreen.process_segments([Segment(text, segment_style)], color)
                    final = tinted[segment_style] = base + dimmed.style
                segments.append(Segment(text, final))
            strips.append(Strip(segments, strip.cell_length).crop(0, width))
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen.size.height


class Dialog(ModalScreen[ScreenResultType]):
    """A modal screen whose dimmed background costs a few milliseconds less to paint, every paint."""

    def render(self) -> VisualType:  # type: ignore[override]  # Screen says Rich's renderables; a widget's Visual renders too
        background = super().render()
        if isinstance(background, BackgroundScreen):
            return DimmedScreen(background.screen, background.color)
        return background
