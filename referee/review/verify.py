"""`referee verify PATH [--head HASH]`: is the log as referee wrote it? Its chain of hashes and seals, its snapshots,
every command decided again through the rules, its dice, the messages' own chain, and a head printed earlier that it
must pass through."""

from __future__ import annotations

import json
import re

from referee.bounds import shown
from referee.core.dice import Roll, SeededDice, TableDice
from referee.core.engine import Context, Recorder, Ruleset, run
from referee.core.events import ITEMS, Event
from referee.core.state import GameState
from referee.errors import RefereeError
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import from_sources
from referee.session import START, fold, stored_event
from referee.store.location import Location
from referee.store.reading import EventRecord, LogReader, changed_outside, open_reader
from referee.store.seal import load_key
from referee.text import plural

SHORTEST_HEAD = 12
"""The fewest hex digits of a printed head that `--head` takes (the sheets print 16)."""


def verify(path: Location, head: str | None = None) -> str:
    """One line saying the log is intact, or a RefereeError naming the first thing changed outside referee:
    a command or event that does not match its hash or its seal, a message that does not match its own chain's, a
    snapshot that differs from the replayed log, a command whose events the rules do not give again, a generator
    die that the seed does not give, or a log that does not pass through the `head` printed earlier."""
    from referee.review.dice_audit import audit
    from referee.review.gather import gather

    wanted = _head(head) if head is not None else None
    reader = open_reader(path)
    try:
        if reader.format < 2:
            return f"{path}: made before logs were chained by hash; nothing to check until it is next opened for play"
        problem = (reader.chain_problem() or reader.messages_problem() or _decided_problem(reader)
                   or _snapshot_problem(reader))
        commands, events, tip, messages = len(reader.commands()), len(reader.log()), reader.tip()[1], len(reader.messages())
        snapshots, heads, seals = len(reader.snapshots()), reader.heads(), reader.seals()
    finally:
        reader.close()
    if problem:
        raise changed_outside(path, problem)
    dice = audit(gather(path))
    if dice.mismatches:
        wrong = next(d for d in dice.dice if not d.checks)
        raise RefereeError(f"{path}: the die of event {wrong.seq} ({wrong.purpose}) is not the one its seed gives")
    chained = "1 message matches its" if messages == 1 else f"{messages} messages match their"
    line = (f"{path}: intact: {commands} commands, {events} events and {snapshots} snapshots match the chain ending in "
            f"{tip[:16]}, {chained} own chain, and the rules give every command's events again; {_sealed(seals)}")
    if wanted is None:
        return line
    after = next((command for command, hash_ in heads if hash_.startswith(wanted)), None)
    if after is None:
        raise RefereeError(f"{path}: the log does not pass through the head {wanted}: it was rewritten or cut short "
                           "since that head was printed")
    since = plural(commands - after, "command")
    return f"{line}; it passes through the head {wanted} printed after command {after} ({since} since)"


def _head(text: str) -> str:
    """A printed head as `--head` takes it: hex digits, spaces allowed, at least SHORTEST_HEAD of them."""
    digits = re.sub(r"\s", "", text).lower()
    if not re.fullmatch(rf"[0-9a-f]{{{SHORTEST_HEAD},64}}", digits):
        raise RefereeError(f"--head takes the head printed on a sheet or by apply: {SHORTEST_HEAD} to 64 hex digits")
    return digits


def _sealed(seals: list[str | None]) -> str:
    """What the seals say: how many commands this umpire's key sealed, and how many others'."""
    key = load_key(create=False)
    ours = sum(bool(key) and (seal or "").startswith(f"{key.id}:") for seal in seals) if key else 0
    others = sum(bool(seal) for seal in seals) - ours
    said = f"sealed by this umpire's key ({key.id}): {ours} of {len(seals)} commands" if key else "no umpire's key here"
    return said + (f"; {others} sealed by another key, not checked here" if others else "")


def _snapshot_problem(reader: LogReader) -> str | None:
    """The first snapshot that fails its hash or seal, or (one still in effect) differs from the log replayed up to
    its command."""
    rules, ctx = _rules(reader)
    effective = reader.effective()
    problem = next(filter(None, map(reader.snapshot_problem, reader.snapshots())), None)
    if problem:
        return problem
    kept = [c for c in reader.snapshots() if c in set(effective)]
    state, done = rules.initial(ctx), 0
    records = reader.events(set(effective))
    for command_id in kept:
        upto = [r for r in records[done:] if r.command_id <= command_id]
        state, done = fold(rules, ctx, state, upto), done + len(upto)
        if json.loads(reader.snapshot(command_id)[0]) != state.to_json():
            return f"the snapshot after command {command_id} differs from the log"
    return None


def _rules(reader: LogReader) -> tuple[Ruleset, Context]:
    scenario = from_sources(reader.info.sources)
    return ruleset_for(scenario.ruleset), Context.of(scenario, reader.info.options)


class _Carried:
    """The generator dice a command's events carry, handed out again in order: the dice of a seed this session
    does not hold (a branch's copy of its original's), to decide the command again with."""

    def __init__(self, records: list[EventRecord]):
        self._rolls = [Roll.from_json(roll) for r in records for roll in r.dice if not roll.get("entered")]

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        if not self._rolls:
            raise RefereeError(f"it rolls for {purpose} and its events carry no die more")
        return self._rolls.pop(0)


def _decided_problem(reader: LogReader) -> str | None:
    """The first command that the rules, deciding it again on the state before it with the same dice, refuse or
    answer with other events than the log's (so an outcome changed with its hashes recomputed is found)."""
    rules, ctx = _rules(reader)
    info, log = reader.info, reader.log()
    by_command: dict[int, list[EventRecord]] = {}
    for record in log:
        by_command.setdefault(record.command_id, []).append(record)
    held = info.seeds[0][0]  # the first die of a seed this session holds
    state, drawn = rules.initial(ctx), 0
    for command in reader.commands():
        records = by_command.get(command.id, [])
        if command.kind in ("undo", "redo"):
            effective = set(reader.effective(command.id))
            state = fold(rules, ctx, rules.initial(ctx), [r for r in log if r.command_id in effective])
        elif command.kind == "play":
            dice = (TableDice(command.body["dice"]) if "dice" in command.body
                    else SeededDice(info.seeds, drawn) if drawn >= held else _Carried(records))
            try:
                state, events = _decide(rules, ctx, state, command.body, dice)
            except Exception as error:  # noqa: BLE001 - a refusal or a fault: either way not the log's events
                return f"command {command.id} is refused when decided again on the log before it ({shown(str(error))})"
            if _as_logged(events, records) != [stored_event(r).to_json() for r in records]:
                return f"command {command.id}: the rules give other events than the log's"
            if isinstance(dice, SeededDice) and dice.drawn != command.dice_drawn:
                return (f"command {command.id} draws {dice.drawn - drawn} dice, not the {command.dice_drawn - drawn} "
                        "its counter says")
        drawn = command.dice_drawn
    return None


def _as_logged(events: list[Event], records: list[EventRecord]) -> list[dict]:
    """Events decided again, as the log would hold them: without their itemization where the logged event has
    none (a session played before the rules itemized their numbers), the itemization being no fact of the game."""
    decided = json.loads(json.dumps([e.to_json() for e in events]))
    for event, record in zip(decided, records, strict=False):
        if ITEMS not in record.data:
            event["data"].pop(ITEMS, None)
    return decided


def _decide(rules: Ruleset, ctx: Context, state: GameState, command: dict, dice) -> tuple[GameState, list]:
    """A command decided on a state, as a session decides it (the opening by the ruleset's start)."""
    if command == START:
        recorder = Recorder(rules, ctx, state)
        rules.start(ctx, state, recorder, dice)
        return recorder.state, recorder.events
    rules.check(ctx, command)
    state, events = run(rules, ctx, state, command, dice)
    if isinstance(dice, TableDice):
        dice.check_all_used()
    return state, events

