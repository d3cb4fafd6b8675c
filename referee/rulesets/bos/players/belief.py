"""What a Battle of Seattle computer player decides on when he sees only what his side knows (`referee simulate
--players-see own`, option `fog`).

`Sight` holds both sides' knowledge of one game (referee.rulesets.bos.knowledge, the record that builds their
views), fed the events of each command as it is applied. `Seen` is one side's share of it, read as a game: the
context (the scenario and its options, known at the table) and a state rebuilt from that knowledge alone, once
for each moment it is read at. His own units are there as they are, wherever they are (2.1, 4.2, 4.22); the other
side's only as his view shows them now: those standing in his sight, by counter and type, with the factors their
type prints (2.1) and nothing else of them, and without fog the Authority's Reserve Pool and Turn Record track
(4.22). The Barricades are the Protester's as they are, the Authority's as last seen (7.2). Both Exposure Indices,
the turn, the phase, the random event and the escalation stage are public (2.3, 3.2, 7.3); of the other side's
doings in the phase, nothing (RULINGS.md, "Battle of Seattle: the computer players' knowledge").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.eyes import Kept
from referee.rulesets.bos.knowledge import PUBLIC, BosKnowledge
from referee.rulesets.bos.rules import forces
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, SIDES, other
from referee.text import numbered

if TYPE_CHECKING:
    from referee.game import Game


class Sight(Kept):
    """Both sides' knowledge of a game, fed its events in order; `seen[side]` is what that side's player decides on."""

    def __init__(self, game: Game, events: Iterable[Event] = ()):
        super().__init__(BosKnowledge(game.ctx, game.rules, "", journal=False), SIDES, Seen, events)


class Seen:
    """One side's knowledge of the game, as a game its player reads: `ctx`, and `state` rebuilt from what it knows."""

    def __init__(self, sight: Sight, side: str):
        self.sight, self.side, self.other = sight, side, other(side)
        knowledge = sight.knowledge
        self.ctx = knowledge.ctx
        #: each of the other side's counters: its factors, as the counter prints them (2.1)
        self.printed = {uid: unit.factors for uid, unit in knowledge.state.units.items() if unit.side == self.other}
        self.numbers = {uid: rank for rank, uid in enumerate(sorted(self.printed, key=numbered))}
        nodes = self.ctx.scenario.board.nodes
        self.rank = {node: (nodes[node].y, nodes[node].x, node) for node in nodes}  # map order, as the view lists
        self._moment = -1
        self._state: GameState | None = None

    @property
    def state(self) -> GameState:
        """The game as this side knows it now (a new value after each event; never changed once handed out)."""
        sight = self.sight
        if self._state is None or self._moment != sight.moment:
            self._state, self._moment = self._believed(), sight.moment
        return self._state

    def _believed(self) -> GameState:
        knowledge = self.sight.knowledge
        truth, side, enemy = knowledge.state, self.side, self.other
        theirs = self._theirs()
        units = {uid: unit if unit.side == side else theirs[uid] for uid, unit in truth.units.items()
                 if unit.side == side or uid in theirs}  # in the counter mix's order
        stacks: dict[str, list[str]] = {}
        for unit in sorted((u for u in theirs.values() if u.status == ACTIVE), key=self._place):
            stacks.setdefault(unit.site, []).append(unit.id)
        if side == PROTESTER:
            markers = dict(truth.markers)
        else:
            markers = {node: (BARRICADE,) for node in sorted(knowledge.eyes[AUTHORITY].barricades, key=self.rank.__getitem__)}
        local = truth.local
        loss = local["loss"]
        believed_local = {
            **local,
            "moved": [uid for uid in local["moved"] if uid in units and units[uid].side == side],
            "fought": [uid for uid in local["fought"] if uid in units],
            "reacted": local["reacted"] if REACTOR.get(truth.phase) == side else 0,
            "allowance": local["allowance"] if side == PROTESTER else None,
            "loss": loss if loss is not None and loss[0] == side else None,
        }
        return GameState(truth.turn, truth.phase, units,
                         {side: truth.stacks[side], enemy: {node: tuple(ids) for node, ids in stacks.items()}},
                         markers, dict(truth.scores), believed_local, truth.over, truth.winner)

    def _theirs(self) -> dict[str, Unit]:
        """The other side's units as this side's view shows them now: on the map in its sight (the present
        sightings; a last sighting adds no unit), and without fog the Authority's in the Reserve Pool and on the
        Turn Record track; each with its counter's type and printed factors alone."""
        knowledge, enemy = self.sight.knowledge, self.other
        truth, sight = knowledge.state, knowledge.sight(self.side)
        found = {}
        for uid, (node, _, _) in knowledge.eyes[self.side].units.items():
            if node in sight:
                unit = truth.units[uid]
                found[uid] = Unit(uid, unit.name, enemy, unit.type, self.printed[uid], node, ACTIVE, {})
        if enemy == AUTHORITY and not knowledge.fog:
            for uid, unit in truth.units.items():
                if unit.side == enemy and unit.status in PUBLIC:
                    due = {"arrives": unit.attrs["arrives"]} if unit.status == forces.SCHEDULED else {}
                    found[uid] = Unit(uid, unit.name, enemy, unit.type, self.printed[uid], None, unit.status, due)
        return found

    def _place(self, unit: Unit) -> tuple:
        """Map order, then counter order within an area (as the view lists a sighting's units)."""
        return (self.rank[unit.site], self.numbers[unit.id])
