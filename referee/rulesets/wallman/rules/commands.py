"""The Wallman umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field

from referee.bounds import FIGURES
from referee.rules.commands import (
    SHARED,
    TABLE,
    Checks,
    Command,
    Counts,
    Name,
    Names,
    PlaceRef,
    Small,
    SomeNames,
    Text,
    UnitRef,
    whole,
)
from referee.rulesets.wallman.rules.clashes import GasKind


class UnitTo(Command):
    """`{"do": "move", "unit", "to", "run"}`."""

    unit: UnitRef
    to: PlaceRef
    run: NotRequired[bool]


class Order(Command):
    """`{"do": "order", "officer", "to", "text", "megaphone"}`."""

    officer: UnitRef
    to: UnitRef
    text: NotRequired[Text]
    megaphone: NotRequired[bool]


class ReturnFire(Command):
    """`{"do": "return-fire", "unit", "at"}`."""

    unit: UnitRef
    at: PlaceRef


class CrowdCommand(Command):
    """`drift`: one crowd."""

    crowd: UnitRef


class CrowdTo(CrowdCommand):
    """`{"do": "crowd-move", "crowd", "to"}`."""

    to: PlaceRef


class RL(CrowdCommand):
    """`{"do": "rl", "crowd", "modifiers", "why"}`."""

    modifiers: NotRequired[Counts]
    why: NotRequired[Text]


class Negotiate(CrowdCommand):
    """`{"do": "negotiate", "officer", "crowd", "megaphone", "discretion"}`."""

    officer: UnitRef
    megaphone: NotRequired[bool]
    discretion: NotRequired[Small]


class Split(CrowdCommand):
    """`{"do": "split", "crowd", "figures", "new", "looters"}`."""

    figures: Annotated[int, whole(1, FIGURES)]
    new: Name
    looters: NotRequired[Annotated[int, whole(0, FIGURES)]]


class Merge(CrowdCommand):
    """`{"do": "merge", "crowd", "into"}`."""

    into: UnitRef


class UnitCrowd(Command):
    """A security unit acting on a crowd."""

    unit: UnitRef
    crowd: UnitRef


class Fight(UnitCrowd):
    """`{"do": "fight", "unit", "crowd", "intent", "charging", "modifiers", "crowd_modifiers"}`."""

    intent: NotRequired[Name]
    charging: NotRequired[bool]
    defending: NotRequired[bool]
    modifiers: NotRequired[Names]
    crowd_modifiers: NotRequired[Names]


class Shoot(UnitCrowd):
    """`{"do": "shoot", "unit", "crowd", "firers", "automatic"}`."""

    firers: NotRequired[Annotated[int, whole(1, FIGURES)]]
    automatic: NotRequired[bool]


class Gas(Command):
    """`{"do": "gas", "unit", "at", "kind"}`."""

    unit: UnitRef
    at: PlaceRef
    kind: NotRequired[GasKind]


class Overreaction(Command):
    """`{"do": "overreaction", "unit", "modifiers"}`."""

    unit: UnitRef
    modifiers: NotRequired[Counts]


class Snipe(Command):
    """`{"do": "snipe", "from", "target"}`."""

    from_: Annotated[PlaceRef, Field(alias="from")]
    target: UnitRef


class Premises(CrowdCommand):
    """`damage`, `loot`: a crowd at a building."""

    building: Name


class Fire(Command):
    """`{"do": "fire", "building", "crowd"}` (no crowd: at the umpire's word)."""

    building: Name
    crowd: NotRequired[UnitRef]


class Hydrant(Command):
    """`{"do": "hydrant", "engine"}`."""

    engine: UnitRef


class Firefight(Hydrant):
    """`{"do": "firefight", "engine", "building"}`."""

    building: Name


class Triage(Command):
    """`{"do": "triage", "medic", "casualty"}`."""

    medic: UnitRef
    casualty: Name


class Evacuate(Command):
    """`{"do": "evacuate", "ambulance", "casualties": [...]}`."""

    ambulance: UnitRef
    casualties: SomeNames


SCHEMAS: dict[str, Any] = SHARED | TABLE | {
    "move": UnitTo, "order": Order, "return-fire": ReturnFire, "crowd-move": CrowdTo, "drift": CrowdCommand, "rl": RL,
    "negotiate": Negotiate, "split": Split,
    "merge": Merge, "fight": Fight, "shoot": Shoot, "gas": Gas, "overreaction": Overreaction, "snipe": Snipe,
    "damage": Premises, "loot": Premises, "fire": Fire, "firefight": Firefight, "hydrant": Hydrant,
    "triage": Triage, "evacuate": Evacuate,
}
CHECKS = Checks(SCHEMAS)
