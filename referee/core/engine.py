"""What every ruleset provides, and the loop that turns a command into events and a new state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from referee.core.dice import Dice
from referee.core.events import Event
from referee.core.state import GameState
from referee.scenario.catalog import Scenario


@dataclass(frozen=True)
class Context:
    """What stays fixed through a session: the scenario and the chosen options."""

    scenario: Scenario
    options: dict[str, str]

    @classmethod
    def of(cls, scenario: Scenario, given: dict[str, str]) -> Context:
        """A session's context: the options given, checked over the defaults, and the scenario as they set it."""
        options = scenario.option_values(given)
        return cls(scenario.with_options(options), options)


class Emit(Protocol):
    """Where a ruleset emits an event (kind, data, the dice that decided it); returns the state after it."""

    def __call__(self, kind: str, data: dict[str, Any], dice: tuple = (), /) -> GameState: ...


class Ruleset(Protocol):
    """A ruleset: pure functions from state, command and dice to events."""

    id: str

    def initial(self, ctx: Context) -> GameState:
        """The state before the first event: the scenario's setup."""

    def start(self, ctx: Context, state: GameState, emit: Emit, dice: Dice) -> None:
        """Events that open the game (first reinforcements and the like)."""

    def check(self, ctx: Context, command: dict) -> None:
        """Refuse a command whose verb is unknown or whose keys do not match the verb's schema."""

    def decide(self, ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
        """Emit the events a command causes (the command already checked), or raise a Refusal citing the rule."""

    def evolve(self, ctx: Context, state: GameState, event: Event) -> None:
        """Fold one event into a thawed state, in place."""

    def narrate(self, event: Event, ctx: Context | None = None) -> str:
        """The event as one line for the umpire's log, in the scenario's names where `ctx` is given."""


class Recorder:
    """Collects the events of one command, folding each into a private copy of the state as it is emitted."""

    def __init__(self, ruleset: Ruleset, ctx: Context, state: GameState):
        self.ruleset, self.ctx, self.state = ruleset, ctx, state
        self.events: list[Event] = []

    def __call__(self, kind: str, data: dict[str, Any], dice: tuple = ()) -> GameState:
        if not self.events:
            self.state = self.state.thawed()
        event = Event(kind, data, tuple(dice), self.state.turn, self.state.phase)
        self.events.append(event)
        self.ruleset.evolve(self.ctx, self.state, event)
        return self.state


def run(ruleset: Ruleset, ctx: Context, state: GameState, command: dict, dice: Dice) -> tuple[GameState, list[Event]]:
    """Apply a command: the new state and its events, or a Refusal with nothing changed."""
    recorder = Recorder(ruleset, ctx, state)
    ruleset.decide(ctx, state, command, recorder, dice)
    return recorder.state, recorder.events


def replay(ruleset: Ruleset, ctx: Context, state: GameState, events: list[Event]) -> GameState:
    """Fold recorded events into a copy of a state."""
    state = state.thawed()
    for event in events:
        ruleset.evolve(ctx, state, event)
    return state
