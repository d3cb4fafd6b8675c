"""Moving a group at once (a stack, or the reinforcements waiting at one edge) toward one intersection."""

from __future__ import annotations

from referee.core.state import GameState
from referee.core.units import OFF_MAP, Unit


def group_of(state: GameState, side: str, node: str, selected: Unit | None) -> list[str]:
    """The units that move together: the reinforcements waiting at the selected one's edge, or the
    side's units at `node`; only those that have not moved this turn."""
    moved = set(state.local.get("moved", ()))
    if selected is not None and selected.status == OFF_MAP and selected.side == side:
        edge = selected.attrs.get("edge")
        units = [u.id for u in state.units.values() if u.side == side and u.status == OFF_MAP and u.attrs.get("edge") == edge]
    else:
        units = list(state.stacks.get(side, {}).get(node, ()))
    return [uid for uid in units if uid not in moved]
