"""The N30 umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field

from referee.rules.bounds import ITEMS
from referee.rules.commands import SHARED, Checks, Command, Counts, Name, Names, SomeNames, one_of


class Choose(Command):
    """`{"do": "choose", "node"}` or `"nodes": [...]`."""

    node: NotRequired[Name]
    nodes: NotRequired[SomeNames]


class UnitCommand(Command):
    """`roll`, `barricade`, `flo`, `top`: one unit."""

    unit: Name


class Move(Command):
    """`{"do": "move", "unit", "to"}` or `"path": [...]`."""

    unit: Name
    to: NotRequired[Name]
    path: NotRequired[SomeNames]


class Confront(Command):
    """`{"do": "confront", "node", "gas", "allocation", "refuse", "retreats"}`."""

    node: Name
    gas: NotRequired[bool]
    allocation: NotRequired[Counts]
    refuse: NotRequired[Names]
    retreats: NotRequired[Annotated[dict[Name, Name], Field(max_length=ITEMS)]]


class GroupMove(Command):
    """`{"do": "group-move", "units": [...], "to"}`."""

    units: SomeNames
    to: Name


class Factions(Command):
    """`{"do": "factions", "peace_police": [...]}`."""

    peace_police: Names


SCHEMAS: dict[str, Any] = SHARED | {
    "choose": one_of(Choose, "node", "nodes"), "roll": UnitCommand, "move": one_of(Move, "to", "path"),
    "barricade": UnitCommand, "flo": UnitCommand, "top": UnitCommand, "stay": UnitCommand,
    "group-move": GroupMove, "confront": Confront, "factions": Factions,
}
CHECKS = Checks(SCHEMAS)
