"""Battle of Seattle's balance by simulation: how often each victory level occurs (8.0) and the quartiles of
the Protester's final EI lead, over the games `referee simulate bos/battle-of-seattle --seed S` plays.

    python benchmarks/bos_balance.py [--games N] [--seed S] [--player SIDE=KIND]...

Game i is played with `game_seed(S, i)`, so the games are those of `simulate` with the same seed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER  # noqa: E402
from referee.rulesets.bos.rules.victory import LEVELS, TRIUMPH  # noqa: E402
from referee.scenario.catalog import load  # noqa: E402
from referee.simulate import game_seed, play  # noqa: E402

SCENARIO = "bos/battle-of-seattle"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--player", action="append", default=[], metavar="SIDE=KIND", help="simple (default) or random")
    args = parser.parse_args(argv)
    kinds = {PROTESTER: "simple", AUTHORITY: "simple"} | dict(pair.split("=", 1) for pair in args.player)
    scenario = load(SCENARIO)
    levels = {name: 0 for name in (TRIUMPH, *(name for _, name in LEVELS))}
    leads, over_100 = [], 0
    for index in range(args.games):
        state = play(scenario, {}, game_seed(args.seed, index), kinds[PROTESTER], kinds[AUTHORITY]).game.state
        levels[state.local["level"]] += 1
        leads.append(state.scores[PROTESTER] - state.scores[AUTHORITY])
        over_100 += leads[-1] > 100
    print(f"{SCENARIO}: {args.games} games, seed {args.seed}, protester {kinds[PROTESTER]} v authority {kinds[AUTHORITY]}")
    print("| level | games | share |\n|---|---:|---:|")
    for name, count in levels.items():
        print(f"| {name} | {count} | {100 * count / args.games:.1f}% |")
    quartiles = statistics.quantiles(leads, n=4)
    print(f"\nProtester lead: min {min(leads)}, quartiles {' / '.join(f'{q:g}' for q in quartiles)}, max {max(leads)}, "
          f"mean {statistics.fmean(leads):.1f}; over 100 points ahead: {over_100} games ({100 * over_100 / args.games:.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
