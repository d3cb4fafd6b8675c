"""What every command must look like before a rule reads it: the shared schemas, and refusals on one line.

Each ruleset lists a schema for each of its verbs (`referee/rules/<ruleset>/commands.py`, its SCHEMAS
and CHECKS). Unknown keys, keys given together that exclude each other, wrong types, names with
control characters and numbers or texts larger than the games can mean are refused, naming the key.
A report's text is one line: a newline is refused like any control character (the log, the review
and the briefings show each report on a line of its own).

Schemas are TypedDicts checked by pydantic (extra keys forbidden, strict types, bounded fields): the
rules read the command as given, so no model is built, which keeps the check to a microsecond or so.
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from typing import TYPE_CHECKING, Annotated, Any, NotRequired, cast

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    with_config,
)
from pydantic_core import ErrorDetails, PydanticCustomError
from typing_extensions import TypedDict

from referee.bounds import DICE, ITEMS, NAME_CHARS, NO_CONTROL, NOT_PRINTABLE, SMALL, TEXT_CHARS, quoted
from referee.errors import RefereeError
from referee.rules.reports import Reliability

if TYPE_CHECKING:
    from referee.core.engine import Context


def within(value: int, low: int, high: int) -> int:
    """`value` if it lies in low..high, else the refusal saying the range."""
    if not low <= value <= high:
        raise PydanticCustomError("range", "must be a whole number from {low} to {high}", {"low": low, "high": high})
    return value


def whole(low: int, high: int) -> AfterValidator:
    """The check of a whole number from low to high: `Annotated[int, whole(low, high)]`."""
    return AfterValidator(lambda value: within(value, low, high))


Name = Annotated[str, StringConstraints(min_length=1, max_length=NAME_CHARS, pattern=NO_CONTROL)]
Text = Annotated[str, StringConstraints(max_length=TEXT_CHARS, pattern=NO_CONTROL)]
Small = Annotated[int, whole(-SMALL, SMALL)]
Names = Annotated[list[Name], Field(max_length=ITEMS)]
SomeNames = Annotated[list[Name], Field(min_length=1, max_length=ITEMS)]
Counts = Annotated[dict[Name, Small], Field(max_length=ITEMS)]
PLACE, UNIT = "place", "unit"
"""The markers of the keys that hold a place of the board or a unit of the counter mix (referee.rules.refs)."""
PlaceRef = Annotated[Name, PLACE]
"""A place of the board: its id, or its printed name in any case (referee.rules.refs)."""
PlaceRefs = Annotated[list[PlaceRef], Field(min_length=1, max_length=ITEMS)]
UnitRef = Annotated[Name, UNIT]
"""A unit of the counter mix: its id, its printed name or the table's name for it, in any case (referee.rules.refs)."""
UnitRefs = Annotated[list[UnitRef], Field(max_length=ITEMS)]
SomeUnitRefs = Annotated[list[UnitRef], Field(min_length=1, max_length=ITEMS)]
UnitCounts = Annotated[dict[UnitRef, Small], Field(max_length=ITEMS)]
Dice = Annotated[list[Small], Field(max_length=DICE)]


@with_config(ConfigDict(extra="forbid", strict=True))
class Bare(TypedDict):
    """A command: its verb and nothing it does not read (a key given must hold a value of its type)."""

    do: str


class Command(Bare):
    """A command of a ruleset's table: it may carry the dice rolled at the table."""

    dice: NotRequired[Dice]


def one_of(schema: type, first: str, second: str) -> Any:
    """`schema`, where a command gives exactly one of two keys (`"to"` or `"path"`, not both)."""

    def exactly_one(command: dict) -> dict:
        if (first in command) == (second in command):
            words = '"{first}" and "{second}" cannot be given together' if first in command else 'needs "{first}" or "{second}"'
            raise PydanticCustomError("conflict", words, {"first": first, "second": second})
        return command

    return Annotated[schema, AfterValidator(exactly_one)]


def _within_game(delay: int, info: ValidationInfo) -> int:
    """A report's delay: at most the game's length in minutes (the context is the game's Context)."""
    clock = cast("Context", info.context).scenario.clock
    return within(delay, 0, clock.turns * clock.minutes)


class Report(Command):
    """`{"do": "report", "player", "text", "delay", "reliability"}`: the text is one line (a newline is refused)."""

    player: Name
    text: Text
    delay: NotRequired[Annotated[int, AfterValidator(_within_game)]]
    reliability: NotRequired[Reliability]


TableName = Annotated[str, StringConstraints(max_length=NAME_CHARS, pattern=NO_CONTROL)]
"""A name the umpire gives for his table: "" gives the text's name back."""
TableNames = Annotated[dict[Name, TableName], Field(max_length=ITEMS)]
UnitTableNames = Annotated[dict[UnitRef, TableName], Field(max_length=ITEMS)]
"""Units, by id or printed name, and the names the umpire gives them."""


class Rename(Bare):
    """`{"do": "rename", "units": {unit: name}, "players": {id: name}}`: names for the table (referee.rules.names)."""

    units: NotRequired[UnitTableNames]
    players: NotRequired[TableNames]


class Hand(Bare):
    """`{"do": "hand", "player": id, "to": id}`: a player's share of his side's units to another (referee.rules.handing)."""

    player: Name
    to: Name


SHARED: dict[str, Any] = {"end-phase": Command, "report": Report, "rename": Rename, "undo": Bare, "redo": Bare}
class Deadline(Bare):
    """`{"do": "deadline", "at": time}`: the players' deadline for orders in this phase (referee.rules.deadlines)."""

    at: NotRequired[Annotated[str, StringConstraints(max_length=40, pattern=NO_CONTROL)]]


TABLE: dict[str, Any] = {"hand": Hand, "deadline": Deadline}
"""The schemas of the shared verbs of a table of players sending orders from their pages: `hand` (referee.rules.
handing) and `deadline` (referee.rules.deadlines)."""

WORDS = {
    "missing": "is missing",
    "string_type": "must be text",
    "string_unicode": "must be text",
    "string_too_short": "must not be empty",
    "string_too_long": "must be at most {max_length} characters",
    "string_pattern_mismatch": NOT_PRINTABLE,
    "int_type": "must be a whole number",
    "bool_type": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "too_short": "must not be empty",
    "too_long": "must hold at most {max_length} entries",
    "literal_error": "must be one of {expected}",
}


def where(loc: tuple) -> str:
    """The key an error is about, as `a.b[2]`."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + str(part)
    return text


def explain(error: ErrorDetails) -> str:
    """An error in the words of the referee's messages (pydantic's own for any other)."""
    words = WORDS.get(error["type"])
    return words.format(**error.get("ctx", {})) if words else error["msg"]


def problem(failed: ValidationError, known: Callable[[], list[str]] = list) -> str:
    """The first thing wrong with a command (an unknown key first, with the nearest of the `known()` keys where it
    is one of the command's own), on one line."""
    errors = failed.errors(include_url=False, include_input=False)
    error = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    loc = error["loc"]
    if error["type"] == "extra_forbidden":
        near = get_close_matches(str(loc[0]), known(), n=1, cutoff=0.6) if len(loc) == 1 else []
        return f"unknown key {quoted(where(loc))}" + (f" (did you mean {quoted(near[0])}?)" if near else "")
    if loc[-1:] == ("[key]",):  # a key of an object: the object named, not the key
        return f"a key of {quoted(where(loc[:-2]))} {explain(error)}"
    return f"{quoted(where(loc))} {explain(error)}" if loc else explain(error)


def checker(schema: Any) -> Callable[[dict, object], None]:
    """The check of one verb's schema: a RefereeError like `move: unknown key "die"` if a command breaks it."""
    adapter = TypeAdapter(schema)
    validate = adapter.validator.validate_python

    def known() -> list[str]:
        return list(adapter.json_schema().get("properties", {}))

    def check(command: dict, context: object = None) -> None:
        try:
            validate(command, context=context)
        except ValidationError as failed:
            raise RefereeError(f"{command['do']}: {problem(failed, known)}") from None

    return check


class Checks(dict):
    """Each verb's check, built when the verb is first met; an unknown verb is a KeyError."""

    def __init__(self, schemas: dict[str, Any]):
        super().__init__()
        self.schemas = schemas

    def __missing__(self, verb: str) -> Callable[[dict, object], None]:
        check = self[verb] = checker(self.schemas[verb])
        return check
