"""Ending phases and turns (2): relocking (3, 4.4), the success phase (5), reinforcements (11), game end."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import RESERVE
from referee.errors import Refusal
from referee.rulesets.n30.rules.movement import pending
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, PHASES, PROTESTERS, SUCCESS, next_phase
from referee.rulesets.n30.rules.setup import LOCKDOWN
from referee.rulesets.n30.rules.success import gain, success_phase, target_item, winner


def end_phase(ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
    """Close the current phase and open the next; the success phase scores as it opens (5)."""
    waiting = pending(state, MOVER[state.phase]) if state.phase in MOVER else None
    if waiting is not None:
        raise Refusal("3", f"{waiting} has rolled its movement: it moves or stays before the phase ends")
    following = next_phase(state.phase)
    if following is not None:
        if state.phase == CONFRONTATION:
            unlocked = [u.id for u in state.units.values() if u.type == LOCKDOWN and u.attrs.get("locked") is False]
            if unlocked:
                state = emit("units-relocked", {"units": unlocked})
        state = emit("phase-ended", {"from": state.phase, "to": following})
        if following == SUCCESS:
            _score(ctx, state, emit)
        return
    if state.turn >= ctx.scenario.clock.turns:
        score = state.scores[PROTESTERS]
        emit("game-ended", {"score": score, "target": ctx.scenario.target, "winner": winner(score, ctx.scenario.target)})
        return
    begin_turn(ctx, state, state.turn + 1, emit, dice)


def _score(ctx: Context, state: GameState, emit: Emit) -> None:
    board, occupied = ctx.scenario.board, state.occupied(PROTESTERS)
    for section, targets in success_phase(board, state).items():
        for target in targets:
            line = target_item(board, occupied, section, target)
            state = emit("success", gain(state.scores[PROTESTERS], section, [line], target=target))


def begin_turn(ctx: Context, state: GameState, turn: int, emit: Emit, dice: Dice) -> None:
    """Open a turn: the clock moves on and its reinforcements reach their edges (3, 11)."""
    state = emit("turn-begun", {"turn": turn, "time": ctx.scenario.clock.label(turn), "phase": PHASES[0]})
    for group in ctx.scenario.arrivals:
        if group.turn != turn:
            continue
        units = [uid for uid in group.units if state.units[uid].status == RESERVE]
        if not units:
            continue
        if group.edge == "random":
            roll = dice.roll(f"random edge: {', '.join(units)}")
            state = emit("reinforcements-arrived", {"units": units, "edge": ctx.scenario.random_edges[roll.value - 1]}, (roll,))
        else:
            state = emit("reinforcements-arrived", {"units": units, "edge": group.edge})


def check_not_over(state: GameState) -> None:
    """Nothing more happens once the game has ended."""
    if state.over:
        raise Refusal("2", f"the game is over ({state.winner} won); only undo is possible")

