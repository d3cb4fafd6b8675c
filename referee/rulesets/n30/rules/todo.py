"""The phase's checklist (3, 4, 6.1): the unit that rolled and must move or stay, the stacks and reinforcements still
free to move in a movement phase (from the intersections chosen, once the time allows no more; under faction
friction, once the factions are divided), the contacts the police may still attack in the confrontation phase."""

from __future__ import annotations

from referee.core.board import Board
from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import OFF_MAP
from referee.rules.todo import Item
from referee.rulesets.n30.rules.attack import attack_refused
from referee.rulesets.n30.rules.movement import choice_refused, pending, undivided
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, PROTESTERS
from referee.text import plural


def todo(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """What the rules leave to do in this phase, the intersections in map order (north to south, west to east)."""
    if state.over:
        return ()
    board = ctx.scenario.board
    if state.phase == CONFRONTATION:
        nodes = [node for node in state.stacks[PROTESTERS] if attack_refused(state, node) is None]
        return tuple(Item("contact", "4", required=False, node=node, key="a") for node in _map_order(board, nodes))
    side = MOVER.get(state.phase)
    if side is None:
        return ()
    if undivided(ctx, state, side) is not None:
        return (Item("divide the protesters into factions", "6.1", key="F", short="factions"),)
    moved = set(state.local["moved"])
    rolled = pending(state, side)
    items = [Item(f"{rolled} moves or stays", "3", node=state.units[rolled].node, key="m")] if rolled else []
    nodes = [node for node, ids in state.stacks[side].items()
             if not moved.issuperset(ids) and choice_refused(ctx, state, side, node) is None]
    items += [Item("units to move", "3", required=False, node=node, key="m") for node in _map_order(board, nodes)]
    waiting = [u for u in state.units.values() if u.side == side and u.status == OFF_MAP and u.id not in moved]
    if waiting:
        items.append(Item(f"{plural(len(waiting), 'reinforcement')} to enter", "3", required=False, key="p",
                          short="reinforcements"))
    return tuple(items)


def _map_order(board: Board, nodes: list[str]) -> list[str]:
    """Intersections north to south, then west to east."""
    return sorted(nodes, key=lambda node: (board.nodes[node].y, board.nodes[node].x))
