"""Barricades and Flo (3.3) as a player knows them: his own side's as they are, the other side's as last seen."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.knowledge.view import MarkerSeen
from referee.rulesets.n30.knowledge.watch import Watch
from referee.rulesets.n30.rules.phases import PROTESTERS

BUILDERS = PROTESTERS  # 3.3: protester units build barricades and drop Flo


def markers(ctx: Context, state: GameState, side: str, watch: Watch | None) -> tuple[MarkerSeen, ...]:
    """In map order: the builders, and everyone without hidden movement, know them as they are now."""
    if side == BUILDERS or watch is None:
        known, now = {node: (marks, state.turn) for node, marks in state.markers.items()}, True
    else:
        known, now = watch.markers, False
    nodes, label = ctx.scenario.board.nodes, ctx.scenario.clock.reading
    return tuple(MarkerSeen(node, marker, BUILDERS, turn, label(turn), now)
                 for node, (marks, turn) in sorted(known.items(), key=lambda item: (nodes[item[0]].y, nodes[item[0]].x))
                 for marker in marks)
