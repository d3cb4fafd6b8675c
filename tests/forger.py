"""What a forger with a copy of the session database alone can do (tests/test_trust.py, benchmarks/trust_attacks.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.store.reading import GENESIS, command_link, event_link, link


def rechain(path: Path) -> str:
    """What a forger with the database alone can do: recompute every hash of the chain, and the head, as referee
    computes them, and drop the snapshots, a cache (the seals he cannot make: they need the umpire's key); the new
    head."""
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM snapshot")
        head = link(GENESIS, *db.execute("SELECT scenario, options, seed, nonce, reseeds, created, sources FROM session")
                    .fetchone())
        for command in db.execute("SELECT id, kind, dice_drawn, body, umpire FROM command ORDER BY id").fetchall():
            head = command_link(head, command)
            db.execute("UPDATE command SET hash = ? WHERE id = ?", (head, command[0]))
            for event in db.execute("SELECT seq, command_id, turn, phase, kind, data, dice FROM event WHERE command_id = ? "
                                    "ORDER BY seq", (command[0],)).fetchall():
                head = event_link(head, event)
                db.execute("UPDATE event SET hash = ? WHERE seq = ?", (head, event[0]))
        db.execute("UPDATE session SET head = ?", (head,))
    return head
