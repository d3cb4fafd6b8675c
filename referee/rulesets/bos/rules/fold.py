"""How each Battle of Seattle event changes the state: the only place the state changes (a thawed copy, in place)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState, relocate
from referee.core.units import ACTIVE
from referee.rules import deadlines, handing, names
from referee.rulesets.bos.rules import combat, forces
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import EVENTS
from referee.rulesets.bos.rules.setup import fresh_phase, fresh_turn
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER

FATES = {combat.REMOVED: forces.REMOVED, combat.OFF_MAP: forces.OFF_MAP, combat.RESERVE: forces.RESERVE}


def evolve(ctx: Context, state: GameState, event: Event) -> None:
    """Fold one event."""
    _FOLDS[event.kind](state, event.data)


def _off(state: GameState, uid: str, status: str, **attrs: object) -> None:
    """A unit off the map, with attributes changed."""
    unit = state.units[uid]
    relocate(state, unit, None, status, {**unit.attrs, **attrs})


def _add(state: GameState, key: str, *items: str) -> None:
    state.local[key] = state.local[key] + list(items)


def _turn(state: GameState, data: dict) -> None:
    state.turn, state.phase = data["turn"], data["phase"]
    state.local = {**state.local, **fresh_turn()}


def _phase(state: GameState, data: dict) -> None:
    state.phase = data["to"]
    state.local = {**state.local, **fresh_phase()}
    if data["from"] == EVENTS:  # reinforcements not placed are declined (4.21)
        for unit in [u for u in state.units.values() if u.attrs.get("due")]:
            state.units[unit.id] = unit.with_attrs(due=False)


def _event(state: GameState, data: dict) -> None:
    state.local = {**state.local, "roll": data["roll"], "event": data["event"],
                   "allowance": data.get("allowance"), "loss": data.get("loss")}
    for uid, turn in data.get("shifted", {}).items():
        state.units[uid] = state.units[uid].with_attrs(arrives=turn)
    for uid in data.get("withdrawn", []):  # Folk Music Festival: set aside with the Crowds gone at nightfall (7.1)
        _off(state, uid, forces.OFF_MAP, nightfall=state.turn)


def _ei(state: GameState, data: dict) -> None:
    state.scores = {PROTESTER: data[PROTESTER], AUTHORITY: data[AUTHORITY]}


def _reinforced(state: GameState, data: dict) -> None:
    state.local = {**state.local, "reinforced": True}
    for uid in data["units"]:
        unit = state.units[uid]
        if unit.side == AUTHORITY:
            _off(state, uid, forces.RESERVE)
        else:
            _off(state, uid, forces.OFF_MAP, due=True, nightfall=False)
    for uid in data["held"]:
        _off(state, uid, forces.OFF_MAP, nightfall=state.turn)
    for uid in data["removed"]:
        _off(state, uid, forces.OFF_MAP)
    for uid in data["arriving"]:
        _off(state, uid, forces.RESERVE, arrives=None)


def _placed(state: GameState, data: dict) -> None:
    unit = state.units[data["unit"]]
    relocate(state, unit, data["to"], ACTIVE, {**unit.attrs, "due": False})
    if data["chosen"]:
        _spend(state)


def _held(state: GameState, data: dict) -> None:
    _off(state, data["unit"], forces.OFF_MAP, nightfall=state.turn)
    _spend(state)


def _spend(state: GameState) -> None:
    """One unit of a random event's allowance taken."""
    allowance = state.local["allowance"]
    state.local = {**state.local, "allowance": {**allowance, "count": allowance["count"] - 1}}


def _opening(state: GameState, data: dict) -> None:
    for uid, node in data["units"].items():
        relocate(state, state.units[uid], node)


def _ordered(state: GameState, data: dict) -> None:
    for uid, turn in data["units"].items():
        _off(state, uid, forces.RESERVE if turn <= state.turn else forces.SCHEDULED, arrives=turn)


def _lost(state: GameState, data: dict) -> None:
    _off(state, data["unit"], forces.REMOVED)
    state.local = {**state.local, "loss": None}


def _moved(state: GameState, data: dict) -> None:
    unit = state.units[data["unit"]]
    if data["to"] is None:
        _off(state, unit.id, forces.RESERVE)
    else:
        relocate(state, unit, data["to"])
    _add(state, "moved", unit.id)
    state.local["reacted"] += data["reaction"]


def _barricade(state: GameState, data: dict) -> None:
    _add(state, "moved", data["unit"])
    if data["built"]:
        state.markers[data["node"]] = state.markers.get(data["node"], ()) + (BARRICADE,)


def _unbarricaded(state: GameState, data: dict) -> None:
    state.markers.pop(data["node"], None)


def _combat(state: GameState, data: dict) -> None:
    _add(state, "fought", *data["attackers"], *data["defenders"])
    for fate in data["units"]:
        if fate["fate"] in FATES:
            _off(state, fate["id"], FATES[fate["fate"]])
        if fate["side"] == AUTHORITY and fate["fate"] == combat.RESERVE and "morale_roll" in fate:
            state.local["morale_failed"] = True
    _ei(state, data["ei"])


def _escalated(state: GameState, data: dict) -> None:
    state.local["stage"] = data["stage"]
    if data["stage"] == 2:  # the first complete game-turn at Stage Two: this one if its event is not rolled yet (7.3)
        state.local["stage_two"] = data["turn"] + (state.local["roll"] is not None)
    state.local["stage_three"] = state.local["stage_three"] or data["stage"] == 3


def _nightfall(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        _off(state, uid, forces.OFF_MAP, nightfall=state.turn)


def _ended(state: GameState, data: dict) -> None:
    state.over, state.winner = True, data["winner"]
    state.local["level"] = data["level"]


def _extended(state: GameState, data: dict) -> None:
    state.over, state.winner = False, None
    state.local.pop("level", None)
    state.local["last_turn"] = data["turns"]


_FOLDS = {
    "turn-begun": _turn,
    "phase-ended": _phase,
    "opening-crowds": _opening,
    "event-rolled": _event,
    "ei-changed": _ei,
    "reinforced": _reinforced,
    "unit-placed": _placed,
    "unit-held": _held,
    "emergency-ordered": _ordered,
    "unit-lost": _lost,
    "unit-moved": _moved,
    "barricade-tried": _barricade,
    "barricade-removed": _unbarricaded,
    "combat": _combat,
    "escalated": _escalated,
    "nightfall": _nightfall,
    "game-ended": _ended,
    "game-extended": _extended,
    "report-filed": lambda state, data: None,
    names.RENAMED: names.fold,
    handing.HANDED: handing.fold,
    deadlines.DEADLINE_SET: lambda state, data: None,
}
