"""Stepping through the log (reviewing a session): any moment's state, by event, phase or turn, both ways."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.engine import replay
from referee.review.replay import EVERY, Replay
from referee.session import Session, stored_event
from referee.store.reading import open_reader


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> Replay:
    from referee.cli import main

    path = tmp_path_factory.mktemp("replay") / "game.db"
    assert main(["simulate", "n30/close-the-ring", "--games", "1", "--seed", "3", "--save", str(path)]) == 0
    return _replay(path)


def _replay(path: Path) -> Replay:
    reader = open_reader(path)
    try:
        events = [stored_event(r) for r in reader.events(set(reader.effective()))]
        commitment = reader.info.commitment
    finally:
        reader.close()
    game = Session.view(path).game
    return Replay(game.ctx, game.rules, events, commitment)


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_any_moment_is_the_fold_of_the_events_before_it(history, data):
    k = data.draw(st.integers(0, len(history)))
    expected = replay(history.rules, history.ctx, history.rules.initial(history.ctx), history.events[:k])
    assert history.state(k).to_json() == expected.to_json()


def test_the_last_moment_is_the_session_as_it_stands(history):
    assert len(history) > 2 * EVERY
    assert history.state(len(history)).over


def test_stepping_by_event_phase_and_turn_both_ways(history):
    assert history.step(10, "event", True) == 11 and history.step(10, "event", False) == 9
    assert history.step(0, "event", False) == 0 and history.step(len(history), "event", True) == len(history)
    k = history.step(history.step(0, "turn", True), "turn", True)  # the start of turn 2
    assert history.events[k - 1].kind == "turn-begun" and history.state(k).turn == 2
    later = history.step(k, "turn", True)
    assert history.state(later).turn == 3 and history.step(later, "turn", False) == k
    phase = history.step(k, "phase", True)
    assert history.state(phase).phase != history.state(k).phase and phase < later
    assert history.step(0, "turn", False) == 0


def test_a_players_view_at_a_past_moment(history):
    k = history.step(history.step(0, "turn", True), "turn", True)
    view = history.view(k, "police")
    assert view.turn == history.state(k).turn == 2
    assert {s.node for s in view.sightings} == {u.node for u in history.state(k).units.values()
                                                if u.side == "protesters" and u.status == "active"}
