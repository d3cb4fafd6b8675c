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
    goes down a level on average (up counted against it)."""

    wins: dict[str, float]
    hurt: dict[str, float]


Columns = dict[tuple[str, str], tuple[Column, ...]]  # by table and the side attacking on it


def columns(read: dict[str, tables.Table]) -> Columns:
    """Every column of both tables, by table and the side reading it."""
    return {(name, side): tuple(_column(rows, index) for index in range(len(rows[0])))
            for name, table in read.items() for side, rows in table.rows.items()}


def _column(rows: tuple[tuple[tables.Result, ...], ...], index: int) -> Column:
    wins, hurt = {POLICE: 0.0, DEMONSTRATORS: 0.0}, {POLICE: 0.0, DEMONSTRATORS: 0.0}
    for row in rows:
        cell = row[index]
        if cell.winner is not None:
            wins[cell.winner] += 1 / 6
        if cell.affected is not None and cell.fraction is not None:
            hurt[cell.affected] += (-1 if cell.up else 1) / 6 / cell.fraction
    return Column(wins, hurt)


def column(read: Columns, table: str, side: str, ratio: int) -> Column:
    """The column of a table (`read`: every table's `columns`) `side` attacking at a whole ratio n:1 reads (its
    last beyond it)."""
    found = read[(table, side)]
    return found[min(ratio, len(found)) - 1]


def gain(side: str, read: Columns, table: str, attack: int, defend: int, box: Box, forces: dict[str, int],
         forced: bool = False) -> float:
    """The points `side` attacking at `attack`:`defend` on a table (`read`: every table's `columns`) gains on
    average, less what the other side gains, levels lost counted at LEVEL a platoon or group (`forces`: how many
    of each side's take part); -inf below 1:1."""
    if defend <= 0 or attack < defend:
        return float("-inf")
    ratio = attack // defend
    value = _value(side, column(read, table, side, ratio), box, forces)
    if forced and ratio >= FORCED_AT:
        value += _value(side, column(read, tables.ASSAULT, POLICE, 1), box, forces)
    return value


def _value(side: str, read: Column, box: Box, forces: dict[str, int]) -> float:
    them = DEMONSTRATORS if side == POLICE else POLICE
    return (read.wins[side] * box.points(side) - read.wins[them] * box.points(them)
            + LEVEL * (read.hurt[them] * max(1, forces[them]) - read.hurt[side] * max(1, forces[side])))
