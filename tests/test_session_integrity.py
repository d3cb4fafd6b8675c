"""The log is tamper-evident: each command and event chained by hash, checked on opening, by
`referee verify` and in the review; sessions of the earlier format still open and are chained then."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee import session as session_module
from referee.errors import RefereeError
from referee.session import Session
from referee.store.reading import FORMAT, open_reader
from tests.examples import OPENING

DATA = Path(__file__).parent / "data"


@pytest.fixture
def played(tmp_path, monkeypatch) -> Path:
    """A Lock Down, Hold Fast session with its opening moves, a snapshot or two, and an undo."""
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 4)
    path = tmp_path / "s.db"
    session = Session.create(path, "n30/lock-down-hold-fast", {}, seed=12)
    for command in OPENING:
        session.apply(command)
    session.apply({"do": "undo"})
    session.close()
    return path


def tamper(path: Path, sql: str, *args) -> None:
    with sqlite3.connect(path) as db:
        assert db.execute(sql, args).rowcount >= 1


def first_with_dice(path: Path) -> tuple[int, list]:
    with sqlite3.connect(path) as db:
        seq, dice = db.execute("SELECT seq, dice FROM event WHERE dice != '[]' ORDER BY seq LIMIT 1").fetchone()
    return seq, json.loads(dice)


def edit_die(path: Path) -> None:
    seq, rolls = first_with_dice(path)
    rolls[0]["value"] = rolls[0]["value"] % rolls[0].get("sides", 6) + 1
    tamper(path, "UPDATE event SET dice = ? WHERE seq = ?", json.dumps(rolls), seq)


TAMPERING = {
    "a die edited": edit_die,
    "a unit moved to Atlantis": lambda p: tamper(
        p, "UPDATE event SET data = replace(data, '5th & Olive', 'Atlantis') WHERE data LIKE '%5th & Olive%'"),
    "an event deleted": lambda p: tamper(
        p, "DELETE FROM event WHERE seq = (SELECT min(seq) FROM event WHERE kind = 'unit-moved')"),
    "the last command deleted": lambda p: (tamper(p, "DELETE FROM event WHERE command_id = (SELECT max(id) FROM command)"),
                                           tamper(p, "DELETE FROM command WHERE id = (SELECT max(id) FROM command)")),
    "a command's body edited": lambda p: tamper(p, "UPDATE command SET body = '{\"do\":\"end-phase\"}' WHERE id = 2"),
    "the seed changed": lambda p: tamper(p, "UPDATE session SET seed = '13'"),
}


@pytest.mark.parametrize("change", TAMPERING, ids=list(TAMPERING))
def test_a_change_made_outside_referee_is_reported_in_one_line_everywhere(played, change, cli):
    assert cli("verify", played).code == 0
    TAMPERING[change](played)
    for command in (("verify", played), ("state", played), ("log", played), ("view", played, "--player", "police"),
                    ("apply", played)):
        run = cli(*command, stdin='{"do": "end-phase"}\n')
        assert run.code == 2 and run.err.count("\n") == 1, (command, run.err)
        assert "changed outside referee" in run.err
    with pytest.raises(RefereeError, match="changed outside referee"):
        Session.open(played)


def test_the_review_says_whether_the_log_is_intact(played, tmp_path, cli):
    out = tmp_path / "review.html"
    assert cli("review", played, "--out", out).code == 0
    assert "The log is intact" in out.read_text()
    edit_die(played)
    assert cli("review", played, "--out", out).code == 0
    page = out.read_text()
    assert "The log was changed outside referee" in page and "The log is intact" not in page


def test_a_snapshot_edited_to_a_false_state_is_never_used_and_verify_reports_it(played, cli):
    with sqlite3.connect(played) as db:
        command_id, state = db.execute("SELECT command_id, state FROM snapshot ORDER BY command_id DESC").fetchone()
    truth = Session.open(played).state.to_json()
    forged = json.loads(state)
    forged["scores"] = {side: score + 100 for side, score in forged["scores"].items()}
    tamper(played, "UPDATE snapshot SET state = ? WHERE command_id = ?", json.dumps(forged), command_id)
    assert Session.open(played).state.to_json() == truth  # passed over: the replay from the log wins
    run = cli("verify", played)
    assert run.code == 2 and f"the snapshot after command {command_id} does not match the log" in run.err


def test_verify_names_what_it_checked(played, cli):
    run = cli("verify", played)
    assert run.code == 0
    assert "intact:" in run.out and "commands" in run.out and "snapshots" in run.out


def old_session(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript((DATA / "format1-session.sql").read_text())
    return path


def test_a_session_of_the_earlier_format_opens_plays_on_and_is_chained_from_then(tmp_path, cli):
    path = old_session(tmp_path)
    before = cli("state", path, "--json")
    assert before.code == 0
    assert cli("verify", path).out.startswith(f"{path}: made before logs were chained")
    assert cli("apply", path, stdin='{"do": "end-phase"}\n').code == 0
    assert cli("verify", path).code == 0
    reader = open_reader(path)
    try:
        assert reader.format == FORMAT and reader.info.epochs[0].nonce is None  # its commitment stays the bare seed's
        assert reader.info.seed == 1999
    finally:
        reader.close()
    after = json.loads(cli("state", path, "--json").out)
    assert after["phase"] != json.loads(before.out)["phase"]
