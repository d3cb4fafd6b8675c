"""The N30 umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from referee.rules.bounds import ITEMS
from referee.rules.commands import SHARED, Bare, Command, Counts, Name, Names, SomeNames, one_of


class Choose(Command):
    """`{"do": "choose", "node"}` or `"nodes": [...]`."""

    node: Name = None
    nodes: SomeNames = None
    either = one_of("node", "nodes")


class UnitCommand(Command):
    """`roll`, `barricade`, `flo`, `top`: one unit."""

    unit: Name


class Move(UnitCommand):
    """`{"do": "move", "unit", "to"}` or `"path": [...]`."""

    to: Name = None
    path: SomeNames = None
    either = one_of("to", "path")


class Confront(Command):
    """`{"do": "confront", "node", "gas", "allocation", "refuse", "retreats"}`."""

    node: Name
    gas: bool = False
    allocation: Counts = None
    refuse: Names = []
    retreats: Annotated[dict[Name, Name], Field(max_length=ITEMS)] = {}


class Factions(Command):
    """`{"do": "factions", "peace_police": [...]}`."""

    peace_police: Names


SCHEMAS: dict[str, type[Bare]] = SHARED | {
    "choose": Choose, "roll": UnitCommand, "move": Move, "barricade": UnitCommand, "flo": UnitCommand,
    "top": UnitCommand, "confront": Confront, "factions": Factions,
}
