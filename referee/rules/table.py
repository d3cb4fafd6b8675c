"""What every ruleset's command handling shares: a table from command names to the functions that decide them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from referee.bounds import shown
from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError
from referee.rules import names

if TYPE_CHECKING:
    from referee.rules.commands import Checks

Handler = Callable[[Context, GameState, dict, Emit, Dice], None]


@cache
def checks(module: str) -> Checks:
    """The check of every verb a ruleset's `commands` module lists (imported when first needed)."""
    return import_module(module).CHECKS


class CommandTable:
    """A ruleset deciding each command by its `do`: unknown commands, and any after the game ended but `rename`
    (referee.rules.names: the names are the table's, not the game's), refused."""

    table: dict[str, Handler] = {}
    commands: str  # the module of the verbs' schemas (its CHECKS), such as "referee.rulesets.n30.rules.commands"

    @staticmethod
    def check_not_over(state: GameState) -> None:
        """Refuse a command once the game is over (each ruleset cites its own section)."""

    def unknown(self, verb: object) -> RefereeError:
        return RefereeError(f"unknown command {shown(verb)} (known: {', '.join(self.table)}, undo, redo)")

    def check(self, ctx: Context, command: dict) -> None:
        """Refuse a command that does not match its verb's schema (see referee.rules.commands)."""
        verb = command.get("do")
        if not isinstance(verb, str):  # a verb that is missing, a list or an object
            raise self.unknown(verb)
        try:
            check = checks(self.commands)[verb]
        except KeyError:
            raise self.unknown(verb) from None
        check(command, ctx)

    def resolve(self, ctx: Context, state: GameState, command: dict, places: Mapping[str, Iterable[str]]) -> dict:
        """The command checked, with every place and unit it names by a printed name given by its id
        (referee.rules.refs), as the log keeps it; `places`: each place's printed names beyond its id."""
        from referee.rules import refs  # the schemas' module loads pydantic: not for reading a session

        self.check(ctx, command)
        return refs.resolved(checks(self.commands).schemas[command["do"]], ctx, state, command, places)

    def decide(self, ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
        verb = command.get("do")
        handler = self.table.get(verb) if isinstance(verb, str) else None
        if handler is None:
            raise self.unknown(verb)
        if verb != names.RENAME:  # the table's names may be given after the end, for the debrief
            self.check_not_over(state)
        handler(ctx, state, command, emit, dice)
