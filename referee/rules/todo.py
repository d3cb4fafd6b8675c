"""The phase's checklist: what the rules still require in this phase, and what they leave to the players' choice.

Each game's `rules/todo.py` builds its list from the state alone (what the phase records), in the order the rules
take them; the dashboard shows it on the status line and `n` goes to the next item."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Item:
    """One thing left to do: `what` in a few words (and fewer, `short`, where room is short), the rule `section`
    asking it, whether the rules require it (else it is the players' choice), the place (`node`) it concerns, if
    any, the dashboard key doing it, and the one it concerns (`subject`, a unit) where it is not the place."""

    what: str
    section: str
    required: bool = True
    node: str | None = None
    key: str = ""
    short: str = ""
    subject: str = ""

    @property
    def brief(self) -> str:
        """`what` in as few words as it has."""
        return self.short or self.what


def named(items: list[Item], place: Callable[[str], str] = str) -> list[str]:
    """What items alike name, in their order, each once: their subjects, else their places (as `place` names
    them: "Grant Park East" for grant-park-east)."""
    return list(dict.fromkeys(name for item in items if (name := item.subject or (item.node and place(item.node)))))
