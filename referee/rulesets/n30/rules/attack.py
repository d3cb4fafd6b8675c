"""The confrontation phase on the map (4, 4.1-4.5): who attacks where, and retreats."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.n30.rules import mood
from referee.rulesets.n30.rules.confrontation import Division, PoliceIn, ProtesterIn, divide, resolve, squads_lacking
from referee.rulesets.n30.rules.limits import STACKING
from referee.rulesets.n30.rules.movement import clear_markers
from referee.rulesets.n30.rules.phases import CONFRONTATION, POLICE, PROTESTERS
from referee.rulesets.n30.rules.success import gain, scoring


def retreat_options(ctx: Context, state: GameState, node: str, incoming: dict[str, int] | None = None) -> list[str]:
    """4.1: adjacent intersections a protester unit may be retreated into from `node`."""
    incoming = incoming or {}
    police_ok = ctx.options.get("retreat_into_police", "on") == "on"
    protesters, police, limit = state.stacks[PROTESTERS], state.stacks[POLICE], STACKING[PROTESTERS]
    return [
        near for near in ctx.scenario.board.adjacency[node]
        if len(protesters.get(near, ())) + incoming.get(near, 0) < limit and (police_ok or not police.get(near))
    ]


def retreat_gains(ctx: Context, state: GameState, unit: Unit, to: str) -> list[str]:
    """5.1-5.3: the targets the protesters would score in the success phase only because `unit` retreated to `to`."""
    board, occupied = ctx.scenario.board, state.occupied(PROTESTERS)
    if state.stacks[PROTESTERS].get(unit.site) == (unit.id,):
        occupied.discard(unit.site)
    before, after = scoring(board, occupied), scoring(board, occupied | {to})
    return [target for section, gained in after.items() for target in gained if target not in before[section]]


def default_retreat(ctx: Context, state: GameState, unit: Unit, choices: list[str]) -> str | None:
    """4.1: the police player's choice where she names none: an intersection that scores nothing for the
    protesters (5.1-5.3) if there is one, then the farthest from every target's access, then map order."""
    board = ctx.scenario.board
    far = board.distances({node for target in board.targets.values() for node in target.access})
    return min(choices, key=lambda to: (len(retreat_gains(ctx, state, unit, to)), -far.get(to, 0)), default=None)


def targets(state: GameState, node: str) -> list:
    """Protester units at a node that the police have not attacked this phase (4.1)."""
    attacked = state.local["attacked"]
    return [state.units[uid] for uid in state.stacks[PROTESTERS].get(node, ()) if uid not in attacked]


def attack_refused(state: GameState, node: str) -> Refusal | None:
    """Why the police may not attack at `node` now, whatever they choose: no protester unit there (4), each attacked
    this phase already (4.1), no hard, soft or mounted squad with them (4); None where they may."""
    if not state.stacks[PROTESTERS].get(node):
        return Refusal("4", f"there are no protester units at {node}")
    if not targets(state, node):
        return Refusal("4.1", f"the police may not attack the same protester unit twice in a confrontation phase ({node})")
    return squads_lacking(unit.type for unit in state.at(node, POLICE))


@dataclass(frozen=True)
class Attack:
    """A police attack as a `confront` command declares it at one intersection, checked against the map (2, 4,
    4.1): the squads there, the protester units attacked, those attacked earlier this phase, the retreats chosen."""

    node: str
    police: list[PoliceIn]
    protesters: list[ProtesterIn]
    bystanders: list[ProtesterIn]
    retreats: dict[str, str]

    def division(self, command: dict) -> Division:
        """How the police total is divided among the units attacked (4, 4.4), checked before any die."""
        return divide(self.police, self.protesters, command.get("gas", False), command.get("allocation"),
                      command.get("refuse", ()))


def declared(ctx: Context, state: GameState, command: dict) -> Attack:
    """The attack a `confront` command declares, or the refusal it meets before any die (2, 4, 4.1)."""
    if state.phase != CONFRONTATION:
        raise Refusal("2", f"the police attack in the confrontation phase, and it is the {state.phase} phase")
    node = command["node"]
    if node not in ctx.scenario.board.nodes:
        raise RefereeError(f"unknown intersection {node!r}")
    refusal = attack_refused(state, node)
    if refusal is not None:
        raise refusal
    attacked = targets(state, node)
    ids = {u.id for u in attacked}
    return Attack(node, [PoliceIn(u.id, u.type, bool(u.attrs.get("armored"))) for u in state.at(node, POLICE)],
                  [ProtesterIn(u.id, u.type, bool(u.attrs.get("locked", True))) for u in attacked],
                  [ProtesterIn(u.id, u.type) for u in state.at(node, PROTESTERS) if u.id not in ids],
                  _declared_retreats(ctx, state, node, command.get("retreats", {}), ids))


def confront(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """Resolve a police attack at one intersection and carry out its results."""
    attack = declared(ctx, state, command)
    node, police, retreats = attack.node, attack.police, attack.retreats
    result = resolve(police, attack.protesters, command.get("gas", False), command.get("allocation"),
                     command.get("refuse", ()), dice, attack.bystanders)
    if ctx.options.get("hidden") == "strong":
        state = emit("units-revealed", {"node": node, "units": [u.id for u in state.at(node)]})
    state = emit("confrontation", {
        "node": node, "gas": result.gas, "police": [p.id for p in police],
        "police_total": result.police_total, "effective_total": result.effective_total,
        "allocation": dict(result.allocation), "units": [_result(r) for r in result.units],
        "successes": result.successes, ITEMS: list(result.items),
    }, result.rolls)
    if result.successes:
        state = emit("success", gain(state.scores[PROTESTERS], "4.5", result.political, node=node))
    for outcome in result.units:
        if outcome.radicalized:
            state = emit("unit-radicalized", {"unit": outcome.id, **mood.radicalized(state.units[outcome.id])})
        if outcome.result == "destroyed":
            state = emit("unit-destroyed", {"unit": outcome.id, "node": node, "section": "4.4" if outcome.refusal_roll else "4"})
        elif outcome.result == "retreat":
            choices = retreat_options(ctx, state, node)
            wanted = retreats.get(outcome.id)
            to = wanted if wanted in choices else default_retreat(ctx, state, state.units[outcome.id], choices)
            if to is None:
                state = emit("unit-destroyed", {"unit": outcome.id, "node": node, "section": "4.1"})
            else:
                state = emit("unit-retreated", {"unit": outcome.id, "from": node, "to": to})
    state = mood.after_attack(ctx, state, node, [u.id for u in attack.protesters], result.gas, [p.type for p in police],
                              emit, dice)
    clear_markers(state, node, emit)


def _result(outcome) -> dict:
    return {"id": outcome.id, "type": outcome.type, "facing": outcome.facing, "roll": outcome.roll,
            "result": outcome.result, "refusal_roll": outcome.refusal_roll, "radicalized": outcome.radicalized}


def _declared_retreats(ctx: Context, state: GameState, node: str, retreats: dict[str, str], ids: set[str]) -> dict[str, str]:
    """Check the police player's retreat choices before any die is rolled (4.1, 3)."""
    counts: dict[str, int] = {}
    for uid, to in retreats.items():
        if uid not in ids:
            raise RefereeError(f"{uid!r} is not a protester unit under attack at {node}")
        counts[to] = counts.get(to, 0) + 1
    room = retreat_options(ctx, state, node, {to: count - 1 for to, count in counts.items()})  # room for all sent there
    for uid, to in retreats.items():
        if to not in ctx.scenario.board.adjacency[node]:
            raise Refusal("4.1", f"{uid} must retreat into an intersection adjacent to {node}, not {to!r}")
        if to not in room:
            raise Refusal("4.1", f"{uid} cannot retreat into {to} "
                                 "(police there under this session's reading, or 10 protester units)")
    return retreats
