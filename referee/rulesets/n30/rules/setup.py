"""The opening state of an N30 situation: its setup (7, 9, 10) and starting success (1.2)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, DESTROYED, RESERVE, Unit
from referee.rulesets.n30.rules import mood
from referee.rulesets.n30.rules.confrontation import LOCKDOWN, RADICALIZED
from referee.rulesets.n30.rules.phases import PHASES, PROTESTERS

FLYING = "flying"


def initial_state(ctx: Context) -> GameState:
    """Units where the setup puts them, reinforcements in reserve, the starting success."""
    scenario, hidden = ctx.scenario, ctx.options.get("hidden", "none")
    setup = scenario.setup
    arrival = {uid: group for group in scenario.arrivals for uid in group.units}
    location = {uid: node for node, ids in setup.placement.items() for uid in ids}
    units = {}
    for uid, unit in scenario.units.items():
        attrs = dict(unit.attrs, face_down=hidden == "strong")
        if unit.type == LOCKDOWN:
            attrs["locked"] = True
        if uid in location:
            node, status = location[uid], ACTIVE
        elif uid in setup.destroyed:
            node, status = None, DESTROYED
        else:
            node, status = None, RESERVE
            attrs["arrives"] = arrival[uid].turn
            attrs["edge"] = arrival[uid].edge
        kind = RADICALIZED if uid in setup.radicalized else unit.type
        attrs.update(mood.starting(ctx, kind))
        units[uid] = Unit(unit.id, unit.name, unit.side, kind, unit.factors, node, status, attrs)
    stacks: dict[str, dict[str, tuple[str, ...]]] = {side: {} for side in sorted({t.side for t in scenario.types.values()})}
    for node, ids in setup.placement.items():
        for uid in ids:
            side_stacks = stacks[units[uid].side]
            side_stacks[node] = side_stacks.get(node, ()) + (uid,)
    starting = scenario.starting[ctx.options.get("starting", "situation")]
    return GameState(
        turn=1, phase=PHASES[0], units=units, stacks=stacks,
        markers={node: tuple(marks) for node, marks in setup.markers.items()},
        scores={PROTESTERS: starting}, local=fresh_turn(),
    )


def fresh_turn() -> dict:
    """What N30 tracks within a turn, empty."""
    return {"chosen": {}, "moved": [], "rolled": {}, "entries": {}, "attacked": [], "confronted": [], "gassed": []}
