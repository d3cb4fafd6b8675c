"""Sessions: the log is the truth; undo, redo, reopening and crashes lose nothing."""

import json
import signal
import subprocess
import sys
import time

import pytest

from referee import session as session_module
from referee.core.engine import replay
from referee.errors import RefereeError, Refusal
from referee.session import Session, stored_event
from referee.store.repository import SessionStore
from tests.examples import OPENING


@pytest.fixture
def db(session_at):
    """Where a new session goes, on each backend in turn."""
    return session_at


def test_reopened_session_equals_the_live_one(db):
    live = Session.create(db, "n30/lock-down-hold-fast", {}, seed=4)
    for command in OPENING:
        live.apply(command)
    live.close()
    again = Session.open(db)
    assert again.state.to_json() == live.state.to_json()
    assert again.game.dice.drawn == live.game.dice.drawn


def test_undo_returns_exactly_the_earlier_state_and_redo_restores(db):
    session = Session.create(db, "n30/lock-down-hold-fast", {}, seed=9)
    states = [session.state.to_json()]
    for command in OPENING:
        session.apply(command)
        states.append(session.state.to_json())
    for expected in reversed(states[:-1]):
        session.apply({"do": "undo"})
        assert session.state.to_json() == expected
    with pytest.raises(RefereeError, match="nothing to undo"):
        session.apply({"do": "undo"})
    for expected in states[1:4]:
        session.apply({"do": "redo"})
        assert session.state.to_json() == expected
    assert Session.open(db).state.to_json() == states[3]


def test_a_new_command_after_undo_clears_redo_and_the_audit_trail_keeps_the_undone(db):
    session = Session.create(db, "n30/close-the-ring", {}, seed=2)
    session.apply({"do": "end-phase"})
    session.apply({"do": "undo"})
    session.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    with pytest.raises(RefereeError, match="nothing to redo"):
        session.apply({"do": "redo"})
    kinds = [record.kind for record in SessionStore.open(db).log()]
    assert kinds.count("phase-ended") == 1 and "undone" in kinds


def test_snapshots_give_the_same_state_as_replaying_the_whole_log(db, monkeypatch):
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 3)
    session = Session.create(db, "n30/lock-down-hold-fast", {}, seed=5)
    for command in OPENING:
        session.apply(command)
    session.apply({"do": "undo"})
    session.close()
    store = SessionStore.open(db)
    assert store.latest_snapshot(store.effective()) is not None
    opened = Session.open(db)
    rules, ctx = opened.game.rules, opened.game.ctx
    full = replay(rules, ctx, rules.initial(ctx), [stored_event(r) for r in store.events(set(store.effective()))])
    assert full.to_json() == opened.state.to_json()


def test_a_refused_command_writes_nothing(db):
    session = Session.create(db, "n30/close-the-ring", {}, seed=1)
    before = len(SessionStore.open(db).log())
    with pytest.raises(Refusal):
        session.apply({"do": "move", "unit": "6/A", "to": "8th & Pike"})
    assert len(SessionStore.open(db).log()) == before
    assert Session.open(db).state.to_json() == session.state.to_json()


def test_same_seed_same_dice(tmp_path):
    rolls = []
    for name in ("a.db", "b.db"):
        session = Session.create(tmp_path / name, "n30/close-the-ring", {}, seed=77)
        session.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
        rolls.append([e for e in SessionStore.open(tmp_path / name).log() if e.dice])
    assert [r.dice for r in rolls[0]] == [r.dice for r in rolls[1]]


def test_typed_in_dice_are_marked_as_entered(db):
    session = Session.create(db, "n30/close-the-ring", {}, seed=1)
    session.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive", "dice": [2]})
    dice = [d for r in SessionStore.open(db).log() for d in r.dice]
    assert dice == [{"purpose": "movement: Bananarchy", "value": 2, "sides": 6, "entered": True}]


def test_killed_apply_loses_no_acknowledged_command(db):
    """A process killed while applying commands: every `ok` it printed is in the log, and the database opens."""
    Session.create(db, "n30/lock-down-hold-fast", {}, seed=3).close()
    for attempt in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "referee", "apply", str(db), "-"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        acknowledged = []
        for _ in range(8 + attempt * 5):
            proc.stdin.write(json.dumps({"do": "end-phase"}) + "\n")
            proc.stdin.flush()
            acknowledged.append(int(proc.stdout.readline().split()[1]))
        proc.stdin.write(json.dumps({"do": "end-phase"}) + "\n")
        proc.stdin.flush()
        time.sleep(0.001 * attempt)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        seqs = {record.seq for record in SessionStore.open(db).log()}
        assert set(acknowledged) <= seqs
        Session.open(db)


def test_an_undo_says_what_it_took_back_and_counts_the_rest(tmp_path):
    from referee.session import narrated

    session = Session.create(tmp_path / "s.db", "n30/lock-down-hold-fast", {}, 5)
    west = [u.id for u in session.state.units.values() if u.status == "off-map" and u.attrs["edge"] == "west"]
    session.apply({"do": "group-move", "units": west, "to": "5th & Pike"})
    session.apply({"do": "undo"})
    records, _ = session.log()
    (_, line), = narrated(session.game.narrate, records, 1)
    session.close()
    assert line.startswith("Undone: ") and line.endswith("; and 57 more events") and line.count(";") == 3
