"""Battle of Seattle as a ruleset: the command vocabulary and where each command is decided."""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.rules import deadlines, handing, names, reports
from referee.rules.table import CommandTable, Handler
from referee.rulesets.bos.rules import arrivals, fighting, fold, forces, movement, sequence
from referee.rulesets.bos.rules.narrate import narrate
from referee.rulesets.bos.rules.setup import OPENING_AREAS, initial_state

COMMANDS: dict[str, Handler] = {
    "end-phase": sequence.end_phase,
    "events": arrivals.roll_event,
    "reinforce": arrivals.reinforce,
    "place": arrivals.place,
    "emergency": arrivals.order,
    "lose": arrivals.lose,
    "move": movement.move,
    "barricade": movement.barricade,
    "combat": fighting.fight,
    "escalate": fighting.escalate,
    "extend": sequence.extend,
    "report": reports.report,
    "rename": names.rename,
    "hand": handing.hand,
    "deadline": deadlines.deadline,
}


class BattleOfSeattle(CommandTable):
    """The Battle of Seattle rules (Brian Train, v1.2, 2000)."""

    id = "bos"
    table = COMMANDS
    commands = "referee.rulesets.bos.rules.commands"
    check_not_over = staticmethod(sequence.check_not_over)

    def decide(self, ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
        """Every command once the game is over is refused (8.0) but `extend`, the players' agreement (2.4)."""
        if command.get("do") == "extend":
            sequence.extend(ctx, state, command, emit, dice)
        else:
            super().decide(ctx, state, command, emit, dice)

    def initial(self, ctx: Context) -> GameState:
        return initial_state(ctx)

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        """Game-turn 1, after the Protester's five opening Crowds are drawn and placed by default (setup)."""
        tally = Tally(dice)
        crowds = forces.opening_crowds(tally)
        emit("opening-crowds", {"units": dict(zip(crowds, OPENING_AREAS, strict=True))}, tuple(tally.rolls))
        sequence.begin_turn(1, emit)

    evolve = staticmethod(fold.evolve)

    narrate = staticmethod(narrate)
