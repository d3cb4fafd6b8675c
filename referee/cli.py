"""`referee ...`: the command line (see docs/cli.md and the README). Heavy modules load lazily."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from referee.bounds import GAMES, SHOWN, name_problem, quoted, shown
from referee.errors import RefereeError
from referee.messages import MESSAGE_CHARS, RETURNING, SAYING, WRITING, Wording, checked
from referee.paths import new_session_path, sessions_dir
from referee.text import plural, printable

if TYPE_CHECKING:
    from referee.game import Game
    from referee.store.location import Location

DEMO = "n30/lock-down-hold-fast"
TURNS = 999  # the most turns a game can have (`--turn`, `--at`)
LINE = 500  # the longest message printed: the safety net under every value's own cut
PORT = 8030  # where `referee serve` listens by default


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        message = re.sub(rf"'([^']{{{SHOWN},}})'", lambda found: shown(found[1]), message)  # a long value, cut
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
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{shown(text)} is out of range (at most 128 bits)")
    return value


def _whole(low: int, high: int):
    """An argument type: a whole number from low to high."""

    def whole(text: str) -> int:
        if not re.fullmatch(r"[+-]?\d{1,20}", text.strip()) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {shown(text)}")
        return int(text)

    return whole


def _margin(text: str) -> float:
    """An argument type: a margin of a share, 0.001 to 0.5."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {shown(text)}") from None
    if not 0.001 <= value <= 0.5:
        raise argparse.ArgumentTypeError(f"must be from 0.001 to 0.5, not {shown(text)}")
    return value


def _name(text: str) -> str:
    """An argument type: an id (a scenario, a player), at most 64 characters and no control characters."""
    problem = name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"{shown(text)} {problem}")
    return text


def _scenario(text: str) -> str:
    """An argument type: a scenario's id, or the path of a scenario file (ending `.toml`) or of a pack (`.zip`)."""
    return _path(text) if text.endswith((".toml", ".zip")) else _name(text)


def _path(text: str) -> str:
    """An argument type: a file or folder path, not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty path: give a file or folder name")
    return text


def _session(text: str) -> Location:
    """The session database an argument names: a file path, or a PostgreSQL database's URL."""
    from referee.store.location import location

    return location(text)


def _existing(text: str) -> Location:
    """The session database an argument names, refused on one line when it is a file that is not there."""
    where = _session(text)
    if isinstance(where, Path) and not where.is_file():
        raise RefereeError(f"no session database at {text}")
    return where


def _new_file(text: str) -> Location:
    """A path where a new file can be created: not a folder, not there yet, below a folder that takes new files;
    or a PostgreSQL database's URL (the database must exist and hold no session)."""
    path = _session(text)
    if not isinstance(path, Path):
        return path
    if path.is_dir():
        raise RefereeError(f"{text} is a folder; give a file name")
    if path.exists():
        raise RefereeError(f"{text} already exists")
    try:
        import tempfile

        tempfile.TemporaryFile(dir=next(folder for folder in path.absolute().parents if folder.exists())).close()
    except OSError as error:
        raise RefereeError(f"cannot create {text}: {error.strerror}") from None
    return path


@contextmanager
def _writing(target: str, folder: bool = False):
    """Refuse a folder where a file is written (or a file where a folder is), and a failure to write, on one line."""
    if Path(target).exists() and Path(target).is_dir() != folder:
        raise RefereeError(f"{target} is {'a file, not a folder' if folder else 'a folder, not a file'}")
    try:
        yield
    except OSError as error:
        at = f" ({error.filename})" if error.filename and str(error.filename) != target else ""
        raise RefereeError(f"cannot write {target}: {error.strerror or error}{at}") from None


#: what a name given twice leaves in doubt, by the form of the pairs (as `umpires` says it of --set and --remove)
_SAY_ONCE = {"OPTION=VALUE": "what each is set to", "SIDE=KIND": "which player each side has",
             "NAME=ROLE": "what each umpire may do"}


def _pairs(pairs: list[str], option: str = "--set", form: str = "OPTION=VALUE") -> dict[str, str]:
    """The `--set OPTION=VALUE` (or other NAME=VALUE) pairs; each side a name (64 characters at most, no control
    characters), no name twice."""
    options = {}
    for pair in pairs:
        name, sep, value = (part.strip() for part in pair.partition("="))
        if not sep or not name:
            raise RefereeError(f"{option} takes {form}, not {shown(pair)}")
        problem = name_problem(name) or name_problem(value)
        if problem:
            raise RefereeError(f"{option} {shown(pair)}: each side of the = {problem}")
        if name in options:
            raise RefereeError(f"{name}: given twice; say once {_SAY_ONCE[form]}")
        options[name] = value
    return options


def _read_input(source: str | None) -> str:
    if source in (None, "-"):
        return sys.stdin.read()
    if source.lstrip().startswith(("{", "[")):  # a command typed where its file is named
        raise RefereeError(f"{shown(source)} is JSON where a file is named: put it in a file, or pipe it in on "
                           f"standard input (echo '{{\"do\": \"end-phase\"}}' | referee apply SESSION)")
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise RefereeError(f"cannot read {source}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise RefereeError(f"cannot read {source}: not UTF-8 text ({error.reason} at byte {error.start})") from None


class _Twice(Exception):
    """A JSON object gives a key twice."""


def _object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object; one that gives a key twice is refused (which value counts would be a guess)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return data


def _unprintable(text: str, read: bool) -> str | None:
    """What in a text cannot be written out again: a lone surrogate, or in text as `read`, a byte that was not UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(text[error.start])
        if read and 0xDC80 <= code <= 0xDCFF:  # how Python reads a byte that is not UTF-8
            return f"byte 0x{code - 0xDC00:02x} is not UTF-8"
        return f"\\u{code:04x} is a lone surrogate, not a character"
    return None


def _json(text: str, where: str) -> object:
    """Parse one JSON document; refuse what is not UTF-8, a key given twice, too deep nesting and lone surrogates."""
    problem = _unprintable(text, read=True)
    if problem:
        raise RefereeError(f"{where}: not text: {problem}")
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise RefereeError(f"{where}: not valid JSON: {error}") from None
    except _Twice as twice:
        raise RefereeError(f"{where}: the key {quoted(twice.args[0])} is given twice") from None
    except RecursionError:
        raise RefereeError(f"{where}: not valid JSON: nested too deeply") from None
    except ValueError:  # an integer of more than 4300 digits
        raise RefereeError(f"{where}: not valid JSON: a number too long to read") from None
    if re.search(r"\\u[dD][89a-fA-F]", text):  # an escaped surrogate: paired, or alone?
        problem = _unprintable(json.dumps(data, ensure_ascii=False), read=False)
        if problem:
            raise RefereeError(f"{where}: not text: {problem}")
    return data


def cmd_scenarios(args) -> int:
    from referee.game import opening_faults
    from referee.scenario.catalog import catalogue

    problems: list[str] = []
    listing = catalogue(problems, opening_faults)  # a broken scenario hides no other: left out (or marked faulty)
    # and said on stderr
    if args.json:
        print(json.dumps(listing))
    else:
        width = max((len(item["id"]) for item in listing), default=0)
        for item in listing:
            about = f"about {item['minutes']} min".ljust(15) if item["minutes"] else ""  # none: the line as before
            club = f" [the club's own: {item['file']}]" if item["club"] else ""
            club += f" [faulty, not playable: {item['faulty']}]" if "faulty" in item else ""
            print(f"{item['id']:<{width}}  {item['turns']:>3} turns  {about}{item['title']}: {item['summary']} "
                  f"({item['seats']}){club}")
    for problem in problems:
        _fail(problem)
    return 2 if problems else 0


def cmd_new(args) -> int:
    from referee.scenario.catalog import load
    from referee.session import Session
    from referee.sweep import split

    scenario = load(args.scenario)  # by id, or a club's file by its path: the session is named by its id
    options, tunings = split(scenario, _pairs(args.set))
    path = _new_file(args.db) if args.db is not None else new_session_path(scenario.id)
    session = Session.create(path, args.scenario, options, args.seed, tunings)
    session.close()
    if isinstance(path, Path):
        from referee.recent import remember

        remember(path)  # the dashboard's start screen lists it, wherever it is
    if args.seed is not None and not args.predictable:
        print("warning: a chosen seed makes every die of this session foretellable by whoever knows or guesses it "
              "(a small one is found from a few dice in seconds); leave --seed out for a real game, or say "
              "--predictable for a test or a demonstration", file=sys.stderr)
    print(f"{path}")  # a URL without its password
    return 0


def cmd_apply(args) -> int:
    from referee.session import Session

    session = Session.open(_session(args.path))
    session.umpire = args.umpire
    try:
        source = sys.stdin if args.file in (None, "-") else None
        lines = source if source is not None else _read_input(args.file).splitlines()
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            command = _json(line, f"line {number}")
            if not isinstance(command, dict):
                raise RefereeError(f'line {number}: a command must be a JSON object such as {{"do": "end-phase"}}')
            if not isinstance(command.get("do"), str):
                raise RefereeError(f'line {number}: a command needs "do": a command name such as "end-phase"')
            was_over = session.game.state.over
            try:
                if command["do"] in ("undo", "redo"):
                    session.game.check(command)  # the session undoes and redoes by itself, so the check is made here
                seq = session.apply(command)
            except RefereeError as error:
                raise RefereeError(f"line {number}: {error}") from None
            print(f"ok {seq}", flush=True)
            if session.game.state.over and not was_over:  # said where the umpire looks, not only in the log
                print(f"line {number} ended the game: {session.game.narrate(session.last_outcome())}", file=sys.stderr)
            for event in session.game.weighty([event for _, event in session.last]):
                if event.kind != "game-ended":  # what cost a side dearly, said as plainly
                    print(f"line {number}: {session.game.narrate(event)}", file=sys.stderr)
        last, head = session.tip
        print(f"log head {head[:16]} after command {last} (referee verify --head {head[:16]} checks the log against it)",
              file=sys.stderr)
    finally:
        session.close()
    return 0


def cmd_state(args) -> int:
    from referee.session import read
    from referee.umpire_view import state_json, state_text

    game = read(_session(args.path))
    print(json.dumps(state_json(game)) if args.json else state_text(game))
    return 0


def cmd_log(args) -> int:
    from referee.store.reading import open_reader
    from referee.umpire_view import log_lines

    reader = open_reader(_session(args.path))
    try:
        for line in log_lines(reader.intact(), as_json=args.json):
            print(line)
    finally:
        reader.close()
    return 0


def cmd_view(args) -> int:
    from referee.briefing.commands import view

    return view(_session(args.path), args.player, as_json=args.json)


def cmd_brief(args) -> int:
    from referee.briefing.commands import brief

    return brief(_session(args.path), args.player, args.format, args.lang, Path(args.out), args.umpire)


def cmd_serve(args) -> int:
    from referee.web.serve import serve

    return serve(_session(args.path), args.lan, args.port, args.umpire)


def cmd_autopilot(args) -> int:
    import threading

    from referee.autopilot import follow, send_orders
    from referee.messages import player_named
    from referee.session import Session

    session = Session.view(_session(args.path))
    try:
        names = session.state.names.get("players", {})
        player = player_named(args.player, (p.id for p in session.game.ctx.scenario.players), names)
    finally:
        session.close()

    def told(sent) -> None:
        if sent.orders:
            print(f"{player}: orders {' '.join(map(str, sent.orders))} written for the umpire to decide", flush=True)
        else:
            print(f"{player}: no orders now: {sent.why_none}", file=sys.stderr, flush=True)

    if args.once:
        told(send_orders(_session(args.path), player, args.kind, args.seed))
        return 0
    stop = threading.Event()
    try:
        follow(_session(args.path), player, args.kind, args.seed, told, stop.wait, args.every)
    except KeyboardInterrupt:
        pass
    return 0


def cmd_links(args) -> int:
    from referee.links import JOIN, LOCAL_ONLY, join_code, local_only, page_url
    from referee.session import Session
    from referee.store.reading import ROOM

    session = Session.view(_session(args.path))
    session.umpire = args.umpire
    try:
        if args.revoke:
            session.revoke_links(args.revoke)
        if args.reissue:
            session.issue_links(args.reissue)
        links = session.player_links()
        sides = {player.id: player.side for player in session.game.ctx.scenario.players}
        args.base = args.base or session.served_at() or f"http://127.0.0.1:{PORT}"
    finally:
        session.close()
    for player, side in sides.items():
        link = page_url(args.base, links[player]) if player in links else "(no link: referee serve gives one)"
        if args.codes:  # what a player types on the join page instead
            link = join_code(links[player]) if player in links else "(no link: referee serve gives one)"
        print(f"{printable(side)}\t{printable(player)}\t{link}")
    if args.codes and links:
        print(f"the players type their codes at {args.base.rstrip('/')}{JOIN}", file=sys.stderr)
    if ROOM in links:
        print(f"the room's page, for a projector: {page_url(args.base, links[ROOM])}", file=sys.stderr)
    if links and local_only(args.base):
        print(f"note: {LOCAL_ONLY}", file=sys.stderr)
    return 0


def cmd_messages(args) -> int:
    from referee.messages import waiting

    messages, shown, names, _ = _threads_shown(args)
    unanswered = {message.id for message in waiting(messages)}
    listed = [(message, message.id in unanswered) for message in messages if message.player in shown]
    if args.json:
        print(json.dumps([{**dataclasses.asdict(message), "waiting": waits} for message, waits in listed]))
    elif not listed:
        print("No messages yet: the players write from their live pages (referee serve), the umpire with "
              "referee message.")
    for message, waits in listed if not args.json else ():
        print(_message_line(message, waits, names))
    return 0


def _threads_shown(args) -> tuple[list, set[str], dict[str, str], Game]:
    """Every message of the session at `args.path`, the players whose threads `args.umpire` may read
    (`args.player`'s alone, if given: by id, or by the name the table calls him), those names, by id, and the game
    as it stands; a RefereeError where he may not."""
    from referee.messages import player_named
    from referee.session import read
    from referee.store.reading import open_reader
    from referee.umpires import sheets_problem, who_problem

    reader = open_reader(_session(args.path))  # read as it stands: a session of an earlier format has none yet
    try:
        roles, messages = reader.intact(messages=True).umpires(), reader.messages()
    finally:
        reader.close()
    game = read(_session(args.path))  # its teams seated, and the names the table gave
    sides = {player.id: player.side for player in game.ctx.scenario.players}
    names = dict(game.state.names.get("players", {}))
    problem = who_problem(roles, args.umpire)
    player = None if args.player is None else player_named(args.player, sides, names)
    if player is not None:
        problem = problem or sheets_problem(roles, args.umpire, [sides[player]])
    if problem:
        raise RefereeError(problem)
    shown = ({player} if player is not None else  # an umpire's role shows him his players' threads alone
             {player for player, side in sides.items() if sheets_problem(roles, args.umpire, [side]) is None})
    return messages, shown, names, game


def _message_line(message, waits: bool, names: dict[str, str]) -> str:
    """A message on one line, as `messages` prints it: its number, time, who wrote to whom (the player with the
    name the table calls him), what it answers or that it waits for an answer, and its text, its line breaks shown
    as ` / `."""
    from referee.messages import direction

    waiting = ", waiting" if waits else ""
    said = f": {message.on_one_line}" if message.text else ""
    return printable(f"#{message.id} {message.created[11:16]} {direction(message, names)}{waiting}{said}")


def cmd_message(args) -> int:
    from referee.session import Session

    text = _said(args.text, WRITING, "TEXT")
    session = Session.view(_session(args.path))
    session.umpire = args.umpire
    try:
        number = session.write_to(args.to, text, args.answers)
    finally:
        session.close()
    print(number)
    return 0


def cmd_orders(args) -> int:
    from referee.messages import answer_to, order_state, standing_orders

    messages, shown, names, game = _threads_shown(args)
    if args.missing:
        return _yet_to_order(args, shown, names)
    stands = {order.id for order in standing_orders(messages).values()}
    due = {order.id for order in _due_again(args.path)} if stands else set()
    listed = [(order, answer_to(order, messages)) for order in messages if order.is_order and order.player in shown]
    if args.waiting:
        listed = [(order, answer) for order, answer in listed if answer is None or order.id in due]
    odds = _waiting_odds(game, [order for order, answer in listed if answer is None or order.id in due])
    if args.json:
        print(json.dumps([{"id": order.id, "player": order.player, "created": order.created, "order": order.command,
                           "text": order.text, "state": order_state(answer), "command": answer.done if answer else None,
                           "carried_out": (answer.command or order.command) if answer and answer.done else None,
                           "answer": answer.text if answer else None, "umpire": answer.umpire if answer else None,
                           "odds": list(odds.get(order.id, ())), "standing": order.standing, "due": order.id in due,
                           "stands": order.id in stands}
                          for order, answer in listed]))
    elif not listed:
        print("No orders " + ("waiting" if args.waiting else "yet") + ": the players send theirs from their live pages "
              "(referee serve).")
    for order, answer in listed if not args.json else ():
        print(_order_line(order, answer, names, order.id in due, order.id in stands))
        for line in odds.get(order.id, ()):
            print(printable(f"    {line}"))
    return 0


def _due_again(path: str) -> tuple:
    """The standing orders due again in the phase the game is in (referee.roster)."""
    from referee.roster import waiting

    return waiting(_session(path)).standing


def _yet_to_order(args, shown: set[str], names: dict[str, str]) -> int:
    """`orders --missing`: the players yet to send orders in this phase, of those the umpire may read (in its line,
    each with the name the table calls him)."""
    from referee.messages import called
    from referee.roster import waiting

    found = waiting(_session(args.path))
    players = [player for player in found.players if player in shown]
    standing = [order for order in found.standing if order.player in shown]
    if args.json:
        print(json.dumps({"turn": found.turn, "phase": found.phase, "opened": found.opened, "players": players,
                          "deadline": found.deadline,
                          "standing": [{"player": order.player, "order": order.id} for order in standing]}))
        return 0
    phase = f"turn {found.turn}, {found.phase}" + (f" (open since {found.opened[11:16]})" if found.opened else "")
    phase += f", orders due by {found.deadline[11:16]}" if found.deadline else ""
    print(f"{phase}: yet to send orders: {', '.join(called(player, names) for player in players)}" if players else
          f"{phase}: every player with orders to give now has sent some" + (" or has a standing order" if standing else ""))
    if standing:
        print("standing orders due again: " + ", ".join(f"{called(order.player, names)} #{order.id}"
                                                       for order in standing))
    return 0


def _waiting_odds(game: Game, waiting: list) -> dict[int, tuple[str, ...]]:
    """Each waiting order's exact odds against the game as it stands (the umpire's: every hidden fact), by number."""
    return {order.id: game.odds(order.command) for order in waiting}


def _order_line(order, answer, names: dict[str, str], due: bool = False, stands: bool = False) -> str:
    """An order on one line, as `orders` prints it: its number, time, player (with the name the table calls him, and
    what the order is to his standing order: one that `stands` no more says so), what became of it (a standing
    order due again in this phase: so), its words and the command it asks for."""
    from referee.messages import called, order_state

    state = order_state(answer)
    if answer is not None:
        state += f" by command {answer.done}" if answer.done else ""
        state += f" ({answer.umpire})" if answer.umpire else ""
        state += f": {answer.on_one_line}" if answer.text else ""
        state += f" as {json.dumps(answer.command)}" if answer.command else ""
    state += "; due again in this phase" if due else ""
    kept = "" if order.standing is None else (" (standing)" if stands else " (standing no more)") \
        if order.standing == order.id else f" (repeating #{order.standing})"
    kept += f" (written by the {order.umpire})" if order.umpire else ""  # a computer player's (referee.autopilot)
    return printable(f"#{order.id} {order.created[11:16]} {called(order.player, names)}{kept}, {state} | {order.on_one_line} "
                     f"| {json.dumps(order.command, ensure_ascii=False)}")


def _listed_number(text: str, what: str) -> int:
    """A number the session lists (an order's, a message's), any whole number: the session says which there are."""
    if not re.fullmatch(r"[+-]?\d{1,40}", text.strip()):
        raise argparse.ArgumentTypeError(f"must be {what}, not {shown(text)}")
    return int(text)


def _order_number(text: str, other: str = "") -> int:
    """An argument type: an order's number, any whole number (the session says which orders wait)."""
    return _listed_number(text, f"an order's number (`referee orders` lists them){other}")


def _message_number(text: str) -> int:
    """An argument type: a message's number, any whole number (the session says which wait for an answer)."""
    return _listed_number(text, "a message's number (`referee messages` lists them)")


def _order_item(text: str) -> int | str:
    """An argument type: an order's number, or `end` (the end of the phase between orders carried out together)."""
    return "end" if text == "end" else _order_number(text, " or end")


def cmd_execute(args) -> int:
    from referee.session import Session

    if args.all == bool(args.number):
        raise RefereeError("execute: give the orders' numbers, or --all, not both" if args.all else
                           "execute: give an order's number (`referee orders` lists them), or --all")
    together = args.all or len(args.number) > 1 or args.number[0] == "end"
    amended = None
    if args.as_ is not None:
        if together:
            raise RefereeError("execute: --as amends one order: give its number alone")
        given = _json(args.as_, "--as")
        if not isinstance(given, dict) or not isinstance(given.get("do"), str):
            raise RefereeError('--as: a command must be a JSON object such as {"do": "move", ...}')
        amended = given
    said = _said(args.say, SAYING, "--say", blank=True) if args.say is not None else ""
    session = Session.open(_session(args.path))
    session.umpire = args.umpire
    try:
        if together:  # in one transaction, in the order given or the turn's (referee.blind)
            items = session.waiting_laid_out() if args.all else args.number
            if not items:
                raise RefereeError("no order is waiting: `referee orders` lists them")
            seq, what = session.execute_all(items, said), "the orders"
            print(f"ok {seq}")
            print(f"carried out together: {' '.join(map(str, items))}", file=sys.stderr)
        else:
            seq, what = session.execute(args.number[0], amended, said), f"order {args.number[0]}"
            print(f"ok {seq}")
        for _, event in session.last:  # what the orders did, as the log says it: a move cut short shows
            print(session.game.narrate(event), file=sys.stderr)
        if session.game.state.over:
            print(f"{what} ended the game: {session.game.narrate(session.last_outcome())}", file=sys.stderr)
    finally:
        session.close()
    return 0


def cmd_return(args) -> int:
    from referee.session import Session

    said = _said(args.text, RETURNING, "TEXT")
    session = Session.view(_session(args.path))
    session.umpire = args.umpire
    try:
        number = session.return_order(args.number, said)
    finally:
        session.close()
    print(number)
    return 0


def cmd_deadline(args) -> int:
    from datetime import datetime

    from referee.roster import due_at
    from referee.rules.deadlines import clock
    from referee.session import Session

    at = due_at(args.when, datetime.now().astimezone())
    session = Session.open(_session(args.path))
    session.umpire = args.umpire
    try:
        print(f"ok {session.apply({'do': 'deadline'} | ({'at': at} if at else {}))}")
        if at:
            print(f"orders due by {clock(at)} on this machine's clock", file=sys.stderr)
    finally:
        session.close()
    return 0


def _said(text: str, wording: Wording, given: str, blank: bool = False) -> str:
    """What the umpire says to a player, from the command line (the argument `given`) or (`-`) standard input, as
    the session keeps it (a `blank` text may be none: "")."""
    if text == "-":
        text, given = sys.stdin.read(), "standard input"
    problem = _unprintable(text, read=True)
    if problem:
        raise RefereeError(f"{wording.what} is not text: {problem}")
    return "" if blank and not text.strip() else checked(text, wording, given)


def cmd_umpires(args) -> int:
    from referee.session import Session

    named = _pairs(args.set, form="NAME=ROLE")
    given = [pair.partition("=")[0].strip() for pair in args.set] + args.remove
    twice = sorted({name for name in given if given.count(name) > 1})
    if twice:
        raise RefereeError(f"{', '.join(twice)}: given twice; say once what each umpire may do")
    changes = {**named, **dict.fromkeys(args.remove, "")}
    session = Session.open(_session(args.path)) if changes else Session.view(_session(args.path))
    session.umpire = args.umpire
    try:
        roles = session.name_umpires(changes) if changes else session.umpires()
    finally:
        session.close()
    if args.json:
        print(json.dumps(roles))
    elif not roles:
        print("This session names no umpires: anyone may do anything (name them with --set NAME=ROLE).")
    for name, role in roles.items() if not args.json else ():
        print(f"{printable(name):<20} {role}")
    return 0


def cmd_resolve(args) -> int:
    from referee import rulesets

    try:
        plugin = rulesets.calculator(args.ruleset)
    except KeyError:
        raise RefereeError(f"no calculator {shown(args.ruleset)} (known: {', '.join(rulesets.calculators())})") from None
    data = _json(_read_input(args.file), args.file or "stdin")
    print(json.dumps(plugin.resolve(args.ruleset, data, args.seed)))
    return 0


def cmd_review(args) -> int:
    from referee.review.report import write_review

    path = _existing(args.path)
    at = None
    if args.at:
        turns = args.at.split(",")
        if len(turns) > TURNS or not all(re.fullmatch(r"\s*[1-9]\d{0,2}\s*", turn) for turn in turns):
            raise RefereeError(f"--at takes turns separated by commas, like 4,8, not {shown(args.at)}")
        at = [int(turn) for turn in turns]
    def unfinished() -> None:
        print("warning: the game is not over, and the review reveals the seed of its dice: whoever reads it can "
              "foretell every die still to come; hand it to players only after the game", file=sys.stderr)

    with _writing(args.out):
        print(write_review(path, Path(args.out), at, args.format, args.lang, unfinished))
    return 0


def cmd_export(args) -> int:
    from referee.review.exports import export, export_player
    path = _existing(args.path)
    with _writing(args.out, folder=True):
        written = (export(path, Path(args.out), args.format) if args.player is None
                   else export_player(path, args.player, Path(args.out), args.format))
        for target in written:
            print(printable(target))
    return 0


def cmd_branch(args) -> int:
    from referee.review.branch import branch

    new = _new_file(args.db)
    copied = branch(_existing(args.path), new, args.seq, args.turn)
    print(f"{plural(copied, 'command')} copied", file=sys.stderr)
    print(args.db if isinstance(new, Path) else f"{new}")  # a URL without its password
    return 0


def cmd_copy(args) -> int:
    from referee.store.reading import open_reader
    from referee.store.repository import SessionStore

    target = _new_file(args.target)
    reader = open_reader(_existing(args.source))
    try:
        copied = SessionStore.copy(reader, target)
    finally:
        reader.close()
    print(f"{plural(copied, 'command')} copied", file=sys.stderr)
    print(args.target if isinstance(target, Path) else f"{target}")  # a URL without its password
    return 0


def cmd_verify(args) -> int:
    from referee.review.verify import verify

    print(verify(_session(args.path), args.head))
    return 0


def cmd_scenario(args) -> int:
    from referee.scenario import club

    if args.action == "check":  # loaded and cross-checked as `new` loads it, its game opened as `new` opens it
        from referee.game import scenario_faults
        from referee.scenario.catalog import load

        if args.new_id is not None or args.to is not None:
            raise RefereeError("scenario check takes a scenario alone")
        faults = scenario_faults(args.scenario)
        for fault in faults:
            _fail(fault)
        if faults:
            return 2
        found = load(args.scenario)
        print(f"{args.scenario}: ok: {found.id}, {found.title}, {found.length}, {found.seats}")
        return 0
    if args.action == "preview":
        return _preview(args)
    if args.action in ("pack", "unpack"):
        return _packed(args)
    if args.new_id is None:
        raise RefereeError("scenario copy: give the scenario and its new id: referee scenario copy n30/close-the-ring "
                           "n30/our-ring")
    target = club.copy(args.scenario, args.new_id, Path(args.to) if args.to else None)
    print(target)
    return 0


def _preview(args) -> int:
    """`scenario preview`: the scenario's set-up and its players' sheets at the start, in one file; its path printed."""
    from referee.briefing.preview import write_preview
    from referee.scenario.catalog import load, scenario_file, tuned
    from referee.sweep import split

    if args.new_id is not None or args.to is not None:
        raise RefereeError("scenario preview takes a scenario alone, with --out, --format, --set and --lang")
    scenario = load(args.scenario)
    options, tunings = split(scenario, _pairs(args.set))
    out = Path(args.out or f"{scenario.id.partition('/')[2]}-preview.{args.format}")
    with _writing(str(out)):
        print(write_preview(tuned(scenario, tunings), options, str(scenario_file(args.scenario)), out, args.format,
                            args.lang))
    return 0


def _packed(args) -> int:
    """`scenario pack SCENARIO --out FILE`, and `scenario unpack FILE [--to FOLDER]`: the file written printed."""
    from referee.scenario import packing
    from referee.scenario.catalog import club_folders

    if args.new_id is not None or args.set or args.action == "pack" and args.to is not None:
        raise RefereeError("scenario pack takes a scenario and --out FILE; scenario unpack, a pack and --to FOLDER "
                           "if any")
    if args.action == "pack":
        if args.out is None or not args.out.endswith(".zip"):
            raise RefereeError("scenario pack: give the file to write with --out, ending .zip, such as --out "
                               "our-ring.zip")
        with _writing(args.out):
            print(packing.pack(args.scenario, Path(args.out)))
        return 0
    from referee.game import scenario_faults

    with _writing(args.to or str(club_folders()[0]), folder=True):
        print(packing.unpack(Path(args.scenario), Path(args.to) if args.to else club_folders()[0],
                             lambda path: scenario_faults(str(path))))
    return 0


def cmd_key(args) -> int:
    from referee.store.seal import key_path, load_key

    path = key_path()
    if path is None:
        print("No umpire's key: REFEREE_KEY_FILE is empty, so sessions are neither sealed nor snapshotted here.")
        return 0
    key = load_key(create=args.new)
    if key is None:
        raise RefereeError(f"{path} holds no key (64 hex digits, as referee key --new writes)" if path.exists() else
                           f"no umpire's key at {path} yet: referee key --new makes one, as does any command that writes")
    print(f"{path}\t{key.id}")
    return 0


def cmd_simulate(args) -> int:
    from referee.scenario.catalog import load
    from referee.simulate import game_seed, last_game, simulate
    from referee.sweep import axes, settings, split, sweep
    from referee.sweep_notes import unseen

    scenario = load(args.scenario)
    options, tuned = split(scenario, _pairs(args.set))
    named = [f"{side}={kind}" for side, kind in (("protesters", args.protesters), ("police", args.police)) if kind]
    kinds: dict[str, Any] = dict(_pairs(args.player + named, "--player", "SIDE=KIND"))  # by side: simulate(**kinds)
    if args.save and args.sweep:
        raise RefereeError("--save keeps one game of one setting: it cannot go with --sweep")
    if args.scheduler and args.workers:
        raise RefereeError("the games run on this machine's processes (--workers) or on a Dask cluster (--scheduler): "
                           "give one")
    chart = _chart(args.chart) if args.chart is not None else None
    save = _new_file(args.save) if args.save is not None else None
    found = axes(scenario, args.sweep, {**options, **tuned})
    warning = unseen(scenario, [axis.name for axis in found], options, args.players_see)
    if warning:
        print(warning, file=sys.stderr)
    run = {"until_ci": args.until_ci, "workers": args.workers, "scheduler": args.scheduler, "tuned": tuned,
           "sees": args.players_see, **kinds}
    with _progress(None if args.until_ci else args.games * settings(found), "games") as tick:
        if found:
            result = sweep(args.scenario, found, args.games, args.seed, options, progress=tick, **run)
        else:
            result = simulate(args.scenario, args.games, args.seed, options, progress=tick, **run)
    if save:
        from referee.session import Session

        _, commands = last_game(args.scenario, result["games"], args.seed, options, tuned, args.players_see, **kinds)
        session = Session.create(save, args.scenario, options, game_seed(args.seed, result["games"] - 1), tuned)
        try:
            for command in commands:
                session.apply(command)
        finally:
            session.close()
    _simulated(args, scenario, result, chart, kinds, options)
    return 0


def _chart(text: str) -> Path:
    """Where `--chart` writes, checked before any game is played: a file in a folder that exists."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise RefereeError(f"--chart {text}: a folder; give the name of the HTML file to write")
    if not folder.is_dir():
        raise RefereeError(f"--chart {text}: {'there is no folder' if not folder.exists() else 'not a folder:'} {folder}")
    if not os.access(folder, os.W_OK):
        raise RefereeError(f"--chart {text}: the folder {folder} cannot be written")
    return path


def _simulated(args, scenario, result: dict, chart: Path | None, kinds: dict[str, str], options: dict[str, str]) -> None:
    """Print what `simulate` found in the format asked for (JSON by default, a table for a sweep, with the lines
    saying how to read it and how the games were played) and write its chart if asked."""
    from referee import rulesets
    from referee.simulate import results
    from referee.sweep import as_sweep, to_csv, to_table
    from referee.sweep_notes import notes

    table = result if args.sweep else as_sweep(result)
    score_name = rulesets.get(scenario.ruleset).score_name
    if chart is not None:
        from referee.review.sweep_chart import write_chart

        write_chart(table, scenario, score_name, chart)
    fmt = args.format or ("table" if args.sweep else "json")
    if fmt == "json":
        print(json.dumps(result))
    else:
        sys.stdout.write(to_csv(table, results(scenario)) if fmt == "csv" else
                         to_table(table, score_name) + notes(table, scenario, score_name, kinds, options, args.players_see))


@contextmanager
def _progress(total: int | None, what: str):
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
    if args.path is None:
        return _dashboard(None, args.umpire)
    from referee.store.reading import open_reader
    from referee.umpires import who_problem

    path = _session(args.path)
    reader = open_reader(path)  # a missing or corrupt database is refused before the dashboard starts
    try:
        problem = who_problem(reader.umpires(), args.umpire)
    finally:
        reader.close()
    if problem:
        raise RefereeError(problem)
    return _dashboard(path, args.umpire)


def _dashboard(path: Location | None, umpire: str | None = None) -> int:
    from referee.tui.app import RefereeApp

    app = RefereeApp(path, umpire=umpire)
    app.run()
    return app.return_code or 0  # 1 when the dashboard stopped on an error (Textual printed it)


def _umpire_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--umpire", type=_name, default=os.environ.get("REFEREE_UMPIRE") or None,
                        help="who you are, where the session names its umpires (`referee umpires`); recorded with each "
                             "command (default: $REFEREE_UMPIRE)")


def _command(sub, name: str, run, summary: str, *examples: str) -> argparse.ArgumentParser:
    """A command's parser: its one-line summary, and examples under its options in `--help`."""
    parser = sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".",
                            formatter_class=argparse.RawDescriptionHelpFormatter,
                            epilog="examples (docs/cli.md runs them in order, in an empty folder):\n"
                                   + "\n".join(f"  {example}" for example in examples))
    parser.set_defaults(run=run)
    return parser


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
    session = "the session database (a .db file, or a postgresql:// URL)"

    p = _command(sub, "scenarios", cmd_scenarios, "list the scenarios", "referee scenarios", "referee scenarios --json")
    p.add_argument("--json", action="store_true", help="one JSON array")

    p = _command(sub, "new", cmd_new, "create a session database",
                 "referee new n30/close-the-ring --seed 7 --predictable --set hidden=weak --db tuesday.db",
                 "referee new wallman/town-centre-riot --seed 3 --predictable --set weather=damp --db eastgate.db")
    p.add_argument("scenario", type=_scenario, help="a scenario id, as `referee scenarios` lists it, or the path of a "
                                                    "scenario file (.toml)")
    p.add_argument("--db", type=_path, help="where to write it: a file, or postgresql://user@host:port/dbname "
                   "(default: sessions/<scenario>-<time>.db)")
    p.add_argument("--seed", type=_seed, help="seed of the session's dice (default: 128 random bits). A chosen seed "
                   "makes the dice predictable: for tests and demonstrations, never a real game")
    p.add_argument("--predictable", action="store_true",
                   help="the chosen --seed is on purpose (a test, a demonstration): no warning")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="a scenario option (docs/cli.md lists them); repeat for several")

    p = _command(sub, "play", cmd_play, "open the dashboard on a session", "referee play tuesday.db", "referee play")
    p.add_argument("path", nargs="?", type=_path, help=f"{session} (default: the start screen, to pick or create one)")
    _umpire_option(p)

    p = _command(sub, "demo", cmd_demo, "a fresh Lock Down, Hold Fast session", "referee demo", "referee demo --seed 1")
    p.add_argument("--seed", type=_seed, help="seed of the session's dice (default: random)")

    p = _command(sub, "apply", cmd_apply, "apply umpire commands (JSON lines) to a session",
                 """echo '{"do": "move", "unit": "bananarchy", "to": "5TH & OLIVE"}' | referee apply tuesday.db""",
                 "referee apply tuesday.db turn1.jsonl")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("file", nargs="?", type=_path, help="a file of JSON lines, or - for stdin (default)")
    _umpire_option(p)

    p = _command(sub, "state", cmd_state, "the umpire's full truth",
                 "referee state tuesday.db", "referee state tuesday.db --json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")

    p = _command(sub, "log", cmd_log, "the event log", "referee log tuesday.db", "referee log tuesday.db --json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--json", action="store_true", help="one JSON object per line")

    p = _command(sub, "view", cmd_view, "what one player knows (only what that player observed)",
                 "referee view tuesday.db --player police", "referee view eastgate.db --player brennan --json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--player", required=True, type=_name,
                   help="a player id of the scenario (`scenarios --json` lists them; a wrong one is answered with the list)")
    p.add_argument("--json", action="store_true", help="one JSON object instead of text")

    p = _command(sub, "brief", cmd_brief, "write each player's briefing sheet", "referee brief tuesday.db --all --out sheets/",
                 "referee brief tuesday.db --player police --format md --lang es --out sheets-es/")
    p.add_argument("path", type=_path, help=session)
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--player", type=_name, help="only this player's sheet")
    who.add_argument("--all", action="store_true", help="every player's sheet")
    p.add_argument("--format", choices=("html", "md", "pdf"), default="html",
                   help="html to print from a browser, md, or pdf (needs the pdf extra); default html")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="the sheets' language; default en")
    p.add_argument("--out", required=True, type=_path, help="the folder to write DIR/<player-id>.<ext> into")
    _umpire_option(p)

    p = _command(sub, "serve", cmd_serve, "serve each player's live page of a session (his briefing as it stands)",
                 "referee serve tuesday.db --port 8031 &", "referee serve tuesday.db --lan")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--lan", action="store_true", help="listen on the local network, for the players' own devices "
                   "(default: this machine only)")
    p.add_argument("--port", type=_whole(0, 65535), default=PORT, help=f"the port to listen on (default {PORT}; 0: any free one)")
    _umpire_option(p)

    p = _command(sub, "links", cmd_links, "each player's secret link to his live page; withdraw or renew them",
                 "referee links tuesday.db --base http://127.0.0.1:8031", "referee links tuesday.db --reissue police",
                 "referee links tuesday.db --codes")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--reissue", action="append", default=[], type=_name, metavar="PLAYER",
                   help="give this player a new link, the old one withdrawn; repeat for several")
    p.add_argument("--revoke", action="append", default=[], type=_name, metavar="PLAYER",
                   help="withdraw this player's link: his open page goes blank; repeat for several")
    p.add_argument("--base", type=_path, help=f"the address `referee serve` gave, put before each link (default: "
                                              f"where it last served this session, else http://127.0.0.1:{PORT})")
    p.add_argument("--codes", action="store_true", help="each player's short code instead of his link: he types it on "
                   "the join page (the room's page shows where)")
    _umpire_option(p)

    p = _command(sub, "message", cmd_message, "write to a player as the umpire: a message kept in his thread",
                 "referee message tuesday.db --to police 'Your barricade at 6th & Union is seen from the hotel.'",
                 "echo 'The crowd at Westlake will hear you.' | referee message tuesday.db --to protesters -",
                 "referee message tuesday.db --to protesters --answers 3 'Yes: at Westlake, in ten minutes.'")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--to", required=True, type=_name, metavar="PLAYER", help="the player written to")
    p.add_argument("--answers", type=_message_number, metavar="N",
                   help="the number of his message it answers (`messages` lists them)")
    p.add_argument("text", metavar="TEXT", help=f"what to say (at most {MESSAGE_CHARS} characters; line breaks are kept), "
                   "or - to read it from stdin")
    _umpire_option(p)

    p = _command(sub, "autopilot", cmd_autopilot, "a computer player writes a player's orders, for the umpire to "
                 "decide like any player's",
                 "referee autopilot tuesday.db --player police --once", "referee autopilot tuesday.db --player police")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--player", required=True, type=_name, metavar="PLAYER",
                   help="the player it plays: a player id, or the name the table calls him")
    p.add_argument("--kind", type=_name, help="the kind of computer player (`referee simulate --help`; default: the "
                   "game's first)")
    p.add_argument("--seed", type=_seed, default=0, help="seed of the dice it plans the phase with (default 0)")
    p.add_argument("--once", action="store_true", help="write this phase's orders, if he is waited for, and stop")
    p.add_argument("--every", type=_whole(1, 600), default=2, metavar="SECONDS",
                   help="how often it looks at the session, in seconds (default 2)")

    p = _command(sub, "messages", cmd_messages, "the messages between the players and the umpire, in order",
                 "referee messages tuesday.db", "referee messages tuesday.db --player police --json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--player", type=_name, help="only this player's thread")
    p.add_argument("--json", action="store_true", help="one JSON array instead of text")
    _umpire_option(p)

    p = _command(sub, "orders", cmd_orders, "the orders the players sent from their pages, and what became of each",
                 "referee orders tuesday.db", "referee orders tuesday.db --waiting --json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--player", type=_name, help="only this player's orders")
    p.add_argument("--waiting", action="store_true", help="only the orders not answered yet")
    p.add_argument("--missing", action="store_true", help="instead of the orders: the players yet to send any in this "
                   "phase (their pages offer orders now, and they sent none since it opened)")
    p.add_argument("--json", action="store_true", help="one JSON array instead of text")
    _umpire_option(p)

    p = _command(sub, "deadline", cmd_deadline, "give the players until a time to send their orders in this phase",
                 "referee deadline tuesday.db 5", "referee deadline tuesday.db off")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("when", metavar="WHEN", help="minutes from now (5), a time of today on this machine's clock "
                                               "(20:35), or off: no deadline")
    _umpire_option(p)

    p = _command(sub, "execute", cmd_execute, "carry out a player's order, as it stands or amended, or several at once",
                 "referee execute tuesday.db 4",
                 """referee execute tuesday.db 5 --as '{"do": "move", "unit": "U2", "to": "n14"}' --say 'Only to 6th.'""",
                 "referee execute tuesday.db 7 9 end 8", "referee execute tuesday.db --all")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("number", type=_order_item, nargs="*", metavar="N",
                   help="the order's number (`orders` lists them); several, with `end` where the phase is to end "
                        "between them, are carried out together, in that order")
    p.add_argument("--all", action="store_true", help="carry out every waiting order together, each in the phase it "
                                                      "was written for, ending the phases between")
    p.add_argument("--as", dest="as_", metavar="JSON", help="the command carried out instead, as `apply` takes it")
    p.add_argument("--say", metavar="TEXT", help="a word to the player with it, or - to read it from stdin")
    _umpire_option(p)

    p = _command(sub, "return", cmd_return, "send a player's order back unexecuted, with a word to him",
                 "referee return tuesday.db 6 'The police hold that street: try Pine.'")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("number", type=_order_number, metavar="N", help="the order's number (`orders` lists them)")
    p.add_argument("text", metavar="TEXT", help=f"what to tell him (at most {MESSAGE_CHARS} characters), or - to read "
                   "it from stdin")
    _umpire_option(p)

    p = _command(sub, "umpires", cmd_umpires, "the session's umpires and what each may do; name them or change roles",
                 "referee umpires megagame.db --set ann=all --set bob=police --set cy=reports",
                 "referee umpires megagame.db --umpire ann --set bob=protesters --remove cy", "referee umpires megagame.db")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--set", action="append", default=[], metavar="NAME=ROLE",
                   help="give an umpire a role: all, reports, or a side of the scenario; repeat for several")
    p.add_argument("--remove", action="append", default=[], type=_name, metavar="NAME", help="name this umpire no more")
    p.add_argument("--json", action="store_true", help="one JSON object, umpire to role")
    _umpire_option(p)

    p = _command(sub, "resolve", cmd_resolve, "resolve one confrontation or chart from JSON, without a session",
                 "referee resolve n30 attack.json", """echo '{"rl": 4, "roll": 5}' | referee resolve wallman-rl""")
    p.add_argument("ruleset", metavar="calculator",
                   help="a calculator of an installed ruleset: n30, wallman-rl, ... (a name not known lists them)")
    p.add_argument("file", nargs="?", type=_path, help="a JSON file, or - for stdin (default)")
    p.add_argument("--seed", type=_seed, help="seed of the dice when the JSON gives none (default: random)")

    p = _command(sub, "review", cmd_review, "write the post-session report (one HTML page)",
                 "referee review tuesday.db --out tuesday-review.html",
                 "referee review tuesday.db --out review-t1.html --at 1",
                 "referee review tuesday.db --out revision.html --lang es")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--out", required=True, type=_path, help="the file to write")
    p.add_argument("--format", choices=("html", "pdf"), default="html",
                   help="one self-contained HTML page, or pdf (needs the pdf extra); default html")
    p.add_argument("--at", help="turns to compare each player's knowledge with the truth at, like 4,8 "
                                "(default: the turns briefings were handed out in)")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="the report's language; default en")

    p = _command(sub, "export", cmd_export, "the event log, the turns and the units as CSV or JSON for a spreadsheet",
                 "referee export tuesday.db --out tuesday/",
                 "referee export tuesday.db --player police --out police/ --format json")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--out", required=True, type=_path, help="the folder to write events, turns and units into")
    p.add_argument("--player", type=_name, help="only this player's own view (what he knows), safe to hand him")
    p.add_argument("--format", choices=("csv", "json"), default="csv", help="csv (default) or json")

    p = _command(sub, "branch", cmd_branch, "what-if: a new session starting where this one stood at a moment",
                 "referee branch tuesday.db --turn 1 --db what-if.db", "referee branch tuesday.db --seq 4 --db what-if-2.db")
    p.add_argument("path", type=_path, help=f"{session}; it never changes")
    moment = p.add_mutually_exclusive_group(required=True)
    moment.add_argument("--seq", type=_whole(1, 2**63 - 1), help="just after the command that made this event")
    moment.add_argument("--turn", type=_whole(1, TURNS), help="at the start of this turn")
    p.add_argument("--db", required=True, type=_path, help="the new session database (must not exist)")

    p = _command(sub, "copy", cmd_copy, "copy a session whole into a new database: a file, or PostgreSQL",
                 "referee copy tuesday.db tuesday-copy.db", "referee copy tuesday.db postgresql://umpire@dbhost/tuesday")
    p.add_argument("source", type=_path, help=f"{session}; it never changes")
    p.add_argument("target", type=_path, help="the new session database: a file that must not exist, or an empty "
                   "PostgreSQL database's URL")

    p = _command(sub, "verify", cmd_verify, "check that the log is as referee wrote it (hashes, seals, snapshots, "
                 "every command decided again, dice)", "referee verify tuesday.db",
                 "referee verify tuesday.db --head 0123456789abcdef")
    p.add_argument("path", type=_path, help=session)
    p.add_argument("--head", metavar="HASH", help="a head printed on a sheet, a live page or by apply: the log must "
                   "pass through it (not cut short, not rewritten since)")

    p = _command(sub, "scenario", cmd_scenario, "copy a scenario into the club's folder to edit, check one, preview "
                 "it, or pack and unpack it to pass it on",
                 "referee scenario copy n30/close-the-ring n30/our-ring --to club",
                 "referee scenario check club/n30/our-ring.toml",
                 "referee scenario preview club/n30/our-ring.toml --out our-ring.html",
                 "referee scenario pack club/n30/our-ring.toml --out our-ring.zip", "referee scenario unpack our-ring.zip")
    p.add_argument("action", choices=("copy", "check", "preview", "pack", "unpack"), help="copy SCENARIO NEW_ID: the "
                   "scenario and every file it names, under a new id, into the club's folder; check SCENARIO: every "
                   "fault of its files, and its game opened as `new` would under every option; preview SCENARIO: its "
                   "set-up and its players' sheets at the start, in one file; pack SCENARIO --out FILE: it and every "
                   "file it names in one zip; unpack FILE: such a zip into the club's folder, checked first")
    p.add_argument("scenario", type=_scenario, help="a scenario id, as `referee scenarios` lists it, or the path of a "
                                                    "scenario file (.toml)")
    p.add_argument("new_id", nargs="?", metavar="NEW_ID", type=_name, help="copy: the new scenario's id, "
                   "<ruleset>/<name> of the same ruleset")
    p.add_argument("--to", metavar="FOLDER", type=_path, help="copy, unpack: the club's folder to write into "
                   "(default: $REFEREE_SCENARIOS, else `scenarios` in the user's data folder)")
    p.add_argument("--out", metavar="FILE", type=_path, help="preview: the file to write (default: "
                   "<name>-preview.html, or .pdf, in the current folder); pack: the zip to write")
    p.add_argument("--format", choices=("html", "pdf"), default="html", help="preview: one HTML page (default), or "
                   "its PDF (the pdf extra)")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="preview: a scenario option (or tunable) as `new` takes it; repeat for several")
    p.add_argument("--lang", choices=("en", "es"), default="en", help="preview: its language; default en")

    p = _command(sub, "key", cmd_key, "say where the umpire's key is, which seals the commands and snapshots written "
                 "here", "referee key", "referee key --new")
    p.add_argument("--new", action="store_true", help="make the key if there is none yet (a command that writes a "
                   "session makes it too)")

    p = _command(sub, "simulate", cmd_simulate, "computer players play whole games",
                 "referee simulate n30/close-the-ring --games 20 --seed 5",
                 "referee simulate n30/close-the-ring --games 3 --seed 5 --protesters random --save sim.db",
                 "referee simulate bos/battle-of-seattle --games 50 --sweep ev_convention_centre=4,8 --sweep extend=off,on")
    p.add_argument("scenario", type=_scenario, help="a scenario id, as `referee scenarios` lists it, or the path of a "
                                                    "scenario file (.toml)")
    p.add_argument("--games", type=_whole(1, GAMES), default=1, help=f"how many games, 1 to {GAMES:,} (default 1)")
    p.add_argument("--until-ci", type=_margin, metavar="MARGIN",
                   help="then double the games until every share's 95%% interval reaches no further than MARGIN from "
                        f"it (0.001 to 0.5; at most {GAMES:,} games)")
    p.add_argument("--seed", type=_seed, default=0,
                   help="the seed of the whole run; each game gets a seed of its own drawn from it (default 0)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="a scenario option (or tunable) for every game; repeat for several")
    p.add_argument("--save", type=_path, help="keep the last game as a session database")
    p.add_argument("--player", action="append", default=[], metavar="SIDE=KIND",
                   help="the kind of computer player for a side (default: the ruleset's first kind); repeat for each side")
    p.add_argument("--protesters", choices=("objective", "random"), help="N30: the protesters' player (default objective)")
    p.add_argument("--police", choices=("objective", "random"), help="N30: the police's player (default objective)")
    p.add_argument("--players-see", choices=("own", "all"),
                   help="the players decide on their own side's knowledge or on the whole game (default: own "
                        "where the options hide anything, N30's hidden movement or a fog, else all)")
    p.add_argument("--sweep", action="append", default=[], metavar="NAME=A,B,...",
                   help="play the same games under each value of an option or of a tunable of the scenario's data; "
                        "repeat for a grid of every combination")
    p.add_argument("--format", choices=("json", "table", "csv"),
                   help="how to print the result (default: json, or a table with --sweep)")
    p.add_argument("--chart", type=_path, metavar="FILE.html", help="also draw the result as a chart on an HTML page")
    p.add_argument("--workers", type=_whole(1, 256), metavar="N",
                   help="worker processes on this machine (default: one per core for 40 games or more)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play the games on the Dask cluster of this scheduler (tcp://host:8786; needs referee[dask])")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run a command; bad input prints one line on stderr and returns 2, a bug one line and 1."""
    debug = os.environ.get("REFEREE_DEBUG", "") not in ("", "0") or "--debug" in (sys.argv[1:] if argv is None else argv)
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
    """Print one line on stderr, its control characters shown as escapes and cut at LINE characters,
    and return 2 (bad input)."""
    line = printable(" ".join(message.splitlines()))
    print("referee: " + (line if len(line) <= LINE else line[:LINE - 1] + "…"), file=sys.stderr)
    return 2
