"""The success phase (5.1-5.3) and the end of the game (1.1, 5)."""

from __future__ import annotations

from referee.core.board import Board
from referee.core.state import GameState
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"


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


def success_phase(board: Board, state: GameState) -> dict[str, list[str]]:
    """What the protesters gain this success phase, one success per target, by section."""
    return scoring(board, state.occupied(PROTESTERS))


def winner(score: int, target: int) -> str:
    """1.1, 5: the protesters win if their success equals or exceeds the target at the end."""
    return PROTESTERS if score >= target else POLICE
