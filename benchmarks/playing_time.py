"""How long each scenario takes at the table: what the umpire does in its games, counted, times a pace.

    python benchmarks/playing_time.py [--games N] [--only RULESET] [--check]

Each scenario is played N times (default 10) under its default options: by its ruleset's computer players where it
has them (`referee simulate`), each command they send counted; else (Wallman, the umpire's own game) phase after
phase ended, each item the turn's checklist (`rules/todo.py`, the dashboard's status line) asks for counted as a
command. The dice are those the games' events record, the phases those ended. At `PACE` (README, "How long a game
takes") they make the minutes of play, rounded to 5, that the scenario's `table_minutes` states and `referee
scenarios` shows. It prints each scenario's counts a turn, the minutes they make and those its file states; --check
exits 1 where the two differ by more than `TOLERANCE`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import rulesets  # noqa: E402
from referee.game import Game  # noqa: E402
from referee.scenario.catalog import Scenario, every_scenario  # noqa: E402
from referee.simulate import play  # noqa: E402

END = {"do": "end-phase"}
GAMES = 10
TOLERANCE = 0.2
"""How far, as a share of the measured minutes, a scenario's stated minutes may lie from them (at least 5 minutes)."""


@dataclass(frozen=True)
class Pace:
    """Seconds at the table: a command entered and its counter moved, a die read out, a phase announced and decided."""

    command: int
    die: int
    phase: int


PACE = Pace(command=10, die=3, phase=20)


@dataclass(frozen=True)
class Count:
    """What the umpire does in a game: the commands he enters, the dice rolled, the phases ended."""

    commands: float
    dice: float
    phases: float

    def minutes(self, pace: Pace = PACE) -> int:
        """The minutes of play at `pace`, to the nearest 5."""
        seconds = self.commands * pace.command + self.dice * pace.die + self.phases * pace.phase
        return 5 * round(seconds / 300)


def counted(scenario: Scenario, seed: int) -> Count:
    """One game of the scenario, counted: played by the computer players, or walked by its checklist."""
    if rulesets.get(scenario.ruleset).computer_players() is None:
        return walked(scenario, seed)
    played = play(scenario, {}, seed, keep_events=True)
    phases = sum(command == END for command in played.commands)
    return Count(len(played.commands) - phases, sum(len(event.dice) for event in played.game.events), phases)


def walked(scenario: Scenario, seed: int) -> Count:
    """A game of a ruleset without computer players, each phase ended in turn: every item its checklist lists as the
    phase opens is one command."""
    todo = importlib.import_module(f"referee.rulesets.{scenario.ruleset}.rules.todo").todo
    game = Game.new(scenario, {}, seed)
    commands = phases = 0
    while not game.state.over:
        commands += len(todo(game.ctx, game.state))
        game.apply(END)
        phases += 1
    return Count(commands, sum(len(event.dice) for event in game.events), phases)


def measured(scenario: Scenario, games: int = GAMES) -> Count:
    """The mean count of `games` games of the scenario (seeds 1 to `games`)."""
    counts = [counted(scenario, seed) for seed in range(1, games + 1)]
    return Count(*(sum(getattr(count, key) for count in counts) / games for key in ("commands", "dice", "phases")))


def agrees(stated: int | None, minutes: int) -> bool:
    """Whether a scenario's stated minutes lie within `TOLERANCE` of those measured."""
    return stated is not None and abs(stated - minutes) <= max(5, TOLERANCE * minutes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--only", help="one ruleset's scenarios")
    parser.add_argument("--check", action="store_true", help="exit 1 where a scenario's stated minutes disagree")
    args = parser.parse_args()
    print(f"pace: {PACE.command} s a command, {PACE.die} s a die, {PACE.phase} s a phase; {args.games} games each")
    print(f"{'scenario':<40} {'turns':>5} {'cmd/turn':>8} {'dice/turn':>9} {'measured':>8} {'stated':>6}")
    wrong = []
    for scenario in every_scenario():
        if args.only and scenario.ruleset != args.only:
            continue
        count, turns = measured(scenario, args.games), scenario.clock.turns
        minutes, stated = count.minutes(), scenario.table_minutes
        print(f"{scenario.id:<40} {turns:>5} {count.commands / turns:>8.1f} {count.dice / turns:>9.1f} "
              f"{minutes:>8} {stated if stated is not None else '-':>6}")
        if not agrees(stated, minutes):
            wrong.append(scenario.id)
    if args.check and wrong:
        print(f"stated minutes off the measure: {', '.join(wrong)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
