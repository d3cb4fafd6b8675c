"""What each Battle of Seattle player knows, fed the game's events one by one (RULINGS.md, "Battle of Seattle:
what the players know").

The rules hide nothing (2.2, 2.3): each player sees the whole map (every unit's area, the Barricades), both
Exposure Indices, the random event rolled, the escalation stage, and the Authority's Reserve Pool and Turn Record
track. Option `fog` makes the game double-blind: a side sees the areas where it has units and those next to them
along a Transit Line; of the rest it keeps what it saw last, dated, and the Pool and the track are the Authority's
alone (the Protester's view has them not seen). A player knows his own units in full wherever they are (on the map,
the off-map piles, the Reserve Pool, the Turn Record track); his side's other players' units as they stand on the
map, and in the Pool and on the track unless under fog. Of the other side, `view` reads only units standing on
the map in sight and, unless under fog, in the Pool and on the track; never the Protester's off-map piles or
hidden attributes.
"""

from __future__ import annotations

from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.core.units import ACTIVE, Unit
from referee.knowledge import fog
from referee.knowledge.feed import Journal
from referee.knowledge.told import Filed, told
from referee.knowledge.view import Arrival, MarkerSeen, OwnUnit, Pile, PlayerView, Report, Sighting, UnitFact
from referee.rules import handing
from referee.rulesets.bos import feed
from referee.rulesets.bos.rules import forces
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, SIDES, TYPES, other
from referee.scenario.catalog import Player
from referee.text import numbered

FOG = "fog"
_PLACES = {ACTIVE: 0, forces.OFF_MAP: 1, forces.RESERVE: 2, forces.SCHEDULED: 3, forces.REMOVED: 4}
PUBLIC = {forces.RESERVE: "Reserve Pool", forces.SCHEDULED: "Turn Record track"}
"""The Authority's places off the map in both players' sight (4.2, 4.22), unless under fog."""


_PUBLIC = {  # what every player is told of an event, in a line
    "turn-begun": lambda d: f"game-turn {d['turn']} begins",
    "event-rolled": lambda d: f"random event {d['roll']}: {d['title'] or 'no event'}",
    "escalated": lambda d: f"the Authority goes to Stage {d['stage']} escalation",
    "game-ended": lambda d: f"game over: {d['level']}",
    "game-extended": lambda d: "the game goes on to the end of the Afternoon, 3 December game-turn",
}


class Eyes(fog.Eyes):
    """What one side has seen of the other on the map: its units (`fog.Eyes`) and the Barricades (the Authority's
    eyes) with the turn each was last seen."""

    def __init__(self, side: str):
        super().__init__(side, other(side))
        self.barricades: dict[str, int] = {}

    def look(self, state, sight: set[str]) -> None:
        """Refresh everything in `sight`; keep the rest as last seen."""
        super().look(state, sight)
        for node in [node for node in self.barricades if node in sight]:
            del self.barricades[node]
        for node in sight:
            if self.side == AUTHORITY and BARRICADE in state.markers.get(node, ()):
                self.barricades[node] = state.turn


class BosKnowledge:
    """Every player's knowledge of one game: `feed(event)` in log order, then `view(player)`. Without `journal` no
    feed is written (the computer players read none)."""

    def __init__(self, ctx: Context, rules: Ruleset, commitment: str, journal: bool = True):
        self.ctx, self.rules, self.commitment, self.journaled = ctx, rules, commitment, journal
        self.state = rules.initial(ctx).thawed()
        self.fog = ctx.options.get(FOG, "off") == "on"
        self.eyes = {side: Eyes(side) for side in SIDES}
        self.announced: list[tuple[int, str]] = []  # (turn, line): what everyone is told
        self.reports: list[Filed] = []
        self.journal = Journal(ctx.scenario.clock.label)  # each player's feed
        self._look()

    def sight(self, side: str) -> set[str]:
        """The areas a side sees: every area, or under fog those it holds and the next ones along a Transit Line."""
        return fog.sight(self.ctx, self.state, side, self.fog)

    def _look(self) -> None:
        for side, eyes in self.eyes.items():
            eyes.look(self.state, self.sight(side))

    def feed(self, event: Event) -> None:
        """Fold one event, note what everyone is told and what it shows each player, then let each side look."""
        if self.journaled:
            feed.write(self.journal, self.ctx.scenario.players, self.state, event)
        self.rules.evolve(self.ctx, self.state, event)
        d, public = event.data, _PUBLIC.get(event.kind)
        if public is not None:
            self.announced.append((self.state.turn, f"{self.ctx.scenario.clock.label(self.state.turn)}: {public(d)}"))
        elif event.kind == "report-filed":
            self.reports.append(Filed(d["player"], d["text"], d["reliability"], d["due_turn"]))
        if self.journaled:
            self.journal.follow(self.announced, self.reports, self.state.turn)
        self._look()

    def _side(self, player: Player) -> list[Unit]:
        """The player's units wherever they are, and his side's other players' units on the map: on the map in map
        order, then by where they wait; by counter number within an area."""
        nodes, units = self.ctx.scenario.board.nodes, handing.units_of(self.ctx.scenario.players, self.state, player)

        def shown(unit: Unit) -> bool:
            return unit.side == player.side and (units is None or unit.id in units or unit.status == ACTIVE
                                                 or not self.fog and unit.status in PUBLIC)

        def place(unit: Unit) -> tuple:
            node = nodes[unit.node] if unit.node else None
            return (_PLACES[unit.status], node.y if node else 0, node.x if node else 0, numbered(unit.id))

        return sorted(filter(shown, self.state.units.values()), key=place)

    def _own(self, player: Player) -> tuple[OwnUnit, ...]:
        """The player's units in full, each commanded by another player of his side so marked."""
        commanders = handing.commanders(self.ctx.scenario.players, self.state, player.side)
        return tuple(OwnUnit(u.id, u.name, u.type, u.node, None, u.status, u.factors["strength"], u.factors["movement"],
                             self._notes(u, player, commanders.get(u.id))) for u in self._side(player))

    def _notes(self, unit: Unit, player: Player, commander: str | None) -> tuple[str, ...]:
        """The Morale Factor, and where an off-map unit waits (its pile, back next Morning, to place this phase)."""
        notes = [f"Morale Factor {TYPES[unit.type].morale}"]
        if unit.status == forces.OFF_MAP:
            notes.append({forces.GROUPS: "in the Group pile", forces.CROWDS: "in the Crowd pile",
                          forces.AUTHORITY_ASIDE: "set aside"}[forces.pile(forces.Counter(unit.id, unit.type))])
            if unit.attrs.get("nightfall"):
                notes.append("back in the Morning")
            if unit.attrs.get("due"):
                notes.append("to place this phase")
        if commander is not None and commander != player.id:
            notes.append(f"commanded by {commander}")
        return tuple(notes)

    def _arrivals(self, player: Player) -> tuple[Arrival, ...]:
        """The emergency reinforcements on the Turn Record track, by the turn they reach the Reserve Pool (4.22)."""
        clock = self.ctx.scenario.clock
        due: dict[int, list[str]] = {}
        for unit in self._side(player):
            if unit.status == forces.SCHEDULED:
                due.setdefault(unit.attrs["arrives"], []).append(unit.id)
        return tuple(Arrival(turn, clock.label(turn), forces.RESERVE, tuple(ids)) for turn, ids in sorted(due.items()))

    def _piles(self, side: str) -> tuple[Pile, ...]:
        """The Authority's Reserve Pool and Turn Record track (each space with units on it) as the Protester sees
        them: not seen under fog; the Protester has neither."""
        enemy, label = other(side), self.ctx.scenario.clock.label
        if enemy != AUTHORITY:
            return ()
        if self.fog:
            return tuple(Pile(place, name, enemy, None) for place, name in PUBLIC.items())
        units = sorted((u for u in self.state.units.values() if u.side == enemy and u.status in PUBLIC),
                       key=lambda u: numbered(u.id))
        due: dict[int, list[UnitFact]] = {}
        for unit in (u for u in units if u.status == forces.SCHEDULED):
            due.setdefault(unit.attrs["arrives"], []).append(UnitFact(unit.id, unit.name, unit.type))
        pool = tuple(UnitFact(u.id, u.name, u.type) for u in units if u.status == forces.RESERVE)
        track = tuple(Pile(forces.SCHEDULED, PUBLIC[forces.SCHEDULED], enemy, tuple(facts), turn, label(turn))
                      for turn, facts in sorted(due.items()))
        return (Pile(forces.RESERVE, PUBLIC[forces.RESERVE], enemy, pool),
                *(track or (Pile(forces.SCHEDULED, PUBLIC[forces.SCHEDULED], enemy, ()),)))

    def _sightings(self, side: str) -> tuple[Sighting, ...]:
        """The other side's units as last seen, grouped by area and turn; in map order, the present first."""
        return fog.sightings(self.ctx, self.state, self.eyes[side], self.sight(side))

    def _markers(self, side: str) -> tuple[MarkerSeen, ...]:
        """The Barricades: the Protester's own as they are, the Authority's as last seen."""
        nodes, state, label = self.ctx.scenario.board.nodes, self.state, self.ctx.scenario.clock.label
        if side == PROTESTER:
            known = {node: state.turn for node, marks in state.markers.items() if BARRICADE in marks}
        else:
            known = self.eyes[AUTHORITY].barricades
        sight = self.sight(side)
        return tuple(MarkerSeen(node, BARRICADE, PROTESTER, turn, label(turn), side == PROTESTER or node in sight)
                     for node, turn in sorted(known.items(), key=lambda item: (nodes[item[0]].y, nodes[item[0]].x)))

    def view(self, player_id: str) -> PlayerView:
        """What one player knows now; an unknown player is a RefereeError naming the known ones."""
        scenario, state = self.ctx.scenario, self.state
        player = scenario.player(player_id)
        label = scenario.clock.label
        event = state.local["event"]
        mine = [r for r in self.reports if r.player == player.id and r.due <= state.turn]
        return PlayerView(
            player=player.id, side=player.side, role=player.role, objectives=player.objectives,
            scenario=scenario.id, title=scenario.title, turn=state.turn, turns=scenario.clock.last(state.local),
            time=label(state.turn), phase=state.phase, score=state.scores[player.side], target=None,
            own=self._own(player), sightings=self._sightings(player.side),
            reports=tuple(Report(r.text, r.reliability, r.due, label(r.due)) for r in mine),
            arrivals=self._arrivals(player), announcements=tuple(line for _, line in self.announced),
            seed_commitment=self.commitment, markers=self._markers(player.side),
            told=told(self.announced, self.reports, player.id, state.turn, label),
            scores=tuple((side, state.scores[side]) for side in (PROTESTER, AUTHORITY)),
            facts=(("stage", str(state.local["stage"])),
                   ("event", "none" if state.local["roll"] is None else event or "nothing")),
            unseen=fog.unseen(self.ctx, self.sight(player.side)), piles=self._piles(player.side),
            feed=self.journal.of(player.id, state.turn),
        )
