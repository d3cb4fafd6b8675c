"""The success phase (5.1-5.3), the success level's gains line by line within its bounds (1.1), and the end of the
game (1.1, 5)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.board import Board
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"
#: 1.1: "The protesters track their success level (0-200)".
MAX_SUCCESS, LEVEL = 200, "1.1"


def _held(board: Board, occupied: set[str], kind: str) -> list[str]:
    """Targets of a kind reached from an intersection holding a protester unit (5.1, 5.3)."""
    return [t.id for t in board.targets.values() if t.kind == kind and not occupied.isdisjoint(t.access)]


def perimeter(board: Board, state: GameState) -> list[str]:
    """5.1: venues with a protester unit on an intersection they are reached from."""
    return _held(board, state.occupied(PROTESTERS), VENUE)


def venue_access(board: Board) -> set[str]:
    """Intersections from which the Convention Center or the Paramount are reached."""
    return {node for t in board.targets.values() if t.kind == VENUE for node in t.access}


def blockaded(board: Board, state: GameState, hotel: str) -> bool:
    """5.2: the hotel is reached from the map, and no on-map path from it to a venue avoids every
    intersection holding a protester unit."""
    access = board.targets[hotel].access
    return bool(access) and not board.connected(access, venue_access(board), state.occupied(PROTESTERS))


def hotels(board: Board, state: GameState) -> list[str]:
    """5.2: the delegate hotels blockaded."""
    return _hotels(board, state.occupied(PROTESTERS))


def _hotels(board: Board, occupied: set[str]) -> list[str]:
    """5.2 for protester units on `occupied` (one search from the venues serves every hotel)."""
    open_ = board.reachable(venue_access(board), occupied)
    return [t.id for t in board.targets.values()
            if t.kind == HOTEL and t.access and open_.isdisjoint(t.access)]


def entrance(board: Board, state: GameState) -> list[str]:
    """5.3: the Secret Service entrance, if a protester unit occupies one of its intersections."""
    return _held(board, state.occupied(PROTESTERS), ENTRANCE)


def scoring(board: Board, occupied: set[str]) -> dict[str, list[str]]:
    """What protester units on `occupied` gain in a success phase, one success per target, by section."""
    return {"5.1": _held(board, occupied, VENUE), "5.2": _hotels(board, occupied), "5.3": _held(board, occupied, ENTRANCE)}


def target_item(board: Board, occupied: set[str], section: str, target: str) -> dict:
    """The line of the success phase that scores one target (5.1-5.3), naming it as the map does, with the
    intersections held that reach it (5.1, 5.3)."""
    place = board.targets[target]
    held = ", ".join(node for node in place.access if node in occupied)
    what = {"5.1": f"reached from {held}", "5.2": "blockaded", "5.3": f"held at {held}"}[section]
    return item(f"{place.name}, {what}", 1, section)


def settled(score: int, points: int) -> int:
    """1.1: the success level after a gain of `points`, kept within 0-200."""
    return max(0, min(MAX_SUCCESS, score + points))


def gain(score: int, source: str, lines: Sequence[dict], **where: str) -> dict:
    """A `success` event's data at a success level of `score`: the points its rules' lines give (`source` the
    section), where it was gained, and the lines, with 1.1's bound a line of its own where the level would leave
    0-200: the lines add up to the level's change."""
    points = sum(line["value"] for line in lines)
    beyond = score + points - settled(score, points)
    bound = [item(f"the success level runs 0-{MAX_SUCCESS}", -beyond, LEVEL)] if beyond else []
    return {"side": PROTESTERS, "points": points, "source": source, **where, ITEMS: [*lines, *bound]}


def success_phase(board: Board, state: GameState) -> dict[str, list[str]]:
    """What the protesters gain this success phase, one success per target, by section."""
    return scoring(board, state.occupied(PROTESTERS))


def winner(score: int, target: int) -> str:
    """1.1, 5: the protesters win if their success equals or exceeds the target at the end."""
    return PROTESTERS if score >= target else POLICE
