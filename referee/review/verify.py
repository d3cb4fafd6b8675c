"""`referee verify PATH`: is the log as referee wrote it? Its chain of hashes, its snapshots and its dice."""

from __future__ import annotations

from referee.core.engine import Context, replay
from referee.errors import RefereeError
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import from_sources
from referee.session import stored_event
from referee.store.location import Location
from referee.store.reading import open_reader


def verify(path: Location) -> str:
    """One line saying the log is intact, or a RefereeError naming the first thing changed outside referee:
    a command or event that does not match its hash, a snapshot that differs from the replayed log, or a
    generator die that the seed does not give."""
    from referee.review.dice_audit import audit
    from referee.review.gather import gather

    reader = open_reader(path)
    try:
        if reader.format < 2:
            return f"{path}: made before logs were chained by hash; nothing to check until it is next opened for play"
        problem = reader.chain_problem() or _snapshot_problem(reader)
        commands, events, head = len(reader.commands()), len(reader.log()), reader.tip()[1]
        snapshots = len(reader.snapshots())
    finally:
        reader.close()
    if problem:
        raise RefereeError(f"{path}: the log was changed outside referee ({problem})")
    dice = audit(gather(path))
    if dice.mismatches:
        wrong = next(d for d in dice.dice if not d.checks)
        raise RefereeError(f"{path}: the die of event {wrong.seq} ({wrong.purpose}) is not the one its seed gives")
    return (f"{path}: intact: {commands} commands, {events} events and {snapshots} snapshots "
            f"match the chain ending in {head[:16]}")


def _snapshot_problem(reader) -> str | None:
    """The first snapshot that fails its hash or differs from the log replayed up to its command."""
    info = reader.info
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    rules = ruleset_for(scenario.ruleset)
    effective = reader.effective()
    kept = [c for c in reader.snapshots() if c in set(effective)]
    state, done = rules.initial(ctx), 0
    records = reader.events(set(effective))
    for command_id in kept:
        problem = reader.snapshot_problem(command_id)
        if problem:
            return problem
        upto = [r for r in records[done:] if r.command_id <= command_id]
        state, done = replay(rules, ctx, state, [stored_event(r) for r in upto]), done + len(upto)
        if reader.latest_snapshot([command_id])[1] != state.to_json():
            return f"the snapshot after command {command_id} differs from the log"
    return None
