"""What a side sees of the other on a map of areas or boxes, open or under fog (a double-blind game): under fog,
the places where it has units and those next to them; of the rest, what it saw last, dated. Battle of Seattle's
and Chicago-Chicago's knowledge share it; Wallman's names its places out of sight by `unseen` too."""

from __future__ import annotations

from collections.abc import Callable

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import Unit
from referee.knowledge.view import Sighting, UnitFact
from referee.text import numbered

OBSERVED, CONTACT = "observed", "contact"


def sight(ctx: Context, state: GameState, side: str, fog: bool) -> set[str]:
    """The places a side sees: every place, or under fog those it holds and the ones next to them."""
    board = ctx.scenario.board
    if not fog:
        return set(board.nodes)
    held = {node for node, ids in state.stacks[side].items() if ids}
    return held | {near for node in held for near in board.adjacency[node]}


def unseen(ctx: Context, sight: set[str]) -> tuple[str, ...]:
    """The places out of `sight`, in map order (north to south, west to east): not known to be empty."""
    nodes = ctx.scenario.board.nodes
    return tuple(sorted((node for node in nodes if node not in sight), key=lambda node: (nodes[node].y, nodes[node].x)))


class Eyes:
    """What one side has seen of the other's units on the map: each unit's place, the turn it was last seen there
    and what `notes(unit)` could then be seen of it. What was seen in sight and is gone from there is forgotten."""

    def __init__(self, side: str, enemy: str, notes: Callable[[Unit], tuple[str, ...]] = lambda unit: ()):
        self.side, self.enemy, self.notes = side, enemy, notes
        self.units: dict[str, tuple[str, int, tuple[str, ...]]] = {}

    def look(self, state: GameState, sight: set[str]) -> None:
        """Refresh everything in `sight`; keep the rest as last seen."""
        for uid in [uid for uid, (node, *_) in self.units.items() if node in sight]:
            del self.units[uid]
        for node in sight:
            for uid in state.stacks[self.enemy].get(node, ()):
                self.units[uid] = (node, state.turn, self.notes(state.units[uid]))


def sightings(ctx: Context, state: GameState, eyes: Eyes, sight: set[str]) -> tuple[Sighting, ...]:
    """The other side's units as last seen, grouped by place and turn, each with what was seen of it; in map order
    (north to south, west to east), the present first; `contact` where the side stands in the place itself."""
    nodes, label = ctx.scenario.board.nodes, ctx.scenario.clock.label
    groups: dict[tuple[str, int], list[str]] = {}
    for uid, (node, turn, _) in eyes.units.items():
        groups.setdefault((node, turn), []).append(uid)
    found = []
    for (node, turn), uids in groups.items():
        units = [state.units[uid] for uid in sorted(uids, key=numbered)]
        current = node in sight
        source = CONTACT if current and state.stacks[eyes.side].get(node) else OBSERVED
        facts = tuple(UnitFact(u.id, u.name, u.type, notes=eyes.units[u.id][2]) for u in units)
        found.append(Sighting(node, eyes.enemy, turn, label(turn), source, len(units),
                              sum(u.factors["strength"] for u in units), None, facts, current))
    return tuple(sorted(found, key=lambda s: (nodes[s.node].y, nodes[s.node].x, s.node, not s.current, -s.seen_turn)))
