"""The shape of the RL State Chart of Wallman's crowd rules, the table every game of crowd moods reads (Wallman's
riots, N30's `crowd_mood`), and its checks: the `[rl]` of the scenario's file `tables`
(`scenarios/wallman/board/tables.toml`), whose other tables are the Wallman rules' own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

from pydantic import BaseModel, ConfigDict, Field

from referee.scenario.catalog import modelled
from referee.scenario.toml_lines import FaultAt

#: where a chart's problem is, in the file, and what it is
Problem = tuple[tuple, str]


class Strict(BaseModel):
    """A table of the file: unknown keys refused, nothing converted, nothing changed once read."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Modifier(Strict):
    """One factor of a chart: its value, the heading it sits under, and whether it was reconstructed."""

    value: int
    label: str
    group: str = ""
    reconstructed: bool = False
    note: str = ""


class Row(Strict):
    """One row of a banded table: it applies to scores up to `upto` (the last row: all above)."""

    upto: int | None = None
    text: str
    reconstructed: bool = False


class ChangeRow(Row):
    """A row that moves the crowd's RL by `change` (and sets it running)."""

    change: int
    running: bool = False


class Level(Strict):
    """What a Response Level brings: its name, the words players hear, and what the crowd does."""

    rl: int
    name: str
    words: str
    behaviour: str
    move: str = Field(pattern=r"^\d+d\d+$")
    toward: str
    negotiable: bool = False
    missiles: bool = False
    damage: bool = False
    loot: bool = False
    fights: bool = False
    petrol_bombs: bool = False


class Look(Row):
    """What players see of crowds at the levels of one row (option mood_shown = behaviour): a name and `text`."""

    name: str


class Looks(Strict):
    """How crowds look to players under mood_shown = behaviour: banded rows over the levels, with the reading."""

    note: str = ""
    rows: list[Look]


class Table(Strict):
    """What every table of the file has: the section of the text it reads, its die, and whether it was rebuilt."""

    section: str
    die: int = Field(6, gt=1)
    reconstructed: bool = False
    note: str = ""


class RLTable(Table):
    """The RL State Chart: its factors, the change of each band of scores, the levels, how they look to players."""

    modifiers: dict[str, Modifier]
    changes: list[ChangeRow]
    levels: list[Level]
    looks: Looks | None = None  # tables stored in sessions from before option mood_shown have none


def check(data: dict) -> RLTable:
    """The RL State Chart of a tables file's data (or of a session's copy), checked: a FaultAt names the place of its
    first fault. The file's other tables are left to the rules that read them."""
    if "rl" not in data:
        raise FaultAt((), "no [rl] table (the RL State Chart)")
    chart = modelled(RLTable, data["rl"], ("rl",))
    for loc, problem in problems(chart):
        raise FaultAt(("rl", *loc), problem)
    return chart


def problems(chart: RLTable) -> Iterator[Problem]:
    """Where the chart contradicts itself: bands out of order, levels missing or out of order, looks taking no
    level."""
    yield from band_problems(("changes",), chart.changes)
    looks = chart.looks.rows if chart.looks else []
    if looks:
        yield from band_problems(("looks", "rows"), looks)
    levels = [level.rl for level in chart.levels]
    for i, rl in enumerate(levels):
        if rl != i + 1:
            yield ("levels", i, "rl"), f"levels must run 1, 2, 3, ... in order, got {levels}"
    if len(levels) < 2:
        yield ("levels",), "the chart needs two levels or more"
    for i, look in enumerate(looks[:-1]):
        if look.upto is not None and not 1 <= look.upto < len(levels):
            yield ("looks", "rows", i, "upto"), f"each look must take at least one of the levels 1-{len(levels)}"


def band_problems(loc: tuple, rows: Sequence[Row]) -> Iterator[Problem]:
    """Where a banded table's rows are out of order, or its last row does not take every higher score."""
    if not rows:
        yield loc, "the table has no rows"
        return
    for i, (row, after) in enumerate(pairwise(rows)):
        if row.upto is None:
            yield loc + (i, "upto"), "only the last row may leave out `upto`"
        elif after.upto is not None and after.upto <= row.upto:
            yield loc + (i + 1, "upto"), f"`upto` must rise from row to row ({after.upto} after {row.upto})"
    if rows[-1].upto is not None:
        yield loc + (len(rows) - 1,), "the last row takes every higher score: leave out its `upto`"
