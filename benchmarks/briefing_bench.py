"""How fast the briefings of a whole session are made: knowledge, then every sheet.

    python benchmarks/briefing_bench.py [--runs N] [--hidden none|weak|strong]

Builds a 36-turn Lock Down, Hold Fast session (the computer players, replayed into a session
database), then, in a fresh interpreter for each run (imports and template compilation
included): the players' views from the session (the knowledge build) and every player's
briefing in HTML and Markdown, in English and Spanish. Prints the best and median of the runs,
then the wall time of `referee brief --all` in each format (which also writes and records the sheets).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def measure(path: Path) -> dict:
    """One run in this (fresh) interpreter: seconds for the knowledge build and for all the sheets."""
    started = time.perf_counter()
    from referee.knowledge.build import record

    knowledge = record(path)
    scenario = knowledge.ctx.scenario
    views = [knowledge.view(player.id) for player in scenario.players]
    built = time.perf_counter()
    from referee.briefing.render import render

    sheets = [render(view, scenario.board, fmt, lang)
              for view in views for fmt in ("html", "md") for lang in ("en", "es")]
    done = time.perf_counter()
    return {"knowledge": built - started, "sheets": done - built, "count": len(sheets),
            "bytes": sum(len(sheet.encode()) for sheet in sheets), "players": len(views)}


def build_session(path: Path, hidden: str) -> tuple[float, int]:
    """A finished 36-turn Lock Down, Hold Fast session at `path`: (seconds, commands)."""
    from referee.session import Session
    from referee.simulate import play_game

    started = time.perf_counter()
    options = {"hidden": hidden}
    _, commands = play_game("n30/lock-down-hold-fast", options, 2024)
    session = Session.create(path, "n30/lock-down-hold-fast", options, 2024)
    try:
        for command in commands:
            session.apply(command)
    finally:
        session.close()
    return time.perf_counter() - started, len(commands)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hidden", default="weak", choices=("none", "weak", "strong"))
    parser.add_argument("--measure", metavar="PATH", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(Path(args.measure))))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ldhf.db"
        seconds, commands = build_session(path, args.hidden)
        print(f"session: n30/lock-down-hold-fast, 36 turns, hidden={args.hidden}, {commands} commands "
              f"(built in {seconds:.2f} s)")
        runs = []
        for _ in range(args.runs):
            done = subprocess.run([sys.executable, __file__, "--measure", str(path)], capture_output=True, text=True,
                                  check=True, cwd=ROOT)
            runs.append(json.loads(done.stdout))
        first = runs[0]
        print(f"{first['count']} sheets ({first['players']} players x html, md x en, es; "
              f"{first['bytes'] / 1024:.0f} KiB), fresh interpreter, {args.runs} runs:")
        for key, label in (("knowledge", "knowledge build"), ("sheets", "rendering")):
            values = [run[key] for run in runs]
            best, median = min(values) * 1000, statistics.median(values) * 1000
            print(f"  {label:16s} best {best:6.1f} ms   median {median:6.1f} ms")
        totals = [run["knowledge"] + run["sheets"] for run in runs]
        print(f"  {'total':16s} best {min(totals) * 1000:6.1f} ms   median {statistics.median(totals) * 1000:6.1f} ms")
        both = []
        for _ in range(args.runs):
            pair = []
            for fmt in ("html", "md"):
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "referee", "brief", str(path), "--all", "--format", fmt,
                                "--out", str(Path(folder) / "sheets")], capture_output=True, check=True, cwd=ROOT)
                pair.append(time.perf_counter() - started)
            both.append(pair)
        for index, fmt in enumerate(("html", "md")):
            print(f"referee brief --all --format {fmt}: median {statistics.median(p[index] for p in both):.2f} s wall "
                  "(process start, imports, writing and recording included)")
        print(f"a table's sheets, html then md: median {statistics.median(sum(p) for p in both):.2f} s"
              "   target < 1.5 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
