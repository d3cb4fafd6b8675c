"""DEMONSTRATOR ATTRITION AND MULTIPLICATION, INFILTRATION and HOW TO PLAY step 5: the groups green loses at the
end of each turn and gains in the parks at the start of each A turn. Pure: each returns the counters exchanged,
`[old, new]` with new None for a group out of the game, or the counters added, chosen from the pool.
"""

from __future__ import annotations

from referee.core.events import item
from referee.core.state import GameState
from referee.core.units import Unit
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.conflict import FRACTION
from referee.rulesets.chicago.rules.units import DEMONSTRATORS
from referee.text import plural

LOWEST_FIRST = ("G4", "G3", "G2", "G1")  # "Only the lowest level units (level 4 is 'lowest') are used first"
ATTRITION = "DEMONSTRATOR ATTRITION AND MULTIPLICATION 1"
MULTIPLICATION = "DEMONSTRATOR ATTRITION AND MULTIPLICATION 2"
INFILTRATION = "INFILTRATION"
STEP_5 = "HOW TO PLAY, step 5"


def lowest_first(units: list[Unit]) -> list[Unit]:
    """The ATTRITION RULE's order: level 4 first."""
    return sorted(units, key=lambda unit: -unit.attrs["level"])


def losses(units: list[Unit], fraction: int) -> tuple[list[Unit], Unit | None]:
    """The groups of one box lost to attrition (a third: ATTRITION 1) or infiltration (a half), fractions not
    counting, two groups losing one, and the lone group that goes down a level instead."""
    if len(units) == 1:
        return [], units[0]
    return lowest_first(units)[:max(1, len(units) // fraction)] if units else [], None


def _counted(node: str, units: list[Unit], lost: list[Unit], fraction: int, section: str, what: str) -> list[dict]:
    """The line of the rule that gave one box's losses: "loop, a third of 7 groups = 2 out", or its lone group
    "down a level"; none for no groups."""
    if not units:
        return []
    if len(units) == 1:
        return [item(f"{node}, 1 {what}group alone", "down a level", section)]
    return [item(f"{node}, {FRACTION[fraction]} of {len(units)} {what}groups", f"= {len(lost)} out", section)]


def end_of_turn(state: GameState, parks: dict[str, int], c_turn: bool,
                marking: bool) -> tuple[forces.Exchanges, list[dict]]:
    """Step 5: each box's groups, a third lost at the end of A and B turns; every group outside the parks at the end
    of C turns; infiltrating groups a half instead, C turns included (INFILTRATION). `marking`: a lone group going
    down with no counter of the level below free is marked at it (option `counter_limit` off). With the counters
    exchanged, the line of the rules that gave each box's losses, the infiltrators' apart."""
    done = forces.Exchanges(state, marking)
    items: list[dict] = []
    boxes = sorted({unit.site for unit in state.units.values() if unit.side == DEMONSTRATORS and unit.node})
    for node in boxes:
        groups = state.at(node, DEMONSTRATORS)
        infiltrating = [unit for unit in groups if unit.id in state.local["infiltrating"]]
        rest = [unit for unit in groups if unit.id not in state.local["infiltrating"]]
        lowered: Unit | None = None
        if c_turn and node not in parks:
            lost = groups
            infiltrating = []
            items.append(item(f"{node}, {plural(len(groups), 'group')} outside the parks on a C turn",
                              f"= {len(groups)} out", STEP_5))
        elif not c_turn:
            lost, lowered = losses(rest, 3)
            items += _counted(node, rest, lost, 3, ATTRITION, "")
        else:
            lost = []
        half, half_lowered = losses(infiltrating, 2)
        items += _counted(node, infiltrating, half, 2, INFILTRATION, "infiltrating ")
        for unit in lowest_first(lost + half):
            done.out(unit.id)
        for alone in (lowered, half_lowered):
            if alone is not None:
                done.level(alone, alone.attrs["level"] + 1)
    return done, items


def multiply(state: GameState, parks: dict[str, int]) -> tuple[dict[str, list[str]], list[dict]]:
    """DEMONSTRATOR ATTRITION AND MULTIPLICATION 2: the groups added to each park holding some, the park's groups
    times its number in all, taken from the lowest level first while counters are left; with the line of the rule
    for each park ("lincoln-park, 4 groups ×4 = 16 groups, 12 added") and, where the counters ran out, what they
    allowed."""
    pool = forces.Pool(state)
    added: dict[str, list[str]] = {}
    items: list[dict] = []
    for park, times in parks.items():
        there = len(state.at(park, DEMONSTRATORS))
        wanted = there * (times - 1)
        new: list[str] = []
        for _ in range(wanted):
            taken = next((uid for kind in LOWEST_FIRST if (uid := pool.take(kind)) is not None), None)
            if taken is None:
                break
            new.append(taken)
        if new:
            added[park] = new
        if there:
            items.append(item(f"{park}, {plural(there, 'group')} ×{times}", f"= {there * times} groups, {wanted} added",
                              MULTIPLICATION))
        if len(new) < wanted:
            items.append(item(f"{park}, the demonstrator counters left", f"{len(new)} added", MULTIPLICATION))
    return added, items
