"""A side's reference card: the game's public tables and its sequence of play, each citing its rule section, with
the cells that apply to the player now marked.

A ruleset's `card` builds one from a PlayerView and the sheet's words alone (never the umpire's state): what the
player's own rules give him, nothing the rules keep from him.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

GRID_CELL = 6  # the longest cell of a chart: "+1d6", "MC"


class Words(Protocol):
    """The sheet's words in its language (referee.briefing.i18n.Strings): `t(key, **values)`, `t.word(kind, id)`,
    `t.place(node)`."""

    def __call__(self, key: str, **values: object) -> str: ...

    def word(self, kind: str, value: str) -> str: ...

    def place(self, node: str) -> str: ...

    def counter(self, unit: Any) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its title, the rule section it is read from, its headings and rows (a row's first cell heads
    it), the (row, column) cells that apply to the player now and the columns whose heading does (a column read
    by his odds or his index), and notes under it (why a cell is marked first)."""

    title: str
    section: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: frozenset[tuple[int, int]] = frozenset()
    notes: tuple[str, ...] = ()
    columns: frozenset[int] = frozenset()

    def is_marked(self, row: int, column: int) -> bool:
        return (row, column) in self.marked

    @property
    def grid(self) -> bool:
        """Whether it is a grid of short codes and numbers under its row headings (a chart), not lines of words."""
        return all(len(cell) <= GRID_CELL for row in self.rows for cell in row[1:])


@dataclass(frozen=True, slots=True)
class Card:
    """A side's reference card: a title, its tables in the order of play, and notes on the whole card (where a
    table is a reconstruction, its source)."""

    title: str
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = ()


def row_cells(row: int, columns: Iterable[int]) -> frozenset[tuple[int, int]]:
    """The cells of `columns` in one row."""
    return frozenset((row, column) for column in columns)


def column_cells(column: int, rows: Iterable[int]) -> frozenset[tuple[int, int]]:
    """The cells of `rows` in one column."""
    return frozenset((row, column) for row in rows)
