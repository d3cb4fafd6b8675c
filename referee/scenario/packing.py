"""A scenario passed from one club to another as one file (`referee scenario pack` and `unpack`): a zip of its file,
`<ruleset>/<name>.toml`, and every file it names in `<name>/` beside it, as `scenario copy` lays them out."""

from __future__ import annotations

import shutil
import stat
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from referee.errors import RefereeError
from referee.scenario.catalog import load, scenario_files
from referee.scenario.club import ID, vacant, written

FILES = 64
"""The most files a pack may hold."""
FILE_BYTES = 8 * 1024 * 1024
"""The most bytes one file of a pack may unpack to (the largest map or table of the installed games is far less)."""
PACK_BYTES = 32 * 1024 * 1024
"""The most bytes a whole pack may unpack to."""


def pack(scenario: str, out: Path) -> Path:
    """Write a scenario (an id, or a file's path) and every file it names into the zip `out`, under its own id."""
    loaded = load(scenario)
    with tempfile.TemporaryDirectory() as folder:
        written(scenario, loaded.id, Path(folder))
        files = sorted(path for path in Path(folder).rglob("*") if path.is_file())
        part = out.with_name(f".{out.name}.part")
        try:
            with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as packed:
                for path in files:
                    packed.write(path, path.relative_to(folder).as_posix())
            part.replace(out)
        finally:
            part.unlink(missing_ok=True)
    return out


def unpack(file: Path, into: Path, faults: Callable[[Path], list[str]]) -> Path:
    """Unpack a scenario's zip into the club's folder `into`, checked by `faults` (every fault of a scenario
    file, none where it is sound) before it is put in place: its scenario file. Refused, nothing left behind: a file
    that is not a zip, or not a scenario's (its paths not `<ruleset>/<name>.toml` and `<ruleset>/<name>/...`, one
    escaping the folder, a link), beyond the bounds (`FILES`, `FILE_BYTES`, `PACK_BYTES`), of an id already taken
    or a file already there, and a scenario with a fault (its first said, with how many more)."""
    try:
        packed = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise RefereeError(f"{file} is not a scenario's pack: {getattr(error, 'strerror', None) or error}") from None
    with packed:
        members = [info for info in packed.infolist() if not info.is_dir()]
        scenario_id = _laid_out(file, members)
        taken = scenario_files().get(scenario_id)
        if taken is not None:
            raise RefereeError(f"{file}: {scenario_id} is taken already ({taken}): unpack it elsewhere with --to, "
                               "or rename the one there")
        vacant(into, scenario_id)
        with tempfile.TemporaryDirectory() as folder:
            staging = Path(folder)
            _extract(file, packed, members, staging)
            found = faults(staging / f"{scenario_id}.toml")
            if found:
                first = found[0].replace(f"{staging.resolve()}/", "").replace(f"{staging}/", "")
                more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
                raise RefereeError(f"{file}: {first}{more}")
            target = vacant(into, scenario_id)  # none came meanwhile
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(staging / scenario_id, target.with_suffix(""))
            shutil.move(staging / f"{scenario_id}.toml", target)
    return target


def _laid_out(file: Path, members: list[zipfile.ZipInfo]) -> str:
    """The id of the scenario a pack holds, its files laid out as `pack` lays them; else a one-line refusal."""
    if len(members) > FILES:
        raise RefereeError(f"{file}: {len(members)} files, more than a scenario's pack holds ({FILES})")
    if sum(info.file_size for info in members) > PACK_BYTES:
        raise RefereeError(f"{file}: it would unpack to more than {PACK_BYTES // 1024 // 1024} MB")
    for info in members:
        name, path = info.filename, PurePosixPath(info.filename)
        if "\\" in name or ":" in name or path.is_absolute() or ".." in path.parts:
            raise RefereeError(f"{file}: {name!r} lies outside the scenario's folder: refused")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise RefereeError(f"{file}: {name!r} is a link: a scenario's pack holds files alone")
        if info.file_size > FILE_BYTES:
            raise RefereeError(f"{file}: {name} would unpack to more than {FILE_BYTES // 1024 // 1024} MB")
    scenarios = [info.filename for info in members if len(PurePosixPath(info.filename).parts) == 2
                 and info.filename.endswith(".toml")]
    if len(scenarios) != 1:
        raise RefereeError(f"{file}: not a scenario's pack: it must hold one scenario file, <ruleset>/<name>.toml")
    scenario_id = scenarios[0].removesuffix(".toml")
    if not ID.fullmatch(scenario_id):
        raise RefereeError(f"{file}: {scenarios[0]!r} is no scenario's file: <ruleset>/<name>.toml, in lower-case "
                           "letters, digits and hyphens")
    for info in members:
        parts = PurePosixPath(info.filename).parts
        if info.filename != scenarios[0] and not (parts[:2] == tuple(scenario_id.split("/")) and len(parts) > 2):
            raise RefereeError(f"{file}: {info.filename!r} lies outside the scenario's folder {scenario_id}/: refused")
    return scenario_id


def _extract(file: Path, packed: zipfile.ZipFile, members: list[zipfile.ZipInfo], staging: Path) -> None:
    """Write the pack's files under `staging`, reading no more of each than it says it holds, nor beyond the bounds."""
    total = 0
    for info in members:
        target = staging / info.filename
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            with packed.open(info) as source, target.open("wb") as sink:
                while chunk := source.read(65536):
                    total += len(chunk)
                    if total > PACK_BYTES or sink.tell() + len(chunk) > min(info.file_size, FILE_BYTES):
                        raise RefereeError(f"{file}: {info.filename} holds more than it says: refused")
                    sink.write(chunk)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as error:
            raise RefereeError(f"{file}: {info.filename} cannot be unpacked: {error}") from None
