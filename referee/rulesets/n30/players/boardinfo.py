"""What the computer players know about a map, worked out once per Board object and cached."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from referee.core.board import Board

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"

_CACHE: dict[int, tuple[Board, BoardInfo]] = {}


def info_for(board: Board) -> BoardInfo:
    """The cached BoardInfo of a board (keyed by the object: boards are loaded once per process)."""
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    info = BoardInfo(board)
    _CACHE[id(board)] = (board, info)
    return info


class BoardInfo:
    """Distance tables, shortest paths and the objectives (5.1-5.3) of one board."""

    def __init__(self, board: Board):
        self.board = board
        self.adjacency = board.adjacency
        self.nodes = tuple(n for n, node in board.nodes.items() if node.in_play)
        #: links between every pair of nodes in play (absent: unreachable)
        self.dist: dict[str, dict[str, int]] = {n: board.distances([n]) for n in self.nodes}
        self.edges = board.edges
        self.venue_access = frozenset(n for t in board.targets.values() if t.kind == VENUE for n in t.access)
        self.hotels: dict[str, tuple[str, ...]] = {
            t.id: t.access for t in board.targets.values() if t.kind == HOTEL}
        self.entrances: tuple[frozenset[str], ...] = tuple(
            frozenset(t.access) for t in board.targets.values() if t.kind == ENTRANCE and t.access)
        self.venues: tuple[frozenset[str], ...] = tuple(
            frozenset(t.access) for t in board.targets.values() if t.kind == VENUE and t.access)
        hotel_access = {n for access in self.hotels.values() for n in access}
        entrance_access = {n for access in self.entrances for n in access}
        #: every intersection whose holding scores (5.1-5.3), most valuable first
        weight: dict[str, float] = {}
        for access in self.hotels.values():
            for n in access:
                weight[n] = weight.get(n, 0) + 1.0 / len(access)
        for group in (*self.venues, *self.entrances):
            for n in group:
                weight[n] = weight.get(n, 0) + 1.0 / len(group)
        self.weight = weight
        self.key = tuple(sorted(weight, key=lambda n: (-weight[n], self.nodes.index(n))))
        self.key_set = frozenset(self.key)
        self.key_weights = tuple((n, weight[n]) for n in self.key)
        self.hotel_access = frozenset(hotel_access)
        self.entrance_access = frozenset(entrance_access)
        #: links from each node to the nearest objective intersection
        self.to_key = board.distances(self.key)
        self.to_venue = board.distances(self.venue_access)
        self._paths: dict[tuple[str, str], tuple[str, ...]] = {}
        self._edge_entry: dict[tuple[str, str], tuple[str, int]] = {}
        self._entry_dist: dict[str, dict[str, int]] = {}
        self._last_held: object = None
        self._last_analysis: Analysis | None = None

    # --- paths -------------------------------------------------------------------------

    def path(self, start: str, goal: str) -> tuple[str, ...]:
        """A shortest path on the empty map, leaving out `start` (empty if start == goal or unreachable)."""
        key = (start, goal)
        cached = self._paths.get(key)
        if cached is not None:
            return cached
        to_goal = self.dist[goal]
        if start not in to_goal:
            result: tuple[str, ...] = ()
        else:
            steps, here = [], start
            while here != goal:
                d = to_goal[here]
                here = next(n for n in self.adjacency[here] if to_goal.get(n, -1) == d - 1)
                steps.append(here)
            result = tuple(steps)
        self._paths[key] = result
        return result

    def edge_entry(self, edge: str, goal: str) -> tuple[str, int]:
        """The intersection on an edge nearest to `goal`, and the blocks from outside the map to the goal."""
        key = (edge, goal)
        cached = self._edge_entry.get(key)
        if cached is None:
            to_goal = self.dist[goal]
            best = min((n for n in self.edges[edge] if n in to_goal), key=lambda n: to_goal[n])
            cached = (best, to_goal[best] + 1)
            self._edge_entry[key] = cached
        return cached

    def shortest_avoiding(self, start: str, goal: str, enemy, barred) -> list[str] | None:
        """A shortest path on the empty map from start to goal (leaving out start) that passes no
        opposing unit and no barred node; None if every shortest path does (then search wider)."""
        to_goal = self.dist[goal]
        if start not in to_goal or goal in barred:
            return None
        adjacency = self.adjacency
        dead: set[str] = set()
        path: list[str] = []

        def down(node: str) -> bool:
            if node == goal:
                return True
            d = to_goal[node] - 1
            for near in adjacency[node]:
                if (to_goal.get(near) == d and near not in dead and near not in barred
                        and (near == goal or near not in enemy)):
                    path.append(near)
                    if down(near):
                        return True
                    path.pop()
                    dead.add(near)
            return False

        return path if down(start) else None

    def entry_dist(self, edge: str) -> dict[str, int]:
        """Blocks from outside the map on an edge to every node (the first block enters the edge, 3)."""
        cached = self._entry_dist.get(edge)
        if cached is None:
            cached = {n: d + 1 for n, d in self.board.distances(self.edges[edge]).items()}
            self._entry_dist[edge] = cached
        return cached

    def distance(self, a: str, b: str) -> int:
        return self.dist[a].get(b, 999)

    # --- scoring -------------------------------------------------------------------------

    def analyse(self, held) -> Analysis:
        """Which objectives the protesters score holding `held` (a set, or a side's stacks), and what
        each held node is worth. The analysis of the last stacks object seen is kept: states are
        frozen, so while the protesters' stacks are the same object their analysis stands."""
        if self._last_analysis is not None and self._last_held is held:
            return self._last_analysis
        analysis = Analysis(self, held)
        self._last_held, self._last_analysis = held, analysis
        return analysis

    def bfs_avoiding(self, start: str, goal: str, enemy: Iterable[str] | dict, barred: set[str]) -> tuple[str, ...] | None:
        """A shortest path from start to goal that enters an enemy node only as its last step."""
        if start == goal:
            return ()
        parent = {start: start}  # marks the start seen (the walk back stops before it)
        queue = deque([start])
        adjacency = self.adjacency
        while queue:
            node = queue.popleft()
            if node != start and node in enemy:
                continue
            for near in adjacency[node]:
                if near in parent or near in barred:
                    continue
                parent[near] = node
                if near == goal:
                    steps = [near]
                    while parent[steps[-1]] != start:
                        steps.append(parent[steps[-1]])
                    return tuple(reversed(steps))
                queue.append(near)
        return None


class Analysis:
    """The protesters' position for scoring (5.1-5.3): held nodes, blockaded hotels, marginal values."""

    def __init__(self, info: BoardInfo, held):
        self.info = info
        if isinstance(held, dict):
            held = frozenset(node for node, ids in held.items() if ids)
        self.held = held = frozenset(held)
        adjacency = info.adjacency
        reach = {n for n in info.venue_access if n not in held}
        queue = deque(reach)
        while queue:
            node = queue.popleft()
            for near in adjacency[node]:
                if near not in reach and near not in held:
                    reach.add(near)
                    queue.append(near)
        self.reach = reach
        self.blockaded = [h for h, access in info.hotels.items() if reach.isdisjoint(access)]
        self.perimeter = sum(1 for group in info.venues if group & held)
        self.entrance = sum(1 for group in info.entrances if group & held)
        self._values: dict[str, int] | None = None

    @property
    def points(self) -> int:
        """Successes the protesters would gain in a success phase now."""
        return len(self.blockaded) + self.perimeter + self.entrance

    def _components(self) -> dict[str, int]:
        """A label for each node of the areas cut off from the venues that take in an intersection of
        a blockaded hotel (freeing a node next to another cut-off area opens no hotel)."""
        comp: dict[str, int] = {}
        held, reach, adjacency = self.held, self.reach, self.info.adjacency
        label = 0
        for start in (a for hotel in self.blockaded for a in self.info.hotels[hotel]):
            if start in comp or start in held or start in reach:
                continue
            label += 1
            comp[start] = label
            queue = deque([start])
            while queue:
                node = queue.popleft()
                for near in adjacency[node]:
                    if near not in comp and near not in held and near not in reach:
                        comp[near] = label
                        queue.append(near)
        return comp

    def value(self, node: str) -> int:
        """Successes a turn the protesters lose if every unit of theirs leaves `node` (0 if they do not hold it)."""
        return self.values.get(node, 0)

    @property
    def values(self) -> dict[str, int]:
        """`value` of every held node."""
        if self._values is None:
            self._values = self._all_values()
        return self._values

    def _all_values(self) -> dict[str, int]:
        """`value` of every held node at once: sole holders of a venue or entrance (5.1, 5.3), and
        held nodes whose freeing would open a path from a blockaded hotel to a venue (5.2)."""
        info, held, reach = self.info, self.held, self.reach
        values = dict.fromkeys(held, 0)
        for group in (*info.venues, *info.entrances):
            holders = group & held
            if len(holders) == 1:
                for node in holders:
                    values[node] += 1
        if self.blockaded:
            comp = self._components()
            hotels_in: dict[int, set[str]] = {}
            hotels_at: dict[str, set[str]] = {}
            for hotel in self.blockaded:
                for a in info.hotels[hotel]:
                    if a in comp:
                        hotels_in.setdefault(comp[a], set()).add(hotel)
                    elif a in held:
                        hotels_at.setdefault(a, set()).add(hotel)
            adjacency = info.adjacency
            # only a held node on the venues' side of the line (touching `reach`) opens a path when freed
            frontier = {near for node in reach for near in adjacency[node] if near in held}
            frontier |= held & info.venue_access
            opened = {node: set(hotels_at.get(node, ())) for node in frontier}
            for near, label in comp.items():  # freeing a node next to a cut-off area opens its hotels
                for node in adjacency[near]:
                    if node in opened:
                        opened[node] |= hotels_in[label]
            for node, hotels in opened.items():
                values[node] += len(hotels)
        return values
