"""The table's names in a player's view: what the umpire renamed (`rename`, referee.rules.names), shown where the
rules' names would be and nowhere else.

A name is given by unit id to the units the view already names, own or identified; a unit the player has not
identified has no name in his view, so a new one cannot reveal it. The players' names are public: every player
is told what the table calls each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.core.events import Event
from referee.knowledge.feed import FeedEntry
from referee.knowledge.view import OwnUnit, Pile, PlayerView, Sighting, UnitFact
from referee.rules.names import PLAYERS, RENAMED, UNITS


def _fact(fact: UnitFact, units: dict[str, str]) -> UnitFact:
    return replace(fact, name=units[fact.id], renamed=True) if fact.id in units else fact


def _sighting(sighting: Sighting, units: dict[str, str]) -> Sighting:
    top = None if sighting.top is None else _fact(sighting.top, units)
    return replace(sighting, top=top, units=tuple(_fact(fact, units) for fact in sighting.units))


def _pile(pile: Pile, units: dict[str, str]) -> Pile:
    return pile if pile.units is None else replace(pile, units=tuple(_fact(fact, units) for fact in pile.units))


COMMANDED = "commanded by {}"
"""An own unit's note naming the player of his side who commands it (the words of i18n's `note.commanded`)."""


def _own(unit: OwnUnit, units: dict[str, str], commanders: dict[str, str]) -> OwnUnit:
    notes = tuple(commanders.get(note, note) for note in unit.notes)
    if unit.id in units:
        return replace(unit, name=units[unit.id], renamed=True, notes=notes)
    return replace(unit, notes=notes)


def _entry(entry: FeedEntry, units: dict[str, str]) -> FeedEntry:
    """A feed's line with the units it names (by id) in the table's names."""
    values = tuple((field, kind, value if kind != "unit" else units.get(value, value) if isinstance(value, str)
                    else tuple(units.get(one, one) for one in value)) for field, kind, value in entry.values)
    return replace(entry, values=values)


def named(view: PlayerView, table: dict[str, dict[str, str]]) -> PlayerView:
    """The view with the table's names (`{"units": {id: name}, "players": {id: name}}`) where it names a unit
    or a player."""
    units, players = table.get(UNITS, {}), table.get(PLAYERS, {})
    name = players.get(view.player, view.player)
    if not table:
        return replace(view, name=name)
    commanders = {COMMANDED.format(player): COMMANDED.format(called) for player, called in players.items()}
    return replace(view, name=name, own=tuple(_own(unit, units, commanders) for unit in view.own),
                   sightings=tuple(_sighting(sighting, units) for sighting in view.sightings),
                   piles=tuple(_pile(pile, units) for pile in view.piles),
                   feed=tuple(_entry(entry, units) for entry in view.feed))


class Named:
    """A game's knowledge (referee.knowledge.build.Knowledge) whose views carry the table's names: fed the same
    events, the `renamed` ones kept for the names. Anything else is the game's knowledge's own."""

    def __init__(self, knowledge: Any):
        self.knowledge, self.ctx = knowledge, knowledge.ctx
        self.table: dict[str, dict[str, str]] = {}

    def feed(self, event: Event) -> None:
        """Let each player observe the event; a `renamed` one gives the table's names as they now stand."""
        if event.kind == RENAMED:
            self.table = event.data
        self.knowledge.feed(event)

    def view(self, player: str) -> PlayerView:
        """What `player` knows now, in the table's names."""
        return named(self.knowledge.view(player), self.table)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.knowledge, name)
