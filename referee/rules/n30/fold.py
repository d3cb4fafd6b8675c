"""How each N30 event changes the state: the only place the state changes."""

from __future__ import annotations

from dataclasses import replace

from referee.core.engine import Context, with_local
from referee.core.events import Event
from referee.core.state import GameState, relocate, restack, update_unit
from referee.core.units import DESTROYED, OFF_MAP
from referee.rules.n30.setup import RADICALIZED, fresh_turn

MAX_SUCCESS = 200


def evolve(ctx: Context, state: GameState, event: Event) -> GameState:
    """Fold one event."""
    return _FOLDS[event.kind](state, event.data)


def _local_list_add(state: GameState, key: str, *items: str) -> GameState:
    return with_local(state, **{key: state.local[key] + [i for i in items if i not in state.local[key]]})


def _chosen(state: GameState, data: dict) -> GameState:
    chosen = dict(state.local["chosen"])
    chosen[data["side"]] = chosen.get(data["side"], []) + [data["node"]]
    return with_local(state, chosen=chosen)


def _rolled(state: GameState, data: dict) -> GameState:
    return with_local(state, rolled={**state.local["rolled"], data["unit"]: data["rate"]})


def _moved(state: GameState, data: dict) -> GameState:
    unit = state.units[data["unit"]]
    if unit.type == "lockdown":
        unit = unit.with_attrs(locked=False)
    unit = unit.with_attrs(face_down=data["face_down"])
    state = relocate(state, unit, data["to"]) if data["path"] else update_unit(state, unit)
    rolled = {k: v for k, v in state.local["rolled"].items() if k != unit.id}
    state = with_local(state, rolled=rolled)
    state = _local_list_add(state, "moved", unit.id)
    if data.get("contact"):
        key = f"{data['to']}|{data['direction']}|{unit.side}"
        state = with_local(state, entries={**state.local["entries"], key: state.local["entries"].get(key, 0) + 1})
    return state


def _built(state: GameState, data: dict) -> GameState:
    node = data["node"]
    state = _local_list_add(state, "moved", data["unit"])
    return replace(state, markers={**state.markers, node: state.markers.get(node, ()) + (data["marker"],)})


def _marker_removed(state: GameState, data: dict) -> GameState:
    markers = dict(state.markers)
    remaining = tuple(m for m in markers.get(data["node"], ()) if m != data["marker"])
    if remaining:
        markers[data["node"]] = remaining
    else:
        markers.pop(data["node"], None)
    return replace(state, markers=markers)


def _confronted(state: GameState, data: dict) -> GameState:
    state = _local_list_add(state, "confronted", data["node"])
    state = _local_list_add(state, "attacked", *(r["id"] for r in data["units"]))
    if data["gas"]:
        state = _local_list_add(state, "gassed", data["node"])
    return state


def _retreated(state: GameState, data: dict) -> GameState:
    return relocate(state, state.units[data["unit"]], data["to"])


def _destroyed(state: GameState, data: dict) -> GameState:
    return relocate(state, state.units[data["unit"]], None, DESTROYED)


def _radicalized(state: GameState, data: dict) -> GameState:
    return update_unit(state, replace(state.units[data["unit"]], type=RADICALIZED))


def _scored(state: GameState, data: dict) -> GameState:
    side = data["side"]
    value = max(0, min(MAX_SUCCESS, state.scores[side] + data["points"]))
    return replace(state, scores={**state.scores, side: value})


def _relocked(state: GameState, data: dict) -> GameState:
    units = {**state.units, **{uid: state.units[uid].with_attrs(locked=True) for uid in data["units"]}}
    return replace(state, units=units)


def _phase(state: GameState, data: dict) -> GameState:
    state = replace(state, phase=data["to"])
    return with_local(state, attacked=[], confronted=[]) if data["from"] == "confrontation" else state


def _turn(state: GameState, data: dict) -> GameState:
    return replace(state, turn=data["turn"], phase=data["phase"], local=fresh_turn())


def _arrived(state: GameState, data: dict) -> GameState:
    units = dict(state.units)
    for uid in data["units"]:
        units[uid] = replace(units[uid], status=OFF_MAP).with_attrs(edge=data["edge"])
    return replace(state, units=units)


def _factions(state: GameState, data: dict) -> GameState:
    units = dict(state.units)
    for faction, members in data["factions"].items():
        for uid in members:
            units[uid] = units[uid].with_attrs(faction=faction)
    for uid, unit in units.items():
        if unit.side == data["side"] and "faction" not in unit.attrs:
            units[uid] = unit.with_attrs(faction="neutral")
    return replace(state, units=units)


def _topped(state: GameState, data: dict) -> GameState:
    unit = state.units[data["unit"]]
    order = (unit.id,) + tuple(uid for uid in state.stacks[unit.side][unit.node] if uid != unit.id)
    return restack(state, unit.side, unit.node, order)


def _revealed(state: GameState, data: dict) -> GameState:
    units = {**state.units, **{uid: state.units[uid].with_attrs(face_down=False) for uid in data["units"]}}
    return replace(state, units=units)


def _ended(state: GameState, data: dict) -> GameState:
    return replace(state, over=True, winner=data["winner"])


_FOLDS = {
    "intersection-chosen": _chosen,
    "movement-rolled": _rolled,
    "unit-moved": _moved,
    "police-barricade": lambda state, data: state,
    "marker-placed": _built,
    "marker-removed": _marker_removed,
    "confrontation": _confronted,
    "unit-retreated": _retreated,
    "unit-destroyed": _destroyed,
    "unit-radicalized": _radicalized,
    "success": _scored,
    "units-relocked": _relocked,
    "phase-ended": _phase,
    "turn-begun": _turn,
    "reinforcements-arrived": _arrived,
    "factions-assigned": _factions,
    "unit-topped": _topped,
    "units-revealed": _revealed,
    "game-ended": _ended,
}
