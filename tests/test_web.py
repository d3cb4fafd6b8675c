"""The players' live pages (`referee serve`, referee.web): each link opens one player's page, built from his view
alone through the same templates as his briefing; the page is sent again when the umpire's commands change it;
a wrong, missing or withdrawn token is a page not found, and nothing else is served."""

from __future__ import annotations

import html
import json
import re
import socket
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from referee import rulesets
from referee.briefing.environment import environment
from referee.briefing.i18n import Strings
from referee.briefing.render import render_live, render_sections
from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.knowledge.build import anchored, views
from referee.knowledge.export import view_json
from referee.session import Session
from referee.store.repository import SessionStore
from referee.web import app as web_app
from referee.web.book import SCRIPT, PageBook
from referee.web.serve import hosts
from tests.fog_support import in_sight, other
from tests.sheet_text import visible
from tests.test_bos_briefing import named_in, names_of
from tests.test_bos_game import _candidates

N30 = "n30/lock-down-hold-fast"
MOVE = {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}
BASE = "http://127.0.0.1:8030"


@pytest.fixture
def served(session_at, monkeypatch):
    """A session with a link for each player, and a test client of its pages as `serve` on BASE gives them (the
    follower looking every 0.05 s; a redirect is not followed but answered)."""
    session = Session.create(session_at, N30, {}, seed=5)
    links = session.issue_links([player.id for player in session.game.ctx.scenario.players])
    book = PageBook(session_at)
    monkeypatch.setattr(web_app, "KEEP_ALIVE_SECONDS", 0.5)
    app = web_app.create_app(book, web_app.following(book, 0.05), hosts("127.0.0.1", 8030))
    with TestClient(app, base_url=BASE, follow_redirects=False) as client:
        yield session, links, client
    book.close()
    session.close()


def guarded(answer) -> bool:
    """Whether an answer carries every security header of the pages, and sends nowhere else."""
    return all(answer.headers.get(name) == value for name, value in web_app.HEADERS.items()) \
        and "location" not in answer.headers


def sse(lines, count: int, *kinds: str) -> list[tuple[str, str]]:
    """The next `count` events of a stream's lines (of these `kinds`, if named; else but the page's key, sent on
    connecting): (event, data), keep-alive comments passed over."""
    found: list[tuple[str, str]] = []
    kind, data = "", []
    for line in lines:
        if line.startswith("event: "):
            kind = line[len("event: "):]
        elif line.startswith("data: "):
            data.append(line[len("data: "):])
        elif line == "" and kind:
            if kind in kinds or not kinds and kind != "key":
                found.append((kind, "\n".join(data)))
            kind, data = "", []
            if len(found) == count:
                return found
    return found


def page_key(page: str) -> str:
    """The key a page's message form carries (the header X-Referee-Page of what it sends)."""
    found = re.search(r'<form id="message-form" data-key="([0-9a-f]{64})"', page)
    assert found is not None
    return found[1]


SECTIONS = tuple(environment().get_template("_sheet.html.j2").blocks)  # a sheet's sections, in order


def sheet(path, player: str) -> dict[str, str]:
    """A player's sheet section by section as it stands, with the log's head it is of (as his page prints it)."""
    found = anchored(path)
    return render_sections(found.knowledge.view(player), found.knowledge.ctx.scenario.board, "en", found.head,
                           found.ended)


def updated(lines, shown: dict[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """A player's sheet section by section as his open page holds it after the next update its stream sends, and
    the names of the sections sent: on connecting (`shown` None) every section; after a command those that changed,
    up to `footer`, which carries the log's head and so changes with every command, in place of those it `shown`."""
    page, sent = dict(shown or {}), []
    while len(sent) < len(SECTIONS) if shown is None else "footer" not in sent:
        (_, data), = sse(lines, 1, "section")
        name, _, html = data.partition("\n")
        page[name] = html
        sent.append(name)
    return page, sent


def test_each_link_opens_its_player_s_page_built_as_his_briefing(served):
    session, links, client = served
    found = anchored(session.path)
    now, head = found.knowledge, found.head
    for player, token in links.items():
        page = client.get(f"/p/{token}")
        assert page.status_code == 200 and guarded(page)
        key = page_key(page.text)  # the key its messages carry (tests/test_web_messages.py)
        view, board = now.view(player), session.game.ctx.scenario.board
        for lang in ("en", "es"):  # his page: his sheet, the orders his view offers him, his thread
            forms = rulesets.get("n30").order_forms(view, board, Strings(lang, "n30"))
            assert client.get(f"/p/{token}?lang={lang}").text == render_live(view, board, lang, SCRIPT, head, thread=[],
                                                                            key=key, forms=forms)
        assert head[:8] in page.text  # the log's head, an anchor outside it (referee verify --head)
    police, protesters = client.get(f"/p/{links['police']}").text, client.get(f"/p/{links['protesters']}").text
    assert "Briefing: Police" in police and "Briefing: Protesters" in protesters
    assert "Briefing: Protesters" not in police


@pytest.mark.parametrize("path", ["/p/{wrong}", "/p/{wrong}/events", "/p/", "/p", "/", "/state", "/log", "/seed",
                                  "/p/{token}/../../state", "/p/{token}x", "/p/{short}", "/p/{token}/log",
                                  "/p/{TOKEN}", "/p/{token}/", "/p/{wrong}/", "/p/{token}/events/", "/live.js/"])
def test_a_wrong_missing_or_mangled_token_and_every_other_path_is_not_found_alike(served, path):
    """A trailing slash too, whatever the token: a page not found, never a redirect."""
    _, links, client = served
    token = links["police"]
    answer = client.get(path.format(wrong="0" * 32, token=token, short=token[:31], TOKEN=token.upper()))
    assert (answer.status_code, answer.text) == (404, "Not found") and guarded(answer)
    written = client.post(f"/p/{token}")  # nothing to write either
    assert written.status_code == 404 and guarded(written)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8030", "127.0.0.1:8031", "127.0.0.1", "",
                                  "192.168.1.20:8030"])
def test_a_request_for_a_host_not_served_is_refused_plainly(served, host):
    """Whatever the path, a valid token's page included: a 400, never a page and never a redirect to that host."""
    _, links, client = served
    for path in (f"/p/{links['police']}", f"/p/{links['police']}/", f"/p/{'0' * 32}/", f"/p/{links['police']}/events",
                 SCRIPT, "/state"):
        answer = client.get(path, headers={"host": host})
        assert (answer.status_code, answer.text) == (400, "Invalid host header") and guarded(answer)


def test_the_pages_answer_the_address_the_links_give_and_the_loopback_names(served):
    _, links, client = served
    for host in ("127.0.0.1:8030", "localhost:8030", "LocalHost:8030"):
        answer = client.get(f"/p/{links['police']}", headers={"host": host})
        assert answer.status_code == 200 and guarded(answer)
    assert hosts("192.168.1.20", 8030) == {"192.168.1.20:8030", "127.0.0.1:8030", "localhost:8030"}
    assert hosts("127.0.0.1", 80) == {"127.0.0.1:80", "localhost:80", "127.0.0.1", "localhost"}


def test_a_server_error_carries_the_headers_too(served, monkeypatch):
    _, links, client = served
    monkeypatch.setattr(PageBook, "page", lambda *args: 1 / 0)
    failing = TestClient(client.app, base_url=BASE, raise_server_exceptions=False)
    answer = failing.get(f"/p/{links['police']}")
    assert (answer.status_code, answer.text) == (500, "Internal Server Error") and guarded(answer)


def test_the_script_is_the_same_for_everyone_and_holds_nothing_of_the_game(served):
    _, _, client = served
    script = client.get(SCRIPT)
    assert script.status_code == 200 and script.headers["content-type"].startswith("text/javascript")
    assert guarded(script)
    assert "EventSource" in script.text and "Bananarchy" not in script.text


def test_an_open_page_is_sent_the_sheet_again_when_a_command_changes_it(served):
    """On connecting, the stream sends every section of the player's sheet; after a command, the sections that
    changed alone (not the reference card, the glossary or the other side's stacks, which a move of his leaves as
    they were), and the page then holds his sheet as it now stands."""
    session, links, client = served
    with client.stream("GET", f"/p/{links['protesters']}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream") and guarded(stream)
        lines = stream.iter_lines()
        first, sent = updated(lines)
        assert first == sheet(session.path, "protesters") and sent == list(SECTIONS)
        session.apply(MOVE)
        second, sent = updated(lines, first)
    assert second == sheet(session.path, "protesters")
    assert second != first and "5th &amp; Olive" in second["map"] + second["own"]
    assert {"map", "own", "feed", "footer"} <= set(sent) and not {"card", "glossary", "other"} & set(sent)


def test_a_player_s_stream_first_gives_the_key_his_page_carries(served):
    """On connecting, the stream says the key of this serving, which what the page sends must carry: a page loaded
    before the pages were served again (the umpire's machine restarted) takes the new one without a reload."""
    session, links, client = served
    with client.stream("GET", f"/p/{links['police']}/events") as stream:
        (kind, key), = sse(stream.iter_lines(), 1, "key", "section")
    assert kind == "key" and key == page_key(client.get(f"/p/{links['police']}").text)


def test_a_withdrawn_link_opens_nothing_and_its_open_page_is_told_so(served):
    session, links, client = served
    with client.stream("GET", f"/p/{links['police']}/events") as stream:
        lines = stream.iter_lines()
        assert sse(lines, 1)[0][0] == "section"
        session.revoke_links(["police"])
        assert sse(lines, 1, "gone") == [("gone", "")]
    assert client.get(f"/p/{links['police']}").status_code == 404
    assert client.get(f"/p/{links['protesters']}").status_code == 200
    renewed = session.issue_links(["police"])["police"]
    assert renewed != links["police"] and len(renewed) == 32 and int(renewed, 16) >= 0
    for _ in range(100):  # the follower reads the links again within its next look
        if client.get(f"/p/{renewed}").status_code == 200:
            break
        threading.Event().wait(0.05)
    assert client.get(f"/p/{renewed}").status_code == 200


def test_a_token_is_compared_in_constant_time_with_every_link(monkeypatch, tmp_path):
    """hmac.compare_digest with each link, whichever matches: no early exit that a clock could measure."""
    import hmac

    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        links = session.issue_links(["police", "protesters"])
    book = PageBook(path)
    compared: list[str] = []
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: compared.append(b.decode()) or a == b)
    assert book.player(links["police"]) == "police" and sorted(compared) == sorted(links.values())
    compared.clear()
    assert book.player("f" * 32) is None and len(compared) == 2
    book.close()


# --- the command line --------------------------------------------------------------------------------------

def test_links_lists_renews_and_withdraws_each_player_s_link(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("links", path).lines == ["protesters\tprotesters\t(no link: referee serve gives one)",
                                        "police\tpolice\t(no link: referee serve gives one)"]
    given = cli("links", path, "--reissue", "police", "--base", "http://10.0.0.5:8030/")
    assert given.code == 0 and re.fullmatch(r"police\tpolice\thttp://10\.0\.0\.5:8030/p/[0-9a-f]{32}", given.lines[1])
    again = cli("links", path, "--reissue", "police", "--base", "http://10.0.0.5:8030")
    assert again.lines[1] != given.lines[1]
    assert cli("links", path, "--revoke", "police").lines[1].endswith("(no link: referee serve gives one)")
    unknown = cli("links", path, "--revoke", "mayor")
    assert unknown.code == 2 and "unknown player 'mayor'" in unknown.err


def test_links_are_put_after_the_address_serve_last_gave(cli, tmp_path):
    """`links` without `--base` prints the address `serve` last served the session from (a port of its own), else
    the default port's."""
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("links", path, "--reissue", "police").lines[1].startswith("police\tpolice\thttp://127.0.0.1:8030/p/")
    with SessionStore.open(path) as store:
        store.serving_at("http://192.168.1.20:8771")
    assert cli("links", path).lines[1].startswith("police\tpolice\thttp://192.168.1.20:8771/p/")
    assert cli("links", path, "--base", "http://10.0.0.5:8030").lines[1].startswith("police\tpolice\thttp://10.0.0.5:8030/p/")


def test_links_follow_the_umpires_roles(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("umpires", path, "--set", "ann=all", "--set", "bob=police").code == 0
    refused = cli("links", path, "--reissue", "protesters", "--umpire", "bob")
    assert refused.code == 2 and refused.err == "referee: bob: the role police prints only the police's players' briefings\n"
    assert cli("links", path, "--reissue", "police", "--umpire", "bob").code == 0


def test_serve_on_a_port_taken_says_so_in_one_line(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        run = cli("serve", path, "--port", taken.getsockname()[1])
    assert run.code == 2 and re.fullmatch(r"referee: cannot listen on 127\.0\.0\.1:\d+ \(.*\): give another --port\n", run.err)


def test_serve_refuses_a_missing_session_before_listening(cli, tmp_path):
    run = cli("serve", tmp_path / "nowhere.db")
    assert (run.code, run.err) == (2, f"referee: no session database at {tmp_path / 'nowhere.db'}\n")


def test_the_links_are_json_free_of_secrets_in_the_log_and_the_review(cli, tmp_path):
    """A link is a secret: nothing the umpire prints or hands out besides `links` and `serve` shows it."""
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    token = cli("links", path, "--reissue", "police").lines[1].rsplit("/", 1)[1]
    assert cli("review", path, "--out", tmp_path / "r.html").code == 0
    assert cli("brief", path, "--all", "--out", tmp_path / "sheets").code == 0
    assert cli("export", path, "--out", tmp_path / "export", "--format", "json").code == 0
    shown = [cli("log", path, "--json").out, cli("state", path, "--json").out, (tmp_path / "r.html").read_text()]
    shown += [file.read_text() for folder in ("sheets", "export") for file in (tmp_path / folder).iterdir()]
    assert not [text for text in shown if token in text]
    assert json.loads(cli("state", path, "--json").out)["scenario"] == N30


# --- nothing leaks: the pages and every update under fog ----------------------------------------------------

def page_leaks(book: PageBook, game) -> list[str]:
    """What the pages (whole, and the sheet an update sends), in both languages, name of the other side that the
    player cannot see now and never saw: as the sheets' own leak test reads them (tests/test_bos_briefing.py)."""
    found = []
    for player in game.ctx.scenario.players:
        data = view_json(book.edition.views[player.id])
        stale = {u["id"] for u in data["units"] if u["side"] != player.side and not u["current"]}
        sight = in_sight(game.ctx, game.state, player.side)
        hidden = {u.id for u in game.state.units.values() if u.side == other(game.ctx, player.side)
                  and not (u.status == ACTIVE and u.node in sight)} - stale
        for lang in ("en", "es"):
            for whole in (True, False):
                text = visible(book.page(player.id, lang, whole)[1], "html", feed=False)  # the past: test_feed.py
                found += [f"{player.id} {lang} {'page' if whole else 'update'}: {name}" for uid in sorted(hidden)
                          for name in names_of(uid, lang) if named_in(text, name)]
    return found


def fog_session(tmp_path, seed: int, picks: list[int]):
    """A Battle of Seattle session under fog, played by random legal commands through the session."""
    path = tmp_path / f"fog-{seed}.db"
    path.unlink(missing_ok=True)
    session = Session.create(path, "bos/battle-of-seattle", {"fog": "on"}, seed=seed)
    for pick in picks:
        if session.game.state.over:
            break
        try:
            session.apply(_candidates(session.game, pick))
        except RefereeError:
            continue
    return session


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=120))
def test_under_fog_no_page_and_no_update_names_a_unit_out_of_sight(seed, picks):
    """Random legal play under fog: no unit of the other side out of sight now, but for the last sightings truly
    made, on any page or in any update, in either language."""
    with tempfile.TemporaryDirectory() as folder:
        session = fog_session(Path(folder), seed, picks)
        book = PageBook(session.path)
        try:
            assert page_leaks(book, session.game) == []
        finally:
            book.close()
            session.close()


def test_the_page_leak_check_bites(tmp_path, monkeypatch):
    """A knowledge that sees the whole map under fog is caught on the pages and in the updates."""
    from referee.rulesets.bos.knowledge import BosKnowledge

    session = fog_session(tmp_path, 7, list(range(0, 10**6, 9973))[:90])
    book = PageBook(session.path)
    assert page_leaks(book, session.game) == []
    monkeypatch.setattr(BosKnowledge, "sight", lambda self, side: set(self.ctx.scenario.board.nodes))
    book.close()
    book = PageBook(session.path)
    leaks = page_leaks(book, session.game)
    assert any(" es update: " in leak for leak in leaks) and any(" en page: " in leak for leak in leaks)
    book.close()
    session.close()


# --- the dashboard ----------------------------------------------------------------------------------------------

def test_the_dashboard_shows_each_player_s_link_as_a_qr_code_and_renews_or_withdraws_it(tmp_path):
    from referee.links import join_code
    from referee.tui.dialogs.links import LinksDialog, qr_text
    from tests.tui_support import drive, press, settle

    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        links = session.issue_links(["protesters", "police"])
        session.store.serving_at("http://192.168.1.20:8030")

    async def shown(pilot, app) -> tuple[str, str]:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, LinksDialog)
        return str(dialog.query_one("#links-player").render()), str(dialog.query_one("#links-code").render())

    async def script(pilot, app):
        await press(pilot, "L")
        first = await shown(pilot, app)
        await press(pilot, "n")
        second = await shown(pilot, app)
        await pilot.click("#renew")
        renewed = await shown(pilot, app)
        await pilot.click("#withdraw")
        withdrawn = await shown(pilot, app)
        return first, second, renewed, withdrawn

    first, second, renewed, withdrawn = drive(path, script)
    url = f"http://192.168.1.20:8030/p/{links['protesters']}"
    code = join_code(links["protesters"])
    assert first == (f"protesters (protesters):\n{url}\nor the code {code} at http://192.168.1.20:8030/join", qr_text(url))
    assert second[0].startswith("police (police):\nhttp://192.168.1.20:8030/p/") and links["police"] in second[0]
    assert "police" not in stored_links(path) and links["police"] not in renewed[0] and renewed[0].startswith("police (police):")
    assert withdrawn == ("police (police):\nno link yet: Renew gives one (and `referee serve` gives every player one)", "")


def stored_links(path) -> dict[str, str]:
    from referee.store.reading import open_reader

    reader = open_reader(path)
    try:
        return reader.player_links()
    finally:
        reader.close()


def test_a_printed_sheet_carries_its_player_s_own_link_and_no_other(cli, tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        links = session.issue_links(["protesters", "police"])
    assert cli("brief", path, "--all", "--out", tmp_path / "before").code == 0  # never served: no link to print
    assert "/p/" not in (tmp_path / "before" / "police.html").read_text()
    with Session.open(path) as session:
        session.store.serving_at("http://192.168.1.20:8030")
    for fmt in ("html", "md"):
        assert cli("brief", path, "--all", "--format", fmt, "--lang", "es", "--out", tmp_path / fmt).code == 0
        for player, another in (("police", "protesters"), ("protesters", "police")):
            sheet = (tmp_path / fmt / f"{player}.{fmt}").read_text()
            assert f"http://192.168.1.20:8030/p/{links[player]}" in sheet and links[another] not in sheet
            assert "en directo" in sheet
    assert "<svg" in (tmp_path / "html" / "police.html").read_text().split("live-link")[1]  # its QR code


def test_serve_without_the_web_server_says_which_extra_to_install(cli, tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if `referee[serve]` were not installed
    run = cli("serve", path)
    assert (run.code, run.err) == (2, "referee: the players' pages need the web server: pip install 'referee[serve]'\n")


@pytest.mark.parametrize("base", ["http://127.0.0.1:8030", "http://localhost:8030", "http://[::1]:8030"])
def test_a_link_no_phone_can_open_is_said_so_and_printed_with_no_qr_code(cli, tmp_path, base):
    from referee.links import LOCAL_ONLY, local_only
    from referee.tui.dialogs.links import LinksDialog
    from tests.tui_support import drive, press, settle

    assert local_only(base) and not local_only("http://192.168.1.20:8030") and not local_only("http://umpire.lan:80")
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        links = session.issue_links(["protesters", "police"])
        session.store.serving_at(base)
    for fmt, lang, words in (("html", "en", "opens only on the"), ("md", "es", "solo se abre en el ordenador")):
        assert cli("brief", path, "--player", "police", "--format", fmt, "--lang", lang, "--out", tmp_path / fmt).code == 0
        sheet = (tmp_path / fmt / f"police.{fmt}").read_text()
        assert links["police"] in sheet and words in sheet and "referee serve --lan" in sheet
    assert "<svg" not in (tmp_path / "html" / "police.html").read_text().split("live-link")[1]  # no QR code that fails
    listed = cli("links", path, "--base", base)
    assert listed.code == 0 and LOCAL_ONLY in listed.err
    assert LOCAL_ONLY not in cli("links", path, "--base", "http://192.168.1.20:8030").err

    async def script(pilot, app):
        await press(pilot, "L")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, LinksDialog)
        return str(dialog.query_one("#links-player").render()), str(dialog.query_one("#links-code").render())

    words, code = drive(path, script)
    assert LOCAL_ONLY in words and code == ""


def test_a_finished_game_says_so_on_every_page_and_sheet_with_its_result(cli, tmp_path):
    saved = tmp_path / "ended.db"
    assert cli("simulate", "n30/close-the-ring", "--seed", "5", "--save", saved).code == 0
    result = cli("log", saved).lines[-1].split("  ")[-1].strip()  # the log's line of the game's end
    assert result.startswith("Game over")
    book = PageBook(saved)
    try:
        for player in ("protesters", "police"):
            page = book.page(player, "en")[1]
            assert re.search(r"<p class=\"live ended\"[^>]*>The game is over", page)  # not "this page follows the game"
            assert f'<p class="ended">{html.escape(result)}</p>' in page  # the log's own words, "Game over: ..."
            spanish = Strings("es", "n30").data(result)  # in the sheet's words: "Fin de la partida: ..."
            assert spanish.startswith("Fin de la partida") and spanish != result
            assert f'<p class="ended">{html.escape(spanish)}</p>' in book.page(player, "es")[1]
            for orders in (page, book.orders(player, "en")):  # no "Now: ... wait for your phase" once it is over
                assert "The game is over: no more orders." in orders
                assert "Now: " not in orders and "wait for your phase" not in orders
    finally:
        book.close()
    assert cli("brief", saved, "--all", "--format", "md", "--out", tmp_path / "sheets").code == 0
    assert result in (tmp_path / "sheets" / "police.md").read_text().replace("\\", "")



def test_the_room_s_page_shows_what_everyone_knows_and_nothing_of_either_side(served, cli):
    from referee.store.reading import ROOM

    session, links, client = served
    room = session.store.issue_links([ROOM])[ROOM]
    with client.stream("GET", f"/p/{links['protesters']}/events") as stream:  # the pages follow the move...
        lines = stream.iter_lines()
        sse(lines, 1)
        session.apply(MOVE)
        first, _ = updated(lines)
        updated(lines, first)  # ...and have read the links again with it
    page = client.get(f"/p/{room}")
    assert page.status_code == 200 and guarded(page) and "The room" in page.text
    now = views(session.path)
    told = " ".join(now["police"].announcements)
    assert set(now["police"].announcements) == set(now["protesters"].announcements)  # what everyone is told
    for player in now.values():  # each side's own units and where they are expected: in neither's words
        for unit in player.own:
            if unit.name not in told:
                assert f">{html.escape(unit.name)}<" not in page.text and html.escape(unit.name) not in page.text
        for arrival in player.arrivals:
            assert f"{arrival.time} (tur" not in page.text
        assert player.role not in page.text and all(objective not in page.text for objective in player.objectives)
    assert all(html.escape(line) in page.text for line in now["police"].announcements)
    with client.stream("GET", f"/p/{room}/events") as stream:
        (kind, sheet), = sse(stream.iter_lines(), 1)
    assert kind == "sheet" and "The room" in sheet and "<script" not in sheet


def test_a_game_extended_at_its_end_is_followed_again_on_the_pages(cli, tmp_path):
    """Battle of Seattle 2.4: the players may agree to play on once the game has ended; the pages stop saying it ended."""
    saved = tmp_path / "bos.db"
    assert cli("simulate", "bos/battle-of-seattle", "--seed", "1", "--save", saved).code == 0
    book = PageBook(saved)
    try:
        assert '<p class="ended">' in book.page("protester", "en")[1]
        assert cli("apply", saved, stdin='{"do": "extend"}\n').code == 0
        book.refresh()
        page = book.page("protester", "en")[1]
        assert '<p class="ended">' not in page and "this page follows the game" in page
    finally:
        book.close()


def test_a_player_s_orders_come_before_his_reference_card_glossary_and_footer_on_his_live_page(served):
    """On a phone the page is read top to bottom: what he plays by (the map, his units, what happened to him), then
    his orders and messages, and only then the reference card, the glossary and the log's head, which a link at the
    top reaches; each still a section an update replaces."""
    session, links, client = served
    page = client.get(f"/p/{links['protesters']}").text
    assert page.index('data-part="feed"') < page.index('id="orders-heading"') < page.index('id="messages-heading"') \
        < page.index('data-part="card"') < page.index('data-part="glossary"') < page.index('data-part="footer"')
    assert '<a href="#card-title">Reference card</a>' in page and 'id="card-title"' in page
    assert all(page.count(f'data-part="{name}"') == 1 for name in SECTIONS)
