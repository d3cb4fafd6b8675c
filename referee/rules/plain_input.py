"""Checks of a calculator's JSON input with the standard library only, so that `referee resolve` starts fast.

Each check returns the value it accepts or raises a RefereeError of one line that starts with the
calculator's name and names the key at fault (`where`, such as "attack[2].level").
"""

from __future__ import annotations

from referee.bounds import name_problem, quoted, shown
from referee.errors import RefereeError


class PlainInput:
    """The checks of one calculator's input; its messages start with `calculator`."""

    def __init__(self, calculator: str):
        self.calculator = calculator

    def wrong(self, where: str, problem: str) -> RefereeError:
        """A fault of the value at `where`."""
        return RefereeError(f"{self.calculator}: {quoted(where)} {problem}")

    def json_object(self, value: object, where: str, known: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
        """A JSON object with only `known` keys and every `required` one."""
        if not isinstance(value, dict):
            raise RefereeError(f"{self.calculator}: {quoted(where) + ' ' if where else ''}must be a JSON object, "
                               f"got {shown(value)}")
        for key in value:
            if key not in known:
                raise RefereeError(f"{self.calculator}: unknown key {quoted(f'{where}.{key}' if where else key)}")
        for key in required:
            if key not in value:
                raise RefereeError(f"{self.calculator}: {quoted(f'{where}.{key}' if where else key)} is missing")
        return value

    def whole(self, value: object, where: str, low: int, high: int) -> int:
        """A whole number from `low` to `high` (true and false are not numbers)."""
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.wrong(where, f"must be a whole number from {low} to {high}, got {shown(value)}")
        return value

    def flag(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.wrong(where, f"must be true or false, got {shown(value)}")
        return value

    def one_of(self, value: object, where: str, choices: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in choices:
            raise self.wrong(where, f"must be one of {', '.join(choices)}, got {shown(value)}")
        return value

    def name(self, value: object, where: str) -> str:
        """An id or a name (referee.bounds.name_problem)."""
        problem = name_problem(value)
        if problem:
            raise self.wrong(where, problem)
        return value  # type: ignore[return-value]  # name_problem found none: a str

    def json_list(self, value: object, where: str, most: int) -> list:
        """A JSON array of at most `most` items."""
        if not isinstance(value, list) or len(value) > most:
            raise self.wrong(where, f"must be a list of at most {most} items, got {shown(value)}")
        return value
