"""What the games of a fixed counter mix (Battle of Seattle, Chicago-Chicago) share in their opening state: the
scenario must list every counter, its set-up places some, and the units on the map make the stacks."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.engine import Context
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError


def placed(ctx: Context) -> dict[str, str]:
    """Where the scenario's set-up places each unit it places."""
    return {uid: node for node, ids in ctx.scenario.setup.placement.items() for uid in ids}


def listed(ctx: Context, uid: str, mix: str) -> Unit:
    """The scenario's unit of a counter, or an error naming the counter the scenario lacks."""
    if uid not in ctx.scenario.units:
        raise RefereeError(f"the scenario lacks the counter {uid!r} of the {mix}")
    return ctx.scenario.units[uid]


def stacks(units: Iterable[Unit], sides: Iterable[str]) -> dict[str, dict[str, tuple[str, ...]]]:
    """Each side's stacks: the units on the map, in the order given."""
    found: dict[str, dict[str, tuple[str, ...]]] = {side: {} for side in sides}
    for unit in units:
        if unit.node is not None and unit.status == ACTIVE:
            found[unit.side][unit.node] = found[unit.side].get(unit.node, ()) + (unit.id,)
    return found
