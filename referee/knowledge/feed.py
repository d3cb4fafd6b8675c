"""What happened to a player, turn by turn: his own units' doings, the attacks on his units and what became of
them, his reports from the turn each reached him, and the public announcements where they fell in the turn.

Each game's knowledge writes the lines of its events in a `Journal` (it alone knows who saw what), as words keyed
by `LINES` with their values, so that a sheet prints them in its own language (referee/briefing/words/feed.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeAlias

from referee.knowledge.told import Filed

OWN, ATTACKED, REPORT, PUBLIC = "own", "attacked", "report", "public"
"""The kinds of entry: what his units did, what was done to them, a report to him, what everyone was told."""

LINES = {  # the English of each line; `{field}`s are its values
    "public": "{text}",
    "report": "Report ({reliability}): {text}",
    "rolled": "{units} rolled a movement of {rate}",
    "moved": "{units} moved from {from} to {to}",
    "reaction": "{units} reaction-moved from {from} to {to}",
    "minimum": "{units} stepped into the CPD MINIMUM box of {at}",
    "arrived": "{units} arrived at {to}",
    "placed": "{units} placed in {to}",
    "left": "{units} left the map",
    "held": "{units} held until the Morning",
    "lost": "{units} removed from the game by the random event",
    "built": "{units} built a barricade in {at}",
    "not-built": "{units} failed to build a barricade in {at}",
    "flo": "{units} dropped Flo at {at}",
    "chose": "Your side chose {at}",
    "attack": "{units} attacked {targets} in {at}",
    "attacked": "{by} attacked {units} in {at}",
    "attacked-unseen": "{units} attacked in {at} by units you did not see",
    "result": "Result: {result}",
    "fate": "{units}: {fate}",
    "no-loss": "No losses",
    "retreated": "{units} retreated from {from} to {to}",
    "destroyed": "{units} destroyed in {at}",
    "exchanged": "{units} exchanged for {new}",
    "negotiated": "{units} negotiated with {targets}",
    "ordered": "{units} gave an order to {targets}",
    "fired": "{units} fired on {targets}: {hits} hit",
    "gassed": "{units} fired {what} into {at}",
    "fought": "{units} fought {targets} ({what})",
}

Value: TypeAlias = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """One line of a player's feed: when, what kind, and its words (`LINES[line]`) with their values, each value
    with the kind of word it is ("unit", "place", "side", "text"...; a sheet prints `t.optional(kind.value)` where
    there is one, else the value as data)."""

    turn: int
    time: str
    kind: str  # OWN, ATTACKED, REPORT or PUBLIC
    line: str
    values: tuple[tuple[str, str, Value], ...]
    command: int = field(default=0, compare=False)  # the stored command whose events made it (0: not known)

    @property
    def text(self) -> str:
        """The line in English, values as the log has them."""
        return LINES[self.line].format(**{field: value if isinstance(value, str) else ", ".join(value)
                                          for field, _, value in self.values})


@dataclass(frozen=True, slots=True)
class _Noted:
    turn: int
    seq: int
    players: frozenset[str] | None  # None: everyone
    kind: str
    line: str
    values: tuple[tuple[str, str, Value], ...]
    command: int


class Journal:
    """Every player's feed as a game's knowledge writes it, event by event; `follow` picks up the public
    announcements and the reports the knowledge noted meanwhile."""

    def __init__(self, label: Callable[[int], str]):
        self.label = label
        self.noted: list[_Noted] = []
        self.filed: list[tuple[Filed, int, int]] = []  # (report, turn filed, seq)
        self.starts: dict[int, int] = {}  # each turn's first seq
        self._announced = self._reports = 0
        self.command = 0  # the stored command whose events are fed now (0: not known), noted with each entry

    def note(self, players: Iterable[str] | None, turn: int, kind: str, line: str, **values: tuple[str, Value]) -> None:
        """An entry for `players` (None: everyone) in `turn`: `values` by field, each (kind of word, value)."""
        seq = len(self.noted) + len(self.filed)
        self.starts.setdefault(turn, seq)
        self.noted.append(_Noted(turn, seq, None if players is None else frozenset(players), kind, line,
                                 tuple((field, how, value) for field, (how, value) in values.items()), self.command))

    def clash(self, turn: int, attacking: Iterable[str], defending: Iterable[str], attackers: tuple[str, ...],
              defenders: tuple[str, ...], at: tuple[str, str], after: list[tuple[str, dict[str, tuple[str, Value]]]]) -> None:
        """An attack both sides' players saw, in the place where both stand: to the attacking players their attack,
        to the defending players the attack on them; to each, what came of it (`after`, lines with their values),
        or no losses."""
        for players, kind, line, values in (
                (attacking, OWN, "attack", {"units": ("unit", attackers), "targets": ("unit", defenders)}),
                (defending, ATTACKED, "attacked", {"by": ("unit", attackers), "units": ("unit", defenders)})):
            self.note(players, turn, kind, line, at=at, **values)
            for then, said in after or [("no-loss", {})]:
                self.note(players, turn, kind, then, **said)

    def follow(self, announced: list[tuple[int, str]], reports: list[Filed], turn: int) -> None:
        """The announcements (turn, line) and reports appended since the last call, in place after what was noted."""
        for when, text in announced[self._announced:]:
            text = text.removeprefix(f"{self.label(when)}: ")  # the feed names each turn's time once
            self.note(None, when, PUBLIC, "public", text=("text", text))
        for report in reports[self._reports:]:
            self.filed.append((report, turn, len(self.noted) + len(self.filed)))
        self._announced, self._reports = len(announced), len(reports)

    def of(self, player: str, turn: int) -> tuple[FeedEntry, ...]:
        """One player's feed now, latest turn first, each turn's entries in the order they happened; a report
        from the turn it reached him (where it was due later than filed, at the start of that turn)."""
        placed: list[tuple[int, float, str, str, tuple[tuple[str, str, Value], ...], int]] = [
            (n.turn, n.seq, n.kind, n.line, n.values, n.command) for n in self.noted
            if n.players is None or player in n.players]
        for report, filed, seq in self.filed:
            reached = max(report.due, filed)
            if report.player == player and reached <= turn:
                at = seq if reached == filed else self.starts.get(reached, seq) + 0.5
                placed.append((reached, at, REPORT, "report", (("reliability", "reliability", report.reliability),
                                                               ("text", "text", report.text)), 0))
        placed.sort(key=lambda entry: (-entry[0], entry[1]))
        label = functools.cache(self.label)  # each turn's name once, however many entries it holds
        return tuple(FeedEntry(when, label(when), kind, line, values, command)
                     for when, _, kind, line, values, command in placed)
