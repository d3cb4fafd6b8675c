"""The N30 umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field

from referee.bounds import ITEMS
from referee.rules.commands import (
    SHARED,
    TABLE,
    Checks,
    Command,
    PlaceRef,
    PlaceRefs,
    SomeUnitRefs,
    UnitCounts,
    UnitRef,
    UnitRefs,
    one_of,
)


class Choose(Command):
    """`{"do": "choose", "node"}` or `"nodes": [...]`."""

    node: NotRequired[PlaceRef]
    nodes: NotRequired[PlaceRefs]


class UnitCommand(Command):
    """`roll`, `barricade`, `flo`, `top`: one unit."""

    unit: UnitRef


class Move(Command):
    """`{"do": "move", "unit", "to"}` or `"path": [...]`."""

    unit: UnitRef
    to: NotRequired[PlaceRef]
    path: NotRequired[PlaceRefs]


class Confront(Command):
    """`{"do": "confront", "node", "gas", "allocation", "refuse", "retreats"}`."""

    node: PlaceRef
    gas: NotRequired[bool]
    allocation: NotRequired[UnitCounts]
    refuse: NotRequired[UnitRefs]
    retreats: NotRequired[Annotated[dict[UnitRef, PlaceRef], Field(max_length=ITEMS)]]


class GroupMove(Command):
    """`{"do": "group-move", "units": [...], "to"}`."""

    units: SomeUnitRefs
    to: PlaceRef


class Factions(Command):
    """`{"do": "factions", "peace_police": [...]}`."""

    peace_police: UnitRefs


SCHEMAS: dict[str, Any] = SHARED | TABLE | {
    "choose": one_of(Choose, "node", "nodes"), "roll": UnitCommand, "move": one_of(Move, "to", "path"),
    "barricade": UnitCommand, "flo": UnitCommand, "top": UnitCommand, "stay": UnitCommand,
    "group-move": GroupMove, "confront": Confront, "factions": Factions,
}
CHECKS = Checks(SCHEMAS)
