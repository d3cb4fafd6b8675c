"""A missing player's units handed to another of his side (`hand`, referee.rules.handing; RULINGS.md, "A player
missing"): the one handed them commands them from then on (his view, his page's order forms, what he is told of
them), the one who left none of them; given back, each commands his own again; a hand that cannot be is refused in
one line, the session as it was."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.errors import RefereeError
from referee.knowledge.build import player_view
from referee.orders import OrderForm, his_units
from referee.session import Session
from referee.store.reading import open_reader
from referee.web import app as web_app
from referee.web.book import PageBook
from referee.web.inbox import PAGE_HEADER
from tests.test_web import page_key
from tests.test_web_messages import serving

# (scenario, options, the player who stays, the one who leaves): a side of several players in each game
SHARED = [("n30/close-the-ring", {"seats": "4"}, "protesters-1", "protesters-2"),
          ("bos/battle-of-seattle-factions", {}, "anarchists", "radicals"),
          ("chicago/chicago-1968-commanders", {}, "yippies", "mobe"),
          ("wallman/town-centre-riot", {}, "hale", "okafor")]


def offered(path, session: Session, player: str) -> set[str]:
    """Every choice his page's order forms offer him now."""
    plugin = rulesets.get(session.game.ctx.scenario.ruleset)
    forms: tuple[OrderForm, ...] = plugin.order_forms(player_view(path, player), session.game.ctx.scenario.board,
                                                      Strings("en", plugin.id))
    return {choice.value for form in forms for field in form.fields for choice in field.choices}


def commanded(path, player: str) -> set[str]:
    return {unit.id for unit in his_units(player_view(path, player))}


@pytest.mark.parametrize("scenario, options, stays, leaves", SHARED)
def test_a_missing_player_s_units_handed_to_another_are_his_to_order_until_given_back(tmp_path, scenario, options,
                                                                                      stays, leaves):
    path = tmp_path / "s.db"
    with Session.create(path, scenario, options, seed=3) as session:
        before = {player: commanded(path, player) for player in (stays, leaves)}
        share = set(session.game.ctx.scenario.player(leaves).units or ())
        assert before[leaves] & share and not before[stays] & share
        session.apply({"do": "hand", "player": leaves, "to": stays})
        assert commanded(path, stays) == before[stays] | before[leaves] & share, "his own and the share handed him"
        assert commanded(path, leaves) == before[leaves] - share, "the one who left commands none of his units (Chicago: " \
            "the counters nobody commands yet stay everyone's, RULINGS.md 'Teams')"
        assert not offered(path, session, leaves) & share, "his page offers no order for the share he left"
        session.apply({"do": "hand", "player": leaves, "to": leaves})
        assert {player: commanded(path, player) for player in (stays, leaves)} == before, "given back: as they were"


def test_the_forms_of_the_player_handed_a_share_offer_its_units_orders(tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        share = set(session.game.ctx.scenario.player("protesters-2").units or ())
        assert not offered(path, session, "protesters-1") & share
        session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
        assert offered(path, session, "protesters-1") & share


def test_the_player_handed_a_share_is_told_what_its_units_do_from_then_on_only(tmp_path):
    """Knowledge is accumulated: what the share's units did before the hand is not told him, what they do after
    is (N30 move, 3.2)."""
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        plugin, board = rulesets.get("n30"), session.game.ctx.scenario.board
        words = Strings("en", "n30")

        share = session.game.ctx.scenario.player("protesters-2").units or ()

        def move_one(player: str) -> str:
            """A move his page offers, of a unit of protesters-2's share, carried out; the unit moved."""
            form = next(f for f in plugin.order_forms(player_view(path, player), board, words) if f.do == "move")
            unit_field, to_field = form.fields[0], form.fields[1]
            for unit in (choice for choice in unit_field.choices if choice.value in share):
                for place in to_field.choices:
                    try:
                        session.apply({"do": "move", "unit": unit.value, "to": place.value})
                    except RefereeError:
                        continue
                    return unit.value
            raise AssertionError(f"no move of {player}'s was allowed")

        def told(player: str, unit: str) -> bool:
            return any(unit in repr(entry) for entry in player_view(path, player).feed)

        earlier = move_one("protesters-2")
        session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
        later = move_one("protesters-1")
        assert told("protesters-1", later) and not told("protesters-1", earlier)


@pytest.mark.parametrize("command, line", [
    ({"player": "protesters-2", "to": "police-1"}, "hand: police-1 is not of protesters-2's side (protesters)"),
    ({"player": "protesters-9", "to": "protesters-1"}, 'hand: unknown player "protesters-9" in "player"'),
    ({"player": "protesters-2", "to": "protesters-2"}, "hand: protesters-2 commands protesters-2's share already"),
    ({"player": "protesters-2"}, 'hand: "to" is missing'),
    ({"player": "protesters-2", "to": "protesters-1", "units": []}, '"units"'),
])
def test_a_hand_that_cannot_be_is_one_line_exit_2_and_the_session_as_it_was(tmp_path, command, line):
    path = tmp_path / "s.db"
    Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3).close()
    run = subprocess.run([sys.executable, "-m", "referee", "apply", str(path)], input=json.dumps({"do": "hand", **command}),
                         capture_output=True, text=True)
    assert run.returncode == 2 and line in run.stderr and run.stderr.count("\n") == 1, run.stderr
    reader = open_reader(path)
    try:
        assert not [c for c in reader.commands() if c.body.get("do") == "hand"]
    finally:
        reader.close()


def test_a_share_is_handed_only_between_players_at_the_table(tmp_path):
    with Session.create(tmp_path / "s.db", "n30/close-the-ring", {"seats": "6"}, seed=3) as session:
        session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
        with pytest.raises(RefereeError, match="protesters-1 holds the share of protesters-2"):
            session.apply({"do": "hand", "player": "protesters-1", "to": "protesters-3"})
        with pytest.raises(RefereeError, match="protesters-2's own share is commanded by protesters-1"):
            session.apply({"do": "hand", "player": "protesters-3", "to": "protesters-2"})
        session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-3"})  # handed on
        assert session.state.handed == {"protesters-2": "protesters-3"}
    with Session.create(tmp_path / "t.db", "n30/close-the-ring", {}, seed=3) as session:
        with pytest.raises(RefereeError, match="protesters plays all his side's units"):
            session.apply({"do": "hand", "player": "protesters", "to": "protesters"})


def test_undo_gives_a_share_handed_back_and_the_log_says_who_commands_what(tmp_path):
    with Session.create(tmp_path / "s.db", "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        session.apply({"do": "hand", "player": "police-2", "to": "police-1"})
        assert session.state.handed == {"police-2": "police-1"}
        assert rulesets.get("n30").ruleset().narrate(session.game.events[-1]) == "Command: police-1 commands police-2's units"
        session.apply({"do": "undo"})
        assert session.state.handed == {}


def test_a_page_takes_orders_for_the_share_handed_its_player_and_no_longer_from_the_one_who_left(tmp_path, monkeypatch):
    """End to end through the pages: before the hand protesters-1's page refuses an order for protesters-2's unit;
    after it, his page takes it and protesters-2's refuses it (his forms offer it no more)."""
    path = tmp_path / "s.db"
    session = Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3)
    links = session.issue_links(["protesters-1", "protesters-2"])
    board, words = session.game.ctx.scenario.board, Strings("en", "n30")
    move = next(f for f in rulesets.get("n30").order_forms(player_view(path, "protesters-2"), board, words) if f.do == "move")
    unit = move.fields[0].choices[0].value
    order = {"do": "move", "unit": unit, "to": move.fields[1].choices[0].value}
    monkeypatch.setattr(web_app, "KEEP_ALIVE_SECONDS", 0.5)
    book = PageBook(path)
    try:
        with serving(book) as client:
            def send(player: str) -> int:
                token = links[player]
                key = page_key(client.get(f"/p/{token}").text)
                answer = client.post(f"/p/{token}/orders", content=json.dumps({"order": order}),
                                     headers={"Content-Type": "application/json", PAGE_HEADER: key})
                return answer.status_code

            assert send("protesters-1") == 400
            session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
            book.refresh()  # as its follower does within 0.05 s
            assert (send("protesters-1"), send("protesters-2")) == (201, 400)
            left = book.orders("protesters-2", "en")  # the one who left is told who gives his units' orders now
            assert "handed your units to protesters-1" in left and "No orders to give just now" not in left
            assert "handed your units" not in book.orders("protesters-1", "en")
    finally:
        book.close()
        session.close()
