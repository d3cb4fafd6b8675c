"""The player's own side, known in full: its units and the reinforcements it expects."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, DESTROYED, OFF_MAP, RESERVE, Unit
from referee.knowledge.moods import mood
from referee.knowledge.view import Arrival, OwnUnit
from referee.rules.handing import commanders as commanding
from referee.scenario.catalog import Player

_ORDER = {ACTIVE: 0, OFF_MAP: 1, RESERVE: 2, DESTROYED: 3}


def _in_game(ctx: Context, unit: Unit) -> bool:
    """False for a reinforcement due after the last turn: the game ends before it can arrive."""
    return unit.status != RESERVE or unit.attrs["arrives"] <= ctx.scenario.clock.turns


def _edge(edge: str) -> str:
    return "a random edge" if edge == "random" else f"the {edge} edge"


def _notes(ctx: Context, unit: Unit, player: Player, commander: str | None) -> tuple[str, ...]:
    attrs, notes = unit.attrs, []
    if unit.status == RESERVE:
        notes.append(f"arrives {ctx.scenario.clock.reading(attrs['arrives'])} at {_edge(attrs['edge'])}")
    elif unit.status == OFF_MAP:
        notes.append(f"waiting at {_edge(attrs['edge'])}")
    if attrs.get("locked") is False:
        notes.append("unlocked")
    if attrs.get("faction") not in (None, "neutral"):
        notes.append(attrs["faction"].replace("-", " "))
    if attrs.get("face_down"):
        notes.append("face down")
    if attrs.get("armored"):
        notes.append("armored car")
    if commander is not None and commander != player.id:
        notes.append(f"commanded by {commander}")
    return tuple(notes)


def own_units(ctx: Context, state: GameState, player: Player) -> tuple[OwnUnit, ...]:
    """Every unit of the player's side in the game, on the map in map order (each stack top first), then the rest.

    Both commanders of a side know all its units (one radio net); each is told who commands what.
    """
    nodes = ctx.scenario.board.nodes
    commanders = commanding(ctx.scenario.players, state, player.side)

    def place(unit: Unit) -> tuple:
        if unit.status == ACTIVE:
            node = nodes[unit.site]
            return (0, node.y, node.x, unit.node, state.stack_index(unit), unit.id)
        return (_ORDER[unit.status], "", 0, "", unit.attrs.get("arrives", 0), unit.id)

    mine = sorted((u for u in state.units.values() if u.side == player.side and _in_game(ctx, u)), key=place)
    return tuple(
        OwnUnit(u.id, u.name, u.type, u.node, state.stack_index(u), u.status, u.factors["strength"],
                u.factors["movement"], _notes(ctx, u, player, commanders.get(u.id)),
                mood(ctx, u) if u.status == ACTIVE else None)
        for u in mine
    )


def arrivals(ctx: Context, state: GameState, side: str) -> tuple[Arrival, ...]:
    """The side's reinforcement groups still to come before the game ends (never the other side's), by turn."""
    clock, expected = ctx.scenario.clock, []
    for group in (g for g in ctx.scenario.arrivals if g.turn <= clock.turns):
        units = tuple(uid for uid in group.units if state.units[uid].side == side and state.units[uid].status == RESERVE)
        if units:
            expected.append(Arrival(group.turn, clock.reading(group.turn), group.edge, units))
    return tuple(sorted(expected, key=lambda a: a.turn))
