"""Areas, units and stacking (2.2, 5.2): lookups the commands share."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.bos.rules.units import CROWD, PROTESTER, TYPES

CROWDS_PER_AREA = 2  # 5.2


def area(ctx: Context, name: str) -> str:
    """An area of the map, or an error naming the unknown one."""
    if name not in ctx.scenario.board.nodes:
        raise RefereeError(f"no area {name!r} on the map")
    return name


def unit_of(state: GameState, uid: str) -> Unit:
    """A unit of the counter mix, or an error naming the unknown one."""
    if uid not in state.units:
        raise RefereeError(f"no unit {uid!r}")
    return state.units[uid]


def crowds_at(state: GameState, node: str) -> int:
    """The Crowd counters in an area (Crowds are Protester units)."""
    units = state.units
    return sum(TYPES[units[uid].type].kind == CROWD for uid in state.stacks[PROTESTER].get(node, ()))


def check_stacking(state: GameState, unit: Unit, to: str) -> None:
    """Refuse a third Crowd counter in an area (5.2)."""
    if TYPES[unit.type].kind == CROWD and unit.node != to and crowds_at(state, to) >= CROWDS_PER_AREA:
        raise Refusal("5.2", f"there may never be more than two Crowd counters in an area ({to})")
