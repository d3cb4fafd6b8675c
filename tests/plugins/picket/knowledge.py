"""What each player of a picket line knows (RULES.md 5), fed the game's events one by one.

The map is open (5.1): everyone sees where every unit stands, so the knowledge folds each event into a
state of its own and reads places from it. A player knows his own side in full. Of the other side he
knows only what he observed: a picket's resolve reaches the police only through a push at its place
(5.2), remembered in `revealed`. `view` never reads another side's hidden attributes from the state.
"""

from __future__ import annotations

from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.core.units import ACTIVE, Unit
from referee.knowledge.told import Filed, told
from referee.knowledge.view import OwnUnit, PlayerView, Report, Sighting, UnitFact

from .rules import PICKETS, POLICE, SCORE


class PicketKnowledge:
    """Every player's knowledge of one game: `feed(event)` in log order, then `view(player)`."""

    def __init__(self, ctx: Context, rules: Ruleset, commitment: str):
        self.ctx, self.rules, self.commitment = ctx, rules, commitment
        self.state = rules.initial(ctx).thawed()  # the open map (5.1), folded event by event
        self.revealed: dict[str, int] = {}  # picket: its resolve, as the police saw it in a push (5.2)
        self.announced: list[tuple[int, str]] = []  # (turn, line): what everyone is told
        self.reports: list[Filed] = []

    def _announce(self, line: str) -> None:
        self.announced.append((self.state.turn, f"{self.ctx.scenario.clock.label(self.state.turn)}: {line}"))

    def feed(self, event: Event) -> None:
        """Fold one event, then note what it showed, and to whom."""
        self.rules.evolve(self.ctx, self.state, event)
        d = event.data
        if event.kind == "turn-begun":
            self._announce(f"turn {d['turn']} begins")
        elif event.kind == "pushed":  # the police at the push see each picket's resolve (5.2)
            for picket in d["units"]:
                self.revealed[picket["id"]] = picket["resolve"]
        elif event.kind == "scored":
            gates = ", ".join(self.ctx.scenario.board.targets[gate].name for gate in d["gates"])
            self._announce(f"the pickets hold {gates}: {d['points']:+d}, blockade {self.state.scores[SCORE]}")
        elif event.kind == "game-ended":
            self._announce(f"game over, blockade {d['score']} of {d['target']}: the {d['winner']} win")
        elif event.kind == "report-filed":
            self.reports.append(Filed(d["player"], d["text"], d["reliability"], d["due_turn"]))

    def _own(self, side: str) -> tuple[OwnUnit, ...]:
        """The player's own units, known in full: a picket's resolve among its notes."""
        units = sorted((u for u in self.state.units.values() if u.side == side), key=lambda u: (u.status != ACTIVE, u.id))
        return tuple(OwnUnit(u.id, u.name, u.type, u.node, None, u.status, u.factors["strength"], u.factors["movement"],
                             (f"resolve {u.attrs['resolve']}",) if "resolve" in u.attrs else ()) for u in units)

    def _seen(self, unit: Unit) -> UnitFact:
        """Another side's unit as the player saw it: its name and type (5.1), a resolve only once revealed (5.2)."""
        resolve = self.revealed.get(unit.id)
        return UnitFact(unit.id, unit.name, unit.type, notes=() if resolve is None else (f"resolve {resolve}",))

    def _sightings(self, side: str, other: str) -> tuple[Sighting, ...]:
        board, state, time = self.ctx.scenario.board, self.state, self.ctx.scenario.clock.label(self.state.turn)
        order = sorted(board.nodes, key=lambda n: (board.nodes[n].y, board.nodes[n].x))
        found = []
        for node in order:
            there = state.at(node, other)
            if there:
                source = "contact" if state.stacks[side].get(node) else "observed"
                found.append(Sighting(node, other, state.turn, time, source, len(there), None, None,
                                      tuple(self._seen(unit) for unit in there), True))
        return tuple(found)

    def view(self, player_id: str) -> PlayerView:
        """What one player knows now; an unknown player is a RefereeError naming the known ones."""
        scenario, state = self.ctx.scenario, self.state
        player = scenario.player(player_id)
        other = POLICE if player.side == PICKETS else PICKETS
        label = scenario.clock.label
        mine = [r for r in self.reports if r.player == player.id and r.due <= state.turn]
        return PlayerView(
            player=player.id, side=player.side, role=player.role, objectives=player.objectives,
            scenario=scenario.id, title=scenario.title, turn=state.turn, turns=scenario.clock.turns,
            time=label(state.turn), phase=state.phase, score=state.scores[SCORE], target=scenario.target,
            own=self._own(player.side), sightings=self._sightings(player.side, other),
            reports=tuple(Report(r.text, r.reliability, r.due, label(r.due)) for r in mine), arrivals=(),
            announcements=tuple(line for _, line in self.announced), seed_commitment=self.commitment,
            told=told(self.announced, self.reports, player.id, state.turn, label),
        )
