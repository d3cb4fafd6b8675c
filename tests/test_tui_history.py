"""Replay in the dashboard (reviewing a session): the N30 screen steps through the log, as the umpire or as a player."""

from __future__ import annotations

import pytest

from referee.tui.screens.umpire import IN_HISTORY
from referee.tui.widgets.status_bar import StatusBar
from tests import test_bos_game as bos
from tests.tui_support import drive, make_session, press

END = {"do": "end-phase"}


def test_the_n30_screen_shows_past_turns_and_what_a_player_knew_then(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", tuple({"do": "end-phase"} for _ in range(8)), hidden="weak")

    async def script(pilot, app):
        screen = app.screen
        now = screen.game.state.turn
        await press(pilot, "h", "less_than_sign")  # the log ends as turn 3 opens: back to the start of turn 2
        back = screen.shown.turn
        status = str(screen.query_one(StatusBar).render())
        await press(pilot, "v")
        view = screen.view
        await press(pilot, "greater_than_sign")
        forward = screen.shown.turn
        await press(pilot, "h")
        return now, back, status, view, forward, screen.history

    now, back, status, view, forward, history = drive(path, script)
    assert now == 3 and back == 2 and forward == 3
    assert "HISTORY 7/12: 22 reinforcements reach" in status, "the turn opened with its arrivals"
    assert view is not None and view.turn == 2, "the player's view of that moment, not of now"
    assert history is None


def test_branching_from_the_history_writes_a_what_if_session_and_leaves_this_one(tmp_path):
    """Reviewing a session: what-if from any past moment, the original never changed."""
    from referee.session import Session

    path = make_session(tmp_path, "n30/close-the-ring", tuple({"do": "end-phase"} for _ in range(8)))
    before = path.read_bytes()

    async def script(pilot, app):
        await press(pilot, "B")  # not in history: nothing
        await press(pilot, "h", "less_than_sign", "less_than_sign", "B")
        return app.screen.shown.to_json(), app.screen.history_seqs[app.screen.moment - 1]

    shown, seq = drive(path, script)
    assert path.read_bytes() == before
    branched = Session.open(tmp_path / f"s-what-if-{seq}.db")
    try:
        assert branched.state.to_json() == shown
    finally:
        branched.close()


@pytest.mark.parametrize("scenario, commands", [("n30/lock-down-hold-fast", (END, END)),
                                                ("bos/battle-of-seattle", (bos.QUIET, bos.DECLINE, END)),
                                                ("chicago/chicago-1968", (END, END)),
                                                ("wallman/town-centre-riot", (END, END))])
def test_in_history_every_action_key_says_the_screen_shows_the_past_and_does_nothing(tmp_path, scenario, commands):
    """An action that acts on the game, its key pressed while the screen shows the past: no form, no command, no
    rule's refusal of the moment shown, but how to return to now."""
    path = make_session(tmp_path, scenario, commands)
    before = path.read_bytes()

    async def script(pilot, app):
        screen, said = app.screen, {}
        await press(pilot, "h", "less_than_sign")
        for action in screen.ACTIONS:
            if not action.looks:
                await press(pilot, action.key)
                said[action.key] = (app.screen is screen, list(app._notifications)[-1].message)
        return screen.ACTIONS, said

    actions, said = drive(path, script)
    assert said == {action.key: (True, IN_HISTORY) for action in actions if not action.looks}
    assert path.read_bytes() == before
