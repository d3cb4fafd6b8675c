"""The opening state (HOW TO SET UP THE GAME): every counter of the mix, where the scenario's set-up places it,
both Exposure Indices at 0."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.rules import counter_mix
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.steps import GREEN_MOVE
from referee.rulesets.chicago.rules.units import SIDES, TYPES


def initial_state(ctx: Context) -> GameState:
    """Every counter: at its set-up box (in the minimum box where the forces file marks it), else off the board."""
    places = counter_mix.placed(ctx)
    units = {}
    for counter in forces.COUNTERS:
        spec, node = counter_mix.listed(ctx, counter.id, "counter mix"), places.get(counter.id)
        kind = TYPES[counter.type]
        attrs = {"level": counter.level} if counter.level else {}
        attrs |= {"count": 1, "strength": kind.strength(counter.level or 1),
                  "minimum": bool(node and spec.attrs.get("minimum"))}
        units[counter.id] = Unit(counter.id, spec.name, kind.side, counter.type, spec.factors, node,
                                 ACTIVE if node else forces.OFF_MAP, attrs)
    return GameState(turn=1, phase=GREEN_MOVE, units=units, stacks=counter_mix.stacks(units.values(), SIDES),
                     scores={side: 0 for side in SIDES},
                     local={"begun": False, "released": [], "minimum_lost": {}, **fresh_turn()})


def fresh_turn() -> dict:
    """What is tracked within a turn: the groups infiltrating, the units attacked (HOW TO RESOLVE CONFLICT 4)."""
    return {"infiltrating": [], "attacked": [], **fresh_step()}


def fresh_step() -> dict:
    """What is tracked within a step: the movement each unit has spent, the units that have attacked."""
    return {"spent": {}, "attackers": []}
