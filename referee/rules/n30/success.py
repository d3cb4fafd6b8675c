"""The success phase (5.1-5.3) and the end of the game (1.1, 5)."""

from __future__ import annotations

from referee.core.board import Board
from referee.core.state import GameState
from referee.rules.n30.phases import POLICE, PROTESTERS

VENUE, HOTEL, ENTRANCE = "venue", "hotel", "entrance"


def _occupied(board: Board, state: GameState, nodes) -> bool:
    held = state.stacks[PROTESTERS]
    return any(held.get(node) for node in nodes)


def perimeter(board: Board, state: GameState) -> list[str]:
    """5.1: venues with a protester unit on an intersection they are reached from."""
    return [t.id for t in board.targets.values() if t.kind == VENUE and _occupied(board, state, t.access)]


def venue_access(board: Board) -> set[str]:
    """Intersections from which the Convention Center or the Paramount are reached."""
    return {node for t in board.targets.values() if t.kind == VENUE for node in t.access}


def blockaded(board: Board, state: GameState, hotel: str) -> bool:
    """5.2: the hotel is reached from the map, and no on-map path from it to a venue avoids every
    intersection holding a protester unit."""
    access = board.targets[hotel].access
    return bool(access) and not board.connected(access, venue_access(board), state.occupied(PROTESTERS))


def hotels(board: Board, state: GameState) -> list[str]:
    """5.2: the delegate hotels blockaded (one search from the venues serves them all)."""
    open_ = board.reachable(venue_access(board), state.occupied(PROTESTERS))
    return [t.id for t in board.targets.values()
            if t.kind == HOTEL and t.access and open_.isdisjoint(t.access)]


def entrance(board: Board, state: GameState) -> list[str]:
    """5.3: the Secret Service entrance, if a protester unit occupies one of its intersections."""
    return [t.id for t in board.targets.values() if t.kind == ENTRANCE and _occupied(board, state, t.access)]


def success_phase(board: Board, state: GameState) -> dict[str, list[str]]:
    """What the protesters gain this success phase, one success per target, by section."""
    return {"5.1": perimeter(board, state), "5.2": hotels(board, state), "5.3": entrance(board, state)}


def winner(score: int, target: int) -> str:
    """1.1, 5: the protesters win if their success equals or exceeds the target at the end."""
    return PROTESTERS if score >= target else POLICE
