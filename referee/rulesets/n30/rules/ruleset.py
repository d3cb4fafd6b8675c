"""N30 as a ruleset: the command vocabulary and where each command is decided."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import Refusal
from referee.rules import deadlines, handing, names, reports
from referee.rules.table import CommandTable, Handler
from referee.rulesets.n30.rules import attack, fold, friction, movement, turns
from referee.rulesets.n30.rules.narrate import narrate
from referee.rulesets.n30.rules.phases import MOVER
from referee.rulesets.n30.rules.setup import initial_state


def _choose(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    side = MOVER.get(state.phase)
    if side is None:
        raise Refusal("3", f"intersections are chosen in a movement phase, and it is the {state.phase} phase")
    nodes = command.get("nodes", [command.get("node")])
    for n, node in enumerate(nodes):
        if node in nodes[:n]:
            raise Refusal("3", f"{node} is named twice in `nodes`")
        state = movement.choose(ctx, state, side, node, emit)


COMMANDS: dict[str, Handler] = {
    "end-phase": lambda ctx, state, cmd, emit, dice: turns.end_phase(ctx, state, emit, dice),
    "choose": _choose,
    "roll": movement.roll,
    "move": movement.move,
    "stay": movement.stay,
    "group-move": movement.group_move,
    "barricade": lambda ctx, state, cmd, emit, dice: movement.build(ctx, state, cmd, emit, "barricade"),
    "flo": lambda ctx, state, cmd, emit, dice: movement.build(ctx, state, cmd, emit, "flo"),
    "top": lambda ctx, state, cmd, emit, dice: movement.top(ctx, state, cmd, emit),
    "confront": attack.confront,
    "factions": lambda ctx, state, cmd, emit, dice: friction.assign(ctx, state, cmd, emit),
    "report": reports.report,
    "rename": names.rename,
    "hand": handing.hand,
    "deadline": deadlines.deadline,
}


class N30(CommandTable):
    """The N30 rules (Erwin 2004-05, rev. Unrastarjo 2008)."""

    id = "n30"
    table = COMMANDS
    commands = "referee.rulesets.n30.rules.commands"
    check_not_over = staticmethod(turns.check_not_over)

    def initial(self, ctx: Context) -> GameState:
        return initial_state(ctx)

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        turns.begin_turn(ctx, state, 1, emit, dice)

    evolve = staticmethod(fold.evolve)

    narrate = staticmethod(narrate)
