"""Battle of Seattle under `referee simulate`: whole games of computer players, checked after every command.

After each command: no Exposure Index below zero (2.3); no more than two Crowds and one Barricade in an area
(5.2); every unit in exactly one place (an active unit once in its side's stack at its area, any other in no
stack); a unit removed from the game stays removed (6.3). At the end: the game is over after the last
game-turn with the level the indices give (8.0), and no command was refused. That the fold of the event log is
the live game is the conformance kit's (tests/test_conformance.py).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.units import ACTIVE
from referee.rulesets.bos.players.autoplay import AUTOPLAY
from referee.rulesets.bos.rules import forces, victory
from referee.rulesets.bos.rules.board import CROWDS_PER_AREA
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, PROTESTER, TYPES
from referee.scenario.catalog import load
from referee.simulate import game_seed, play, simulate

SCENARIO = "bos/battle-of-seattle"
KINDS = [("simple", "simple"), ("random", "random"), ("simple", "random"), ("random", "simple")]


class Watcher:
    """Checks the invariants after every command of one game, and counts the verbs applied."""

    def __init__(self):
        self.removed: set[str] = set()
        self.verbs: dict[str, int] = {}

    def __call__(self, game, command) -> None:
        state = game.state
        self.verbs[command["do"]] = self.verbs.get(command["do"], 0) + 1
        assert min(state.scores.values()) >= 0, f"2.3: an index below zero after {command}"
        placed: dict[str, tuple[str, str]] = {}
        for side, nodes in state.stacks.items():
            for node, ids in nodes.items():
                assert ids, f"an empty stack at {node}"
                for uid in ids:
                    assert uid not in placed, f"{uid} stands in two places after {command}"
                    placed[uid] = (side, node)
        crowds: dict[str, int] = {}
        for uid, unit in state.units.items():
            if unit.status == ACTIVE:
                assert placed.get(uid) == (unit.side, unit.node), f"{uid} at {unit.node} but stacked at {placed.get(uid)}"
                crowds[unit.site] = crowds.get(unit.site, 0) + (TYPES[unit.type].kind == CROWD)
            else:
                assert uid not in placed and unit.node is None, f"{uid} is {unit.status} but on the map"
            if uid in self.removed:
                assert unit.status == forces.REMOVED, f"{uid} came back into the game after {command}"
            elif unit.status == forces.REMOVED:
                self.removed.add(uid)
        assert max(crowds.values(), default=0) <= CROWDS_PER_AREA, f"5.2: three Crowds in an area after {command}"
        assert all(marks.count(BARRICADE) <= 1 for marks in state.markers.values()), f"5.2: two Barricades after {command}"


def check_game(seed: int, protester: str, authority: str, options: dict[str, str] | None = None) -> Watcher:
    watcher = Watcher()
    played = play(SCENARIO, options or {}, seed, protester, authority, keep_events=True, on_command=watcher,
                  checked=True)
    game, state = played.game, played.game.state
    assert played.refusals == [], "the players send only commands the rules take"
    assert state.over and state.turn == game.ctx.scenario.clock.turns
    assert state.local["level"] == victory.level(state.scores, state.local["stage_three"])
    return watcher


@pytest.mark.parametrize(("protester", "authority"), KINDS)
@pytest.mark.parametrize("index", range(6))
def test_whole_games_keep_the_invariants_2_3_and_5_2(protester, authority, index):
    check_game(game_seed(index, 0), protester, authority, {"extend": "on"} if index == 5 else None)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), kinds=st.sampled_from(KINDS),
       options=st.fixed_dictionaries({"reading": st.sampled_from(["english", "spanish"]),
                                      "spd_row": st.sampled_from(["table", "example"])}))
def test_any_seed_and_reading_plays_to_the_end(seed, kinds, options):
    check_game(seed, *kinds, options)


def test_random_players_use_every_command_of_3_0_to_7_3():
    """Random players reach every verb: the event and reinforcements (4.1-4.22), placement, losses, movement and
    the Reserve Pool (5.0-5.1), barricades (7.2), combat (6.1) and escalation (7.3)."""
    seen: dict[str, int] = {}
    for index in range(12):
        for verb, count in check_game(game_seed(index, 1), "random", "random").verbs.items():
            seen[verb] = seen.get(verb, 0) + count
    assert set(seen) >= {"events", "reinforce", "place", "emergency", "lose", "move", "barricade", "combat",
                         "escalate", "end-phase"}


def test_the_simple_authority_never_goes_to_stage_three_7_3():
    """7.3: a Stage Three Authority cannot win, so the simple player stays at Stage Two at most."""
    for index in range(10):
        played = play(SCENARIO, {}, game_seed(index, 2), "random", "simple")
        assert not played.game.state.local["stage_three"]


def test_the_simple_players_beat_the_random_ones():
    """The simple players pursue their aims (3.4, 8.0): each side's does better against a random opponent
    than a random player does in its place."""
    def lead(protester: str, authority: str) -> float:
        games = [play(SCENARIO, {}, game_seed(index, 3), protester, authority).game.state.scores for index in range(12)]
        return sum(ei[PROTESTER] - ei[AUTHORITY] for ei in games) / len(games)

    baseline = lead("random", "random")
    assert lead("simple", "random") > baseline + 20
    assert lead("random", "simple") < baseline - 10


def test_players_draw_from_their_own_generator_not_the_dice():
    """The same seed gives the same game; the players' choices come from a generator seeded from it."""
    first = play(SCENARIO, {}, 11, "random", "simple").commands
    assert play(SCENARIO, {}, 11, "random", "simple").commands == first
    assert play(SCENARIO, {}, 12, "random", "simple").commands != first
    assert AUTOPLAY.player("random", PROTESTER, 11).rng.random() != AUTOPLAY.player("random", AUTHORITY, 11).rng.random()


def test_simulate_repeats_with_the_seed_in_one_process_or_two():
    alone = simulate(SCENARIO, 6, 5, workers=1)
    shared = simulate(SCENARIO, 6, 5, workers=2)
    assert {k: v for k, v in alone.items() if k != "seconds"} == {k: v for k, v in shared.items() if k != "seconds"}
    assert set(alone["wins"]) == {PROTESTER, AUTHORITY} and sum(alone["wins"].values()) == 6


def test_simulate_on_the_command_line_and_the_saved_game(cli, tmp_path):
    """CONTRACT.md `referee simulate`: the documented object, the same for the same seed, `--player SIDE=KIND`;
    `--save` keeps the last game as a session `referee state` reads, over and judged (8.0)."""
    saved = tmp_path / "last.db"
    args = ("simulate", SCENARIO, "--games", "4", "--seed", "9", "--player", "authority=random")
    run = cli(*args, "--save", saved)
    assert run.code == 0, run.err
    result = json.loads(run.out)
    assert set(result) == {"scenario", "games", "seed", "wins", "mean_final_score", "seconds",  # CONTRACT.md's
                           "win_rate", "score_quartiles", "levels"}  # and what docs/cli.md adds
    assert result["scenario"] == SCENARIO and sum(result["wins"].values()) == 4
    again = json.loads(cli(*args).out)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in result.items() if k != "seconds"}
    final = json.loads(cli("state", saved, "--json").out)
    assert final["over"] is True and final["winner"] in (PROTESTER, AUTHORITY)
    last = play(load(SCENARIO), {}, game_seed(9, 3), "simple", "random").game.state
    assert final["ei"] == last.scores and final["winner"] == last.winner


def test_an_unknown_kind_of_player_is_refused(cli):
    run = cli("simulate", SCENARIO, "--games", "1", "--player", "protester=clever")
    assert run.code != 0 and "unknown player kind 'clever'" in run.err
