"""`referee simulate`'s table for people: the lines under it say what the bracketed figures are (in the chart's
words), how the games were played and whether more would narrow the intervals; a sweep of an option that hides
something, played by players who see the whole game, is warned of (6.2 hidden movement, Battle of Seattle's and
Chicago-Chicago's `fog`)."""

from __future__ import annotations

import pytest

from referee.balance import overlap, shares
from referee.scenario.catalog import load
from referee.sweep_notes import hides, unseen
from referee.sweep_notes import notes as table_notes

N30, BOS, CHICAGO = "n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968"


def _notes(run) -> list[str]:
    """The lines under the table (after its last row)."""
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    return lines[lines.index(next(line for line in lines if line.startswith("In brackets"))):]


def test_the_table_says_its_brackets_are_95_percent_wilson_intervals_in_the_chart_s_words(cli, tmp_path):
    run = cli("simulate", CHICAGO, "--games", "2", "--sweep", "harass_4to1_die3=DD3,PD3", "--workers", "1",
              "--chart", tmp_path / "sweep.html")
    notes = _notes(run)
    assert notes[0] == f"In brackets, each share's 95% interval (Wilson's): {overlap('intervals')}."
    assert f"the bar its 95% interval (Wilson's): {overlap('bars')}." in (tmp_path / "sweep.html").read_text()
    assert run.out.splitlines()[0].startswith("harass_4to1_die3")  # the table itself is as it was, above


def test_the_table_says_who_played_on_what_how_many_games_how_long_and_the_target(cli):
    """1.2: Close the Ring's target is a success of 50."""
    args = ("simulate", N30, "--games", "3", "--seed", "5", "--protesters", "random", "--workers", "1")
    notes = _notes(cli(*args, "--format", "table"))
    assert notes[1] == "Players: protesters random, police objective, each deciding on the whole game (--players-see all)."
    assert notes[2].startswith("Games: 3, in ") and notes[2].endswith(" seconds; target: success 50.")
    lead = _notes(cli("simulate", BOS, "--games", "1", "--format", "table"))
    assert lead[2].endswith(" seconds.")  # a lead over the other side's index is no target of its own (8.0)


def test_a_sweep_says_what_the_players_decided_on_under_each_setting(cli):
    """6.2: under hidden movement the players decide on their own side's knowledge, without it on the whole game."""
    run = cli("simulate", "n30/lock-down-hold-fast", "--games", "2", "--sweep", "hidden=none,weak,strong",
              "--workers", "1")
    notes = _notes(run)
    assert notes[1] == ("Players: protesters objective, police objective, each deciding on the whole game "
                        "(--players-see all) under hidden=none, on his own side's knowledge (--players-see own) "
                        "under hidden=weak or hidden=strong.")
    assert notes[2].startswith("Games: 2 a setting, 6 in all, in ")


def test_the_time_is_the_sum_of_the_settings_seconds_as_the_json_has_them():
    """1.2: Lock Down, Hold Fast's target is a success of 160."""
    result = {"scenario": N30, "games": 4, "seed": 0, "sweep": {"hidden": ["none", "weak"]},
              "rows": [_row("none", 1.25), _row("weak", 0.5)]}
    notes = table_notes(result, load("n30/lock-down-hold-fast"), "success", {}, {}, None).splitlines()
    assert notes[2] == "Games: 4 a setting, 8 in all, in 1.75 seconds; target: success 160."


def _row(hidden: str, seconds: float) -> dict:
    """A row of a sweep of 4 games, as `sweep` gives it (the police won them all)."""
    return {"settings": {"hidden": hidden}, "games": 4, "wins": {"protesters": 0, "police": 4}, "seconds": seconds,
            "win_rate": shares({"protesters": 0, "police": 4}, 4), "mean_final_score": 0,
            "score_quartiles": dict.fromkeys(("min", "q1", "median", "q3", "max"), 0)}


def test_wide_intervals_are_said_to_narrow_with_more_games_and_only_they(cli):
    few = _notes(cli("simulate", CHICAGO, "--games", "3", "--format", "table"))
    assert few[3].startswith("The intervals are wide (up to ") and "--until-ci" in few[3] and "--games" in few[3]
    sure = _notes(cli("simulate", N30, "--games", "20", "--seed", "5", "--format", "table"))  # police 20 of 20
    assert len(sure) == 3 and not any("wide" in line for line in sure)


@pytest.mark.parametrize("scenario, name, hiding", [
    ("n30/lock-down-hold-fast", "hidden", True),  # 6.2
    ("n30/lock-down-hold-fast", "faction_friction", False),  # 6.1: it changes the game, not what is seen
    (BOS, "fog", True),  # 2.2, a double-blind game
    (BOS, "extend", False),
    (CHICAGO, "fog", True),
    (CHICAGO, "harass_4to1_die3", False),  # a tunable
])
def test_an_option_hides_things_as_the_computer_players_judge_it(scenario, name, hiding):
    assert hides(load(scenario), name, {}) is hiding


def test_a_sweep_of_what_is_hidden_with_players_who_see_all_is_warned_of(cli):
    args = ("simulate", BOS, "--games", "1", "--workers", "1", "--sweep", "fog=off,on")
    warned = cli(*args, "--players-see", "all")
    assert warned.code == 0
    assert warned.err == ("note: fog hides things from the players, but with --players-see all they decide on the whole "
                          "game, so every setting of it plays the same games: use --players-see own (or leave it out)\n")
    assert cli(*args).err == "" and cli(*args, "--players-see", "own").err == ""
    assert unseen(load(BOS), ["extend"], {}, "all") is None
    assert "hidden hides things" in unseen(load("n30/lock-down-hold-fast"), ["hidden"], {}, "all")
