"""What the rules read of the board (`scenarios/chicago/board/map.toml`): each box's code (HOW TO RESOLVE
CONFLICT 5), the parks and their multipliers (DEMONSTRATOR ATTRITION AND MULTIPLICATION 2), the minimum boxes
(DETAILS OF PLAY: CPD MINIMUM)."""

from __future__ import annotations

from referee.core.board import Board
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
