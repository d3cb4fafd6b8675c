"""How fast N30's computer players play on their own side's knowledge (`simulate --players-see own`) and on the whole
game (`all`): games per second of `n30/lock-down-hold-fast`, objective players, on one core.

    python benchmarks/players_see_bench.py [--games N] [--seed S] [--rounds R]

Each setting is timed R times (default 3) in this process, after a game to warm up; the best is printed, with the
modules that ran (compiled or pure, referee.native).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.simulate import ALL, OWN, simulate  # noqa: E402

SCENARIO = "n30/lock-down-hold-fast"
#: (what the players see, the option hidden)
SETTINGS = ((ALL, "none"), (ALL, "weak"), (OWN, "none"), (OWN, "weak"), (OWN, "strong"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from referee.native import IN_USE

    print(f"modules: {IN_USE}; {SCENARIO}, objective players, {args.games} games on one core")
    print(f"{'players see':12s} {'hidden':8s} {'games/s':>8s}")
    for sees, hidden in SETTINGS:
        simulate(SCENARIO, 1, args.seed, {"hidden": hidden}, workers=1, sees=sees)
        best = 0.0
        for _ in range(args.rounds):
            result = simulate(SCENARIO, args.games, args.seed, {"hidden": hidden}, workers=1, sees=sees)
            best = max(best, result["games"] / result["seconds"])
        print(f"{sees:12s} {hidden:8s} {best:8.1f}")


if __name__ == "__main__":
    main()
