"""Orders end to end in a real browser (Playwright in Debian's Chromium): `referee serve` as a process, two players'
pages (a phone and a laptop) each fill in an order form as it stands and send it; the umpire, at the command line,
carries one out and sends the other back with a word; both pages show what became of their order without a reload,
the first player's sheet the move made, and each page passes axe-core with its forms; a deadline reaches the page,
whose words turn to "closed" once it has passed."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import sync_playwright

from referee.knowledge.build import player_view
from referee.session import Session
from tests.browser import ARGS, CHROMIUM, axe_violations

PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
GAMES = [("n30/close-the-ring", {"seats": "4"}, "protesters-1", "protesters-2", "move",
          {"unit": "Bananarchy", "to": "5th & Olive"}),
         ("wallman/town-centre-riot", {}, "okafor", "hale", "move", {"unit": "Riot Van 1", "to": "Market Cross"})]
"""(scenario, options, the first player, the second, the order each sends, what the first chooses: a legal one)."""


@pytest.fixture
def served(tmp_path, request):
    """A session of the game asked for and `referee serve` on it (a free port), with each player's page address."""
    scenario, options = request.param[:2]
    path = tmp_path / "s.db"
    with Session.create(path, scenario, options, seed=5) as session:
        players = len(session.game.ctx.scenario.players)
    process = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(path), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    pages = dict(process.stdout.readline().rstrip("\n").split("\t")[1:] for _ in range(players))
    time.sleep(0.3)
    yield path, pages, request.param[2:]
    process.terminate()
    process.wait(timeout=10)


def referee(*args: object) -> str:
    done = subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def send(page, verb: str, chosen: dict[str, str]) -> str:
    """Fill in the page's form of `verb` as a player would, with the values `chosen` (by key) and else the last
    choice of each list, and send it; the words the form's legend says."""
    form = page.locator(f'form.order[data-do="{verb}"]')
    for select in form.locator("select").all():
        values = [v for v in select.locator("option").evaluate_all("os => os.filter(o => !o.disabled).map(o => o.value)")
                  if v]
        select.select_option(chosen.get(select.get_attribute("name") or "", values[-1]))
    for many in form.locator('fieldset[data-kind="many"]').all():
        many.locator("input").first.check()
    for text in form.locator('input[data-kind="text"]').all():
        text.fill("Hold the corner")
    legend = form.locator("legend").first.inner_text()
    form.get_by_role("button").click()
    page.wait_for_function("document.getElementById('thread').innerText.includes('waiting for the umpire')",
                           timeout=10000)
    return legend


def opened(browser, url: str, viewport: dict[str, int], mobile: bool = False):
    """A player's page opened in a new context of `browser`, once it says it is following the session."""
    page = browser.new_context(viewport=viewport, is_mobile=mobile, bypass_csp=True).new_page()
    page.goto(url)
    page.wait_for_function("document.getElementById('live-state').textContent.includes('Updated')")
    return page


@pytest.mark.parametrize("served", GAMES, indirect=True, ids=[game[0] for game in GAMES])
def test_two_players_send_orders_the_umpire_carries_one_out_and_sends_the_other_back(served):
    path, urls, (first, second, verb, chosen) = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            phone, laptop = opened(browser, urls[first], PHONE, mobile=True), opened(browser, urls[second], LAPTOP)
            for page in (phone, laptop):
                page.evaluate("window.loadedOnce = true")  # gone if the page were loaded again
                assert page.locator(f'form.order[data-do="{verb}"]').count() == 1
                send(page, verb, chosen if page is phone else {})
                if page is phone:  # the word that it was sent stays until he begins another order
                    state = page.locator(f'form.order[data-do="{verb}"] .order-state')
                    assert state.inner_text().startswith("Order sent")
                    page.locator(f'form.order[data-do="{verb}"] select').first.select_option(index=1)
                    assert state.inner_text() == ""
                    button = page.locator(f'form.order[data-do="{verb}"] button')
                    where = button.bounding_box()
                    assert where is not None and where["height"] >= 44 and where["x"] + where["width"] <= PHONE["width"]
                    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
                    page.evaluate("window.scrollTo(0, document.getElementById('sheet').offsetHeight / 2)")
                    jump = page.locator("nav.jump").bounding_box()  # his orders a tap away, deep in his sheet
                    assert jump is not None and 0 <= jump["y"] <= 1, jump
                assert axe_violations(page) == []

            listed = json.loads(referee("orders", path, "--waiting", "--json"))
            assert [(o["player"], o["order"]["do"]) for o in listed] == [(first, verb), (second, verb)]
            before = phone.inner_text("#sheet")
            referee("execute", path, listed[0]["id"], "--say", "On your way.")
            referee("return", path, listed[1]["id"], "That street is closed: try another.")

            phone.wait_for_function("document.getElementById('thread').innerText.includes('On your way.')",
                                    timeout=10000)
            laptop.wait_for_function("document.getElementById('thread').innerText.includes('try another')",
                                     timeout=10000)
            mine, theirs = phone.inner_text("#thread"), laptop.inner_text("#thread")
            assert "carried out" in mine and "waiting for the umpire" not in mine
            assert "What came of it:" in mine and "What came of it:" not in theirs  # his unit's move, as his feed has it
            assert "sent back" in theirs and "waiting for the umpire" not in theirs
            phone.wait_for_function("before => document.getElementById('sheet').innerText !== before", arg=before,
                                    timeout=10000)
            assert phone.evaluate("window.loadedOnce") is True and laptop.evaluate("window.loadedOnce") is True
            assert "On your way." not in theirs and "try another" not in mine  # each his own thread alone

            soon = (datetime.now(UTC) + timedelta(seconds=3)).replace(microsecond=0).isoformat()
            subprocess.run([sys.executable, "-m", "referee", "apply", str(path)], check=True, capture_output=True,
                           input=json.dumps({"do": "deadline", "at": soon}), text=True)
            phone.wait_for_function("document.querySelector('#orders [data-due]') !== null", timeout=10000)
            assert "Now: " in phone.inner_text("#orders")  # the phase the game is in, above his forms
            assert "Send your orders by" in phone.inner_text("#orders") or "Orders closed at" in phone.inner_text("#orders")
            phone.wait_for_function("document.getElementById('orders').innerText.includes('Orders closed at')",
                                    timeout=15000)  # the page's own clock turns the words once it has passed
        finally:
            browser.close()


@pytest.mark.parametrize("served", GAMES[:1], indirect=True, ids=[GAMES[0][0]])
def test_a_player_keeps_an_order_as_his_standing_order_and_stops_it_from_his_phone(served):
    path, urls, (first, _, verb, chosen) = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            phone = opened(browser, urls[first], PHONE, mobile=True)
            phone.locator(f'form.order[data-do="{verb}"] input[name="standing"]').check()
            send(phone, verb, chosen)
            phone.wait_for_function("document.getElementById('orders').innerText.includes('Your standing order')",
                                    timeout=10000)
            kept = json.loads(referee("orders", path, "--json"))
            assert [(o["player"], o["standing"]) for o in kept] == [(first, kept[0]["id"])]
            stop = phone.locator("form.stop button")
            where = stop.bounding_box()
            assert where is not None and where["height"] >= 44 and where["x"] + where["width"] <= PHONE["width"]
            assert axe_violations(phone) == []
            stop.click()
            phone.wait_for_function("!document.getElementById('orders').innerText.includes('Your standing order')",
                                    timeout=10000)
            said = json.loads(referee("messages", path, "--json"))
            assert said[-1]["standing"] == kept[0]["id"] and said[-1]["text"].startswith("Stop my standing order")
            assert not said[-1]["waiting"]
        finally:
            browser.close()


NARROWED = [("wallman/town-centre-riot", {}, "hale")]


@pytest.mark.parametrize("served", NARROWED, indirect=True, ids=[game[0] for game in NARROWED])
def test_movement_his_page_offers_only_the_places_the_unit_chosen_may_reach(served):
    """Movement (Wallman): each unit within its own pace, so the move form's places follow the unit chosen: his
    foot patrol is offered only the places within its pace, his figure those within twice his (running), and a
    place chosen that the next unit chosen cannot reach is cleared; with no unit chosen, every place any of them
    reaches."""
    path, urls, (player,) = served
    with Session.open(path) as session:
        board = session.game.ctx.scenario.board
    mine = {unit.id: unit for unit in player_view(path, player).own}
    foot, figure = mine["Foot Patrol"], mine["Supt. Hale"]
    near = {node for node, d in board.distances([foot.node]).items() if 0 < d <= foot.movement}
    running = {node for node, d in board.distances([figure.node]).items() if 0 < d <= 2 * figure.movement}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = opened(browser, urls[player], PHONE, mobile=True)
            form = page.locator('form.order[data-do="move"]')
            unit, to = form.locator('select[name="unit"]'), form.locator('select[name="to"]')
            open_now = "s => Array.from(s.options).filter(o => o.value && !o.disabled).map(o => o.value)"
            every = set(to.evaluate(open_now))
            to.select_option(next(iter(every - near)))
            unit.select_option("Foot Patrol")
            assert set(to.evaluate(open_now)) == near
            assert to.input_value() == "", "a place the foot patrol cannot reach is not kept"
            unit.select_option("Supt. Hale")
            assert set(to.evaluate(open_now)) == running != near
            unit.select_option("")
            assert set(to.evaluate(open_now)) == every
        finally:
            browser.close()
