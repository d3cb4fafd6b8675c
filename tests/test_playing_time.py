"""How long a scenario plays at the table (README, "How long a game takes"): the minutes each scenario file states
agree with those `benchmarks/playing_time.py` measures; `referee scenarios` shows them; each game has a scenario
that fits a 45-minute lesson, which its computer players (or its phases, walked) play to the end."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from referee.game import Game
from referee.scenario.catalog import every_scenario, load
from referee.simulate import play

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "playing_time.py"
LESSON = 45
EXPLAINED = 5  # the minutes a lesson gives to explaining the set-up before play
SHORT = ("n30/first-hour", "bos/n30-day", "chicago/two-days", "wallman/first-minutes")


def _bench():
    spec = importlib.util.spec_from_file_location("playing_time", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bench = _bench()


def test_the_minutes_are_the_counts_at_the_pace():
    """A count is turned into minutes at the stated pace, to the nearest 5."""
    pace = bench.Pace(command=10, die=3, phase=20)
    assert bench.Count(commands=30, dice=100, phases=0).minutes(pace) == 10  # 300 + 300 s
    assert bench.Count(commands=0, dice=0, phases=40).minutes(pace) == 15  # 800 s: 13.3 min, to 15
    assert bench.Count(commands=1, dice=1, phases=1).minutes(pace) == 0


def test_a_game_played_is_counted_from_its_commands_and_dice():
    """The commands a computer player sends, the dice its game's events record and the phases ended, each counted."""
    scenario = load("bos/n30-day")
    played = play(scenario, {}, 3, keep_events=True)
    ends = [c for c in played.commands if c == {"do": "end-phase"}]
    count = bench.counted(scenario, 3)
    assert count.phases == len(ends) and count.commands == len(played.commands) - len(ends) > 0
    assert count.dice == sum(len(event.dice) for event in played.game.events) > 0


def test_a_game_without_computer_players_counts_its_checklist():
    """Wallman's game, walked phase by phase: each item the checklist asks for is a command."""
    from referee.rulesets.wallman.rules.todo import todo

    scenario = load("wallman/first-minutes")
    game, items, phases = Game.new(scenario, {}, 1), 0, 0
    while not game.state.over:
        items += len(todo(game.ctx, game.state))
        game.apply({"do": "end-phase"})
        phases += 1
    assert bench.counted(scenario, 1) == bench.Count(items, 0, phases) and items > 0


def test_every_scenario_states_the_minutes_measured():
    """Each scenario file's `table_minutes` lies within the tolerance of the benchmark's measure."""
    for scenario in every_scenario():
        minutes = bench.measured(scenario, 3).minutes()
        assert bench.agrees(scenario.table_minutes, minutes), (scenario.id, scenario.table_minutes, minutes)


@pytest.mark.parametrize("scenario_id", SHORT)
def test_each_game_has_a_scenario_for_a_lesson(scenario_id):
    """Explained in 5 minutes and played in the rest of a 45-minute lesson, by the measure."""
    scenario = load(scenario_id)
    assert scenario.table_minutes is not None and scenario.table_minutes <= LESSON - EXPLAINED
    assert bench.measured(scenario, 3).minutes() <= LESSON - EXPLAINED


@pytest.mark.parametrize("scenario_id", SHORT)
def test_a_short_scenario_plays_to_its_end_on_its_last_turn(scenario_id):
    """Its computer players (Wallman: its phases ended one after the other) play it to the end of its last turn."""
    from referee import rulesets
    from referee.testing.games import walked

    scenario = load(scenario_id)
    if rulesets.get(scenario.ruleset).computer_players() is None:
        game = Game.new(scenario, {}, 5)
        for command in walked(scenario, {}, 5):
            game.apply(command)
    else:
        game = play(scenario, {}, 5).game
    assert game.state.over and game.state.turn == scenario.clock.turns


def test_the_one_day_battle_of_seattle_is_judged_at_nightfall_and_not_extended():
    """8.0 judged at the end of the Night, 30 November turn (RULINGS.md, "Games for a lesson"); the players'
    agreement to extend belongs to the whole game's Afternoon, 2 December."""
    played = play("bos/n30-day", {}, 7)
    state = played.game.state
    assert state.over and state.turn == 3 and state.local["last_turn"] == 3
    assert "extend" not in load("bos/n30-day").options


def test_the_scenarios_list_shows_the_minutes(cli):
    """Beside the turns in the text, as `minutes` in the JSON (docs/cli.md)."""
    listing = json.loads(cli("scenarios", "--json").out)
    lines = {line.split()[0]: line for line in cli("scenarios").lines}
    for item in listing:
        stated = load(item["id"]).table_minutes
        assert item["minutes"] == stated
        assert lines[item["id"]].split()[1:6] == [str(item["turns"]), "turns", "about", str(stated), "min"]
