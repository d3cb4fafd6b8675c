"""The games the kit's checks look at: each scenario of a ruleset played twice, by its computer players where it has
them, else phase after phase ended, and each game played again from its opening by the commands that played it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from referee import rulesets
from referee.errors import Refusal
from referee.game import Game
from referee.scenario.catalog import Scenario
from referee.simulate import play
from referee.testing.scenarios import scenarios

SEEDS = (10**12 + 1, 10**12 + 2)
"""The seeds of each scenario's two games: thirteen digits, which no view or sheet prints by chance."""
END = {"do": "end-phase"}
WALK = 2000
"""The most phases ended in a game of a ruleset without computer players."""


@dataclass(frozen=True)
class Match:
    """One game: its scenario, options and seed, and the commands that played it from its opening."""

    scenario: Scenario
    options: dict[str, str]
    seed: int
    commands: tuple[dict, ...]

    def __str__(self) -> str:
        return f"{self.scenario.id} (seed {self.seed}{''.join(f', {k}={v}' for k, v in self.options.items())})"

    def again(self) -> Iterator[tuple[int, Game]]:
        """The game played again from its opening: the number of commands applied, from 0, and the game after them
        (one game, changed as the commands are applied)."""
        game = Game.new(self.scenario, dict(self.options), self.seed)
        yield 0, game
        for number, command in enumerate(self.commands, start=1):
            game.apply(command)
            yield number, game

    def named(self, number: int) -> str:
        """Command `number` (from 1) as a fault names it, with what it was; 0 is the game's opening."""
        return f"command {number} {json.dumps(self.commands[number - 1])}" if number else "its opening"

    def ended(self) -> Game:
        """The game played again to its last command, its events kept."""
        *_, (_, game) = self.again()
        return game


def games(name: str) -> list[Match]:
    """Two games of each scenario of the ruleset `name`: one under the default options, with each side's first kind of
    computer player; one with every option at its last choice and each side's last kind, to reach what the defaults
    leave alone."""
    computer = rulesets.get(name).computer_players()
    found = []
    for scenario in scenarios(name):
        for seed, last in zip(SEEDS, (False, True), strict=True):
            options = {option.name: option.choices[-1] for option in scenario.options.values()} if last else {}
            if computer is None:
                commands = walked(scenario, options, seed)
            else:
                kinds = [computer.kinds[-1 if last else 0]] * len(computer.sides)
                commands = play(scenario, options, seed, *kinds).commands
            found.append(Match(scenario, options, seed, tuple(commands)))
    return found


def walked(scenario: Scenario, options: dict[str, str], seed: int) -> list[dict]:
    """A game of a ruleset without computer players: each phase ended in turn until the game is over, the rules refuse
    to end one, or `WALK` phases have ended."""
    game = Game.new(scenario, dict(options), seed)
    commands: list[dict] = []
    while not game.state.over and len(commands) < WALK:
        try:
            game.apply(END)
        except Refusal:
            break
        commands.append(END)
    return commands


def moments(count: int, parts: int) -> set[int]:
    """`parts` + 1 moments spread evenly from 0 to `count`, both included."""
    return {count * part // parts for part in range(parts + 1)}
