"""The game state: a value the rules read and only the fold changes, one private copy per command."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.units import ACTIVE, Unit


@dataclass(slots=True)
class GameState:
    """Where everything stands. `stacks[side][node]` lists unit ids top first.

    `local` holds what a ruleset tracks within a turn (chosen nodes, moved units...), as a
    JSON-ready dict the ruleset owns. The values in `local` and `stacks` are replaced, never
    changed in place. A state
    handed out is never changed: the engine folds a command's events into a `thawed()` copy (see
    `referee.core.engine`), which is cheaper than rebuilding a frozen value for every event.
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
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    """The table's names the umpire gave (`rename`): {"units": {id: name}, "players": {id: name}}, only those
    renamed. No rule reads them: what a player sees of them is his knowledge's (referee.knowledge.names)."""
    handed: dict[str, str] = field(default_factory=dict)
    """Who commands each player's share of his side's units that the umpire handed to another (`hand`,
    referee.rules.handing): {player: commander}. No rule reads it: only who is told what, and who may order what."""

    def thawed(self) -> GameState:
        """A copy whose containers the fold may change in place; this state stays as it is."""
        return GameState(
            self.turn, self.phase, self.units.copy(), self.stacks.copy(),
            self.markers.copy(), self.scores.copy(), self.local.copy(), self.over, self.winner, self.names,
            self.handed,
        )

    def at(self, node: str, side: str | None = None) -> list[Unit]:
        """Units in a node (of one side, or all sides), each side's stack top first."""
        if side:
            return [self.units[uid] for uid in self.stacks.get(side, {}).get(node, ())]
        return [self.units[uid] for stacks in self.stacks.values() for uid in stacks.get(node, ())]

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
            **({"names": self.names} if self.names else {}),  # a session never renamed keeps the JSON it always had
            **({"handed": self.handed} if self.handed else {}),
        }

    @classmethod
    def from_json(cls, data: dict) -> GameState:
        return cls(
            turn=data["turn"], phase=data["phase"],
            units={raw["id"]: Unit.from_json(raw) for raw in data["units"]},
            stacks={side: {node: tuple(ids) for node, ids in nodes.items()} for side, nodes in data["stacks"].items()},
            markers={node: tuple(marks) for node, marks in data["markers"].items()},
            scores=data["scores"], local=data["local"], over=data["over"], winner=data["winner"],
            names=data.get("names", {}), handed=data.get("handed", {}),
        )


def relocate(state: GameState, unit: Unit, node: str | None, status: str = ACTIVE,
             attrs: dict[str, Any] | None = None) -> None:
    """In a thawed state: take a unit off its stack and, if it stays active at `node`, put it at the bottom there
    (with new attributes, if given).

    A side's stacks are copied, not changed, so that a side whose units do not move keeps the same dict.
    """
    side_stacks = state.stacks[unit.side] = dict(state.stacks[unit.side])
    if unit.node is not None and unit.status == ACTIVE:
        stack = side_stacks[unit.node]
        place = stack.index(unit.id)
        remaining = stack[:place] + stack[place + 1:]
        if remaining:
            side_stacks[unit.node] = remaining
        else:
            del side_stacks[unit.node]
    if node is not None and status == ACTIVE:
        side_stacks[node] = side_stacks.get(node, ()) + (unit.id,)
    state.units[unit.id] = unit.placed(node, status, attrs)
