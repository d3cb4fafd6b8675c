"""What the rules read of the board (`scenarios/chicago/board/map.toml`) and of who stands where: each box's code
(HOW TO RESOLVE CONFLICT 5), the parks and their multipliers (DEMONSTRATOR ATTRITION AND MULTIPLICATION 2), the
minimum boxes (DETAILS OF PLAY: CPD MINIMUM), and the units a command names."""

from __future__ import annotations

from referee.core.board import Board
from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.conflict import Box, box

PARK = "park"
MINIMUM = "cpd-minimum"
CONDITIONAL = "cpd-minimum-conditional"
PLATOONS_IN_MINIMUM = 3  # "three platoons (no NG) in each of the CPD MINIMUM boxes"


def codes(board: Board) -> dict[str, Box]:
    """Every box's code, by box; a box without exactly one code is a fault of the map (ValueError)."""
    found = {}
    for node in board.nodes.values():
        read = [code for code in map(box, node.features) if code is not None]
        if len(read) != 1:
            raise ValueError(f"box {node.id!r} has {len(read)} codes such as P4/D1, not one")
        found[node.id] = read[0]
    return found


def parks(board: Board) -> dict[str, int]:
    """The park boxes and the number their demonstrators are multiplied by at each A turn."""
    return {node.id: node.value for node in board.nodes.values() if PARK in node.features}


def minimum(board: Board) -> dict[str, str]:
    """The city boxes holding a minimum box, and its kind (`cpd-minimum` or `cpd-minimum-conditional`)."""
    return {node.id: kind for node in board.nodes.values() for kind in (MINIMUM, CONDITIONAL) if kind in node.features}


def bound(board: Board, released: list[str]) -> list[str]:
    """The minimum boxes that must hold three platoons: every CPD MINIMUM box, and the CONDITIONAL ones not
    released (CPD MINIMUM 3)."""
    return [node for node, kind in minimum(board).items() if kind == MINIMUM or node not in released]


def box_of(ctx: Context, name: str) -> str:
    """A box of the board, or an error naming the unknown one."""
    if name not in ctx.scenario.board.nodes:
        raise RefereeError(f"no box {name!r} on the board (boxes: {', '.join(ctx.scenario.board.nodes)})")
    return name


def in_minimum(state: GameState, node: str) -> list[Unit]:
    """The platoons in a box's minimum box."""
    return [unit for unit in state.at(node, "police") if unit.attrs["minimum"]]


def units_named(state: GameState, names: object, side: str | None, node: str | None) -> list[Unit]:
    """The units of a side (or of either) a command names, on the board: a list of ids, or `{kind: how many}`
    taken from `node` outside its minimum box, the top of the stack first (the platoons in a minimum box leave it
    only when named by id, so that no command empties one unawares)."""
    found: list[Unit] = []
    if isinstance(names, list):
        for uid in names:
            if uid not in state.units:
                raise RefereeError(f"no unit {uid!r} (ids such as P1-01, Tac-1, NG-01, G4-12)")
            unit = state.units[uid]
            if side and unit.side != side:
                raise RefereeError(f"{uid} is not a {side} unit")
            if unit.status != ACTIVE:
                raise RefereeError(f"{uid} is not on the board ({unit.status})")
            found.append(unit)
        if len({unit.id for unit in found}) < len(found):
            raise RefereeError("a unit is named twice")
        return found
    assert isinstance(names, dict)
    if node is None:
        raise RefereeError('units given by kind need "from": the box they are taken from')
    for kind_name, count in names.items():
        if kind_name not in forces.KINDS:
            raise RefereeError(f"no kind of unit {kind_name!r} (kinds: {', '.join(forces.KINDS)})")
        of_kind = [unit for unit in state.at(node) if forces.kind(unit) == kind_name]
        there = [unit for unit in of_kind if not unit.attrs["minimum"]]
        if side and of_kind and of_kind[0].side != side:
            raise RefereeError(f"{kind_name} units are not {side} units")
        if count < 1 or count > len(there):
            held = [unit.id for unit in of_kind if unit.attrs["minimum"]]
            raise RefereeError(f"{node} holds {len(there)} {kind_name}{' outside its minimum box' if held else ''}, not "
                               f"{count}" + (f" (the minimum box's platoons are named by id: {', '.join(held)})" if held else ""))
        found += there[:count]
    return found
