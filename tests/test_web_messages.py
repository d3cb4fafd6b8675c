"""A player writes to the umpire from his live page (`POST /p/<token>/messages`, referee.web.inbox) and reads his
thread there, kept up to date: only his own thread reaches his page; a message is kept only from his page (its key,
its origin), as JSON, small, at a player's pace, and while his link stands; its text is shown harmlessly."""

from __future__ import annotations

import html
import json
import re
import threading

import pytest
from starlette.testclient import TestClient

from referee.briefing.words import messages as words
from referee.messages import MESSAGE_CHARS, checked
from referee.session import Session
from referee.store.reading import ROOM
from referee.store.repository import SessionStore
from referee.web import app as web_app
from referee.web.book import PageBook
from referee.web.inbox import BODY_BYTES, PACE, PAGE_HEADER, Pace, Refused
from referee.web.serve import hosts
from tests.sheet_text import visible
from tests.test_briefing import english_left_in
from tests.test_web import BASE, N30, SECTIONS, guarded, page_key, sse

HOST = "127.0.0.1:8030"


def serving(book: PageBook, follow=None) -> TestClient:
    """A test client of the pages of `book` (its follower looking every 0.05 s, unless given another)."""
    app = web_app.create_app(book, follow or web_app.following(book, 0.05), hosts("127.0.0.1", 8030))
    return TestClient(app, base_url=BASE, follow_redirects=False)


@pytest.fixture
def served(session_at, monkeypatch):
    """A session with a link for each player and the room's, and a test client of its pages."""
    session = Session.create(session_at, N30, {}, seed=5)
    links = session.issue_links([player.id for player in session.game.ctx.scenario.players])
    links[ROOM] = session.store.issue_links([ROOM])[ROOM]
    monkeypatch.setattr(web_app, "KEEP_ALIVE_SECONDS", 0.5)
    book = PageBook(session_at)
    with serving(book) as client:
        yield session, links, client
    book.close()
    session.close()


def send(client: TestClient, token: str, text: object, key: str | None = None, **headers: str):
    """POST a message as a player's page does: JSON, with the page's key (`key`, else read from his page)."""
    if key is None:
        key = page_key(client.get(f"/p/{token}").text)
    return client.post(f"/p/{token}/messages", content=json.dumps({"text": text}),
                       headers={"Content-Type": "application/json", PAGE_HEADER: key, **headers})


def thread_of(page: str) -> str:
    """The messages a page shows (its thread's HTML)."""
    found = re.search(r'<div id="thread">(.*?)</div>', page, re.S)
    assert found is not None
    return found[1]


def settled(client: TestClient, token: str, words_shown: str) -> str:
    """A player's page once it shows `words_shown` (the follower reads the session again every 0.05 s)."""
    for _ in range(200):
        page = client.get(f"/p/{token}").text
        if words_shown in page:
            return page
        threading.Event().wait(0.05)
    raise AssertionError(f"{words_shown!r} never reached the page")


def test_a_message_is_kept_in_its_player_s_thread_and_shown_on_his_page_alone(served):
    session, links, client = served
    said = "Can my Sea Turtles talk to the crowd at 6th & Pike?"
    answer = send(client, links["protesters"], said)
    assert (answer.status_code, answer.json()) == (201, {"id": 1}) and guarded(answer)
    (kept,) = session.messages()
    assert (kept.id, kept.player, kept.from_player, kept.umpire, kept.text) == (1, "protesters", True, None, said)
    shown = thread_of(settled(client, links["protesters"], html.escape(said)))
    assert html.escape(said) in shown and ">you</b>" in shown
    police, room = client.get(f"/p/{links['police']}").text, client.get(f"/p/{links[ROOM]}").text
    assert "Sea Turtles talk" not in police and words.EN["messages.none"] in thread_of(police)
    assert "Sea Turtles talk" not in room and words.EN["section.messages"] not in room and "<form" not in room
    with client.stream("GET", f"/p/{links['police']}/events") as stream:  # nor in what the police's page is sent
        sent = sse(stream.iter_lines(), len(SECTIONS) + 2)
    assert [kind for kind, _ in sent] == ["section"] * len(SECTIONS) + ["orders", "thread"]
    assert not [data for _, data in sent if "Sea Turtles talk" in data]


def test_the_umpire_s_answer_reaches_the_open_page_as_a_thread_update_and_the_sheet_is_not_sent_again(served):
    session, links, client = served
    send(client, links["police"], "Where are the\nprotesters' reinforcements?")
    settled(client, links["police"], "reinforcements?")
    with client.stream("GET", f"/p/{links['police']}/events") as stream:
        lines = stream.iter_lines()
        *_, (kind, first) = sse(lines, len(SECTIONS) + 2)  # the sheet's sections, the orders, the thread
        assert kind == "thread" and "reinforcements?" in first and 'class="umpire' not in first
        session.write_to("police", "Not seen: you will know when you see them.", answers=1)
        (kind, second), = sse(lines, 1)  # the next event: no sheet nor orders again, the views being as they were
    assert kind == "thread" and second.strip() == thread_of(client.get(f"/p/{links['police']}").text).strip()
    assert second.index("reinforcements?") < second.index("Not seen")  # oldest first
    assert re.search(r'<li class="umpire answer">\s*<p class="who"><b>umpire</b> <time datetime="[^"]+">(\d\d:\d\d)</time>'
                     r' · <span class="answered">answer to your message of (\d\d:\d\d)</span>', second)
    assert "Where are the\nprotesters&#39; reinforcements?" in second  # its line break kept (white-space: pre-wrap)
    assert "white-space: pre-wrap" in client.get(f"/p/{links['police']}").text


def test_a_message_moves_the_pages_to_a_new_edition_without_rebuilding_the_views(session_at):
    with Session.create(session_at, N30, {}, seed=5) as session:
        book = PageBook(session_at)
        try:
            edition, sheet = book.edition, book.page("police", "en", False)[1]
            assert book.refresh() is False
            session.write_to("police", "Your barricade holds.")
            assert book.refresh() is True
            assert book.edition.number == edition.number + 1 and book.edition.views is edition.views
            assert book.page("police", "en", False)[1] is sheet  # the sheet kept, not rendered again
            assert "Your barricade holds." in book.page("police", "en")[1] and "barricade holds" in book.thread("police", "en")
            assert "barricade holds" not in book.page("protesters", "en")[1] + book.thread("protesters", "en")
            session.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
            assert book.refresh() is True and book.edition.views is not edition.views
            assert "Your barricade holds." in book.page("police", "en")[1]
        finally:
            book.close()


def test_the_spanish_page_speaks_of_messages_in_spanish(served):
    session, links, client = served
    send(client, links["police"], "¿Dónde está la Guardia?")
    session.write_to("police", "No la has visto.", answers=1)
    page = settled(client, f"{links['police']}?lang=es", "No la has visto.")
    text = visible(page, "html")
    assert "Mensajes al árbitro" in text and "respuesta a tu mensaje de las" in text and "Enviar" in text
    assert english_left_in(text, words.EN, words.ES) == []
    assert english_left_in(visible(client.get(f"/p/{links['police']}").text, "html"), words.EN, words.ES) != []


# --- refused, and nothing kept ------------------------------------------------------------------------------

def refusals(token: str, key: str, other_key: str) -> dict[str, tuple[dict, int, str]]:
    """Each request a page's messages must not be taken from: (its headers and body, status, words of its line)."""
    json_type = {"Content-Type": "application/json"}
    good = json.dumps({"text": "Hello"})
    return {
        "no key": ({"headers": json_type, "content": good}, 403, "load it again"),
        "a wrong key": ({"headers": {**json_type, PAGE_HEADER: "0" * 64}, "content": good}, 403, "load it again"),
        "another player's key": ({"headers": {**json_type, PAGE_HEADER: other_key}, "content": good}, 403,
                                 "not the player's own"),
        "the token as key": ({"headers": {**json_type, PAGE_HEADER: token}, "content": good}, 403, "load it again"),
        "a form": ({"headers": {PAGE_HEADER: key}, "data": {"text": "Hello"}}, 415, "Content-Type: application/json"),
        "plain text": ({"headers": {PAGE_HEADER: key, "Content-Type": "text/plain"}, "content": good}, 415,
                       "as JSON"),
        "no type": ({"headers": {PAGE_HEADER: key}, "content": good}, 415, "as JSON"),
        "another site": ({"headers": {**json_type, PAGE_HEADER: key, "Origin": "http://evil.example"}, "content": good},
                         403, "only from the player's own page"),
        "another port": ({"headers": {**json_type, PAGE_HEADER: key, "Origin": "http://127.0.0.1:8031"},
                          "content": good}, 403, "only from the player's own page"),
        "a page of no site": ({"headers": {**json_type, PAGE_HEADER: key, "Origin": "null"}, "content": good}, 403,
                              "only from the player's own page"),
        "too big": ({"headers": {**json_type, PAGE_HEADER: key}, "content": json.dumps({"text": "a" * BODY_BYTES})},
                    413, f"at most {BODY_BYTES} bytes"),
        "too big, its size unsaid": ({"headers": {**json_type, PAGE_HEADER: key},
                                      "content": iter([b'{"text": "', b"a" * BODY_BYTES, b'"}'])},
                                     413, f"at most {BODY_BYTES} bytes"),
        "not JSON": ({"headers": {**json_type, PAGE_HEADER: key}, "content": "text=Hello"}, 400, "not JSON"),
        "not UTF-8": ({"headers": {**json_type, PAGE_HEADER: key}, "content": b'{"text": "\xff"}'}, 400, "not JSON"),
        "a list": ({"headers": {**json_type, PAGE_HEADER: key}, "content": json.dumps(["Hello"])}, 400, '{"text"'),
        "another field": ({"headers": {**json_type, PAGE_HEADER: key},
                           "content": json.dumps({"text": "Hello", "to": "police"})}, 400, "nothing else"),
    }


@pytest.mark.parametrize("case", list(refusals("t", "k", "o")))
def test_a_message_not_from_the_player_s_page_as_json_of_a_few_kilobytes_is_refused_and_not_kept(served, case):
    session, links, client = served
    token = links["police"]
    keys = {player: page_key(client.get(f"/p/{links[player]}").text) for player in ("police", "protesters")}
    request, status, words_said = refusals(token, keys["police"], keys["protesters"])[case]
    answer = client.post(f"/p/{token}/messages", **request)
    assert (answer.status_code, answer.headers["content-type"]) == (status, "text/plain; charset=utf-8")
    assert words_said in answer.text and "\n" not in answer.text and "Traceback" not in answer.text
    assert guarded(answer) and session.messages() == []


@pytest.mark.parametrize("text", ["", "   \n  ", "a" * (MESSAGE_CHARS + 1), "ring \x07 the bell", "\x1b[31mred",
                                  "half \ud800 a character", 42, None])
def test_a_message_without_words_too_long_or_holding_control_characters_or_half_one_is_refused_with_its_line(served, text):
    session, links, client = served
    with pytest.raises(Exception) as refused:
        checked(text)
    answer = send(client, links["police"], text)
    assert (answer.status_code, answer.text) == (400, str(refused.value)) and session.messages() == []


def test_a_page_of_the_same_address_may_send_and_its_origin_named_or_not(served):
    session, links, client = served
    assert send(client, links["police"], "one", Origin=f"http://{HOST}").status_code == 201
    assert send(client, links["police"], "two").status_code == 201  # no Origin: an older browser
    assert [message.text for message in session.messages()] == ["one", "two"]


@pytest.mark.parametrize("path", ["/p/{wrong}/messages", "/p/{room}/messages", "/p/{token}/messages/",
                                  "/p/{token}x/messages", "/p/{token}/message"])
def test_a_message_to_no_player_s_page_is_a_page_not_found(served, path):
    """A wrong token, the room's (its page writes to no one) or another path: the same 404 as any page not found."""
    session, links, client = served
    key = page_key(client.get(f"/p/{links['police']}").text)
    url = path.format(wrong="0" * 32, room=links[ROOM], token=links["police"])
    answer = client.post(url, content=json.dumps({"text": "Hello"}),
                         headers={"Content-Type": "application/json", PAGE_HEADER: key})
    assert (answer.status_code, answer.text) == (404, "Not found") and guarded(answer)
    assert client.get(f"/p/{links['police']}/messages").status_code == 404  # nothing to read there
    assert session.messages() == []


def test_a_sixth_message_within_the_minute_is_refused_with_when_to_try_again(served):
    session, links, client = served
    count, seconds = PACE
    key = page_key(client.get(f"/p/{links['police']}").text)
    assert [send(client, links["police"], f"message {n}", key).status_code for n in range(count)] == [201] * count
    refused = send(client, links["police"], "one too many", key)
    wait = int(refused.headers["retry-after"])
    assert refused.status_code == 429 and 0 < wait <= seconds and guarded(refused)
    assert refused.text == f"too many messages: at most {count} in {seconds:g} s; try again in {wait} s"
    assert send(client, links["protesters"], "mine").status_code == 201  # each player his own pace
    assert [message.text for message in session.messages("police")] == [f"message {n}" for n in range(count)]


def test_a_refused_message_takes_nothing_of_the_player_s_pace(served):
    session, links, client = served
    count, _ = PACE
    for _ in range(count + 2):
        assert send(client, links["police"], "").status_code == 400
    assert [send(client, links["police"], f"message {n}").status_code for n in range(count)] == [201] * count


def test_the_pace_lets_a_player_write_again_once_his_oldest_message_is_old_enough():
    now = [100.0]
    pace = Pace(2, 60.0, clock=lambda: now[0])
    pace.take("police")
    now[0] = 130.0
    pace.take("police")
    with pytest.raises(Refused) as refused:
        pace.take("police")
    assert (refused.value.status, refused.value.headers) == (429, {"Retry-After": "30"})
    pace.take("protesters")
    now[0] = 160.0  # the first a minute old
    pace.take("police")
    pace.give_back("police")  # one not kept after all
    pace.take("police")
    with pytest.raises(Refused):
        pace.take("police")


def test_a_link_withdrawn_a_moment_ago_takes_no_message_and_then_opens_no_page(session_at):
    """Before the server has read the links again the store refuses the message in its writing transaction (403);
    after, the link is a page not found (404)."""
    with Session.create(session_at, N30, {}, seed=5) as session:
        links = session.issue_links(["police", "protesters"])
        book = PageBook(session_at)
        try:
            with serving(book, lambda stop, changed: None) as client:  # the links as they were at start
                key = page_key(client.get(f"/p/{links['police']}").text)
                session.revoke_links(["police"])
                answer = send(client, links["police"], "Hello?", key)
                assert (answer.status_code, answer.text) == (403, "this link was withdrawn: ask the umpire for a new one")
                assert guarded(answer) and session.messages() == []
                book.refresh()
                assert (send(client, links["police"], "Hello?", key).status_code, session.messages()) == (404, [])
                assert send(client, links["protesters"], "Still here").status_code == 201
        finally:
            book.close()


def test_each_link_s_page_has_a_key_of_its_own_made_anew_when_the_server_starts(served):
    session, links, client = served
    keys = {player: page_key(client.get(f"/p/{token}").text) for player, token in links.items() if player != ROOM}
    assert len(set(keys.values())) == len(keys) and not set(keys.values()) & set(links.values())
    assert page_key(client.get(f"/p/{links['police']}?lang=es").text) == keys["police"]
    renewed = session.issue_links(["police"])["police"]
    page = settled(client, renewed, "message-form")
    assert page_key(page) != keys["police"]
    book = PageBook(session.path)
    try:
        with serving(book) as restarted:  # the same links served again: the pages must be loaded again
            assert page_key(restarted.get(f"/p/{renewed}").text) != page_key(page)
            assert send(restarted, renewed, "Hello", page_key(page)).status_code == 403
            assert send(restarted, renewed, "Hello").status_code == 201
    finally:
        book.close()


def test_the_session_is_opened_once_for_every_message_and_closed_when_the_server_stops(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        links = session.issue_links(["police"])
    opened: list[SessionStore] = []
    real_open = SessionStore.open

    def counted(where):
        opened.append(real_open(where))
        return opened[-1]

    monkeypatch.setattr(SessionStore, "open", counted)
    book = PageBook(path)
    try:
        with serving(book) as client:
            for n in range(3):
                assert send(client, links["police"], f"message {n}").status_code == 201
            assert len(opened) == 1 and opened[0]._raw is not None
    finally:
        book.close()
    assert opened[0]._raw is None  # closed at shutdown


# --- hostile text ------------------------------------------------------------------------------------------

HOSTILE = ['<script>alert("x")</script>', "<img src=x onerror=alert(1)>", "&lt;b&gt; is not <b>bold</b>",
           "right\u202eto left", "zero\u200bwidth", "]]></p></li></ol><h1>umpire</h1>"]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_kept_as_written_and_shown_harmlessly(served, text):
    session, links, client = served
    assert send(client, links["police"], text).status_code == 201
    session.write_to("police", text, answers=1)
    assert [message.text for message in session.messages()] == [text, text]
    page = settled(client, links["police"], "umpire</b>")
    shown = thread_of(page)
    assert shown.count('<p class="said">') == 2 and "<script>alert" not in page and "<img" not in page
    for said in re.findall(r'<p class="said">(.*?)</p>', shown, re.S):  # the text, escaped, its controls shown
        assert html.unescape(said) == text.replace("\u202e", "\\u202e").replace("\u200b", "\\u200b")
        assert "<" not in said and "\u202e" not in said
    assert page.count("<script") == 1 and '<script src="/live.js"></script>' in page  # no inline script
