"""Computer players that decide on their own side's knowledge (`referee simulate --players-see own`): a game's
knowledge kept for both sides as its events come, each side's share handed to that side's player."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from referee.core.board import Board
from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState


class Picture(Protocol):
    """What a computer player decides on: a game's context and a state, the game itself (referee.game.Game) or his
    side's knowledge of it (a ruleset's `Seen`)."""

    @property
    def ctx(self) -> Context: ...

    @property
    def state(self) -> GameState: ...


class Sight(Protocol):
    """Both sides' knowledge of one game (a ruleset's own): `seen[side]` is what that side's player decides on."""

    @property
    def seen(self) -> Mapping[str, Any]: ...

    def feed(self, events: Iterable[Event]) -> None: ...


class Kept:
    """Both sides' knowledge of a game (`knowledge`, a ruleset's record), fed its events in order, counted in
    `moment`; `seen[side]` is what that side's player decides on, made by `seen_as(self, side)`."""

    def __init__(self, knowledge: Any, sides: Iterable[str], seen_as: Callable[[Any, str], Any],
                 events: Iterable[Event] = ()):
        self.knowledge, self.moment = knowledge, 0
        self.seen = {side: seen_as(self, side) for side in sides}
        self.feed(events)

    def feed(self, events: Iterable[Event]) -> None:
        """Let each side observe what these events show it."""
        for event in events:
            self.knowledge.feed(event)
            self.moment += 1


def hand_out(sight: Sight, players: Mapping[str, Any]) -> Callable[[list[Event]], None]:
    """Give each player his side's share of `sight` as his `eyes`; the function returned feeds it the events of
    every command applied after."""
    for side, player in players.items():
        player.eyes = sight.seen[side]
    return sight.feed


def map_order(board: Board) -> dict[str, int]:
    """Each place's rank in map order (north to south, west to east), the order a view lists places in."""
    nodes = board.nodes
    return {node: rank for rank, node in enumerate(sorted(nodes, key=lambda n: (nodes[n].y, nodes[n].x, n)))}
