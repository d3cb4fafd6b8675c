"""How fast the computer players play: games per second for each N30 scenario.

    python benchmarks/simulate_bench.py [--games N] [--workers W] [--profile SCENARIO]

For each scenario, objective vs objective and random vs random, in one process (workers=1)
unless --workers says otherwise; then `simulate n30/lock-down-hold-fast --games 200` as the
command line runs it (worker processes chosen automatically). --profile prints a cProfile
of objective vs objective games of one scenario instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.scenario.catalog import load  # noqa: E402
from referee.simulate import game_seed, play, simulate  # noqa: E402

SCENARIOS = ("n30/lock-down-hold-fast", "n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets")
PAIRS = (("objective", "objective"), ("random", "random"))


def profile(scenario_id: str, games: int) -> None:
    import cProfile
    import pstats

    scenario = load(scenario_id)
    play(scenario, {}, 0)
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(games):
        play(scenario, {}, game_seed(0, index))
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(40)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per scenario and pairing (default 40)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes for the per-scenario runs (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", metavar="SCENARIO", help="profile objective vs objective games of a scenario")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.games)
        return 0
    for scenario_id in SCENARIOS:
        load(scenario_id)
        simulate(scenario_id, 1, args.seed, workers=1)  # warm the caches
    print(f"{'scenario':26s} {'players':22s} {'games/s':>8s} {'ms/game':>8s} {'score':>7s}  wins")
    for scenario_id in SCENARIOS:
        for protesters, police in PAIRS:
            result = simulate(scenario_id, args.games, args.seed, protesters=protesters, police=police,
                              workers=args.workers)
            rate = result["games"] / max(result["seconds"], 1e-9)
            print(f"{scenario_id:26s} {protesters + ' v ' + police:22s} {rate:8.1f} {1000 / rate:8.1f} "
                  f"{result['mean_final_score']:7.1f}  {result['wins']}")
    started = time.perf_counter()
    result = simulate("n30/lock-down-hold-fast", 200, args.seed)
    wall = time.perf_counter() - started
    print(f"\nsimulate n30/lock-down-hold-fast --games 200: {200 / result['seconds']:.1f} games/s "
          f"({result['seconds']:.2f} s for the games, {wall:.2f} s in all) -> {result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
