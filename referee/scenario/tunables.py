"""Values of a scenario's data that `referee simulate --sweep` may vary, by the names its file gives them
(`[tunables.NAME]`): an Exposure Value on the map, a cell of a reconstructed table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeGuard

from referee.bounds import SMALL, shown
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.scenario.catalog import Scenario

Step = str | int
WHOLE = f"a whole number from {-SMALL} to {SMALL}"
"""What a tunable's number must be: within the bounds of any number an input gives."""


@dataclass(frozen=True, slots=True)
class Tunable:
    """A named value in one of the scenario's files: where it is, what it is now, and the rule it reads."""

    name: str
    file: str
    at: tuple[Step, ...]
    value: int | str
    section: str
    help: str
    public: bool = False  # the players know it (their sheets or tables print it): their sheets say it set


def place(data: object, at: tuple[Step, ...]) -> tuple[object, Step]:
    """The container holding the value at `at` and its key there (a list's item found by position or by its
    `id`); a LookupError naming the first step that leads nowhere."""
    for depth, step in enumerate(at):
        if isinstance(data, list):
            index = _index(data, step)
            if index is None:
                raise LookupError(f"nothing at {_where(at[:depth + 1])}")
            step = index
        elif not (isinstance(data, dict) and step in data):
            raise LookupError(f"nothing at {_where(at[:depth + 1])}")
        if depth == len(at) - 1:
            return data, step
        data = data[step]  # type: ignore[index]
    raise LookupError("an empty place")


def _index(items: list, step: Step) -> int | None:
    """A list's position named by a step: a position in it, or the id of one of its items."""
    if isinstance(step, str):
        return next((i for i, item in enumerate(items) if isinstance(item, dict) and item.get("id") == step), None)
    return step if not isinstance(step, bool) and 0 <= step < len(items) else None


def value_at(data: object, at: tuple[Step, ...]) -> object:
    """The value at `at` (see `place`)."""
    container, key = place(data, at)
    return container[key]  # type: ignore[index]


def _where(at: tuple[Step, ...]) -> str:
    return ".".join(map(str, at)) or "the top"


def fits(value: object) -> TypeGuard[int | str]:
    """Whether a tunable may hold `value`: a word, or a number as `WHOLE` says."""
    return isinstance(value, str) or isinstance(value, int) and not isinstance(value, bool) and -SMALL <= value <= SMALL


def parsed(tunable: Tunable, text: str) -> int | str:
    """A value given on the command line, of the tunable's kind (a whole number where it holds one, see `fits`)."""
    if not isinstance(tunable.value, int):
        return text
    try:
        value: int | None = int(text)
    except ValueError:
        value = None
    if not fits(value):
        raise RefereeError(f"{tunable.name} is {WHOLE}, not {shown(text)}")
    return value


def unknown(scenario: Scenario, name: str) -> RefereeError:
    """The refusal of a name that is neither an option nor a tunable of the scenario."""
    known = ", ".join([*scenario.options, *scenario.tunables]) or "none"
    return RefereeError(f"{scenario.id} has no option or tunable {name!r} (known: {known})")
