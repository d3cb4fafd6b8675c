"""One umpire's command on another umpire's dashboard (not a test): the time from a command acknowledged by
`referee apply` in another process to an open dashboard showing it, on a SQLite file and on PostgreSQL.

    python benchmarks/follow_bench.py [--commands 30] [--postgres URL-of-an-empty-database | throwaway] [--pages 30]
                                      [--orders 5]

With --pages N, `referee serve` serves the same session meanwhile, N players' pages open on it (as in
serve_bench.py): the dashboard must follow as fast with them. With --orders R as well, the session is one of twelve
players (N30 `seats`), and their pages send R orders a second meanwhile, in turn (as orders_bench.py does): the
dashboard must follow as fast while it takes them in.

Without --postgres, a throwaway server of its own is started where PostgreSQL's `initdb` is found (as the tests
do: tests/pg_server.py). A SQLite dashboard polls (every 0.4 s); a PostgreSQL one is told by NOTIFY.
Target: within 1 s, every command.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.session import Session  # noqa: E402
from referee.store.location import location  # noqa: E402
from referee.tui.app import RefereeApp  # noqa: E402

SCENARIO = "n30/lock-down-hold-fast"


async def delays(where: str, commands: int) -> list[float]:
    """Open a dashboard on the session, then have another process apply commands one by one, each a moment
    after the last was shown: how long after each acknowledgement the dashboard showed it."""
    writer = subprocess.Popen([sys.executable, "-m", "referee", "apply", where, "-"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert writer.stdin is not None and writer.stdout is not None
    shown: list[float] = []
    try:
        async with (app := RefereeApp(location(where))).run_test(size=(120, 40)) as pilot:
            while not hasattr(app.screen, "seen"):
                await pilot.pause(0.05)
            await pilot.pause(0.5)
            police = next(player.id for player in app.screen.game.ctx.scenario.players if player.side == "police")
            for number in range(commands):
                seen = app.screen.seen
                report = {"do": "report", "player": police, "text": f"report {number}"}
                writer.stdin.write(json.dumps(report) + "\n")
                writer.stdin.flush()
                acknowledged = await asyncio.to_thread(writer.stdout.readline)
                if not acknowledged.startswith("ok "):
                    raise SystemExit(f"apply failed: {acknowledged}{writer.stderr.read() if writer.stderr else ''}")
                since = time.perf_counter()
                while app.screen.seen == seen and time.perf_counter() - since < 10:
                    await pilot.pause(0.002)
                shown.append(time.perf_counter() - since)
                await pilot.pause(0.1 + 0.37 * (number % 3))  # commands at no fixed step against the polls
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)
    return shown


@contextmanager
def pages_open(where: str, count: int, orders: float = 0) -> Iterator[list[int]]:
    """`referee serve` on the session, with `count` pages reading its updates, and `orders` a second sent from the
    protesters' pages, for the block; yields the list of the orders acknowledged, as it grows."""
    acknowledged: list[int] = []
    if not count:
        yield acknowledged
        return
    from orders_bench import key_of, send
    from serve_bench import Page

    players = len(Session.open(location(where)).game.ctx.scenario.players)
    server = subprocess.Popen([sys.executable, "-m", "referee", "serve", where, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    stop = threading.Event()
    try:
        assert server.stdout is not None
        links = dict(server.stdout.readline().rstrip("\n").split("\t")[1:] for _ in range(players))
        urls = list(links.values())
        pages = [Page(urls[n % len(urls)]) for n in range(count)]
        for page in pages:
            page.start()
        for page in pages:
            page.ready.wait(30)
        if orders:
            scenario = Session.open(location(where)).game.ctx.scenario
            placed = {uid for ids in scenario.setup.placement.values() for uid in ids}
            senders = [(url, key_of(url), next(uid for uid in scenario.player(player).units or () if uid in placed))
                       for player, url in links.items() if player.startswith("protesters")]

            def sending() -> None:
                for number in itertools.count():
                    if stop.wait(1 / orders):
                        return
                    url, key, unit = senders[number % len(senders)]
                    send(url, key, {"do": "flo", "unit": unit})  # an order his form offers (3.3)
                    acknowledged.append(number)

            threading.Thread(target=sending, daemon=True).start()
        yield acknowledged
    finally:
        stop.set()
        server.terminate()
        server.wait(timeout=10)


def report(name: str, shown: list[float], orders: list[int]) -> None:
    worst = max(shown)
    meanwhile = f" ({len(orders)} orders taken in meanwhile)" if orders else ""
    print(f"{name:10} {len(shown)} commands{meanwhile}: median {statistics.median(shown):.3f} s, max {worst:.3f} s   "
          f"target <= 1 s   {'OK' if worst <= 1 else 'SLOW'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=30)
    parser.add_argument("--postgres", metavar="URL", help="an empty PostgreSQL database, or `throwaway` (the default "
                        "where initdb is found)")
    parser.add_argument("--pages", type=int, default=0, help="players' pages served meanwhile (referee serve)")
    parser.add_argument("--orders", type=float, default=0, help="orders a second the pages send meanwhile")
    args = parser.parse_args()
    options = {"seats": "12"} if args.orders else {}
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "follow.db")
        Session.create(location(path), SCENARIO, options, seed=3).close()
        with pages_open(path, args.pages, args.orders) as sent:
            report("SQLite", asyncio.run(delays(path, args.commands)), sent)
    chosen = args.postgres or ("throwaway" if shutil.which("initdb") else None)
    if chosen is None:
        print("PostgreSQL: no initdb here and no --postgres URL given: not measured")
        return
    server = None
    if chosen == "throwaway":
        from tests import pg_server

        server = pg_server.launch()
    try:
        url = server.new_database() if server else chosen
        Session.create(location(url), SCENARIO, options, seed=3).close()
        with pages_open(url, args.pages, args.orders) as sent:
            report("PostgreSQL", asyncio.run(delays(url, args.commands)), sent)
    finally:
        if server:
            server.stop()
            shutil.rmtree(server.folder, ignore_errors=True)


if __name__ == "__main__":
    main()
