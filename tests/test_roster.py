"""Who is yet to send orders (referee.roster, `referee orders --missing`): the players whose pages offer orders in
the phase the game is in and who sent none since it opened; in a phase the rules give one side (N30 3.1: the
protesters' movement phase, then the police's), only that side's players are waited for."""

from __future__ import annotations

import json
import subprocess
import sys

from referee.roster import waiting, yet_to_order
from referee.session import Session
from referee.store.reading import MessageRecord
from referee.store.repository import SessionStore

PROTESTERS, POLICE = ["protesters-1", "protesters-2"], ["police-1", "police-2"]


def order_from(path, player: str) -> None:
    """An order as a player's page keeps it (what it asks does not matter here)."""
    with SessionStore.open(path) as store:
        store.write_message(player, "Bananarchy to 5th & Olive", from_player=True,
                            command={"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})


def test_a_player_who_sent_an_order_since_the_phase_opened_is_no_longer_waited_for():
    def said(player: str, created: str, order: bool = True) -> MessageRecord:
        return MessageRecord(1, player, True, None, None, "…", created, {"do": "move"} if order else None)

    messages = [said("a", "2026-11-28T20:00:00+00:00"), said("b", "2026-11-28T20:10:00+00:00"),
                said("c", "2026-11-28T20:20:00+00:00", order=False)]
    assert yet_to_order("abcd", messages, None) == ("c", "d"), "a message is not an order"
    assert yet_to_order("abcd", messages, "2026-11-28T20:10:00+00:00") == ("a", "c", "d"), "one sent before it opened"


def test_each_phase_waits_for_the_side_whose_phase_it_is_and_counts_only_orders_sent_since_it_opened(tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        first = waiting(path)
        assert (first.phase, first.opened, first.players) == ("protester-movement", None, tuple(PROTESTERS)), \
            "3.1: the protesters move first; the police's top of a stack is not waited for"
        order_from(path, "protesters-1")
        assert waiting(path).players == ("protesters-2",)
        session.apply({"do": "end-phase"})
        police = waiting(path)
        assert police.phase == "police-movement" and police.opened is not None and police.players == tuple(POLICE)
        session.apply({"do": "undo"})
        again = waiting(path)
        assert (again.phase, again.opened, again.players) == ("protester-movement", None, ("protesters-2",))


def test_a_player_whose_units_were_handed_away_is_not_waited_for(tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
        assert waiting(path).players == ("protesters-1",)


def test_orders_missing_says_who_is_yet_to_send_orders(tmp_path):
    path = tmp_path / "s.db"
    Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3).close()
    order_from(path, "protesters-2")

    def run(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "referee", "orders", str(path), "--missing", *args],
                              capture_output=True, text=True, check=True)
        return done.stdout

    assert run() == "turn 1, protester-movement: yet to send orders: protesters-1\n"
    assert json.loads(run("--json")) == {"turn": 1, "phase": "protester-movement", "opened": None,
                                         "players": ["protesters-1"], "deadline": None, "standing": []}


def test_a_phase_that_offers_a_player_only_what_he_may_do_at_any_time_does_not_wait_for_him(tmp_path):
    """6.2: N30's top of a stack may be ordered at any time (`anytime`): in the confrontation (4) the protesters, who
    may only put a unit on top, are not waited for; in the success phase (5) no one is."""
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        session.apply({"do": "end-phase"})
        session.apply({"do": "end-phase"})
        confrontation = waiting(path)
        session.apply({"do": "end-phase"})
        success = waiting(path)
    assert confrontation.phase == "confrontation" and not set(confrontation.players) & set(PROTESTERS)
    assert (success.phase, success.players) == ("success", ())


def test_chicago_s_national_guard_at_any_point_does_not_make_green_s_steps_wait_for_the_police(tmp_path):
    """NATIONAL GUARD: blue may bring the Guard in (while green leads) or take it out "at any point": in green's
    move (HOW TO PLAY, step 1) only the demonstrators are waited for, in blue's the police too."""
    path = tmp_path / "s.db"
    with Session.create(path, "chicago/chicago-1968-commanders", {}, seed=3) as session:
        for command in ({"do": "move", "units": ["G1-01"], "to": "old-town"}, {"do": "end-phase"},
                        {"do": "conflict", "box": "old-town", "dice": [2]}):  # green wins there, and leads
            session.apply(command)
        while session.game.state.phase != "green-move":
            session.apply({"do": "end-phase"})
        green = waiting(path)
        while session.game.state.phase != "blue-move":
            session.apply({"do": "end-phase"})
        blue = waiting(path)
        scores = session.game.state.scores
    assert scores["demonstrators"] > scores["police"], "the Guard may come in"
    assert (green.phase, green.players) == ("green-move", ("yippies", "mobe"))
    assert blue.phase == "blue-move" and set(blue.players) == {"police-north", "police-south"}
