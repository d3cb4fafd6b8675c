"""Trust through every door: a log nobody can quietly change (its chain, the umpire's seals, a head printed outside it,
every command decided again by the rules; branch and export check it too, rows outside it are refused, a change of
roles moves its head) and dice nobody can foretell (a branch holds only its own seed; a chosen seed is said to be
predictable)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee import session as session_module
from referee.errors import RefereeError
from referee.session import Session
from referee.store.reading import link, open_reader
from referee.store.seal import Key
from tests.examples import OPENING
from tests.forger import rechain

N30 = "n30/lock-down-hold-fast"
SEED = 58782316409137752213  # wide enough that no test leans on a small one
REPORT = {"do": "report", "player": "police", "text": "crowds gathering at Westlake"}


@pytest.fixture
def played(tmp_path, monkeypatch) -> Path:
    """A Lock Down, Hold Fast session with its opening moves (a snapshot or two), a report and an undo."""
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 4)
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=SEED) as session:
        for command in [*OPENING, REPORT, {"do": "end-phase"}, {"do": "undo"}]:
            session.apply(command)
    return path


def tamper(path: Path, sql: str, *args) -> None:
    with sqlite3.connect(path) as db:
        assert db.execute(sql, args).rowcount >= 1, sql


def without_key(monkeypatch) -> None:
    """A machine that does not hold the umpire's key (a copy of the database taken elsewhere)."""
    monkeypatch.setenv("REFEREE_KEY_FILE", "")


def refused(run, *words: str) -> None:
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    for word in words:
        assert word in run.err, run.err


def head_of(run) -> str:
    return re.search(r"log head ([0-9a-f]{16}) after command", run.err)[1]


# --- 1. every door checks the chain ---------------------------------------------------------------------------

def test_branch_and_export_refuse_a_log_changed_outside_referee_and_review_flags_it(played, tmp_path, cli):
    tamper(played, "UPDATE event SET data = replace(data, '\"to\":\"5th & Olive\"', '\"to\":\"4th & Olive\"') "
                   "WHERE kind = 'unit-moved'")
    refused(cli("branch", played, "--seq", "9", "--db", tmp_path / "b.db"), "changed outside referee", "does not match its hash")
    assert not (tmp_path / "b.db").exists()
    refused(cli("export", played, "--out", tmp_path / "out"), "changed outside referee")
    assert not (tmp_path / "out").exists()
    assert cli("review", played, "--out", tmp_path / "r.html").code == 0
    assert "The log was changed outside referee" in (tmp_path / "r.html").read_text(encoding="utf-8")


# --- 2. snapshots are never trusted over the log they abbreviate ---------------------------------------------------

@pytest.mark.parametrize("forge", ["the digest of the chain alone", "another key's seal"])
def test_a_snapshot_forged_with_its_digest_made_again_is_never_used(played, cli, forge):
    truth = cli("state", played, "--json").out
    reader = open_reader(played)
    try:
        effective, events = reader.effective(), len(reader.log())
    finally:
        reader.close()
    with sqlite3.connect(played) as db:  # the latest snapshot still in effect (the last command was undone)
        command_id, state, chain = db.execute(
            f"SELECT command_id, state, chain FROM snapshot WHERE command_id IN ({', '.join(map(str, effective))}) "
            "ORDER BY command_id DESC").fetchone()
    assert Session.view(played).since_snapshot < events  # a sealed snapshot is used: the fold starts from it
    forged = json.loads(state)
    forged["scores"] = {side: score + 40 for side, score in forged["scores"].items()}
    text = json.dumps(forged, separators=(",", ":"))
    digest = link(chain, "s", text) if forge == "the digest of the chain alone" else Key(b"x" * 32).seal("s", chain, text)
    tamper(played, "UPDATE snapshot SET state = ?, digest = ? WHERE command_id = ?", text, digest, command_id)
    assert cli("state", played, "--json").out == truth
    assert cli("view", played, "--player", "police", "--json").code == 0
    refused(cli("verify", played), f"the snapshot after command {command_id}")


# --- 3. anchors outside the chain --------------------------------------------------------------------------------

def test_a_log_cut_short_with_its_head_set_back_is_found_by_a_head_printed_before(played, tmp_path, cli):
    applied = cli("apply", played, stdin='{"do": "end-phase"}\n')
    printed = head_of(applied)
    assert cli("brief", played, "--player", "police", "--format", "md", "--out", tmp_path / "sheets").code == 0
    sheet = (tmp_path / "sheets" / "police.md").read_text(encoding="utf-8")
    on_sheet = re.search(r"\*\*Log at printing:\*\* ([0-9a-f]{8} [0-9a-f]{8})", sheet)[1]
    assert on_sheet.replace(" ", "") == printed
    passes = cli("verify", played, "--head", on_sheet)
    assert passes.code == 0 and f"passes through the head {printed} printed after command" in passes.out
    with sqlite3.connect(played) as db:  # the forger deletes the last command and sets the head back
        last = db.execute("SELECT max(id) FROM command").fetchone()[0]
        db.execute("DELETE FROM event WHERE command_id = ?", (last,))
        db.execute("DELETE FROM snapshot WHERE command_id = ?", (last,))
        db.execute("DELETE FROM command WHERE id = ?", (last,))
        db.execute("UPDATE session SET head = (SELECT hash FROM event WHERE command_id = ? ORDER BY seq DESC LIMIT 1)",
                   (last - 1,))
    assert cli("verify", played).code == 0  # the chain alone cannot tell: it vouches for itself
    refused(cli("verify", played, "--head", printed), f"does not pass through the head {printed}")


REWRITES = {
    "a report's text": lambda p: tamper(p, "UPDATE command SET body = replace(body, 'Westlake', 'Pike Place') "
                                           "WHERE body LIKE '%Westlake%'"),
    "an umpire's name": lambda p: tamper(p, "UPDATE command SET umpire = 'mallory' WHERE id = 2"),
    "a unit's place": lambda p: tamper(p, "UPDATE event SET data = replace(data, '\"to\":\"5th & Olive\"', "
                                          "'\"to\":\"4th & Olive\"') WHERE kind = 'unit-moved'"),
}


@pytest.mark.parametrize("change", REWRITES, ids=list(REWRITES))
def test_a_log_rewritten_with_its_chain_recomputed_is_found_by_the_seals(played, cli, change):
    REWRITES[change](played)
    rechain(played)
    for command in (("verify", played), ("state", played), ("log", played)):
        refused(cli(*command), "does not match its seal")
    with pytest.raises(RefereeError, match="does not match its seal"):
        Session.open(played)


@pytest.mark.parametrize("change", REWRITES, ids=list(REWRITES))
def test_without_the_key_the_rules_or_a_printed_head_find_a_recomputed_chain(played, cli, monkeypatch, change):
    printed = head_of(cli("apply", played, stdin='{"do": "end-phase"}\n'))
    REWRITES[change](played)
    rechain(played)
    without_key(monkeypatch)
    if change == "an umpire's name":  # no rule reads it: what the chain alone cannot prove, the head printed before can
        assert cli("verify", played).code == 0
        refused(cli("verify", played, "--head", printed), f"does not pass through the head {printed}")
    else:  # the rules, deciding the command again, give the report's true text, the unit's true place
        refused(cli("verify", played), "the rules give other events than the log's")


def test_an_outcome_changed_with_its_dice_kept_is_found_by_deciding_every_command_again(played, cli, monkeypatch):
    tamper(played, "UPDATE event SET data = replace(data, '\"points\":1,', '\"points\":41,') WHERE kind = 'success'")
    rechain(played)
    without_key(monkeypatch)
    assert cli("state", played).code == 0  # the chain, recomputed, holds
    with sqlite3.connect(played) as db:
        command = db.execute("SELECT command_id FROM event WHERE kind = 'success'").fetchone()[0]
    refused(cli("verify", played), f"command {command}: the rules give other events than the log's")


def test_verify_decides_every_command_of_every_game_again(tmp_path, cli):
    for scenario in ("n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968"):
        saved = tmp_path / f"{scenario.replace('/', '-')}.db"
        assert cli("simulate", scenario, "--seed", "3", "--save", saved).code == 0
        run = cli("verify", saved)
        assert run.code == 0 and "the rules give every command's events again" in run.out, run.err


def test_verify_says_what_the_seals_vouch_for(played, cli, monkeypatch):
    key = cli("key")
    assert key.code == 0
    key_id = key.out.split("\t")[1].strip()
    said = cli("verify", played).out
    commands = int(re.search(r"intact: (\d+) commands", said)[1])
    assert f"sealed by this umpire's key ({key_id}): {commands} of {commands} commands" in said
    monkeypatch.setenv("REFEREE_KEY_FILE", str(Path(os.environ["XDG_CONFIG_HOME"]) / "another-key"))
    assert cli("key", "--new").code == 0
    said = cli("verify", played).out
    assert f"0 of {commands} commands; {commands} sealed by another key, not checked here" in said


def test_the_key_is_refused_in_one_line_where_there_is_none(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_KEY_FILE", str(tmp_path / "none"))
    refused(cli("key"), "no umpire's key at", "--new")
    (tmp_path / "none").write_text("not hex\n")
    refused(cli("key"), "holds no key")
    (tmp_path / "none").unlink()
    made = cli("key", "--new")
    assert made.code == 0 and made.out.startswith(str(tmp_path / "none"))
    assert oct((tmp_path / "none").stat().st_mode & 0o777) == "0o600"


# --- 4. rows outside the chain ----------------------------------------------------------------------------------

@pytest.mark.parametrize("row", ["an event", "a snapshot"])
def test_a_row_that_belongs_to_no_command_is_refused_at_every_door(played, tmp_path, cli, row):
    if row == "an event":
        tamper(played, "INSERT INTO event (seq, command_id, turn, phase, kind, data, dice, hash) "
                       "VALUES (9999, 999, 1, 'x', 'unit-moved', '{}', '[]', 'h')")
    else:
        tamper(played, "INSERT INTO snapshot (command_id, state, created, chain, digest) VALUES (999, '{}', 't', 'c', 'd')")
    for command in (("log", played), ("state", played), ("verify", played), ("copy", played, tmp_path / "c.db"),
                    ("branch", played, "--seq", "4", "--db", tmp_path / "b.db")):
        refused(cli(*command), "belongs to no command")
    assert cli("review", played, "--out", tmp_path / "r.html").code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "belongs to no command" in page and "The log is intact" not in page


# --- 5. a change of roles moves the head ----------------------------------------------------------------------

def test_a_role_withdrawn_while_its_umpire_streams_commands_lets_none_of_his_commit_after(tmp_path):
    """Real processes race: bob files reports as fast as he can while ann takes his role; no report of his may
    commit after the change (each was decided under the roles it commits under)."""
    env = {**os.environ, "REFEREE_DEBUG": "0"}
    for attempt in range(3):
        path = tmp_path / f"race{attempt}.db"
        with Session.create(path, N30, {}, seed=SEED + attempt) as session:
            session.name_umpires({"ann": "all", "bob": "police"})
        bob = subprocess.Popen([sys.executable, "-m", "referee", "apply", str(path), "--umpire", "bob"],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
        bob.stdin.write((json.dumps(REPORT) + "\n") * 3000)
        bob.stdin.close()
        while _bobs(path) < 5 and bob.poll() is None:
            time.sleep(0.01)
        change = subprocess.run([sys.executable, "-m", "referee", "umpires", str(path), "--umpire", "ann",
                                 "--set", "bob=protesters"], env=env, capture_output=True, text=True)
        assert change.returncode == 0, change.stderr
        err = bob.stderr.read()
        bob.wait(timeout=120)
        assert bob.returncode == 2 and "the role protesters" in err, err  # refused, not lost in a race
        reader = open_reader(path)
        try:
            commands = reader.commands()
        finally:
            reader.close()
        taken = max(c.id for c in commands if c.kind == "roles" and c.body["roles"] == {"bob": "protesters"})
        assert [c.id for c in commands if c.umpire == "bob" and c.id > taken] == []
        assert sum(c.umpire == "bob" for c in commands) >= 5


def _bobs(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM command WHERE umpire = 'bob'").fetchone()[0]


# --- 6. a branch can foretell none of its original's dice --------------------------------------------------------

def test_a_branch_holds_and_reveals_only_its_own_seed(played, tmp_path, cli):
    original = open_reader(played)
    try:
        commitment = original.info.commitment
    finally:
        original.close()
    first = tmp_path / "first.db"
    assert cli("branch", played, "--seq", "9", "--db", first).code == 0
    second = tmp_path / "second.db"
    assert cli("apply", first, stdin='{"do": "end-phase"}\n').code == 0  # the branch's own dice from here
    last = json.loads(cli("log", first, "--json").lines[-1])["seq"]
    assert cli("branch", first, "--seq", last, "--db", second).code == 0
    for branched in (first, second):
        reader = open_reader(branched)
        try:
            own, epochs = reader.info.seed, reader.info.epochs
        finally:
            reader.close()
        assert str(SEED) not in branched.read_bytes().decode("latin-1")
        assert [e.commitment for e in epochs][0] == commitment and epochs[-1].seed == own != SEED
        assert all(e.seed is None for e in epochs[:-1])  # every earlier seed withheld, its commitment kept
        assert cli("verify", branched).code == 0  # the copied commands decided again on the dice they carry
        out = tmp_path / f"{branched.stem}.html"
        assert cli("review", branched, "--out", out).code == 0
        page = out.read_text(encoding="utf-8")
        assert str(SEED) not in page and str(own) in page
        assert "copied from the session this one branched from" in page
    first_seed = open_reader(first).info.seed
    assert str(first_seed) not in second.read_bytes().decode("latin-1")  # a branch of a branch, likewise
    assert cli("apply", second, stdin='{"do": "end-phase"}\n').code == 0 and cli("verify", second).code == 0


# --- 7. a chosen seed is said to be predictable ---------------------------------------------------------------------

def test_a_chosen_seed_is_warned_of_unless_it_is_on_purpose(cli, tmp_path):
    warned = cli("new", N30, "--seed", "424242", "--db", tmp_path / "a.db")
    assert warned.code == 0 and warned.out.strip() == str(tmp_path / "a.db")
    assert "warning: a chosen seed makes every die of this session foretellable" in warned.err
    quiet = cli("new", N30, "--seed", "424242", "--predictable", "--db", tmp_path / "b.db")
    assert quiet.code == 0 and quiet.err == ""
    assert cli("new", N30, "--db", tmp_path / "c.db").err == ""  # a seed drawn at 128 bits
    assert "predictable" in cli("new", "--help").out


def test_no_documented_real_game_starts_from_a_chosen_seed_without_saying_so():
    root = Path(__file__).parent.parent
    for page in (root / "README.md", root / "docs" / "cli.md", root / "docs" / "rulesets.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            if re.search(r"referee new \S+ .*--seed \d", line):
                assert "--predictable" in line, (page.name, line)


# --- 9. a log the rules cannot fold is one line --------------------------------------------------------------------

def test_a_log_naming_a_unit_that_never_existed_is_one_line_everywhere(played, tmp_path, cli, monkeypatch):
    tamper(played, "UPDATE event SET data = replace(data, '\"unit\":\"6/A\"', '\"unit\":\"Ghost 1\"') "
                   "WHERE kind = 'unit-moved'")
    rechain(played)
    without_key(monkeypatch)
    for command in (("state", played), ("view", played, "--player", "police"), ("apply", played),
                    ("review", played, "--out", tmp_path / "r.html")):
        refused(cli(*command, stdin='{"do": "end-phase"}\n'), "cannot be replayed at event", "changed outside referee")
    refused(cli("verify", played), "the rules give other events than the log's")


# --- a session played before the rules itemized their numbers -------------------------------------------------

def _rewrite_items(path: Path, change) -> int:
    """Every logged event's itemization changed by `change(data)` (which says whether it changed one), the chain
    recomputed as a forger would; how many events it changed."""
    changed = 0
    with sqlite3.connect(path) as db:
        for seq, data in db.execute("SELECT seq, data FROM event WHERE data LIKE '%\"items\"%'").fetchall():
            data = json.loads(data)
            if change(data):
                db.execute("UPDATE event SET data = ? WHERE seq = ?", (json.dumps(data), seq))
                changed += 1
    rechain(path)
    return changed


def test_a_session_logged_before_itemization_verifies_and_a_changed_item_is_found(tmp_path, cli, monkeypatch):
    """A session whose events carry no itemization (played before the rules gave one) is decided again without it;
    an itemization changed in the log is found like any other fact."""
    monkeypatch.setenv("REFEREE_KEY_FILE", "")
    older, forged = tmp_path / "older.db", tmp_path / "forged.db"
    for path in (older, forged):
        assert cli("simulate", "bos/battle-of-seattle", "--seed", "3", "--save", path).code == 0
    assert _rewrite_items(older, lambda data: data.pop("items", None) is not None) > 0
    run = cli("verify", older)
    assert run.code == 0 and "the rules give every command's events again" in run.out, run.err

    def inflate(data: dict) -> bool:
        first = data["items"][0]
        first["value"] = first["value"] + 1 if isinstance(first["value"], int) else first["value"] + "?"
        return True

    assert _rewrite_items(forged, inflate) > 0
    refused(cli("verify", forged), "the rules give other events than the log's")
