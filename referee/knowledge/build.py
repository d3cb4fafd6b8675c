"""Players' views of a stored session: its effective log replayed from the opening state and observed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from referee import rulesets
from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.errors import replaying
from referee.knowledge.due import Due
from referee.knowledge.feed import Journal
from referee.knowledge.names import Named
from referee.knowledge.played import Played
from referee.knowledge.view import PlayerView
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import from_sources
from referee.store.location import Location
from referee.store.reading import ROLES, EventRecord, LogReader, changed_outside, open_reader


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
    last: int = 0  # the last command it knows of


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


def recorded_at(reader: LogReader, known: Recorded | None = None) -> Recorded:
    """Every player's knowledge of the session a reader has open, as it stands, with the head of the log it is the
    knowledge of (read first: whatever commits meanwhile lies beyond it) and the game's end, if it ended. Given
    what was `known` of it earlier, only the events of the commands played since are fed to that knowledge (and
    only the chain since checked), where no undo or redo came meanwhile; else it is built from the opening."""
    last, head = reader.tip()
    if known is not None and known.last <= last:
        since = [c for c in reader.commands(after=known.last) if c.id <= last]
        if all(c.kind in ("play", ROLES) for c in since):
            problem = reader.chain_problem(after=(known.last, known.head)) if since else None
            if problem:
                raise changed_outside(reader.path, problem)
            fresh = [e for e in reader.events(after_command=known.last) if e.command_id <= last]
            knowledge, ended = known.knowledge, known.ended
            return Recorded(knowledge, head, _fed(knowledge, fresh, ended), last)
    info = reader.intact().info
    events = reader.events(set(reader.effective(last)))
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    knowledge = new_record(ctx, ruleset_for(scenario.ruleset), info.commitment)
    return Recorded(knowledge, head, _fed(knowledge, events, None), last)


def _fed(knowledge: Knowledge, events: list[EventRecord], ended: str | None) -> str | None:
    """Feed stored events to every player's knowledge, in order; the game's end as it then stands."""
    rules, ctx = ruleset_for(knowledge.ctx.scenario.ruleset), knowledge.ctx
    journal = getattr(knowledge, "journal", None)  # a game's own feed, where it keeps one (a plugin's may not)
    for stored in events:
        with replaying(stored.seq):
            event = Event(stored.kind, stored.data, (), stored.turn, stored.phase)  # no dice: nobody sees them
            if isinstance(journal, Journal):
                journal.command = stored.command_id  # what came of an order carried out, on his page
            knowledge.feed(event)
            ended = rules.narrate(event, ctx) if event.kind == ENDED else None  # an event after it: play went on
    return ended


def new_record(ctx: Context, rules: Ruleset, commitment: str) -> Knowledge:
    """Empty knowledge of a game, ready to feed on its events: each ruleset's players see in their own way.
    `commitment` is the hash of the seed printed on the sheets. Their views carry the table's names, the
    phase's deadline and the values the game is played with."""
    return Due(Named(Played(rulesets.get(ctx.scenario.ruleset).record(ctx, rules, commitment))))


def views(path: Location) -> dict[str, PlayerView]:
    """Every player's view of a session, by player id, in the scenario's order."""
    knowledge = record(path)
    return {player.id: knowledge.view(player.id) for player in knowledge.ctx.scenario.players}


def player_view(path: Location, player: str) -> PlayerView:
    """One player's view of a session; an unknown player is a RefereeError naming the known ones."""
    return record(path).view(player)
