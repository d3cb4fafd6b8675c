"""Replay in the dashboard (reviewing a session): the N30 screen steps through the log, as the umpire or as a player."""

from __future__ import annotations

from referee.tui.widgets.status_bar import StatusBar
from tests.tui_support import drive, make_session, press


def test_the_n30_screen_shows_past_turns_and_what_a_player_knew_then(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", tuple({"do": "end-phase"} for _ in range(8)), hidden="weak")

    async def script(pilot, app):
        screen = app.screen
        now = screen.game.state.turn
        await press(pilot, "h", "less_than_sign", "less_than_sign")  # the start of this turn, then of the one before
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
    assert "HISTORY event" in status
    assert view is not None and view.turn == 2, "the player's view of that moment, not of now"
    assert history is None
