"""Limits on where units may go: stacking (3), entry by direction (3.2) and faction friction (6.1)."""

from __future__ import annotations

from referee.core.state import GameState
from referee.core.units import Unit
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

STACKING = {PROTESTERS: 10, POLICE: 20}
ENTRY = {PROTESTERS: 1, POLICE: 3}
BLACK_BLOC, PEACE_POLICE, NEUTRAL = "black-bloc", "peace-police", "neutral"
RIVAL = {BLACK_BLOC: PEACE_POLICE, PEACE_POLICE: BLACK_BLOC}
SCREENS = ("barricade", "flo")


def opponent(side: str) -> str:
    """The other side."""
    return POLICE if side == PROTESTERS else PROTESTERS


def has_room(state: GameState, side: str, node: str) -> bool:
    """3: no more than 10 protester and 20 police units may move or retreat into one intersection."""
    return len(state.stacks[side].get(node, ())) < STACKING[side]


def entry_allowed(state: GameState, side: str, node: str, direction: str) -> bool:
    """3.2: entries into contact from one direction in a turn (1 protester; 3 police, 1 against barricades or Flo)."""
    limit = ENTRY[side]
    markers = state.markers.get(node)
    if side == POLICE and markers and any(m in SCREENS for m in markers):
        limit = 1
    return state.local["entries"].get(f"{node}|{direction}|{side}", 0) < limit


def entry_refusal(side: str) -> str:
    """The words of 3.2 for a refused entry."""
    if side == PROTESTERS:
        return "only 1 protester unit may enter an intersection with police from the same direction in a turn"
    return ("only 3 police units (1 against barricades or Flo) may enter an intersection with protesters "
            "from the same direction in a turn")


def friction_barred(state: GameState, unit: Unit) -> set[str]:
    """6.1: intersections holding the rival faction, which a black bloc or peace police unit may not enter."""
    rival = RIVAL.get(unit.attrs.get("faction", NEUTRAL))
    if rival is None:
        return set()
    return {
        node for node, ids in state.stacks[unit.side].items()
        if any(state.units[uid].attrs.get("faction") == rival for uid in ids)
    }
