"""What the computer players know about a map, worked out once per Board object and cached."""

from __future__ import annotations

from collections import deque
from typing import Iterable

from referee.core.board import Board

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"

_CACHE: dict[int, tuple[Board, "BoardInfo"]] = {}


def info_for(board: Board) -> "BoardInfo":
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
        self.hotel_access = frozenset(hotel_access)
        self.entrance_access = frozenset(entrance_access)
        #: links from each node to the nearest objective intersection
        self.to_key = board.distances(self.key)
        self.to_venue = board.distances(self.venue_access)
        self._paths: dict[tuple[str, str], tuple[str, ...]] = {}
        self._edge_entry: dict[tuple[str, str], tuple[str, int]] = {}

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

    def distance(self, a: str, b: str) -> int:
        return self.dist[a].get(b, 999)

    # --- scoring -------------------------------------------------------------------------

    def analyse(self, held: set[str] | frozenset[str]) -> "Analysis":
        """Which objectives the protesters score holding `held`, and what each held node is worth."""
        return Analysis(self, held)

    def bfs_avoiding(self, start: str, goal: str, enemy: Iterable[str] | dict, barred: set[str]) -> tuple[str, ...] | None:
        """A shortest path from start to goal that enters an enemy node only as its last step."""
        if start == goal:
            return ()
        parent = {start: None}
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
        self.held = held
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
        self.blockaded = [h for h, access in info.hotels.items() if not any(a in reach for a in access)]
        self.perimeter = sum(1 for group in info.venues if group & held)
        self.entrance = sum(1 for group in info.entrances if group & held)
        self._component: dict[str, int] | None = None

    @property
    def points(self) -> int:
        """Successes the protesters would gain in a success phase now."""
        return len(self.blockaded) + self.perimeter + self.entrance

    def _components(self) -> dict[str, int]:
        if self._component is None:
            comp: dict[str, int] = {}
            held, reach, adjacency = self.held, self.reach, self.info.adjacency
            label = 0
            for start in self.info.nodes:
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
            self._component = comp
        return self._component

    def value(self, node: str) -> int:
        """Successes a turn the protesters lose if every unit of theirs leaves `node` (0 if they do not hold it)."""
        if node not in self.held:
            return 0
        info, held = self.info, self.held
        lost = 0
        for group in info.venues:
            if node in group and not any(n in held for n in group if n != node):
                lost += 1
        for group in info.entrances:
            if node in group and not any(n in held for n in group if n != node):
                lost += 1
        if self.blockaded and (node in info.venue_access or any(n in self.reach for n in info.adjacency[node])):
            comp = self._components()
            joined = {comp[n] for n in info.adjacency[node] if n in comp}
            for hotel in self.blockaded:
                for a in info.hotels[hotel]:
                    if a == node or (a in comp and comp[a] in joined):
                        lost += 1
                        break
        return lost
