"""Ending phases and game-turns (3.0-3.4, 7.1, 7.2, 8.0): the Turn End Phase's EI changes, nightfall, victory, and the
game extended (2.4)."""

from __future__ import annotations

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.errors import Refusal
from referee.rulesets.bos.rules import events, turn_end, turns, victory
from referee.rulesets.bos.rules.arrivals import pending_loss, settle_ei, yahoos_arriving
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import EVENTS, FIGHTER, PHASES, TURN_END, next_phase
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, PROTESTER, TYPES


def end_phase(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "end-phase"}`: close the phase and open the next, or the next game-turn."""
    if state.phase == EVENTS:
        if state.local["roll"] is None or not state.local["reinforced"]:
            raise Refusal("3.2", "the random event is rolled and reinforcements added before the phase ends")
        kind = pending_loss(state)
        if kind:
            raise Refusal("4.1", f"the random event's {kind} unit is removed first (command lose)")
        yahoos = yahoos_arriving(ctx, state)
        if yahoos:
            count = min(state.local["allowance"]["count"], len(yahoos))
            raise Refusal(events.EVENTS["beavis"].section, f"the Yahoos arrive ({count} to place): place them first "
                                                           "(command place)")
    following = next_phase(state.phase)
    if state.phase in FIGHTER:
        bare = [node for node, marks in state.markers.items() if BARRICADE in marks and not state.stacks[PROTESTER].get(node)]
        for node in bare:
            state = emit("barricade-removed", {"node": node})
    if following is not None:
        declined = [unit.id for unit in state.units.values() if unit.attrs.get("due")]  # not placed: declined (4.21)
        state = emit("phase-ended", {"from": state.phase, "to": following} | ({"declined": declined} if declined else {}))
        if following == TURN_END:
            _turn_end(ctx, state, emit)
        return
    if state.turn < state.local["last_turn"]:
        begin_turn(state.turn + 1, emit)
    elif victory.extended_by_tie(ctx.options.get("extend", victory.NO), state.turn, state.scores):
        _extend(state, victory.TIE, emit)
    else:
        level = victory.level(state.scores, state.local["stage_three"])
        emit("game-ended", {"level": level, "winner": AUTHORITY if level == victory.TRIUMPH else PROTESTER,
                            "ei": dict(state.scores)})


def _turn_end(ctx: Context, state: GameState, emit: Emit) -> None:
    """3.4: the chart's turn-end lines under 2.3; before a Night turn every Crowd leaves the map (7.1)."""
    on_map = [unit for unit in state.units.values() if unit.status == ACTIVE]
    held: dict[str, list[str]] = {}
    for unit in on_map:
        if unit.side == PROTESTER:
            held.setdefault(unit.site, []).append(unit.type)
    spd = sum(unit.type == "spd" for unit in on_map)
    lines = turn_end.lines(ctx.scenario.board, held, spd, turns.is_night(state.turn))
    core = turn_end.exposure_values(ctx.scenario.board)
    state = settle_ei(state, lines, "turn end", emit, tuple(area for area in core if area in held))
    if turns.is_night(state.turn + 1) and state.turn < state.local["last_turn"]:
        _nightfall(state, emit)


def _nightfall(state: GameState, emit: Emit) -> None:
    """7.1: every Crowd on the map is set aside until the Morning."""
    emit("nightfall", {"units": [u.id for u in state.units.values() if u.status == ACTIVE and TYPES[u.type].kind == CROWD]})


def extend(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "extend"}`: the players agree, as play stops at the end of the Afternoon, 2 December game-turn, to
    play on to the end of the Afternoon, 3 December game-turn (2.4, 8.0)."""
    if not state.over:
        raise Refusal("8.0", "the players may extend the game once play stops and victory is judged, at the end of "
                             f"the Afternoon, 2 December game-turn (now {turns.name(state.turn)})")
    if not extendable(state):
        raise Refusal("2.4", "the game is extended to the end of the Afternoon, 3 December game-turn at the most: "
                             "it has ended there")
    _extend(state, victory.AGREED, emit)


def extendable(state: GameState) -> bool:
    """Whether the players may now agree to extend the game: play stopped at the end of turn 8 (2.4, 8.0)."""
    return state.over and state.turn == turns.TURNS


def _extend(state: GameState, how: str, emit: Emit) -> None:
    """The game goes on to the end of the Afternoon, 3 December game-turn (2.4, 8.0): the Crowds leave the map
    before the Night turn (3.4, 7.1), which begins."""
    state = emit("game-extended", {"turns": turns.EXTENDED, "by": how})
    _nightfall(state, emit)
    begin_turn(state.turn + 1, emit)


def begin_turn(turn: int, emit: Emit) -> None:
    """Open a game-turn at its Random Events and Reinforcement Phase."""
    emit("turn-begun", {"turn": turn, "name": turns.name(turn), "phase": PHASES[0]})


def check_not_over(state: GameState) -> None:
    """Nothing more happens once victory is judged (8.0), but the players' agreement to extend the game."""
    if state.over:
        agreed = ", or the players' agreement to extend it (extend, 2.4)" if extendable(state) else ""
        raise Refusal("8.0", f"the game is over ({state.local.get('level')}); only undo is possible{agreed}")
