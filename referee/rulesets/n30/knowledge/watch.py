"""What one side has identified of the other under hidden movement (6.2): units per intersection, last sightings,
and the barricades and Flo (3.3) seen at each intersection."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.engine import Context
from referee.core.state import GameState
from referee.knowledge.moods import mood
from referee.knowledge.view import UnitFact

OBSERVED, CONTACT = "observed", "contact"


@dataclass(frozen=True, slots=True)
class Glimpse:
    """A stack as the watching side saw it: counters, total strength where told, the top unit where shown."""

    count: int
    strength: int | None
    top: str | None


@dataclass(frozen=True, slots=True)
class Past:
    """An opposing unit's last identification, kept once the watching side has lost sight of it."""

    node: str
    turn: int
    source: str
    fact: UnitFact
    glimpse: Glimpse  # the stack it was in, as seen then
    moment: int  # the event after which sight was lost: units lost together share a sighting


def fact(state: GameState, uid: str, ctx: Context) -> UnitFact:
    """A unit as its counter shows it, and its mood as the crowd shows it (option mood_shown)."""
    unit = state.units[uid]
    return UnitFact(unit.id, unit.name, unit.type, mood(ctx, unit))


class Watch:
    """The units of `other` that `side` has identified, per intersection, and where the rest were last seen.

    `weak`: the top unit of each stack and its total strength; `strong`: counters only, face-up ones
    identified. Contact (blocking or a confrontation) identifies every opposing unit in the
    intersection; that knowledge holds until a unit moves out of the intersection unseen. Each look at
    an intersection also shows its markers, as they are then.
    """

    def __init__(self, side: str, other: str, hidden: str, ctx: Context):
        self.side, self.other, self.hidden, self.ctx = side, other, hidden, ctx
        self.known: dict[str, dict[str, str]] = {}  # node -> {unit id: source}
        self.where: dict[str, str] = {}  # identified unit -> its node
        self.past: dict[str, Past] = {}
        self.lost: set[str] = set()  # opposing units seen destroyed
        self.markers: dict[str, tuple[tuple[str, ...], int]] = {}  # node -> (markers, turn seen)

    def visible(self, state: GameState, node: str) -> list[str]:
        """Opposing units at a node identified by sight alone."""
        stack = state.stacks[self.other].get(node, ())
        if self.hidden == "weak":
            return list(stack[:1])
        return [uid for uid in stack if not state.units[uid].attrs.get("face_down")]

    def glimpse(self, state: GameState, stack: tuple[str, ...], known: dict[str, str]) -> Glimpse:
        """What the side sees of a stack: strength where the rule shows it or every counter is identified."""
        total = sum(state.units[uid].factors["strength"] for uid in stack)
        if self.hidden == "weak":
            return Glimpse(len(stack), total, stack[0] if stack else None)
        return Glimpse(len(stack), total if stack and set(stack) <= set(known) else None, None)

    def refresh(self, state: GameState, node: str, moment: int, before: tuple[str, ...],
                keep: bool = True, contact: tuple[str, ...] = ()) -> None:
        """Look at a node again after an event; `before` is its opposing stack before the event.

        `keep=False` when a unit moved out unseen: only what is visible (and `contact`) stays identified.
        """
        stack = state.stacks[self.other].get(node, ())
        self._see_markers(node, state.markers.get(node, ()), state.turn)
        old = self.known.get(node, {})
        now = {uid: source for uid, source in old.items() if uid in stack} if keep else {}
        for uid in self.visible(state, node):
            now.setdefault(uid, OBSERVED)
        for uid in contact:
            now[uid] = CONTACT
        if now:
            self.known[node] = now
        else:
            self.known.pop(node, None)
        for uid in now:
            self.where[uid] = node
            self.past.pop(uid, None)
        dropped = [uid for uid in old if uid not in now and self.where.get(uid) == node]
        if not dropped:
            return
        seen = self.glimpse(state, before, old)
        for uid in dropped:
            del self.where[uid]
            if uid not in self.lost:
                self.past[uid] = Past(node, state.turn, old[uid], fact(state, uid, self.ctx), seen, moment)

    def _see_markers(self, node: str, markers: tuple[str, ...], turn: int) -> None:
        if markers:
            self.markers[node] = (markers, turn)
        else:
            self.markers.pop(node, None)

    def marker_removed(self, node: str, marker: str) -> None:
        """3.3: a marker goes when the last protester unit leaves, which the watching side sees."""
        if node in self.markers:
            markers, turn = self.markers[node]
            self._see_markers(node, tuple(m for m in markers if m != marker), turn)

    def destroyed(self, uid: str) -> None:
        """An opposing unit seen destroyed: no longer a unit to look for."""
        self.lost.add(uid)
        self.past.pop(uid, None)
