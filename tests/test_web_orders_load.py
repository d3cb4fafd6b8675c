"""Thirty players at once (issue of a class at the table): `referee serve` as a process on a session of twelve players
in teams, thirty pages (a phone and a laptop for some players) each sending an order at the same moment: every order
acknowledged is kept, once, in its player's thread, numbered without a gap, the messages' chain intact; an order of a
unit a player does not command is refused at his page and kept nowhere."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request

from referee.session import Session
from referee.store.reading import open_reader
from referee.web.inbox import PAGE_HEADER
from tests.test_web import page_key

PAGES = 30


def post(url: str, key: str, body: dict) -> tuple[int, str]:
    """POST a page's order as its script does: the status and the answer's text."""
    request = urllib.request.Request(url + "/orders", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", PAGE_HEADER: key})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def test_thirty_pages_sending_orders_at_once_lose_none(tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, "n30/close-the-ring", {"seats": "12"}, seed=5) as session:
        scenario = session.game.ctx.scenario
        placed = {uid for ids in scenario.setup.placement.values() for uid in ids}
        commanded = {player.id: [uid for uid in player.units or () if uid in placed] for player in scenario.players}
    server = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(path), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        urls = dict(server.stdout.readline().rstrip("\n").split("\t")[1:] for _ in range(12))
        protesters = [player for player in urls if player.startswith("protesters")]
        keys = {player: page_key(urllib.request.urlopen(urls[player], timeout=30).read().decode())
                for player in protesters}
        orders = []  # a barricade or Flo of one of his units on the map, which his forms offer him now (3.3)
        for n in range(PAGES):
            player = protesters[n % len(protesters)]
            orders.append((player, {"do": "flo" if n % 2 else "barricade", "unit": commanded[player][0]}))
        answers: list[tuple[int, str] | None] = [None] * PAGES
        start = threading.Barrier(PAGES)

        def send(n: int) -> None:
            player, order = orders[n]
            start.wait()
            answers[n] = post(urls[player], keys[player], {"order": order})

        threads = [threading.Thread(target=send, args=(n,)) for n in range(PAGES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        stranger = commanded[protesters[1]][0]  # another player's unit: not on his form
        refused = post(urls[protesters[0]], keys[protesters[0]], {"order": {"do": "flo", "unit": stranger}})
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert [a[0] if a else None for a in answers] == [201] * PAGES, answers
    numbers = [json.loads(a[1])["id"] for a in answers if a]
    assert refused[0] == 400 and "choose one of those offered" in refused[1]
    reader = open_reader(path)
    try:
        kept = reader.messages()
        assert reader.messages_problem() is None
    finally:
        reader.close()
    assert sorted(numbers) == [m.id for m in kept] == list(range(1, PAGES + 1))  # each once, none lost
    assert {m.id: (m.player, m.command) for m in kept} == {number: orders[n] for n, number in enumerate(numbers)}
