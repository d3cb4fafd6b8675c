"""How fast the review of a whole 36-turn game is written.

    python benchmarks/review_bench.py [--runs N]

Plays a full Lock Down, Hold Fast game with the computer players into a session database, then
times `referee review PATH --out FILE` as a fresh process (imports included), several runs, and
prints each run, the best and the median. Target: under 2 s. Then the
share of the review's maps (referee/review/maps.py: every turn's end as it was and as each side
believed it), timed in this process as processor time, and their part of the page.
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


def full_game(folder: Path) -> Path:
    """A whole Lock Down, Hold Fast, saved as a session database (as `simulate --save` keeps it)."""
    from referee.cli import main

    path = folder / "ldhf.db"
    main(["simulate", "n30/lock-down-hold-fast", "--games", "1", "--seed", "11", "--save", str(path)])
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = full_game(Path(folder))
        times = []
        for run in range(args.runs):
            out = Path(folder) / f"review-{run}.html"
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "referee", "review", str(path), "--out", str(out)], check=True,
                           cwd=ROOT, capture_output=True)
            times.append(time.perf_counter() - started)
            print(f"run {run + 1}: {times[-1]:.3f} s ({out.stat().st_size // 1024} KB)")
        print(f"review of a 36-turn game: best {min(times):.3f} s, median {statistics.median(times):.3f} s (target < 2 s)")
        maps_share(path)


def maps_share(path: Path) -> None:
    """The maps' processor time (compared, drawn, rendered) out of the whole review's, and their size on the page."""
    from referee.briefing.environment import environment
    from referee.review.gather import gather
    from referee.review.maps import review_maps
    from referee.review.report import context

    g = gather(path)
    started = time.process_time()
    page = environment().get_template("review.html.j2").render(context(g))
    whole = time.process_time() - started
    started = time.process_time()
    maps = review_maps(g)
    part = environment().get_template("_review_maps.html.j2").render({"maps": maps})
    alone = time.process_time() - started
    full = sum(turn.truth is not None for turn in maps.turns)
    print(f"of which the maps of {len(maps.turns)} turns ({full} drawn in full): {alone:.3f} s of {whole:.3f} s "
          f"processor time after the log is read, {len(part) // 1024} KB of {len(page) // 1024} KB")


if __name__ == "__main__":
    main()
