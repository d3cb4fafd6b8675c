"""A class's pages on a long session (not a test): 100 players' pages open on one session of at least 10,000 events,
served by `referee serve`; the umpire's commands (each phase ended, which changes every sheet) applied by another
process; how long after each command is acknowledged the last of the 100 pages has its new sheet.

    python benchmarks/pages_bench.py [--pages 100] [--events 10000] [--commands 10]

The pages follow by feeding the players' knowledge the new events alone (referee.knowledge.build.recorded_at),
not the whole log again. Target: every page updated within 1 s of the command.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from serve_bench import REFEREE, Page, followed  # noqa: E402

from referee.session import Session  # noqa: E402
from referee.simulate import play  # noqa: E402
from referee.store.reading import open_reader  # noqa: E402

SCENARIO, OPTIONS = "n30/lock-down-hold-fast", {"seats": "12"}


def long_session(path: Path, events: int) -> int:
    """A session of the first half of a game of twelve players played by the computer, then a stack's two units
    put on top in turn (6.2), an event each, until it holds `events` events: the number it holds."""
    played = play(SCENARIO, OPTIONS, 5).commands
    with Session.create(path, SCENARIO, OPTIONS, seed=5) as session:
        for command in played[:len(played) // 2]:  # the game left open, many phases still to end
            session.apply(command)
        node = next(node for node, ids in session.state.stacks["protesters"].items() if len(ids) >= 2)
        for _ in range(max(0, events - len(session.log()[0]))):
            session.apply({"do": "top", "unit": session.state.stacks["protesters"][node][1]})
    reader = open_reader(path)
    try:
        return len(reader.log())
    finally:
        reader.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--commands", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "class.db"
        start = time.perf_counter()
        held = long_session(path, args.events)
        print(f"session of {held} events made in {time.perf_counter() - start:.0f} s")
        server = subprocess.Popen([*REFEREE, "serve", str(path), "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            urls = [server.stdout.readline().rstrip("\n").split("\t")[2] for _ in range(12)]
            pages = [Page(urls[n % len(urls)]) for n in range(args.pages)]
            start = time.perf_counter()
            for page in pages:
                page.start()
            for page in pages:
                page.ready.wait(60)
            print(f"{args.pages} pages open ({len(urls)} players' links) in {time.perf_counter() - start:.1f} s")
            delays, _ = followed(path, [{"do": "end-phase"}] * args.commands, pages)
        finally:
            server.terminate()
            server.wait(timeout=10)
    missed = sum(args.commands - len(page.arrived) for page in pages)
    worst = max(delays)
    print(f"{args.pages} pages on a session of {held} events, {args.commands} commands (each phase ended)")
    print(f"  the last page updated after the command's ok: median {statistics.median(delays):.3f} s, max {worst:.3f} s"
          f"   target <= 1 s   {'OK' if worst <= 1 and not missed else 'SLOW'}{f' ({missed} updates missed)' if missed else ''}")
    print(f"  sent to a page for each command: {statistics.mean(page.bytes for page in pages) / args.commands / 1000:.1f} KB "
          f"(the sections of his sheet that changed)")


if __name__ == "__main__":
    main()
