"""Replay in the dashboard (reviewing a session): the N30 screen steps through the log, as the umpire or as a player."""

from __future__ import annotations

from referee.tui.widgets.status_bar import StatusBar
from tests.tui_support import drive, make_session, press


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
