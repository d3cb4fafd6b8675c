"""The Turn End Phase (3.4): the EI Adjustment Chart's turn-end lines, applied under 2.3."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.core.board import Board
from referee.rulesets.bos.rules import exposure
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, PROTESTER, TYPES
from referee.text import plural

CORE = "downtown-core"  # the feature of a Downtown Core area (a hexagon, 2.2); its Exposure Value is its `value`
YAHOO = -1  # Protester, per Yahoo unit on the map
NO_CROWDS = 10  # Authority, no Protester Crowd on the map (day turns only)
NO_PROTESTERS = 20  # Authority, no Protester unit at all on the map (instead of the +10)
SPD_PER_POINT = 5  # -1 Authority for every five SPD units on the map, fractions rounded up


def exposure_values(board: Board) -> dict[str, int]:
    """Each Downtown Core area's Exposure Value (2.2)."""
    return {node.id: node.value for node in board.nodes.values() if CORE in node.features}


def lines(board: Board, protesters: Mapping[str, Iterable[str]], spd: int, night: bool) -> list[exposure.Points]:
    """The chart's turn-end lines that apply, one each: `protesters` gives the types of the Protester units
    standing in each area, `spd` the SPD units on the map (not those in the Reserve Pool)."""
    held = {area: tuple(types) for area, types in protesters.items()}
    values = exposure_values(board)
    everyone = [TYPES[kind] for types in held.values() for kind in types]
    points = [exposure.Points(PROTESTER, f"{area}, Exposure Value", value) for area, value in values.items() if held.get(area)]
    yahoos = sum(kind.name == "yahoo" for kind in everyone)
    if yahoos:
        points.append(exposure.Points(PROTESTER, f"{plural(yahoos, 'Yahoo unit')} on the map", YAHOO * yahoos))
    if spd:  # -1 per five, a part of five counting whole
        points.append(exposure.Points(AUTHORITY, f"{plural(spd, 'SPD unit')} on the map", (-spd) // SPD_PER_POINT))
    if not everyone:
        points.append(exposure.Points(AUTHORITY, "no Protester unit on the map", NO_PROTESTERS))
    elif not night and all(kind.kind != CROWD for kind in everyone):
        points.append(exposure.Points(AUTHORITY, "no Protester Crowd on the map (day turn)", NO_CROWDS))
    return points


def changes(board: Board, protesters: Mapping[str, Iterable[str]], spd: int, night: bool) -> dict[str, int]:
    """Each side's turn-end change: the sum of its lines."""
    return exposure.net(lines(board, protesters, spd, night))


def turn_end(ei: dict[str, int], board: Board, protesters: Mapping[str, Iterable[str]], spd: int,
             night: bool) -> dict[str, int]:
    """The indices after the Turn End Phase: its changes applied at once, no index below zero (2.3)."""
    return exposure.settle(ei, changes(board, protesters, spd, night))
