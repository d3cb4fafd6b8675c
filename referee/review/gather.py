"""A finished (or paused) session read back for review: the log replayed, with what happened when.

Everything the report shows comes from here, and everything here comes from the session's log: the
effective events replayed from the opening state, the undone ones kept aside, every die with the
command that drew it, and each player's knowledge at the moments the review looks at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee import rulesets
from referee.core.engine import Context
from referee.core.events import ITEMS, Event, item_text, without_items
from referee.core.state import GameState
from referee.errors import RefereeError, replaying
from referee.knowledge.build import new_record
from referee.knowledge.names import named
from referee.knowledge.view import PlayerView
from referee.rules.place_names import in_place_names
from referee.scenario.catalog import Scenario, from_sources
from referee.session import is_undone, stored_event
from referee.store.location import Location
from referee.store.reading import BriefingRecord, EventRecord, MessageRecord, SessionInfo, UmpireRecord, open_reader

RL_KINDS = ("rl-rolled", "negotiated", "crowds-merged", "crowd-mood")
"""Events after which a crowd's Response Level is read again."""


@dataclass(frozen=True, slots=True)
class Played:
    """One effective event with its place in the log, and the score before and after it."""

    seq: int
    command: int
    event: Event
    line: str  # without its itemization
    items: tuple[str, ...]  # each line of the chart that made a number the event changed
    score_before: int
    score_after: int


@dataclass(frozen=True, slots=True)
class Moment:
    """The end of a turn (or the turn still in play, at the log's end): the true state then, and what each player
    knew."""

    turn: int
    time: str
    state: GameState
    views: dict[str, PlayerView]
    in_play: bool = False


@dataclass
class Gathered:
    """A session as the review reads it."""

    path: Location
    info: SessionInfo
    ctx: Context
    initial: GameState
    final: GameState  # replayed in place to the log's end
    played: list[Played] = field(default_factory=list)
    undone: list[tuple[EventRecord, str]] = field(default_factory=list)  # with its narrated line
    commands: dict[int, tuple[dict, int]] = field(default_factory=dict)  # id: (body, dice drawn after it)
    issuers: dict[int, str] = field(default_factory=dict)  # command id: the umpire who issued it, where recorded
    umpire_changes: list[UmpireRecord] = field(default_factory=list)  # the umpires named and their roles, in order
    log: list[EventRecord] = field(default_factory=list)
    briefings: list[BriefingRecord] = field(default_factory=list)
    messages: list[MessageRecord] = field(default_factory=list)  # between the players and the umpire, in order
    scores: dict[int, int] = field(default_factory=dict)  # turn: score at its end
    indices: dict[int, dict[str, int]] = field(default_factory=dict)  # turn: every side's score at its end
    ends: dict[int, tuple[GameState, int]] = field(default_factory=dict)  # turn: (state, score) at its end
    moments: dict[int, Moment] = field(default_factory=dict)
    rl: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # crowd: (turn, RL) after each change
    chain: tuple[str, str | None] = ("", None)  # the log's last hash, and where it (or the messages') departs from its chain

    @property
    def scenario(self) -> Scenario:
        return self.ctx.scenario

    def in_play(self, turn: int) -> bool:
        """Whether `turn` has not ended yet: the log's last turn, of a game not over."""
        return turn == self.final.turn and not self.final.over


def _crowd_levels(state: GameState) -> dict[str, int]:
    return {uid: unit.attrs["rl"] for uid, unit in state.units.items() if "rl" in unit.attrs}


def gather(path: Location, at: list[int] | None = None) -> Gathered:
    """Read and replay a session; `at` names the turns whose knowledge is compared with the truth
    (by default the turns a briefing was handed out in, else the last turn played)."""
    reader = open_reader(path)
    try:
        info, effective, stored = reader.info, set(reader.effective()), reader.commands()
        log = [r for r in reader.log() if r.command_id <= stored[-1].id]  # not a row outside the chain (it says so)
        commands = {c.id: (c.body, c.dice_drawn) for c in stored}
        issuers = {c.id: c.umpire for c in stored if c.umpire is not None}
        umpire_changes = reader.umpire_changes()
        briefings, messages = reader.briefings(), reader.messages()
        chain = (reader.tip()[1], reader.chain_problem() or reader.messages_problem())
    finally:
        reader.close()
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    rules, score = rulesets.rules(scenario.ruleset), rulesets.get(scenario.ruleset).score
    initial = rules.initial(ctx)
    state, record = initial.thawed(), new_record(ctx, rules, info.commitment)  # folded in place; copies kept where read
    g = Gathered(path, info, ctx, initial, state, commands=commands, issuers=issuers, umpire_changes=umpire_changes,
                 log=log, briefings=briefings, messages=messages, chain=chain)
    kept = [r for r in log if r.command_id in effective]
    last_turn = kept[-1].turn if kept else 1
    wanted = set(at if at is not None else ({b.turn for b in briefings} or {last_turn}))
    g.rl = {uid: [(1, level)] for uid, level in _crowd_levels(state).items()}
    for r in log:
        if is_undone(r, effective):
            with replaying(r.seq):
                g.undone.append((r, rules.narrate(stored_event(r), ctx)))
    for r in kept:
        event = stored_event(r)
        if event.kind == "turn-begun":
            g.ends[state.turn] = (state.thawed(), score(state.scores))
            if state.turn in wanted:
                g.moments[state.turn] = _moment(ctx, state, record)
        before = score(state.scores)
        with replaying(r.seq):
            rules.evolve(ctx, state, event)
            record.feed(Event(event.kind, event.data, (), event.turn, event.phase))
            line = rules.narrate(without_items(event), ctx)
        items = tuple(in_place_names(item_text(entry), ctx) for entry in event.data.get(ITEMS, ()))
        g.played.append(Played(r.seq, r.command_id, event, line, items, before, score(state.scores)))
        g.scores[state.turn], g.indices[state.turn] = score(state.scores), dict(state.scores)
        if event.kind in RL_KINDS:
            for uid, level in _crowd_levels(state).items():
                if not g.rl.get(uid) or g.rl[uid][-1][1] != level:
                    g.rl.setdefault(uid, []).append((state.turn, level))
    beyond = sorted(turn for turn in at or () if turn > state.turn)
    if beyond:  # a turn not played has no knowledge to set beside the truth
        played = f"turns 1 to {state.turn}" if state.turn > 1 else "turn 1 only"
        raise RefereeError(f"--at {beyond[0]}: the session has played {played}")
    g.ends[state.turn] = (state.thawed(), score(state.scores))
    if state.turn in wanted:
        g.moments[state.turn] = _moment(ctx, state, record, g.in_play(state.turn))
    for moment in g.moments.values():  # the table's names are the table's, not the turn's: the last given, throughout
        moment.views.update({player: named(view, state.names) for player, view in moment.views.items()})
    return g


def _moment(ctx: Context, state: GameState, record, in_play: bool = False) -> Moment:
    """The moment, its views in the rules' names (`gather` gives them the table's last names)."""
    return Moment(state.turn, ctx.scenario.clock.label(state.turn), state.thawed(),
                  {player.id: record.knowledge.view(player.id) for player in ctx.scenario.players}, in_play)
