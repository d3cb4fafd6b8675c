"""The crowd's Response Level (RL) of Wallman's crowd rules: the RL state chart roll, and what each level brings.
Shared by the games that give crowds a mood (Wallman's riots, N30's `crowd_mood`), from the scenario's tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.core.dice import Dice
from referee.core.engine import Context
from referee.core.events import item
from referee.errors import RefereeError
from referee.rules.charts import factor_lines, factors, row_for

if TYPE_CHECKING:
    from referee.scenario.wallman_tables import Level, Look, Tables


def tables(ctx: Context) -> Tables:
    """The scenario's tables (a Wallman scenario must name them)."""
    if ctx.scenario.tables is None:
        raise RefereeError(f"{ctx.scenario.id} names no tables: a Wallman scenario needs `tables = ...`")
    return ctx.scenario.tables


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


def level(tables: Tables, rl: object) -> Level:
    """What a Response Level means; an RL off the chart is refused."""
    levels = tables.rl.levels
    if not isinstance(rl, int) or isinstance(rl, bool) or not 1 <= rl <= len(levels):
        raise RefereeError(f"{tables.rl.section}: an RL runs from 1 to {len(levels)}, got {rl!r}")
    return levels[rl - 1]


def looks(tables: Tables, rl: int) -> Look:
    """What players see of a crowd at `rl` under mood_shown = behaviour: its level's row of the looks."""
    level(tables, rl)
    if tables.rl.looks is None:
        raise RefereeError(f"{tables.rl.section}: these tables have no looks (rl.looks) to show crowds by behaviour")
    return row_for(tables.rl.looks.rows, rl)


def roll_rl(tables: Tables, rl: int, counts: dict[str, int], dice: Dice) -> RLRoll:
    """Roll 1d6 for a crowd, add every factor times its count, and move its RL by the chart (within 1..8)."""
    level(tables, rl)
    worth = factors(tables.rl.modifiers, counts, tables.rl.section)
    roll = dice.roll("RL state chart", tables.rl.die).value
    score = roll + sum(worth.values())
    row = row_for(tables.rl.changes, score)
    new = min(max(rl + row.change, 1), len(tables.rl.levels))
    return RLRoll(rl, roll, worth, score, new - rl, new, row.running, row.text)


def score_lines(tables: Tables, result: RLRoll, counts: dict[str, int]) -> list[dict]:
    """The score read on the RL State Chart, a line each: the die, then each factor in the chart's words (times its
    count) and its worth; the lines add up to the score."""
    chart = tables.rl
    return [item("die", result.roll, chart.section),
            *factor_lines(chart.modifiers, counts, result.modifiers, chart.section)]
