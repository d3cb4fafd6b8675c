"""A deadline for the players' orders in the phase the game is in (`deadline`), every ruleset alike.

The umpire of a class or a club's big game gives the players until a time to send their orders: `{"do":
"deadline", "at": "2026-11-28T20:35:00+00:00"}` (a time with its offset; `referee deadline` and the dashboard's
`H` give it in minutes from now). It holds for the phase it was set in and ends with it; `{"do": "deadline"}`
takes it away, a later one replaces it (more time, or less). Every player is told it on his page, which takes no
order once it has passed: the units he gave none hold. No rule of a game reads it, and a command never waits
for it: the umpire ends the phase when he chooses.

The event `deadline-set` (`{"at": time or None}`, the time in UTC to the second) is folded as nothing: a
player's knowledge keeps it with the phase it was set in (referee.knowledge.due).
"""

from __future__ import annotations

from datetime import UTC, datetime

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError

DEADLINE, DEADLINE_SET = "deadline", "deadline-set"


def when(text: str) -> datetime:
    """A deadline's time, as `at` gives it: ISO 8601 with its offset from UTC ("2026-11-28T20:35:00+00:00")."""
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise RefereeError(f'deadline: "at" must be a time such as 2026-11-28T20:35:00+00:00, not {text!r}') from None
    if at.tzinfo is None:
        raise RefereeError(f'deadline: "at" needs its offset from UTC ({text}+00:00 for UTC)')
    return at.astimezone(UTC).replace(microsecond=0)


def clock(at: str) -> str:
    """A deadline kept in UTC, in the hours and minutes of this machine's clock (the room's): "21:35"."""
    return f"{datetime.fromisoformat(at).astimezone():%H:%M}"


def deadline(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "deadline", "at": time}` sets the players' deadline for this phase; without `at`, takes it away."""
    at = command.get("at")
    emit(DEADLINE_SET, {"at": None if at is None else when(at).isoformat()})


def line(data: dict) -> str:
    """`deadline-set` as one line of the log."""
    at = data["at"]
    return f"Orders due by {at[11:16]} UTC in this phase" if at else "No deadline for orders in this phase"
