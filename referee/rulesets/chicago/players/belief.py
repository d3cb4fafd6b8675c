"""What a Chicago-Chicago computer player decides on when he sees only what his side knows (`referee simulate
--players-see own`, the default under option `fog`).

`Sight` holds both sides' knowledge of one game (referee.rulesets.chicago.knowledge, the record that builds their
views), fed the events of each command as it is applied. `Seen` is one side's share of it, read as a game: the
context (the scenario and its options, known at the table) and a state rebuilt from that knowledge alone. His
side's counters are there as they are, on the board, in the counter box and out of the game, with its doings this
step and turn (movement spent, groups infiltrating); the other side's counters only where his side sees them now
(every box, or under fog the boxes it stands in and the next ones), with what their faces show: type, level,
conflict strength and movement, and whether a platoon stands in the minimum box; in each box in the order the view
lists them (by kind and number). Nothing of the other side's counter box, of its infiltration or of the movement
it spent. The turn, the step, both Exposure Indices, the units that attacked or were attacked this turn among those
he knows, the CONDITIONAL boxes released and the minimum platoons lost are public (RULINGS.md, "Chicago-Chicago: the
computer players' knowledge").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.eyes import Kept, map_order
from referee.rulesets.chicago.feed import MINIMUM
from referee.rulesets.chicago.knowledge import ChicagoKnowledge
from referee.rulesets.chicago.rules.units import SIDES, other
from referee.text import numbered

if TYPE_CHECKING:
    from referee.game import Game

FACE = ("level", "count", "strength")  # what a counter's face shows besides its type, numbers and name


class Sight(Kept):
    """Both sides' knowledge of a game, fed its events in order; `seen[side]` is what that side's player decides on."""

    def __init__(self, game: Game, events: Iterable[Event] = ()):
        super().__init__(ChicagoKnowledge(game.ctx, game.rules, ""), SIDES, Seen, events)


class Seen:
    """One side's knowledge of the game, as a game its player reads: `ctx`, and `state` rebuilt from what it knows."""

    def __init__(self, sight: Sight, side: str):
        self.sight, self.side, self.other, self.ctx = sight, side, other(side), sight.knowledge.ctx
        units = sight.knowledge.state.units
        self.order = tuple(uid for uid in units if units[uid].side == side)  # his counters, as the game lists them
        self.mine, self.rank = frozenset(self.order), map_order(self.ctx.scenario.board)
        #: each box of the other side's seen last time: the counters as they are there, and as believed
        self._boxes: dict[str, tuple[tuple[Unit, ...], tuple[Unit, ...]]] = {}
        self._stacks: dict[str, tuple[str, ...]] = {}
        self._moment = -1
        self._state: GameState | None = None

    def forget(self) -> None:
        """Read everything afresh at the next look (what is kept between looks only spares the work)."""
        self._boxes, self._stacks, self._state, self._moment = {}, {}, None, -1

    @property
    def state(self) -> GameState:
        """The game as this side knows it now (a new value after each event; never changed once handed out)."""
        sight = self.sight
        if self._state is not None and self._moment == sight.moment:
            return self._state
        knowledge, side, mine = sight.knowledge, self.side, self.mine
        truth = knowledge.state
        units = {uid: truth.units[uid] for uid in self.order}
        theirs = self._theirs(knowledge)
        for believed in theirs.values():
            units.update((unit.id, unit) for unit in believed)
        stacks = {node: tuple(unit.id for unit in believed) for node, believed in theirs.items()}
        if stacks != self._stacks:
            self._stacks = stacks  # the same value while the picture stays: the players keep their ways meanwhile
        local = truth.local
        believed_local = {
            **local,
            "infiltrating": [uid for uid in local["infiltrating"] if uid in mine],
            "spent": {uid: spent for uid, spent in local["spent"].items() if uid in mine},
            "attackers": [uid for uid in local["attackers"] if uid in units],
            "attacked": [uid for uid in local["attacked"] if uid in units],
        }
        self._state = GameState(truth.turn, truth.phase, units, {side: truth.stacks[side], self.other: self._stacks},
                                {}, dict(truth.scores), believed_local, truth.over, truth.winner)
        self._moment = sight.moment
        return self._state

    def _theirs(self, knowledge: ChicagoKnowledge) -> dict[str, tuple[Unit, ...]]:
        """The other side's counters this side sees now, by box in map order, each box's by kind and number: what
        its eyes hold of the boxes in sight, read again only in a box whose counters changed since the last look."""
        truth, side = knowledge.state, self.other
        eyes, sight = knowledge.eyes[self.side], knowledge.sight(self.side)
        found: dict[str, list[str]] = {}
        for uid, (node, _, _) in eyes.units.items():
            if node in sight:
                found.setdefault(node, []).append(uid)
        boxes: dict[str, tuple[tuple[Unit, ...], tuple[Unit, ...]]] = {}
        for node in sorted(found, key=self.rank.__getitem__):
            faces = tuple(truth.units[uid] for uid in sorted(found[node], key=numbered))
            kept = self._boxes.get(node)
            if kept is not None and len(kept[0]) == len(faces) and all(map(_same, kept[0], faces)):
                boxes[node] = kept
                continue
            notes = {uid: eyes.units[uid][2] for uid in found[node]}
            boxes[node] = (faces, tuple(
                Unit(unit.id, unit.name, side, unit.type, dict(unit.factors), node, ACTIVE,
                     {**{key: unit.attrs[key] for key in FACE if key in unit.attrs}, "minimum": MINIMUM in notes[unit.id]})
                for unit in faces))
        self._boxes = boxes
        return {node: believed for node, (_, believed) in boxes.items()}


def _same(one: Unit, another: Unit) -> bool:
    return one is another
