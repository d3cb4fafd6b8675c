"""The opening state (setup instructions, 2.3, 7.3): the counter mix, SPD 1 in the Convention Centre, both
Exposure Indices in `scores`, Stage One escalation (`stage_two`: the first complete game-turn at Stage Two), the
game's last turn (2.4, 8.0)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.rules import counter_mix
from referee.rulesets.bos.rules import forces, victory
from referee.rulesets.bos.rules.phases import EVENTS
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, SIDES, TYPES

#: the opening Crowds' default areas (setup: "any areas of the Downtown Core"), one each
OPENING_AREAS = ("convention-centre", "paramount", "sheraton", "westin", "westlake")


def initial_state(ctx: Context) -> GameState:
    """Every counter of the mix: where the scenario's setup places it, else off-map in its pile."""
    places = counter_mix.placed(ctx)
    units = {}
    for counter in forces.COUNTERS:
        unit, node = counter_mix.listed(ctx, counter.id, "Counter Manifest"), places.get(counter.id)
        units[counter.id] = Unit(unit.id, unit.name, TYPES[counter.type].side, counter.type, unit.factors, node,
                                 ACTIVE if node else forces.OFF_MAP, {})
    stacks = counter_mix.stacks(units.values(), SIDES)
    return GameState(turn=1, phase=EVENTS, units=units, stacks=stacks,
                     scores={PROTESTER: forces.PROTESTER_EI, AUTHORITY: forces.AUTHORITY_EI},
                     local={"stage": 1, "stage_two": None, "stage_three": False, "morale_failed": False,
                            "last_turn": victory.last_turn(ctx.options.get("extend", victory.NO),
                                                           ctx.scenario.clock.turns), **fresh_turn()})


def fresh_turn() -> dict:
    """What is tracked within a game-turn: its d66 roll and random event, the reinforcements taken, a Random Reinforcement
    or Hey Beavis... still to place (`allowance`), a unit still to lose (`loss`), and the phase's doings."""
    return {"roll": None, "event": None, "reinforced": False, "allowance": None, "loss": None, **fresh_phase()}


def fresh_phase() -> dict:
    """What is tracked within a phase: the units that moved or fought, the reaction moves made."""
    return {"moved": [], "fought": [], "reacted": 0}
