"""A field for a whole number in a form: the first key typed after focusing replaces the number shown."""

from __future__ import annotations

from textual import events
from textual.widgets import Input
from textual.widgets.input import Selection


class NumberInput(Input):
    """An integer Input that takes typing from its first key, however it was focused: Tab selects what it holds,
    and so does the first key after a click, which would otherwise type beside it ("03")."""

    fresh = False  # focused, and no key pressed since

    def _on_focus(self, event: events.Focus) -> None:
        super()._on_focus(event)
        self.fresh = True

    async def _on_key(self, event: events.Key) -> None:
        if self.fresh and event.is_printable:
            self.selection = Selection(0, len(self.value))
        self.fresh = False
        await super()._on_key(event)
