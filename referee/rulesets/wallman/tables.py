"""The shape of Wallman's tables file (`scenarios/wallman/board/tables.toml`), checking it and loading it.

A scenario names it among its `files` as `tables` (the plug-in declaration's check runs as it loads), so a session
keeps the tables it began with. Its RL State Chart is the one N30's `crowd_mood` reads too (`referee.rules.mood_chart`);
the rest is Wallman's own. The rules in `referee/rulesets/wallman/rules/` read these models as they are: one
definition of each table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from pathlib import Path

from pydantic import Field

from referee.paths import data_dir
from referee.rules import mood_chart
from referee.rules.mood_chart import ChangeRow, Modifier, Problem, RLTable, Row, Strict, Table, band_problems
from referee.scenario.catalog import modelled
from referee.scenario.toml_lines import FaultAt, checked

FILE = data_dir("scenarios") / "wallman" / "board" / "tables.toml"


class ResultRow(Row):
    result: str
    arrest: str | None = None


class TriageRow(ResultRow):
    patch_turns: int = Field(ge=0)
    walks: bool = False
    stretcher: bool = False


class FightResults(Strict):
    reconstructed: bool = False
    note: str = ""
    rows: list[ResultRow]


class FightTable(Table):
    exclusive: list[str] = []
    modifiers: dict[str, Modifier]
    table: FightResults


class NegotiationTable(Table):
    levels: list[int]
    voice: int = Field(gt=0)
    megaphone: int = Field(gt=0)
    discretion: int = Field(ge=0)
    modifiers: dict[str, Modifier]
    table: list[ChangeRow]


class OverreactionTable(Table):
    open_fire: int = Field(ge=0)
    armed: list[str]
    types: dict[str, int]
    modifiers: dict[str, Modifier]
    table: list[ResultRow]


class FirearmsTable(Table):
    automatic_dice: int = Field(gt=0)
    long_range: int = Field(ge=0)
    long_range_inches: int = Field(gt=0)
    to_hit: dict[str, int]
    wounds: list[ResultRow]


class TriageTable(Table):
    table: list[TriageRow]


class FiresTable(Table):
    engine_die: int = Field(gt=1)
    hose_crew: int = Field(gt=0)
    water_turns: int = Field(ge=0)
    hydrant_turns: int = Field(ge=0)
    immune_up_to: int = Field(ge=0)
    petrol_bomb_from: int = Field(gt=0)


class PetrolBombTable(Table):
    hit_on: int = Field(gt=0)
    every: int = Field(4, gt=0)  # a crowd throws them once every `every` turns (Supplies and Ammunition)


class PropertyTable(Table):
    figures_per_die: int = Field(gt=0)
    break_in: int = Field(gt=0)
    wreck_fire: int = Field(ge=0)


class LootingTable(Table):
    loot_share: int = Field(ge=0, le=100)
    loot_min: int = Field(ge=0)
    loot_max: int = Field(ge=0)
    car: int = Field(ge=0)
    van: int = Field(ge=0)
    escape: str = Field(pattern=r"^\d+d\d+$")


class SniperTable(Table):
    hit_on: int = Field(gt=0)
    spot_on: int = Field(gt=0)
    swat_hit_from: int = Field(gt=0)


class Tables(Strict):
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


def check(data: dict) -> Tables:
    """Every table of a file's data (or of a session's copy, as sessions kept them before tables were a scenario's
    `files`: the same tables, every default written out), checked: a FaultAt names the place of the first fault."""
    tables = modelled(Tables, data)
    for loc, problem in _problems(tables):
        raise FaultAt(loc, problem)
    return tables


@functools.cache
def load_tables(path: Path = FILE) -> Tables:
    """The tables in a file (by default the bundled ones), checked; a fault is named with the file and its line."""
    return checked(path.resolve(), check)[0]


def _problems(t: Tables) -> Iterator[Problem]:
    """Where the tables contradict themselves: the RL State Chart's faults, bands out of order, unknown levels,
    groups or unit types."""
    for loc, problem in mood_chart.problems(t.rl):
        yield ("rl", *loc), problem
    bands: dict[tuple[str, ...], Sequence[Row]] = {
        ("fight", "table", "rows"): t.fight.table.rows,
        ("negotiation", "table"): t.negotiation.table,
        ("overreaction", "table"): t.overreaction.table,
        ("firearms", "wounds"): t.firearms.wounds,
        ("triage", "table"): t.triage.table,
    }
    for loc, rows in bands.items():
        yield from band_problems(loc, rows)
    levels = [level.rl for level in t.rl.levels]
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
