"""The Wallman umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from referee.rules.bounds import FIGURES
from referee.rules.commands import SHARED, Bare, Command, Counts, Name, Names, Small, SomeNames, Text, whole
from referee.rules.wallman.clashes import GAS


class UnitTo(Command):
    """`{"do": "move", "unit", "to"}`."""

    unit: Name
    to: Name


class CrowdCommand(Command):
    """`drift`: one crowd."""

    crowd: Name


class CrowdTo(CrowdCommand):
    """`{"do": "crowd-move", "crowd", "to"}`."""

    to: Name


class RL(CrowdCommand):
    """`{"do": "rl", "crowd", "modifiers", "why"}`."""

    modifiers: Counts = {}
    why: Text = ""


class Negotiate(CrowdCommand):
    """`{"do": "negotiate", "officer", "crowd", "megaphone", "discretion"}`."""

    officer: Name
    megaphone: bool = False
    discretion: Small = 0


class Split(CrowdCommand):
    """`{"do": "split", "crowd", "figures", "new", "looters"}`."""

    figures: whole(1, FIGURES)
    new: Name
    looters: whole(0, FIGURES) = 0


class Merge(CrowdCommand):
    """`{"do": "merge", "crowd", "into"}`."""

    into: Name


class UnitCrowd(Command):
    """A security unit acting on a crowd."""

    unit: Name
    crowd: Name


class Fight(UnitCrowd):
    """`{"do": "fight", "unit", "crowd", "intent", "charging", "modifiers", "crowd_modifiers"}`."""

    intent: Name = "beat"
    charging: bool = False
    modifiers: Names = []
    crowd_modifiers: Names = []


class Shoot(UnitCrowd):
    """`{"do": "shoot", "unit", "crowd", "firers", "automatic"}`."""

    firers: whole(1, FIGURES) = None
    automatic: bool = False


class Gas(Command):
    """`{"do": "gas", "unit", "at", "kind"}`."""

    unit: Name
    at: Name
    kind: Literal[GAS] = "tear_gas"


class Overreaction(Command):
    """`{"do": "overreaction", "unit", "modifiers"}`."""

    unit: Name
    modifiers: Counts = {}


class Snipe(Command):
    """`{"do": "snipe", "from", "target"}`."""

    from_: Name = Field(alias="from")
    target: Name


class Premises(CrowdCommand):
    """`damage`, `loot`: a crowd at a building."""

    building: Name


class Fire(Command):
    """`{"do": "fire", "building", "crowd"}` (no crowd: at the umpire's word)."""

    building: Name
    crowd: Name = None


class Hydrant(Command):
    """`{"do": "hydrant", "engine"}`."""

    engine: Name


class Firefight(Hydrant):
    """`{"do": "firefight", "engine", "building"}`."""

    building: Name


class Triage(Command):
    """`{"do": "triage", "medic", "casualty"}`."""

    medic: Name
    casualty: Name


class Evacuate(Command):
    """`{"do": "evacuate", "ambulance", "casualties": [...]}`."""

    ambulance: Name
    casualties: SomeNames


SCHEMAS: dict[str, type[Bare]] = SHARED | {
    "move": UnitTo, "crowd-move": CrowdTo, "drift": CrowdCommand, "rl": RL, "negotiate": Negotiate, "split": Split,
    "merge": Merge, "fight": Fight, "shoot": Shoot, "gas": Gas, "overreaction": Overreaction, "snipe": Snipe,
    "damage": Premises, "loot": Premises, "fire": Fire, "firefight": Firefight, "hydrant": Hydrant,
    "triage": Triage, "evacuate": Evacuate,
}
