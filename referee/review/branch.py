"""What-if: a new session that starts where an old one stood at a chosen moment; the old one is never changed."""

from __future__ import annotations

from referee.errors import RefereeError
from referee.store.location import Location
from referee.store.reading import Epoch, open_reader


def cut(path: Location, seq: int | None = None, turn: int | None = None) -> list[int]:
    """The effective commands up to the moment: through the command that made event `seq`, or up to the
    start of turn `turn` (its opening events included)."""
    reader = open_reader(path)
    try:
        effective, log = reader.effective(), reader.log()
    finally:
        reader.close()
    kept = set(effective)
    if seq is not None:
        owner = next((r.command_id for r in log if r.seq == seq), None)
        if owner is None or owner not in kept:
            raise RefereeError(f"event {seq} is not in the effective log of {path}")
        return effective[:effective.index(owner) + 1]
    starts = [r.command_id for r in log if r.kind == "turn-begun" and r.data["turn"] == turn and r.command_id in kept]
    if not starts:
        raise RefereeError(f"turn {turn} never began in {path}")
    return effective[:effective.index(starts[0]) + 1]


def branch(path: Location, new: Location, seq: int | None = None, turn: int | None = None) -> int:
    """Copy the session's effective commands up to the moment, with their events and dice, into `new`; a log
    changed outside referee is refused, as by every command that opens it.

    The branch's next dice come from a new seed of its own (with its own nonce and commitment). It holds only
    the commitments of the original's seeds, never the seeds: it can foretell none of the original's dice, and
    its review reveals its own seed alone. The new database appears only once complete. Returns the number
    of commands copied.
    """
    import secrets

    from referee.session import SEED_BITS
    from referee.store.repository import SessionStore

    commands = cut(path, seq, turn)
    reader = open_reader(path)
    try:
        info, bodies, events = reader.intact().info, {c.id: c for c in reader.commands()}, reader.events(set(commands))
    finally:
        reader.close()
    by_command: dict[int, list[dict]] = {}
    for r in events:
        by_command.setdefault(r.command_id, []).append(
            {"turn": r.turn, "phase": r.phase, "kind": r.kind, "data": r.data, "dice": r.dice})

    def copy(store: SessionStore) -> None:
        for command_id in commands:
            command = bodies[command_id]
            store.record(command.body, "play", by_command.get(command_id, []), command.dice_drawn)

    drawn = bodies[commands[-1]].dice_drawn
    seed, nonce = secrets.randbits(SEED_BITS), secrets.token_hex(16)
    epochs = [{"start": e.start, "commitment": e.commitment} for e in info.epochs or (Epoch(0, info.seed, None),)
              if e.start < drawn]
    epochs.append({"start": drawn, "seed": str(seed), "nonce": nonce})
    SessionStore.create(new, info.scenario, info.options, seed, info.sources, nonce=nonce, reseeds=epochs,
                        fill=copy).close()
    return len(commands)
