"""DEMONSTRATOR ATTRITION AND MULTIPLICATION, INFILTRATION and HOW TO PLAY step 5: the groups green loses at the
end of each turn and gains in the parks at the start of each A turn. Pure: each returns the counters exchanged,
`[old, new]` with new None for a group out of the game, or the counters added, chosen from the pool.
"""

from __future__ import annotations

from referee.core.state import GameState
from referee.core.units import Unit
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.units import DEMONSTRATORS

LOWEST_FIRST = ("G4", "G3", "G2", "G1")  # "Only the lowest level units (level 4 is 'lowest') are used first"


def lowest_first(units: list[Unit]) -> list[Unit]:
    """The ATTRITION RULE's order: level 4 first."""
    return sorted(units, key=lambda unit: -unit.attrs["level"])


def losses(units: list[Unit], fraction: int) -> tuple[list[Unit], Unit | None]:
    """The groups of one box lost to attrition (a third: ATTRITION 1) or infiltration (a half), fractions not
    counting, two groups losing one, and the lone group that goes down a level instead."""
    if len(units) == 1:
        return [], units[0]
    return lowest_first(units)[:max(1, len(units) // fraction)] if units else [], None


def end_of_turn(state: GameState, parks: dict[str, int], c_turn: bool, marking: bool) -> forces.Exchanges:
    """Step 5: each box's groups, a third lost at the end of A and B turns; every group outside the parks at the end
    of C turns; infiltrating groups a half instead, C turns included (INFILTRATION). `marking`: a lone group going
    down with no counter of the level below free is marked at it (option `counter_limit` off)."""
    done = forces.Exchanges(state, marking)
    boxes = sorted({unit.site for unit in state.units.values() if unit.side == DEMONSTRATORS and unit.node})
    for node in boxes:
        groups = state.at(node, DEMONSTRATORS)
        infiltrating = [unit for unit in groups if unit.id in state.local["infiltrating"]]
        rest = [unit for unit in groups if unit.id not in state.local["infiltrating"]]
        lowered: Unit | None = None
        if c_turn and node not in parks:
            lost = groups
            infiltrating = []
        else:
            lost, lowered = ([], None) if c_turn else losses(rest, 3)
        half, half_lowered = losses(infiltrating, 2)
        for unit in lowest_first(lost + half):
            done.out(unit.id)
        for alone in (lowered, half_lowered):
            if alone is not None:
                done.level(alone, alone.attrs["level"] + 1)
    return done


def multiply(state: GameState, parks: dict[str, int]) -> dict[str, list[str]]:
    """DEMONSTRATOR ATTRITION AND MULTIPLICATION 2: the groups added to each park holding some, the park's groups
    times its number in all, taken from the lowest level first while counters are left."""
    pool = forces.Pool(state)
    added: dict[str, list[str]] = {}
    for park, times in parks.items():
        there = len(state.at(park, DEMONSTRATORS))
        new: list[str] = []
        for _ in range(there * (times - 1)):
            taken = next((uid for kind in LOWEST_FIRST if (uid := pool.take(kind)) is not None), None)
            if taken is None:
                break
            new.append(taken)
        if new:
            added[park] = new
    return added
