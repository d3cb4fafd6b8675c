"""Medical services: the paramedic's triage roll when a medic reaches a body."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.dice import Dice
from referee.rules.charts import row_for

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables, TriageRow


def triage(tables: Tables, dice: Dice) -> tuple[int, TriageRow]:
    """Roll 1d6 for the triage assessment: the die and what it means for the casualty."""
    roll = dice.roll("triage", tables.triage.die).value
    return roll, row_for(tables.triage.table, roll)
