"""N30 success phase and the end of the game: sections 1.1, 1.2, 2, 5, 5.1-5.3."""

import pytest

from referee.errors import Refusal
from referee.rulesets.n30.rules.phases import CONFRONTATION
from referee.rulesets.n30.rules.success import blockaded, entrance, hotels, perimeter
from tests.n30_support import arrange, new_game


def gains(placement):
    game = arrange(new_game(), placement, phase=CONFRONTATION)
    events = game.apply({"do": "end-phase"})
    return game, [(e.data["source"], e.data["target"]) for e in events if e.kind == "success"]


def test_perimeter_breach_one_success_per_venue_regardless_of_police():
    """5.1: one success per target if protester units occupy an intersection it is reached from, police or not."""
    game, gained = gains({"7th & Pike": ["U1", "6/B", "7/B"]})
    assert ("5.1", "convention-center") in gained
    assert game.state.scores["protesters"] == len(gained)


def test_the_paramount_is_never_breached():
    """5.1, 1.3: the Paramount is reached only from 9th & Pine, which is out of play."""
    game = arrange(new_game(), {node: [f"U{i}"] for i, node in enumerate(["8th & Pine", "9th & Pike", "Terry & Pine"], 1)})
    assert "paramount" not in perimeter(game.ctx.scenario.board, game.state)


def test_hotel_blockaded_by_a_unit_on_its_intersection():
    """5.2: just one unit on the way blocks a path (Westin, from 5th & Olive)."""
    game = arrange(new_game(), {"5th & Olive": ["U1", "6/B"]})
    assert blockaded(game.ctx.scenario.board, game.state, "westin")


def test_hotel_blockade_needs_every_path_cut():
    """5.2: just one path, however circuitous, to the Convention Center breaks the blockade."""
    ring = {"4th & Olive": ["U1"], "6th & Olive": ["U2"], "5th & Pine": ["U3"], "4th & Pine": ["U4"]}
    board = arrange(new_game(), ring).ctx.scenario.board
    game = arrange(new_game(), ring)
    assert blockaded(board, game.state, "westin")
    del ring["4th & Pine"]
    game = arrange(new_game(), ring)
    assert not blockaded(board, game.state, "westin")


def test_hotels_blockaded_when_the_convention_center_is_sealed():
    """5.2: units holding every intersection the Convention Center is reached from cut every path to it."""
    game = arrange(new_game(), {})
    access = game.ctx.scenario.board.targets["convention-center"].access
    game = arrange(game, {node: [f"U{i}"] for i, node in enumerate(access, 1)})
    assert len(hotels(game.ctx.scenario.board, game.state)) == 6


def test_secret_service_entrance():
    """5.3: one success if protester units occupy any intersection of the Secret Service entrance."""
    game, gained = gains({"8th & University": ["U1", "CC-1"]})
    assert ("5.3", "secret-service") in gained
    assert entrance(game.ctx.scenario.board, game.state) == ["secret-service"]


def test_no_success_without_protesters_on_targets():
    """5: the success phase adds nothing when the protesters hold nothing."""
    game, gained = gains({"2nd & Seneca": ["U1"]})
    assert gained == [] and game.state.scores["protesters"] == 0


@pytest.mark.parametrize("scenario,start,target,turns", [
    ("n30/lock-down-hold-fast", 0, 160, 36), ("n30/close-the-ring", 0, 50, 8),
    ("n30/hold-the-line", 55, 115, 12), ("n30/reclaim-the-streets", 120, 180, 16),
])
def test_situations_have_their_length_starting_and_target_success(scenario, start, target, turns):
    """1.2: each situation has its own setup, length, starting and target scores."""
    game = new_game(scenario)
    assert (game.state.scores["protesters"], game.ctx.scenario.target, game.ctx.scenario.clock.turns) == (start, target, turns)


def test_reclaim_the_streets_may_start_at_the_setups_110():
    """1.2 says 120, the 11:00 setup (10) says 110: option `starting`."""
    assert new_game("n30/reclaim-the-streets", starting="setup").state.scores["protesters"] == 110


def test_game_ends_after_the_last_turn_and_the_police_win_below_target():
    """2, 1.1: the game ends after the last turn; the protesters win only at or above the target."""
    game = new_game("n30/close-the-ring")
    while not game.state.over:
        game.apply({"do": "end-phase"})
    ended = game.events[-1]
    assert ended.kind == "game-ended" and ended.turn == 8
    assert ended.data["winner"] == ("protesters" if ended.data["score"] >= 50 else "police")
    with pytest.raises(Refusal, match="^2: the game is over"):
        game.apply({"do": "end-phase"})


def test_protesters_win_at_exactly_the_target():
    """1.1: success equal to the target wins."""
    from dataclasses import replace

    game = new_game("n30/close-the-ring")
    game.state = replace(game.state, turn=8, phase="success", scores={"protesters": 50})
    assert game.apply({"do": "end-phase"})[-1].data["winner"] == "protesters"


def test_success_level_stays_within_0_and_200():
    """1.1: the success level runs 0-200."""
    from dataclasses import replace

    game = arrange(new_game(), {"7th & Pike": ["U1"], "5th & Olive": ["U2"], "8th & Union": ["U3"]}, phase=CONFRONTATION)
    game.state = replace(game.state, scores={"protesters": 199})
    game.apply({"do": "end-phase"})
    assert game.state.scores["protesters"] == 200
