"""The Chicago-Chicago umpire's commands as schemas: the keys each verb reads, their types and bounds.

Units are named by id (`["P1-01", "Tac-2"]`) or by kind and number (`{"P1": 3, "Tac": 2}`) with `"from"`, the box
they are taken from."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import AfterValidator, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from referee.bounds import ITEMS, quoted
from referee.rules.commands import SHARED, TABLE, UNIT, Checks, Command, Counts, PlaceRef, PlaceRefs, SomeNames, one_of, whole
from referee.rulesets.chicago.rules.forces import KINDS

_FORMS = (TypeAdapter(SomeNames), TypeAdapter(Counts))


def _units(value: object) -> object:
    """Unit ids, or `{kind: how many}` of the kinds of counter: one error in words for anything else, not one per
    form tried."""
    for form in _FORMS:
        try:
            found = form.validate_python(value, strict=True)
        except ValidationError:
            continue
        unknown = sorted(set(found) - set(KINDS)) if isinstance(found, dict) else []
        if unknown:
            raise PydanticCustomError("units", "names no kind of counter {kind} (kinds: {kinds})",
                                      {"kind": quoted(unknown[0]), "kinds": ", ".join(KINDS)})
        return found
    raise PydanticCustomError("units", 'must be a list of 1 to {items} unit ids, or an object {kind: how many} '
                                       'such as {"P1": 3}', {"items": ITEMS})


Units = Annotated[object, AfterValidator(_units), UNIT]
"""Units by id or printed name (referee.rules.refs), or how many of each kind of counter."""
From = TypedDict("From", {"from": NotRequired[PlaceRef]})  # "from" is a Python keyword: the functional form


class Move(Command, From):
    """`{"do": "move", "units", "from", "to" or "path", "minimum", "infiltrate"}`."""

    units: Units
    to: NotRequired[PlaceRef]
    path: NotRequired[PlaceRefs]
    minimum: NotRequired[bool]
    infiltrate: NotRequired[bool]


class Place(Command, From):
    """`{"do": "place", "units", "from", "to", "minimum"}`."""

    units: Units
    to: PlaceRef
    minimum: NotRequired[bool]


class Conflict(Command):
    """`{"do": "conflict", "box", "table", "attack", "defend"}`."""

    box: PlaceRef
    table: NotRequired[Literal["harass", "assault"]]
    attack: NotRequired[Units]
    defend: NotRequired[Units]


class Guard(Command):
    """`{"do": "guard", "units": n, "to"}`: how many companies to bring in, and where."""

    units: Annotated[int, whole(1, ITEMS)]
    to: PlaceRef


class GuardOut(Command, From):
    """`{"do": "guard-out", "units", "from"}`."""

    units: Units


SCHEMAS: dict[str, Any] = SHARED | TABLE | {
    "move": one_of(Move, "to", "path"), "place": Place, "conflict": Conflict, "guard": Guard, "guard-out": GuardOut,
}
CHECKS = Checks(SCHEMAS)
