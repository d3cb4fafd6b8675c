"""HOW TO RESOLVE CONFLICT in a session: who attacks whom in a box, the roll, and each counter that goes down a
level exchanged for one of the level below (or out of the game). conflict.py decides the result; this module
chooses the units from the board and checks what needs the board: green with all its units (1), minimum platoons
only alone (2), blue with everyone in a park (3), nobody attacked twice a turn (4), infiltrators never (INFILTRATION).
"""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.chicago.rules import board, conflict, forces, tables
from referee.rulesets.chicago.rules.board import box_of, units_named
from referee.rulesets.chicago.rules.movement import begin
from referee.rulesets.chicago.rules.steps import FIGHTER, STEPS
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, TYPES, other

RESOLVE = conflict.RESOLVE


def _piece(unit: Unit) -> conflict.Unit:
    return conflict.Unit(unit.id, TYPES[unit.type], unit.attrs.get("level"), 1, unit.attrs["minimum"])


def fighters(state: GameState, node: str, side: str) -> tuple[list[Unit], list[Unit]]:
    """Who may attack in a box and who may be attacked there, as a conflict takes them by default: green with
    every unit not infiltrating, against the blue units outside the minimum box (or those in it, if alone); blue
    with its units outside the minimum box, no Guard, none that attacked this step, against green units not
    attacked this turn (HOW TO RESOLVE CONFLICT 1-4, INFILTRATION, NATIONAL GUARD)."""
    mine, theirs = state.at(node, side), state.at(node, other(side))
    if side == DEMONSTRATORS:
        return ([u for u in mine if u.id not in state.local["infiltrating"]],
                [u for u in theirs if not u.attrs["minimum"]] or theirs)
    return ([u for u in mine if not u.attrs["minimum"] and u.type != "guard" and u.id not in state.local["attackers"]],
            [u for u in theirs if u.id not in state.local["attacked"]])


def sides(ctx: Context, state: GameState, command: dict) -> tuple[str, list[Unit], list[Unit]]:
    """The box, the attacking units and the defending units of a conflict command, checked against the board."""
    side = FIGHTER.get(state.phase)
    if side is None:
        raise Refusal("HOW TO PLAY", f"conflict is resolved in steps 2 and 4, not in step {STEPS.index(state.phase) + 1}")
    node = box_of(ctx, command["box"])
    attack, defend = fighters(state, node, side)
    if side == DEMONSTRATORS:
        for key in ("attack", "defend"):
            if key in command:
                raise Refusal(f"{RESOLVE} 1", f"green attacks all blue units in a box with all its units: leave out `{key}`")
        if state.at(node, side) and not attack:
            raise Refusal("INFILTRATION", f"the groups in {node} are infiltrating this turn: they may not attack")
    else:
        fresh = defend  # 4: the green units not attacked this turn
        attack = units_named(state, command["attack"], side, node) if "attack" in command else attack
        defend = units_named(state, command["defend"], other(side), node) if "defend" in command else fresh
        if node in board.parks(ctx.scenario.board) and len(defend) != len(fresh):
            raise Refusal(f"{RESOLVE} 3", f"in a park blue must attack all green units in the box not attacked this "
                                          f"turn: {len(fresh)}, not {len(defend)}")
    away = next((unit for unit in attack + defend if unit.node != node), None)
    if away:
        raise RefereeError(f"{away.id} is in {away.node}, not in {node}")
    if not attack or not defend:
        raise Refusal(RESOLVE, f"no conflict in {node}: {'no units to attack with' if not attack else 'nobody to attack'}")
    again = next((unit for unit in attack if unit.id in state.local["attackers"]), None)
    if again:
        raise Refusal(RESOLVE, f"{again.id} has attacked already this step")
    twice = next((unit for unit in defend if unit.id in state.local["attacked"]), None)
    if twice:
        raise Refusal(f"{RESOLVE} 4", f"no unit may be attacked more than once per turn ({twice.id})")
    return node, attack, defend


def declared(ctx: Context, state: GameState, command: dict) -> tuple[str, list[Unit], list[Unit], conflict.Conflict]:
    """A conflict command read against the board: its box, the attacking and defending units, and the conflict
    `conflict.resolve` rolls (and the odds read before the roll)."""
    node, attack, defend = sides(ctx, state, command)
    return node, attack, defend, conflict.Conflict(FIGHTER[state.phase], command.get("table", tables.HARASS),
                                                   tuple(map(_piece, attack)), tuple(map(_piece, defend)),
                                                   board.codes(ctx.scenario.board)[node])


def _best_odds(ctx: Context, state: GameState, node: str) -> dict:
    """The conflict command in `node` at the best odds its side may choose: green has no choice (1); blue attacks with
    every unit free to, in a park every green unit not attacked this turn (3), elsewhere the weakest one (4)."""
    command: dict = {"do": "conflict", "box": node}
    if FIGHTER.get(state.phase) == POLICE and node not in board.parks(ctx.scenario.board):
        fresh = fighters(state, node, POLICE)[1]
        if fresh:
            command["defend"] = [min(fresh, key=lambda unit: _piece(unit).strength).id]
    return command


def barred(ctx: Context, state: GameState, node: str) -> Refusal | None:
    """Why no conflict may be fought in `node` now, not even at the best odds its side may choose (HOW TO RESOLVE
    CONFLICT 1-6, INFILTRATION): the refusal the conflict command would meet; None where one may."""
    try:
        conflict.check(declared(ctx, state, _best_odds(ctx, state, node))[3])
    except Refusal as refusal:
        return refusal
    return None


def fight(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "conflict", "box", "table", "attack", "defend"}`: one conflict, rolled."""
    state = begin(ctx, state, emit)
    node, attack, defend, fought = declared(ctx, state, command)
    side = fought.attacker
    tally = Tally(dice)
    outcome = conflict.resolve(fought, tables.of(ctx.scenario), tally)
    done = exchanges(ctx, state, {piece.unit.id: piece for piece in outcome.pieces})
    points = {s: outcome.strike.points[s] + (outcome.forced.points[s] if outcome.forced else 0) for s in (POLICE, DEMONSTRATORS)}
    emit("conflict", {
        "box": node, "attacker": side, "table": fought.table,
        "attack": [unit.id for unit in attack], "defend": [unit.id for unit in defend],
        "attack_strength": outcome.attack_strength, "defend_strength": outcome.defend_strength, "odds": outcome.odds,
        "ratio": f"{outcome.whole}:1", "column": f"{outcome.column}:1",
        "roll": outcome.strike.roll, "result": outcome.strike.result, "winner": outcome.strike.winner,
        "forced": None if outcome.forced is None else {"roll": outcome.forced.roll, "result": outcome.forced.result,
                                                       "winner": outcome.forced.winner},
        "points": points, "changes": done.changes, "marked": done.marked,
        "ei": {s: state.scores[s] + points[s] for s in (POLICE, DEMONSTRATORS)}, ITEMS: list(outcome.items),
    }, tuple(tally.rolls))


def exchanges(ctx: Context, state: GameState, pieces: dict[str, conflict.Piece]) -> forces.Exchanges:
    """Each counter that changed level, and the counter that takes its place (or its mark, or out of the game),
    lowest first."""
    done = forces.Exchanges(state, forces.marking(ctx.options))

    def order(uid: str) -> tuple[bool, int]:  # those out first: their counters free the level below
        return not pieces[uid].removed, -(state.units[uid].attrs.get("level") or 0)

    for uid in sorted(pieces, key=order):
        piece = pieces[uid]
        if piece.removed:
            done.out(uid)
        elif piece.unit.level is not None:
            done.level(state.units[uid], piece.unit.level)
    return done
