"""The shape of Wallman's tables file (`scenarios/wallman/board/tables.toml`), and loading it.

The rules in `referee/rulesets/wallman/rules/` read these models as they are: one definition of each table.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from referee.paths import data_dir
from referee.scenario.toml_lines import DataError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Modifier(_Strict):
    """One factor of a chart: its value, the heading it sits under, and whether it was reconstructed."""

    value: int
    label: str
    group: str = ""
    reconstructed: bool = False
    note: str = ""


class Row(_Strict):
    """One row of a banded table: it applies to scores up to `upto` (the last row: all above)."""

    upto: int | None = None
    text: str
    reconstructed: bool = False


class ChangeRow(Row):
    change: int
    running: bool = False


class ResultRow(Row):
    result: str
    arrest: str | None = None


class TriageRow(ResultRow):
    patch_turns: int = Field(ge=0)
    walks: bool = False
    stretcher: bool = False


class Level(_Strict):
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


class Looks(_Strict):
    """How crowds look to players under mood_shown = behaviour: banded rows over the levels, with the reading."""

    note: str = ""
    rows: list[Look]


class _Table(_Strict):
    section: str
    die: int = Field(6, gt=1)
    reconstructed: bool = False
    note: str = ""


class RLTable(_Table):
    modifiers: dict[str, Modifier]
    changes: list[ChangeRow]
    levels: list[Level]
    looks: Looks | None = None  # tables stored in sessions from before option mood_shown have none


class FightResults(_Strict):
    reconstructed: bool = False
    note: str = ""
    rows: list[ResultRow]


class FightTable(_Table):
    exclusive: list[str] = []
    modifiers: dict[str, Modifier]
    table: FightResults


class NegotiationTable(_Table):
    levels: list[int]
    voice: int = Field(gt=0)
    megaphone: int = Field(gt=0)
    discretion: int = Field(ge=0)
    modifiers: dict[str, Modifier]
    table: list[ChangeRow]


class OverreactionTable(_Table):
    open_fire: int = Field(ge=0)
    armed: list[str]
    types: dict[str, int]
    modifiers: dict[str, Modifier]
    table: list[ResultRow]


class FirearmsTable(_Table):
    automatic_dice: int = Field(gt=0)
    long_range: int = Field(ge=0)
    long_range_inches: int = Field(gt=0)
    to_hit: dict[str, int]
    wounds: list[ResultRow]


class TriageTable(_Table):
    table: list[TriageRow]


class FiresTable(_Table):
    engine_die: int = Field(gt=1)
    hose_crew: int = Field(gt=0)
    water_turns: int = Field(ge=0)
    hydrant_turns: int = Field(ge=0)
    immune_up_to: int = Field(ge=0)
    petrol_bomb_from: int = Field(gt=0)


class PetrolBombTable(_Table):
    hit_on: int = Field(gt=0)
    every: int = Field(4, gt=0)  # a crowd throws them once every `every` turns (Supplies and Ammunition)


class PropertyTable(_Table):
    figures_per_die: int = Field(gt=0)
    break_in: int = Field(gt=0)
    wreck_fire: int = Field(ge=0)


class LootingTable(_Table):
    loot_share: int = Field(ge=0, le=100)
    loot_min: int = Field(ge=0)
    loot_max: int = Field(ge=0)
    car: int = Field(ge=0)
    van: int = Field(ge=0)
    escape: str = Field(pattern=r"^\d+d\d+$")


class SniperTable(_Table):
    hit_on: int = Field(gt=0)
    spot_on: int = Field(gt=0)
    swat_hit_from: int = Field(gt=0)


class Tables(_Strict):
    """Every table of the umpire's rules."""

    id: str
    title: str
    rl: RLTable
    fight: FightTable
    negotiation: NegotiationTable
    overreaction: OverreactionTable
    firearms: FirearmsTable
    triage: TriageTable
    fires: FiresTable
    petrol_bomb: PetrolBombTable
    property: PropertyTable
    looting: LootingTable
    sniper: SniperTable


DEFAULT = "wallman/board/tables.toml"


@functools.cache
def load_tables(path: Path | None = None) -> Tables:
    """The tables in a file (by default the bundled ones), shape and consistency checked."""
    from referee.scenario.catalog import validated

    path = (path or data_dir("scenarios") / DEFAULT).resolve()
    tables, text = validated(path, Tables)
    for loc, problem in _problems(tables):
        raise DataError(path, text, loc, problem)
    return tables


def _problems(t: Tables):
    """Where the tables contradict themselves: bands out of order, levels missing, unknown names."""
    bands: dict[tuple[str, ...], Sequence[Row]] = {
        ("rl", "changes"): t.rl.changes,
        ("fight", "table", "rows"): t.fight.table.rows,
        ("negotiation", "table"): t.negotiation.table,
        ("overreaction", "table"): t.overreaction.table,
        ("firearms", "wounds"): t.firearms.wounds,
        ("triage", "table"): t.triage.table,
    }
    looks = t.rl.looks.rows if t.rl.looks else []
    if looks:
        bands[("rl", "looks", "rows")] = looks
    for loc, rows in bands.items():
        yield from _band_problems(loc, rows)
    levels = [level.rl for level in t.rl.levels]
    for i, rl in enumerate(levels):
        if rl != i + 1:
            yield ("rl", "levels", i, "rl"), f"levels must run 1, 2, 3, ... in order, got {levels}"
    if len(levels) < 2:
        yield ("rl", "levels"), "the chart needs two levels or more"
    for i, look in enumerate(looks[:-1]):
        if look.upto is not None and not 1 <= look.upto < len(levels):
            yield ("rl", "looks", "rows", i, "upto"), f"each look must take at least one of the levels 1-{len(levels)}"
    for i, level in enumerate(t.negotiation.levels):
        if level not in levels:
            yield ("negotiation", "levels", i), f"no RL {level}"
    groups = {m.group for m in t.fight.modifiers.values()}
    for i, group in enumerate(t.fight.exclusive):
        if group not in groups:
            yield ("fight", "exclusive", i), f"no fight modifier has the group {group!r}"
    for i, kind in enumerate(t.overreaction.armed):
        if kind not in t.overreaction.types:
            yield ("overreaction", "armed", i), f"unknown unit type {kind!r}"


def _band_problems(loc: tuple, rows: Sequence[Row]):
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
