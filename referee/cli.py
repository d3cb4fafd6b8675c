"""`referee ...`: the command line (see CONTRACT.md and the README). Heavy modules load lazily."""

from __future__ import annotations

import argparse
from contextlib import contextmanager
import json
import os
import sys
from pathlib import Path

from referee.errors import RefereeError
from referee.paths import new_session_path, sessions_dir

DEMO = "n30/lock-down-hold-fast"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits 2."""

    def error(self, message: str) -> None:
        command = self.prog.removeprefix("referee").strip()
        raise RefereeError(f"{command}: {message}" if command else message)

    def parse_known_args(self, args=None, namespace=None):
        # A command's positionals may follow its options (`resolve n30 --seed 5 FILE`): without
        # intermixing, argparse fills an optional positional with nothing at the first option.
        if self._subparsers is not None or getattr(self, "_intermixing", False):
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


SEED_LIMIT = 2**128


def _seed(text: str) -> int:
    """A seed: a whole number of at most 128 bits, either sign."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{text[:40]} is out of range (at most 128 bits)")
    return value


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise RefereeError(f"--set takes OPTION=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _read_input(source: str | None) -> str:
    if source in (None, "-"):
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise RefereeError(f"cannot read {source}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise RefereeError(f"cannot read {source}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def _json(text: str, where: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RefereeError(f"{where}: not valid JSON: {error}") from None


def cmd_scenarios(args) -> int:
    from referee.scenario.catalog import catalogue

    listing = catalogue()
    if args.json:
        print(json.dumps(listing))
    else:
        for item in listing:
            print(f"{item['id']:<28} {item['turns']:>3} turns  {item['title']}: {item['summary']}")
    return 0


def cmd_new(args) -> int:
    from referee.session import Session

    path = Path(args.db) if args.db else new_session_path(args.scenario)
    session = Session.create(path, args.scenario, _options(args.set), args.seed)
    session.close()
    print(path)
    return 0


def cmd_apply(args) -> int:
    from referee.session import Session

    session = Session.open(Path(args.path))
    try:
        source = sys.stdin if args.file in (None, "-") else None
        lines = source if source is not None else _read_input(args.file).splitlines()
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            command = _json(line, f"line {number}")
            if isinstance(command, dict) and not isinstance(command.get("do"), str):
                raise RefereeError(f'line {number}: a command needs "do": a command name such as "end-phase"')
            try:
                seq = session.apply(command)
            except RefereeError as error:
                raise RefereeError(f"line {number}: {error}") from None
            print(f"ok {seq}", flush=True)
    finally:
        session.close()
    return 0


def cmd_state(args) -> int:
    from referee.session import read
    from referee.umpire_view import state_json, state_text

    game = read(Path(args.path))
    print(json.dumps(state_json(game)) if args.json else state_text(game))
    return 0


def cmd_log(args) -> int:
    from referee.store.reading import open_reader
    from referee.umpire_view import log_lines

    reader = open_reader(Path(args.path))
    try:
        for line in log_lines(reader, as_json=args.json):
            print(line)
    finally:
        reader.close()
    return 0


def cmd_view(args) -> int:
    from referee.knowledge.commands import view

    return view(Path(args.path), args.player, as_json=args.json)


def cmd_brief(args) -> int:
    from referee.briefing.commands import brief

    return brief(Path(args.path), args.player, args.all, args.format, args.lang, Path(args.out))


WALLMAN_CALCULATORS = ("wallman-rl", "wallman-fight", "wallman-melee", "wallman-negotiate", "wallman-overreaction",
                       "wallman-firearms", "wallman-sniper", "wallman-triage", "wallman-fire", "wallman-damage",
                       "wallman-loot")


def cmd_resolve(args) -> int:
    if args.ruleset not in ("n30",) + WALLMAN_CALCULATORS:
        raise RefereeError(f"no calculator {args.ruleset!r} (known: n30, {', '.join(WALLMAN_CALCULATORS)})")
    data = _json(_read_input(args.file), args.file or "stdin")
    if args.ruleset == "n30":
        from referee.rules.n30.calculator import resolve_json

        print(json.dumps(resolve_json(data, args.seed)))
    else:
        from referee.rules.wallman import calculator

        print(json.dumps(calculator.resolve_json(args.ruleset, data, args.seed)))
    return 0


def cmd_review(args) -> int:
    from referee.review.report import write_review

    if not Path(args.path).is_file():
        raise RefereeError(f"no session database at {args.path}")
    at = None
    if args.at:
        try:
            at = [int(turn) for turn in args.at.split(",")]
        except ValueError:
            raise RefereeError(f"--at takes turns separated by commas, like 4,8, not {args.at!r}") from None
    print(write_review(Path(args.path), Path(args.out), at, args.format))
    return 0


def cmd_export(args) -> int:
    from referee.review.exports import export, export_player
    from referee.text import printable

    if not Path(args.path).is_file():
        raise RefereeError(f"no session database at {args.path}")
    written = (export(Path(args.path), Path(args.out), args.format) if args.player is None
               else export_player(Path(args.path), args.player, Path(args.out), args.format))
    for target in written:
        print(printable(target))
    return 0


def cmd_branch(args) -> int:
    from referee.review.branch import branch

    if not Path(args.path).is_file():
        raise RefereeError(f"no session database at {args.path}")
    copied = branch(Path(args.path), Path(args.db), args.seq, args.turn)
    print(f"{copied} commands copied", file=sys.stderr)
    print(args.db)
    return 0


def cmd_verify(args) -> int:
    from referee.review.verify import verify

    print(verify(Path(args.path)))
    return 0


def cmd_simulate(args) -> int:
    from referee.simulate import game_seed, last_game, simulate

    options = _options(args.set)
    with _progress(args.games, "games") as tick:
        result = simulate(args.scenario, args.games, args.seed, options, args.protesters, args.police, progress=tick)
    if args.save:
        from referee.session import Session

        _, commands = last_game(args.scenario, args.games, args.seed, options, args.protesters, args.police)
        session = Session.create(Path(args.save), args.scenario, options, game_seed(args.seed, args.games - 1))
        try:
            for command in commands:
                session.apply(command)
        finally:
            session.close()
    print(json.dumps(result))
    return 0


@contextmanager
def _progress(total: int, what: str):
    """A progress bar on stderr when it is a terminal (nothing otherwise); yields the per-item tick."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda: bar.advance(task)


def cmd_demo(args) -> int:
    from referee.session import Session

    path = new_session_path(DEMO)
    Session.create(path, DEMO, {}, args.seed).close()
    print(path)
    return _dashboard(path)


def cmd_play(args) -> int:
    if args.path is not None and not Path(args.path).is_file():
        raise RefereeError(f"no session database at {args.path}")
    return _dashboard(Path(args.path) if args.path else None)


def _dashboard(path: Path | None) -> int:
    from referee.tui.app import RefereeApp

    RefereeApp(path).run()
    return 0


def build_parser() -> argparse.ArgumentParser:
    from referee import __version__

    parser = _Parser(prog="referee", description="A computer-assisted umpire for civil-disorder wargames.",
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     epilog=f"New sessions go to {sessions_dir()}\n(REFEREE_SESSIONS sets another folder). "
                            "The command-line reference is docs/cli.md.")
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    parser.add_argument("--debug", action="store_true",
                        help="show the traceback of an internal error (also REFEREE_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("scenarios", help="list the scenarios")
    p.add_argument("--json", action="store_true", help="one JSON array")
    p.set_defaults(run=cmd_scenarios)

    p = sub.add_parser("new", help="create a session database")
    p.add_argument("scenario")
    p.add_argument("--db", help="where to write it (default: sessions/<scenario>-<time>.db)")
    p.add_argument("--seed", type=_seed, help="seed of the session's dice (default: random)")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE", help="a session option")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("play", help="open the dashboard on a session")
    p.add_argument("path", nargs="?")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("demo", help="a fresh Lock Down, Hold Fast session")
    p.add_argument("--seed", type=_seed)
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser("apply", help="apply umpire commands (JSON lines) to a session")
    p.add_argument("path")
    p.add_argument("file", nargs="?", help="a file of JSON lines, or - for stdin (default)")
    p.set_defaults(run=cmd_apply)

    p = sub.add_parser("state", help="the umpire's full truth")
    p.add_argument("path")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_state)

    p = sub.add_parser("log", help="the event log")
    p.add_argument("path")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(run=cmd_log)

    p = sub.add_parser("view", help="what one player knows (only what that player observed)")
    p.add_argument("path")
    p.add_argument("--player", required=True)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_view)

    p = sub.add_parser("brief", help="write each player's briefing sheet")
    p.add_argument("path")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--player")
    who.add_argument("--all", action="store_true")
    p.add_argument("--format", choices=("html", "md", "pdf"), default="html",
                   help="html to print from a browser, md, or pdf (needs the pdf extra); default html")
    p.add_argument("--lang", choices=("en", "es"), default="en")
    p.add_argument("--out", required=True, help="the folder to write DIR/<player-id>.<ext> into")
    p.set_defaults(run=cmd_brief)

    p = sub.add_parser("resolve", help="resolve one confrontation or chart from JSON, without a session")
    p.add_argument("ruleset", help="n30, or a Wallman chart: " + ", ".join(WALLMAN_CALCULATORS))
    p.add_argument("file", nargs="?", help="a JSON file, or - for stdin (default)")
    p.add_argument("--seed", type=_seed)
    p.set_defaults(run=cmd_resolve)

    p = sub.add_parser("review", help="write the post-session report (one HTML page)")
    p.add_argument("path")
    p.add_argument("--out", required=True, help="the file to write")
    p.add_argument("--format", choices=("html", "pdf"), default="html",
                   help="one self-contained HTML page, or pdf (needs the pdf extra); default html")
    p.add_argument("--at", help="turns to compare each player's knowledge with the truth at, like 4,8 "
                                "(default: the turns briefings were handed out in)")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("export", help="the event log, the turns and the units as CSV or JSON for a spreadsheet")
    p.add_argument("path")
    p.add_argument("--out", required=True, help="the folder to write events, turns and units into")
    p.add_argument("--player", help="only this player's own view (what he knows), safe to hand him")
    p.add_argument("--format", choices=("csv", "json"), default="csv")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("branch", help="what-if: a new session starting where this one stood at a moment")
    p.add_argument("path")
    moment = p.add_mutually_exclusive_group(required=True)
    moment.add_argument("--seq", type=int, help="just after the command that made this event")
    moment.add_argument("--turn", type=int, help="at the start of this turn")
    p.add_argument("--db", required=True, help="the new session database (must not exist)")
    p.set_defaults(run=cmd_branch)

    p = sub.add_parser("verify", help="check that the log is as referee wrote it (hashes, snapshots, dice)")
    p.add_argument("path")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("simulate", help="computer players play whole games")
    p.add_argument("scenario")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE")
    p.add_argument("--save", help="keep the last game as a session database")
    p.add_argument("--protesters", default="objective", choices=("objective", "random"))
    p.add_argument("--police", default="objective", choices=("objective", "random"))
    p.set_defaults(run=cmd_simulate)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a command; bad input prints one line on stderr and returns 2, a bug one line and 1."""
    debug = bool(os.environ.get("REFEREE_DEBUG")) or "--debug" in (sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except RefereeError as error:
        return _fail(str(error))
    except UnicodeDecodeError as error:
        return _fail(f"input is not UTF-8 text ({error.reason} at byte {error.start})")
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: one line, exit 1, the traceback only when asked for
        if debug:
            raise
        _fail(f"internal error, a bug in referee ({type(error).__name__}: {str(error)[:200]}); "
              "run again with --debug (or REFEREE_DEBUG=1) for the traceback, and report it")
        return 1


def _fail(message: str) -> int:
    """Print one line on stderr, its control characters shown as escapes, and return 2 (bad input)."""
    from referee.text import printable

    print("referee: " + printable(" ".join(message.splitlines())), file=sys.stderr)
    return 2
