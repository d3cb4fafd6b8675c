"""The Combat Results Table (6.1, 6.3): a column by the sum of attacking Combat Factors, a row by 1d6."""

from __future__ import annotations

N, MC, A, X = "N", "MC", "A", "X"  # no effect, morale check, arrest, dispersal (6.3)

#: (heading, lowest total, highest total or None for no limit), left to right
COLUMNS = (("1", 1, 1), ("2-3", 2, 3), ("4-6", 4, 6), ("7-10", 7, 10), ("11-15", 11, 15), ("16+", 16, None))

#: the results of die rolls 1 to 6, one row each, one entry per column
ROWS = (
    (N, N, N, N, N, MC),
    (N, N, N, N, MC, MC),
    (N, N, MC, MC, MC, A),
    (N, MC, MC, MC, A, A),
    (MC, MC, A, A, A, X),
    (MC, A, A, X, X, X),
)


def _column(cf: int) -> int:
    return next(i for i, (_, low, high) in enumerate(COLUMNS) if low <= cf and (high is None or cf <= high))


_OPEN = COLUMNS[-1][1]  # the lowest total of the last column, which has no limit
_BY_TOTAL = tuple(_column(cf) for cf in range(1, _OPEN + 1))


def column(cf: int) -> int:
    """The index of the column a total of adjusted Combat Factors falls in (a total is at least 1)."""
    return _BY_TOTAL[min(cf, _OPEN) - 1]


def printed(cf: int, roll: int) -> str:
    """The result the table prints at this total and roll."""
    return ROWS[roll - 1][column(cf)]


def result(cf: int, roll: int, stage: int) -> str:
    """The table's result; at Stage One escalation an X reads as A (6.3, 7.3)."""
    found = printed(cf, roll)
    return A if found == X and stage == 1 else found
