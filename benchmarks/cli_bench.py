"""Command-line timings (not a test): prints figures against the targets.

    python benchmarks/cli_bench.py [--runs 20]

1. `referee resolve n30`, `bos` and `chicago` (CONTRACT.md's examples) from process start to exit (median),
   beside `python -c pass`.                                                        Target < 0.15 s.
2. Opening a session of >= 2,000 events and printing its state: `referee state PATH --json` as a
   process (median of 5), and in-process Session.open + state_json.                Target < 0.5 s.
3. `referee apply PATH FILE` of 1,000 legal end-phase and move commands: commands/s.  Target >= 200/s.
   With `--postgres URL` (an empty database), the same into PostgreSQL.              Target >= 300/s.
   `--postgres throwaway` starts a server of its own for it, as the tests do (tests/pg_server.py).
"""

from __future__ import annotations

import argparse
import compileall
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from referee.core.units import ACTIVE, OFF_MAP
from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.n30.rules.attack import targets
from referee.rulesets.n30.rules.movement import destinations
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, POLICE, PROTESTERS, intersections_allowed
from referee.scenario.catalog import load

SCENARIO = "n30/lock-down-hold-fast"
BOS_EXAMPLE = json.dumps({  # CONTRACT.md's example of `referee resolve bos`
    "attacker": "authority", "stage": 2, "barricade": True, "crowds_present": True,
    "attackers": [{"id": "SPD 1", "type": "spd", "munitions": True}, {"id": "SPD 2", "type": "spd", "munitions": True}],
    "defenders": [{"id": "Radicals 1", "type": "radical"}, {"id": "Radicals 2", "type": "radical"}],
    "choices": {"attack": "Radicals 1", "counterattack": "SPD 1"}, "dice": [6, 5, 5]})
CHICAGO_EXAMPLE = json.dumps({  # CONTRACT.md's example of `referee resolve chicago`
    "attacker": "police", "table": "harass",
    "attack": [{"id": "Co 1", "type": "police", "level": 1, "count": 3}, {"id": "Tac 1", "type": "tac"}],
    "defend": [{"id": "G1", "type": "demonstrator", "level": 4}], "box": "P4/D1", "roll": 2})
EXAMPLE = (Path(__file__).resolve().parents[1] / "tests" / "data" / "worked_confrontation.json").read_text()

REFEREE = [sys.executable, "-m", "referee"]


def timed(argv: list[str], stdin: str = "", cwd: Path | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin.encode(), capture_output=True, cwd=cwd)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, argv))} failed: {done.stderr.decode()[-500:]}")
    return elapsed


def median_of(runs: int, argv: list[str], stdin: str = "") -> float:
    timed(argv, stdin)  # warm the file cache and the bytecode
    return statistics.median(timed(argv, stdin) for _ in range(runs))


def legal_commands(seed: int, count: int, rng: random.Random, options: dict[str, str] | None = None,
                   confront: bool = False) -> list[dict]:
    """Up to `count` commands, each legal after the ones before (checked on an in-memory game).

    In a movement phase the moving side moves as many units as it may, one block at a time and
    in stacks (units leaving one intersection go to the same neighbour), so that the chosen
    intersections keep many units to move; when none can move, the phase ends. With `confront`,
    the police attack every intersection where they meet protesters they have not attacked yet.
    """
    game = Game.new(load(SCENARIO), dict(options or {}), seed, keep_events=False)
    ctx = game.ctx
    commands: list[dict] = []
    tried: set[tuple] = set()
    plan: dict[tuple, str] = {}  # (turn, phase, from) -> where that stack goes
    while len(commands) < count and not game.state.over:
        state = game.state
        side = MOVER.get(state.phase)
        command = {"do": "end-phase"}
        key = (state.turn, state.phase)
        if side is not None:
            chosen = state.local["chosen"].get(side, [])
            room = len(chosen) < intersections_allowed(side, ctx.scenario.clock.starts(state.turn))
            movers = [
                u for u in state.units.values()
                if u.side == side and u.id not in state.local["moved"]
                and (u.status == OFF_MAP or (u.status == ACTIVE and (u.node in chosen or room)))
                and (*key, u.id) not in tried
            ]
            movers.sort(key=lambda u: (u.status != OFF_MAP, u.node not in chosen,
                                       -len(state.stacks[side].get(u.node, ())), u.id))
            if movers:
                unit = movers[0]
                tried.add((*key, unit.id))
                origin = unit.node or f"edge:{unit.attrs.get('edge')}"
                reachable = destinations(ctx, state, unit, rate=1)
                goal = plan.get((*key, origin))
                if goal not in reachable:
                    # join the biggest friendly stack in reach (ties at random), so stacks grow
                    options_ = sorted(reachable, key=lambda n: (-len(state.stacks[side].get(n, ())), rng.random()))
                    goal = options_[0] if options_ else None
                    plan[(*key, origin)] = goal
                if goal is None:
                    continue
                command = {"do": "move", "unit": unit.id, "to": goal}
        elif confront and state.phase == CONFRONTATION:
            for node in sorted(state.occupied(POLICE) & state.occupied(PROTESTERS)):
                if targets(state, node) and (*key, node) not in tried:
                    tried.add((*key, node))
                    command = {"do": "confront", "node": node, "gas": False}
                    break
        try:
            game.apply(command)
        except RefereeError:
            continue
        commands.append(command)
    return commands


def build_session(path: Path, seed: int, commands: list[dict]) -> int:
    """A session database with these commands applied; returns its number of events."""
    from referee.session import Session
    from referee.store.repository import SessionStore

    session = Session.create(path, SCENARIO, {}, seed)
    try:
        for command in commands:
            session.apply(command)
    finally:
        session.close()
    store = SessionStore.open(path)
    try:
        return len(store.log())
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20, help="process runs for the start-up figure")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--postgres", metavar="URL", help="also apply into this empty PostgreSQL database "
                        "(`throwaway`: a server of its own)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]} at {sys.executable}")

    # 1. start-up, with referee's bytecode compiled as an installed copy has it (PYTHONDONTWRITEBYTECODE would
    # otherwise leave every run compiling the modules it imports)
    compileall.compile_dir(Path(__file__).resolve().parents[1] / "referee", quiet=1)
    baseline = median_of(args.runs, [sys.executable, "-c", "pass"])
    resolve = median_of(args.runs, [*REFEREE, "resolve", "n30"], EXAMPLE)
    resolve_bos = median_of(args.runs, [*REFEREE, "resolve", "bos"], BOS_EXAMPLE)
    resolve_chicago = median_of(args.runs, [*REFEREE, "resolve", "chicago"], CHICAGO_EXAMPLE)
    help_ = median_of(args.runs, [*REFEREE, "--help"])
    print(f"python -c pass                      median {baseline:.3f} s ({args.runs} runs)")
    print(f"referee --help                      median {help_:.3f} s")
    print(f"referee resolve n30                 median {resolve:.3f} s   target < 0.150 s   "
          f"{'OK' if resolve < 0.15 else 'SLOW'}")
    print(f"referee resolve bos                 median {resolve_bos:.3f} s   target < 0.150 s   "
          f"{'OK' if resolve_bos < 0.15 else 'SLOW'}")
    print(f"referee resolve chicago             median {resolve_chicago:.3f} s   target < 0.150 s   "
          f"{'OK' if resolve_chicago < 0.15 else 'SLOW'}")

    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        rng = random.Random(args.seed)

        # 2. a session of >= 2,000 events: a whole game of moves and end-phases
        start = time.perf_counter()
        commands = legal_commands(args.seed, 5000, rng)
        generated = time.perf_counter() - start
        big = tmp_path / "big.db"
        start = time.perf_counter()
        events = build_session(big, args.seed, commands)
        built = time.perf_counter() - start
        print(f"session: {len(commands)} commands, {events} events "
              f"(commands generated in {generated:.2f} s, session built in {built:.2f} s)")
        if events < 2000:
            print(f"WARNING: only {events} events (wanted >= 2000)")
        state_cli = median_of(5, [*REFEREE, "state", str(big), "--json"])
        from referee.session import Session
        from referee.umpire_view import state_json

        def open_and_print() -> float:
            begin = time.perf_counter()
            session = Session.open(big)
            json.dumps(state_json(session.game))
            session.close()
            return time.perf_counter() - begin

        open_and_print()
        in_process = statistics.median(open_and_print() for _ in range(5))
        print(f"referee state PATH --json ({events} events)  median {state_cli:.3f} s   target < 0.500 s   "
              f"{'OK' if state_cli < 0.5 else 'SLOW'}")
        print(f"Session.open + state_json (in-process)  median {in_process:.3f} s")
        imports = median_of(5, [sys.executable, "-c", "import referee.session, referee.umpire_view"])
        print(f"  importing referee.session  median {imports:.3f} s")

        # 3. apply 1,000 commands
        thousand = legal_commands(args.seed + 1, 1000, random.Random(args.seed + 1))
        moves = sum(1 for c in thousand if c["do"] == "move")
        if len(thousand) < 1000:
            print(f"WARNING: the game ended after {len(thousand)} commands (wanted 1000)")
        file = tmp_path / "commands.jsonl"
        file.write_text("".join(json.dumps(c) + "\n" for c in thousand), encoding="utf-8")
        rate = applied(str(tmp_path / "apply.db"), file, args.seed + 1)
        print(f"referee apply: {len(thousand)} commands ({moves} moves) in {len(thousand) / rate:.2f} s = {rate:.0f} "
              f"commands/s   target >= 200/s   {'OK' if rate >= 200 else 'SLOW'}")
        if args.postgres:
            server = None
            if args.postgres == "throwaway":
                sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
                from tests import pg_server

                server = pg_server.launch()
            try:
                rate = applied(server.new_database() if server else args.postgres, file, args.seed + 1)
            finally:
                if server:
                    server.stop()
            print(f"referee apply, PostgreSQL: {rate:.0f} commands/s   target >= 300/s   {'OK' if rate >= 300 else 'SLOW'}")


def applied(where: str, file: Path, seed: int) -> float:
    """`referee apply` of a file of commands into a new session at `where`: commands committed a second."""
    subprocess.run([*REFEREE, "new", SCENARIO, "--db", where, "--seed", str(seed)], check=True, capture_output=True)
    count = len(file.read_text(encoding="utf-8").splitlines())
    start = time.perf_counter()
    done = subprocess.run([*REFEREE, "apply", where, str(file)], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or len(done.stdout.splitlines()) != count:
        raise SystemExit(f"apply failed: {done.stderr.strip()}")
    return count / elapsed


if __name__ == "__main__":
    main()
