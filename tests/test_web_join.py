"""Joining by code (docs/cli.md, `referee links --codes` and `referee serve`): each player's link has a short code,
printed on his sheet and given by `links --codes`; typed on the join page, which the room's page shows, it opens his
own page and no other; a withdrawn link's code opens nothing; codes are tried a few times a minute at most."""

from __future__ import annotations

import json
import threading

import pytest
from starlette.testclient import TestClient

from referee.links import CODE_LETTERS, join_code, typed_code
from referee.session import Session
from referee.store.reading import ROOM
from referee.web import app as web_app
from referee.web.book import PageBook
from referee.web.serve import hosts
from tests.test_web import BASE

N30 = "n30/close-the-ring"


@pytest.fixture
def served(tmp_path):
    """A session of four players in teams, a link for each and the room's, and a test client of its pages."""
    path = tmp_path / "s.db"
    session = Session.create(path, N30, {"seats": "4"}, seed=5)
    links = session.issue_links([player.id for player in session.game.ctx.scenario.players])
    links[ROOM] = session.store.issue_links([ROOM])[ROOM]
    book = PageBook(path)
    app = web_app.create_app(book, web_app.following(book, 0.05), hosts("127.0.0.1", 8030))
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        yield session, links, client
    book.close()
    session.close()


def test_a_code_is_eight_clear_letters_made_of_its_link_alone():
    code = join_code("0" * 32)
    assert code == join_code("0" * 32) != join_code("1" * 32)
    assert len(code) == 9 and code[4] == "-" and all(letter in CODE_LETTERS for letter in code.replace("-", ""))
    assert not set("01OI") & set(CODE_LETTERS)
    assert typed_code(f" {code.lower()[:4]} {code[5:].lower()} ") == code and typed_code(code.replace("-", "")) == code
    assert typed_code("K7QM-4XZ") == typed_code("K7QM-4XZ0") == typed_code("") == ""


def test_each_player_s_code_opens_his_own_page_and_no_other(served):
    session, links, client = served
    players = [player for player in links if player != ROOM]
    for player in players:
        answer = client.post("/join", content=json.dumps({"code": join_code(links[player]).lower()}),
                             headers={"Content-Type": "application/json"})
        assert answer.status_code == 200 and answer.json() == {"page": f"/p/{links[player]}"}
    assert len({join_code(links[player]) for player in players}) == len(players) == 4
    room = client.post("/join", json={"code": join_code(links[ROOM])})  # the room's link is no player's
    assert (room.status_code, room.text) == (404, "no player's page has this code: check it with the umpire")


@pytest.mark.parametrize("body, status, line", [
    ({"code": "K7QM"}, 400, "a code is eight letters and digits, as on your sheet: K7QM-4XZC"),
    ({"code": 7}, 400, 'send the code as {"code": "..."}'),
    ({"code": "K7QM-4XZC", "player": "police-1"}, 400, 'send the code as {"code": "..."}'),
    (["K7QM-4XZC"], 400, 'send the code as {"code": "..."}'),
])
def test_a_code_of_the_wrong_shape_is_refused_in_one_line(served, body, status, line):
    _, _, client = served
    answer = client.post("/join", json=body)
    assert (answer.status_code, answer.text) == (status, line)


def test_a_withdrawn_link_s_code_opens_nothing_and_a_new_one_has_a_new_code(served):
    session, links, client = served
    old = join_code(links["police-2"])
    new = session.issue_links(["police-2"])["police-2"]
    for _ in range(200):  # the server reads the links again within its poll
        if client.get(f"/p/{links['police-2']}").status_code == 404:
            break
        threading.Event().wait(0.05)
    assert client.post("/join", json={"code": old}).status_code == 404
    assert client.post("/join", json={"code": join_code(new)}).json() == {"page": f"/p/{new}"}


def test_codes_are_tried_at_most_ten_times_a_minute_from_one_address(served):
    _, links, client = served
    answers = [client.post("/join", json={"code": "AAAA-AAAA"}).status_code for _ in range(10)]
    refused = client.post("/join", json={"code": join_code(links["police-1"])})
    assert answers == [404] * 10 and refused.status_code == 429 and refused.headers["Retry-After"]


def test_the_room_s_page_shows_where_to_join_and_the_join_page_asks_for_the_code(served):
    _, links, client = served
    room = client.get(f"/p/{links[ROOM]}").text
    assert "Players: open http://127.0.0.1:8030/join and type the code on your sheet." in room and "<svg" in room
    page = client.get("/join?lang=es")
    assert page.status_code == 200 and "Tu código" in page.text and '<script src="/join.js">' in page.text
    assert client.get("/join.js").headers["content-type"].startswith("text/javascript")


def test_the_sheet_prints_the_code_under_the_link_and_links_codes_lists_them(cli, tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.store.serving_at("http://192.168.1.20:8030")
        links = session.issue_links(["protesters", "police"])
    assert cli("brief", path, "--player", "police", "--out", tmp_path).code == 0
    sheet = (tmp_path / "police.html").read_text()
    assert f"Or open http://192.168.1.20:8030/join and type the code {join_code(links['police'])}." in sheet
    listed = cli("links", path, "--codes", "--base", "http://192.168.1.20:8030")
    assert listed.lines == [f"protesters\tprotesters\t{join_code(links['protesters'])}",
                            f"police\tpolice\t{join_code(links['police'])}"]
    assert "the players type their codes at http://192.168.1.20:8030/join" in listed.err
