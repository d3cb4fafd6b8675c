"""Start-up of `referee resolve n30` and `referee --help` at several revisions, measured together (not a test).

    python benchmarks/startup_compare.py [REVISION ...] [--runs 60]

Each revision (default: HEAD and the working tree, "now") is checked out in a temporary worktree and run
with this environment's Python and packages, its bytecode compiled first. The runs are interleaved, one of
each revision in turn, so that a machine that slows down or speeds up meanwhile weighs on all alike; the
figures are medians of wall time and of the process's CPU time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from revisions import ROOT, checked_out  # noqa: E402

EXAMPLE = (ROOT / "tests" / "data" / "worked_confrontation.json").read_bytes()
COMMANDS = (("resolve", "n30"), ("--help",))


def timed(root: Path, args: tuple[str, ...]) -> tuple[float, float]:
    """Wall and CPU seconds of one `python -m referee ARGS` with `root`'s referee first on the path."""
    env = dict(os.environ, PYTHONPATH=str(root))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "referee", *args], input=EXAMPLE, capture_output=True, env=env,
                          cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{root}: referee {' '.join(args)} failed: {done.stderr.decode()[-300:]}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revisions", nargs="*", default=["HEAD"], help="git revisions to compare with the working tree")
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    with checked_out(args.revisions) as roots:
        for command in COMMANDS:
            runs: dict[str, list[tuple[float, float]]] = {name: [] for name in roots}
            for root in roots.values():
                timed(root, command)  # warm the file cache
            for _ in range(args.runs):
                for name, root in roots.items():
                    runs[name].append(timed(root, command))
            for name, figures in runs.items():
                wall, cpu = (statistics.median(figure[i] for figure in figures) for i in (0, 1))
                print(f"referee {' '.join(command):12} {name:>12}: wall median {wall:.4f} s, cpu median {cpu:.4f} s "
                      f"({args.runs} runs)")

if __name__ == "__main__":
    main()
