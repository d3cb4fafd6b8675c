"""The HARASS and ASSAULT Conflict Resolution Tables (HOW TO RESOLVE CONFLICT 6-8), from
`scenarios/chicago/board/tables.toml`: reconstructed data the umpire may edit, checked as it is read. A scenario
carries them as its file `conflict_tables`, so a session keeps the tables it began with."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.paths import data_dir
from referee.rules.bounds import shown
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

if TYPE_CHECKING:
    from referee.scenario.catalog import Scenario

HARASS, ASSAULT = "harass", "assault"
NAMES = (HARASS, ASSAULT)
FILE = data_dir("scenarios") / "chicago" / "board" / "tables.toml"
SOURCE = "conflict_tables"  # the scenario's name for them (its `files`)
SIDE = {"P": POLICE, "D": DEMONSTRATORS}
CODE = re.compile(r"([PD])([PD])([23])")
NO_EFFECT = "-"


@dataclass(frozen=True)
class Result:
    """One cell: the code as printed, the side that wins (and scores), the side whose units go down a level
    and the fraction of them (3: a third, 2: a half); all None for "-"."""

    code: str
    winner: str | None = None
    affected: str | None = None
    fraction: int | None = None


@dataclass(frozen=True)
class Table:
    """One table: its columns' odds (1 for 1:1, ...) left to right, and a row of results per die roll 1-6."""

    name: str
    columns: tuple[int, ...]
    rows: tuple[tuple[Result, ...], ...]

    def result(self, ratio: int, roll: int) -> Result:
        """The result at odds `ratio`:1 (read on the last column beyond it) and a die `roll`."""
        return self.rows[roll - 1][min(ratio, self.columns[-1]) - 1]


def parse(code: object) -> Result | None:
    """A cell's code read, or None if it is not one."""
    if code == NO_EFFECT:
        return Result(NO_EFFECT)
    found = CODE.fullmatch(code) if isinstance(code, str) else None
    if found is None:
        return None
    winner, affected, fraction = found.groups()
    return Result(found.group(), SIDE[winner], SIDE[affected], int(fraction))


def _table(name: str, spec: object, where: str) -> Table:
    def wrong(problem: str) -> RefereeError:
        return RefereeError(f"{where}: [{name}] {problem}")

    if not isinstance(spec, dict) or set(spec) != {"columns", "rows"}:
        raise wrong("must hold `columns` and `rows`, and nothing else")
    columns = spec["columns"]
    if not isinstance(columns, list) or not columns or columns != [f"{n}:1" for n in range(1, len(columns) + 1)]:
        raise wrong(f"columns must run from 1:1 up by one (1:1, 2:1, ...), got {shown(columns)}")
    rows = spec["rows"]
    if not isinstance(rows, list) or len(rows) != 6 or not all(isinstance(r, list) and len(r) == len(columns) for r in rows):
        raise wrong(f"rows must be 6 (die rolls 1-6) of {len(columns)} results each")
    read = []
    for die, row in enumerate(rows, 1):
        cells = []
        for code in row:
            cell = parse(code)
            if cell is None:
                raise wrong(f"die {die}: {shown(code)} is not a result (like DD3, PD2 or -)")
            cells.append(cell)
        read.append(tuple(cells))
    return Table(name, tuple(range(1, len(columns) + 1)), tuple(read))


_READ: dict[tuple[Path, int, int], dict[str, Table]] = {}
_CARRIED: list = [None, None]  # the scenario data last read, and its tables


def of(scenario: Scenario) -> dict[str, Table]:
    """The tables a game is played with: those its scenario carries, or the file's for a session stored before
    scenarios carried them. A RefereeError names the fault."""
    data = scenario.sources.get(SOURCE)
    if data is None:
        return load()
    if _CARRIED[0] is not data:
        _CARRIED[:] = [data, _tables(data, f"{scenario.id} {SOURCE}")]
    return _CARRIED[1]


def load(path: Path = FILE) -> dict[str, Table]:
    """Both tables, or a RefereeError naming the fault of the file; read again only when the file changes."""
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
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise RefereeError(f"{path}: cannot read the Conflict Resolution Tables: {error}") from None
    return _tables(data, str(path))


def _tables(data: dict, where: str) -> dict[str, Table]:
    """Both tables of a file's data, checked (`where` names the data in an error)."""
    unknown = set(data) - {*NAMES, "reconstructed", "note"}
    if unknown:
        raise RefereeError(f"{where}: unknown key {shown(sorted(unknown)[0])}")
    missing = [name for name in NAMES if name not in data]
    if missing:
        raise RefereeError(f"{where}: no [{missing[0]}] table")
    return {name: _table(name, data[name], where) for name in NAMES}
