"""Orders reaching the umpire (not a test): `referee serve` on a session of twelve players in teams, the umpire's
dashboard open on it; thirty pages send an order each, a few at a time; how long after each order is acknowledged
to its page the dashboard has it (its inbox, the status line's count), and whether any is lost.

    python benchmarks/orders_bench.py [--orders 30]

A dashboard on a SQLite file looks every 0.4 s (referee.tui.screens.umpire.FOLLOW_SECONDS).
Target: every order on the dashboard within 1 s of its acknowledgement.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.session import Session  # noqa: E402
from referee.store.location import location  # noqa: E402
from referee.tui.app import RefereeApp  # noqa: E402
from referee.web.inbox import PAGE_HEADER  # noqa: E402

SCENARIO, OPTIONS = "n30/close-the-ring", {"seats": "12"}


def key_of(url: str) -> str:
    """The key a player's page carries, which what it sends must carry too."""
    page = urllib.request.urlopen(url, timeout=30).read().decode()
    return page.split('id="orders" data-key="', 1)[1].split('"', 1)[0]


def send(url: str, key: str, order: dict) -> float:
    """POST one order as the page's script does; the moment it was acknowledged."""
    request = urllib.request.Request(url + "/orders", data=json.dumps({"order": order}).encode(), method="POST",
                                     headers={"Content-Type": "application/json", PAGE_HEADER: key})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 201
    return time.perf_counter()


async def delays(path: Path, urls: dict[str, str], orders: list[tuple[str, dict]]) -> list[float]:
    """Open a dashboard, send the orders one by one at no fixed step: how long after each acknowledgement the
    dashboard had it."""
    keys = {player: key_of(url) for player, url in urls.items()}
    shown: list[float] = []
    async with (app := RefereeApp(location(str(path)))).run_test(size=(120, 40)) as pilot:
        while not hasattr(app.screen, "mail"):
            await pilot.pause(0.05)
        await pilot.pause(0.5)
        for number, (player, order) in enumerate(orders, start=1):
            acknowledged = await asyncio.to_thread(send, urls[player], keys[player], order)
            while len(app.screen.mail) < number and time.perf_counter() - acknowledged < 10:
                await pilot.pause(0.002)
            shown.append(time.perf_counter() - acknowledged)
            await pilot.pause(0.05 + 0.13 * (number % 4))
    return shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--orders", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "class.db"
        with Session.create(path, SCENARIO, OPTIONS, seed=3) as session:
            scenario = session.game.ctx.scenario
            placed = {uid for ids in scenario.setup.placement.values() for uid in ids}
            units = {p.id: next(uid for uid in p.units or () if uid in placed) for p in scenario.players}
        server = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(path), "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            urls = dict(server.stdout.readline().rstrip("\n").split("\t")[1:] for _ in range(len(units)))
            protesters = [player for player in urls if player.startswith("protesters")]
            orders = [(protesters[n % len(protesters)], {"do": "flo", "unit": units[protesters[n % len(protesters)]]})
                      for n in range(args.orders)]
            shown = asyncio.run(delays(path, {p: urls[p] for p in protesters}, orders))
        finally:
            server.terminate()
            server.wait(timeout=10)
    worst = max(shown)
    print(f"{args.orders} orders from {len(protesters)} players' pages to an open dashboard (SQLite)")
    print(f"  on the dashboard after the page's acknowledgement: median {statistics.median(shown):.3f} s, "
          f"max {worst:.3f} s   target <= 1 s   {'OK' if worst <= 1 else 'SLOW'}")


if __name__ == "__main__":
    main()
