"""RL State Chart: the rolls the crowds owe ("Roll 1d6 per crowd ... SF charge, threaten, shoot at, or otherwise try
to influence the crowd; Additional SF forces come into view"), kept by the game itself: whatever applied the
command, across undo, redo and a restart, and the same on the checklist and in `referee state`."""

from __future__ import annotations

from referee.rulesets.wallman.rules.crowds import CHART
from referee.rulesets.wallman.rules.rolls import owed
from referee.rulesets.wallman.rules.todo import todo
from referee.rulesets.wallman.umpire import state_text
from referee.session import Session
from tests.wallman_game import SCENARIO, do, new_game, put


def test_a_roll_applied_through_the_session_clears_it_undo_brings_it_back_and_a_restart_keeps_it(tmp_path):
    """RL State Chart: Panda 1 coming into view of the Station crowd calls for its roll, until it is rolled."""
    path = tmp_path / "riot.db"
    with Session.create(path, SCENARIO, {}, 3) as session:
        session.apply({"do": "move", "unit": "Panda 1", "to": "Station Approach"})
        assert owed(session.game.state) == {"Station crowd": "Panda 1 closing in"}
    with Session.open(path) as session:  # a restart: the roll is still owed, on the checklist too
        assert owed(session.game.state) == {"Station crowd": "Panda 1 closing in"}
        assert [(i.subject, i.section) for i in todo(session.game.ctx, session.game.state)
                if i.required] == [("Station crowd", CHART)]
        session.apply({"do": "rl", "crowd": "Station crowd"})
        assert owed(session.game.state) == {}
        session.apply({"do": "undo"})
        assert owed(session.game.state) == {"Station crowd": "Panda 1 closing in"}
        session.apply({"do": "redo"})
        assert owed(session.game.state) == {}


def test_referee_state_names_the_rolls_owed():
    """RL State Chart: `referee state` says which crowds owe a roll and why, as the dashboard does."""
    game = new_game()
    assert "RL roll due (RL State Chart): none" in state_text(game)
    do(game, "move", unit="Panda 1", to="Station Approach")
    assert "RL roll due (RL State Chart): Station crowd (Panda 1 closing in)" in state_text(game)


def test_a_crowd_drifting_into_view_of_police_owes_a_roll():
    """RL State Chart: 'Additional SF forces come into view': the crowd's own drift brings them into view."""
    game = put(new_game(), {"Panda 1": "Church Lane"})
    do(game, "drift", 3, 3, 2, crowd="Estate youths")  # 6": one place, the second of two ways (Bus Station)
    assert game.state.units["Estate youths"].node == "Bus Station"
    assert owed(game.state) == {"Estate youths": "Panda 1 in view"}


def test_police_leaving_a_crowds_place_are_withdrawing_not_coming_into_view():
    """RL State Chart: 'Ordinary police or soldiers in sight withdrawing' is a factor of its own."""
    game = put(new_game(), {"Foot Patrol": "Market Square"})
    do(game, "move", unit="Foot Patrol", to="Corn Exchange")
    assert owed(game.state)["Town Hall protest"] == "Foot Patrol withdrawing"
