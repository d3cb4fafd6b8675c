"""Finding scenarios and loading one into plain frozen values the rules work on."""

from __future__ import annotations

import copy
import dataclasses
import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from referee.bounds import shown
from referee.core.board import Board, Building, Link, Node, Target
from referee.core.clock import Clock, parse_time
from referee.core.units import RESERVE, Unit
from referee.errors import RefereeError, more_faults
from referee.scenario.toml_lines import DataError, FaultAt, checked, read_toml
from referee.scenario.tunables import WHOLE, Tunable, fits, parsed, place, unknown, value_at
from referee.text import plural

if TYPE_CHECKING:
    from pydantic import BaseModel

Model = TypeVar("Model", bound="BaseModel")
Read = TypeVar("Read")


@dataclass(frozen=True, slots=True)
class UnitType:
    """What every unit of a type shares."""

    id: str
    side: str
    label: str
    strength: int
    movement: int
    section: str


@dataclass(frozen=True, slots=True)
class Setup:
    """Where units stand when a scenario starts (top of each stack first)."""

    time: int
    section: str
    success: int
    placement: dict[str, tuple[str, ...]]
    destroyed: tuple[str, ...]
    radicalized: tuple[str, ...]
    markers: dict[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Arrival:
    """A group of reinforcements entering on an edge (or a random one) in a turn."""

    turn: int
    edge: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Option:
    """A session option: its default, allowed values and the rule it reads."""

    name: str
    default: str
    choices: tuple[str, ...]
    section: str
    help: str
    aliases: dict[str, str]
    turns: dict[str, int]
    seats: dict[str, dict[str, int]] = dataclasses.field(default_factory=dict)  # choice -> {player: how many share
    # his units}: a team of players where the scenario names one (see `teams`)
    public: bool = True  # the players may know the choice: their sheets say one other than the default


@dataclass(frozen=True, slots=True)
class Player:
    """A player: a side, a role, and the units commanded (None: all the side's)."""

    id: str
    side: str
    role: str
    units: tuple[str, ...] | None
    objectives: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    """A scenario, loaded and checked."""

    id: str
    ruleset: str
    title: str
    summary: str
    section: str
    board: Board
    clock: Clock
    types: dict[str, UnitType]
    units: dict[str, Unit]
    setup: Setup
    arrivals: tuple[Arrival, ...]
    random_edges: tuple[str, ...]
    target: int
    starting: dict[str, int]
    options: dict[str, Option]
    players: tuple[Player, ...]
    sources: dict[str, dict]
    tunables: dict[str, Tunable] = dataclasses.field(default_factory=dict)
    table_minutes: int | None = None  # about how long its play takes at the table (None: not measured)
    tuned: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)  # the tunables set away from its
    # files' values, for a session or a simulation: {name: {"value": as set, "printed": as the files give it}}
    _read: dict[tuple[str, Callable], Any] = dataclasses.field(default_factory=dict, init=False, repr=False,
                                                               compare=False)

    @functools.cached_property
    def place_names(self) -> dict[str, str]:
        """Each place's printed English name, where its ruleset's texts give one other than its id (`place.<id>`)."""
        from referee import rulesets

        texts = rulesets.get(self.ruleset).texts_for("en")
        return {node: texts[f"place.{node}"] for node in self.board.nodes if texts.get(f"place.{node}", node) != node}

    @property
    def seats(self) -> str:
        """Who plays it: "2 players", or by side where the sides differ ("9 players: protester 6, authority 3")."""
        sides: dict[str, int] = {}
        for player in self.players:
            sides[player.side] = sides.get(player.side, 0) + 1
        total = f"{len(self.players)} player{'s' if len(self.players) != 1 else ''}"
        if len(set(sides.values())) > 1:
            total += ": " + ", ".join(f"{side} {n}" for side, n in sides.items())
        for name, counts in self.teams.items():
            total += f"; {min(counts.values())} to {max(counts.values())} in teams, option {name}"
        return total

    @property
    def length(self) -> str:
        """How long it plays: "8 turns, about 50 min" (its turns alone where its minutes were not measured)."""
        about = f", about {self.table_minutes} min" if self.table_minutes else ""
        return f"{self.clock.turns} turn{'s' if self.clock.turns != 1 else ''}{about}"

    @property
    def teams(self) -> dict[str, dict[str, int]]:
        """Each option that seats teams, and how many play under each of its choices that does."""
        return {name: {choice: len(self.players) + sum(count - 1 for count in shared.values())
                       for choice, shared in option.seats.items()}
                for name, option in self.options.items() if option.seats}

    def place_name(self, node: str) -> str:
        """A place as the sheets print it ("Grant Park East"), its id where they give no other name."""
        return self.place_names.get(node, node)

    def file(self, name: str, read: Callable[[dict], Read]) -> Read | None:
        """One of the scenario's own `files` as `read` makes it of its data, made once (a ruleset reads its data
        so, and pydantic loads only then); None where the scenario has no file of that name."""
        if name not in self.sources:
            return None
        if (name, read) not in self._read:
            self._read[(name, read)] = read(self.sources[name])
        return self._read[(name, read)]

    def option_values(self, given: dict[str, str]) -> dict[str, str]:
        """The session's options: defaults overridden by `given`, each checked."""
        values = {name: option.default for name, option in self.options.items()}
        for name, value in given.items():
            option = self.options.get(name)
            if option is None:
                known = ", ".join(self.options) or "none"
                tunable = (f"; and {plural(len(self.tunables), 'tunable')}, which `referee scenarios --json` lists"
                           if self.tunables else "")
                raise RefereeError(f"unknown option {shown(name)} for {self.id} (options: {known}{tunable})")
            value = option.aliases.get(value, value)
            if value not in option.choices:
                raise RefereeError(f"option {name} must be one of {', '.join(option.choices)}, not {value!r}")
            values[name] = value
        return values

    def with_options(self, values: dict[str, str]) -> Scenario:
        """The scenario as a session with these options plays it: its length set by an option that changes it, its
        players shared into teams by an option that seats more."""
        turns = [option.turns[values[name]] for name, option in self.options.items() if values[name] in option.turns]
        seats = {player: count for name, option in self.options.items()
                 for player, count in option.seats.get(values[name], {}).items()}
        clock = dataclasses.replace(self.clock, turns=turns[-1]) if turns else self.clock
        players = teams(self, seats) if any(count > 1 for count in seats.values()) else self.players
        return dataclasses.replace(self, clock=clock, players=players) if turns or players != self.players else self

    def player(self, player_id: str) -> Player:
        """A player by id, or a clear error."""
        for player in self.players:
            if player.id == player_id:
                return player
        known = ", ".join(p.id for p in self.players)
        raise RefereeError(f"unknown player {player_id!r} in {self.id} (players: {known})")


SEATS = 12
"""The most players one player's units are shared among."""


def teams(scenario: Scenario, seats: dict[str, int]) -> tuple[Player, ...]:
    """The scenario's players with each named one shared among `seats[id]` players (`<id>-1`, `<id>-2`, ...): his
    units on the map at the start cut into that many runs, place by place, and those to come likewise, player n
    taking the n-th run of each, so that each commands neighbours from the first turn, and later some of the
    reinforcements (RULINGS.md, "Teams")."""
    players: list[Player] = []
    placed = [uid for ids in scenario.setup.placement.values() for uid in ids]
    for player in scenario.players:
        count = seats.get(player.id, 1)
        if count <= 1:
            players.append(player)
            continue
        commanded = set(player.units or (uid for uid, unit in scenario.units.items() if unit.side == player.side))
        first = [uid for uid in placed if uid in commanded]
        later = [uid for uid in scenario.units if uid in commanded and uid not in first]
        players += [dataclasses.replace(player, id=f"{player.id}-{n}", role=f"{player.role} ({n} of {count})".strip(),
                                        units=(*_run(first, n, count), *_run(later, n, count)))
                    for n in range(1, count + 1)]
    return tuple(players)


def _run(units: list[str], n: int, count: int) -> list[str]:
    """The n-th of `count` runs of `units` as even as can be (the first runs one longer where they do not divide)."""
    size, extra = divmod(len(units), count)
    start = (n - 1) * size + min(n - 1, extra)
    return units[start:start + size + (n <= extra)]


CLUB = "REFEREE_SCENARIOS"
"""The environment variable naming a folder of the club's own scenarios, beside the user's data folder's."""


def club_folders() -> tuple[Path, ...]:
    """The folders of the club's own scenarios, each holding a folder per ruleset (`wallman/our-town.toml`):
    `$REFEREE_SCENARIOS` where set, then `scenarios` in the user's data folder."""
    from platformdirs import user_data_path

    named = os.environ.get(CLUB)
    return (*([Path(named).expanduser()] if named else []), user_data_path("referee") / "scenarios")


def scenario_files(clashes: list[str] | None = None) -> dict[str, Path]:
    """Every scenario id, `<ruleset>/<name>`, with its file `<name>.toml` in an installed ruleset's scenarios folder,
    then in the club's folders (`club_folders`), by name (a scenario before its variants: `name` before
    `name-variant`). A club's file of an id already found is left out, and said in `clashes`, if given."""
    from referee import rulesets

    found: dict[str, Path] = {}
    installed = [(plugin.id, plugin.scenarios) for plugin in rulesets.plugins() if plugin.scenarios is not None]
    folders = installed + [(ruleset, club / ruleset) for club in club_folders() for ruleset, _ in installed]
    for ruleset, folder in folders:
        for path in sorted(folder.glob("*.toml"), key=lambda path: path.stem):
            scenario_id = f"{ruleset}/{path.stem}"
            if scenario_id in found:
                if clashes is not None:
                    clashes.append(f"{path}: {scenario_id} is already {found[scenario_id]}: rename the file (and its "
                                   "id) to keep both")
                continue
            found[scenario_id] = path
    return found


def is_club(path: Path) -> bool:
    """Whether a scenario file is the club's own rather than an installed ruleset's."""
    from referee import rulesets

    return all(plugin.scenarios != path.parent for plugin in rulesets.plugins())


Opens = Callable[[Scenario], list[str]]
"""Why a scenario's game does not open, by its ruleset's own checks (`referee.game.opening_faults`): none where it
opens."""


def every_scenario(problems: list[str] | None = None, opens: Opens | None = None) -> list[Scenario]:
    """Every scenario, installed and the club's, loaded, ruleset by ruleset. Given a list of `problems`, a scenario
    that does not load is left out and why is added to it once (scenarios sharing a broken file share its line);
    without it, the first such is raised. Given `opens`, a club's scenario whose game does not open is left out, and
    said in `problems` (`PATH: faulty: ...`)."""
    playable = []
    for scenario, path in _every(problems):
        fault = _faulty(scenario, path, opens)
        if fault is None:
            playable.append(scenario)
        elif problems is not None:
            problems.append(f"{path}: faulty: {fault}")
    return playable


def _faulty(scenario: Scenario, path: Path, opens: Opens | None) -> str | None:
    """The first reason a club's scenario's game does not open (installed ones are the rulesets' own), with how many
    more there are, if any."""
    if opens is None or not is_club(path):
        return None
    faults = opens(scenario)
    return faults[0] + more_faults(len(faults) - 1) if faults else None


def _every(problems: list[str] | None) -> list[tuple[Scenario, Path]]:
    """Every scenario loaded, with its file (`problems` as for `every_scenario`)."""
    loaded = []
    for scenario_id, path in scenario_files(problems).items():
        try:
            loaded.append((load_file(path, scenario_id.partition("/")[0]), path))
        except RefereeError as error:
            if problems is None:
                raise
            if str(error) not in problems:
                problems.append(str(error))
    return loaded


def catalogue(problems: list[str] | None = None, opens: Opens | None = None) -> list[dict]:
    """The scenario list as `referee scenarios --json` prints it (`problems` as for `every_scenario`); given
    `opens`, a club's scenario whose game does not open is listed with `faulty`, its first reason, and said in
    `problems`."""
    listing = []
    for scenario, path in _every(problems):
        fault = _faulty(scenario, path, opens)
        if fault is not None and problems is not None:
            problems.append(f"{path}: faulty: {fault}")
        listing.append({
            "id": scenario.id, "ruleset": scenario.ruleset, "title": scenario.title,
            "turns": scenario.clock.turns,
            "players": [{"id": p.id, "side": p.side} for p in scenario.players], "seats": scenario.seats,
            "teams": {name: {choice: count for choice, count in counts.items()} for name, counts in scenario.teams.items()},
            "options": {name: option.default for name, option in scenario.options.items()},
            "summary": scenario.summary,
            "tunables": {name: {"value": t.value, "section": t.section, "help": t.help}
                         for name, t in scenario.tunables.items()},
            "minutes": scenario.table_minutes,
            "club": is_club(path), "file": str(path),
            **({"faulty": fault} if fault is not None else {}),
        })
    return listing


def scenario_file(scenario: str) -> Path:
    """A scenario's file: by its path (ending `.toml`: a club's file anywhere), else by its id among the installed
    and the club's; or a one-line error naming the known ones."""
    if scenario.endswith(".toml"):
        path = Path(scenario).expanduser()
        if not path.is_file():
            raise RefereeError(f"no scenario file {scenario!r}")
        return path
    files = scenario_files()
    if scenario not in files:
        raise RefereeError(f"unknown scenario {scenario!r} (known: {', '.join(files)})")
    return files[scenario]


def load(scenario_id: str) -> Scenario:
    """A scenario by id, or by the path of its file (`scenario_file`)."""
    path = scenario_file(scenario_id)
    if scenario_id.endswith(".toml"):  # of the ruleset it says
        return load_file(path, _checked(path.resolve(), "ScenarioFile").data["ruleset"])
    return load_file(path, scenario_id.partition("/")[0])


class _File:
    """One checked data file: its plain data, and how to point at a line of it in an error. Given a list of
    `faults`, a fault is added to it and the checks go on (`every_fault`), but for the `last` that leaves nothing
    to check; else the first is raised."""

    def __init__(self, data: dict, path: Path | None = None, text: str = "", faults: list[str] | None = None):
        self.data, self.path, self.text, self.faults = data, path, text, faults

    def fail(self, loc: tuple, message: str, last: bool = False) -> None:
        if self.path is None:
            raise RefereeError(f"the session's stored scenario data is inconsistent: {'.'.join(map(str, loc))}: {message}")
        error = DataError(self.path, self.text, loc, message)
        if self.faults is None or last:
            raise error
        _add(self.faults, str(error))


def _add(faults: list[str], fault: str) -> None:
    """A fault said once, however many checks find it."""
    if fault not in faults:
        faults.append(fault)


def validated(path: Path, model: type[Model]) -> tuple[Model, str]:
    """Read a TOML file and check its shape against a pydantic model: the model and the file's text.

    Errors name the file and line."""
    found, _, text = checked(path, functools.partial(modelled, model))
    return found, text


def modelled(model: type[Model], data: object, at: tuple = ()) -> Model:
    """Data checked against a pydantic model; a FaultAt names the place of its first fault (under `at`)."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise FaultAt((*at, *first["loc"]), first["msg"]) from None


def _checked(path: Path, model_name: str) -> _File:
    """A scenario or board file, checked against its model in `models`: read again once it changed on disk (a
    long-running process, the dashboard or `referee serve`, sees a file edited since it last read it)."""
    try:
        found = path.stat()
    except OSError:
        return _checked_as(path, model_name, None)  # it says why it cannot be read
    return _checked_as(path, model_name, (found.st_mtime_ns, found.st_size))


@functools.lru_cache(maxsize=256)
def _checked_as(path: Path, model_name: str, stamp: tuple[int, int] | None) -> _File:
    """A file checked as `_checked` does, once for each `stamp` (its modification time and size)."""
    from referee.scenario import models

    spec, text = validated(path, getattr(models, model_name))
    return _File(spec.model_dump(), path, text)


SOURCES = {"board": "MapFile", "forces": "ForcesFile", "setups": "SetupsFile", "reinforcements": "ReinforcementsFile"}


def load_file(path: Path, ruleset: str | None = None) -> Scenario:
    """Load and cross-check a scenario file of `ruleset` (by default its folder's name) and the files it names."""
    files = _files(path, ruleset, None)
    assert files is not None  # without a list of faults, the first is raised
    return _compile(files)


def every_fault(path: Path) -> list[str]:
    """Every fault of a scenario file and of the files it names, not only the first, a line each with its file and
    line: each file's syntax and shape; where every file is of the right shape, every cross-check of `load_file`
    (a fault that leaves nothing to check after it ends the list)."""
    faults: list[str] = []
    files = _files(path, None, faults)
    if files is not None:
        try:
            _compile(files)
        except RefereeError as error:
            _add(faults, str(error))
    return faults


def _files(path: Path, ruleset: str | None, faults: list[str] | None) -> dict[str, _File] | None:
    """A scenario file of `ruleset` (by default its folder's name; given `faults`, the ruleset it says) and every
    file it names, each checked alone; given `faults`, every fault of theirs is added to it (the files a scenario
    file of a wrong shape names still read), and None returned where there is one."""
    scenario = _read(path.resolve(), "ScenarioFile", faults)
    if scenario is None:
        return None
    spec = scenario.data
    if not faults:  # of the right shape
        expected = f"{spec['ruleset'] if faults is not None else ruleset or path.parent.name}/{path.stem}"
        if spec["id"] != expected:
            scenario.fail(("id",), f"id must be {expected!r} (ruleset/file name)")
        if spec["ruleset"] != expected.partition("/")[0]:
            scenario.fail(("ruleset",), f"ruleset must be {expected.partition('/')[0]!r}, the ruleset whose scenarios it "
                                        "is among")
    files: dict[str, _File | None] = {"scenario": scenario}
    for key, model in SOURCES.items():
        if isinstance(spec.get(key), str):
            files[key] = _read((path.parent / spec[key]).resolve(), model, faults)
    named = spec.get("files", {})
    for name, relative in named.items() if isinstance(named, dict) and isinstance(spec.get("ruleset"), str) else ():
        if name in files:
            scenario.fail(("files", name), f"{name!r} names one of the scenario's own files")
            continue
        if not isinstance(relative, str):
            continue  # its fault said
        data_path = (path.parent / relative).resolve()
        try:
            _, data, text = checked(data_path, functools.partial(_ruleset_check, spec["ruleset"], name))
        except RefereeError as error:
            if faults is None:
                raise
            _add(faults, str(error))
            continue
        files[name] = _File(data, data_path, text, faults)
    if faults:
        return None
    return {key: file for key, file in files.items() if file is not None}


def _read(path: Path, model_name: str, faults: list[str] | None) -> _File | None:
    """A scenario or board file checked against its model: the first fault raised; or given `faults`, every fault
    of its syntax or shape added to it (None where it does not parse, its data as read where its shape is wrong)."""
    if faults is None:
        return _checked(path, model_name)
    from pydantic import ValidationError

    from referee.scenario import models

    try:
        data, text = read_toml(path)
    except RefereeError as error:
        _add(faults, str(error))
        return None
    try:
        data = getattr(models, model_name).model_validate(data).model_dump()
    except ValidationError as error:
        for fault in error.errors():
            _add(faults, str(DataError(path, text, tuple(fault["loc"]), fault["msg"])))
    return _File(data, path, text, faults)


def _ruleset_check(ruleset: str, name: str, data: dict) -> None:
    """A scenario's own file checked by its ruleset (`RulesetPlugin.files`): FaultAt at its first fault."""
    from referee import rulesets

    rulesets.get(ruleset).check_file(name, data)


def checked_sources(sources: dict[str, dict], changed: set[str]) -> dict[str, dict]:
    """Sources whose `changed` files are checked again against their models (a ruleset's own `files` it checks
    when it reads them)."""
    from pydantic import ValidationError

    from referee.scenario import models

    checked = dict(sources)
    for key in changed & SOURCES.keys():
        try:
            checked[key] = getattr(models, SOURCES[key]).model_validate(sources[key]).model_dump()
        except ValidationError as error:
            first = error.errors()[0]
            raise RefereeError(f"{key}: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    for key in changed - SOURCES.keys():
        try:
            _ruleset_check(sources["scenario"]["ruleset"], key, sources[key])
        except FaultAt as fault:
            raise RefereeError(f"{key}: {fault}") from None
    return checked


def load_board(path: Path) -> Board:
    """A board file (`board/map.toml`) alone, checked as a scenario's would be."""
    return _board(_checked(path.resolve(), "MapFile"))


def from_sources(sources: dict[str, dict]) -> Scenario:
    """A scenario from the plain data a session stored when it was created (checked then)."""
    return _compile({key: _File(data) for key, data in sources.items()})


def _compile(files: dict[str, _File]) -> Scenario:
    spec = files["scenario"]
    s = spec.data
    board = _board(files["board"])
    types, units = _forces(files["forces"])
    try:
        start = parse_time(s["start"])
    except ValueError as error:
        spec.fail(("start",), str(error))
        start = 0
    clock = Clock(start, s["minutes"], s["turns"], (), s["dial"], tuple(s.get("turn_names", ())))
    setups = files["setups"]
    if s["setup"] not in setups.data["setups"]:
        spec.fail(("setup",), f"no setup {s['setup']!r} in the setups file", last=True)
    setup = _setup(setups, s["setup"], board, units)
    arrivals, arriving = _arrivals(files["reinforcements"], board, units, clock, setup, s["ruleset"])
    placed = {uid for ids in setup.placement.values() for uid in ids} | set(setup.destroyed)
    for uid in units:
        before = arriving.get(uid, -1) < setup.time
        if before and uid not in placed:
            setups.fail(("setups", s["setup"]), f"{uid} has arrived by {s['setup']} but is neither placed nor destroyed")
        if not before and uid in placed:
            setups.fail(("setups", s["setup"]), f"{uid} is placed at {s['setup']} but only arrives later")
    sides = {t.side for t in types.values()}
    options = {}
    for name, o in s["options"].items():
        if o["default"] not in o["choices"]:
            spec.fail(("options", name, "default"), f"default {o['default']!r} is not a choice")
        aliases, turns, seats = o.get("aliases", {}), o.get("turns", {}), o.get("seats", {})  # older sessions lack them
        for word, value in [*aliases.items(), *((value, value) for value in [*turns, *seats])]:
            if value not in o["choices"]:
                kind = "aliases" if word != value else "turns" if value in turns else "seats"
                spec.fail(("options", name, kind), f"{value!r} is not a choice")
        options[name] = Option(name, o["default"], tuple(o["choices"]), o["section"], o["help"], aliases, turns, seats,
                               o.get("public", True))
    for choice in options["starting"].choices if "starting" in options else ():
        if choice not in s["starting"]:
            spec.fail(("starting",), f"no starting value for reading {choice!r}")
    players = []
    for i, p in enumerate(s["players"]):
        if p["side"] not in sides:
            spec.fail(("players", i, "side"), f"unknown side {p['side']!r}")
        commanded = None if p["units"] == "all" else tuple(p["units"])
        for uid in commanded or ():
            if uid not in units or units[uid].side != p["side"]:
                spec.fail(("players", i, "units"), f"{uid!r} is not a {p['side']} unit")
        players.append(Player(p["id"], p["side"], p["role"], commanded, tuple(p["objectives"])))
    for name, option in options.items():
        for choice, shared in option.seats.items():
            for player_id, count in shared.items():
                at = ("options", name, "seats", choice, player_id)
                found = next((p for p in players if p.id == player_id), None)
                if found is None:
                    spec.fail(at, f"no player {player_id!r} to share")
                    continue
                most = min(SEATS, len(found.units or [uid for uid, unit in units.items() if unit.side == found.side]))
                if not 1 <= count <= most:
                    spec.fail(at, f"{count} players cannot share {player_id}'s units: 1 to {most}")
    return Scenario(
        s["id"], s["ruleset"], s["title"], s["summary"], s["section"], board, clock, types, units, setup,
        tuple(arrivals), tuple(files["reinforcements"].data["random_edges"]), s["target"], dict(s["starting"]),
        options, tuple(players), {key: file.data for key, file in files.items()}, _tunables(files, options),
        s.get("table_minutes"), dict(s.get("tuned", {})),
    )


def _tunables(files: dict[str, _File], options: dict[str, Option]) -> dict[str, Tunable]:
    """The scenario's tunables, each naming a whole number or a word in one of its files (sessions stored
    before them have none)."""
    spec = files["scenario"]
    tunables = {}
    for name, t in spec.data.get("tunables", {}).items():
        if name in options:
            spec.fail(("tunables", name), f"{name!r} is an option's name")
        if t["file"] not in files or t["file"] == "scenario":
            named = ", ".join(key for key in files if key != "scenario")
            spec.fail(("tunables", name, "file"), f"no file {t['file']!r} (files: {named})")
            continue
        at = tuple(t["at"])
        try:
            value = value_at(files[t["file"]].data, at)
        except LookupError as error:
            spec.fail(("tunables", name, "at"), str(error))
            continue
        if not fits(value):
            spec.fail(("tunables", name, "at"), f"the value there is not a word nor {WHOLE}: {value!r}")
        else:
            tunables[name] = Tunable(name, t["file"], at, value, t["section"], t["help"], t.get("public", False))
    return tunables


def _board(file: _File) -> Board:
    spec = file.data
    nodes: dict[str, Node] = {}
    for i, node in enumerate(spec["nodes"]):
        if node["id"] in nodes:
            file.fail(("nodes", i), f"node {node['id']!r} is listed twice")
        nodes[node["id"]] = Node(node["id"], node["x"], node["y"], node["in_play"], node["note"], tuple(node["features"]),
                                 node.get("value", 0))  # sessions stored before `value` lack it

    def known(node_id: str, loc: tuple) -> str:
        if node_id not in nodes:
            file.fail(loc, f"unknown node {node_id!r}")
        return node_id

    links, seen = [], set()
    for i, link in enumerate(spec["links"]):
        pair = frozenset((known(link["a"], ("links", i, "a")), known(link["b"], ("links", i, "b"))))
        if not pair <= nodes.keys():
            continue  # its fault said
        if pair in seen or len(pair) == 1:
            file.fail(("links", i), f"link {link['a']} - {link['b']} is repeated or loops")
        seen.add(pair)
        links.append(Link(link["a"], link["b"], link["kind"]))
    edges = {
        edge: tuple(known(node, ("edges", edge, j)) for j, node in enumerate(members))
        for edge, members in spec["edges"].items()
    }
    targets = {
        t["id"]: Target(t["id"], t["name"], t["kind"],
                        tuple(known(n, ("targets", i, "access")) for n in t["access"]), t["reconstructed"], t["note"])
        for i, t in enumerate(spec["targets"])
    }
    return Board(spec["id"], spec["title"], nodes, tuple(links), targets, edges, spec["reconstructed"], spec["note"],
                 _buildings(file, known), spec["place_inches"])


def _buildings(file: _File, known) -> dict[str, Building]:
    """The map's buildings, each at a known node, each neighbour a building of the map."""
    specs = file.data["buildings"]
    ids = [b["id"] for b in specs]
    buildings = {}
    for i, b in enumerate(specs):
        if b["id"] in buildings:
            file.fail(("buildings", i, "id"), f"building {b['id']!r} is listed twice")
        for j, other in enumerate(b["adjacent"]):
            if other not in ids or other == b["id"]:
                file.fail(("buildings", i, "adjacent", j), f"{other!r} is not another building of the map")
        node = known(b["node"], ("buildings", i, "node"))
        buildings[b["id"]] = Building(b["id"], node, b["kind"], b["value"], tuple(b["adjacent"]))
    return buildings


def _forces(file: _File) -> tuple[dict[str, UnitType], dict[str, Unit]]:
    spec = file.data
    types = {
        name: UnitType(name, t["side"], t["label"], t["strength"], t["movement"], t["section"])
        for name, t in spec["types"].items()
    }
    units: dict[str, Unit] = {}
    for i, u in enumerate(spec["units"]):
        if u["type"] not in types:
            file.fail(("units", i, "type"), f"unknown unit type {u['type']!r}")
        if u["id"] in units:
            file.fail(("units", i, "id"), f"unit {u['id']!r} is listed twice")
        kind = types.get(u["type"]) or UnitType(u["type"], "", u["type"], 0, 0, "")  # its fault said: checked on
        attrs = {"group": u["group"], "note": u["note"], **u["attrs"]}
        if u["armored"]:
            attrs["armored"] = True
        movement = kind.movement if u["movement"] is None else u["movement"]
        strength = kind.strength if u["strength"] is None else u["strength"]
        factors = {"strength": strength, "movement": movement}
        units[u["id"]] = Unit(u["id"], u["name"] or u["id"], kind.side, u["type"], factors, None, RESERVE, attrs)
    return types, units


def _arrivals(file: _File, board: Board, units: dict[str, Unit], clock: Clock, setup: Setup, ruleset: str):
    """The reinforcement groups still to come after the setup, and when every unit arrives; a random edge only
    where the ruleset's rules decide one (`RulesetPlugin.random_edges`)."""
    from referee import rulesets

    random = "random" if rulesets.get(ruleset).random_edges else None
    named = ", ".join(board.edges) or "none"
    arrivals, arriving = [], {}
    for i, group in enumerate(file.data["reinforcements"]):
        try:
            minutes = parse_time(group["time"])
        except ValueError as error:
            file.fail(("reinforcements", i, "time"), str(error))
            minutes = setup.time  # its fault said: checked on
        if group["edge"] == "random" and random is None:
            file.fail(("reinforcements", i, "edge"), f"{ruleset} has no random edges: name one of the map's edges "
                                                     f"({named})")
        elif group["edge"] != random and group["edge"] not in board.edges:
            file.fail(("reinforcements", i, "edge"), f"unknown edge {group['edge']!r} (edges: {named})")
        for j, unit in enumerate(group["units"]):
            if unit not in units:
                file.fail(("reinforcements", i, "units", j), f"unknown unit {unit!r}")
            if unit in arriving:
                file.fail(("reinforcements", i, "units", j), f"{unit} arrives twice")
            arriving[unit] = minutes
        if minutes >= setup.time:
            arrivals.append(Arrival(clock.turn_at(minutes), group["edge"], tuple(group["units"])))
    for k, edge in enumerate(file.data["random_edges"]):
        if random is None:
            file.fail(("random_edges", k), f"{ruleset} has no random edges: leave random_edges out")
        elif edge not in board.edges:
            file.fail(("random_edges", k), f"unknown edge {edge!r}")
    return arrivals, arriving


def _setup(file: _File, key: str, board: Board, units: dict[str, Unit]) -> Setup:
    """Check a setup's nodes and units."""
    spec = file.data["setups"][key]
    seen: set[str] = set()

    def unit_ids(ids: list[str], loc: tuple) -> tuple[str, ...]:
        for j, uid in enumerate(ids):
            if uid not in units:
                file.fail(loc + (j,), f"unknown unit {uid!r}")
            if uid in seen:
                file.fail(loc + (j,), f"{uid} is set up twice")
            seen.add(uid)
        return tuple(ids)

    def node(name: str, loc: tuple) -> str:
        if name not in board.nodes:
            file.fail(loc, f"unknown intersection {name!r}")
        elif not board.nodes[name].in_play:
            file.fail(loc, f"{name} is out of play")
        return name

    base = ("setups", key)
    placement = {node(n, base + ("units", n)): unit_ids(ids, base + ("units", n)) for n, ids in spec["units"].items()}
    destroyed = unit_ids(spec["destroyed"], base + ("destroyed",))
    for j, uid in enumerate(spec["radicalized"]):
        if uid not in seen or uid in destroyed:
            file.fail(base + ("radicalized", j), f"{uid!r} is not a placed unit")
    markers = {node(n, base + ("markers", n)): tuple(m) for n, m in spec["markers"].items()}
    return Setup(parse_time(key), spec["section"], spec["success"], placement, destroyed, tuple(spec["radicalized"]), markers)


def tuned(scenario: Scenario, settings: dict[str, str]) -> Scenario:
    """The scenario with some tunables set (`{name: value as text}`), its files checked again as when loaded."""
    if not settings:
        return scenario
    sources = dict(scenario.sources)
    changed: set[str] = set()
    said = dict(scenario.tuned)
    for name, text in settings.items():
        tunable = scenario.tunables.get(name)
        if tunable is None:
            raise unknown(scenario, name)
        if tunable.file not in changed:
            sources[tunable.file] = copy.deepcopy(sources[tunable.file])
            changed.add(tunable.file)
        container, key = place(sources[tunable.file], tunable.at)
        container[key] = parsed(tunable, text)  # type: ignore[index]
        printed = said.get(name, {}).get("printed", tunable.value)
        said[name] = {"value": container[key], "printed": printed}  # type: ignore[index]
    sources["scenario"] = {**sources["scenario"], "tuned": {name: v for name, v in said.items() if v["value"] != v["printed"]}}
    try:
        return from_sources(checked_sources(sources, changed))
    except RefereeError as error:
        given = ", ".join(f"{name}={text}" for name, text in settings.items())
        raise RefereeError(f"{scenario.id} with {given}: {error}") from None
