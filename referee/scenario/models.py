"""The shapes of scenario files, checked with pydantic (see scenarios/README.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class NodeSpec(_Strict):
    id: str
    x: float = 0
    y: float = 0
    in_play: bool = True
    note: str = ""
    features: list[str] = []  # e.g. "hydrant"
    value: int = Field(0, ge=0)  # a number the ruleset reads of the place, e.g. an Exposure Value


class LinkSpec(_Strict):
    a: str
    b: str
    kind: str = "street"
    note: str = ""


class TargetSpec(_Strict):
    id: str
    name: str
    kind: str
    access: list[str]
    reconstructed: bool = False
    note: str = ""


class BuildingSpec(_Strict):
    id: str
    node: str
    kind: str
    value: int = Field(ge=0)
    adjacent: list[str] = []
    note: str = ""


class MapFile(_Strict):
    id: str
    title: str
    reconstructed: bool = False
    note: str = ""
    nodes: list[NodeSpec]
    links: list[LinkSpec]
    edges: dict[str, list[str]] = {}
    targets: list[TargetSpec] = []
    buildings: list[BuildingSpec] = []
    place_inches: int = Field(0, ge=0)  # table inches between neighbouring places, where the rules move by inches


class TypeSpec(_Strict):
    side: str
    label: str
    strength: int = Field(0, ge=0)
    movement: int = Field(1, ge=0)
    section: str = ""


class UnitSpec(_Strict):
    id: str
    type: str
    name: str | None = None
    group: str = ""
    movement: int | None = Field(None, ge=0)
    strength: int | None = Field(None, ge=0)
    armored: bool = False
    note: str = ""
    attrs: dict[str, str | int | bool] = {}  # hidden attributes it starts with


class ForcesFile(_Strict):
    types: dict[str, TypeSpec]
    units: list[UnitSpec]


class SetupSpec(_Strict):
    section: str = ""
    success: int = 0
    units: dict[str, list[str]] = {}
    destroyed: list[str] = []
    radicalized: list[str] = []
    markers: dict[str, list[str]] = {}


class SetupsFile(_Strict):
    setups: dict[str, SetupSpec]


class GroupSpec(_Strict):
    time: str
    edge: str
    units: list[str]
    note: str = ""


class ReinforcementsFile(_Strict):
    random_edges: list[str] = []
    section: str = ""
    reinforcements: list[GroupSpec] = []


class OptionSpec(_Strict):
    default: str
    choices: list[str]
    section: str = ""
    help: str = ""
    aliases: dict[str, str] = {}  # other words for a choice: {"yes": "on"}
    turns: dict[str, int] = {}  # the game's length in turns under a choice, where it changes it
    seats: dict[str, dict[str, int]] = {}  # under a choice, how many players share each named player's units
    public: bool = True  # whether the players may know the choice: the sheets say a choice other than the default


class PlayerSpec(_Strict):
    id: str
    side: str
    role: str = ""
    units: Literal["all"] | list[str] = "all"
    objectives: list[str] = []


class TunableSpec(_Strict):
    file: str  # which of the scenario's files: "board", "forces", "setups", "reinforcements", or one of `files`
    at: list[str | int] = Field(min_length=1)  # the value's place: keys, list positions, or the id of a list's item
    section: str = ""
    help: str = ""
    public: bool = False  # whether the players may know it (their sheets or tables print it): the sheets say it set


class ScenarioFile(_Strict):
    id: str
    ruleset: str
    title: str
    section: str = ""
    summary: str = ""
    board: str
    forces: str
    setups: str
    reinforcements: str
    setup: str
    start: str
    minutes: int = Field(gt=0)
    turns: int = Field(gt=0)
    table_minutes: int | None = Field(default=None, gt=0)  # about how long its play takes at the table, as
    # benchmarks/playing_time.py measures it (None: not measured; sessions stored before it lack it)
    dial: Literal[12, 24] = 12  # how times are printed: 7:40 (12) or 22:40 (24)
    turn_names: list[str] = []  # the turns as the text names them ("Morning, 30 November"), instead of times
    target: int
    starting: dict[str, int]
    options: dict[str, OptionSpec] = {}
    players: list[PlayerSpec]
    files: dict[str, str] = {}  # further data the ruleset reads, by name (paths like the board's), kept in sessions
    tunables: dict[str, TunableSpec] = {}  # values `referee simulate --sweep` may vary, by name
