"""A plain observer of a game on an area map under fog, for the leak tests of Battle of Seattle and Chicago-Chicago:
what each side could see of the other after every event, worked out from the states alone, and the check of a
view (as JSON) against it."""

from __future__ import annotations

import json
from collections.abc import Callable

from referee.core.units import ACTIVE, Unit
from referee.game import Game


def other(ctx, side: str) -> str:
    """The scenario's other side."""
    return next(p.side for p in ctx.scenario.players if p.side != side)


def in_sight(ctx, state, side: str) -> set[str]:
    """The places `side` sees under fog, worked out plainly: those it holds and the next ones."""
    board = ctx.scenario.board
    held = {u.node for u in state.units.values() if u.side == side and u.status == ACTIVE}
    return {n for n in board.nodes if n in held or any(m in held for m in board.neighbours(n))}


class Observed:
    """Every (unit, place, turn, what else was seen of it) each side could have seen of the other on the map, after
    any event; `notes(unit)` is what a unit in sight shows besides its face."""

    def __init__(self, game: Game, notes: Callable[[Unit], tuple[str, ...]] = lambda unit: ()):
        self.ctx, self.rules, self.notes = game.ctx, game.rules, notes
        self.state = game.rules.initial(game.ctx).thawed()
        self.seen: dict[str, set[tuple]] = {p.side: set() for p in game.ctx.scenario.players}
        self.look()

    def look(self) -> None:
        for side, seen in self.seen.items():
            sight = in_sight(self.ctx, self.state, side)
            seen |= {(u.id, u.node, self.state.turn, self.notes(u)) for u in self.state.units.values()
                     if u.side == other(self.ctx, side) and u.status == ACTIVE and u.node in sight}

    def feed(self, event) -> None:
        self.rules.evolve(self.ctx, self.state, event)
        self.look()


def leaks(data: dict, seen: Observed, side: str) -> list[str]:
    """What a view (as JSON) holds of the other side beyond what `side` could see: a unit shown now that is not
    in sight there now or not as it is, one in sight left out, a last sighting never made, a hidden attribute, or
    the id of a unit out of sight and never seen where the view puts it."""
    state, found = seen.state, []
    sight = in_sight(seen.ctx, state, side)
    theirs = [u for u in data["units"] if u["side"] != side]
    for unit in theirs:
        truth, notes = state.units[unit["id"]], tuple(unit.get("notes", ()))
        if set(unit) - {"id", "name", "side", "type", "node", "seen", "time", "current", "source", "notes"}:
            found.append(f"hidden attributes of {unit['id']}")
        if unit["current"] and not (unit["node"] in sight and (truth.node, truth.status) == (unit["node"], ACTIVE)
                                    and notes == seen.notes(truth)):
            found.append(f"{unit['id']} shown now in {unit['node']}, where it is not in sight (or not as it is)")
        if not unit["current"] and (unit["id"], unit["node"], unit["seen"], notes) not in seen.seen[side]:
            found.append(f"{unit['id']} never seen in {unit['node']} on turn {unit['seen']}")
    now = {u.id for u in state.units.values() if u.side == other(seen.ctx, side) and u.status == ACTIVE
           and u.node in sight}
    if {u["id"] for u in theirs if u["current"]} != now:
        found.append("the units in sight now are not all shown")
    out = {u.id for u in state.units.values() if u.side == other(seen.ctx, side)} - now - {u["id"] for u in theirs}
    text = json.dumps({key: value for key, value in data.items() if key != "feed"})  # the past: tests/test_feed.py
    found += [f"{uid} named, out of sight" for uid in sorted(out) if f'"{uid}"' in text]
    return found
