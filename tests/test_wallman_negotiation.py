"""Negotiation (Wallman, "Negotiation"): only at RL 4 or 5, voice and megaphone range, hidden quality."""

from __future__ import annotations

import pytest

from referee.errors import Refusal
from referee.rulesets.wallman.rules.negotiation import Talk, negotiate
from tests.wallman_support import TABLES, dice


@pytest.mark.parametrize("rl", [1, 2, 3, 6, 7, 8])
def test_negotiation_outside_rl_4_and_5_has_no_effect_and_rolls_nothing(rl):
    """'At other levels the negotiation automatically has no effect.'"""
    source = dice()
    result = negotiate(TABLES, rl, Talk(), source)
    assert (result.effective, result.change, result.rl, result.roll) == (False, 0, rl, None)
    assert source.used == 0


@pytest.mark.parametrize("rl", [4, 5])
def test_negotiation_at_rl_4_and_5_moves_the_rl(rl):
    calm = negotiate(TABLES, rl, Talk(), dice(6))
    assert calm.effective and calm.rl < rl
    riled = negotiate(TABLES, rl, Talk(quality="poor"), dice(1))
    assert riled.rl > rl


def test_negotiation_factors():
    """Poor negotiator -4; not face to face -2; umpire's discretion +/-1."""
    result = negotiate(TABLES, 4, Talk(quality="poor", face_to_face=False, discretion=1), dice(6))
    assert result.modifiers == {"poor": -4, "not_face_to_face": -2, "discretion": 1}
    assert result.score == 6 - 4 - 2 + 1
    with pytest.raises(Refusal, match="discretion is at most"):
        negotiate(TABLES, 4, Talk(discretion=2), dice(6))


def test_negotiation_refused_with_shooting_or_gas_in_sight():
    with pytest.raises(Refusal, match="^Negotiation: .*shooting or gas"):
        negotiate(TABLES, 4, Talk(shooting_or_gas=True), dice(6))


def test_negotiation_range_of_voice_and_megaphone():
    """Normal voice 2", a megaphone or PA 8"."""
    assert negotiate(TABLES, 4, Talk(distance=2), dice(3)).effective
    with pytest.raises(Refusal, match='3" away'):
        negotiate(TABLES, 4, Talk(distance=3), dice(3))
    assert negotiate(TABLES, 4, Talk(distance=8, megaphone=True), dice(3)).effective
    with pytest.raises(Refusal, match='9" away'):
        negotiate(TABLES, 4, Talk(distance=9, megaphone=True), dice(3))


def test_negotiation_results_table_runs_from_riling_to_calming():
    changes = [negotiate(TABLES, 5, Talk(), dice(roll)).change for roll in range(1, 7)]
    assert changes == sorted(changes, reverse=True)
    assert changes[0] > 0 > changes[-1]
