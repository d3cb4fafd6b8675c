"""How each Chicago-Chicago event changes the state: the only place the state changes (a thawed copy, in place)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState, relocate
from referee.core.units import ACTIVE
from referee.rules import deadlines, handing, names
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.setup import fresh_step, fresh_turn
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE


def evolve(ctx: Context, state: GameState, event: Event) -> None:
    """Fold one event."""
    _FOLDS[event.kind](state, event.data)


def _put(state: GameState, uid: str, node: str | None, minimum: bool = False, status: str = ACTIVE) -> None:
    unit = state.units[uid]
    relocate(state, unit, node, status, {**unit.attrs, "minimum": minimum and node is not None})


def _ei(state: GameState, data: dict) -> None:
    state.scores = {POLICE: data["ei"][POLICE], DEMONSTRATORS: data["ei"][DEMONSTRATORS]}


def exchange(state: GameState, data: dict) -> None:
    """Counters exchanged in order: the old one back in the box at its own level (or out of the game), the new one
    in its place, in its minimum box if the old one was, and carrying what the turn tracks of it; then the counters
    marked at another level than their own."""
    for old, new in data["changes"]:
        assert old is not None
        unit = state.units[old]
        if new == old:
            continue
        if new is None:
            _put(state, old, None, status=forces.REMOVED)
        else:
            node, minimum = unit.node, unit.attrs["minimum"]
            _put(state, old, None, status=forces.OFF_MAP)
            _put(state, new, node, minimum)
        state.units[old] = forces.printed(state.units[old])
        _pass_on(state.local, old, new)
    for uid, level in data.get("marked", {}).items():
        state.units[uid] = forces.at_level(state.units[uid], level)


def _pass_on(local: dict, old: str, new: str | None) -> None:
    """What the turn tracks of a counter leaving the board, passed to the one taking its place (None: dropped)."""
    for key in ("infiltrating", "attacked", "attackers"):
        if old in local[key]:
            local[key] = [uid for uid in local[key] if uid != old] + ([new] if new else [])
    if old in local["spent"]:
        spent = dict(local["spent"])
        used = spent.pop(old)
        local["spent"] = spent | ({new: used} if new else {})


def _turn(state: GameState, data: dict) -> None:
    state.turn, state.phase = data["turn"], data["phase"]
    state.local = {**state.local, **fresh_turn()}


def _phase(state: GameState, data: dict) -> None:
    state.phase = data["to"]
    state.local = {**state.local, **fresh_step()}


def _moved(state: GameState, data: dict) -> None:
    to = data["path"][-1] if data["path"] else data["from"]
    spent = dict(state.local["spent"])
    for uid in data["units"]:
        _put(state, uid, to, data["minimum"])
        spent[uid] = spent.get(uid, 0) + data["cost"]
    state.local["spent"] = spent
    if data["infiltrate"]:
        known = state.local["infiltrating"]
        state.local["infiltrating"] = known + [uid for uid in data["units"] if uid not in known]


def _placed(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        _put(state, uid, data["to"], data["minimum"])


def _released(state: GameState, data: dict) -> None:
    state.local["released"] = state.local["released"] + data["boxes"]


def _conflict(state: GameState, data: dict) -> None:
    """A conflict: its units have attacked and been attacked this turn, the green units that forced an assault
    too (RULINGS.md: the forced assault is the police's attack on them, HOW TO RESOLVE CONFLICT 4 and 7)."""
    local = state.local
    local["attackers"] = local["attackers"] + data["attack"]
    local["attacked"] = local["attacked"] + data["defend"] + (data["attack"] if data["forced"] else [])
    lost = {state.units[old].node for old, new in data["changes"] if new is None and state.units[old].attrs["minimum"]}
    if lost:
        local["minimum_lost"] = {**local["minimum_lost"], **{node: state.turn for node in lost}}
    exchange(state, data)
    _ei(state, data)


def _guard_in(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        _put(state, uid, data["to"])
    _ei(state, data)


def _guard_out(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        _put(state, uid, None, status=forces.OFF_MAP)
        _pass_on(state.local, uid, None)
    _ei(state, data)


def _multiplied(state: GameState, data: dict) -> None:
    for park, ids in data["added"].items():
        for uid in ids:
            _put(state, uid, park)


def _ended(state: GameState, data: dict) -> None:
    state.over, state.winner = True, data["winner"]
    state.local["reason"] = data["reason"]


_FOLDS = {
    "turn-begun": _turn,
    "phase-ended": _phase,
    "play-begun": lambda state, data: state.local.update(begun=True),
    "placed": _placed,
    "moved": _moved,
    "released": _released,
    "conflict": _conflict,
    "guard-in": _guard_in,
    "guard-out": _guard_out,
    "park-penalty": _ei,
    "attrition": exchange,
    "multiplied": _multiplied,
    "game-ended": _ended,
    "report-filed": lambda state, data: None,
    names.RENAMED: names.fold,
    handing.HANDED: handing.fold,
    deadlines.DEADLINE_SET: lambda state, data: None,
}
