"""Wallman's Civil Disorder as a ruleset: the umpire's command vocabulary and where each is decided."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.rules import deadlines, handing, names, reports
from referee.rules.table import CommandTable, Handler
from referee.rulesets.wallman.rules import actions, care, clashes, crowds, fold, moves, premises, turns
from referee.rulesets.wallman.rules.narrate import narrate
from referee.rulesets.wallman.rules.phases import CROWD
from referee.rulesets.wallman.rules.setup import initial_state

COMMANDS: dict[str, Handler] = {
    "end-phase": lambda ctx, state, cmd, emit, dice: turns.end_phase(ctx, state, emit, dice),
    "move": moves.move,
    "crowd-move": moves.crowd_move,
    "drift": moves.drift,
    "rl": crowds.roll,
    "negotiate": crowds.negotiate,
    "order": actions.order,
    "split": crowds.split,
    "merge": crowds.merge,
    "fight": clashes.fight,
    "shoot": clashes.shoot,
    "gas": clashes.gas,
    "overreaction": clashes.overreact,
    "snipe": clashes.snipe,
    "return-fire": clashes.return_fire,
    "damage": premises.damage,
    "loot": premises.loot,
    "fire": premises.start_fire,
    "firefight": premises.firefight,
    "hydrant": premises.hydrant,
    "triage": care.triage,
    "evacuate": care.evacuate,
    "report": reports.report,
    "rename": names.rename,
    "hand": handing.hand,
    "deadline": deadlines.deadline,
}


class Wallman(CommandTable):
    """Jim Wallman's Civil Disorder (2002): the umpire's crowd rules."""

    id = "wallman"
    table = COMMANDS
    commands = "referee.rulesets.wallman.rules.commands"
    check_not_over = staticmethod(turns.check_not_over)

    def initial(self, ctx: Context) -> GameState:
        return initial_state(ctx)

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        """With looters hidden in every crowd (the option), roll 1d6 of them for each crowd."""
        if ctx.options.get("looters") != "in-crowds":
            return
        crowds = [uid for uid, unit in state.units.items() if unit.side == CROWD]
        rolls = [dice.roll(f"looters in {uid}") for uid in crowds]
        emit("looters-hidden", {"looters": {uid: roll.value for uid, roll in zip(crowds, rolls, strict=True)}}, tuple(rolls))

    evolve = staticmethod(fold.evolve)

    narrate = staticmethod(narrate)
