"""A field for a small whole number, typed digit by digit: a fraction of the cost of an Input to build."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class NumberField(Widget, can_focus=True):
    """Digits write the number (the first one after focusing replaces it), Backspace takes the last digit off."""

    value: reactive[str] = reactive("", init=False)

    class Changed(Message):
        """The number was edited."""

        def __init__(self, field: NumberField, value: str):
            self.field, self.value = field, value
            super().__init__()

        @property
        def control(self) -> NumberField:
            return self.field

    def __init__(self, value: str = "", *, digits: int = 3, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.set_reactive(NumberField.value, value)
        self.digits = digits
        self._fresh = True

    def render(self) -> Text:
        text = Text(self.value)
        if self.has_focus:
            text.append(" ", style="reverse")
        return text

    def on_focus(self) -> None:
        self._fresh = True

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            typed = event.character if self._fresh else self.value + event.character
            self.value = typed[-self.digits:]
        elif event.key == "backspace":
            self.value = self.value[:-1]
        else:
            return
        self._fresh = False
        event.stop()
        event.prevent_default()

    def watch_value(self, value: str) -> None:
        self.post_message(self.Changed(self, value))
