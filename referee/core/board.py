"""The map as a graph: nodes (intersections, areas, boxes), links with kinds, targets and edges."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Node:
    """A place units stand in; `x`, `y` place it on a drawing of the map; `value` is a number the ruleset
    reads of the place (Battle of Seattle: a Downtown Core area's Exposure Value), 0 where it has none."""

    id: str
    x: float = 0
    y: float = 0
    in_play: bool = True
    note: str = ""
    features: tuple[str, ...] = ()
    value: int = 0


@dataclass(frozen=True, slots=True)
class Building:
    """A property standing at a node: its kind, its value when whole, and the buildings a fire can spread to."""

    id: str
    node: str
    kind: str
    value: int
    adjacent: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Link:
    """A way between two nodes; `kind` is e.g. street, diagonal or tunnel."""

    a: str
    b: str
    kind: str = "street"


@dataclass(frozen=True, slots=True)
class Target:
    """An objective reached from some nodes (its access nodes)."""

    id: str
    name: str
    kind: str
    access: tuple[str, ...]
    reconstructed: bool = False
    note: str = ""


@dataclass(frozen=True)
class Board:
    """The whole map; movement runs only between nodes in play."""

    id: str
    title: str
    nodes: dict[str, Node]
    links: tuple[Link, ...]
    targets: dict[str, Target]
    edges: dict[str, tuple[str, ...]]
    reconstructed: bool = False
    note: str = ""
    buildings: dict[str, Building] = field(default_factory=dict)
    place_inches: int = 0  # table inches between neighbouring places, where the rules move by inches
    adjacency: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    kinds: dict[frozenset, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        adjacency: dict[str, list[str]] = {node: [] for node in self.nodes}
        kinds: dict[frozenset, str] = {}
        for link in self.links:
            kinds[frozenset((link.a, link.b))] = link.kind
            if self.nodes[link.a].in_play and self.nodes[link.b].in_play:
                adjacency[link.a].append(link.b)
                adjacency[link.b].append(link.a)
        object.__setattr__(self, "adjacency", {node: tuple(near) for node, near in adjacency.items()})
        object.__setattr__(self, "kinds", kinds)

    def neighbours(self, node: str) -> tuple[str, ...]:
        """Nodes in play one link away from `node`."""
        return self.adjacency[node]

    def link_kind(self, a: str, b: str) -> str | None:
        """The kind of the link between two nodes, or None if they are not linked."""
        return self.kinds.get(frozenset((a, b)))

    def connected(self, sources: Iterable[str], goals: Iterable[str], blocked: Iterable[str] = ()) -> bool:
        """Whether some path over nodes in play runs from a source to a goal, avoiding `blocked` nodes."""
        return not self.reachable(sources, blocked).isdisjoint(goals)

    def reachable(self, sources: Iterable[str], blocked: Iterable[str] = ()) -> set[str]:
        """Every node in play that a path from a source reaches without entering a `blocked` node."""
        barred = set(blocked)
        queue = deque(node for node in sources if node not in barred and self.nodes[node].in_play)
        seen = set(queue)
        while queue:
            node = queue.popleft()
            for near in self.adjacency[node]:
                if near not in seen and near not in barred:
                    seen.add(near)
                    queue.append(near)
        return seen

    def distances(self, sources: Iterable[str]) -> dict[str, int]:
        """Links from the nearest source to every reachable node in play."""
        dist = {node: 0 for node in sources if self.nodes[node].in_play}
        queue = deque(dist)
        while queue:
            node = queue.popleft()
            for near in self.adjacency[node]:
                if near not in dist:
                    dist[near] = dist[node] + 1
                    queue.append(near)
        return dist
