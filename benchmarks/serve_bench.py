"""The players' live pages under load (not a test): 30 pages open on one session served by `referee serve`, the
umpire's commands applied by another process; how long after each command is acknowledged the last of the 30
pages has it, and whether the umpire's commands slow down meanwhile.

    python benchmarks/serve_bench.py [--pages 30] [--commands 20]

Targets: every update on all 30 pages within 1 s of the command; commands no slower with the pages open.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.session import Session  # noqa: E402

SCENARIO = "n30/lock-down-hold-fast"
REFEREE = [sys.executable, "-m", "referee"]


def reports(count: int) -> list[dict]:
    """Commands that each change the police's page: reports due at once."""
    return [{"do": "report", "player": "police", "text": f"crowds seen, report {n}"} for n in range(count)]


class Page(threading.Thread):
    """One open page: reads its stream and notes when each update of its sheet after the first had arrived (its
    section `footer`, which carries the log's head: the last section every command changes)."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.arrived, self.ready = url, [], threading.Event()
        self.bytes = 0  # what the stream sent after the first sheet

    def run(self) -> None:
        last = b""
        with urllib.request.urlopen(self.url + "/events", timeout=60) as stream:
            for raw in stream:
                if self.ready.is_set():
                    self.bytes += len(raw)
                if last.startswith(b"event: section") and raw.startswith(b"data: footer"):
                    if self.ready.is_set():
                        self.arrived.append(time.perf_counter())
                    self.ready.set()
                last = raw


def timed_apply(writer: subprocess.Popen, command: dict) -> float:
    """Send one command to a running `referee apply -`; the moment its `ok` came back."""
    assert writer.stdin is not None and writer.stdout is not None
    writer.stdin.write(json.dumps(command) + "\n")
    writer.stdin.flush()
    answer = writer.stdout.readline()
    if not answer.startswith("ok "):
        raise SystemExit(f"apply failed: {answer}")
    return time.perf_counter()


def followed(path: Path, commands: list[dict], pages: list[Page]) -> tuple[list[float], list[float]]:
    """Apply commands one by one with `referee apply -`, each once the pages had the last: how long after each
    command's ok the last of the pages had it, and how long each command took."""
    writer = subprocess.Popen([*REFEREE, "apply", str(path), "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    delays, took = [], []
    try:
        for number, command in enumerate(commands):
            start = time.perf_counter()
            acknowledged = timed_apply(writer, command)
            took.append(acknowledged - start)
            deadline = time.perf_counter() + 10
            while any(len(page.arrived) <= number for page in pages) and time.perf_counter() < deadline:
                time.sleep(0.002)
            delays.append(max(page.arrived[number] for page in pages if len(page.arrived) > number) - acknowledged)
            time.sleep(0.3)
    finally:
        assert writer.stdin is not None
        writer.stdin.close()
        writer.wait(timeout=30)
    return delays, took


def apply_seconds(path: Path, commands: list[dict]) -> float:
    """Median seconds of one command applied by `referee apply -` (each sent once the last was acknowledged)."""
    writer = subprocess.Popen([*REFEREE, "apply", str(path), "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    times = []
    try:
        for command in commands:
            start = time.perf_counter()
            times.append(timed_apply(writer, command) - start)
    finally:
        assert writer.stdin is not None
        writer.stdin.close()
        writer.wait(timeout=30)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--commands", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "served.db"
        Session.create(path, SCENARIO, {}, seed=3).close()
        alone = apply_seconds(path, reports(args.commands))
        server = subprocess.Popen([*REFEREE, "serve", str(path), "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            urls = dict(line.rstrip("\n").split("\t")[1:] for line in (server.stdout.readline(), server.stdout.readline()))
            pages = [Page(urls["police" if n % 2 else "protesters"]) for n in range(args.pages)]
            for page in pages:
                page.start()
            for page in pages:
                page.ready.wait(30)
            police = [page for page in pages if page.url == urls["police"]]
            delays, served_apply = followed(path, reports(args.commands), police)
        finally:
            server.terminate()
            server.wait(timeout=10)
    missed = sum(1 for page in police for _ in range(args.commands - len(page.arrived)))
    worst = max(delays)
    print(f"{args.pages} pages open ({len(police)} of them the police's, told of each command), {args.commands} commands")
    print(f"  the last page updated after the command's ok: median {statistics.median(delays):.3f} s, max {worst:.3f} s"
          f"   target <= 1 s   {'OK' if worst <= 1 and not missed else 'SLOW'}{f' ({missed} updates missed)' if missed else ''}")
    print(f"  one command applied: median {alone * 1000:.1f} ms without the server, "
          f"{statistics.median(served_apply) * 1000:.1f} ms with {args.pages} pages open")


if __name__ == "__main__":
    main()
