"""The game clock: turns of fixed length from a starting time, each split into phases."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LAST_TURN = "last_turn"


def parse_time(text: str) -> int:
    """Minutes after midnight of a 24-hour 'H:MM' time."""
    hours, _, minutes = text.partition(":")
    if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2):
        raise ValueError(f"not a time of day (H:MM, 24-hour): {text!r}")
    value = int(hours) * 60 + int(minutes)
    if value >= 24 * 60 or int(minutes) >= 60:
        raise ValueError(f"not a time of day: {text!r}")
    return value


def format_time(minutes: int, hours_on_dial: int = 12) -> str:
    """A time as the rule texts print it: 7:40, 11:00, 1:40 (12-hour, no am/pm), or 22:40 on a 24-hour dial."""
    hours, mins = divmod(minutes % (24 * 60), 60)
    return f"{(hours - 1) % 12 + 1 if hours_on_dial == 12 else hours}:{mins:02d}"


@dataclass(frozen=True, slots=True)
class Clock:
    """Turn n (from 1) starts at `start + (n-1) * minutes`."""

    start: int
    minutes: int
    turns: int
    phases: tuple[str, ...]
    dial: int = 12  # 12 or 24 hours, as the scenario prints times
    names: tuple[str, ...] = ()  # the turns' names where the text names them instead of timing them

    def last(self, local: Mapping[str, Any]) -> int:
        """The last turn of the game as it stands: the scenario's, or a later one where the rules extended it (a
        ruleset keeps that in its state's `local["last_turn"]`, as Battle of Seattle's 8.0 does)."""
        return local.get(LAST_TURN, self.turns)

    def starts(self, turn: int) -> int:
        """Minutes after midnight at which a turn starts."""
        return self.start + (turn - 1) * self.minutes

    def label(self, turn: int) -> str:
        """The turn's name, or the printed time it starts at."""
        if 0 < turn <= len(self.names):
            return self.names[turn - 1]
        return format_time(self.starts(turn), self.dial)

    def reading(self, turn: int) -> str:
        """The turn as players read it: its name, or the time it starts on a 24-hour dial, which no one misreads
        ("13:00" after "12:40", where the text's 12-hour dial prints "1:00")."""
        if 0 < turn <= len(self.names):
            return self.names[turn - 1]
        return format_time(self.starts(turn), 24)

    def span(self, turn: int) -> str:
        """The turn as the rule texts name it: '7:40-7:50' (or its name)."""
        if 0 < turn <= len(self.names):
            return self.names[turn - 1]
        return f"{self.label(turn)}-{format_time(self.starts(turn) + self.minutes, self.dial)}"

    def turn_at(self, minutes: int) -> int:
        """The turn that starts at a time of day (may fall outside 1..turns)."""
        return (minutes - self.start) // self.minutes + 1


def phase_change(data: dict) -> str:
    """A `phase-ended` event in words: "protester movement phase ends; police movement phase begins"."""
    return f"{data['from'].replace('-', ' ')} phase ends; {data['to'].replace('-', ' ')} phase begins"
