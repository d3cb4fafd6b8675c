"""Stepping through a session's log: the state after any event, forwards and backwards, quickly.

States are kept every `EVERY` events, so a step folds at most that many events; the moments where a
phase or a turn begins are found from the events themselves.
"""

from __future__ import annotations

from referee.core.engine import Context, Ruleset, replay
from referee.core.events import Event
from referee.core.state import GameState
from referee.knowledge.build import new_record
from referee.knowledge.view import PlayerView

EVERY = 64


class Replay:
    """The effective events of a session and the state after each: `state(k)` is the state after the
    first k events (0: the opening state). Steps by phase or turn land where the command that opened
    it ends; `commands` names each event's command (by default each event is its own)."""

    def __init__(self, ctx: Context, rules: Ruleset, events: list[Event], commitment: str,
                 commands: list[int] | None = None):
        self.ctx, self.rules, self.events, self.commitment = ctx, rules, events, commitment
        self.commands = commands or list(range(len(events)))  # the command each event belongs to
        state = rules.initial(ctx)
        self._kept = {0: state}
        for k in range(EVERY, len(events) + 1, EVERY):
            state = replay(rules, ctx, state, events[k - EVERY:k])
            self._kept[k] = state

    def __len__(self) -> int:
        return len(self.events)

    def state(self, k: int) -> GameState:
        """The state after the first `k` events."""
        k = max(0, min(k, len(self.events)))
        base = k - k % EVERY
        return replay(self.rules, self.ctx, self._kept[base], self.events[base:k]) if k > base else self._kept[base]

    def step(self, k: int, by: str, forward: bool) -> int:
        """The moment one `event`, `phase` or `turn` away from moment `k`."""
        if by == "event":
            return max(0, min(k + (1 if forward else -1), len(self.events)))
        kinds = ("phase-ended", "turn-begun") if by == "phase" else ("turn-begun",)
        marks = sorted({self.command_end(i + 1) for i, event in enumerate(self.events) if event.kind in kinds})
        if forward:
            return next((m for m in marks if m > k), len(self.events))
        return next((m for m in reversed(marks) if m < k), 0)

    def command_end(self, k: int) -> int:
        """The moment after the whole command that made event k (a phase or turn opens with its arrivals)."""
        while 0 < k < len(self.events) and self.commands[k] == self.commands[k - 1]:
            k += 1
        return k

    def view(self, k: int, player: str) -> PlayerView:
        """What a player knew after the first `k` events."""
        record = new_record(self.ctx, self.rules, self.commitment)
        for event in self.events[:k]:
            record.feed(Event(event.kind, event.data, (), event.turn, event.phase))
        return record.view(player)
