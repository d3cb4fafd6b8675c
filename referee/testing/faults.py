"""How a check of the conformance kit says what it found: every fault, a line each, in one failure."""

from __future__ import annotations

from dataclasses import fields

from referee.core.state import GameState
from referee.errors import RefereeError

SHOWN = 20
"""The faults a failure lists; the count of the rest follows them."""
CLIPPED = 100
"""The most characters of a value a fault quotes."""


class Nonconformance(AssertionError):
    """A ruleset does something referee relies on no ruleset doing: the check, the ruleset and each fault found."""


class Faults:
    """The faults one check finds in one ruleset, gathered so that a single run names them all."""

    def __init__(self, ruleset: str, check: str):
        self.ruleset, self.check = ruleset, check
        self.found: list[str] = []

    def add(self, fault: str) -> None:
        self.found.append(fault)

    def raise_any(self) -> None:
        """Nonconformance listing the faults found, if any."""
        __tracebackhide__ = True  # pytest shows the faults, not this frame
        if self.found:
            more = len(self.found) - SHOWN
            lines = [f"- {fault}" for fault in self.found[:SHOWN]] + ([f"- and {more} more"] if more > 0 else [])
            raise Nonconformance("\n".join([f"the ruleset {self.ruleset!r}: {self.check}:", *lines]))


def said(error: BaseException) -> str:
    """An error on one line: a RefereeError's message as it is, any other after its kind ("KeyError: 'x'")."""
    return str(error) if isinstance(error, RefereeError) else f"{type(error).__name__}: {error}"


def difference(found: GameState, expected: GameState) -> str:
    """Where two states that differ do: the first part of the state that differs (and in it, the first key)."""
    name = next(part.name for part in fields(GameState) if getattr(found, part.name) != getattr(expected, part.name))
    one, other = getattr(found, name), getattr(expected, name)
    if isinstance(one, dict) and isinstance(other, dict):
        key = next(key for key in {**one, **other} if key not in one or key not in other or one[key] != other[key])
        return f"{name}[{key!r}] is {_entry(one, key)}, not {_entry(other, key)}"
    return f"{name} is {_clip(one)}, not {_clip(other)}"


def _entry(values: dict, key: object) -> str:
    return _clip(values[key]) if key in values else "absent"


def _clip(value: object) -> str:
    text = repr(value)
    return text if len(text) <= CLIPPED else text[:CLIPPED - 3] + "..."
