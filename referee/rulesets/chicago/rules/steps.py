"""HOW TO PLAY: the steps of a turn, who acts in each, and the turns 25A to 28C."""

from __future__ import annotations

from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

GREEN_MOVE, GREEN_CONFLICT = "green-move", "green-conflict"  # steps 1 and 2
BLUE_MOVE, BLUE_CONFLICT = "blue-move", "blue-conflict"  # steps 3 and 4
STEPS = (GREEN_MOVE, GREEN_CONFLICT, BLUE_MOVE, BLUE_CONFLICT)  # steps 5 and 6 follow the last at once
NUMBER = {GREEN_MOVE: 1, GREEN_CONFLICT: 2, BLUE_MOVE: 3, BLUE_CONFLICT: 4}
MOVER = {GREEN_MOVE: DEMONSTRATORS, BLUE_MOVE: POLICE}
MOVE = {side: step for step, side in MOVER.items()}  # each side's step of movement
FIGHTER = {GREEN_CONFLICT: DEMONSTRATORS, BLUE_CONFLICT: POLICE}
ACTOR = MOVER | FIGHTER
TURNS = 12  # 25A to 28C: "Game ends on the 28C turn"


def name(turn: int) -> str:
    """A turn's name on the Time Record, turns counted from 1 ("25A")."""
    return f"{25 + (turn - 1) // 3}{letter(turn)}"


def letter(turn: int) -> str:
    """A, B or C: the turn's third of the day."""
    return "ABC"[(turn - 1) % 3]


def following(step: str) -> str | None:
    """The step after this one in the same turn, or None after step 4."""
    index = STEPS.index(step) + 1
    return STEPS[index] if index < len(STEPS) else None
