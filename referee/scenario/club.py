"""The club's own scenarios made from another: a scenario copied, with every file it names, into the club's folder
under a new id, ready to edit (`referee scenario copy`)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from referee.errors import RefereeError
from referee.scenario.catalog import SOURCES, Scenario, club_folders, load, scenario_file, scenario_files

ID = re.compile(r"[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*")
"""A scenario id: `<ruleset>/<name>`, lower-case letters, digits and hyphens."""


def copy(scenario: str, new_id: str, into: Path | None = None) -> Path:
    """Copy a scenario and the files it names into `into` (by default the club's first folder), as `<ruleset>/<name>
    .toml` of `new_id` with its files in `<name>/` beside it, the id and the paths in its text changed and nothing
    else (its comments kept); the new file, loaded and checked. Refused: a malformed id, another ruleset's id, an
    id already taken, a file already there."""
    loaded = load(scenario)
    if not ID.fullmatch(new_id):
        raise RefereeError(f"{new_id!r} is no scenario id: <ruleset>/<name>, in lower-case letters, digits and hyphens")
    ruleset, name = new_id.split("/")
    if ruleset != loaded.ruleset:
        raise RefereeError(f"{new_id} would be of the ruleset {ruleset!r}, but {loaded.id} is {loaded.ruleset!r}: "
                           f"copy it as {loaded.ruleset}/{name}")
    taken = scenario_files().get(new_id)
    if taken is not None:
        raise RefereeError(f"{new_id} is taken already ({taken}): choose another name")
    target = vacant(into or club_folders()[0], new_id)
    written(scenario, new_id, target.parent.parent)
    load(str(target))
    return target


def vacant(into: Path, scenario_id: str) -> Path:
    """Where a scenario of this id goes in the club's folder `into`, `<ruleset>/<name>.toml`: refused where a file
    or its folder is there already."""
    ruleset, name = scenario_id.split("/")
    target = into / ruleset / f"{name}.toml"
    if target.exists() or target.with_suffix("").exists():
        raise RefereeError(f"{target} (or its folder {target.with_suffix('')}) already exists: choose another name")
    return target


def written(scenario: str, new_id: str, into: Path) -> Path:
    """A scenario's file written into `into` as `<ruleset>/<name>.toml` of `new_id`, its files in `<name>/` beside it,
    the id and the paths in its text changed and nothing else: the new file (not checked)."""
    loaded = load(scenario)
    ruleset, name = new_id.split("/")
    folder = into / ruleset
    source = scenario_file(scenario)
    text = _replaced(source.read_text(encoding="utf-8"), "id", loaded.id, new_id)
    for relative in sorted(set(_named(loaded))):
        _place(source.parent / relative, folder / name / Path(relative).name)
        text = text.replace(f'"{relative}"', f'"{name}/{Path(relative).name}"')
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder / f"{name}.toml"


def _named(scenario: Scenario) -> list[str]:
    """The paths of the files a scenario's file names, as it writes them (its board's and its ruleset's own)."""
    spec = scenario.sources["scenario"]
    return [spec[key] for key in SOURCES] + list(spec.get("files", {}).values())


def _place(source: Path, target: Path) -> None:
    """Copy one named file; two named files of one name (from different folders) are refused, not merged."""
    if target.exists():
        raise RefereeError(f"the scenario names two files called {target.name}: copy it by hand")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _replaced(text: str, key: str, old: str, new: str) -> str:
    """The text with the top-level `key = "old"` line's value made `new`."""
    line = re.compile(rf'^({re.escape(key)}\s*=\s*)"{re.escape(old)}"', re.MULTILINE)
    if not line.search(text):
        raise RefereeError(f'the scenario file has no line {key} = "{old}" to change')
    return line.sub(lambda found: f'{found[1]}"{new}"', text, count=1)

