"""A chart's lines as the log itemizes them: each factor by the chart's own words, and the row a score falls in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from referee.core.events import item
from referee.rules.charts import row_for

if TYPE_CHECKING:
    from referee.scenario.wallman_tables import Modifier, Row


def factor_lines(known: dict[str, Modifier], counts: dict[str, int], worth: dict[str, int], section: str,
                 who: str = "") -> list[dict[str, Any]]:
    """A line for each factor that counted (`worth`, as the chart's factors gave it): the chart's words, its count
    where it counts more than once, its worth; `who` names the figure where a line is one of two sides'."""
    return [item(f"{who}{known[name].label}" + (f" ×{counts[name]}" if counts.get(name, 1) > 1 else ""), value, section)
            for name, value in worth.items()]


def band(rows: Sequence[Row], score: int) -> str:
    """The scores of the row a score falls in, as the table prints them: "5 to 6", "-3 or less", "9 or more"."""
    found = row_for(rows, score)
    at = next(i for i, row in enumerate(rows) if row is found)
    low = None if at == 0 else rows[at - 1].upto
    if low is None and found.upto is None:
        return "any score"
    if low is None:
        return f"{found.upto} or less"
    if found.upto is None:
        return f"{low + 1} or more"
    return str(found.upto) if found.upto == low + 1 else f"{low + 1} to {found.upto}"
