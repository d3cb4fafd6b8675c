"""The phase's checklist (3.2, 4.1-4.22, 5.0, 5.1, 6.1): what the Random Events and Reinforcement Phase still
requires, in its order; the areas whose units may still move (or reaction-move, while the limit allows); and the
areas where a Combat Phase may still be fought."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import Unit
from referee.rules.todo import Item
from referee.rulesets.bos.rules import events, forces, movement
from referee.rulesets.bos.rules.arrivals import choosable, pending_loss, yahoos_arriving
from referee.rulesets.bos.rules.phases import EVENTS, FIGHTER, MOVER, REACTOR
from referee.rulesets.bos.rules.units import other
from referee.text import plural

POOL_NAME = "the Reserve Pool"
"""Where the checklist says Authority units wait to move onto the map."""


def todo(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """What the rules leave to do in this phase, required first, each in the order the rules take them."""
    if state.over:
        return ()
    if state.phase == EVENTS:
        return _events_phase(ctx, state)
    mover = MOVER.get(state.phase) or REACTOR.get(state.phase)
    if mover:
        what, section = ("units to move", "5.0") if state.phase in MOVER else ("a reaction move", "5.1")
        pooled = (Item(what, section, required=False, key="m", subject=POOL_NAME),) if pool_movable(ctx, state, mover) else ()
        return tuple(Item(what, section, required=False, node=node, key="m") for node in movable(ctx, state, mover)) + pooled
    side = FIGHTER.get(state.phase)
    if side is None:
        return ()
    return tuple(Item("combat", "6.1", required=False, node=node, key="c") for node in contested(ctx, state, side))


def movable(ctx: Context, state: GameState, side: str) -> list[str]:
    """The areas, in the board's order, holding a unit of `side` the rules let move (or reaction-move) now: one move
    at least that movement.refused lets pass (5.0, 5.1, 5.2)."""
    def free(unit: Unit) -> bool:
        return any(movement.refused(ctx, state, unit, to) is None for to in movement.paths(ctx, state, unit))

    return [node for node in ctx.scenario.board.nodes if any(free(unit) for unit in state.at(node, side))]


def pool_movable(ctx: Context, state: GameState, side: str) -> bool:
    """Whether a unit of `side` in the Reserve Pool may move onto the map now (5.0, 5.1)."""
    return any(movement.refused(ctx, state, unit, to) is None for unit in state.units.values()
               if unit.side == side and unit.status == forces.RESERVE for to in ctx.scenario.board.nodes)


def _events_phase(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """3.2: the event rolled and applied, then both sides' reinforcements (4.21); then, the Authority's choice,
    emergency reinforcements (4.22); the units the event takes or brings, and the reinforcements to place (4.2)."""
    rolled, reinforced = state.local["roll"] is not None, state.local["reinforced"]
    items = [] if rolled else [Item("roll the random event", "4.1", key="r", short="roll the event")]
    loss = pending_loss(state)
    if loss:
        items.append(Item(f"remove the {loss} unit the event takes", "4.1", key="l", short=f"remove a {loss}"))
    yahoos = yahoos_arriving(ctx, state)
    if yahoos:
        count = min(state.local["allowance"]["count"], len(yahoos))
        items.append(Item(f"place {plural(count, 'Yahoo')}", events.EVENTS["beavis"].section, key="p"))
    if not reinforced:
        items.append(Item("then reinforcements" if not rolled else "reinforcements", "4.21", key="i",
                          short="reinforcements"))
    if any(unit.attrs.get("due") for unit in state.units.values()):
        items.append(Item("place the reinforcements due (or decline them)", "4.2", required=False, key="p",
                          short="place those due"))
    if choosable(state) and not yahoos:
        items.append(Item("place the units the event lets him choose", "4.2", required=False, key="p",
                          short="place those chosen"))
    items.append(Item("emergency reinforcements" if reinforced else "then emergency reinforcements", "4.22",
                      required=False, key="E", short="emergency"))
    return tuple(items)


def fresh(state: GameState, node: str, side: str) -> list[Unit]:
    """A side's units in an area not yet involved in a combat this phase (6.1: only one combat a Combat Phase)."""
    return [unit for unit in state.at(node, side) if unit.id not in state.local["fought"]]


def contested(ctx: Context, state: GameState, side: str) -> list[str]:
    """The areas, in the board's order, where `side` and its enemy both have units still free to fight (6.1)."""
    return [node for node in ctx.scenario.board.nodes if fresh(state, node, side) and fresh(state, node, other(side))]
