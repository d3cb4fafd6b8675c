"""The Turn Record (2.4, 3.0, 7.1, 8.0): Morning, Afternoon and Night game-turns from Morning 30 November."""

from __future__ import annotations

PARTS = ("Morning", "Afternoon", "Night")
DAYS = ("30 November", "1 December", "2 December", "3 December")
TURNS = 8  # to the end of the Afternoon, 2 December game-turn (8.0)
EXTENDED = 11  # to the end of the Afternoon, 3 December game-turn, the conference's end (2.4)


def name(turn: int) -> str:
    """A game-turn's name, turns counted from 1 ("Morning, 30 November")."""
    return f"{PARTS[(turn - 1) % 3]}, {DAYS[(turn - 1) // 3]}"


def is_night(turn: int) -> bool:
    """Whether a game-turn is a Night turn (7.1)."""
    return turn % 3 == 0


def is_morning(turn: int) -> bool:
    """Whether a game-turn is a Morning turn: Crowds removed at nightfall come back then (7.1)."""
    return turn % 3 == 1
