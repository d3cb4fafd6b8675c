"""Red-team rerun of a session's promises (not a test): attacks the log, the seals, the snapshots, the roles, the
branches, the seeds, the input and the live pages of real sessions of every game, through real `referee`
processes, and prints one Markdown table, attack | runs | caught or held | missed, then the total.

    python benchmarks/trust_attacks.py [--seeds 3] [--races 5] [--jobs N]

The sessions: `referee simulate SCENARIO --games 1 --seed S --save FILE` of n30/lock-down-hold-fast,
bos/battle-of-seattle and chicago/chicago-1968 for S = 1..--seeds, and wallman/town-centre-riot made with
`referee new --predictable` and a few umpire commands (RL rolls, drifts, a move, a report, an end of phase).
Everything runs in a temporary folder, with REFEREE_SESSIONS and XDG_CONFIG_HOME pointed into it: the umpire's
key is a throwaway one. A forger's attacks are made on copies of each session with sqlite3 and the hash functions
of referee.store.reading (the chain he can recompute; the seals he cannot, they need the key). "Missed" means
a promise did not hold; each miss is described under the table. Also printed, as a figure: how long a search
of seeds 0..1,000,000 takes to find a chosen seed (424242) from the first eight dice of its log.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.core.dice import seeded_face  # noqa: E402
from referee.store.reading import link  # noqa: E402
from tests.forger import rechain  # noqa: E402

REFEREE = [sys.executable, "-m", "referee"]
SIMULATED = ("n30/lock-down-hold-fast", "bos/battle-of-seattle", "chicago/chicago-1968")
WALLMAN = "wallman/town-centre-riot"
RACE = "n30/lock-down-hold-fast"
CHOSEN = 424242
CHANGED = "changed outside referee"
SEALED = "does not match its seal"
RULES = "the rules give other events than the log's"
OUTSIDE = "belongs to no command"
HEAD = "does not pass through"
NO_KEY = {"REFEREE_KEY_FILE": ""}

DOORS = "log edited by hand, chain kept: state/view/log/apply/branch/export/copy/brief refuse it"
REVIEW = "log edited by hand: the review says so"
SEALS = "chain recomputed, key present: verify/state/log refuse the seals"
DECIDED = "chain recomputed, no key: verify decides again, refuses a changed die or outcome"
UMPIRE = "chain recomputed, no key, umpire's name changed: verify --head HEAD refuses"
UMPIRE_PLAIN = "(umpire's name changed, no key: plain verify passes, as documented)"
CUT = "log cut short, head set back: verify --head HEAD refuses"
CUT_PLAIN = "(log cut short: plain verify passes, as documented)"
SNAPSHOT_STATE = "snapshot forged, digest recomputed: state --json gives the truth"
SNAPSHOT_VERIFY = "snapshot forged, digest recomputed: verify refuses"
ROW = "a row outside the chain: log/state/verify/copy/branch refuse it"
ROLES = "roles changed while their umpire streams commands: none of his commits after"
BRANCH = "branch: the original's seed absent from its file and review"
WARNING = "new --seed 424242 warns (and with --predictable does not)"
BAD = "bad input: one line, exit 2"
GHOST = "bad input: a log naming a unit that never existed, state/view/verify (no key)"
UNCHANGED = "a refused command leaves the log unchanged"
LIVE = "live pages: /p/TOKEN/ 404, foreign Host 400, wrong token 404; headers, no redirect"
ATTACKS = (DOORS, REVIEW, SEALS, DECIDED, UMPIRE, UMPIRE_PLAIN, CUT, CUT_PLAIN, SNAPSHOT_STATE, SNAPSHOT_VERIFY, ROW,
           ROLES, BRANCH, WARNING, BAD, GHOST, UNCHANGED, LIVE)


@dataclass
class Run:
    """One finished `referee` process."""

    argv: list[str]
    code: int
    out: str
    err: str

    def one_line(self, *words: str) -> bool:
        """Refused as promised: exit 2, one line on stderr, holding every word."""
        return self.code == 2 and self.err.count("\n") == 1 and all(word in self.err for word in words)

    def said(self) -> str:
        """What it did, for a miss's description."""
        return f"`{' '.join(self.argv)}` exit {self.code}: {self.err.strip()[:300] or self.out.strip()[:300]!r}"


@dataclass
class Session:
    """A session made for the attacks: its file, scenario, players and seed, and a head printed on a sheet."""

    name: str
    path: Path
    scenario: str
    players: list[str]
    seed: int = 0
    head: str = ""


@dataclass
class Tally:
    """Runs, caught (or held) and missed of each attack, with what each miss was."""

    rows: dict[str, list[int]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def count(self, attack: str, held: bool, where: str, what: Callable[[], str] | str = "") -> None:
        """Count one run of an attack; a miss keeps its description."""
        with self.lock:
            row = self.rows.setdefault(attack, [0, 0, 0])
            row[0] += 1
            row[1 if held else 2] += 1
            if not held:
                self.misses.append(f"{attack} [{where}]: {what() if callable(what) else what}")


class Bench:
    """The temporary folder, the environment every process gets, and the tally."""

    def __init__(self, folder: Path):
        self.folder, self.tally, self._names, self._lock = folder, Tally(), 0, threading.Lock()
        self.env = {**os.environ, "REFEREE_SESSIONS": str(folder / "sessions"), "XDG_CONFIG_HOME": str(folder / "config"),
                    "REFEREE_DEBUG": "", "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
        self.env.pop("REFEREE_KEY_FILE", None)
        self.env.pop("REFEREE_UMPIRE", None)

    def referee(self, *args: object, stdin: str = "", env: dict[str, str] | None = None, timeout: float = 300) -> Run:
        """Run `python -m referee ARGS` to its end."""
        argv = [*REFEREE, *map(str, args)]
        done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env={**self.env, **(env or {})},
                              cwd=self.folder, timeout=timeout)
        return Run([str(a) for a in args], done.returncode, done.stdout, done.stderr)

    def prepare(self, *args: object, stdin: str = "") -> Run:
        """Run a `referee` command the attacks need done (making a session, applying its commands); stop if refused."""
        run = self.referee(*args, stdin=stdin)
        if run.code:
            raise SystemExit(f"could not prepare the attacks: {run.said()}")
        return run

    def fresh(self, stem: str, suffix: str = "") -> Path:
        """A path in the folder that nothing uses yet."""
        with self._lock:
            self._names += 1
            return self.folder / f"{stem}-{self._names}{suffix}"

    def copy(self, session: Session, stem: str) -> Path:
        """A copy of a session's file to attack."""
        target = self.fresh(f"{session.name}-{stem}", ".db")
        shutil.copyfile(session.path, target)
        return target


# --- the forger's tools ----------------------------------------------------------------------------------------

def sql(path: Path, statement: str, *args: object) -> int:
    """Run one statement on a session file as a forger would; the rows it touched."""
    with sqlite3.connect(path) as db:
        return db.execute(statement, args).rowcount


def events(path: Path) -> list[tuple[int, int, str, dict, list]]:
    """Every event as (seq, command id, kind, data, dice), in order."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT seq, command_id, kind, data, dice FROM event ORDER BY seq").fetchall()
    return [(seq, command, kind, json.loads(data), json.loads(dice)) for seq, command, kind, data, dice in rows]


def set_event(path: Path, seq: int, data: dict | None = None, dice: list | None = None) -> None:
    """Write an event's data or dice back as referee stores them."""
    if data is not None:
        sql(path, "UPDATE event SET data = ? WHERE seq = ?", json.dumps(data, separators=(",", ":")), seq)
    if dice is not None:
        sql(path, "UPDATE event SET dice = ? WHERE seq = ?", json.dumps(dice, separators=(",", ":")), seq)


def edit_die(path: Path) -> str:
    """Turn a generator die of the middle of the log to another face, the outcome kept."""
    rolled = [e for e in events(path) if any(not d["entered"] for d in e[4])]
    seq, _, _, _, dice = rolled[len(rolled) // 2]
    die = next(d for d in dice if not d["entered"])
    die["value"] = die["value"] % die["sides"] + 1
    set_event(path, seq, dice=dice)
    return f"die of event {seq} made {die['value']}"


def _more(data: dict, *keys: str, by: int = 40) -> bool:
    """Add `by` to a whole number found under the keys (a path into nested objects); whether there was one."""
    *inner, last = keys
    for key in inner:
        data = data.get(key) if isinstance(data, dict) else None
    if isinstance(data, dict) and isinstance(data.get(last), int) and not isinstance(data.get(last), bool):
        data[last] += by
        return True
    return False


def edit_outcome(path: Path) -> str:
    """Change what an event of the middle of the log decided (points scored, a crowd's RL), its dice kept."""
    changes: dict[str, Callable[[dict], bool]] = {
        "success": lambda d: _more(d, "points"),                                              # N30 5.2
        "ei-changed": lambda d: _more(d, "change", "protester") and _more(d, "protester"),    # BoS EI
        "conflict": lambda d: _more(d, "points", "demonstrators") and _more(d, "ei", "demonstrators"),  # Chicago
        "rl-rolled": lambda d: _more(d, "rl", by=1 if d.get("rl", 8) < 8 else -1),            # Wallman RL chart
    }
    found = [e for e in events(path) if e[2] in changes and changes[e[2]](json.loads(json.dumps(e[3])))]
    if not found:
        raise SystemExit(f"{path}: no event decided points or an RL to change")
    seq, _, kind, data, _ = found[len(found) // 2]
    changes[kind](data)
    set_event(path, seq, data=data)
    return f"{kind} event {seq} changed"


def delete_event(path: Path) -> str:
    """Delete an event of the middle of the log."""
    every = events(path)
    seq = every[len(every) // 2][0]
    sql(path, "DELETE FROM event WHERE seq = ?", seq)
    return f"event {seq} deleted"


def edit_umpire(path: Path) -> str:
    """Say another umpire gave the second command: a field no rule reads."""
    sql(path, "UPDATE command SET umpire = 'mallory' WHERE id = 2")
    return "command 2 given by mallory"


def cut_short(path: Path) -> str:
    """Delete the last command, its events and snapshot, and set the head back to the command before."""
    with sqlite3.connect(path) as db:
        last = db.execute("SELECT max(id) FROM command").fetchone()[0]
        for statement in ("DELETE FROM event WHERE command_id = ?", "DELETE FROM snapshot WHERE command_id = ?",
                          "DELETE FROM command WHERE id = ?"):
            db.execute(statement, (last,))
        head = db.execute("SELECT coalesce((SELECT hash FROM event WHERE command_id = ? ORDER BY seq DESC LIMIT 1), "
                          "(SELECT hash FROM command WHERE id = ?))", (last - 1, last - 1)).fetchone()[0]
        db.execute("UPDATE session SET head = ?", (head,))
    return f"command {last} deleted, head set back"


def ghost(path: Path) -> str:
    """Name, in one event of the log, a unit that never existed; then recompute the chain."""
    every = events(path)
    moved = [e for e in every if e[2].endswith("moved")] + every
    for seq, _, kind, data, _ in moved:
        if isinstance(data.get("unit"), str):
            data["unit"] = "Ghost 1"
        elif isinstance(data.get("units"), list) and data["units"]:
            data["units"][0] = "Ghost 1"
        else:
            continue
        set_event(path, seq, data=data)
        rechain(path)
        return f"{kind} event {seq} names Ghost 1"
    raise SystemExit(f"{path}: no event names a unit")


EDITS = {"a die edited": edit_die, "an outcome edited": edit_outcome, "an event deleted": delete_event}
REWRITES = {"a die": edit_die, "an outcome": edit_outcome, "the umpire's name": edit_umpire}


# --- the sessions -----------------------------------------------------------------------------------------------

def wallman_commands(state: dict) -> list[dict]:
    """Umpire commands that apply to a fresh Town Centre Riot: an RL roll and a drift for crowds on the map, a van's
    move, a report, the end of the orders phase and one more roll."""
    crowds = [u["id"] for u in state["units"] if u["side"] == "crowd" and u["status"] == "active"]
    return [*({"do": "rl", "crowd": c} for c in crowds), *({"do": "drift", "crowd": c} for c in crowds[:2]),
            {"do": "move", "unit": "Riot Van 1", "to": "Market Cross"},
            {"do": "report", "player": "hale", "text": "crowds seen at the Precinct"},
            {"do": "end-phase"}, {"do": "rl", "crowd": crowds[0]}]


def players(bench: Bench) -> dict[str, list[str]]:
    """Each scenario's player ids, from `referee scenarios --json`."""
    run = bench.prepare("scenarios", "--json")
    return {s["id"]: [p["id"] for p in s["players"]] for s in json.loads(run.out)}


def seed_of(path: Path) -> int:
    """The session's seed, as the forger reads it."""
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT seed FROM session").fetchone()[0])


def make_wallman(bench: Bench, path: Path, seed: int) -> None:
    """A Town Centre Riot session with a few commands applied."""
    bench.prepare("new", WALLMAN, "--seed", seed, "--predictable", "--db", path)
    state = json.loads(bench.prepare("state", path, "--json").out)
    bench.prepare("apply", path, stdin="".join(json.dumps(c) + "\n" for c in wallman_commands(state)))


def make_session(bench: Bench, scenario: str, index: int, who: dict[str, list[str]]) -> Session:
    """Session number `index` of a scenario, and the head printed on its first player's sheet."""
    name = f"{scenario.split('/')[0]}{index + 1}"
    path = bench.folder / f"{name}.db"
    if scenario == WALLMAN:  # a seed of 19 or 20 digits, so that a search for it in a file's bytes means something
        make_wallman(bench, path, int(hashlib.sha256(f"wallman {index}".encode()).hexdigest()[:16], 16))
    else:
        bench.prepare("simulate", scenario, "--games", 1, "--seed", index + 1, "--save", path)
    session = Session(name, path, scenario, who[scenario], seed_of(path))
    sheet = bench.prepare("brief", path, "--player", session.players[0], "--format", "md",
                          "--out", bench.fresh(f"{name}-sheet"))
    printed = re.search(r"Log at printing:\*\* ([0-9a-f]{8}) ([0-9a-f]{8})",
                        Path(sheet.out.split("\t")[-1].strip()).read_text(encoding="utf-8"))
    session.head = printed[1] + printed[2]
    return session


# --- attacks on each session ------------------------------------------------------------------------------------

def doors(bench: Bench, session: Session, index: int) -> None:
    """A log edited by hand, the chain left as it was: every command that opens it refuses it; the review says so."""
    edit = list(EDITS)[index % len(EDITS)]
    path = bench.copy(session, "edited")
    done = EDITS[edit](path)
    player = session.players[0]
    for door in ("state", "view", "log", "apply", "branch", "export", "copy", "brief"):
        written = bench.fresh(f"{session.name}-{door}", ".db" if door in ("branch", "copy") else "")
        argv = {"view": ("view", path, "--player", player), "branch": ("branch", path, "--seq", 1, "--db", written),
                "export": ("export", path, "--out", written), "copy": ("copy", path, written),
                "brief": ("brief", path, "--player", player, "--out", written)}.get(door, (door, path))
        run = bench.referee(*argv, stdin=json.dumps({"do": "report", "player": player, "text": "x"}) + "\n")
        held = run.one_line(CHANGED) and not written.exists()
        bench.tally.count(DOORS, held, f"{session.name}, {door}, {done}", lambda run=run, w=written: run.said()
                          + (f"; {w.name} was written" if w.exists() else ""))
    out = bench.fresh(f"{session.name}-review", ".html")
    run = bench.referee("review", path, "--out", out)
    held = run.code == 0 and "The log was changed outside referee" in out.read_text(encoding="utf-8")
    bench.tally.count(REVIEW, held, f"{session.name}, {done}", run.said)


def seals(bench: Bench, session: Session) -> None:
    """A log rewritten with its chain recomputed, on the machine holding the key: refused by its seals."""
    for what, rewrite in REWRITES.items():
        path = bench.copy(session, "resealed")
        done = rewrite(path)
        rechain(path)
        for command in ("verify", "state", "log"):
            run = bench.referee(command, path)
            bench.tally.count(SEALS, run.one_line(SEALED),
                              f"{session.name}, {what}: {done}", run.said)


def without_key(bench: Bench, session: Session) -> None:
    """The same rewrites where the key is not: the rules find an outcome or die; a head printed before finds the rest."""
    for what in ("a die", "an outcome"):
        path = bench.copy(session, "nokey")
        done = REWRITES[what](path)
        rechain(path)
        run = bench.referee("verify", path, env=NO_KEY)
        bench.tally.count(DECIDED, run.one_line(RULES), f"{session.name}: {done}", run.said)
    path = bench.copy(session, "umpire")
    done = edit_umpire(path)
    rechain(path)
    plain = bench.referee("verify", path, env=NO_KEY)
    anchored = bench.referee("verify", path, "--head", session.head, env=NO_KEY)
    bench.tally.count(UMPIRE, anchored.one_line(HEAD), f"{session.name}: {done}", anchored.said)
    bench.tally.count(UMPIRE_PLAIN, plain.code == 0, session.name, plain.said)
    path = bench.copy(session, "cut")
    done = cut_short(path)
    plain = bench.referee("verify", path)
    anchored = bench.referee("verify", path, "--head", session.head)
    bench.tally.count(CUT, anchored.one_line(HEAD), f"{session.name}: {done}", anchored.said)
    bench.tally.count(CUT_PLAIN, plain.code == 0, session.name, plain.said)


FORGED_STATE = """import json, sys
from pathlib import Path
from referee.session import read
print(json.dumps(read(Path(sys.argv[1])).state.to_json(), separators=(",", ":")))
"""


def forge_snapshot(bench: Bench, path: Path) -> str:
    """Forge the latest snapshot's scores (or, where there is none, add one after the last command) with its digest
    made again from the chain: all a forger without the key can make."""
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT command_id, state, chain FROM snapshot ORDER BY command_id DESC").fetchone()
        if row is None:  # the state after the last command, as referee folds it, taken where there is no key
            done = subprocess.run([sys.executable, "-c", FORGED_STATE, str(path)], capture_output=True, text=True,
                                  env={**bench.env, **NO_KEY}, cwd=ROOT, check=True)
            last = db.execute("SELECT max(id) FROM command").fetchone()[0]
            chain = db.execute("SELECT coalesce((SELECT hash FROM event WHERE command_id = ? ORDER BY seq DESC LIMIT 1),"
                               " (SELECT hash FROM command WHERE id = ?))", (last, last)).fetchone()[0]
            row = (last, done.stdout.strip(), chain)
            db.execute("INSERT INTO snapshot (command_id, state, created, chain, digest) VALUES (?, '{}', ?, ?, '')",
                       (last, "2026-01-01T00:00:00+00:00", chain))
        command_id, state, chain = row
        forged = json.loads(state)
        forged["scores"] = {side: score + 40 for side, score in forged["scores"].items()}
        text = json.dumps(forged, separators=(",", ":"))
        db.execute("UPDATE snapshot SET state = ?, digest = ? WHERE command_id = ?", (text, link(chain, "s", text),
                                                                                      command_id))
    return f"snapshot after command {command_id}, scores +40"


def snapshots(bench: Bench, session: Session) -> None:
    """A forged snapshot is never used (`state --json` gives the truth) and verify refuses it, with or without key."""
    truth = bench.referee("state", session.path, "--json").out
    path = bench.copy(session, "snapshot")
    done = forge_snapshot(bench, path)
    for env, where in ((None, "key present"), (NO_KEY, "no key")):
        state = bench.referee("state", path, "--json", env=env)
        bench.tally.count(SNAPSHOT_STATE, state.out == truth,
                          f"{session.name}, {where}: {done}", lambda s=state: s.said() + " (another state)")
        run = bench.referee("verify", path, env=env)
        bench.tally.count(SNAPSHOT_VERIFY, run.one_line("snapshot after command"),
                          f"{session.name}, {where}: {done}", run.said)


def outside(bench: Bench, session: Session) -> None:
    """An event or a snapshot that names no command: refused by log, state, verify, copy and branch."""
    rows = {"an event": "INSERT INTO event (seq, command_id, turn, phase, kind, data, dice, hash) "
                        "VALUES (99999, 99999, 1, 'x', 'unit-moved', '{}', '[]', 'h')",
            "a snapshot": "INSERT INTO snapshot (command_id, state, created, chain, digest) "
                          "VALUES (99999, '{}', 't', 'c', 'd')"}
    for row, statement in rows.items():
        path = bench.copy(session, "outside")
        sql(path, statement)
        for command in ("log", "state", "verify", "copy", "branch"):
            written = bench.fresh(f"{session.name}-{command}", ".db")
            argv = {"copy": (path, written), "branch": (path, "--seq", 1, "--db", written)}.get(command, (path,))
            run = bench.referee(command, *argv)
            bench.tally.count(ROW, run.one_line(OUTSIDE) and not written.exists(), f"{session.name}, {row}", run.said)


def branch_seed(bench: Bench, session: Session) -> None:
    """A branch holds none of the original's seed, in its file or its review."""
    seqs = [e[0] for e in events(session.path)]
    branched = bench.fresh(f"{session.name}-branch", ".db")
    run = bench.referee("branch", session.path, "--seq", seqs[len(seqs) // 2], "--db", branched)
    if run.code:
        bench.tally.count(BRANCH, False, session.name, run.said)
        return
    review = bench.fresh(f"{session.name}-branch-review", ".html")
    shown = bench.referee("review", branched, "--out", review)
    forms = (str(session.seed), f"{session.seed:x}")
    for what, text in (("file", branched.read_bytes().decode("latin-1")),
                       ("review", review.read_text(encoding="utf-8") if shown.code == 0 else "")):
        found = [form for form in forms if form in text]
        held = not found and (what == "file" or shown.code == 0)
        bench.tally.count(BRANCH, held, f"{session.name}, branch {what}", f"{found} found" if found else shown.said())


def ghost_unit(bench: Bench, session: Session) -> None:
    """A log naming a unit that never existed, chain recomputed, no key: one line and exit 2 from state/view/verify."""
    path = bench.copy(session, "ghost")
    done = ghost(path)
    for argv in (("state", path), ("view", path, "--player", session.players[0]), ("verify", path)):
        run = bench.referee(*argv, env=NO_KEY)
        bench.tally.count(GHOST, run.one_line(),
                          f"{session.name}, {argv[0]}: {done}", run.said)


def fingerprint(bench: Bench, path: Path) -> tuple:
    """What a refused command must leave as it was: `referee log --json`, the head, the commands and events."""
    with sqlite3.connect(path) as db:
        stored = db.execute("SELECT head, (SELECT count(*) FROM command), (SELECT count(*) FROM event) FROM session")
        return bench.referee("log", path, "--json").out, *stored.fetchone()


def refused_unchanged(bench: Bench, session: Session) -> None:
    """A refused command is one line, exit 2, and leaves the log as it was."""
    path = bench.copy(session, "refused")
    before = fingerprint(bench, path)
    run = bench.referee("apply", path, stdin='{"do": "report", "player": "nobody", "text": "x"}\n')
    after = fingerprint(bench, path)
    bench.tally.count(UNCHANGED, run.one_line() and before == after and before[0] != "", session.name,
                      lambda: run.said() + ("" if before == after else "; the log changed"))


def attack_session(bench: Bench, session: Session, index: int) -> None:
    """Every per-session attack on one session."""
    doors(bench, session, index)
    seals(bench, session)
    without_key(bench, session)
    snapshots(bench, session)
    outside(bench, session)
    branch_seed(bench, session)
    ghost_unit(bench, session)
    refused_unchanged(bench, session)


# --- attacks of their own ---------------------------------------------------------------------------------------

def race(bench: Bench, number: int) -> int:
    """Bob streams reports while Ann takes his role: how many of his commands committed after the change."""
    path = bench.fresh("race", ".db")
    bench.prepare("new", RACE, "--seed", 1000 + number, "--predictable", "--db", path)
    bench.prepare("umpires", path, "--set", "ann=all", "--set", "bob=police")
    report = json.dumps({"do": "report", "player": "police", "text": "x"}) + "\n"
    bob = subprocess.Popen([*REFEREE, "apply", str(path), "--umpire", "bob"], stdin=subprocess.PIPE,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=bench.env, text=True, cwd=bench.folder)
    assert bob.stdin is not None and bob.stderr is not None
    writer = threading.Thread(target=feed, args=(bob.stdin, report * 3000), daemon=True)
    try:
        writer.start()
        deadline = time.monotonic() + 60
        while bobs(path) < 5 and bob.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        change = bench.referee("umpires", path, "--umpire", "ann", "--set", "bob=protesters")
        err = bob.stderr.read()
        bob.wait(timeout=300)
    finally:
        if bob.poll() is None:
            bob.kill()
            bob.wait()
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT id, kind, body, umpire FROM command ORDER BY id").fetchall()
    changes = [i for i, kind, body, _ in rows if kind == "roles" and json.loads(body)["roles"] == {"bob": "protesters"}]
    late = [i for i, _, _, umpire in rows if umpire == "bob" and changes and i > changes[-1]]
    committed = sum(umpire == "bob" for *_, umpire in rows)
    held = change.code == 0 and bool(changes) and not late and bob.returncode == 2 and "the role protesters" in err
    bench.tally.count(ROLES, held,
                      f"race {number + 1}", f"{len(late)} late commands, {committed} of bob's committed; "
                      f"roles change {change.said()}; bob exit {bob.returncode}: {err.strip()[:200]!r}")
    return len(late)


def feed(stream, text: str) -> None:
    """Write all of `text` to a process's input and close it; a process that stopped reading ends it."""
    try:
        stream.write(text)
        stream.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def bobs(path: Path) -> int:
    """How many of bob's commands are committed."""
    try:
        with sqlite3.connect(path, timeout=5) as db:
            return db.execute("SELECT count(*) FROM command WHERE umpire = 'bob'").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def chosen_seed(bench: Bench, scenarios: list[str]) -> list[tuple[int, int]]:
    """`new --seed` warns unless --predictable; and the first 8 generator dice (face, sides) of a session made with
    a chosen seed."""
    for scenario in scenarios:
        warned = bench.referee("new", scenario, "--seed", CHOSEN, "--db", bench.fresh("chosen", ".db"))
        quiet = bench.referee("new", scenario, "--seed", CHOSEN, "--predictable", "--db", bench.fresh("chosen", ".db"))
        bench.tally.count(WARNING, warned.code == 0 and "warning: a chosen seed" in warned.err, f"{scenario}, warned",
                          warned.said)
        bench.tally.count(WARNING, quiet.code == 0 and quiet.err == "", f"{scenario}, --predictable", quiet.said)
    path = bench.fresh("chosen-wallman", ".db")
    bench.prepare("new", WALLMAN, "--seed", CHOSEN, "--predictable", "--db", path)
    state = json.loads(bench.prepare("state", path, "--json").out)
    bench.prepare("apply", path, stdin="".join(json.dumps(c) + "\n" for c in wallman_commands(state)))
    return [(d["value"], d["sides"]) for line in bench.prepare("log", path, "--json").out.splitlines()
            for d in json.loads(line)["dice"] if not d["entered"]][:8]


def search_seed(dice: list[tuple[int, int]]) -> tuple[float, str]:
    """The seconds a search of seeds 0..1,000,000 takes to find one that gives these dice, and a line saying so."""
    start = time.perf_counter()
    found = next((seed for seed in range(1_000_001)
                  if all(seeded_face(seed, n, sides) == value for n, (value, sides) in enumerate(dice))), None)
    seconds = time.perf_counter() - start
    return seconds, (f"A chosen seed found from the first {len(dice)} generator dice of its log "
                     f"({' '.join(str(v) for v, _ in dice)}): seed {found} in {seconds:.2f} s "
                     f"(search of seeds 0..1,000,000, stopped at the first match)")


def bad_input(bench: Bench, seeds: int) -> None:
    """Bad input is one line and exit 2, never an internal error; a refused Chicago command changes nothing."""
    made = bench.fresh("bad-new", ".db")
    cases = [("state", "postgresql://x@[::1"),
             ("new", "n30/close-the-ring", "--set", "hidden=none", "--set", "hidden=weak", "--db", made),
             ("simulate", "n30/close-the-ring", "--player", "protesters=random", "--player", "protesters=objective"),
             ("simulate", "bos/battle-of-seattle", "--set", "ev_convention_centre=99999999999999999999")]
    for argv in cases:
        run = bench.referee(*argv)
        bench.tally.count(BAD, run.one_line() and not made.exists(), argv[0], run.said)
    empty = ({"do": "place", "units": {}}, {"do": "guard-out", "units": {}},  # and with the keys they lack
             {"do": "place", "units": {}, "from": "loop", "to": "conrad-hilton"},
             {"do": "guard-out", "units": {}, "from": "loop"})
    for index in range(seeds):  # a fresh Chicago session, a platoon placed (so that its log is not empty)
        path = bench.fresh("chicago-fresh", ".db")
        bench.prepare("new", "chicago/chicago-1968", "--seed", 7 + index, "--predictable", "--db", path)
        bench.prepare("apply", path, stdin='{"do": "place", "units": {"Tac": 1}, "from": "loop", "to": "conrad-hilton"}\n')
        for command in empty:
            before = fingerprint(bench, path)
            run = bench.referee("apply", path, stdin=json.dumps(command) + "\n")
            after = fingerprint(bench, path)
            bench.tally.count(BAD, run.one_line(), f"chicago {command}", run.said)
            bench.tally.count(UNCHANGED, before == after and before[0] != "", f"chicago {command}",
                              f"before {before[1:]}, after {after[1:]}")


def live_pages(bench: Bench, session: Session) -> None:
    """`referee serve`: no redirect from /p/<token>/, another Host is a 400, a wrong token a 404; headers on all."""
    path = bench.copy(session, "served")
    server = subprocess.Popen([*REFEREE, "serve", str(path), "--port", "0"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env=bench.env, text=True, cwd=bench.folder)
    try:
        assert server.stderr is not None
        said = server.stderr.readline()
        address = re.search(r"on (http://127\.0\.0\.1:(\d+))/", said)
        if address is None:
            bench.tally.count(LIVE, False, session.name, f"serve said {said!r}")
            return
        base, port = address[1], int(address[2])
        links = bench.referee("links", path, "--base", base).out.splitlines()
        token = links[0].split("\t")[2].rsplit("/p/", 1)[1]

        def get(target: str, host: str | None = None) -> tuple[int, dict[str, str]]:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)  # follows no redirect
            try:
                connection.request("GET", target, headers={"Host": host or f"127.0.0.1:{port}"})
                answer = connection.getresponse()
                answer.read()
                return answer.status, {k.lower(): v for k, v in answer.getheaders()}
            finally:
                connection.close()

        right = get(f"/p/{token}")
        wrong = "0" * len(token) if token != "0" * len(token) else "1" * len(token)
        for what, (status, headers), expected in (
                ("the link itself (control)", right, 200), ("/p/TOKEN/", get(f"/p/{token}/"), 404),
                ("Host: evil.example", get(f"/p/{token}", "evil.example"), 400),
                ("a wrong token", get(f"/p/{wrong}"), 404)):
            held = status == expected and "x-content-type-options" in headers and "location" not in headers
            bench.tally.count(LIVE, held, f"{session.name}, {what}", f"status {status}, headers {sorted(headers)}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# --- the table --------------------------------------------------------------------------------------------------

def report(tally: Tally, late: list[int], seconds: float, elapsed: float) -> None:
    """Print the table, the misses, and the total as the last line."""
    print("\n| attack | runs | caught/held | missed |\n|---|---:|---:|---:|")
    for attack in sorted(tally.rows, key=lambda a: ATTACKS.index(a) if a in ATTACKS else len(ATTACKS)):
        runs, caught, missed = tally.rows[attack]
        print(f"| {attack} | {runs} | {caught} | {missed} |")
    print(f"\nRole races: {len(late)}, late commands committed after the change of roles: {sum(late)} (must be 0).")
    if tally.misses:
        print(f"\nMissed ({len(tally.misses)}):")
        for miss in tally.misses:
            print(f"- {miss}")
    runs, caught, missed = (sum(row[n] for row in tally.rows.values()) for n in range(3))
    print(f"\nTotal: {runs} runs, {caught} caught or held, {missed} missed ({elapsed:.0f} s; "
          f"chosen seed found in {seconds:.2f} s)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="sessions of each scenario (default 3)")
    parser.add_argument("--races", type=int, default=5, help="role races on N30 (default 5)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="sessions attacked at once")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="trust-attacks-") as folder:
        bench = Bench(Path(folder))
        who = players(bench)
        scenarios = [*SIMULATED, WALLMAN]
        with ThreadPoolExecutor(args.jobs) as pool:
            sessions = list(pool.map(lambda pair: make_session(bench, *pair, who),
                                     [(s, i) for s in scenarios for i in range(args.seeds)]))
            print(f"{len(sessions)} sessions: {', '.join(f'{s.name} ({s.scenario})' for s in sessions)}; "
                  f"key in {bench.env['XDG_CONFIG_HOME']}")
            chosen = pool.submit(chosen_seed, bench, scenarios)
            work = [pool.submit(attack_session, bench, s, i % args.seeds) for i, s in enumerate(sessions)]
            work += [pool.submit(live_pages, bench, s) for s in sessions[::args.seeds]]
            work.append(pool.submit(bad_input, bench, args.seeds))
            for done in work:
                done.result()
            dice = chosen.result()
        late = [race(bench, n) for n in range(args.races)]
        seconds, said = search_seed(dice)  # alone, so that the figure is the search's own
        print(said)
        report(bench.tally, late, seconds, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
