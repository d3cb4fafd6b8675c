"""Section 2 (turn order) and the intersections each side may choose (3)."""

from __future__ import annotations

from referee.core.clock import parse_time

PROTESTERS, POLICE = "protesters", "police"
PROTESTER_MOVEMENT = "protester-movement"
POLICE_MOVEMENT = "police-movement"
CONFRONTATION = "confrontation"
SUCCESS = "success"
PHASES = (PROTESTER_MOVEMENT, POLICE_MOVEMENT, CONFRONTATION, SUCCESS)
MOVER = {PROTESTER_MOVEMENT: PROTESTERS, POLICE_MOVEMENT: POLICE}
GAME_OVER = "game over"
"""2: the words that open the announcement of the game's end, after the last turn, to every player."""

_NINE, _ELEVEN = parse_time("9:00"), parse_time("11:00")


def next_phase(phase: str) -> str | None:
    """The phase after this one in the same turn, or None at the end of the turn (2)."""
    index = PHASES.index(phase)
    return PHASES[index + 1] if index + 1 < len(PHASES) else None


def intersections_allowed(side: str, minutes: int) -> int:
    """3: protesters choose two intersections a turn before 9:00 and one after; police one before 11:00, two after."""
    if side == PROTESTERS:
        return 2 if minutes < _NINE else 1
    return 1 if minutes < _ELEVEN else 2


def allowed_at(side: str, reading: str) -> int:
    """3: the intersections `side` may choose in the turn a player reads as `reading` ("9:00", or "9:00-9:10")."""
    return intersections_allowed(side, parse_time(reading.split("-")[0].strip()))
