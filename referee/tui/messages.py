"""Messages between the command worker and the screens."""

from __future__ import annotations

from textual.message import Message


class Applied(Message):
    """A command was committed; `lines` are its events as (seq, text)."""

    def __init__(self, command: dict, lines: list[tuple[int, str]]):
        self.command, self.lines = command, lines
        super().__init__()


class Refused(Message):
    """A command was refused; nothing changed."""

    def __init__(self, command: dict, reason: str):
        self.command, self.reason = command, reason
        super().__init__()
