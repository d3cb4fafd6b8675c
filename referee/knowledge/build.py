"""Players' views of a stored session: its effective log replayed from the opening state and observed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from referee import rulesets
from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.errors import replaying
from referee.knowledge.names import Named
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


ENDED = "game-ended"
"""The event every ruleset ends its game with, its last: its line is public (any event after it, such as an
extension agreed at the end, means the game goes on)."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """Every player's knowledge of a session, with what every sheet and page prints beside it."""

    knowledge: Knowledge
    head: str  # the head of the log it is the knowledge of (`referee verify --head`)
    ended: str | None  # the log's line of the game's end, public to all; None while the game goes on


def record(path: Location) -> Knowledge:
    """Every player's knowledge of a session as it stands (read without SQLAlchemy, undone commands left out)."""
    return anchored(path).knowledge


def anchored(path: Location) -> Recorded:
    """`record(path)`, with the head of the log it is the knowledge of and the game's end, if it ended."""
    reader = open_reader(path)
    try:
        return recorded_at(reader)
    finally:
        reader.close()


def recorded_at(reader: LogReader) -> Recorded:
    """Every player's knowledge of the session a reader has open, as it stands, with the head of the log it is the
    knowledge of (read first: whatever commits meanwhile lies beyond it) and the game's end, if it ended."""
    info = reader.intact().info
    last, head = reader.tip()
    events = reader.events(set(reader.effective(last)))
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    rules = ruleset_for(scenario.ruleset)
    knowledge, ended = new_record(ctx, rules, info.commitment), None
    for stored in events:
        with replaying(stored.seq):
            event = Event(stored.kind, stored.data, (), stored.turn, stored.phase)  # no dice: nobody sees them
            knowledge.feed(event)
            ended = rules.narrate(event, ctx) if event.kind == ENDED else None  # an event after it: play went on
    return Recorded(knowledge, head, ended)


def new_record(ctx: Context, rules: Ruleset, commitment: str) -> Knowledge:
    """Empty knowledge of a game, ready to feed on its events: each ruleset's players see in their own way.
    `commitment` is the hash of the seed printed on the sheets. Their views carry the table's names."""
    return Named(rulesets.get(ctx.scenario.ruleset).record(ctx, rules, commitment))


def views(path: Location) -> dict[str, PlayerView]:
    """Every player's view of a session, by player id, in the scenario's order."""
    knowledge = record(path)
    return {player.id: knowledge.view(player.id) for player in knowledge.ctx.scenario.players}


def player_view(path: Location, player: str) -> PlayerView:
    """One player's view of a session; an unknown player is a RefereeError naming the known ones."""
    return record(path).view(player)
