"""RL State Chart: every modifier with its value, the score, and the RL that follows (Wallman, "Response Level (RL)")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.rules.moods import level, roll_rl
from tests.wallman_support import TABLES, dice

# Every factor of the chart as the text prints it (police_withdrawing: the value was lost, see RULINGS.md).
CHART = {
    "damp": -1, "soaked": -2, "arrested": -1,
    "outnumbered": -3, "adjacent_higher": 1, "adjacent_lower": -1, "adjacent_running": -1,
    "police_withdrawing": 1, "police_charging": -1, "riot_withdrawing": 2, "riot_charging": -2,
    "riot_or_mounted_appear": 2, "mounted_charging": -3, "tear_gas": -2, "cs_gas": -3,
    "baton_gun": -1, "single_shot": -3, "automatic_fire": -4, "first_casualty": -2, "further_casualty": -1,
}


def test_rl_chart_lists_exactly_the_texts_modifiers():
    assert {name: m.value for name, m in TABLES.rl.modifiers.items()} == CHART


@pytest.mark.parametrize("name, value", CHART.items())
def test_rl_chart_each_modifier_adds_its_value(name, value):
    """RL State Chart: roll 1d6 and add the factor."""
    result = roll_rl(TABLES.rl, 4, {name: 1}, dice(3))
    assert result.modifiers == {name: value}
    assert result.score == 3 + value


@pytest.mark.parametrize("name", ["arrested", "adjacent_higher", "adjacent_lower", "adjacent_running", "further_casualty"])
def test_rl_chart_each_counted_modifier_counts_every_instance(name):
    """'Each crowd member arrested', 'each adjacent crowd ...', 'each subsequent casualty'."""
    result = roll_rl(TABLES.rl, 4, {name: 3}, dice(4))
    assert result.score == 4 + 3 * CHART[name]


def test_rl_chart_documented_example():
    result = roll_rl(TABLES.rl, 5, {"damp": 1, "arrested": 2, "adjacent_higher": 1, "riot_charging": 1}, dice(3))
    assert result.score == -1
    assert (result.was, result.rl) == (5, 3)


@pytest.mark.parametrize("roll, change", [(1, -1), (2, 0), (3, 0), (4, 0), (5, 1), (6, 1)])
def test_rl_chart_an_unprovoked_roll(roll, change):
    """Reconstructed table: a plain d6 (new forces come into view) mostly leaves the RL alone."""
    assert roll_rl(TABLES.rl, 4, {}, dice(roll)).change == change


def test_rl_chart_higher_scores_rile_the_crowd():
    """RL 8 is bad: withdrawing riot police (+2) and riot police appearing (+2) raise the RL."""
    result = roll_rl(TABLES.rl, 4, {"riot_withdrawing": 1, "riot_or_mounted_appear": 1}, dice(6))
    assert result.rl > 4


def test_rl_chart_heavy_fire_makes_the_crowd_run():
    """Shot at with automatic fire and the first casualty: the crowd breaks and runs."""
    for roll in (1, 2, 3):
        result = roll_rl(TABLES.rl, 7, {"automatic_fire": 1, "first_casualty": 1}, dice(roll))
        assert result.running and result.rl == 4


def test_rl_chart_unknown_modifier_and_bad_levels_refused():
    with pytest.raises(RefereeError, match="unknown modifier 'wet'"):
        roll_rl(TABLES.rl, 4, {"wet": 1}, dice(3))
    with pytest.raises(RefereeError, match="the count of 'damp'"):
        roll_rl(TABLES.rl, 4, {"damp": -1}, dice(3))
    for bad in (0, 9, True):
        with pytest.raises(RefereeError, match="an RL runs from 1 to 8"):
            roll_rl(TABLES.rl, bad, {}, dice(3))


def test_rl_levels_say_what_the_text_fixes():
    """Negotiation works only at RL 4 and 5; looting only where the RL permits; 8 is the worst."""
    assert [lvl.rl for lvl in TABLES.rl.levels if lvl.negotiable] == [4, 5]
    looting = [lvl.rl for lvl in TABLES.rl.levels if lvl.loot]
    assert looting and looting == list(range(min(looting), 9))
    assert level(TABLES.rl, 8).petrol_bombs
    moves = [int(lvl.move.split("d")[0]) for lvl in TABLES.rl.levels]
    assert moves == sorted(moves), "the more riled, the faster they move"


@given(st.integers(1, 8), st.integers(1, 6), st.dictionaries(st.sampled_from(sorted(CHART)), st.integers(0, 4)))
def test_rl_chart_stays_on_the_chart_and_sums_every_factor(rl, roll, counts):
    result = roll_rl(TABLES.rl, rl, counts, dice(roll))
    assert 1 <= result.rl <= 8
    assert result.score == roll + sum(CHART[name] * count for name, count in counts.items())
    if roll < 6:  # a higher die never leaves the crowd calmer
        assert roll_rl(TABLES.rl, rl, counts, dice(roll + 1)).rl >= result.rl
