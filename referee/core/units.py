"""Units: a counter or figure on the map, with its factors and hidden attributes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ACTIVE = "active"
DESTROYED = "destroyed"
RESERVE = "reserve"
OFF_MAP = "off-map"
STATUSES = (ACTIVE, DESTROYED, RESERVE, OFF_MAP)
REMOVED = "removed"  # out of the game, as Battle of Seattle and Chicago-Chicago say it (their own status)
LOST = (DESTROYED, REMOVED)
"""The statuses of a unit out of the game for good: what the review counts as lost."""


@dataclass(slots=True)
class Unit:
    """A unit; `attrs` holds what the rules track on it (locked, faction, face down...).

    A value: the rules make changed copies and never change a unit in place (it is not a
    frozen dataclass only because those are several times slower to make).
    """

    id: str
    name: str
    side: str
    type: str
    factors: dict[str, int]
    node: str | None = None
    status: str = ACTIVE
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def site(self) -> str:
        """The node of a unit known to be on the map (for one off it, an error)."""
        if self.node is None:
            raise ValueError(f"{self.id} is not on the map ({self.status})")
        return self.node

    def with_attrs(self, **changes: Any) -> Unit:
        """A copy with some attributes changed."""
        return Unit(self.id, self.name, self.side, self.type, self.factors, self.node, self.status, {**self.attrs, **changes})

    def placed(self, node: str | None, status: str, attrs: dict[str, Any] | None = None) -> Unit:
        """A copy at another node or with another status (and other attributes, if given)."""
        return Unit(self.id, self.name, self.side, self.type, self.factors, node, status,
                    self.attrs if attrs is None else attrs)

    def retyped(self, unit_type: str) -> Unit:
        """A copy of another type (an unorganized cluster radicalized, say)."""
        return Unit(self.id, self.name, self.side, unit_type, self.factors, self.node, self.status, self.attrs)

    def to_json(self) -> dict:
        return {
            "id": self.id, "name": self.name, "side": self.side, "type": self.type,
            "factors": self.factors, "node": self.node, "status": self.status, "attrs": self.attrs,
        }

    @classmethod
    def from_json(cls, data: dict) -> Unit:
        return cls(data["id"], data["name"], data["side"], data["type"], data["factors"],
                   data["node"], data["status"], data["attrs"])
