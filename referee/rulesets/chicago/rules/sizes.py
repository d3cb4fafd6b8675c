"""BREAKING DOWN AND BUILDING UP UNITS 1: the counters of a box built up for reading. Three platoons or groups of
the same kind (the same conflict and movement numbers) make a company or a crowd, three Guard companies a
battalion; Tac platoons stay platoons (TAC UNITS). The rules count in platoons and groups (D): this is only how
a stack reads."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.units import Unit
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.units import SIZES, TYPES
from referee.text import plural

#: each type's names for a large and a small unit (None: it has no large one)
NAMES: dict[str, tuple[str | None, str]] = {"police": ("company", "platoon"), "tac": (None, "platoon"),
                                            "guard": ("battalion", "company"), "demonstrator": ("crowd", "group")}
MANY = {"company": "companies"}
LARGE = SIZES[-1]  # three platoons or groups to a company or crowd


def built_up(kind: str, n: int) -> str:
    """`n` counters of a kind as the fewest units: "1 company + 1 platoon", "2 crowds"."""
    type_name = forces.KINDS[kind][0]
    large, small = NAMES[type_name]
    many, few = divmod(n, LARGE) if large and LARGE in TYPES[type_name].sizes else (0, n)
    parts = ([plural(many, large, MANY.get(large, ""))] if many and large else []) + (
        [plural(few, small, MANY.get(small, ""))] if few else [])
    return " + ".join(parts) or "none"


def counted(units: Iterable[Unit]) -> dict[str, int]:
    """Counters counted by kind, in the mix's order (P1 P2 P3 Tac NG G1 .. G4)."""
    found: dict[str, int] = {}
    for unit in units:
        found[forces.kind(unit)] = found.get(forces.kind(unit), 0) + 1
    return {kind: found[kind] for kind in forces.KINDS if kind in found}


def reading(units: Iterable[Unit]) -> list[str]:
    """Each kind of counter among the units, built up: ["P1: 1 company + 1 platoon", "G3: 2 crowds"]."""
    return [f"{kind}: {built_up(kind, n)}" for kind, n in counted(units).items()]


def short(units: Iterable[Unit]) -> str:
    """The units counted by kind, tight for the map: "P1×4 G3×6"."""
    return " ".join(f"{kind}×{n}" for kind, n in counted(units).items())
