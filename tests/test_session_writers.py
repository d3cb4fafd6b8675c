"""Several writers on one session: a command is committed only on the log head it was decided on."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee import session as session_module
from referee.core.engine import replay
from referee.errors import Refusal, Stale
from referee.review.dice_audit import audit
from referee.review.gather import gather
from referee.session import Session, stored_event
from referee.store.reading import open_reader

SCENARIO = "n30/lock-down-hold-fast"
COMMANDS_EACH = 500


def script(name: str) -> str:
    """500 commands: a report a line (stamped with the turn it was filed in), ending a phase every tenth."""
    lines = []
    for n in range(1, COMMANDS_EACH + 1):
        command = {"do": "end-phase"} if n % 10 == 0 else {"do": "report", "player": "police", "text": f"{name} {n}"}
        lines.append(json.dumps(command))
    return "\n".join(lines) + "\n"


def serial_log(seed: int, bodies: list[dict], path) -> list[tuple]:
    """The log a single writer makes of the same commands in the same order."""
    alone = Session.create(path, SCENARIO, {}, seed=seed)
    for body in bodies:
        alone.apply(body)
    alone.close()
    return log_of(path)


def log_of(path) -> list[tuple]:
    reader = open_reader(path)
    try:
        return [(r.turn, r.phase, r.kind, r.data, r.dice) for r in reader.log()]
    finally:
        reader.close()


def test_two_racing_processes_lose_nothing_and_decide_on_the_committed_log(tmp_path, session_at):
    """On each backend (a SQLite file, a PostgreSQL database): two `referee apply` processes of 500 commands each."""
    db = session_at
    Session.create(db, SCENARIO, {}, seed=31).close()
    writers = [subprocess.Popen([sys.executable, "-m", "referee", "apply", db, "-"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in "AB"]
    outputs = [w.communicate(script(name), timeout=600) for w, name in zip(writers, "AB", strict=True)]
    for writer, (out, err) in zip(writers, outputs, strict=True):
        assert writer.returncode == 0, err
        assert len(out.split()) == 2 * COMMANDS_EACH  # "ok <seq>" for every command
    reader = open_reader(db)
    try:
        bodies = [c.body for c in reader.commands()][1:]  # after the opening
        assert reader.chain_problem() is None
    finally:
        reader.close()
    assert len(bodies) == 2 * COMMANDS_EACH
    acked = {int(seq) for out, _ in outputs for seq in out.split()[1::2]}
    assert len(acked) == 2 * COMMANDS_EACH and max(acked) == len(log_of(db))
    # The interleaved log is exactly what one writer makes of the commands in their committed order:
    # every report stamped with the turn it was filed in, every die drawn once, 100 phases ended.
    assert log_of(db) == serial_log(31, bodies, tmp_path / "alone.db")
    assert sum(body["do"] == "end-phase" for body in bodies) == 100
    checked = audit(gather(db))
    assert checked.mismatches == 0 and checked.unrecorded == 0
    generator = [d.index for d in checked.dice if d.index is not None]
    assert generator == sorted(set(generator))  # the dice counter never went back


@pytest.fixture
def two(session_at):
    """Two sessions open on one database (on each backend), as two processes would hold it."""
    db = session_at
    Session.create(db, SCENARIO, {}, seed=8).close()
    first, second = Session.open(db), Session.open(db)
    yield first, second
    first.close()
    second.close()


def test_a_session_opened_earlier_decides_on_what_another_committed(two, tmp_path):
    first, second = two
    first.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    with pytest.raises(Refusal) as stale:
        second.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    fresh = Session.open(first.path)
    with pytest.raises(Refusal) as expected:
        fresh.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    assert str(stale.value) == str(expected.value)
    assert second.state.to_json() == fresh.state.to_json()


def test_dice_follow_the_committed_log_not_the_writer_s_memory(two):
    first, second = two
    first.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    second.apply({"do": "roll", "unit": "U1"})
    (_, event), = second.last
    reader = open_reader(first.path)
    try:
        drawn = [c.dice_drawn for c in reader.commands()]
    finally:
        reader.close()
    assert drawn == sorted(drawn) and drawn[-1] == drawn[-2] + 1  # the second roll drew the next die


def test_snapshots_of_alternating_writers_equal_the_replayed_log(two, monkeypatch):
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 2)
    first, second = two
    for n in range(12):
        (first if n % 2 else second).apply({"do": "report", "player": "police", "text": f"r{n}"})
        (second if n % 2 else first).apply({"do": "end-phase"})
    reader = open_reader(first.path)
    try:
        snapshots = reader.snapshots()
        assert snapshots and all(reader.snapshot_problem(c) is None for c in snapshots)
        ctx, rules = first.game.ctx, first.game.rules
        for command_id in snapshots:
            events = [stored_event(r) for r in reader.events() if r.command_id <= command_id]
            assert reader.latest_snapshot([command_id])[1] == replay(rules, ctx, rules.initial(ctx), events).to_json()
    finally:
        reader.close()
    first.follow(), second.follow()
    assert Session.open(first.path).state.to_json() == first.state.to_json() == second.state.to_json()


def test_undo_by_one_writer_is_followed_by_the_other(two):
    first, second = two
    first.apply({"do": "move", "unit": "Bananarchy", "to": "5th & Olive"})
    second.apply({"do": "undo"})
    assert first.follow() is True
    assert first.state.to_json() == second.state.to_json() == Session.open(first.path).state.to_json()
    assert first.follow() is False


def test_a_command_shown_on_an_old_log_is_refused_not_decided_again(two):
    first, second = two
    shown = second.tip[0]
    first.apply({"do": "end-phase"})
    with pytest.raises(Stale, match="changed meanwhile"):
        second.apply({"do": "end-phase"}, expect=shown)
    assert second.state.to_json() == first.state.to_json()


def test_a_session_opened_while_another_writer_commits_is_the_fold_of_the_tip_it_holds(session_at, monkeypatch):
    """On each backend: a commit landing between reading the log's tip and folding the log is neither folded
    early nor twice; the session follows it like any other."""
    db = session_at
    Session.create(db, SCENARIO, {}, seed=8).close()
    other = Session.open(db)
    fold = session_module.rebuild

    def rebuild_after_a_commit(reader, game, upto):
        monkeypatch.setattr(session_module, "rebuild", fold)
        other.apply({"do": "end-phase"})  # commits after the tip was read
        return fold(reader, game, upto)

    monkeypatch.setattr(session_module, "rebuild", rebuild_after_a_commit)
    opened = Session.open(db)
    assert opened.tip[0] == 1 and opened.state.phase == "protester-movement"  # as the session stood at that tip
    assert opened.follow()
    fresh = Session.open(db)
    assert opened.state.to_json() == fresh.state.to_json() and opened.game.dice.drawn == fresh.game.dice.drawn
    for session in (other, opened, fresh):
        session.close()


MESSAGING = """
import sys
from referee.session import Session
from referee.store.location import location
from referee.store.repository import SessionStore

where, name, count, token = location(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
if token:  # the police player, from his live page
    with SessionStore.open(where) as store:
        print("ready", flush=True)
        sys.stdin.readline()  # all start at once
        for n in range(count):
            print("message", store.write_message("police", f"{name} {n}", from_player=True, token=token), flush=True)
else:  # an umpire: a report, then a message, in turn
    with Session.open(where) as session:
        print("ready", flush=True)
        sys.stdin.readline()
        for n in range(count):
            print("command", session.apply({"do": "report", "player": "police", "text": f"{name} {n}"}), flush=True)
            print("message", session.write_to(("police", "protesters")[n % 2], f"{name} {n}"), flush=True)
"""
MESSAGES_EACH = 150


def test_messages_and_commands_racing_from_several_processes_are_all_kept_in_two_intact_chains(session_at):
    """On each backend: two umpires' processes filing reports and writing messages, a player's process writing from
    his link, and `referee message` run meanwhile, all at once: every acknowledged message and command kept, in
    order, each chain intact."""
    db = session_at
    with Session.create(db, SCENARIO, {}, seed=4) as session:
        token = session.issue_links(["police"])["police"]
    names = {"ann": "", "bob": "", "police": token}
    writers = {name: subprocess.Popen([sys.executable, "-c", MESSAGING, str(db), name, str(MESSAGES_EACH), given],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for name, given in names.items()}
    assert [writer.stdout.readline() for writer in writers.values()] == ["ready\n"] * 3, "each writer opened the session"
    by_hand = [subprocess.Popen([sys.executable, "-m", "referee", "message", str(db), "--to", "protesters", f"shell {n}"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(5)]
    for writer in writers.values():
        writer.stdin.write("go\n")
        writer.stdin.flush()
    outputs = {name: writer.communicate(timeout=600) for name, writer in writers.items()}
    typed = [run.communicate(timeout=300) for run in by_hand]
    assert {name: err for name, (_, err) in outputs.items() if writers[name].returncode} == {}
    assert [(run.returncode, err) for run, (_, err) in zip(by_hand, typed, strict=True)] == [(0, "")] * 5
    sent: dict[int, str] = {int(out): f"shell {n}" for n, (out, _) in enumerate(typed)}
    filed: dict[int, str] = {}
    for name, (out, _) in outputs.items():
        acknowledged: dict[str, list[int]] = {"message": [], "command": []}
        for line in out.splitlines():
            what, number = line.split()
            acknowledged[what].append(int(number))
        assert len(acknowledged["message"]) == MESSAGES_EACH and acknowledged["message"] == sorted(acknowledged["message"])
        sent.update({number: f"{name} {n}" for n, number in enumerate(acknowledged["message"])})
        filed.update({seq: f"{name} {n}" for n, seq in enumerate(acknowledged["command"])})
    assert len(sent) == 3 * MESSAGES_EACH + 5 and len(filed) == 2 * MESSAGES_EACH  # no number given twice
    reader = open_reader(db)
    try:
        kept = reader.messages()
        reports = {r.seq: r.data["text"] for r in reader.log() if r.kind == "report-filed"}
    finally:
        reader.close()
    assert [m.id for m in kept] == list(range(1, len(sent) + 1))  # numbered in order, none missing
    assert {m.id: m.text for m in kept} == sent and reports == filed
    verified = subprocess.run([sys.executable, "-m", "referee", "verify", str(db)], capture_output=True, text=True,
                              timeout=300)
    assert verified.returncode == 0, verified.stderr
    assert f"{len(filed) + 1} commands" in verified.stdout and f"{len(sent)} messages match their own chain" in verified.stdout
