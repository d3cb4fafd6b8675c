"""The dashboard's `H`: who is yet to send orders in this phase, and a missing player's units handed to a teammate
or given back (the shared `hand`, docs/cli.md "Every ruleset"; RULINGS.md, "A player missing")."""

from __future__ import annotations

from referee.session import Session
from tests.test_roster import order_from
from tests.test_tui_inbox import until
from tests.test_tui_riot import fill
from tests.tui_support import drive, make_session, press, screen_lines

FORM_NOTE = ".form-note"


def test_h_says_who_is_yet_to_send_orders_and_hands_a_share_then_gives_it_back(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3, seats="4")
    order_from(path, "protesters-1")

    async def script(pilot, app):
        await press(pilot, "H")
        await until(pilot, lambda: app.screen.query(FORM_NOTE))
        note = str(app.screen.query_one(FORM_NOTE).render())
        chosen = app.screen.query_one("#field-player").value  # the one yet to send orders, chosen already
        await fill(pilot, app, player="protesters-2", to="protesters-1")
        handed = dict(app.session.game.state.handed)
        await press(pilot, "H")
        await until(pilot, lambda: app.screen.query(FORM_NOTE))
        again = str(app.screen.query_one(FORM_NOTE).render())
        await fill(pilot, app, player="protesters-2", to="protesters-2")
        return note, handed, again, "\n".join(screen_lines(app)), chosen

    note, handed, again, screen, chosen = drive(path, script)
    assert chosen == "protesters-2"
    assert "Yet to send orders this phase: protesters-2" in note and "Every player commands his own units" in note
    assert handed == {"protesters-2": "protesters-1"}
    assert "Handed now: protesters-1 commands protesters-2's units" in again
    assert "Command: every player commands his own units" in screen
    with Session.open(path) as session:
        assert session.state.handed == {}


def test_h_in_a_game_of_one_player_a_side_says_who_is_yet_to_send_orders_and_that_there_is_no_share_to_hand(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)

    async def script(pilot, app):
        await press(pilot, "H")
        await until(pilot, lambda: app._notifications)
        return [n.message for n in app._notifications]

    assert any(told.startswith("Yet to send orders this phase: protesters. ") and "no share to hand" in told
               for told in drive(path, script))
