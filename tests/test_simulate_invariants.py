"""Whole simulated games, every scenario under every option combination, checked after every command.

After each command: every unit is in exactly one place (an active unit once in its side's stack
at its node, any other unit in no stack), no node holds more than 10 protester or 20 police
units (3), destroyed units stay destroyed, the success level stays within 0-200 (1.1), and only
the crowds carry an RL, only under crowd_mood: on the chart (1-8), an unorganized cluster's below
Rioting (7) and, with `on`, a radicalized cluster's at Rioting or above (4.3). At the end: the game
is over with the winner the score says (1.1, 5). That the fold of the event log is the live game is the
conformance kit's (tests/test_conformance.py).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.units import ACTIVE, DESTROYED
from referee.rulesets.n30.rules.limits import STACKING
from referee.rulesets.n30.rules.phases import PROTESTERS
from referee.scenario.catalog import load
from referee.simulate import game_seed, play

SCENARIOS = ("n30/lock-down-hold-fast", "n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets")
KINDS = [("objective", "objective"), ("random", "random"), ("objective", "random"), ("random", "objective")]


def combinations(scenario) -> list[dict[str, str]]:
    """Every combination of the scenario's option choices."""
    names = sorted(scenario.options)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(scenario.options[n].choices for n in names))]


class Watcher:
    """Checks the invariants after every command of one game."""

    def __init__(self):
        self.destroyed: set[str] = set()
        self.checked = 0

    def __call__(self, game, command) -> None:
        state = game.state
        placed: dict[str, tuple[str, str]] = {}
        for side, nodes in state.stacks.items():
            for node, ids in nodes.items():
                assert len(ids) <= STACKING[side], f"{len(ids)} {side} units at {node} after {command}"
                for uid in ids:
                    assert uid not in placed, f"{uid} stands in two places after {command}"
                    placed[uid] = (side, node)
        for uid, unit in state.units.items():
            if unit.status == ACTIVE:
                assert placed.get(uid) == (unit.side, unit.node), f"{uid} active at {unit.node} but stacked at {placed.get(uid)}"
            else:
                assert uid not in placed, f"{uid} is {unit.status} but stands in a stack at {placed[uid][1]}"
            if uid in self.destroyed:
                assert unit.status == DESTROYED, f"{uid} came back from destruction as {unit.status} after {command}"
            elif unit.status == DESTROYED:
                self.destroyed.add(uid)
        assert 0 <= state.scores[PROTESTERS] <= 200
        mood = game.ctx.options["crowd_mood"]
        held = mood == "on"
        for unit in state.units.values():
            rl = unit.attrs.get("rl")
            assert (rl is not None) == (mood != "off" and unit.type in ("unorganized", "radicalized")), unit.id
            if rl is not None:
                assert 1 <= rl <= 8 and (rl < 7 if unit.type == "unorganized" else rl >= 7 or not held), \
                    f"{unit.id}, {unit.type}, at RL {rl} after {command}"
        self.checked += 1


def check_game(scenario, options: dict[str, str], seed: int, protesters: str, police: str) -> None:
    watcher = Watcher()
    played = play(scenario, options, seed, protesters, police, keep_events=True, on_command=watcher, checked=True)
    game = played.game
    state = game.state
    assert played.refusals == []
    assert watcher.checked == len(played.commands)
    assert state.over
    score = state.scores[PROTESTERS]
    assert state.winner == ("protesters" if score >= scenario.target else "police")


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_every_option_combination_plays_to_the_end(scenario_id):
    scenario = load(scenario_id)
    for index, options in enumerate(combinations(scenario)):
        protesters, police = KINDS[index % len(KINDS)]
        check_game(scenario, options, game_seed(index, SCENARIOS.index(scenario_id)), protesters, police)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario_id=st.sampled_from(("n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets")),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    kinds=st.sampled_from(KINDS),
    data=st.data(),
)
def test_any_seed_keeps_the_invariants(scenario_id, seed, kinds, data):
    scenario = load(scenario_id)
    options = data.draw(st.sampled_from(combinations(scenario)))
    check_game(scenario, options, seed, *kinds)
