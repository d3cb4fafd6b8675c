"""A drop-down whose choices the rules forbid now are listed, each with why, and cannot be picked."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rich.console import RenderableType
from textual.widgets import Select
from textual.widgets._select import SelectOverlay


class Choice(Select):
    """A Select whose `closed` values ({value: why}) are greyed out in its list and skipped by its keys."""

    def __init__(self, options: Iterable[tuple[RenderableType, object]], closed: Mapping[object, str], **kwargs):
        self.closed = dict(closed)
        super().__init__(options, **kwargs)

    def offer(self, options: Iterable[tuple[RenderableType, object]], closed: Mapping[object, str]) -> None:
        """Offer other options, and close others: the value stays where it is still offered and open."""
        was, self.closed = self.value, dict(closed)
        self.set_options(options)
        if was not in self._legal_values or was in self.closed:
            was = next((value for _, value in self._options if value not in self.closed), self.value)
        self.set_reactive(Select.value, Select.NULL)  # type: ignore[misc]  # shown again: its words may have changed
        self.value = was

    def _setup_options_renderables(self) -> None:
        super()._setup_options_renderables()
        overlay = self.query_one(SelectOverlay)
        for index, (_, value) in enumerate(self._options):
            if value in self.closed:
                overlay.disable_option_at_index(index)
