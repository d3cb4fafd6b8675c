"""What every ruleset's command handling shares: a table from command names to the functions that decide them."""

from __future__ import annotations

from typing import Callable

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError

Handler = Callable[[Context, GameState, dict, Emit, Dice], None]


class CommandTable:
    """A ruleset deciding each command by its `do`: unknown commands, and any after the game ended, refused."""

    table: dict[str, Handler] = {}

    @staticmethod
    def check_not_over(state: GameState) -> None:
        """Refuse a command once the game is over (each ruleset cites its own section)."""

    def decide(self, ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
        handler = self.table.get(command.get("do"))
        if handler is None:
            raise RefereeError(f"unknown command {command.get('do')!r} (known: {', '.join(self.table)}, undo, redo)")
        self.check_not_over(state)
        handler(ctx, state, command, emit, dice)
