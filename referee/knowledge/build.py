"""Players' views of a stored session: its effective log replayed from the opening state and observed."""

from __future__ import annotations

from typing import Protocol

from referee import rulesets
from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.errors import replaying
from referee.knowledge.view import PlayerView
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import from_sources
from referee.store.location import Location
from referee.store.reading import LogReader, open_reader


class Knowledge(Protocol):
    """What every player of a game knows, fed its events in order (a ruleset's `knowledge`)."""

    ctx: Context

    def feed(self, event: Event) -> None:
        """Let each player observe what this event shows him."""

    def view(self, player: str) -> PlayerView:
        """What `player` knows now; an unknown player is a RefereeError naming the known ones."""


def record(path: Location) -> Knowledge:
    """Every player's knowledge of a session as it stands (read without SQLAlchemy, undone commands left out)."""
    return anchored(path)[0]


def anchored(path: Location) -> tuple[Knowledge, str]:
    """`record(path)`, and the head of the log it is the knowledge of (printed on sheets: `referee verify --head`)."""
    reader = open_reader(path)
    try:
        return recorded_at(reader)
    finally:
        reader.close()


def recorded_at(reader: LogReader) -> tuple[Knowledge, str]:
    """Every player's knowledge of the session a reader has open, as it stands, and the head of the log it is the
    knowledge of, read first: whatever commits meanwhile lies beyond it."""
    info = reader.intact().info
    last, head = reader.tip()
    events = reader.events(set(reader.effective(last)))
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    knowledge = new_record(ctx, ruleset_for(scenario.ruleset), info.commitment)
    for stored in events:
        with replaying(stored.seq):
            knowledge.feed(Event(stored.kind, stored.data, (), stored.turn, stored.phase))  # no dice: nobody sees them
    return knowledge, head


def new_record(ctx: Context, rules: Ruleset, commitment: str) -> Knowledge:
    """Empty knowledge of a game, ready to feed on its events: each ruleset's players see in their own way.
    `commitment` is the hash of the seed printed on the sheets."""
    return rulesets.get(ctx.scenario.ruleset).record(ctx, rules, commitment)


def views(path: Location) -> dict[str, PlayerView]:
    """Every player's view of a session, by player id, in the scenario's order."""
    knowledge = record(path)
    return {player.id: knowledge.view(player.id) for player in knowledge.ctx.scenario.players}


def player_view(path: Location, player: str) -> PlayerView:
    """One player's view of a session; an unknown player is a RefereeError naming the known ones."""
    return record(path).view(player)
