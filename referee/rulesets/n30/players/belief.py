"""What a computer player decides on when he sees only what his side knows (`referee simulate --players-see own`).

`Sight` holds both sides' knowledge of one game (the record that builds their views, referee.rulesets.n30.knowledge),
fed the events of each command as it is applied. `Seen` is one side's share of it, read as a game: the context
(the scenario and its options, known at the table) and a state rebuilt from that knowledge alone. His own units
are there as they are (he knows them in full), with his side's doings this turn (intersections chosen, units
moved, rolled, entries made); the other side's units only as his present sightings show them: those he
identified, by id and type, and for each counter he did not identify a unit of the type `UNSEEN`, of no
strength, with an id that says nothing (`?` and the intersection). The barricades and Flo are the protesters'
as they are; the police's as last seen, and a barricade allowed for at every other intersection the protesters
hold (RULINGS.md, "N30: the computer players' knowledge").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.eyes import map_order
from referee.rulesets.n30.knowledge.markers import BUILDERS
from referee.rulesets.n30.knowledge.record import Record
from referee.rulesets.n30.knowledge.sightings import shown, stacks_seen
from referee.rulesets.n30.players.base import UNSEEN
from referee.rulesets.n30.rules.limits import opponent

if TYPE_CHECKING:
    from referee.game import Game

ALLOWED_FOR = "barricade"  # what the police allow for where they cannot see the markers as they are
NO_FACTORS = {"strength": 0, "movement": 0}
#: events that show neither side anything new of the other: rolls, choices, the clock, the score, the umpire's
#: notes, and what the rules track on a side's own units (lock state, factions, moods)
QUIET = frozenset({"movement-rolled", "intersection-chosen", "phase-ended", "turn-begun", "success",
                   "report-filed", "police-barricade", "units-relocked", "factions-assigned", "crowd-mood",
                   "reinforcements-arrived", "deadline-set", "renamed", "handed"})


class Sight:
    """Both sides' knowledge of a game, fed its events in order; `seen[side]` is what that side's player decides on."""

    def __init__(self, game: Game, events: Iterable[Event] = ()):
        self.record = Record(game.ctx, game.rules, "", journal=False)
        self.seen = {side: Seen(self, side) for side in self.record.state.stacks}
        self.feed(events)

    def feed(self, events: Iterable[Event]) -> None:
        """Let each side observe what these events show it, and note where they may change its picture of the other
        side (the intersections an event names, and where the unit it names stood)."""
        record, seen = self.record, self.seen
        for event in events:
            kind = event.kind
            if kind not in QUIET:
                data = event.data
                unit = record.state.units.get(data.get("unit", ""))
                named = (data.get("from"), data.get("to"), data.get("node"), None if unit is None else unit.node)
                nodes = {node for node in named if node is not None}
                if kind == "unit-moved" and not data["contact"] and unit is not None:
                    seen[opponent(unit.side)].touch(nodes)  # only the other side sees a change
                elif kind == "marker-placed":
                    seen[opponent(BUILDERS)].touch(nodes)
                else:
                    for one in seen.values():
                        one.touch(nodes if nodes else None)
            record.feed(event)


class Seen:
    """One side's knowledge of the game, as a game its player reads: `ctx`, and `state` rebuilt from what it knows."""

    def __init__(self, sight: Sight, side: str):
        self.sight, self.side, self.other = sight, side, opponent(side)
        record = sight.record
        self.ctx = record.ctx
        self.order = tuple(uid for uid, unit in record.state.units.items() if unit.side == side)  # as the game lists them
        self.mine = frozenset(self.order)
        #: each type of the other side's units: its factors, as the counters print them
        self.printed = {unit.type: unit.factors for unit in record.state.units.values() if unit.side == self.other}
        self.rank = map_order(record.ctx.scenario.board)
        self.touched: set[str] | None = None  # the intersections to read again (None: all)
        self._units: dict[str, Unit] = {}  # the other side's units as believed, and their stacks in map order
        self._stacks: dict[str, tuple[str, ...]] = {}
        self._markers: dict[str, tuple[str, ...]] | None = None
        self._moment = -1
        self._state: GameState | None = None

    def touch(self, nodes: set[str] | None) -> None:
        """What this side sees at these intersections (None: anywhere) may have changed."""
        self._state = None
        if nodes is None or self.touched is None:
            self.touched = None
        else:
            self.touched |= nodes

    @property
    def state(self) -> GameState:
        """The game as this side knows it now (a new value after each event; never changed once handed out)."""
        record = self.sight.record
        if self._state is not None and self._moment == record.moment:
            return self._state
        if self.touched is None or self.touched:
            self._believe(self.touched)
            self.touched = set()
        truth, side, mine, order = record.state, self.side, self.mine, self.order
        units = dict(zip(order, map(truth.units.__getitem__, order), strict=True))
        units.update(self._units)
        local = truth.local
        own = f"|{side}"
        believed_local = {
            **local,
            "chosen": {side: local["chosen"][side]} if side in local["chosen"] else {},
            "moved": [uid for uid in local["moved"] if uid in mine],
            "rolled": {uid: rate for uid, rate in local["rolled"].items() if uid in mine},
            "entries": {key: count for key, count in local["entries"].items() if key.endswith(own)},
        }
        markers = self._markers
        self._state = GameState(
            truth.turn, truth.phase, units, {side: truth.stacks[side], self.other: self._stacks},
            dict(truth.markers) if markers is None else markers, dict(truth.scores), believed_local,
            truth.over, truth.winner)
        self._moment = record.moment
        return self._state

    def _believe(self, touched: set[str] | None) -> None:
        """Read the other side's stacks at the intersections touched (None: everywhere) as this side's present
        sightings show them, and the markers as it knows them (None: as they are)."""
        record, other, printed = self.sight.record, self.other, self.printed
        truth = record.state
        watch = record.watches.get(self.side)
        units, stacks = ({}, {}) if touched is None else (dict(self._units), dict(self._stacks))
        for node in () if touched is None else touched:
            for uid in stacks.get(node, ()):
                del units[uid]
        fresh: dict[str, tuple[str, ...]] = {}
        for node, stack, known in stacks_seen(truth, other, watch, None if touched is None else
                                              sorted(touched, key=self.rank.__getitem__)):
            glimpse = shown(truth, stack, known, watch)
            identified = list(known) if watch is None else sorted(known)
            if glimpse.top is not None and glimpse.top in known:
                identified.remove(glimpse.top)
                identified.insert(0, glimpse.top)
            for uid in identified:
                unit = truth.units[uid]
                units[uid] = Unit(uid, unit.name, other, unit.type, printed.get(unit.type, NO_FACTORS), node)
            unseen = [f"?{node}/{index}" for index in range(1, glimpse.count - len(identified) + 1)]
            for uid in unseen:
                units[uid] = Unit(uid, UNSEEN, other, UNSEEN, NO_FACTORS, node, ACTIVE)
            fresh[node] = (*identified, *unseen)
        for node in () if touched is None else touched - fresh.keys():
            stacks.pop(node, None)
        added = not fresh.keys() <= stacks.keys()
        stacks.update(fresh)  # a stack still there keeps its place in map order
        if added:
            stacks = {node: stacks[node] for node in sorted(stacks, key=self.rank.__getitem__)}
        self._units = units
        if stacks != self._stacks:  # the same stacks stay the same value (the players' route memos hold)
            self._stacks = stacks
        stacks = self._stacks
        if self.side == BUILDERS or watch is None:
            self._markers = None
            return
        seen = {node: marks for node, (marks, _) in watch.markers.items()}  # as last seen
        for node in stacks:
            seen.setdefault(node, (ALLOWED_FOR,))
        self._markers = seen
