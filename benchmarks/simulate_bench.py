"""How fast the computer players play: games per second for each N30 scenario, Battle of Seattle and Chicago-Chicago.

    python benchmarks/simulate_bench.py [--games N] [--workers W] [--only RULESET] [--profile SCENARIO]
    python benchmarks/simulate_bench.py --against REVISION [--games N] [--rounds R] [--only RULESET]

For each scenario, its default players against each other and random vs random, in one process
(workers=1) unless --workers says otherwise; then `simulate n30/lock-down-hold-fast --games 200`
and `simulate bos/battle-of-seattle --games 200` and `simulate chicago/chicago-1968 --games 200` as the command
line runs them (worker processes chosen automatically). --only keeps one ruleset's scenarios (`n30`, `bos`,
`chicago`). --profile prints a cProfile of default-player games of one scenario instead.

--against times the same one-core runs at another revision (in a temporary worktree, with this environment's
packages) and in the working tree, each in a process of its own, the two taking turns for R rounds (default 3),
and prints the median games per second of each and their ratio: the speed before and after a change.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from referee.scenario.catalog import load  # noqa: E402
from referee.simulate import autoplay, game_seed, play, simulate  # noqa: E402

N30_PAIRS = (("objective", "objective"), ("random", "random"))
#: each scenario and the kinds of player it is timed with, (first side, second side) in its ruleset's order
SCENARIOS = {scenario: N30_PAIRS for scenario in ("n30/lock-down-hold-fast", "n30/close-the-ring",
                                                   "n30/hold-the-line", "n30/reclaim-the-streets")}
SCENARIOS["bos/battle-of-seattle"] = (("simple", "simple"), ("random", "random"))
SCENARIOS["chicago/chicago-1968"] = (("simple", "simple"), ("random", "random"))
#: timed as `simulate SCENARIO --games 200` runs them
WHOLE_RUNS = ("n30/lock-down-hold-fast", "bos/battle-of-seattle", "chicago/chicago-1968")


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


def rate(root: Path, scenario_id: str, kinds: tuple[str, ...], games: int, seed: int) -> float:
    """Games per second on one core of `simulate` as `root`'s referee plays it, in a process of its own."""
    script = ("import json, sys; from referee.scenario.catalog import load; from referee.simulate import autoplay, "
              "simulate; s, kinds, games, seed = json.loads(sys.argv[1]); simulate(s, 1, seed, workers=1); "
              "sides = autoplay(load(s)).sides; r = simulate(s, games, seed, workers=1, **dict(zip(sides, kinds))); "
              "print(r['games'] / r['seconds'])")  # modules as referee.native chooses them
    done = subprocess.run([sys.executable, "-c", script, json.dumps([scenario_id, kinds, games, seed])],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(root)), cwd=root, check=True)
    return float(done.stdout)


def against(revision: str, chosen: list[str], games: int, seed: int, rounds: int) -> None:
    """The one-core runs at `revision` and in the working tree, taking turns; medians and their ratio."""
    from revisions import checked_out

    with checked_out([revision]) as roots:
        print(f"{'scenario':26s} {'players':22s} {revision[:12]:>12s} {'now':>8s} {'ratio':>6s}  (games/s, one core)")
        for scenario_id in chosen:
            for kinds in SCENARIOS[scenario_id]:
                rates: dict[str, list[float]] = {name: [] for name in roots}
                for _ in range(rounds):
                    for name, root in roots.items():
                        rates[name].append(rate(root, scenario_id, kinds, games, seed))
                before, now = statistics.median(rates[revision]), statistics.median(rates["now"])
                print(f"{scenario_id:26s} {' v '.join(kinds):22s} {before:12.1f} {now:8.1f} {now / before:6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per scenario and pairing (default 40)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes for the per-scenario runs (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("n30", "bos", "chicago"), help="time one ruleset's scenarios only")
    parser.add_argument("--profile", metavar="SCENARIO", help="profile default-player games of a scenario")
    parser.add_argument("--against", metavar="REVISION", help="compare the one-core runs with a git revision's")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: runs of each, taking turns (default 3)")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.games)
        return 0
    chosen = [scenario_id for scenario_id in SCENARIOS if args.only is None or scenario_id.startswith(args.only + "/")]
    if args.against:
        against(args.against, chosen, args.games, args.seed, args.rounds)
        return 0
    for scenario_id in chosen:
        load(scenario_id)
        simulate(scenario_id, 1, args.seed, workers=1)  # warm the caches
    from referee.native import IN_USE

    print(f"modules: {IN_USE}")
    print(f"{'scenario':26s} {'players':22s} {'games/s':>8s} {'ms/game':>8s} {'score':>7s}  wins")
    for scenario_id in chosen:
        sides = autoplay(load(scenario_id)).sides
        for kinds in SCENARIOS[scenario_id]:
            result = simulate(scenario_id, args.games, args.seed, workers=args.workers, **dict(zip(sides, kinds, strict=True)))
            rate = result["games"] / max(result["seconds"], 1e-9)
            print(f"{scenario_id:26s} {' v '.join(kinds):22s} {rate:8.1f} {1000 / rate:8.1f} "
                  f"{result['mean_final_score']:7.1f}  {result['wins']}")
    for scenario_id in (s for s in WHOLE_RUNS if s in chosen):
        started = time.perf_counter()
        result = simulate(scenario_id, 200, args.seed)
        wall = time.perf_counter() - started
        print(f"\nsimulate {scenario_id} --games 200: {200 / result['seconds']:.1f} games/s "
              f"({result['seconds']:.2f} s for the games, {wall:.2f} s in all) -> {result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
