"""The statistics `referee simulate` reports (referee.balance): each result's share with its 95% Wilson interval,
and the final scores' quartiles."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.balance import margin, shares, spread, wilson


@pytest.mark.parametrize(("count", "games", "low", "high"), [
    (50, 100, 0.4038, 0.5962),  # the textbook values of Wilson's interval
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
])
def test_the_wilson_interval_has_its_known_values(count, games, low, high):
    assert tuple(round(x, 4) for x in wilson(count, games)) == (low, high)


@given(st.integers(1, 10_000).flatmap(lambda games: st.tuples(st.integers(0, games), st.just(games))))
def test_the_interval_holds_the_share_lies_in_0_1_and_narrows_with_more_games(case):
    count, games = case
    low, high = wilson(count, games)
    assert 0 <= low <= count / games <= high <= 1
    more_low, more_high = wilson(2 * count, 2 * games)  # the same share from twice the games
    assert more_high - more_low < high - low


def test_shares_and_spread():
    assert shares({"police": 3, "protesters": 1}, 4)["police"] == {"rate": 0.75, "low": 0.3006, "high": 0.9544}
    assert spread([4, 1, 3, 2, 5]) == {"min": 1, "q1": 2.0, "median": 3.0, "q3": 4.0, "max": 5}
    assert spread([7]) == {"min": 7, "q1": 7, "median": 7, "q3": 7, "max": 7}


def test_simulate_reports_each_side_s_share_with_its_interval_and_the_score_quartiles(cli):
    result = json.loads(cli("simulate", "n30/close-the-ring", "--games", "20", "--seed", "4").out)
    assert set(result["win_rate"]) == set(result["wins"])
    for side, rate in result["win_rate"].items():
        assert rate["rate"] == round(result["wins"][side] / 20, 4) and rate["low"] <= rate["rate"] <= rate["high"]
    quartiles = result["score_quartiles"]
    assert quartiles["min"] <= quartiles["q1"] <= quartiles["median"] <= quartiles["q3"] <= quartiles["max"]
    assert "levels" not in result  # N30 names no levels of victory


def test_battle_of_seattle_s_levels_of_victory_are_counted(cli):
    result = json.loads(cli("simulate", "bos/battle-of-seattle", "--games", "6", "--seed", "2").out)
    levels = result["levels"]
    assert sum(round(level["rate"] * 6) for level in levels.values()) == 6
    assert all(name.startswith(("Protester", "Triumph", "Authority")) or name for name in levels)


def test_until_ci_doubles_the_games_until_every_share_is_that_sure(cli):
    run = cli("simulate", "n30/close-the-ring", "--seed", "4", "--games", "2", "--until-ci", "0.2")
    assert run.code == 0, run.err
    result = json.loads(run.out)
    games, wins = result["games"], result["wins"]
    assert result["until_ci"] == 0.2 and games >= 4 and games & (games - 1) == 0  # 2, 4, 8, ... doubled
    assert margin(wins, games) <= 0.2
    fewer = json.loads(cli("simulate", "n30/close-the-ring", "--seed", "4", "--games", str(games // 2)).out)
    assert margin(fewer["wins"], games // 2) > 0.2  # one doubling fewer was not enough
    again = json.loads(cli("simulate", "n30/close-the-ring", "--seed", "4", "--games", "2", "--until-ci", "0.2").out)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in result.items() if k != "seconds"}


@pytest.mark.parametrize("value", ["0", "0.6", "tight"])
def test_until_ci_takes_a_margin_from_0_001_to_0_5(cli, value):
    run = cli("simulate", "n30/close-the-ring", "--until-ci", value)
    assert run.code == 2 and "--until-ci" in run.err and run.err.count("\n") == 1
