"""Messages between the command worker and the screens."""

from __future__ import annotations

from textual.message import Message

from referee.store.reading import MessageRecord


class Applied(Message):
    """A command was committed; `lines` are its events as (seq, text), `tip` the log's latest command after it."""

    def __init__(self, command: dict, lines: list[tuple[int, str]], tip: int):
        self.command, self.lines, self.tip = command, lines, tip
        super().__init__()


class Refused(Message):
    """A command was refused; nothing changed."""

    def __init__(self, command: dict, reason: str):
        self.command, self.reason = command, reason
        super().__init__()


class Followed(Message):
    """Other writers committed to the session; `lines` are their events as (seq, text), `undoing` whether
    any of them undid or redid a command (the log is then drawn again)."""

    def __init__(self, lines: list[tuple[int, str]], undoing: bool, tip: int):
        self.lines, self.undoing, self.tip = lines, undoing, tip
        super().__init__()


class Connection(Message):
    """The database server was lost (`lost`: what was said of it) or is back (`lost` empty)."""

    def __init__(self, lost: str):
        self.lost = lost
        super().__init__()


class Mail(Message):
    """The messages between the players and the umpire, read again: all of them, and the latest's number."""

    def __init__(self, messages: list[MessageRecord], end: int):
        self.messages, self.end = messages, end
        super().__init__()
