"""What the rules let a side do now: the moves, placements, removals and combats a player chooses among.

Each answer is read from the live state and follows the rule modules, so that a command built from it is
never refused.
"""

from __future__ import annotations

from referee.core.board import Board
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import Refusal
from referee.rulesets.bos.rules import arrivals, combat, forces, reinforcement
from referee.rulesets.bos.rules.board import CROWDS_PER_AREA, crowds_at
from referee.rulesets.bos.rules.fighting import declared, stage_three_open
from referee.rulesets.bos.rules.movement import BARRICADE, held_back
from referee.rulesets.bos.rules.phases import MOVER, REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES, other


def is_crowd(unit: Unit) -> bool:
    return TYPES[unit.type].kind == CROWD


def own(state: GameState, side: str, status: str = ACTIVE) -> list[Unit]:
    """A side's units of one status, in the counter mix's order."""
    return [unit for unit in state.units.values() if unit.side == side and unit.status == status]


def movers(state: GameState, side: str) -> list[Unit]:
    """The side's units that may still move (or reaction-move) in this phase (5.0, 5.1, events 21, 23, 25)."""
    moved = state.local["moved"]
    if MOVER.get(state.phase) != side and REACTOR.get(state.phase) != side:
        return []
    statuses = (ACTIVE, forces.RESERVE) if side == AUTHORITY else (ACTIVE,)
    return [unit for unit in state.units.values() if unit.side == side and unit.status in statuses
            and unit.id not in moved and held_back(state, unit) is None]


def reactions_left(state: GameState, side: str) -> int:
    """Reaction moves the side may still make this phase (5.1)."""
    return max(0, reinforcement.reaction_limit(state.scores[side]) - state.local["reacted"])


def destinations(board: Board, state: GameState, unit: Unit, reach: int | None = None) -> dict[str, tuple[str, ...]]:
    """Each area a unit on the map may move to and a shortest path there: along Transit Lines, up to its
    Movement Factor (or `reach`), stopping on entering enemy units (5.0), no third Crowd in an area (5.2)."""
    enemy = state.stacks[other(unit.side)]
    start = unit.site
    paths: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    for _ in range(TYPES[unit.type].movement if reach is None else reach):
        following = []
        for here, path in frontier:
            if path and enemy.get(here):
                continue
            for near in board.adjacency[here]:
                if near != start and near not in paths:
                    paths[near] = path + (near,)
                    following.append((near, paths[near]))
        frontier = following
    if is_crowd(unit):
        return {node: path for node, path in paths.items() if crowds_at(state, node) < CROWDS_PER_AREA}
    return paths


def reaction_destinations(board: Board, state: GameState, unit: Unit) -> list[str]:
    """Where a unit may reaction-move (5.1): one area; a Protester Group only; an Authority unit in the
    Reserve Pool to any area."""
    if unit.status == forces.RESERVE:
        return list(board.nodes)
    if unit.side == PROTESTER and TYPES[unit.type].kind != GROUP:
        return []
    return list(destinations(board, state, unit, 1))


def placements(board: Board, state: GameState, unit: Unit) -> list[str]:
    """Where a Protester unit may be placed (4.2): not where only Authority units stand, within 5.2; nowhere for a
    Crowd in a Night turn, held until the Morning instead (7.1)."""
    if arrivals.held(state, unit):
        return []
    crowd = is_crowd(unit)
    return [node for node in board.nodes if arrivals.open_to_protesters(state, node)
            and not (crowd and crowds_at(state, node) >= CROWDS_PER_AREA)]


def due(state: GameState) -> list[Unit]:
    """The Protester reinforcements drawn this phase and not yet placed (4.21)."""
    return [unit for unit in state.units.values() if unit.attrs.get("due")]


def choosable(state: GameState) -> list[Unit]:
    """The units a Random Reinforcement or Hey Beavis... still lets the Protester choose from his piles."""
    return [state.units[uid] for uid in arrivals.choosable(state)]


def to_lose(state: GameState, side: str) -> list[Unit]:
    """The units of `side` a random event (Attrition, Paperwork) makes it choose one of to remove."""
    loss = state.local["loss"]
    if loss is None or loss[0] != side:
        return []
    return [state.units[uid] for uid in arrivals.losable(state)]


def removals_due(state: GameState, side: str, kind: str, count: int) -> int:
    """How many units of a kind the side must remove (4.21) when the table's entry is `-count`."""
    return min(count, sum(1 for unit in own(state, side) if kind in (unit.type, TYPES[unit.type].kind)))


def protester_removal(state: GameState) -> int:
    """The Groups the Protester must remove this phase (4.21: the fixed -1 or -2 at EI 81 and more)."""
    entry = reinforcement.GROUPS[reinforcement.band(state.scores[PROTESTER])]
    return removals_due(state, PROTESTER, GROUP, -entry.fixed) if entry.fixed < 0 else 0


def spd_due(state: GameState, reading: str) -> int:
    """The SPD units the Authority is due (negative: to remove) this phase (4.21)."""
    return reinforcement.spd_due(state.scores[AUTHORITY], reading)


def spd_available(state: GameState) -> int:
    """The SPD units off-map that 4.21 can bring."""
    return sum(1 for unit in own(state, AUTHORITY, forces.OFF_MAP) if unit.type == "spd")


def emergency_available(state: GameState) -> dict[str, int]:
    """The emergency reinforcements the Authority may order now, by type (4.22, 7.3)."""
    kinds = ("spd",) if state.local["stage"] == 1 else ("spd", "national_guard", "state_trooper")
    off = own(state, AUTHORITY, forces.OFF_MAP)
    return {kind: sum(1 for unit in off if unit.type == kind) for kind in kinds}


def battles(state: GameState, side: str) -> dict[str, tuple[list[Unit], list[Unit]]]:
    """Each area where the side may fight: its units and the enemy's that have not fought this phase (6.1)."""
    fought = state.local["fought"]
    enemy = state.stacks[other(side)]
    found = {}
    for node, ids in state.stacks[side].items():
        if enemy.get(node):
            ours = [state.units[uid] for uid in ids if uid not in fought]
            theirs = [state.units[uid] for uid in enemy[node] if uid not in fought]
            if ours and theirs:
                found[node] = (ours, theirs)
    return found


def allowed(state: GameState, side: str, node: str, command: dict) -> combat.Combat | None:
    """The combat a command declares, if the rules allow it (6.1-6.2, 7.1, 7.3, the random events)."""
    fight = declared(state, side, node, command)
    try:
        combat.check(fight)
    except Refusal:
        return None
    return fight


def may_escalate(state: GameState) -> bool:
    """Whether the Authority may go up one stage now (7.3); Stage Three only for a player who accepts that
    it cannot win."""
    stage = state.local["stage"]
    if stage == 1:
        return bool(state.local["morale_failed"])
    return stage == 2 and stage_three_open(state)


def may_barricade(state: GameState, unit: Unit) -> bool:
    """Whether a Protester unit may try to build a barricade instead of moving (7.2, 7.3, 5.2)."""
    return (state.local["stage"] > 1 and BARRICADE not in state.markers.get(unit.site, ())
            and sum(BARRICADE in marks for marks in state.markers.values()) < forces.BARRICADES)
