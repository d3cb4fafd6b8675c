"""The crowd's Response Level (RL) of Wallman's crowd rules: the RL state chart roll, and what each level brings.
Shared by the games that give crowds a mood (Wallman's riots, N30's `crowd_mood`), from the RL State Chart of the
scenario's file `tables` (its shape: `referee.rules.mood_chart`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError
from referee.rules.charts import factor_lines, factors, row_for

if TYPE_CHECKING:
    from referee.rules.mood_chart import Level, Look, RLTable
    from referee.scenario.catalog import Scenario

TABLES = "tables"  # the scenario's file (one of its `files`) that holds the chart, as its `[rl]`
Read = TypeVar("Read")


def read_tables(scenario: Scenario, read: Callable[[dict], Read]) -> Read:
    """The scenario's tables as `read` makes them of their data, read once; a scenario that names none is refused."""
    found = scenario.file(TABLES, read)
    if found is None:
        raise RefereeError(f"{scenario.id} names no tables: crowd moods need `files = {{ {TABLES} = ... }}`")
    return found


def chart(scenario: Scenario) -> RLTable:
    """The RL State Chart of the scenario's tables."""
    from referee.rules.mood_chart import check

    return read_tables(scenario, check)


@dataclass(frozen=True)
class RLRoll:
    """One roll on the RL state chart: the die, each factor's worth, the score and the new level."""

    was: int
    roll: int
    modifiers: dict[str, int]
    score: int
    change: int
    rl: int
    running: bool
    text: str


def level(chart: RLTable, rl: object) -> Level:
    """What a Response Level means; an RL off the chart is refused."""
    levels = chart.levels
    if not isinstance(rl, int) or isinstance(rl, bool) or not 1 <= rl <= len(levels):
        raise RefereeError(f"{chart.section}: an RL runs from 1 to {len(levels)}, got {rl!r}")
    return levels[rl - 1]


def looks(chart: RLTable, rl: int) -> Look:
    """What players see of a crowd at `rl` under mood_shown = behaviour: its level's row of the looks."""
    level(chart, rl)
    if chart.looks is None:
        raise RefereeError(f"{chart.section}: these tables have no looks (rl.looks) to show crowds by behaviour")
    return row_for(chart.looks.rows, rl)


def roll_rl(chart: RLTable, rl: int, counts: dict[str, int], dice: Dice) -> RLRoll:
    """Roll 1d6 for a crowd, add every factor times its count, and move its RL by the chart (within 1..8)."""
    level(chart, rl)
    worth = factors(chart.modifiers, counts, chart.section)
    roll = dice.roll("RL state chart", chart.die).value
    score = roll + sum(worth.values())
    row = row_for(chart.changes, score)
    new = min(max(rl + row.change, 1), len(chart.levels))
    return RLRoll(rl, roll, worth, score, new - rl, new, row.running, row.text)


def score_lines(chart: RLTable, result: RLRoll, counts: dict[str, int]) -> list[dict]:
    """The score read on the RL State Chart, a line each: the die, then each factor in the chart's words (times its
    count) and its worth; the lines add up to the score."""
    return [item("die", result.roll, chart.section),
            *factor_lines(chart.modifiers, counts, result.modifiers, chart.section)]
