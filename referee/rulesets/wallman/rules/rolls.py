"""The RL rolls the crowds owe (RL State Chart: "Roll 1d6 per crowd ... under the following circumstances: SF
charge, threaten, shoot at, or otherwise try to influence the crowd; Additional SF forces come into view"), found
from each event as it is folded and cleared by the crowd's roll: the same whatever wrote the command, across undo,
redo and restarts."""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState
from referee.rulesets.wallman.rules.crowds import near
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY

DUE = "due"  # the state's crowds owing a roll, and why; absent while none does
CLEARS = ("rl-rolled", "crowds-merged")  # the crowd's roll made; a crowd merged into another is gone


def owed(state: GameState) -> dict[str, str]:
    """The crowds owing a roll on the RL State Chart, each with why."""
    return state.local.get(DUE, {})


def _sight(ctx: Context, node: str | None, of: str) -> int:
    """How near a place is to a crowd's: 0 the same place, 1 in sight (the next place), 2 out of sight."""
    return 2 if node is None else 0 if node == of else 1 if node in near(ctx, of) else 2


def _crowds(ctx: Context, state: GameState, nodes: Iterable[str | None]) -> list:
    return [crowd for node in nodes if node for n in near(ctx, node) for crowd in state.at(n, CROWD)]


def _unit_moved(ctx: Context, state: GameState, d: dict) -> dict[str, str]:
    """A security unit's move, told to each crowd by what it is to that crowd: it comes into view, closes in on
    its place, or withdraws (leaving its place or its sight: the chart's own factor)."""
    calls = {}
    for crowd in _crowds(ctx, state, (d.get("from"), d["to"])):
        was, now = _sight(ctx, d.get("from"), crowd.node), _sight(ctx, d["to"], crowd.node)
        if now < was:
            calls[crowd.id] = f"{d['unit']} " + ("in view" if was == 2 else "closing in")
        elif was < now:
            calls[crowd.id] = f"{d['unit']} withdrawing"
    return calls


def _crowd_moved(ctx: Context, state: GameState, d: dict) -> dict[str, str]:
    """A crowd moving (drifting) into sight of security units it could not see before."""
    seen = {u.id for n in near(ctx, d["from"]) for u in state.at(n, SECURITY)}
    new = [u.id for n in near(ctx, d["to"]) for u in state.at(n, SECURITY) if u.id not in seen]
    return {d["crowd"]: f"{', '.join(new)} in view"} if new else {}


def calls(ctx: Context, state: GameState, event: Event) -> dict[str, str]:
    """The crowds an event calls on to roll the RL chart, each with why; `state` is the state after the event."""
    d = event.data
    if event.kind == "shot":
        return {d["crowd"]: f"shot at by {d['unit']}"}
    if event.kind == "fought":
        return {d["crowd"]: f"a fight with {d['unit']}"}
    if event.kind == "gassed":
        return {u.id: "gassed" for u in state.at(d["node"], CROWD)}
    if event.kind == "unit-moved":
        return _unit_moved(ctx, state, d)
    if event.kind == "crowd-moved":
        return _crowd_moved(ctx, state, d)
    if event.kind == "reinforcements-arrived":
        return {u.id: f"{', '.join(d['units'])} in view" for u in _crowds(ctx, state, (d["node"],))}
    return {}


def fold(ctx: Context, state: GameState, event: Event) -> None:
    """The rolls owed after an event (folded into `state`, thawed): its calls added, the crowd's own roll cleared."""
    due = owed(state) | calls(ctx, state, event)
    if event.kind in CLEARS:
        due.pop(event.data["crowd"], None)
    state.local = {k: v for k, v in state.local.items() if k != DUE} | ({DUE: due} if due else {})
