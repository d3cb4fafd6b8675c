"""Every player's knowledge of a game, accumulated event by event from the opening state."""

from __future__ import annotations

from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.knowledge.feed import Journal
from referee.knowledge.moods import mood_shown
from referee.knowledge.own import arrivals, own_units
from referee.knowledge.told import Filed, told
from referee.knowledge.view import PlayerView, Report
from referee.rulesets.n30.knowledge import feed
from referee.rulesets.n30.knowledge.markers import markers
from referee.rulesets.n30.knowledge.sightings import sightings
from referee.rulesets.n30.knowledge.watch import Watch
from referee.rulesets.n30.rules.mood import OFF, reading
from referee.rulesets.n30.rules.phases import GAME_OVER


class Record:
    """Feeds on a game's events (the effective log, in order) and gives any player's view at that point.

    Each event is folded into a private state, then observed: what each side sees of the other, its
    units and its barricades and Flo (a `Watch` per side unless `hidden` is `none`), public
    announcements and filed reports. Without `journal` no feed is written (the computer players read none).
    """

    def __init__(self, ctx: Context, rules: Ruleset, commitment: str, journal: bool = True):
        self.ctx, self.rules = ctx, rules
        self.state = rules.initial(ctx).thawed()
        self.commitment = commitment
        self.moment = 0
        self.announced: list[tuple[int, str]] = []  # (turn, line) of each public announcement
        self.reports: list[Filed] = []
        self.journal = Journal(ctx.scenario.clock.label)  # each player's feed
        self.journaled = journal
        hidden = ctx.options.get("hidden", "none")
        sides = tuple(self.state.stacks)
        self.watches = {} if hidden == "none" else {
            side: Watch(side, next(s for s in sides if s != side), hidden, ctx) for side in sides
        }
        for watch in self.watches.values():
            for node in self.state.stacks[watch.other]:
                watch.refresh(self.state, node, 0, ())

    def feed(self, event: Event) -> None:
        """Fold one event and observe what it shows."""
        self.moment += 1
        before = dict(self.state.stacks)
        if self.journaled:
            feed.write(self.journal, self.ctx.scenario.players, self.state, event)
        self.rules.evolve(self.ctx, self.state, event)
        seen = _SEEN.get(event.kind)
        if seen is not None:
            seen(self, event.data, before)
        if self.journaled:
            self.journal.follow(self.announced, self.reports, self.state.turn)

    def _look(self, watch: Watch, node: str | None, before: dict, keep: bool = True, contact: tuple = ()) -> None:
        if node is not None:
            watch.refresh(self.state, node, self.moment, before[watch.other].get(node, ()), keep, contact)

    def _all_there(self, watch: Watch, node: str) -> tuple[str, ...]:
        return self.state.stacks[watch.other].get(node, ())

    def _moved(self, data: dict, before: dict) -> None:
        side, to = self.state.units[data["unit"]].side, data["to"]
        for watch in self.watches.values():
            contact = self._all_there(watch, to) if data["contact"] else ()
            if watch.other == side:
                self._look(watch, to, before, contact=contact)
                if data["path"]:
                    self._look(watch, data["from"], before, keep=False)
            elif contact:
                self._look(watch, to, before, contact=contact)

    def _retreated(self, data: dict, before: dict) -> None:
        side = self.state.units[data["unit"]].side
        for watch in self.watches.values():
            if watch.other == side:
                self._look(watch, data["to"], before, contact=(data["unit"],))
                self._look(watch, data["from"], before)

    def _destroyed(self, data: dict, before: dict) -> None:
        side = self.state.units[data["unit"]].side
        for watch in self.watches.values():
            if watch.other == side:
                watch.destroyed(data["unit"])
                self._look(watch, data["node"], before)

    def _topped(self, data: dict, before: dict) -> None:
        unit = self.state.units[data["unit"]]
        for watch in self.watches.values():
            if watch.other == unit.side:
                self._look(watch, unit.node, before)

    def _contact(self, data: dict, before: dict) -> None:
        for watch in self.watches.values():
            self._look(watch, data["node"], before, contact=self._all_there(watch, data["node"]))

    def _built(self, data: dict, before: dict) -> None:
        for watch in self.watches.values():
            if self.state.stacks[watch.side].get(data["node"]):  # built under the eyes of the side's units there
                self._look(watch, data["node"], before)

    def _marker_removed(self, data: dict, before: dict) -> None:
        for watch in self.watches.values():
            watch.marker_removed(data["node"], data["marker"])

    def _announce(self, line: str) -> None:
        self.announced.append((self.state.turn, f"{self.ctx.scenario.clock.reading(self.state.turn)}: {line}"))

    def _scored(self, data: dict, before: dict) -> None:
        target = self.ctx.scenario.board.targets.get(data["target"]) if "target" in data else None
        why = target.name if target else "gas" if data["source"] == "4.5" else None
        source = f"{data['source']}: {why}" if why else data["source"]
        self._announce(f"{data['points']:+d} success ({source}), now {self.state.scores[data['side']]}")

    def _filed(self, data: dict, before: dict) -> None:
        self.reports.append(Filed(data["player"], data["text"], data["reliability"], data["due_turn"]))

    def view(self, player_id: str) -> PlayerView:
        """What a player knows now (an unknown player is an error naming the known ones)."""
        scenario, state = self.ctx.scenario, self.state
        player = scenario.player(player_id)
        watch = self.watches.get(player.side)
        other = next(side for side in state.stacks if side != player.side)
        label = scenario.clock.reading
        return PlayerView(
            player=player.id, side=player.side, role=player.role, objectives=player.objectives,
            scenario=scenario.id, title=scenario.title, turn=state.turn, turns=scenario.clock.turns,
            time=label(state.turn), phase=state.phase, score=next(iter(state.scores.values())),
            target=scenario.target, own=own_units(self.ctx, state, player),
            sightings=sightings(self.ctx, state, other, watch),
            reports=tuple(Report(r.text, r.reliability, r.due, label(r.due)) for r in self.reports
                          if r.player == player.id and state.turn >= r.due),
            arrivals=arrivals(self.ctx, state, player.side), announcements=tuple(text for _, text in self.announced),
            told=told(self.announced, self.reports, player.id, state.turn, label),
            seed_commitment=self.commitment, mood_shown=None if reading(self.ctx) == OFF else mood_shown(self.ctx),
            markers=markers(self.ctx, state, player.side, watch), feed=self.journal.of(player.id, state.turn),
        )


_SEEN = {
    "unit-moved": Record._moved,
    "unit-retreated": Record._retreated,
    "unit-destroyed": Record._destroyed,
    "unit-topped": Record._topped,
    "units-revealed": Record._contact,
    "marker-placed": Record._built,
    "marker-removed": Record._marker_removed,
    "confrontation": Record._contact,
    "turn-begun": lambda record, data, before: record._announce(f"turn {data['turn']} begins"),
    "success": Record._scored,
    "game-ended": lambda record, data, before: record._announce(
        f"{GAME_OVER}, success {data['score']} of {data['target']}: the {data['winner']} win"),
    "report-filed": Record._filed,
}
