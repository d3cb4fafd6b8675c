"""Ending phases and turns: the fires burn as the turn is assessed, latecomers arrive, the game ends."""

from __future__ import annotations

from typing import Any

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.core.units import RESERVE
from referee.errors import Refusal
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.fires import Building, burn
from referee.rulesets.wallman.rules.phases import CROWD, PHASES, SECTION, next_phase
from referee.rulesets.wallman.rules.setup import DAMAGE, tables


def end_phase(ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
    """Close the phase; closing the assessment burns the fires and opens the next turn (or ends the game)."""
    following = next_phase(state.phase)
    if following is not None:
        emit("phase-ended", {"from": state.phase, "to": following})
        return
    state = _burn(ctx, state, emit, dice)
    if state.turn >= ctx.scenario.clock.turns:
        lost = state.scores[DAMAGE]
        emit("game-ended", {"score": lost, "target": ctx.scenario.target,
                            "winner": "security" if lost < ctx.scenario.target else CROWD, ITEMS: _losses(ctx, state)})
        return
    begin_turn(ctx, state, state.turn + 1, emit)


def _burn(ctx: Context, state: GameState, emit: Emit, dice: Dice) -> GameState:
    """Every fire burns, grows and spreads (Fires and Firefighting); engines worked during the turn."""
    local = state.local["buildings"]
    if not any(b["fires"] for b in local.values()):
        return state
    board = ctx.scenario.board.buildings
    buildings = {bid: Building(bid, b["value"], b["fires"], board[bid].adjacent) for bid, b in local.items()}
    tally = Tally(dice)
    burnt, lines, items = burn(tables(ctx), buildings, tally)
    changed = {bid: {"value": b.value, "fires": b.fires} for bid, b in burnt.items()
               if (b.value, b.fires) != (local[bid]["value"], local[bid]["fires"])}
    return emit("fires-burned", {"buildings": changed, "events": lines, ITEMS: items}, tuple(tally.rolls))


def _losses(ctx: Context, state: GameState) -> list[dict[str, Any]]:
    """The score, a line for each building that lost value (Property Damage): what it was worth whole, less what
    is left."""
    whole, section = ctx.scenario.board.buildings, tables(ctx).property.section
    return [item(f"{name}, value lost", whole[name].value - now["value"], section)
            for name, now in state.local["buildings"].items() if now["value"] < whole[name].value]


def begin_turn(ctx: Context, state: GameState, turn: int, emit: Emit) -> None:
    """Open a turn: the clock moves on, men with only a scratch are back, the turn's latecomers reach their edge."""
    state = emit("turn-begun", {"turn": turn, "time": ctx.scenario.clock.label(turn), "phase": PHASES[0]})
    back = {cid: c["of"] for cid, c in state.local["casualties"].items()
            if c["triage"] == "scratch" and lying(c) and c["triaged_turn"] + c["patch_turns"] <= turn}
    if back:
        state = emit("patched-up", {"casualties": back})
    for group in ctx.scenario.arrivals:
        units = [uid for uid in group.units if state.units[uid].status == RESERVE]
        if group.turn == turn and units:
            state = emit("reinforcements-arrived", {"units": units, "edge": group.edge,
                                                    "node": ctx.scenario.board.edges[group.edge][0]})


def check_not_over(state: GameState) -> None:
    if state.over:
        raise Refusal(SECTION, f"the game is over ({state.winner}); only undo is possible")
