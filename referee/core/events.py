"""Events: what the rules decided, with the dice that decided it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.dice import Roll


@dataclass(slots=True)
class Event:
    """One fact appended to the log; the state is the fold of these. Never changed once made
    (not frozen only because frozen dataclasses are several times slower to make)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    dice: tuple[Roll, ...] = ()
    turn: int = 0
    phase: str = ""

    def to_json(self) -> dict:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "kind": self.kind,
            "data": self.data,
            "dice": [roll.to_json() for roll in self.dice],
        }

    @classmethod
    def from_json(cls, data: dict) -> Event:
        dice = tuple(Roll.from_json(roll) for roll in data.get("dice", ()))
        return cls(data["kind"], data.get("data", {}), dice, data.get("turn", 0), data.get("phase", ""))


MARKS = {"undone": "Undone", "redone": "Redone"}
"""The session's own events, which an undo or a redo records (no ruleset's), and how the log names them."""


ITEMS = "items"
"""The key of an event's itemization: how a score, an index or a factor was reached, a line of the chart each."""


def item(line: str, value: int | str, section: str) -> dict[str, Any]:
    """One line of a chart that made a number: what it counted (`"Westin, Exposure Value"`), what it gave (a
    signed whole number of points, or a step such as `"×2"`, `"½"`, `"4:1"`) and the section of the chart."""
    return {"line": line, "value": value, "section": section}


def item_text(entry: dict[str, Any]) -> str:
    """One line of an itemization as the log says it: "Westin, Exposure Value +3 (EI Adjustment Chart)"."""
    return f"{_told(entry)} ({entry['section']})"


def _told(entry: dict[str, Any]) -> str:
    """What a line of the chart counted and what it gave: "Westin, Exposure Value +3", "Stage Three ×2"."""
    value = entry["value"]
    return f"{entry['line']} {value:+d}" if isinstance(value, int) else f"{entry['line']} {value}"


def items_note(event: Event) -> str:
    """An event's itemization at the end of its line in the log, every line of the chart apart, the section said
    once after the lines it made in a row: " = Westin, Exposure Value +3; Sheraton, Exposure Value +2 (EI
    Adjustment Chart); Stage Three ×2 (7.3)"."""
    items = event.data.get(ITEMS)
    if not items:
        return ""
    runs: list[tuple[str, list[str]]] = []
    for entry in items:
        told = _told(entry)
        if runs and runs[-1][0] == entry["section"]:
            runs[-1][1].append(told)
        else:
            runs.append((entry["section"], [told]))
    return " = " + "; ".join(f"{'; '.join(lines)} ({section})" for section, lines in runs)


def without_items(event: Event) -> Event:
    """The event with its itemization set apart (the review lists it under the event's line)."""
    return Event(event.kind, {k: v for k, v in event.data.items() if k != ITEMS}, event.dice, event.turn, event.phase)


def dice_note(event: Event) -> str:
    """An event's dice at the end of its line in the log, a die typed in marked *: " [dice 3 6*]"."""
    if not event.dice:
        return ""
    return " [dice " + " ".join(f"{roll.value}{'*' if roll.entered else ''}" for roll in event.dice) + "]"
