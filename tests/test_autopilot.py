"""A computer player at the live table (`referee autopilot`, the dashboard's `A`; referee.autopilot): in a phase in
which its player is yet to send orders and his side acts, it writes a computer player's commands as his orders,
named as its own, for the umpire to decide like any player's; in a game of teams only for his own units; never
twice a phase; a game without computer players is refused in one line."""

from __future__ import annotations

import json

import pytest

from referee.autopilot import follow, send_orders
from referee.briefing.render import render_thread
from referee.knowledge.build import player_view, recorded_at
from referee.orders import his_units
from referee.roster import waiting
from referee.session import Session
from referee.store.reading import open_reader
from referee.tui.dialogs.form import CommandForm
from tests.test_tui_inbox import until
from tests.test_tui_riot import fill
from tests.tui_support import drive, press

GAMES = ["n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968"]


def made(tmp_path, scenario: str, **options: str):
    path = tmp_path / "s.db"
    Session.create(path, scenario, dict(options), seed=5).close()
    return path


def first_waited_for(path) -> str:
    """The first player the session waits for orders from, skipping phases in which no one acts (the umpire's)."""
    for _ in range(8):
        found = waiting(path)
        if found.players:
            return found.players[0]
        with Session.open(path) as session:
            session.apply({"do": "end-phase"})
    raise AssertionError("no player was waited for")


@pytest.mark.parametrize("scenario", GAMES)
def test_the_computer_player_s_orders_reach_the_inbox_named_as_its_own_and_the_umpire_decides_them(cli, tmp_path,
                                                                                                  scenario):
    path = made(tmp_path, scenario)
    player = first_waited_for(path)
    run = cli("autopilot", path, "--player", player, "--once")
    assert run.code == 0 and run.out.startswith(f"{player}: orders ") and run.out.endswith(" written for the umpire "
                                                                                          "to decide\n")
    listed = json.loads(cli("orders", path, "--waiting", "--json").out)
    assert listed and {order["player"] for order in listed} == {player}
    assert all(line.split(" ", 2)[2].startswith(f"{player} (written by the computer player (")
               for line in cli("orders", path).lines if line.startswith("#"))
    assert player not in waiting(path).players  # his orders are in
    again = cli("autopilot", path, "--player", player, "--once")
    assert again.code == 0 and again.out == "" and "is not waited for in this phase" in again.err  # once a phase
    assert cli("execute", path, listed[0]["id"]).code == 0  # planned on this very state: only its dice differ
    assert len(listed) == 1 or cli("return", path, listed[-1]["id"], "Not that one.").code == 0
    assert cli("verify", path).code == 0
    assert cli("review", path, "--out", tmp_path / "r.html").code == 0
    assert "written by the computer player (" in (tmp_path / "r.html").read_text(encoding="utf-8")
    with Session.open(path) as session:  # his page names who wrote his orders: not he
        thread = render_thread(player_view(path, player), session.messages(player), "en")
    assert "<b>the computer player, for you</b>" in thread and "<b>you</b>" not in thread


def test_in_a_game_of_teams_it_orders_only_its_player_s_own_units(tmp_path):
    path = made(tmp_path, "n30/close-the-ring", seats="4")
    sent = send_orders(path, "protesters-2")
    reader = open_reader(path)
    try:
        view = recorded_at(reader).knowledge.view("protesters-2")
        kept = reader.messages()
    finally:
        reader.close()
    mine = {unit.id for unit in his_units(view)}
    assert sent.orders and {order.id for order in kept} == set(sent.orders)
    assert {order.command["unit"] for order in kept} <= mine < {unit.id for unit in view.own}


def test_it_writes_nothing_for_a_player_whose_side_does_not_act_now(tmp_path):
    path = made(tmp_path, "n30/close-the-ring")
    sent = send_orders(path, "police")  # 3.1: the protesters move first
    assert sent.orders == () and "police" in sent.why_none
    with Session.open(path) as session:
        assert session.messages() == []


def test_following_the_session_it_writes_each_phase_s_orders_once(tmp_path):
    path = made(tmp_path, "n30/close-the-ring")
    heard, looks = [], iter([False, False, True])
    follow(path, "protesters", None, 0, heard.append, lambda _: next(looks), every=0)
    assert [bool(sent.orders) for sent in heard] == [True]  # the session moved only by its own orders: no look again


@pytest.mark.parametrize("args, line", [
    (["--player", "okafor"], "referee: no computer players for wallman scenarios"),
    (["--player", "police", "--kind", "genius"], "referee: no computer player 'genius' (kinds: "),
    (["--player", "nobody"], "referee: no player 'nobody' (players: "),
])
def test_what_it_cannot_do_is_refused_in_one_line(cli, tmp_path, args, line):
    scenario = "wallman/town-centre-riot" if "okafor" in args else "n30/close-the-ring"
    path = made(tmp_path, scenario)
    run = cli("autopilot", path, *args, "--once")
    assert (run.code, run.out, len(run.err.splitlines())) == (2, "", 1) and run.err.startswith(line)


def test_the_dashboard_s_a_writes_a_computer_player_s_orders_into_the_inbox(tmp_path):
    path = made(tmp_path, "n30/close-the-ring")

    async def script(pilot, app):
        await press(pilot, "A")
        await fill(pilot, app, player="protesters")
        await until(pilot, lambda: app.screen.mail)
        return [str(told.message) for told in app._notifications], app.screen.mail

    told, mail = drive(path, script)
    assert mail and all(m.umpire == "computer player (objective)" and m.from_player for m in mail)
    assert any(said.endswith("orders from the computer player for protesters: I, the inbox, has them") for said in told)


def test_the_dashboard_s_a_offers_first_the_player_yet_to_send_orders_in_this_phase(tmp_path):
    """N30 3.1: in the police's movement phase the police are waited for, so the form is for them to begin with."""
    path = made(tmp_path, "n30/close-the-ring")
    with Session.open(path) as session:
        session.apply({"do": "end-phase"})
    assert waiting(path).players == ("police",)

    async def script(pilot, app):
        await press(pilot, "A")
        await until(pilot, lambda: isinstance(app.screen, CommandForm))
        return app.screen.query_one("#field-player").value

    assert drive(path, script) == "police"


@pytest.mark.parametrize("scenario, options, sees_own", [
    ("n30/close-the-ring", {"hidden": "weak"}, True), ("n30/close-the-ring", {"hidden": "strong"}, True),
    ("n30/close-the-ring", {"hidden": "none"}, False),
    ("bos/battle-of-seattle", {"fog": "on"}, True), ("bos/battle-of-seattle", {"fog": "off"}, False)])
def test_where_the_options_hide_anything_it_decides_on_its_side_s_knowledge_alone(tmp_path, monkeypatch, scenario,
                                                                                  options, sees_own):
    """6.2 (N30's `hidden`), Battle of Seattle's `fog` (2.2): where the options hide anything, its player decides on
    his side's knowledge, fed every event of the session from the opening, as `simulate --players-see own` does;
    else on the game."""
    from referee.scenario.catalog import load
    from referee.simulate import autoplay

    computer = autoplay(load(scenario))
    given, own_eyes = [], computer.own_eyes

    def spied(game, players):
        given.append((len(game.events), {player.side for player in players.values()}))
        return own_eyes(game, players)

    monkeypatch.setattr(computer, "own_eyes", spied)
    path = made(tmp_path, scenario, **options)
    player = first_waited_for(path)
    sent = send_orders(path, player)
    with Session.open(path) as session:
        opening = len(session.log()[0])
        side = session.game.ctx.scenario.player(player).side
    assert sent.orders and given == ([(opening, {side})] if sees_own else [])
