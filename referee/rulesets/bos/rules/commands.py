"""The Battle of Seattle umpire's commands as schemas: the keys each verb reads, their types and bounds."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from referee.rules.commands import (
    SHARED,
    TABLE,
    Checks,
    Command,
    Counts,
    Name,
    PlaceRef,
    PlaceRefs,
    Small,
    SomeUnitRefs,
    UnitRef,
    UnitRefs,
    one_of,
)


class Unit(Command):
    """`barricade`, `lose`: one unit."""

    unit: UnitRef


class Move(Command):
    """`{"do": "move", "unit", "to"}` or `"path": [...]`."""

    unit: UnitRef
    to: NotRequired[PlaceRef]
    path: NotRequired[PlaceRefs]


class Place(Command):
    """`{"do": "place", "unit", "to"}`; no `to` for a Crowd held until the Morning (7.1)."""

    unit: UnitRef
    to: NotRequired[PlaceRef]


@with_config(ConfigDict(extra="forbid", strict=True))
class Take(TypedDict, total=False):
    """How many of each kind of EI reinforcement due a side takes (4.21): no other key."""

    group: Small
    crowd: Small
    spd: Small


class Reinforce(Command):
    """`{"do": "reinforce", "take": {"group": n, "crowd": n, "spd": n}, "remove": [...]}`."""

    take: NotRequired[Take]
    remove: NotRequired[UnitRefs]


class Emergency(Command):
    """`{"do": "emergency", "units": {"spd": n, "national_guard": n, "state_trooper": n}}`."""

    units: Counts


class Fight(Command):
    """`{"do": "combat", "attackers", "defenders", "munitions", "choices", "group_ei"}`."""

    attackers: SomeUnitRefs
    defenders: SomeUnitRefs
    munitions: NotRequired[UnitRefs]
    choices: NotRequired[dict[Literal["attack", "counterattack"], Name]]
    group_ei: NotRequired[Literal["authority", "protester"]]


class Escalate(Command):
    """`{"do": "escalate", "stage"}`."""

    stage: Literal[2, 3]


SCHEMAS: dict[str, Any] = SHARED | TABLE | {
    "events": Command, "reinforce": Reinforce, "place": Place, "emergency": Emergency, "lose": Unit,
    "move": one_of(Move, "to", "path"), "barricade": Unit, "combat": Fight, "escalate": Escalate,
    "extend": Command,
}
CHECKS = Checks(SCHEMAS)
