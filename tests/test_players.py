"""The computer players: always legal, objective beats random, the same seed plays the same game."""

from __future__ import annotations

import pytest

from referee.game import Game
from referee.rulesets.n30.players import KINDS, make_player
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS
from referee.scenario.catalog import load
from referee.simulate import game_seed, last_game, play, play_game, simulate

SCENARIOS = ("n30/lock-down-hold-fast", "n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets")
PAIRS = [(p, q) for p in KINDS for q in KINDS]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("protesters, police", PAIRS)
def test_players_never_send_a_refused_command(scenario, protesters, police):
    for index in range(3):
        played = play(scenario, {}, game_seed(11, index), protesters, police, checked=True)
        assert played.refusals == []
        assert played.game.state.over


@pytest.mark.parametrize("scenario, kinds, options", [
    ("n30/lock-down-hold-fast", ("objective", "random"), {"faction_friction": "on", "hidden": "strong"}),
    ("n30/hold-the-line", ("random", "objective"), {"police_barricades": "third", "crowd_mood": "on"}),
    ("bos/battle-of-seattle", ("simple", "random"), {"extend": "on"}),
    ("bos/battle-of-seattle", ("random", "simple"), {}),
    ("chicago/chicago-1968", ("simple", "random"), {}),
    ("chicago/chicago-1968", ("random", "simple"), {"park_penalty": "each"}),
])
def test_the_players_commands_play_the_same_with_their_keys_checked_or_not(scenario, kinds, options):
    """simulate skips the check of the computer players' commands' keys: checked, every game is the same."""
    for index in range(3):
        checked = play(scenario, options, game_seed(8, index), *kinds, keep_events=True, checked=True)
        trusted = play(scenario, options, game_seed(8, index), *kinds, keep_events=True)
        assert checked.refusals == trusted.refusals == []
        assert checked.commands == trusted.commands
        assert [event.to_json() for event in checked.game.events] == [event.to_json() for event in trusted.game.events]


@pytest.mark.parametrize("options", [
    {"faction_friction": "on", "police_barricades": "two-thirds", "hidden": "weak"},
    {"retreat_into_police": "off", "police_barricades": "third", "hidden": "strong"},
])
@pytest.mark.parametrize("protesters, police", PAIRS)
def test_players_never_refused_under_the_experimental_rules(options, protesters, police):
    for index in range(2):
        played = play("n30/reclaim-the-streets", options, game_seed(5, index), protesters, police, checked=True)
        assert played.refusals == []


def test_objective_protesters_score_more_than_random_ones():
    baseline = simulate("n30/close-the-ring", 30, 1, protesters="random", police="random")
    objective = simulate("n30/close-the-ring", 30, 1, protesters="objective", police="random")
    assert objective["mean_final_score"] > baseline["mean_final_score"] + 10


def test_objective_police_hold_the_score_below_random_police():
    baseline = simulate("n30/close-the-ring", 30, 2, protesters="random", police="random")
    objective = simulate("n30/close-the-ring", 30, 2, protesters="random", police="objective")
    assert objective["mean_final_score"] < baseline["mean_final_score"] - 10


def test_objective_police_also_win_the_long_game_against_random_protesters():
    result = simulate("n30/lock-down-hold-fast", 5, 3, protesters="random", police="objective")
    assert result["wins"] == {"protesters": 0, "police": 5}


def test_the_same_seed_plays_the_same_game():
    first = play("n30/hold-the-line", {"hidden": "weak"}, 77, "objective", "random")
    again = play("n30/hold-the-line", {"hidden": "weak"}, 77, "objective", "random")
    assert first.commands == again.commands
    assert first.game.state.to_json() == again.game.state.to_json()
    other = play("n30/hold-the-line", {"hidden": "weak"}, 78, "objective", "random")
    assert other.commands != first.commands


def test_simulate_gives_the_documented_object_and_repeats_with_the_seed():
    result = simulate("n30/close-the-ring", 4, 9)
    again = simulate("n30/close-the-ring", 4, 9)
    assert set(result) == {"scenario", "games", "seed", "wins", "mean_final_score", "seconds",  # CONTRACT.md's
                           "win_rate", "score_quartiles"}  # and what docs/cli.md adds
    assert result["scenario"] == "n30/close-the-ring" and result["games"] == 4 and result["seed"] == 9
    assert sum(result["wins"].values()) == 4 and set(result["wins"]) == {PROTESTERS, POLICE}
    assert isinstance(result["seconds"], float) and result["seconds"] == round(result["seconds"], 3)
    assert {k: v for k, v in result.items() if k != "seconds"} == {k: v for k, v in again.items() if k != "seconds"}


def test_simulate_in_worker_processes_gives_the_same_result():
    alone = simulate("n30/close-the-ring", 6, 4, workers=1)
    shared = simulate("n30/close-the-ring", 6, 4, workers=2)
    assert {k: v for k, v in alone.items() if k != "seconds"} == {k: v for k, v in shared.items() if k != "seconds"}


def test_the_commands_of_a_game_replay_it_from_its_seed():
    """What `simulate --save` relies on: a fresh game fed the commands ends in the same state."""
    scenario = load("n30/close-the-ring")
    game, commands = play_game(scenario, {"police_barricades": "third"}, 123, "objective", "objective")
    fresh = Game.new(scenario, {"police_barricades": "third"}, 123)
    for command in commands:
        fresh.apply(command)
    assert fresh.state.to_json() == game.state.to_json()
    assert fresh.state.over


def test_last_game_is_the_last_game_simulate_played():
    result = simulate("n30/close-the-ring", 3, 21)
    game, commands = last_game("n30/close-the-ring", 3, 21)
    assert game.state.over and commands[-1] == {"do": "end-phase"}
    again, _ = play_game("n30/close-the-ring", {}, game_seed(21, 2))
    assert again.state.to_json() == game.state.to_json()
    assert result["games"] == 3


def test_next_command_walks_a_phase_one_command_at_a_time():
    scenario = load("n30/close-the-ring")
    game = Game.new(scenario, {}, 5, keep_events=False)
    player = make_player("objective", PROTESTERS, 5)
    sent = 0
    while (command := player.next_command(game)) is not None:
        game.apply(command)
        sent += 1
    assert sent > 10  # the first turn's reinforcements enter
    assert make_player("objective", POLICE, 5).next_command(game) is None  # not the police's phase


def test_unknown_player_kinds_are_refused():
    from referee.errors import RefereeError

    with pytest.raises(RefereeError):
        make_player("clever", PROTESTERS, 1)
    with pytest.raises(RefereeError):
        simulate("n30/close-the-ring", 1, 0, options={"hidden": "sideways"})


def _points(board, held: set[str]) -> int:
    """What the engine's success phase (5.1-5.3) gives for protesters on `held`."""
    from referee.core.state import GameState
    from referee.rulesets.n30.rules.success import success_phase

    state = GameState(1, "success", {}, {PROTESTERS: {n: ("x",) for n in held}, POLICE: {}})
    return sum(len(targets) for targets in success_phase(board, state).values())


def test_the_players_scoring_agrees_with_the_success_phase():
    """The objective players' cheap analysis: the points held now, and what each held node is worth."""
    import random

    from referee.rulesets.n30.players.boardinfo import info_for

    board = load("n30/lock-down-hold-fast").board
    info = info_for(board)
    rng = random.Random(3)
    for _ in range(150):
        held = set(rng.sample(info.nodes, rng.randint(0, 30)))
        if rng.random() < 0.5:
            held |= set(rng.sample(sorted(info.key_set), rng.randint(1, len(info.key_set))))
        analysis = info.analyse(held)
        now = _points(board, held)
        assert analysis.points == now
        for node in info.nodes:
            assert analysis.value(node) == (now - _points(board, held - {node}) if node in held else 0), node
