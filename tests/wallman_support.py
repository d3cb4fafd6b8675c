"""Shared by the Wallman tests: the bundled tables, and dice typed in as at the table."""

from __future__ import annotations

from referee.core.dice import TableDice
from referee.rulesets.wallman.tables import load_tables

TABLES = load_tables()


def dice(*faces: int) -> TableDice:
    """Dice as typed in at the table, in order."""
    return TableDice(list(faces))
