"""What every command must look like before a rule reads it: the shared schemas, and refusals on one line.

Each ruleset lists a schema for each of its verbs (`referee/rules/<ruleset>/commands.py`); `check`
holds a command to its verb's schema. Unknown keys, keys given together that exclude each other,
wrong types, names with control characters and numbers or texts larger than the games can mean are
refused, naming the key. A report's text is one line: a newline is refused like any control character
(the log, the review and the briefings show each report as a line).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError, ValidationInfo
from pydantic import field_validator, model_validator
from pydantic_core import PydanticCustomError

from referee.errors import RefereeError
from referee.rules.bounds import DICE, ITEMS, NAME_CHARS, NO_CONTROL, NOT_PRINTABLE, SHOWN, SMALL, TEXT_CHARS, shown
from referee.rules.reports import RELIABILITIES


def within(value: int, low: int, high: int) -> int:
    """`value` if it lies in low..high, else the one-line refusal saying the range."""
    if not low <= value <= high:
        raise PydanticCustomError("range", "must be a whole number from {low} to {high}", {"low": low, "high": high})
    return value


def whole(low: int, high: int) -> Any:
    """A whole number from low to high."""
    return Annotated[int, AfterValidator(lambda value: within(value, low, high))]


Name = Annotated[str, StringConstraints(min_length=1, max_length=NAME_CHARS, pattern=NO_CONTROL)]
Text = Annotated[str, StringConstraints(max_length=TEXT_CHARS, pattern=NO_CONTROL)]
Small = whole(-SMALL, SMALL)
Names = Annotated[list[Name], Field(max_length=ITEMS)]
SomeNames = Annotated[list[Name], Field(min_length=1, max_length=ITEMS)]
Counts = Annotated[dict[Name, Small], Field(max_length=ITEMS)]


class Bare(BaseModel):
    """A command: its verb and nothing it does not read. A key left out takes its default; null is refused."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)

    do: str

    @classmethod
    def check(cls, command: dict, context: object = None) -> None:
        """Hold a command (its verb known) to this schema; a RefereeError like `move: unknown key "die"`."""
        try:
            cls.model_validate(command, context=context)
        except ValidationError as failed:
            errors = failed.errors(include_url=False, include_input=False)
            error = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
            key = where(error)
            if error["type"] == "extra_forbidden":
                problem = f'unknown key "{key}"'
            else:
                problem = f'"{key}" {explain(error)}' if key else explain(error)
            raise RefereeError(f"{command['do']}: {problem}") from None


class Command(Bare):
    """A command of a ruleset's table: it may carry the dice rolled at the table."""

    dice: Annotated[list[Small], Field(max_length=DICE)] = None


def one_of(first: str, second: str) -> Any:
    """A schema's check that a command gives exactly one of two keys (`"to"` or `"path"`, not both)."""

    def exactly_one(model: BaseModel) -> BaseModel:
        given = [getattr(model, key) is not None for key in (first, second)]
        if all(given):
            raise PydanticCustomError("conflict", '"{first}" and "{second}" cannot be given together',
                                      {"first": first, "second": second})
        if not any(given):
            raise PydanticCustomError("conflict", 'needs "{first}" or "{second}"', {"first": first, "second": second})
        return model

    return model_validator(mode="after")(exactly_one)


class EndPhase(Command):
    """`{"do": "end-phase"}`."""


class Report(Command):
    """`{"do": "report", "player", "text", "delay", "reliability"}`: the delay falls within the game."""

    player: Name
    text: Text
    delay: int = 0
    reliability: Literal[RELIABILITIES] = "probable"

    @field_validator("delay")
    @classmethod
    def within_game(cls, delay: int, info: ValidationInfo) -> int:
        clock = info.context.scenario.clock
        return within(delay, 0, clock.turns * clock.minutes)


SHARED: dict[str, type[Bare]] = {"end-phase": EndPhase, "report": Report, "undo": Bare, "redo": Bare}

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
    "model_type": "must be an object",
    "too_short": "must not be empty",
    "too_long": "must hold at most {max_length} entries",
    "literal_error": "must be one of {expected}",
}


def where(error: dict) -> str:
    """The key an error is about, as `a.b[2]`, each part cut short."""
    text = ""
    for part in error["loc"]:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + shown(part).strip("'\"")
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def explain(error: dict) -> str:
    """An error in the words of the referee's messages (pydantic's own for any other)."""
    words = WORDS.get(error["type"])
    return words.format(**error.get("ctx", {})) if words else error["msg"]
