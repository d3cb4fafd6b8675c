"""What a conflict is worth on average: the points each side may score and the levels each may lose, read off
the Conflict Resolution Tables (HOW TO RESOLVE CONFLICT 5-8) for a column and a box's code."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rulesets.chicago.rules import tables
from referee.rulesets.chicago.rules.conflict import FORCED_AT, Box
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

LEVEL = 0.4  # the points a platoon or group gone down one level is worth to the other side


@dataclass(frozen=True)
class Column:
    """One column of a table: the share of the rolls each side wins, and the share of each side's force that
    goes down a level on average."""

    wins: dict[str, float]
    hurt: dict[str, float]


def columns(read: dict[str, tables.Table]) -> dict[str, tuple[Column, ...]]:
    """Every column of both tables, by table."""
    return {name: tuple(_column(table, index) for index in range(len(table.columns))) for name, table in read.items()}


def _column(table: tables.Table, index: int) -> Column:
    wins, hurt = {POLICE: 0.0, DEMONSTRATORS: 0.0}, {POLICE: 0.0, DEMONSTRATORS: 0.0}
    for row in table.rows:
        cell = row[index]
        if cell.winner is not None:
            wins[cell.winner] += 1 / 6
        if cell.affected is not None and cell.fraction is not None:
            hurt[cell.affected] += 1 / 6 / cell.fraction
    return Column(wins, hurt)


def column(read: dict[str, tuple[Column, ...]], table: str, ratio: int) -> Column:
    """The column of a table (`read`: every table's `columns`) a whole ratio n:1 is read on (the last beyond it)."""
    found = read[table]
    return found[min(ratio, len(found)) - 1]


def gain(side: str, read: dict[str, tuple[Column, ...]], table: str, attack: int, defend: int, box: Box,
         forces: dict[str, int], forced: bool = False) -> float:
    """The points `side` attacking at `attack`:`defend` on a table (`read`: every table's `columns`) gains on
    average, less what the other side gains, levels lost counted at LEVEL a platoon or group (`forces`: how many
    of each side's take part); -inf below 1:1."""
    if defend <= 0 or attack < defend:
        return float("-inf")
    ratio = attack // defend
    if side == POLICE:
        ratio = min(ratio, 4)
    value = _value(side, column(read, table, ratio), box, forces)
    if forced and ratio >= FORCED_AT:
        value += _value(side, column(read, tables.ASSAULT, 1), box, forces)
    return value


def _value(side: str, read: Column, box: Box, forces: dict[str, int]) -> float:
    them = DEMONSTRATORS if side == POLICE else POLICE
    return (read.wins[side] * box.points(side) - read.wins[them] * box.points(them)
            + LEVEL * (read.hurt[them] * max(1, forces[them]) - read.hurt[side] * max(1, forces[side])))
