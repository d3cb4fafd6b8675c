"""Picket Line's rules (RULES.md) as a referee Ruleset: pure functions from state, command and dice to events.

Nothing here reads a file, a clock or a random generator: the dice come from the `Dice` given, and
the state changes only in `evolve`, one event at a time.
"""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import Event
from referee.core.state import GameState, relocate
from referee.core.units import ACTIVE, DESTROYED, Unit
from referee.errors import RefereeError, Refusal
from referee.rules import names, reports
from referee.rules.table import CommandTable, Handler

from .push import push as push_outcome

PICKETS, POLICE = "pickets", "police"
PHASES = ("pickets", "police", "push")  # 2.1
MOVER = {"pickets": PICKETS, "police": POLICE}  # 2.1: the side that moves in each movement phase
SCORE = "blockade"  # the one score, the pickets' (6.1)


# --- the opening ------------------------------------------------------------------------------

def fresh_turn() -> dict:
    """What a turn tracks: the units that moved (3.2) and the places pushed at this phase (4.2)."""
    return {"moved": [], "pushed": []}


def initial_state(ctx: Context) -> GameState:
    """Every unit where the setup puts it (1.3), the score the setup gives. A scenario the rules cannot
    play (a side of its own, a picket without a resolve) is refused here, before any session is made."""
    scenario, setup = ctx.scenario, ctx.scenario.setup
    for unit in scenario.units.values():
        if unit.side not in (PICKETS, POLICE):
            raise RefereeError(f"{scenario.id}: {unit.id} is of the side {unit.side!r}; the sides are pickets and police (1.1)")
        resolve = unit.attrs.get("resolve")
        if unit.side == PICKETS and (isinstance(resolve, bool) or resolve not in (1, 2, 3, 4)):
            raise RefereeError(f"{scenario.id}: the picket {unit.id} needs a resolve from 1 to 4 (5.2), "
                               f"not {resolve!r}")
    units: dict[str, Unit] = {}
    stacks: dict[str, dict[str, tuple[str, ...]]] = {PICKETS: {}, POLICE: {}}
    for node, ids in setup.placement.items():
        for uid in ids:
            unit = units[uid] = scenario.units[uid].placed(node, ACTIVE)
            stacks[unit.side][node] = stacks[unit.side].get(node, ()) + (uid,)
    return GameState(turn=1, phase=PHASES[0], units=units, stacks=stacks, scores={SCORE: setup.success},
                     local=fresh_turn())


def begin_turn(ctx: Context, turn: int, emit: Emit) -> None:
    emit("turn-begun", {"turn": turn, "time": ctx.scenario.clock.label(turn), "phase": PHASES[0]})


# --- deciding commands ------------------------------------------------------------------------

def _unit(state: GameState, uid: str) -> Unit:
    if uid not in state.units:
        raise RefereeError(f"unknown unit {uid!r} (units: {', '.join(state.units)})")
    return state.units[uid]


def _place(ctx: Context, node: str) -> str:
    if node not in ctx.scenario.board.nodes:
        raise RefereeError(f"unknown place {node!r} (places: {', '.join(ctx.scenario.board.nodes)})")
    return node


def move(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "move", "unit", "to"}`: a unit of the side whose phase it is moves to a linked place (2.1, 3)."""
    unit, to = _unit(state, command["unit"]), _place(ctx, command["to"])
    mover = MOVER.get(state.phase)
    if mover is None:
        raise Refusal("2.1", f"nobody moves in the {state.phase} phase")
    if unit.side != mover:
        raise Refusal("2.1", f"{unit.id} is one of the {unit.side}: only the {mover} move in this phase")
    if unit.status != ACTIVE:
        raise Refusal("4.3", f"{unit.id} broke and left the game")
    if unit.id in state.local["moved"]:
        raise Refusal("3.2", f"{unit.id} has moved this turn already")
    if to not in ctx.scenario.board.neighbours(unit.site):
        near = ", ".join(ctx.scenario.board.neighbours(unit.site))
        raise Refusal("3.1", f"{to} is not linked to {unit.site} (linked: {near})")
    if unit.side == PICKETS and state.stacks[POLICE].get(to):
        raise Refusal("3.3", f"pickets never walk into the police at {to}")
    emit("unit-moved", {"unit": unit.id, "from": unit.site, "to": to})


def push(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "push", "node"}`: the police push every picket at a place, a die each (4)."""
    node = _place(ctx, command["node"])
    if state.phase != "push":
        raise Refusal("2.1", f"the police push only in the push phase, not the {state.phase} phase")
    police, pickets = state.stacks[POLICE].get(node, ()), state.stacks[PICKETS].get(node, ())
    if not police or not pickets:
        raise Refusal("4.1", f"police and pickets do not both stand at {node}")
    if node in state.local["pushed"]:
        raise Refusal("4.2", f"the police have pushed at {node} this phase already")
    tally = Tally(dice)  # keeps every die rolled, for the event it decides
    pushed = []
    for uid in pickets:
        resolve = state.units[uid].attrs["resolve"]
        roll = tally.roll(f"push on {uid} at {node}")
        pushed.append({"id": uid, "resolve": resolve, **push_outcome(len(police), resolve, roll.value)})
    state = emit("pushed", {"node": node, "police": list(police), "units": pushed}, tuple(tally.rolls))
    for picket in pushed:
        if picket["broken"]:
            state = emit("picket-broken", {"unit": picket["id"], "node": node})


def held_gates(ctx: Context, state: GameState) -> list[str]:
    """6.1: the gates with pickets, and no police, at one of their places."""
    return [gate.id for gate in ctx.scenario.board.targets.values()
            if any(state.stacks[PICKETS].get(node) and not state.stacks[POLICE].get(node) for node in gate.access)]


def end_phase(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "end-phase"}`: the next phase; after the push phase the turn scores, then a new turn or the end (2.2, 6)."""
    following = PHASES.index(state.phase) + 1
    if following < len(PHASES):
        emit("phase-ended", {"from": state.phase, "to": PHASES[following]})
        return
    gates = held_gates(ctx, state)
    if gates:
        state = emit("scored", {"side": PICKETS, "points": len(gates), "gates": gates})
    if state.turn >= ctx.scenario.clock.turns:
        score, target = state.scores[SCORE], ctx.scenario.target
        emit("game-ended", {"score": score, "target": target, "winner": PICKETS if score >= target else POLICE})
        return
    begin_turn(ctx, state.turn + 1, emit)


def check_not_over(state: GameState) -> None:
    if state.over:
        raise Refusal("6.3", f"the game is over (the {state.winner} won); only undo is possible")


# --- folding events: the only place the state changes ------------------------------------------

def _turn(ctx: Context, state: GameState, d: dict) -> None:
    state.turn, state.phase, state.local = d["turn"], d["phase"], fresh_turn()


def _phase(ctx: Context, state: GameState, d: dict) -> None:
    state.phase, state.local = d["to"], {**state.local, "pushed": []}


def _moved(ctx: Context, state: GameState, d: dict) -> None:
    relocate(state, state.units[d["unit"]], d["to"])
    state.local = {**state.local, "moved": state.local["moved"] + [d["unit"]]}


def _pushed(ctx: Context, state: GameState, d: dict) -> None:
    state.local = {**state.local, "pushed": state.local["pushed"] + [d["node"]]}


def _broken(ctx: Context, state: GameState, d: dict) -> None:
    relocate(state, state.units[d["unit"]], None, DESTROYED)


def _scored(ctx: Context, state: GameState, d: dict) -> None:
    state.scores = {SCORE: state.scores[SCORE] + d["points"]}


def _ended(ctx: Context, state: GameState, d: dict) -> None:
    state.over, state.winner = True, d["winner"]


FOLDS = {
    "turn-begun": _turn,
    "phase-ended": _phase,
    "unit-moved": _moved,
    "pushed": _pushed,
    "picket-broken": _broken,
    "scored": _scored,
    "game-ended": _ended,
    "report-filed": lambda ctx, state, d: None,  # for the players' knowledge only
    names.RENAMED: lambda ctx, state, d: names.fold(state, d),  # the table's names (referee.rules.names)
}


# --- the log's words ---------------------------------------------------------------------------

def _gate_names(ctx: Context | None, gates: list[str]) -> str:
    targets = ctx.scenario.board.targets if ctx else {}
    return ", ".join(targets[gate].name if gate in targets else gate for gate in gates)


def _pushed_line(ctx: Context | None, d: dict) -> str:
    each = "; ".join(f"{p['id']} (resolve {p['resolve']}) {p['roll']}+{len(d['police'])}={p['total']}, "
                     + ("breaks" if p["broken"] else "holds") for p in d["units"])
    return f"the police push at {d['node']}: {each}"


LINES = {
    "turn-begun": lambda ctx, d: f"turn {d['turn']} begins ({d['time']})",
    "phase-ended": lambda ctx, d: f"{d['from']} phase ends; {d['to']} phase begins",
    "unit-moved": lambda ctx, d: f"{d['unit']} moves {d['from']} -> {d['to']}",
    "pushed": _pushed_line,
    "picket-broken": lambda ctx, d: f"{d['unit']} breaks and leaves {d['node']} (4.3)",
    "scored": lambda ctx, d: f"the pickets hold {_gate_names(ctx, d['gates'])}: {d['points']:+d} (6.1)",
    "game-ended": lambda ctx, d: f"game over: blockade {d['score']} against {d['target']}; the {d['winner']} win",
    "report-filed": lambda ctx, d: f"report to {d['player']} ({d['reliability']}, due turn {d['due_turn']}): {d['text']}",
    names.RENAMED: lambda ctx, d: names.line(d),
}


class Picket(CommandTable):
    """The picket line: the verbs the umpire may apply, each decided by one function above."""

    id = "picket"
    table: dict[str, Handler] = {"end-phase": end_phase, "move": move, "push": push, "report": reports.report,
                                  "rename": names.rename}
    commands = "picket.commands"  # the verbs' schemas, imported when a command is first checked
    check_not_over = staticmethod(check_not_over)

    def initial(self, ctx: Context) -> GameState:
        return initial_state(ctx)

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        begin_turn(ctx, 1, emit)

    def evolve(self, ctx: Context, state: GameState, event: Event) -> None:
        FOLDS[event.kind](ctx, state, event.data)

    def narrate(self, event: Event, ctx: Context | None = None) -> str:
        return LINES[event.kind](ctx, event.data)
