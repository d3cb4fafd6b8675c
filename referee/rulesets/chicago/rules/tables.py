"""The HARASS and ASSAULT Conflict Resolution Tables (HOW TO RESOLVE CONFLICT 6-8), from
`scenarios/chicago/board/tables.toml`: reconstructed data the umpire may edit, checked as it is read. A scenario
carries them as its file `conflict_tables`, so a session keeps the tables it began with.

Each side that may use a table reads its own columns of it, by its own odds: the police HARASS and ASSAULT at 1:1
to 4:1 (8), the demonstrators HARASS only (6), to higher odds. Every row is monotone: for each die roll, a higher
column is never worse for the side attacking (RULINGS.md, "Chicago-Chicago: the tables, reconstructed").
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from referee.bounds import shown
from referee.errors import RefereeError
from referee.paths import data_dir
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from referee.scenario.toml_lines import DataError, FaultAt

if TYPE_CHECKING:
    from referee.scenario.catalog import Scenario

HARASS, ASSAULT = "harass", "assault"
NAMES = (HARASS, ASSAULT)
READERS = {HARASS: (POLICE, DEMONSTRATORS), ASSAULT: (POLICE,)}  # who may use each table (6)
POLICE_COLUMNS = 4  # 8: police attacks above 4:1 are 4:1
FILE = data_dir("scenarios") / "chicago" / "board" / "tables.toml"
SOURCE = "conflict_tables"  # the scenario's name for them (its `files`)
SIDE = {"P": POLICE, "D": DEMONSTRATORS}
CODE = re.compile(r"([PD])([PD])([23])(\+?)")
NO_EFFECT = "-"
UP = "+"  # after a code: the affected units go up a level instead of down


@dataclass(frozen=True)
class Result:
    """One cell: the code as printed, the side that wins (and scores), the side whose units change level, the
    fraction of them (3: a third, 2: a half) and whether they go up (else down); None for "-"."""

    code: str
    winner: str | None = None
    affected: str | None = None
    fraction: int | None = None
    up: bool = False


@dataclass(frozen=True)
class Table:
    """One table: for each side that may use it, a row of results per die roll 1-6, its columns 1:1, 2:1, ...
    left to right."""

    name: str
    rows: dict[str, tuple[tuple[Result, ...], ...]]

    def columns(self, side: str) -> int:
        """How many columns `side` reads: its last is that many to one."""
        return len(self.rows[side][0])

    def column(self, side: str, ratio: int) -> int:
        """The column `side` reads at `ratio`:1: that one, or its last beyond it."""
        return min(ratio, self.columns(side))

    def result(self, side: str, ratio: int, roll: int) -> Result:
        """The result of `side` attacking at `ratio`:1 (read on its last column beyond it) with a die `roll`."""
        return self.rows[side][roll - 1][self.column(side, ratio) - 1]


def parse(code: object) -> Result | None:
    """A cell's code read, or None if it is not one."""
    if code == NO_EFFECT:
        return Result(NO_EFFECT)
    found = CODE.fullmatch(code) if isinstance(code, str) else None
    if found is None:
        return None
    winner, affected, fraction, up = found.groups()
    return Result(found.group(), SIDE[winner], SIDE[affected], int(fraction), up == UP)


def worth(result: Result, side: str) -> tuple[int, int]:
    """What a result is worth to `side`, to be compared: first who scores (1 `side`, 0 nobody, -1 the other:
    the Exposure Index decides the game, HOW TO "WIN"), then the levels, in sixths of a force: the other side's
    units lowered and one's own raised count for it, one's own lowered and the other's raised against it."""
    if result.winner is None or result.fraction is None:
        return 0, 0
    levels = 6 // result.fraction * (1 if (result.affected == side) == result.up else -1)
    return (1 if result.winner == side else -1), levels


def _grid(spec: object, at: tuple, most: int | None) -> tuple[tuple[Result, ...], ...]:
    if not isinstance(spec, dict) or set(spec) != {"columns", "rows"}:
        raise FaultAt(at, "must hold `columns` and `rows`, and nothing else")
    columns = spec["columns"]
    if not isinstance(columns, list) or not columns or columns != [f"{n}:1" for n in range(1, len(columns) + 1)]:
        raise FaultAt((*at, "columns"), f"columns must run from 1:1 up by one (1:1, 2:1, ...), got {shown(columns)}")
    if most is not None and len(columns) > most:
        raise FaultAt((*at, "columns"), f"the police's columns stop at {most}:1: police attacks above it are {most}:1 "
                                        "(HOW TO RESOLVE CONFLICT 8)")
    rows = spec["rows"]
    if not isinstance(rows, list) or len(rows) != 6 or not all(isinstance(r, list) and len(r) == len(columns) for r in rows):
        raise FaultAt((*at, "rows"), f"rows must be 6 (die rolls 1-6) of {len(columns)} results each")
    read = []
    for die, row in enumerate(rows, 1):
        cells = []
        for column, code in enumerate(row):
            cell = parse(code)
            if cell is None:
                raise FaultAt((*at, "rows", die - 1, column), f"die {die}: {shown(code)} is not a result (like DD3, "
                                                              "PD2, DD3+ or -)")
            cells.append(cell)
        read.append(tuple(cells))
    return tuple(read)


def _monotone(side: str, rows: tuple[tuple[Result, ...], ...], at: tuple) -> None:
    """Refuse a row where a higher column is worse for the side attacking than a lower one."""
    for die, row in enumerate(rows, 1):
        for column in range(1, len(row)):
            if worth(row[column], side) < worth(row[column - 1], side):
                raise FaultAt((*at, "rows", die - 1, column),
                              f"die {die}: {row[column].code} at {column + 1}:1 is worse for the {side} attacking than "
                              f"{row[column - 1].code} at {column}:1: a stronger attack never does worse")


def _table(name: str, spec: object, at: tuple) -> Table:
    """One table of a file in its layout: a grid for each side that may use it, each monotone."""
    if not isinstance(spec, dict) or set(spec) != set(READERS[name]):
        sides = " and ".join(f"[{name}.{side}]" for side in READERS[name])
        raise FaultAt(at, f"must hold {sides}, the columns each side reads (only the police use ASSAULT, "
                          "HOW TO RESOLVE CONFLICT 6), and nothing else")
    rows = {side: _grid(spec[side], (*at, side), POLICE_COLUMNS if side == POLICE else None) for side in READERS[name]}
    for side, grid in rows.items():
        _monotone(side, grid, (*at, side))
    return Table(name, rows)


def _stored(name: str, spec: object) -> Table | None:
    """A table of a session stored before each side read its own columns: one grid read by every side, as it was
    played (not checked for monotony); None if `spec` is not of that layout."""
    if not isinstance(spec, dict) or set(spec) != {"columns", "rows"}:
        return None
    grid = _grid(spec, (name,), None)
    return Table(name, {side: grid for side in READERS[name]})


def check(data: dict, stored: bool = False) -> dict[str, Table]:
    """Both tables of a file's data, checked; a FaultAt names the place of the first fault. `stored`: a session's
    copy, which may be of the layout sessions kept before."""
    unknown = set(data) - {*NAMES, "reconstructed", "note"}
    if unknown:
        raise FaultAt((sorted(unknown)[0],), "unknown key")
    missing = [name for name in NAMES if name not in data]
    if missing:
        raise FaultAt((), f"no [{missing[0]}] table")
    read = {}
    for name in NAMES:
        kept = _stored(name, data[name]) if stored else None
        read[name] = kept or _table(name, data[name], (name,))
    return read


_READ: dict[tuple[Path, int, int], dict[str, Table]] = {}
_CARRIED: list = [None, None]  # the scenario data last read, and its tables


def of(scenario: Scenario) -> dict[str, Table]:
    """The tables a game is played with: those its scenario carries, or the file's for a session stored before
    scenarios carried them. A RefereeError names the fault."""
    data = scenario.sources.get(SOURCE)
    if data is None:
        return load()
    if _CARRIED[0] is not data:
        try:
            _CARRIED[:] = [data, check(data, stored=True)]
        except FaultAt as fault:
            raise RefereeError(f"{scenario.id} {SOURCE}: {fault}") from None
    return _CARRIED[1]


def load(path: Path = FILE) -> dict[str, Table]:
    """Both tables, or a RefereeError naming the fault of the file and its line; read again only when the file
    changes."""
    try:
        stat = path.stat()
    except OSError as error:
        raise RefereeError(f"{path}: cannot read the Conflict Resolution Tables: {error}") from None
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _READ:
        _READ.clear()
        _READ[key] = _read(path)
    return _READ[key]


def _read(path: Path) -> dict[str, Table]:
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise RefereeError(f"{path}: cannot read the Conflict Resolution Tables: {error}") from None
    try:
        return check(data)
    except FaultAt as fault:
        raise DataError(path, text, fault.loc, fault.message) from None
