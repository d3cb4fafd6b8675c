"""What every computer player shares: the phase loop, the movement limits (3) and route finding."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.core.units import OFF_MAP
from referee.rulesets.n30.players.boardinfo import BoardInfo, info_for
from referee.rulesets.n30.rules.confrontation import POLICE_FACTORS as FACTORS
from referee.rulesets.n30.rules.friction import FRICTION_FROM, PEACE_POLICE_COUNT, peace_police_pool
from referee.rulesets.n30.rules.limits import STACKING, entry_allowed, friction_barred
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, POLICE, PROTESTERS, intersections_allowed

if TYPE_CHECKING:
    from referee.core.state import GameState
    from referee.core.units import Unit
    from referee.game import Game

OTHER = {PROTESTERS: POLICE, POLICE: PROTESTERS}
#: 4: the police squads that can attack (chemical units only accompany them)
ATTACKERS = frozenset({"hard", "soft", "mounted"})
CHEMICAL = "chemical"


class Player:
    """A computer player for one side. `commands(game)` yields its commands for the current phase.

    The caller applies each command before asking for the next (the generator reads the live
    state after every yield); when the generator is exhausted the caller ends the phase.
    """

    kind = "base"

    def __init__(self, side: str, rng: random.Random):
        self.side = side
        self.rng = rng
        self._pending: tuple[int, str, Iterator[dict]] | None = None

    # --- the phase loop -------------------------------------------------------------------

    def commands(self, game: Game) -> Iterator[dict]:
        """This side's commands for the phase the game is in (nothing if it is not this side's to act)."""
        phase = game.state.phase
        if MOVER.get(phase) == self.side:
            if self.side == PROTESTERS and factions_due(game):
                yield self.factions(game)
            yield from self.movement(game)
        elif phase == CONFRONTATION and self.side == POLICE:
            yield from self.confrontation(game)

    def next_command(self, game: Game) -> dict | None:
        """The next command for the current phase, or None when this side is done with it."""
        state = game.state
        if self._pending is None or self._pending[:2] != (state.turn, state.phase):
            self._pending = (state.turn, state.phase, self.commands(game))
        command = next(self._pending[2], None)
        if command is None:
            self._pending = None
        return command

    def movement(self, game: Game) -> Iterator[dict]:
        return iter(())

    def confrontation(self, game: Game) -> Iterator[dict]:
        return iter(())

    def factions(self, game: Game) -> dict:
        """6.1: name the peace police (three People's Delegation clusters)."""
        pool = peace_police_pool(game.state)
        return {"do": "factions", "peace_police": self.rng.sample(pool, PEACE_POLICE_COUNT)}

    def refusals(self, game: Game, node: str, units: list[Unit]) -> list[str]:
        """4.4: the protester player's choice of locked lockdowns that refuse to retreat."""
        return []


# --- helpers shared by the players -----------------------------------------------------------


def factions_due(game: Game) -> bool:
    """6.1: with faction friction, the protesters must divide into factions before moving from 11:10."""
    ctx, state = game.ctx, game.state
    if ctx.options.get("faction_friction") != "on" or ctx.scenario.clock.starts(state.turn) < FRICTION_FROM:
        return False
    if len(peace_police_pool(state)) < PEACE_POLICE_COUNT:
        return False
    return not any("faction" in u.attrs for u in state.units.values() if u.side == PROTESTERS)


def board_info(game: Game) -> BoardInfo:
    return info_for(game.ctx.scenario.board)


def allowed_intersections(game: Game, side: str) -> int:
    """3: how many intersections the side may choose this turn."""
    return intersections_allowed(side, game.ctx.scenario.clock.starts(game.state.turn))


def free_choices(game: Game, side: str) -> tuple[list[str], int]:
    """The intersections already chosen this turn and how many more may be chosen."""
    chosen = list(game.state.local["chosen"].get(side, []))
    return chosen, max(0, allowed_intersections(game, side) - len(chosen))


def waiting_units(state: GameState, side: str) -> list[Unit]:
    """Reinforcements at their edge that have not moved this turn."""
    moved = state.local["moved"]
    return [u for u in state.units.values() if u.status == OFF_MAP and u.side == side and u.id not in moved]


def unmoved_at(state: GameState, side: str, node: str) -> list[Unit]:
    """A side's units at a node that have neither moved nor built this turn."""
    moved = state.local["moved"]
    return [state.units[uid] for uid in state.stacks[side].get(node, ()) if uid not in moved]


def attack_strength(units) -> int:
    """4: the confrontation factors of some police units (chemical units add none)."""
    total = 0
    for u in units:
        total += FACTORS.get(u.type, 0)
    return total


def route(game: Game, unit: Unit, goal: str, info: BoardInfo | None = None) -> list[str] | None:
    """A path for a move command from where `unit` stands toward `goal` that the engine accepts.

    Shortest on the map where that is legal; otherwise around opposing units, or stopping in
    contact. The last step respects 3.2 (entries by direction) and stacking (3). None: no move.
    """
    info = info or board_info(game)
    state = game.state
    side = unit.side
    enemy = state.stacks[OTHER[side]]
    barred = friction_barred(state, unit) if "faction" in unit.attrs else ()
    if goal in barred:
        return None
    off_map = unit.status == OFF_MAP
    if off_map:
        entry, _ = info.edge_entry(unit.attrs["edge"], goal)
        path = [entry, *info.path(entry, goal)]
    else:
        if unit.node == goal:
            return None
        path = list(info.path(unit.site, goal))
        if not path:
            return None
    if _blocked(path, enemy, barred):
        path = _detour(info, unit, goal, enemy, barred) or _cut(path, enemy, barred)
    if not path:
        return None
    return _finish(state, unit, path, enemy, barred, info)


def _blocked(path, enemy, barred) -> bool:
    """Whether a path passes through an opposing unit (3: it must stop there) or a barred node (6.1)."""
    last = len(path) - 1
    for i, node in enumerate(path):
        if node in barred or (i < last and node in enemy):
            return True
    return False


def _cut(path: list[str], enemy, barred) -> list[str]:
    """Stop at the first opposing unit (moving into contact), or before a barred node (6.1)."""
    out = []
    for node in path:
        if node in barred:
            break
        out.append(node)
        if node in enemy:
            break
    return out


_FIELDS: dict = {}


def toward(info: BoardInfo, goal: str, enemy, barred) -> dict[str, tuple[str | None, int]]:
    """For every node that can reach `goal` without passing through an opposing unit (3) or a
    barred node (6.1): the next node on a shortest such path and the links left.

    Cached while the opposing stacks are the same object (they do not change while one side moves).
    """
    if not barred:
        if _FIELDS.get("enemy") is not enemy or _FIELDS.get("info") is not info:
            _FIELDS.clear()
            _FIELDS["enemy"], _FIELDS["info"] = enemy, info
        cached = _FIELDS.get(goal)
        if cached is not None:
            return cached
    field: dict[str, tuple[str | None, int]] = {goal: (None, 0)}
    queue = deque([goal])
    adjacency = info.adjacency
    while queue:
        node = queue.popleft()
        d = field[node][1] + 1
        for near in adjacency[node]:
            if near not in field and near not in barred:
                field[near] = (node, d)
                if near not in enemy:  # a path may start in contact, but not pass through it
                    queue.append(near)
    if not barred:
        _FIELDS[goal] = field
    return field


def _walk(field, start: str) -> list[str]:
    """The path a `toward` field gives from `start` (leaving `start` out)."""
    path = []
    node = field[start][0]
    while node is not None:
        path.append(node)
        node = field[node][0]
    return path


def _detour(info: BoardInfo, unit: Unit, goal: str, enemy, barred) -> list[str] | None:
    """A shortest legal path around opposing units: another shortest path on the map if one is
    clear, else a longer one (reinforcements: from the best intersection of their edge)."""
    if unit.status != OFF_MAP:
        found = info.shortest_avoiding(unit.site, goal, enemy, barred)
        if found is not None:
            return found
    field = toward(info, goal, enemy, barred)
    if unit.status != OFF_MAP:
        return _walk(field, unit.node) if unit.node in field else None
    entries = [e for e in info.edges[unit.attrs["edge"]] if e in field and (e == goal or e not in enemy)]
    if not entries:
        return None
    entry = min(entries, key=lambda e: field[e][1])
    return [entry, *_walk(field, entry)]


def _finish(state: GameState, unit: Unit, path: list[str], enemy, barred, info: BoardInfo) -> list[str] | None:
    """Trim the end of a path to what 3 and 3.2 allow."""
    side = unit.side
    end = path[-1]
    if end in enemy:
        origin = unit.site if unit.status != OFF_MAP else f"edge:{unit.attrs['edge']}"
        before = path[-2] if len(path) > 1 else origin
        if not entry_allowed(state, side, end, before):
            alternative = _other_entry(state, unit, path, enemy, barred, info, origin)
            path = alternative if alternative else path[:-1]
    stacks = state.stacks[side]
    limit = STACKING[side]
    while path and len(stacks.get(path[-1], ())) >= limit:
        path = path[:-1]
    return path or None


def _other_entry(state, unit, path, enemy, barred, info, origin) -> list[str] | None:
    """3.2: reach an opposing unit's intersection from another direction with entries left."""
    end = path[-1]
    if unit.status == OFF_MAP:
        return None
    for before in info.adjacency[end]:
        if (before in enemy and before != origin) or before in barred:
            continue
        if not entry_allowed(state, unit.side, end, before):
            continue
        if before == unit.node:
            return [end]
        if info.distance(before, unit.node) > len(path):
            continue  # too far even on the empty map
        field = toward(info, before, enemy, barred)
        if unit.node in field and field[unit.node][1] <= len(path):
            return [*_walk(field, unit.node), end]
    return None

