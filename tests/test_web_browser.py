"""The live pages in a real browser: `referee serve` as a process, two players' pages open in Chromium (Playwright
with the system's Chromium), commands applied from the shell: each page follows within a second, and the police's
never shows what only the protesters know."""

from __future__ import annotations

import functools
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from referee.knowledge.build import views
from referee.session import Session
from referee.web.book import PageBook
from tests.browser import ARGS, CHROMIUM, axe_violations

N30 = "n30/lock-down-hold-fast"


def secrets(path, player: str) -> set[str]:
    """What a player's sheet says that the other side is never told: when his reinforcements arrive, as the sheet
    puts it in either language ("7:50 (turn 2), at the east edge", "7:50 (turno 2), por el borde este")."""
    return {f"{arrival.time} (tur" for arrival in views(path)[player].arrivals}


@pytest.fixture
def server(tmp_path):
    """A session and `referee serve` on it (a free port), with each player's page address."""
    path = tmp_path / "s.db"
    Session.create(path, N30, {}, seed=5).close()
    process = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(path), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    pages = {}
    for _ in range(2):
        side, player, url = process.stdout.readline().rstrip("\n").split("\t")
        pages[player] = url
    time.sleep(0.3)
    yield path, pages
    process.terminate()
    process.wait(timeout=10)


def apply(path, *commands: dict) -> None:
    done = subprocess.run([sys.executable, "-m", "referee", "apply", str(path)], capture_output=True, text=True,
                          input="".join(json.dumps(c) + "\n" for c in commands))
    assert done.returncode == 0, done.stderr


def sheet(page) -> str:
    return page.inner_text("#sheet")


def test_two_players_pages_follow_the_umpire_and_never_show_the_other_side_s_secrets(server):
    path, urls = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            # (the pages' Content-Security-Policy forbids eval, which Playwright's waiting uses: let it through)
            phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, bypass_csp=True)
            protesters, police = phone.new_page(), browser.new_context(bypass_csp=True).new_page()
            protesters.goto(urls["protesters"])
            police.goto(urls["police"] + "?lang=es")
            assert "Briefing: Protesters" in protesters.title() and "Policía" in police.title()
            for page, lang in ((protesters, "en"), (police, "es")):  # what a screen reader finds
                assert page.get_attribute("html", "lang") == lang and page.get_by_role("main").count() == 1
                forms = page.locator("form.order").count()  # how the page follows, what became of a message, of each order
                assert page.get_by_role("status").count() == 2 + forms and forms >= 1
                assert page.get_by_role("heading", level=1).count() == 1
            for page in (protesters, police):
                page.wait_for_function("document.getElementById('live-state').textContent.length > 0")
            theirs, ours = secrets(path, "protesters"), secrets(path, "police")
            assert theirs and all(note in sheet(protesters) for note in theirs)
            assert ours and all(note in sheet(police) for note in ours)  # each knows his own...
            assert [note for note in theirs - ours if note in sheet(police)] == []  # ...and not the other's
            assert [note for note in ours - theirs if note in sheet(protesters)] == []
            before = {name: sheet(page) for name, page in (("protesters", protesters), ("police", police))}

            apply(path, {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
            for name, page in (("protesters", protesters), ("police", police)):  # (how soon: benchmarks/serve_bench.py)
                page.wait_for_function("text => document.getElementById('sheet').innerText !== text",
                                       arg=before[name], timeout=10000)
            assert "Bananarchy" in sheet(protesters) and "5th & Olive" in sheet(protesters)
            assert [note for note in theirs - ours if note in sheet(police)] == []
            assert "Live:" in protesters.inner_text("#live-state") and "directo" in police.inner_text("#live-state")

            subprocess.run([sys.executable, "-m", "referee", "links", str(path), "--revoke", "police"], check=True,
                           capture_output=True)
            police.wait_for_function("document.getElementById('sheet').innerHTML === ''", timeout=10000)
            assert "retirado" in police.inner_text("#live-state")
            assert police.goto(urls["police"]).status == 404
        finally:
            browser.close()


def test_a_live_page_follows_in_words_a_screen_reader_announces_and_passes_axe(server):
    """The status line is a live region whose text changes at every update; the page has no accessibility violation
    that axe-core finds, on a phone and on a laptop."""
    path, urls = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
                page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
                page.goto(urls["protesters"])
                assert page.get_attribute("#live-state", "aria-live") == "polite"
                assert axe_violations(page) == [], viewport
            said = page.inner_text("#live-state")
            apply(path, {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
            page.wait_for_function("said => document.getElementById('live-state').textContent !== said", arg=said,
                                   timeout=10000)
            assert "Updated at" in page.inner_text("#live-state")
        finally:
            browser.close()


GAMES = {"n30/close-the-ring": "protesters", "bos/battle-of-seattle": "protester", "chicago/chicago-1968": "police",
         "wallman/town-centre-riot": "hale"}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """For a game, a session played a while: its live page, every player's sheet and the review, as files."""
    folder = tmp_path_factory.mktemp("printed")

    @functools.cache  # made once a game, however many tests ask for it
    def pages(game: str) -> list:
        scenario, player = next((scenario, player) for scenario, player in GAMES.items() if scenario.startswith(game))
        path = folder / f"{game}.db"
        if game == "wallman":  # no computer players: its opening and a turn's end
            made = subprocess.run([sys.executable, "-m", "referee", "new", scenario, "--seed", "3", "--predictable",
                                   "--db", str(path)], capture_output=True)
            assert made.returncode == 0, made.stderr
            apply(path, {"do": "end-phase"})
        else:
            made = subprocess.run([sys.executable, "-m", "referee", "simulate", scenario, "--seed", "2", "--save",
                                   str(path)], capture_output=True)
            assert made.returncode == 0, made.stderr
        for command in (["brief", str(path), "--all", "--out", str(folder / game)],
                        ["review", str(path), "--out", str(folder / game / "review.html")]):
            assert subprocess.run([sys.executable, "-m", "referee", *command], capture_output=True).returncode == 0
        book = PageBook(path)
        try:
            (folder / game / "live.html").write_text(book.page(player, "en")[1], encoding="utf-8")
        finally:
            book.close()
        return sorted((folder / game).glob("*.html"))

    return pages


@pytest.mark.parametrize("game", [scenario.split("/")[0] for scenario in GAMES])
def test_every_game_s_live_page_sheets_and_review_pass_axe_on_a_phone_and_a_laptop(printed, game):
    """axe-core finds no violation; on a phone the live page and the sheets scroll only where a map or a table
    scrolls within its own frame, never the whole page sideways, and his forces are listed a unit a line, every
    column on the screen."""
    files = printed(game)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
                page = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
                for file in files:
                    page.goto(file.as_uri())
                    assert axe_violations(page) == [], (file.name, viewport)
                    if viewport["width"] == 390:  # a phone never scrolls the page
                        assert page.evaluate("document.documentElement.scrollWidth") <= 390, file.name  # sideways
                        broken = page.evaluate(  # a heading of one word on more than one line: its word broken
                            "[...document.querySelectorAll('table.forces thead th')].filter(th => !/\\s/.test("
                            "th.textContent.trim())).filter(th => { const r = document.createRange(); "
                            "r.selectNodeContents(th); return r.getClientRects().length > 1; }).map(th => th.textContent)")
                        assert broken == [], f"{file.name}: {broken} broken over lines"
                        beyond = page.evaluate(  # his forces: every unit's counter and notes on the screen, unscrolled
                            "[...document.querySelectorAll('table.forces td')].filter(td => td.textContent.trim() && "
                            "td.getBoundingClientRect().right > window.innerWidth).map(td => td.textContent.trim())")
                        assert beyond == [], f"{file.name}: {beyond[:3]} off the screen's right edge"
                        key = page.evaluate(  # the map's key and targets stay on the screen, the map scrolled
                            "[...document.querySelectorAll('section.map figure')].map(f => { f.scrollLeft = "
                            "f.scrollWidth; const k = f.querySelector('figcaption.key').getBoundingClientRect(); "
                            "return [k.left, k.right]; })")
                        assert all(0 <= left and right <= 390 for left, right in key), (file.name, key)
                    if file.name == "live.html" and viewport["width"] == 390:  # map names readable on a phone
                        size = page.evaluate("Math.min(...[...document.querySelectorAll('svg.map text')]"
                                             ".filter(t => t.textContent.trim()).map(t => t.getBoundingClientRect().height))")
                        assert size >= 12, f"{game}: a map label {size:.1f} px high on a phone"  # was 6 to 8
        finally:
            browser.close()


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}],
                         ids=["phone", "laptop"])
def test_a_player_writes_to_the_umpire_and_reads_his_answer_without_reloading(server, viewport):
    """His message is sent from the page, the box cleared; the umpire's answer (`Session.write_to`) appears under it
    on the page as it stands, a draft in the box kept, and the status line says so; on a phone the box and the button
    fit the screen; the page passes axe-core with its messages."""
    path, urls = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            phone = viewport["width"] < 600
            page = browser.new_context(viewport=viewport, is_mobile=phone, bypass_csp=True).new_page()
            page.goto(urls["police"])
            page.wait_for_function("document.getElementById('live-state').textContent.includes('Updated')")  # following
            page.evaluate("window.loadedOnce = true")  # gone if the page were loaded again
            box, send = page.get_by_label("Your message to the umpire"), page.get_by_role("button", name="Send", exact=True)
            assert "The umpire reads what you write here" in page.inner_text("#thread")

            box.fill("   ")
            send.click()
            page.wait_for_function("document.getElementById('message-state').textContent.startsWith('Not sent')")
            assert page.inner_text("#message-state") == "Not sent: a message needs some words"
            assert page.get_attribute("#message-state", "role") == "status"

            box.fill("Can the Guard\nhold 6th & Pike?")
            send.click()
            page.wait_for_function("document.getElementById('thread').innerText.includes('hold 6th & Pike?')",
                                   timeout=10000)
            assert box.input_value() == "" and page.inner_text("#message-state").startswith("Sent")
            box.fill("a draft")
            with Session.open(path) as session:
                (asked,) = session.messages("police")
                session.write_to("police", "Yes, until the relief column comes.", answers=asked.id)
            page.wait_for_function("document.getElementById('thread').innerText.includes('Yes, until the relief column comes.')",
                                   timeout=10000)
            assert page.evaluate("window.loadedOnce") is True and box.input_value() == "a draft"
            assert "The umpire wrote to you" in page.inner_text("#live-state")
            said = page.locator("#thread li")
            assert said.count() == 2 and said.nth(0).inner_text().startswith("you")
            assert said.nth(0).locator(".said").inner_text() == "Can the Guard\nhold 6th & Pike?"  # its lines kept
            assert said.nth(1).inner_text().startswith("umpire") and "answer to your message of" in said.nth(1).inner_text()

            for element in (box, send):  # whole on the screen, side to side
                where = element.bounding_box()
                assert where is not None and where["x"] >= 0 and where["x"] + where["width"] <= viewport["width"]
            if phone:
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
                assert send.bounding_box()["height"] >= 44  # a finger's target
            assert axe_violations(page) == []

            protesters = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
            protesters.goto(urls["protesters"])
            theirs = protesters.inner_text("body")
            assert "hold 6th & Pike?" not in theirs and "relief column" not in theirs
        finally:
            browser.close()


def test_a_page_open_while_the_pages_are_served_again_follows_and_sends_without_reloading(tmp_path):
    """The umpire's machine restarts `referee serve` (as a phone asleep loses its connection): the page says it
    cannot reach it, then follows again by itself, shows the command applied meanwhile, and its message is taken
    (the key of the new serving reaches it), all without a reload."""
    path = tmp_path / "s.db"
    Session.create(path, N30, {}, seed=5).close()
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]

    def serve() -> tuple[subprocess.Popen, str]:
        process = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(path), "--port", str(port)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert process.stdout is not None
        url = dict(process.stdout.readline().rstrip("\n").split("\t")[1:] for _ in range(2))["police"]
        return process, url

    process, url = serve()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, bypass_csp=True).new_page()
            page.goto(url)
            page.wait_for_function("document.getElementById('live-state').textContent.includes('Updated')")
            page.evaluate("window.loadedOnce = true")
            process.terminate()
            process.wait(timeout=10)
            page.wait_for_function("document.getElementById('live-state').classList.contains('lost')", timeout=10000)
            apply(path, {"do": "end-phase"})
            process, _ = serve()
            page.wait_for_function("Array.from(document.querySelectorAll('#sheet b')).some(b => b.textContent === "
                                   "'Phase' && b.nextElementSibling.textContent === 'Police movement')", timeout=15000)
            page.get_by_label("Your message to the umpire").fill("Still there?")
            page.get_by_role("button", name="Send", exact=True).click()
            page.wait_for_function("document.getElementById('thread').innerText.includes('Still there?')", timeout=10000)
            assert page.evaluate("window.loadedOnce") is True
            assert [m.text for m in Session.open(path).messages("police")] == ["Still there?"]
        finally:
            browser.close()
            process.terminate()
            process.wait(timeout=10)


def test_a_message_of_one_long_word_never_widens_the_review(tmp_path):
    """A player's thousand characters without a space (pasted, or a prank) wrap within the review's page, on a phone
    and a laptop: the debrief never scrolls sideways."""
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.store.write_message("police", "x" * 1000, from_player=True)
    done = subprocess.run([sys.executable, "-m", "referee", "review", str(path), "--out", str(tmp_path / "r.html")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
                page = browser.new_context(viewport=viewport).new_page()
                page.goto((tmp_path / "r.html").as_uri())
                assert page.locator("text=" + "x" * 50).count() >= 1
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], viewport
        finally:
            browser.close()


def test_a_phone_s_map_opens_on_the_player_s_own_units_and_stays_where_he_scrolled_it(server):
    """The map, wider than a phone, scrolls in its frame: it opens on the police's own stacks (Lock Down, Hold
    Fast: downtown, east of the protesters' west edge), centred where they fit the screen, else from the westernmost,
    and a sheet sent again keeps his scroll."""
    path, urls = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, bypass_csp=True)
            police = phone.new_page()
            police.goto(urls["police"])
            police.wait_for_function("document.getElementById('live-state').textContent.length > 0")
            figure = "document.querySelector('#sheet .map figure')"
            opened = police.evaluate(f"{figure}.scrollLeft")
            frame, west, east = police.evaluate(f"""(() => {{
                const frame = {figure}.getBoundingClientRect();
                const boxes = [...{figure}.querySelectorAll('.mine')].map(unit => unit.getBoundingClientRect());
                return [[frame.left, frame.width], Math.min(...boxes.map(b => b.left)),
                        Math.max(...boxes.map(b => b.right))]; }})()""")
            left, width = frame
            if east - west <= width:  # his units in the middle, not the west edge at the left
                assert opened > 0 and abs((west + east) / 2 - left - width / 2) <= 2
            else:  # wider than the phone: from his westernmost, its place's name left room
                assert opened > 0 and abs(west - left - min(width / 4, 96)) <= 2
            police.evaluate(f"{figure}.scrollLeft = 40")
            before = sheet(police)
            apply(path, {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
            police.wait_for_function("text => document.getElementById('sheet').innerText !== text", arg=before,
                                     timeout=10000)
            assert police.evaluate(f"{figure}.scrollLeft") == 40
        finally:
            browser.close()


@pytest.mark.parametrize("game", [scenario.split("/")[0] for scenario in GAMES if not scenario.startswith("wallman")])
def test_a_phone_s_map_opens_with_the_player_s_westernmost_units_in_sight(printed, game):
    """Where a player's units are spread wider than a phone, the map cannot centre them all: it opens from his
    westernmost stack, with room left for its place's name, rather than cutting it at the frame's edge."""
    live = next(file for file in printed(game) if file.name == "live.html")
    script = (Path(__file__).parents[1] / "referee" / "web" / "live.js").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True).new_page()
            page.goto(live.as_uri())
            page.add_script_tag(content=script)  # the page's own script, as its server sends it
            frame, west = page.evaluate("""(() => {
                const figure = document.querySelector('#sheet .map figure');
                const boxes = [...figure.querySelectorAll('.mine')].map(unit => unit.getBoundingClientRect());
                const frame = figure.getBoundingClientRect();
                return [[frame.left, frame.right], Math.min(...boxes.map(b => b.left))]; })()""")
        finally:
            browser.close()
    assert frame[0] <= west <= frame[1], (frame, west)
