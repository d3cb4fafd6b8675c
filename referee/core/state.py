"""The game state: a frozen value, changed only by folding events into a new one."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.core.units import ACTIVE, Unit


@dataclass(frozen=True, slots=True)
class GameState:
    """Where everything stands. `stacks[side][node]` lists unit ids top first.

    `local` holds what a ruleset tracks within a turn (chosen nodes, moved units...), as a
    JSON-ready dict the ruleset owns.
    """

    turn: int
    phase: str
    units: dict[str, Unit]
    stacks: dict[str, dict[str, tuple[str, ...]]]
    markers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    local: dict[str, Any] = field(default_factory=dict)
    over: bool = False
    winner: str | None = None

    def unit(self, unit_id: str) -> Unit:
        return self.units[unit_id]

    def at(self, node: str, side: str | None = None) -> list[Unit]:
        """Units in a node (of one side, or all sides), each side's stack top first."""
        sides = (side,) if side else tuple(self.stacks)
        return [self.units[uid] for s in sides for uid in self.stacks.get(s, {}).get(node, ())]

    def stack_index(self, unit: Unit) -> int | None:
        """A unit's place in its side's stack at its node, 0 on top."""
        if unit.node is None or unit.status != ACTIVE:
            return None
        return self.stacks[unit.side][unit.node].index(unit.id)

    def occupied(self, side: str) -> set[str]:
        """Nodes holding at least one unit of a side."""
        return {node for node, ids in self.stacks.get(side, {}).items() if ids}

    def to_json(self) -> dict:
        return {
            "turn": self.turn, "phase": self.phase,
            "units": [unit.to_json() for unit in self.units.values()],
            "stacks": {side: {node: list(ids) for node, ids in nodes.items()} for side, nodes in self.stacks.items()},
            "markers": {node: list(marks) for node, marks in self.markers.items()},
            "scores": self.scores, "local": self.local, "over": self.over, "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: dict) -> GameState:
        return cls(
            turn=data["turn"], phase=data["phase"],
            units={raw["id"]: Unit.from_json(raw) for raw in data["units"]},
            stacks={side: {node: tuple(ids) for node, ids in nodes.items()} for side, nodes in data["stacks"].items()},
            markers={node: tuple(marks) for node, marks in data["markers"].items()},
            scores=data["scores"], local=data["local"], over=data["over"], winner=data["winner"],
        )


def relocate(state: GameState, unit: Unit, node: str | None, status: str = ACTIVE) -> GameState:
    """Take a unit off its stack and, if `node` is given and it is active, put it at the bottom of that node's."""
    side_stacks = dict(state.stacks[unit.side])
    if unit.node is not None and unit.status == ACTIVE:
        remaining = tuple(uid for uid in side_stacks[unit.node] if uid != unit.id)
        if remaining:
            side_stacks[unit.node] = remaining
        else:
            del side_stacks[unit.node]
    if node is not None and status == ACTIVE:
        side_stacks[node] = side_stacks.get(node, ()) + (unit.id,)
    units = dict(state.units)
    units[unit.id] = replace(unit, node=node, status=status)
    return replace(state, units=units, stacks={**state.stacks, unit.side: side_stacks})


def update_unit(state: GameState, unit: Unit) -> GameState:
    """Replace a unit's record where it stands (no change of place)."""
    return replace(state, units={**state.units, unit.id: unit})


def restack(state: GameState, side: str, node: str, order: tuple[str, ...]) -> GameState:
    """Put a side's stack at a node in a new order (top first)."""
    return replace(state, stacks={**state.stacks, side: {**state.stacks[side], node: order}})
