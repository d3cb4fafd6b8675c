"""Chicago-Chicago! as a ruleset: the command vocabulary and where each command is decided."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.rules import deadlines, handing, names, reports
from referee.rules.table import CommandTable, Handler
from referee.rulesets.chicago.rules import fighting, fold, movement, sequence, tables
from referee.rulesets.chicago.rules.narrate import narrate
from referee.rulesets.chicago.rules.setup import initial_state

COMMANDS: dict[str, Handler] = {
    "end-phase": sequence.end_phase,
    "place": movement.place,
    "move": movement.move,
    "conflict": fighting.fight,
    "guard": movement.guard_in,
    "guard-out": movement.guard_out,
    "report": reports.report,
    "rename": names.rename,
    "hand": handing.hand,
    "deadline": deadlines.deadline,
}


class ChicagoChicago(CommandTable):
    """The Chicago-Chicago! rules (James F. Dunnigan, Strategy & Tactics 21, 1970)."""

    id = "chicago"
    table = COMMANDS
    commands = "referee.rulesets.chicago.rules.commands"
    check_not_over = staticmethod(sequence.check_not_over)

    def initial(self, ctx: Context) -> GameState:
        tables.of(ctx.scenario)  # tables the game could not be played with are refused before it begins
        return initial_state(ctx)

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        """Turn 25A, step 1: nothing to roll; the set-up stands until the first move."""

    evolve = staticmethod(fold.evolve)

    narrate = staticmethod(narrate)
