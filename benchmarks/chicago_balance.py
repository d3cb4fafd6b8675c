"""Chicago-Chicago!'s balance by simulation, and how fast it is played: who wins (HOW TO "WIN"), how (28C or CPD
MINIMUM), the quartiles of the demonstrators' final lead, and where the points came from, over the games
`referee simulate chicago/chicago-1968 --seed S` plays; then `simulate --games 200` timed as the command line runs it.

    python benchmarks/chicago_balance.py [--games N] [--seed S] [--player SIDE=KIND]... [--set OPTION=VALUE]...

Game i is played with `game_seed(S, i)`, so the games are those of `simulate` with the same seed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE  # noqa: E402
from referee.simulate import game_seed, play, simulate  # noqa: E402

SCENARIO = "chicago/chicago-1968"


def one(job: tuple) -> tuple[str | None, str, int, int, Counter]:
    """One game: winner, how it ended, both indices, and the points by source."""
    seed, kinds, options = job
    game = play(SCENARIO, options, seed, *kinds, keep_events=True).game
    sources: Counter = Counter()
    for event in game.events:
        if event.kind == "conflict":
            for side, points in event.data["points"].items():
                sources[f"{side}: conflicts won as {'attacker' if side == event.data['attacker'] else 'defender'}"] += points
        elif event.kind in ("park-penalty", "guard-in", "guard-out"):
            sources[f"demonstrators: {event.kind}"] += event.data["points"]
    state = game.state
    return state.winner, state.local["reason"], state.scores[POLICE], state.scores[DEMONSTRATORS], sources


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--player", action="append", default=[], metavar="SIDE=KIND", help="simple (default) or random")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    parser.add_argument("--no-timing", action="store_true", help="skip timing `simulate --games 200`")
    args = parser.parse_args(argv)
    kinds = {DEMONSTRATORS: "simple", POLICE: "simple"} | dict(pair.split("=", 1) for pair in args.player)
    options = dict(pair.split("=", 1) for pair in args.set)
    jobs = [(game_seed(args.seed, index), (kinds[DEMONSTRATORS], kinds[POLICE]), options) for index in range(args.games)]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        games = pool.map(one, jobs, chunksize=25)
    wins, reasons, sources = Counter(), Counter(), Counter()
    leads = []
    for winner, reason, police, green, points in games:
        wins[winner] += 1
        reasons[reason] += 1
        sources.update(points)
        leads.append(green - police)
    print(f"{SCENARIO}: {args.games} games, seed {args.seed}, demonstrators {kinds[DEMONSTRATORS]} v police "
          f"{kinds[POLICE]}{' ' + str(options) if options else ''}")
    print("| winner | games | share |\n|---|---:|---:|")
    for winner in (DEMONSTRATORS, POLICE, None):
        print(f"| {winner or 'tie'} | {wins[winner]} | {100 * wins[winner] / args.games:.1f}% |")
    print(f"\nended at 28C: {reasons['28C']}, by CPD MINIMUM: {reasons['CPD MINIMUM']}")
    quartiles = statistics.quantiles(leads, n=4)
    print(f"demonstrators' lead: min {min(leads)}, quartiles {' / '.join(f'{q:g}' for q in quartiles)}, max {max(leads)}, "
          f"mean {statistics.fmean(leads):.1f}")
    print("points a game by source: " + ", ".join(f"{name} {total / args.games:.1f}" for name, total in sorted(sources.items())))
    if not args.no_timing:
        started = time.perf_counter()
        result = simulate(SCENARIO, 200, args.seed, options)
        print(f"\nsimulate {SCENARIO} --games 200: {200 / (time.perf_counter() - started):.0f} games/s "
              f"({result['seconds']} s in simulate), wins {result['wins']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
