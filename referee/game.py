"""A game in memory: scenario, options, state and dice, with no database (used by simulate and sessions)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.dice import Dice, SeededDice, TableDice
from referee.core.engine import Context, Recorder, Ruleset, run
from referee.core.events import ITEMS, Event, item_text, without_items
from referee.core.state import GameState
from referee.errors import Faults, RefereeError, Refusal
from referee.rules.place_names import in_place_names
from referee.rulesets import get as ruleset_named
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import Scenario
from referee.text import printable


@dataclass
class Game:
    """A scenario being played: the rules turn commands into events and fold them into `state`.

    `events` collects every event, unless `keep_events` is false (a simulated game needs none).
    """

    ctx: Context
    rules: Ruleset
    state: GameState
    dice: SeededDice
    events: list[Event] = field(default_factory=list)
    keep_events: bool = True

    @classmethod
    def new(cls, scenario: Scenario, options: dict[str, str], seed: int, keep_events: bool = True) -> Game:
        """A fresh game, with the events that open it (first reinforcements) already applied."""
        ctx = Context.of(scenario, options)
        rules = ruleset_for(scenario.ruleset)
        game = cls(ctx, rules, rules.initial(ctx), SeededDice(seed), keep_events=keep_events)
        recorder = Recorder(rules, ctx, game.state)
        rules.start(ctx, game.state, recorder, game.dice)
        game.state = recorder.state
        if keep_events:
            game.events.extend(recorder.events)
        return game

    def narrate(self, event: Event) -> str:
        """An event as one line of the log, in the scenario's names."""
        return self.rules.narrate(event, self.ctx)

    def itemized(self, event: Event) -> str:
        """An event as the dashboard's log shows it: its line, then each line of the chart that made a number it
        changed on a line of its own ("· Westin, Exposure Value +2 (EI Adjustment Chart)"); a line break a player's
        text holds shown, never obeyed."""
        items = event.data.get(ITEMS, ())
        lines = (f"· {in_place_names(item_text(entry), self.ctx)}" for entry in items)
        return "\n".join(map(printable, [self.narrate(without_items(event) if items else event), *lines]))

    def weighty(self, events: list[Event]) -> list[Event]:
        """Those of `events` that end the game or cost a side dearly (its ruleset's `weighty` kinds): what the
        dashboard asks the umpire to confirm first, and `apply` says on stderr."""
        from referee import rulesets

        kinds = ("game-ended", *rulesets.get(self.ctx.scenario.ruleset).weighty)
        return [event for event in events if event.kind in kinds]

    def dice_for(self, command: dict) -> Dice:
        """Typed-in dice if the command carries them, else the seeded generator."""
        if "dice" in command:
            return TableDice(command["dice"])
        return self.dice

    def check(self, command: dict) -> None:
        """Refuse a command that is not an object, names no known verb or breaks its verb's schema."""
        if not isinstance(command, dict):
            raise RefereeError("a command must be a JSON object such as {\"do\": \"end-phase\"}")
        self.rules.check(self.ctx, command)

    def resolve(self, command: dict) -> dict:
        """The command as the log keeps it: checked, and every place and unit it names by a printed name (in any
        case) given by its id, where its ruleset knows its keys' kinds (referee.rules.refs)."""
        resolve = getattr(self.rules, "resolve", None)
        if resolve is None or not isinstance(command, dict):
            self.check(command)
            return command
        return resolve(self.ctx, self.state, command, self.places())  # which checks it first

    def places(self) -> dict[str, tuple[str, ...]]:
        """Each place's names as the sheets print them, in each of their languages."""
        return ruleset_named(self.ctx.scenario.ruleset).place_names(self.ctx.scenario.board.nodes)

    def odds(self, command: dict) -> tuple[str, ...]:
        """The exact odds of a command against the state as it is (the umpire's: every hidden fact counts), a line
        each in the places' printed names; none where the rules would refuse it or no dice decide it."""
        if self.state.over:
            return ()
        try:
            lines = ruleset_named(self.ctx.scenario.ruleset).command_odds(self, self.resolve(command))
        except RefereeError:
            return ()
        return tuple(in_place_names(line, self.ctx) for line in lines)

    def preview(self, command: dict) -> list[Event]:
        """The events a command would bring, with the dice the game would use; the game stays as it is."""
        return Game(self.ctx, self.rules, self.state, self.dice.copy(), keep_events=False).apply(command)

    def apply(self, command: dict, *, shaped: bool = False) -> list[Event]:
        """Apply one command; on a refusal nothing changes, not even the dice drawn. A command `shaped` by
        referee's own computer players skips the check of its keys (tests/test_players.py holds them to it)."""
        if not shaped:
            self.check(command)
        dice = self.dice_for(command)
        drawn = self.dice.drawn
        try:
            state, events = run(self.rules, self.ctx, self.state, command, dice)
            if isinstance(dice, TableDice):
                dice.check_all_used()
        except Refusal as refusal:  # said with the places' printed names, as the sheets and the log name them
            self.dice.drawn = drawn
            raise Refusal(refusal.section, in_place_names(refusal.reason, self.ctx)) from None
        except Exception as error:
            self.dice.drawn = drawn
            if type(error) is RefereeError:
                raise RefereeError(in_place_names(str(error), self.ctx)) from None
            raise
        self.state = state
        if self.keep_events:
            self.events.extend(events)
        return events


def opening_faults(scenario: Scenario, every: bool = False) -> list[str]:
    """Why a scenario's game does not open as `new` opens it (its ruleset's own checks of a scenario), under its
    default options and, with `every`, under each other choice of each option alone ("with looters=in-crowds: ...");
    each refusal said once, none where it opens."""
    tried: list[dict[str, str]] = [{}]
    if every:
        tried += [{name: choice} for name, option in scenario.options.items() for choice in option.choices
                  if choice != option.default]
    faults: list[str] = []
    said: set[str] = set()
    for options in tried:
        try:
            Game.new(scenario, options, 0, keep_events=False)
        except Exception as error:  # noqa: BLE001 -- a club's file may break a ruleset anywhere: said, not raised
            found = error.faults if isinstance(error, Faults) else [
                str(error) if isinstance(error, RefereeError) else f"its game cannot open: {type(error).__name__}: {error}"]
            given = ", ".join(f"{name}={choice}" for name, choice in options.items())
            for fault in found:
                if fault not in said:
                    said.add(fault)
                    faults.append(f"with {given}: {fault}" if given else fault)
    return faults


def scenario_faults(scenario: str) -> list[str]:
    """Every fault of a scenario (an id, or a file's path), a line each: its files' (`every_fault`), then where they
    have none its game's own under every option (`opening_faults`), each with its file; none where it is sound."""
    from referee.scenario.catalog import every_fault, load, scenario_file

    path = scenario_file(scenario)
    return every_fault(path) or [f"{path}: {fault}" for fault in opening_faults(load(scenario), every=True)]
