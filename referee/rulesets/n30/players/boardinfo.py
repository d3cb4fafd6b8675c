"""What the computer players know about a map, worked out once per Board object and cached."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from referee.core.board import Board

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"

_CACHE: dict[int, tuple[Board, BoardInfo]] = {}
#: objective intersections seen from one place: (cost floor, rank, links, twice the weight, node), cheapest first
GoalTable = tuple[tuple[float, int, int, float, str], ...]


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
        self.neighbours = {node: frozenset(near) for node, near in board.adjacency.items()}
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
        #: the venue and entrance access groups (5.1, 5.3)
        self.groups = (*self.venues, *self.entrances)
        hotel_access = {n for access in self.hotels.values() for n in access}
        entrance_access = {n for access in self.entrances for n in access}
        #: every intersection whose holding scores (5.1-5.3), most valuable first
        weight: dict[str, float] = {}
        for access in self.hotels.values():
            for n in access:
                weight[n] = weight.get(n, 0) + 1.0 / len(access)
        for group in self.groups:
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
        self._downhill: dict[str, dict[str, tuple[str, ...]]] = {}
        self._goals_from: dict[str, GoalTable] = {}
        self._goals_entering: dict[str, GoalTable] = {}
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
        downhill = self.downhill(goal)
        steps, here = [], start
        if start in downhill:
            while here != goal:
                here = downhill[here][0]
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
        opposing unit and no barred node; None if every shortest path does (then search wider).
        The first such path in the order of the map's links."""
        if start not in self.dist[goal] or goal in barred:
            return None
        if start == goal:
            return []
        downhill = self.downhill(goal)
        path, dead = [start], set()
        tries = [iter(downhill[start])]
        while tries:
            for near in tries[-1]:
                if near == goal:
                    return [*path[1:], goal]
                if near not in dead and near not in barred and near not in enemy:
                    path.append(near)
                    tries.append(iter(downhill[near]))
                    break
            else:  # no way on from here
                tries.pop()
                dead.add(path.pop())
        return None

    def downhill(self, goal: str) -> dict[str, tuple[str, ...]]:
        """For every node that reaches `goal`: its neighbours a link nearer to it, in map order."""
        table = self._downhill.get(goal)
        if table is None:
            to_goal, adjacency = self.dist[goal], self.adjacency
            table = self._downhill[goal] = {
                node: tuple(near for near in adjacency[node] if to_goal.get(near) == d - 1) for node, d in to_goal.items()}
        return table

    def entry_dist(self, edge: str) -> dict[str, int]:
        """Blocks from outside the map on an edge to every node (the first block enters the edge, 3)."""
        cached = self._entry_dist.get(edge)
        if cached is None:
            cached = {n: d + 1 for n, d in self.board.distances(self.edges[edge]).items()}
            self._entry_dist[edge] = cached
        return cached

    def goals_from(self, node: str) -> GoalTable:
        """The objective intersections seen from a node, cheapest first (see `_goal_table`)."""
        table = self._goals_from.get(node)
        if table is None:
            table = self._goals_from[node] = self._goal_table(self.dist[node])
        return table

    def goals_entering(self, edge: str) -> GoalTable:
        """The objective intersections seen from outside the map on an edge, cheapest first."""
        table = self._goals_entering.get(edge)
        if table is None:
            table = self._goals_entering[edge] = self._goal_table(self.entry_dist(edge))
        return table

    def _goal_table(self, dist: dict[str, int]) -> GoalTable:
        """Each objective intersection as (links less twice its weight, its rank in `key`, links, twice
        its weight, the node), sorted: the first part is the least a goal can cost a protester player."""
        rows = ((n, dist.get(n, 999), 2.0 * w) for n, w in self.key_weights)
        return tuple(sorted((d - w2, rank, d, w2, n) for rank, (n, d, w2) in enumerate(rows)))

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
        if isinstance(held, dict) and not all(held.values()):
            held = [node for node, ids in held.items() if ids]
        self.held = held = frozenset(held)
        neighbours = info.neighbours
        #: the nodes a path from a venue reaches without entering a held node
        self.reach = reach = set(info.venue_access - held)
        touched: set[str] = set()
        frontier = reach
        while frontier:
            found: set[str] = set()
            for node in frontier:
                found |= neighbours[node]
            touched |= found
            frontier = found.difference(held, reach)
            reach |= frontier
        #: held nodes next to `reach` (freeing one of them opens a path to the venues)
        self.border = touched & held
        self.blockaded = [h for h, access in info.hotels.items() if reach.isdisjoint(access)]
        self.perimeter = sum(1 for group in info.venues if not held.isdisjoint(group))
        self.entrance = sum(1 for group in info.entrances if not held.isdisjoint(group))
        self._values: dict[str, int] | None = None

    @property
    def points(self) -> int:
        """Successes the protesters would gain in a success phase now."""
        return len(self.blockaded) + self.perimeter + self.entrance

    def _cut_off(self) -> list[tuple[set[str], set[str]]]:
        """The areas cut off from the venues that take in an intersection of a blockaded hotel, each
        with those hotels (freeing a node next to one opens its hotels)."""
        held, reach, neighbours = self.held, self.reach, self.info.neighbours
        areas: list[tuple[set[str], set[str]]] = []
        for hotel in self.blockaded:
            for start in self.info.hotels[hotel]:
                if start in held:
                    continue
                area = next((area for area in areas if start in area[0]), None)
                if area is None:
                    nodes, frontier = {start}, {start}
                    while frontier:
                        found: set[str] = set()
                        for node in frontier:
                            found |= neighbours[node]
                        frontier = found.difference(held, reach, nodes)
                        nodes |= frontier
                    area = (nodes, set())
                    areas.append(area)
                area[1].add(hotel)
        return areas

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
        info, held = self.info, self.held
        values = dict.fromkeys(held, 0)
        for group in info.groups:
            holders = group & held
            if len(holders) == 1:
                for node in holders:
                    values[node] += 1
        if self.blockaded:
            # only a held node on the venues' side of the line (touching `reach`) opens a path when freed
            frontier = self.border | (held & info.venue_access)
            opened: dict[str, set[str]] = {}  # the blockaded hotels freeing each frontier node opens
            for hotel in self.blockaded:
                for node in info.hotels[hotel]:
                    if node in frontier:
                        opened.setdefault(node, set()).add(hotel)
            neighbours = info.neighbours
            for nodes, hotels in self._cut_off():
                around: set[str] = set()
                for node in nodes:
                    around |= neighbours[node]
                for node in around & frontier:
                    opened.setdefault(node, set()).update(hotels)
            for node, hotels in opened.items():
                values[node] += len(hotels)
        return values
