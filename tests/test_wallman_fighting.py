"""Fighting (Wallman, "Fighting"): 1d10 each, every factor, the worked examples, multiple combats."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.rulesets.wallman.rules.fighting import Fighter, fight, melee, outnumbered
from tests.wallman_support import TABLES, dice

FACTORS = {
    "outnumbered_2_1": -1, "outnumbered_3_1": -2, "outnumbered_4_1": -3, "police": 1, "riot_trained": 3,
    "mounted": 2, "mounted_charging": 4, "mounted_riot": 3, "mounted_riot_charging": 6,
    "tear_gas": -2, "cs_gas": -4, "on_ground": -2, "soaked": -1,
}


def test_fighting_lists_exactly_the_texts_factors():
    assert {name: m.value for name, m in TABLES.fight.modifiers.items()} == FACTORS


@pytest.mark.parametrize("name, value", FACTORS.items())
def test_fighting_each_factor_adds_its_value(name, value):
    result = fight(TABLES, "beat", Fighter("a", (name,), 5), Fighter("b", (), 5), dice())
    assert result.scores == (5 + value, 5)


def test_fighting_example_1_police_officer_attacked_by_two_rioters():
    """Officer rolls 2, -1 outnumbered, +1 officer = 2; rioter rolls 6: +4 to the rioter, officer stunned.

    'There is no need to roll for the second rioter.'"""
    rounds = melee(TABLES, "beat", Fighter("PC", ("police",)), [Fighter("rioter 1"), Fighter("rioter 2")], dice(2, 6))
    assert len(rounds) == 1
    (first,) = rounds
    assert first.scores == (2, 6)
    assert (first.winner, first.margin, first.result) == (1, 4, "stunned")


def test_fighting_example_2_riot_policeman_arrests_over_two_rounds():
    """6 + 3 = 9 against 8: +1, a continued scuffle; then 8 + 3 = 11 against 6: +5, cuffed."""
    riot = ("riot_trained",)
    first = fight(TABLES, "arrest", Fighter("police", riot, 6), Fighter("rioter", (), 8), dice())
    assert (first.scores, first.winner, first.margin, first.result) == ((9, 8), 0, 1, "scuffle")
    second = fight(TABLES, "arrest", Fighter("police", riot, 8), Fighter("rioter", (), 6), dice())
    assert (second.scores, second.winner, second.margin, second.result) == ((11, 6), 0, 5, "arrested")


def test_fighting_a_tie_has_no_winner():
    result = fight(TABLES, "beat", Fighter("a", (), 4), Fighter("b", (), 4), dice())
    assert (result.winner, result.margin, result.result) == (None, 0, "stand-off")


def test_fighting_only_the_one_who_set_out_to_arrest_makes_an_arrest():
    """A rioter who wins against an arrest attempt by 5 beats the officer off; he does not arrest him."""
    result = fight(TABLES, "arrest", Fighter("police", ("police",), 1), Fighter("rioter", (), 10), dice())
    assert (result.winner, result.result) == (1, "wounded")


def test_fighting_dice_come_from_the_source_when_not_given():
    result = fight(TABLES, "beat", Fighter("a"), Fighter("b"), dice(10, 1))
    assert result.rolls == (10, 1) and result.result == "wounded"


def test_fighting_refuses_bad_factors_and_dice():
    with pytest.raises(RefereeError, match="only one figure factor"):
        fight(TABLES, "beat", Fighter("a", ("police", "riot_trained"), 5), Fighter("b", (), 5), dice())
    with pytest.raises(RefereeError, match="only one outnumbered factor"):
        fight(TABLES, "beat", Fighter("a", ("outnumbered_2_1", "outnumbered_3_1"), 5), Fighter("b", (), 5), dice())
    with pytest.raises(RefereeError, match="twice"):
        fight(TABLES, "beat", Fighter("a", ("soaked", "soaked"), 5), Fighter("b", (), 5), dice())
    with pytest.raises(RefereeError, match="unknown modifier 'drunk'"):
        fight(TABLES, "beat", Fighter("a", ("drunk",), 5), Fighter("b", (), 5), dice())
    with pytest.raises(RefereeError, match="face of a d10"):
        fight(TABLES, "beat", Fighter("a", (), 11), Fighter("b", (), 5), dice())
    with pytest.raises(RefereeError, match="intent"):
        fight(TABLES, "kiss", Fighter("a", (), 1), Fighter("b", (), 5), dice())


@pytest.mark.parametrize("opponents, factor",
                         [(2, "outnumbered_2_1"), (3, "outnumbered_3_1"), (4, "outnumbered_4_1"), (6, "outnumbered_4_1")])
def test_fighting_outnumbered_factor_by_opponents(opponents, factor):
    assert outnumbered(TABLES, opponents) == factor


def test_fighting_an_outnumbered_figure_can_only_win_against_one_opponent():
    """Multiple combats: a riot policeman beats three men in turn on the dice, but wins only once."""
    rounds = melee(TABLES, "beat", Fighter("riot", ("riot_trained",)), [Fighter("r1"), Fighter("r2"), Fighter("r3")],
                   dice(9, 1, 9, 1, 9, 1))
    assert [r.winner for r in rounds] == [0, None, None]
    assert all(r.scores[0] == 9 + 3 - 2 for r in rounds)


def test_fighting_melee_needs_two_opponents_and_works_out_the_odds():
    with pytest.raises(RefereeError, match="two or more"):
        melee(TABLES, "beat", Fighter("a"), [Fighter("b")], dice())
    with pytest.raises(RefereeError, match="leave out"):
        melee(TABLES, "beat", Fighter("a", ("outnumbered_2_1",)), [Fighter("b"), Fighter("c")], dice())


@given(st.integers(1, 10), st.integers(1, 10), st.sampled_from(["beat", "arrest"]))
def test_fighting_the_higher_score_wins_by_the_difference(ra, rb, intent):
    result = fight(TABLES, intent, Fighter("a", (), ra), Fighter("b", (), rb), dice())
    assert result.margin == abs(ra - rb)
    assert result.winner == (None if ra == rb else 0 if ra > rb else 1)


@pytest.mark.parametrize("said, intent", [("hurt", "beat"), ("beat up", "beat"), ("both", "arrest"), ("arrest", "arrest")])
def test_fighting_intent_in_other_words(said, intent):
    """'With the intention of beating someone up, or arresting them (or both)': both is an arrest."""
    result = fight(TABLES, said, Fighter("a", (), 9), Fighter("b", (), 2), dice())
    assert result.intent == intent and result.result == ("arrested" if intent == "arrest" else "wounded")
