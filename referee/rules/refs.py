"""Places and units named as the table says them: a command may name a place or a unit by its printed name, in any
case ("Westin", "old town", "Anarchists 1"), and is logged with the ids.

Which keys hold a place or a unit is data, in each verb's schema: `PlaceRef`, `PlaceRefs`, `UnitRef`, `UnitRefs`,
`UnitCounts` (an object keyed by units) from referee.rules.commands carry a marker this module reads, in a key's value,
a list's items, or an object's keys or values. A place's printed names are its id and the names the game's texts give
it (`place.<id>`, in each language); a unit's are its id, its counter's name and the table's name for it
(referee.rules.names). A name that matches nothing, but is close to one, is refused with the nearest ("did you mean
Westlake Center?"); a name that two things print alike is refused naming both; an id always means itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from difflib import get_close_matches
from functools import cache
from typing import Annotated, Any, NotRequired, Required, get_args, get_origin, get_type_hints

from pydantic.fields import FieldInfo

from referee.bounds import quoted
from referee.core.engine import Context
from referee.core.state import GameState
from referee.errors import RefereeError
from referee.rules.commands import PLACE, UNIT
from referee.rules.names import UNITS

ONE, LIST, KEYS, VALUES = "one", "list", "keys", "values"  # a name, a list's names, an object's keys or its values


def _marker(hint: Any) -> str | None:
    """PLACE or UNIT where an annotation carries one."""
    if get_origin(hint) is Annotated:
        return next((m for m in get_args(hint)[1:] if m in (PLACE, UNIT)), None) or _marker(get_args(hint)[0])
    return None


def _required(hint: Any) -> Any:
    """A key's annotation without NotRequired or Required."""
    while get_origin(hint) in (NotRequired, Required):
        hint = get_args(hint)[0]
    return hint


def _given_as(key: str, hint: Any) -> str:
    """The key as a command gives it: its alias where the schema names one (`from_` is given as "from")."""
    hint = _required(hint)
    extras = get_args(hint)[1:] if get_origin(hint) is Annotated else ()
    return next((extra.alias for extra in extras if isinstance(extra, FieldInfo) and extra.alias), key)


def _shapes(hint: Any) -> tuple[tuple[str, str], ...]:
    """How a key's annotation holds marked names: pairs of (ONE | LIST | KEYS | VALUES, PLACE | UNIT)."""
    hint = _required(hint)
    marker = _marker(hint)
    if marker:
        return ((ONE, marker),)
    while get_origin(hint) is Annotated:
        hint = get_args(hint)[0]
    if get_origin(hint) is list:
        parts: tuple[tuple[str, Any], ...] = ((LIST, get_args(hint)[0]),)
    elif get_origin(hint) is dict:
        parts = tuple(zip((KEYS, VALUES), get_args(hint), strict=True))
    else:
        return ()
    return tuple((how, kind) for how, inner in parts if (kind := _marker(inner)))


@cache
def marked(schema: Any) -> dict[str, tuple[tuple[str, str], ...]]:
    """The keys of a verb's schema that hold places or units, and how."""
    while get_origin(schema) is Annotated:  # a schema wrapped with a check of its own (one_of)
        schema = get_args(schema)[0]
    hints = get_type_hints(schema, include_extras=True)
    return {_given_as(key, hint): shapes for key, hint in hints.items() if (shapes := _shapes(hint))}


def _folded(name: str) -> str:
    """A name as the table may say it: case, spaces, hyphens and underscores alike."""
    return re.sub(r"[\s_-]+", " ", name).strip().casefold()


class Names:
    """The places and units of a game, each by its id and the names it is printed under; `places` gives a place's
    printed names beyond its id (the first as the table reads it)."""

    def __init__(self, ctx: Context, state: GameState, places: Mapping[str, Iterable[str]]):
        table = state.names.get(UNITS, {})
        self.ids = {PLACE: set(ctx.scenario.board.nodes), UNIT: set(state.units)}
        self.printed: dict[str, dict[str, set[str]]] = {PLACE: {}, UNIT: {}}
        self.display: dict[str, str] = {}  # an id's name as the table reads it
        for kind, entries in ((PLACE, ((n, (*places.get(n, ()), n)) for n in ctx.scenario.board.nodes)),
                              (UNIT, ((u.id, (table.get(u.id, ""), u.name, u.id)) for u in state.units.values()))):
            for ident, names in entries:
                self.display.setdefault(ident, next(name for name in names if name))
                for name in names:
                    if name:
                        self.printed[kind].setdefault(_folded(name), set()).add(ident)

    def find(self, kind: str, given: object, verb: str, where: str) -> object:
        """The id a name gives (anything that is no text, or an id, as it is)."""
        if not isinstance(given, str) or given in self.ids[kind]:
            return given
        found = self.printed[kind].get(_folded(given), set())
        if len(found) > 1:
            raise RefereeError(f"{verb}: {quoted(where)} {given!r} names more than one {kind}: "
                               + ", ".join(self.shown(ident) for ident in sorted(found)))
        if found:
            return next(iter(found))
        near = get_close_matches(_folded(given), list(self.printed[kind]), n=1, cutoff=0.75)
        if near:
            nearest = sorted(self.printed[kind][near[0]])[0]
            raise RefereeError(f"{verb}: {quoted(where)} names no {kind} {given!r} (did you mean {self.shown(nearest)}?)")
        return given  # the rules refuse it in their own words

    def shown(self, ident: str) -> str:
        """A place or unit as the table reads it, with its id where the two read differently: "The Loop (loop)",
        but "Westlake" for westlake."""
        name = self.display[ident]
        return name if _folded(name) == _folded(ident) else f"{name} ({ident})"


def resolved(schema: Any, ctx: Context, state: GameState, command: dict, places: Mapping[str, Iterable[str]]) -> dict:
    """The command with every place and unit it names by a printed name given by its id (a new dict; the command
    as given where it names none). `places`: each place's printed names beyond its id."""
    keys = {key: shapes for key, shapes in marked(schema).items() if key in command}
    if not keys:
        return command
    names, verb, out = Names(ctx, state, places), command["do"], dict(command)
    for key, shapes in keys.items():
        for shape, kind in shapes:
            value = out[key]
            if isinstance(value, list) and shape in (ONE, LIST):  # a list, or a key that may hold one (Chicago's units)
                out[key] = [names.find(kind, v, verb, f"{key}[{i}]") for i, v in enumerate(value)]
            elif shape == ONE:
                out[key] = names.find(kind, value, verb, key)
            elif shape == KEYS and isinstance(value, dict):
                out[key] = _keyed(names, kind, value.items(), verb, key)
            elif shape == VALUES and isinstance(value, dict):
                out[key] = {k: names.find(kind, v, verb, f"{key}.{k}") for k, v in value.items()}
    return out


def _keyed(names: Names, kind: str, items: Iterable[tuple[str, Any]], verb: str, key: str) -> dict:
    """An object keyed by names, keyed by ids; two keys naming one thing are refused."""
    out: dict = {}
    for name, value in items:
        ident = names.find(kind, name, verb, f"{key}.{name}")
        if ident in out:
            raise RefereeError(f"{verb}: {quoted(key)} names {names.shown(str(ident))} twice")
        out[ident] = value
    return out
