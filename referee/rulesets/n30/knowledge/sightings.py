"""The other side as a player knows it: a sighting per opposing stack, then last sightings, in map order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.core.engine import Context
from referee.core.state import GameState
from referee.knowledge.view import Sighting
from referee.rulesets.n30.knowledge.watch import CONTACT, OBSERVED, Glimpse, Watch, fact


def _source(sources) -> str:
    return CONTACT if CONTACT in sources else OBSERVED


def stacks_seen(state: GameState, other: str, watch: Watch | None,
                nodes: Iterable[str] | None = None) -> Iterator[tuple[str, tuple[str, ...], dict[str, str]]]:
    """Each stack of `other` (at `nodes` only, where given) as the watching side sees it now: its intersection, the
    stack, and the units identified there, each with how (without a watch, every unit, observed). `shown` says what
    the stack shows."""
    stacks = state.stacks[other]
    for node in stacks if nodes is None else nodes:
        stack = stacks.get(node)
        if stack:
            yield node, stack, dict.fromkeys(stack, OBSERVED) if watch is None else watch.known.get(node, {})


def shown(state: GameState, stack: tuple[str, ...], known: dict[str, str], watch: Watch | None) -> Glimpse:
    """What a stack of the other side shows the watching side: everything without a watch."""
    if watch is None:
        return Glimpse(len(stack), sum(state.units[uid].factors["strength"] for uid in stack), stack[0])
    return watch.glimpse(state, stack, known)


def _current(ctx: Context, state: GameState, other: str, watch: Watch | None) -> list[tuple[tuple, Sighting]]:
    time = ctx.scenario.clock.reading(state.turn)
    seen = []
    for node, stack, known in stacks_seen(state, other, watch):
        glimpse = shown(state, stack, known, watch)
        top = fact(state, glimpse.top, ctx) if glimpse.top else None
        units = tuple(fact(state, uid, ctx) for uid in sorted(known))
        seen.append(((0, 0), Sighting(node, other, state.turn, time, _source(known.values()), glimpse.count,
                                 glimpse.strength, top, units, True)))
    return seen


def _last(ctx: Context, other: str, watch: Watch) -> list[tuple[tuple, Sighting]]:
    groups: dict[tuple[int, str], list] = {}
    for past in watch.past.values():
        groups.setdefault((past.moment, past.node), []).append(past)
    seen = []
    for (moment, node), pasts in groups.items():
        first, glimpse = pasts[0], pasts[0].glimpse
        units = tuple(sorted((p.fact for p in pasts), key=lambda f: f.id))
        top = next((f for f in units if f.id == glimpse.top), None)
        seen.append(((1, -moment), Sighting(node, other, first.turn, ctx.scenario.clock.reading(first.turn),
                                       _source([p.source for p in pasts]), glimpse.count, glimpse.strength,
                                       top, units, False)))
    return seen


def sightings(ctx: Context, state: GameState, other: str, watch: Watch | None) -> tuple[Sighting, ...]:
    """Map order (north to south, west to east); at one node the present first, then the latest last sighting."""
    nodes = ctx.scenario.board.nodes
    found = _current(ctx, state, other, watch) + (_last(ctx, other, watch) if watch else [])

    def place(item: tuple[tuple, Sighting]) -> tuple:
        order, sighting = item
        node = nodes[sighting.node]
        return node.y, node.x, sighting.node, order

    return tuple(sighting for _, sighting in sorted(found, key=place))
