"""How each N30 event changes the state: the only place the state changes (in a thawed copy, in place)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState, relocate
from referee.core.units import DESTROYED, OFF_MAP
from referee.rules import deadlines, handing, names
from referee.rulesets.n30.rules.setup import LOCKDOWN, RADICALIZED, fresh_turn
from referee.rulesets.n30.rules.success import settled


def evolve(ctx: Context, state: GameState, event: Event) -> None:
    """Fold one event."""
    _FOLDS[event.kind](state, event.data)


def _add(state: GameState, key: str, *items: str) -> None:
    """Add to a list of the turn record (a new list: the record's values are never changed in place)."""
    listed = state.local[key]
    state.local[key] = listed + [item for item in items if item not in listed]


def _chosen(state: GameState, data: dict) -> None:
    chosen = state.local["chosen"]
    state.local["chosen"] = {**chosen, data["side"]: chosen.get(data["side"], []) + [data["node"]]}


def _rolled(state: GameState, data: dict) -> None:
    state.local["rolled"] = {**state.local["rolled"], data["unit"]: data["rate"]}


def _moved(state: GameState, data: dict) -> None:
    unit = state.units[data["unit"]]
    attrs = {**unit.attrs, "face_down": data["face_down"]}
    if unit.type == LOCKDOWN:
        attrs["locked"] = False
    if data["path"]:
        relocate(state, unit, data["to"], attrs=attrs)
    else:
        state.units[unit.id] = unit.placed(unit.node, unit.status, attrs)
    if unit.id in state.local["rolled"]:
        rolled = state.local["rolled"] = dict(state.local["rolled"])
        del rolled[unit.id]
    _add(state, "moved", unit.id)
    if data["contact"]:
        key = f"{data['to']}|{data['direction']}|{unit.side}"
        entries = state.local["entries"]
        state.local["entries"] = {**entries, key: entries.get(key, 0) + 1}


def _built(state: GameState, data: dict) -> None:
    _add(state, "moved", data["unit"])
    state.markers[data["node"]] = state.markers.get(data["node"], ()) + (data["marker"],)


def _marker_removed(state: GameState, data: dict) -> None:
    remaining = tuple(m for m in state.markers.get(data["node"], ()) if m != data["marker"])
    if remaining:
        state.markers[data["node"]] = remaining
    else:
        state.markers.pop(data["node"], None)


def _confronted(state: GameState, data: dict) -> None:
    _add(state, "confronted", data["node"])
    _add(state, "attacked", *[r["id"] for r in data["units"]])
    if data["gas"]:
        _add(state, "gassed", data["node"])


def _retreated(state: GameState, data: dict) -> None:
    relocate(state, state.units[data["unit"]], data["to"])


def _destroyed(state: GameState, data: dict) -> None:
    relocate(state, state.units[data["unit"]], None, DESTROYED)


def _radicalized(state: GameState, data: dict) -> None:
    unit = state.units[data["unit"]].retyped(RADICALIZED)
    state.units[unit.id] = unit.with_attrs(rl=data["rl"]) if "rl" in data else unit


def _mood(state: GameState, data: dict) -> None:
    state.units[data["unit"]] = state.units[data["unit"]].with_attrs(rl=data["rl"])


def _scored(state: GameState, data: dict) -> None:
    side = data["side"]
    state.scores[side] = settled(state.scores[side], data["points"])


def _relocked(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        state.units[uid] = state.units[uid].with_attrs(locked=True)


def _phase(state: GameState, data: dict) -> None:
    state.phase = data["to"]
    if data["from"] == "confrontation":
        state.local["attacked"], state.local["confronted"] = [], []


def _turn(state: GameState, data: dict) -> None:
    state.turn, state.phase, state.local = data["turn"], data["phase"], fresh_turn()


def _arrived(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        state.units[uid] = state.units[uid].placed(None, OFF_MAP).with_attrs(edge=data["edge"])


def _factions(state: GameState, data: dict) -> None:
    faction_of = {uid: faction for faction, members in data["factions"].items() for uid in members}
    for uid, unit in state.units.items():
        if unit.side == data["side"]:
            state.units[uid] = unit.with_attrs(faction=faction_of.get(uid, "neutral"))


def _topped(state: GameState, data: dict) -> None:
    unit = state.units[data["unit"]]
    stack = state.stacks[unit.side] = dict(state.stacks[unit.side])
    stack[unit.site] = (unit.id,) + tuple(uid for uid in stack[unit.site] if uid != unit.id)


def _revealed(state: GameState, data: dict) -> None:
    for uid in data["units"]:
        state.units[uid] = state.units[uid].with_attrs(face_down=False)


def _ended(state: GameState, data: dict) -> None:
    state.over, state.winner = True, data["winner"]


_FOLDS = {
    "intersection-chosen": _chosen,
    "movement-rolled": _rolled,
    "unit-moved": _moved,
    "police-barricade": lambda state, data: None,
    "marker-placed": _built,
    "marker-removed": _marker_removed,
    "confrontation": _confronted,
    "unit-retreated": _retreated,
    "unit-destroyed": _destroyed,
    "unit-radicalized": _radicalized,
    "crowd-mood": _mood,
    "success": _scored,
    "units-relocked": _relocked,
    "phase-ended": _phase,
    "turn-begun": _turn,
    "reinforcements-arrived": _arrived,
    "factions-assigned": _factions,
    "unit-topped": _topped,
    "units-revealed": _revealed,
    "game-ended": _ended,
    "report-filed": lambda state, data: None,
    names.RENAMED: names.fold,
    handing.HANDED: handing.fold,
    deadlines.DEADLINE_SET: lambda state, data: None,
}
