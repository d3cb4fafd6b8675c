"""What every computer player shares: the phase loop, the movement limits (3) and route finding."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import chain, compress, repeat
from operator import attrgetter, eq
from typing import TYPE_CHECKING, Any

from referee.core.units import OFF_MAP
from referee.knowledge.eyes import Picture as Game
from referee.rulesets.n30.players.boardinfo import BoardInfo, info_for
from referee.rulesets.n30.rules.confrontation import POLICE_FACTORS as FACTORS
from referee.rulesets.n30.rules.friction import FRICTION_FROM, PEACE_POLICE_COUNT, peace_police_pool
from referee.rulesets.n30.rules.limits import STACKING, entry_allowed, friction_barred
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, POLICE, PROTESTERS, intersections_allowed

if TYPE_CHECKING:
    from referee.core.state import GameState
    from referee.core.units import Unit

OTHER = {PROTESTERS: POLICE, POLICE: PROTESTERS}
#: 4: the police squads that can attack (chemical units only accompany them)
ATTACKERS = frozenset({"hard", "soft", "mounted"})
CHEMICAL = "chemical"
UNSEEN = "unseen"  # the type of a counter of the other side's that the player has not identified (belief.Seen)
_STATUS, _TYPE = attrgetter("status"), attrgetter("type")




class Player:
    """A computer player for one side. `commands(game)` yields its commands for the current phase.

    The caller applies each command before asking for the next (the generator reads the live
    state after every yield); when the generator is exhausted the caller ends the phase. Given
    `eyes` (his side's knowledge, `Seen`), he decides on them and never on the game he is handed.
    """

    kind = "base"

    def __init__(self, side: str, rng: random.Random):
        self.side = side
        self.rng = rng
        self.eyes: Any = None
        self._pending: tuple[int, str, Iterator[dict]] | None = None

    def decides_on(self, game: Game) -> Game:
        """What the player reads to decide: his side's knowledge where he has `eyes`, else `game`."""
        return game if self.eyes is None else self.eyes

    # --- the phase loop -------------------------------------------------------------------

    def commands(self, game: Game) -> Iterator[dict]:
        """This side's commands for the phase the game is in (nothing if it is not this side's to act)."""
        game = self.decides_on(game)
        phase = game.state.phase
        if MOVER.get(phase) == self.side:
            if self.side == PROTESTERS and factions_due(game):
                return chain((self.factions(game),), self.movement(game))
            return self.movement(game)
        if phase == CONFRONTATION and self.side == POLICE:
            return self.confrontation(game)
        return iter(())

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

    def refusals(self, game: Game, node: str) -> list[str]:
        """4.4: the protester player's choice of locked lockdowns that refuse to retreat when the police attack at `node`."""
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
    units = state.units.values()
    if OFF_MAP not in map(_STATUS, units):  # most turns none wait: a quick look first
        return []
    moved = state.local["moved"]
    return [u for u in units if u.status == OFF_MAP and u.side == side and u.id not in moved]


def ids_of_type(state: GameState, kind: str) -> set[str]:
    """The ids of every unit of one type."""
    return set(compress(state.units, map(eq, map(_TYPE, state.units.values()), repeat(kind))))


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
    enemy = state.stacks[OTHER[unit.side]]
    barred = friction_barred(state, unit) if "faction" in unit.attrs else ()
    if goal in barred or unit.node == goal:
        return None
    origin = unit.site if unit.status != OFF_MAP else f"edge:{unit.attrs['edge']}"
    path: list[str] | None
    if barred:
        path = _way(info, unit, goal, enemy, barred)
    else:
        paths = _memo(info, enemy).paths
        path = paths.get((origin, goal))
        if path is None:
            path = paths[origin, goal] = _way(info, unit, goal, enemy, barred)
    return _finish(state, unit, path, enemy, barred, info, origin) if path else None


def _way(info: BoardInfo, unit: Unit, goal: str, enemy, barred) -> list[str]:
    """The way toward `goal` before the limits on its last step (empty: none): shortest on the map where
    it passes no opposing unit and no barred node, else around them, else up to the first of them."""
    if unit.status == OFF_MAP:
        entry, _ = info.edge_entry(unit.attrs["edge"], goal)
        path = [entry, *info.path(entry, goal)]
    else:
        path = list(info.path(unit.site, goal))
        if not path:
            return path
    if _blocked(path, enemy, barred):
        return _detour(info, unit, goal, enemy, barred) or _cut(path, enemy, barred)
    return path


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


class Field:
    """Shortest paths to a goal that pass no opposing unit (3) and no barred node (6.1), worked out
    outward from the goal a link at a time, only as far as they are asked for."""

    __slots__ = ("adjacency", "enemy", "after", "links", "frontier", "depth")

    def __init__(self, info: BoardInfo, goal: str, enemy, barred):
        self.adjacency, self.enemy = info.adjacency, enemy
        #: for each node found so far: the next node on a shortest path to the goal (barred nodes
        #: count as found, so that no path enters them, but no path leads from them)
        self.after: dict[str, str | None] = dict.fromkeys(barred)
        self.after[goal] = None
        #: for each node a path leads from: the links to the goal
        self.links: dict[str, int] = {goal: 0}
        self.frontier = [goal]  # the nodes `depth` links out that paths may pass through
        self.depth = 0

    def grow(self) -> bool:
        """Find the nodes one link farther out (False: there are none)."""
        if not self.frontier:
            return False
        adjacency, enemy, after, links = self.adjacency, self.enemy, self.after, self.links
        depth = self.depth = self.depth + 1
        frontier = []
        for node in self.frontier:
            for near in adjacency[node]:
                if near not in after:
                    after[near] = node
                    links[near] = depth
                    if near not in enemy:  # a path may start in contact, but not pass through it
                        frontier.append(near)
        self.frontier = frontier
        return True

    def reaches(self, node: str, limit: int = 999) -> bool:
        """Whether a path from `node` reaches the goal within `limit` links."""
        links = self.links
        while node not in links and self.depth < limit:
            if not self.grow():
                return False
        return links.get(node, limit + 1) <= limit

    def nearest(self, nodes) -> str | None:
        """The first of some nodes nearest to the goal (None: none reaches it)."""
        links = self.links
        while True:
            found = [n for n in nodes if n in links]
            if found:
                return min(found, key=links.__getitem__)
            if not self.grow():
                return None

    def path(self, start: str) -> list[str]:
        """The path from `start` (a node it reaches), leaving out `start`."""
        after, path = self.after, []
        node = after[start]
        while node is not None:
            path.append(node)
            node = after[node]
        return path


class _Memo:
    """What route finding has worked out while the opposing units stand still (their stacks stay the
    same object while one side moves): `Field`s by goal and ways (see `_way`) by origin and goal."""

    __slots__ = ("info", "enemy", "fields", "paths")

    def __init__(self, info: BoardInfo, enemy):
        self.info, self.enemy = info, enemy
        self.fields: dict[str, Field] = {}
        self.paths: dict[tuple[str, str], list[str]] = {}


_LAST_MEMO: list[_Memo] = []  # the memo of the opposing stacks seen last


def _memo(info: BoardInfo, enemy) -> _Memo:
    """The memo of route finding for this board and these opposing stacks."""
    if _LAST_MEMO and _LAST_MEMO[0].enemy is enemy and _LAST_MEMO[0].info is info:
        return _LAST_MEMO[0]
    _LAST_MEMO[:] = [_Memo(info, enemy)]
    return _LAST_MEMO[0]


def toward(info: BoardInfo, goal: str, enemy, barred) -> Field:
    """The `Field` of paths to `goal` (remembered while the opposing units stand still and no node is barred)."""
    if barred:
        return Field(info, goal, enemy, barred)
    fields = _memo(info, enemy).fields
    field = fields.get(goal)
    if field is None:
        field = fields[goal] = Field(info, goal, enemy, barred)
    return field


def _detour(info: BoardInfo, unit: Unit, goal: str, enemy, barred) -> list[str] | None:
    """A shortest legal path around opposing units: another shortest path on the map if one is
    clear, else a longer one (reinforcements: from the best intersection of their edge)."""
    if unit.status != OFF_MAP:
        found = info.shortest_avoiding(unit.site, goal, enemy, barred)
        if found is not None:
            return found
    field = toward(info, goal, enemy, barred)
    if unit.status != OFF_MAP:
        return field.path(unit.site) if field.reaches(unit.site) else None
    entry = field.nearest([e for e in info.edges[unit.attrs["edge"]] if e == goal or e not in enemy])
    return None if entry is None else [entry, *field.path(entry)]


def _finish(state: GameState, unit: Unit, path: list[str], enemy, barred, info: BoardInfo,
            origin: str) -> list[str] | None:
    """A new path: `path` with its end trimmed to what 3 and 3.2 allow (`origin`: where the unit comes from)."""
    side = unit.side
    end = path[-1]
    if end in enemy:
        before = path[-2] if len(path) > 1 else origin
        if not entry_allowed(state, side, end, before):
            alternative = _other_entry(state, unit, path, enemy, barred, info, origin)
            path = alternative if alternative else path[:-1]
    stacks = state.stacks[side]
    limit = STACKING[side]
    keep = len(path)
    while keep and len(stacks.get(path[keep - 1], ())) >= limit:
        keep -= 1
    return path[:keep] or None


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
        if field.reaches(unit.node, len(path)):
            return [*field.path(unit.node), end]
    return None

