"""A crowd's Response Level moved by a chart, itemized: the RL State Chart's roll, and the steps from any chart's
score (the RL State Chart's, a negotiation's) to the new RL."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.rules.charts import band, row_for
from referee.rules.moods import RLRoll, roll_rl, score_lines

if TYPE_CHECKING:
    from referee.rules.mood_chart import Row
    from referee.rulesets.wallman.tables import Tables


def rl_items(tables: Tables, rows: Sequence[Row], section: str, was: int, scored: list[dict[str, Any]],
             score: int, change: int, new: int, running: bool = False) -> list[dict[str, Any]]:
    """A chart's reading from the RL before to the RL after: the lines `scored` (the die and each factor, which add
    up to the score), the score, the row it falls in with its change, the RL's bound (1 to 8) where the change would
    pass it."""
    rl = tables.rl.section
    lines = [item("RL before", f"= {was}", rl), *scored, item("score", f"= {score}", section),
             item(f"score {band(rows, score)}:", f"RL {change:+d}" + (", runs" if running else ""), section)]
    if new != was + change:
        lines.append(item(f"RL {was} {change:+d} is off the chart (1 to {len(tables.rl.levels)}):", f"stops at {new}", rl))
    return [*lines, item("RL after", f"= {new}", rl)]


def chart_roll(tables: Tables, rl: int, counts: dict[str, int], dice: Dice) -> tuple[RLRoll, list[dict[str, Any]]]:
    """A crowd's roll on the RL State Chart, with its lines (`rl_items`)."""
    chart = tables.rl
    result = roll_rl(chart, rl, counts, dice)
    change = row_for(chart.changes, result.score).change
    return result, rl_items(tables, chart.changes, chart.section, result.was, score_lines(chart, result, counts),
                            result.score, change, result.rl, result.running)
