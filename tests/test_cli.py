"""The command line against docs/cli.md: output shapes, exit codes, one-line errors, sessions left intact.

Most tests run `referee.cli.main` in this process (the `cli` fixture); a few run `python -m referee`
as a real process to check exit codes and the stdout/stderr split (`referee_process`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.examples import OPENING, WORKED_CONFRONTATION

IDS = {"n30/lock-down-hold-fast", "n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets"}
SCENARIO = "n30/lock-down-hold-fast"

EXAMPLE = json.loads(WORKED_CONFRONTATION)

EXAMPLE_OUT = {
    "ruleset": "n30", "gas": True, "police_total": 3, "effective_total": 6,
    "units": [
        {"id": "Sea Turtles", "type": "theater", "facing": 2, "roll": 3, "result": "unaffected", "radicalized": False},
        {"id": "U7", "type": "unorganized", "facing": 4, "roll": 6, "result": "unaffected", "radicalized": True},
        {"id": "Bananarchy", "type": "lockdown", "facing": 2, "roll": 2, "result": "destroyed", "refusal_roll": 5,
         "radicalized": False},
    ],
    "successes": 2, "dice": [3, 6, 2, 5],
}


def jsonl(commands: list) -> str:
    return "".join(json.dumps(c) + "\n" for c in commands)


def failed(run, *parts: str):
    """Exit 2 with exactly one clear line on stderr (no traceback) naming each of `parts`."""
    assert run.code == 2, (run.code, run.out, run.err)
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert run.err.endswith("\n")
    assert lines[0].startswith("referee: ")
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err
    for part in parts:
        assert part in lines[0], (part, lines[0])
    return lines[0]


def files_under(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def new_session(cli, tmp_path):
    """A fresh session database (Lock Down, Hold Fast unless told otherwise)."""
    count = 0

    def make(scenario: str = SCENARIO, seed: int = 4, *options: str) -> Path:
        nonlocal count
        count += 1
        path = tmp_path / f"s{count}.db"
        run = cli("new", scenario, "--db", path, "--seed", seed, *[a for o in options for a in ("--set", o)])
        assert run.code == 0, run.err
        return path

    return make


@pytest.fixture
def db(new_session):
    return new_session()


def state(cli, path) -> dict:
    run = cli("state", path, "--json")
    assert run.code == 0, run.err
    assert len(run.lines) == 1
    return json.loads(run.out)


def log(cli, path) -> list[dict]:
    run = cli("log", path, "--json")
    assert run.code == 0, run.err
    return [json.loads(line) for line in run.lines]


def apply(cli, path, commands: list) -> list[int]:
    run = cli("apply", path, "-", stdin=jsonl(commands))
    assert run.code == 0, run.err
    assert all(line.startswith("ok ") for line in run.lines)
    return [int(line.split()[1]) for line in run.lines]


# --- scenarios ------------------------------------------------------------------------------


def test_scenarios_json_has_the_documented_shape(cli):
    run = cli("scenarios", "--json")
    assert run.code == 0 and run.err == ""
    listing = json.loads(run.out)
    assert isinstance(listing, list)
    assert {item["id"] for item in listing} >= IDS
    turns = {"n30/lock-down-hold-fast": 36, "n30/close-the-ring": 8, "n30/hold-the-line": 12,
             "n30/reclaim-the-streets": 16}
    for item in listing:
        assert {"id", "ruleset", "title", "turns", "players", "options"} <= set(item)
        assert isinstance(item["title"], str) and item["title"]
        assert isinstance(item["turns"], int)
        assert all(set(player) == {"id", "side"} for player in item["players"])
        assert all(isinstance(v, str) for v in item["options"].values())
        if item["id"] in IDS:
            assert item["ruleset"] == "n30"
            assert item["turns"] == turns[item["id"]]
            assert {p["side"] for p in item["players"]} == {"protesters", "police"}
            assert item["options"]["hidden"] == "none"
            assert item["options"]["faction_friction"] == "off"
            assert item["options"]["crowd_mood"] == "off"


def test_scenarios_text_lists_every_id(cli):
    run = cli("scenarios")
    assert run.code == 0
    for scenario in IDS:
        assert any(line.startswith(scenario) for line in run.lines), scenario


def test_scenarios_say_how_many_play_each_side(cli):
    """Who plays: the players counted, by side where the sides have different numbers, and how many may play in
    teams (docs/cli.md, scenarios)."""
    listing = json.loads(cli("scenarios", "--json").out)
    lines = {line.split()[0]: line for line in cli("scenarios").lines}
    for item in listing:
        sides: dict[str, int] = {}
        for player in item["players"]:
            sides[player["side"]] = sides.get(player["side"], 0) + 1
        seats = f"{len(item['players'])} players" + (
            ": " + ", ".join(f"{side} {n}" for side, n in sides.items()) if len(set(sides.values())) > 1 else "") + "".join(
            f"; {min(counts.values())} to {max(counts.values())} in teams, option {name}"
            for name, counts in item["teams"].items())
        assert item["seats"] == seats and lines[item["id"]].endswith(f" ({seats})"), item["id"]
    assert any(": " in item["seats"] for item in listing)  # sides of different numbers among them


# --- new ------------------------------------------------------------------------------------


def test_new_writes_under_the_sessions_folder(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = cli("new", "n30/close-the-ring")
    assert run.code == 0, run.err
    path = Path(run.lines[-1])
    assert (tmp_path / path).resolve().parent == (tmp_path / "sessions").resolve()
    assert (tmp_path / path).is_file()
    assert state(cli, tmp_path / path)["scenario"] == "n30/close-the-ring"


def test_new_with_db_seed_and_options(cli, tmp_path):
    path = tmp_path / "deep" / "er" / "game.db"
    run = cli("new", SCENARIO, "--db", path, "--seed", "7", "--set", "hidden=weak", "--set", "faction_friction=on")
    assert run.code == 0, run.err
    assert run.lines[-1] == str(path)
    options = state(cli, path)["options"]
    assert options["hidden"] == "weak" and options["faction_friction"] == "on"
    assert options["crowd_mood"] == "off"


def test_the_same_seed_gives_the_same_dice(cli, new_session):
    first, second = new_session(seed=11), new_session(seed=11)
    assert apply(cli, first, OPENING) == apply(cli, second, OPENING)
    strip = lambda events: [{k: e[k] for k in ("seq", "kind", "data", "dice")} for e in events]  # noqa: E731
    assert strip(log(cli, first)) == strip(log(cli, second))
    assert state(cli, first) == state(cli, second)


def test_reclaim_the_streets_starting_reading(cli, new_session):
    assert state(cli, new_session("n30/reclaim-the-streets"))["score"] == 120
    assert state(cli, new_session("n30/reclaim-the-streets", 4, "starting=setup"))["score"] == 110


@pytest.mark.parametrize("args, words", [
    (["n30/nowhere"], ["n30/nowhere"]),
    ([SCENARIO, "--set", "fog=on"], ["fog"]),
    ([SCENARIO, "--set", "hidden=total"], ["hidden", "total"]),
    ([SCENARIO, "--set", "hidden"], ["hidden"]),
    ([SCENARIO, "--set", "hidden=none", "--set", "hidden=weak"], ["hidden: given twice; say once what each is set to"]),
    ([SCENARIO, "--seed", "many"], ["--seed"]),
    ([SCENARIO, "--seed", str(2**128)], ["--seed"]),
    ([SCENARIO, "--frobnicate"], ["--frobnicate"]),
    ([], ["scenario"]),
])
def test_new_refuses_bad_input_and_writes_nothing(cli, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    failed(cli("new", *args), *words)
    failed(cli("new", *args, "--db", tmp_path / "sub" / "x.db"), *words)
    assert list(tmp_path.iterdir()) == []


def test_new_will_not_overwrite(cli, db):
    before = db.read_bytes()
    failed(cli("new", SCENARIO, "--db", db), "exists")
    assert db.read_bytes() == before


# --- apply ----------------------------------------------------------------------------------


def test_apply_from_a_file_and_from_stdin(cli, db, tmp_path):
    commands = tmp_path / "commands.jsonl"
    commands.write_text(jsonl(OPENING[:4]), encoding="utf-8")
    first = cli("apply", db, commands)
    assert first.code == 0, first.err
    second = cli("apply", db, "-", stdin=jsonl(OPENING[4:6]) + "\n   \n")  # blank lines are skipped
    third = cli("apply", db, stdin=jsonl(OPENING[6:]))  # no FILE: stdin
    assert second.code == 0 and third.code == 0, (second.err, third.err)
    seqs = [int(line.removeprefix("ok ")) for run in (first, second, third) for line in run.lines]
    assert len(seqs) == len(OPENING)
    assert all(line.startswith("ok ") for run in (first, second, third) for line in run.lines)
    assert seqs == sorted(set(seqs))
    events = log(cli, db)
    assert seqs[-1] == events[-1]["seq"]
    assert set(seqs) <= {e["seq"] for e in events}
    after = state(cli, db)
    assert (after["turn"], after["time"], after["phase"]) == (2, "7:50", "protester-movement")


def test_apply_is_acknowledged_per_command(cli, db):
    seqs = apply(cli, db, OPENING[:3])
    events = log(cli, db)
    moved = [e["seq"] for e in events if e["kind"] == "unit-moved"]
    assert seqs == moved  # each `ok` names the last event of its command


@pytest.mark.parametrize("earlier, bad, section", [
    ([], {"do": "move", "unit": "6/A", "to": "8th & Pike"}, "2: "),  # police in the protester phase
    ([OPENING[2]], OPENING[2], "3: "),  # Bananarchy twice
    ([OPENING[0], OPENING[1]], {"do": "confront", "node": "6th & Seneca"}, "2: "),
    ([OPENING[3]], {"do": "move", "unit": "U1", "to": "3rd & Pike"}, "2: "),
])
def test_a_refusal_keeps_earlier_commands_and_changes_nothing_else(cli, new_session, earlier, bad, section):
    reference, db = new_session(seed=21), new_session(seed=21)
    apply(cli, reference, earlier)
    expected_state, expected_log = state(cli, reference), log(cli, reference)
    follow = {"do": "end-phase"}
    run = cli("apply", db, "-", stdin=jsonl([*earlier, bad, follow]))
    line = failed(run, section, f"line {len(earlier) + 1}")
    assert "Refusal" not in line
    assert len(run.lines) == len(earlier) and all(x.startswith("ok ") for x in run.lines)
    assert state(cli, db) == expected_state
    assert log(cli, db) == expected_log
    # and the session goes on from there
    assert apply(cli, db, [follow])


def test_apply_3_one_unit_at_a_time(cli, db):
    """3: a second unit may not roll while a rolled one has not moved; `stay` ends the first unit's move."""
    apply(cli, db, [{"do": "roll", "unit": "Bananarchy"}])
    failed(cli("apply", db, "-", stdin=jsonl([{"do": "roll", "unit": "U1"}])), "3: ", "Bananarchy has rolled")
    assert len(apply(cli, db, [{"do": "stay", "unit": "Bananarchy"}, {"do": "roll", "unit": "U1"}])) == 2


@pytest.mark.parametrize("line, words", [
    ("{not json", ["line 1", "JSON"]),
    ('{"do": "move", "unit": "Nobody", "to": "4th & Pike"}', ["Nobody"]),
    ('{"do": "teleport"}', ["teleport"]),
    ('{"do": "undo"}', ["undo"]),
    ('{"do": "redo"}', ["redo"]),
    ('["end-phase"]', ["line 1"]),
    ('{"unit": "U1"}', ["do"]),
    ('{"do": ["move"]}', ["do"]),
    ('{"do": "move", "unit": "U1", "to": "Nowhere & Main"}', ["Nowhere & Main"]),
    ('{"do": "move", "unit": "U1", "to": 7}', ["line 1"]),
    ('{"do": "move", "unit": "U1", "path": "2nd & Pike"}', ["path"]),
    ('{"do": "move", "unit": "U1", "to": "2nd & Pike", "dice": [9]}', ["9"]),
    ('{"do": "move", "unit": "U1", "to": "2nd & Pike", "dice": "six"}', ["dice"]),
    ('{"do": "choose", "node": 3}', ["line 1"]),
    ('{"do": "confront", "node": "6th & Seneca"}', ["2: "]),
    ('{"do": "flo", "unit": "6/A"}', ["3.3"]),
])
def test_bad_commands_are_one_line_and_change_nothing(cli, db, line, words):
    before_state, before_log = state(cli, db), log(cli, db)
    failed(cli("apply", db, "-", stdin=line + "\n"), *words)
    assert state(cli, db) == before_state
    assert log(cli, db) == before_log


def test_apply_reports_the_line_number(cli, db):
    run = cli("apply", db, "-", stdin=jsonl(OPENING[:2]) + "\n" + "{oops\n")
    failed(run, "line 4")  # blank lines count: the line number is the file's
    assert len(run.lines) == 2


def test_apply_with_a_missing_or_unreadable_command_file(cli, db, tmp_path):
    before = db.read_bytes()
    failed(cli("apply", db, tmp_path / "none.jsonl"), "none.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00{}\n")
    failed(cli("apply", db, binary), "UTF-8")
    failed(cli("apply", db, '{"do": "end-phase"}'), "pipe it in on standard input")  # a command typed for a file
    assert db.read_bytes() == before


# --- undo, redo and the log -----------------------------------------------------------------


def test_undo_restores_the_state_before_and_redo_brings_it_back(cli, db):
    apply(cli, db, OPENING[:2])
    before = state(cli, db)
    apply(cli, db, [OPENING[2]])
    after = state(cli, db)
    assert after != before
    apply(cli, db, [{"do": "undo"}])
    assert state(cli, db) == before
    apply(cli, db, [{"do": "redo"}])
    assert state(cli, db) == after
    failed(cli("apply", db, "-", stdin='{"do": "redo"}\n'), "redo")
    # undo all the way back, then no further
    apply(cli, db, [{"do": "undo"}] * 3)
    failed(cli("apply", db, "-", stdin='{"do": "undo"}\n'), "undo")
    fresh = state(cli, db)
    assert fresh["turn"] == 1 and fresh["phase"] == "protester-movement"
    assert all(u["node"] is None for u in fresh["units"] if u["id"] in ("(A) Action", "U1"))


def test_log_json_lines_and_undone_events(cli, db):
    apply(cli, db, OPENING[:3])
    events = log(cli, db)
    for event in events:
        assert {"seq", "turn", "phase", "kind", "data", "dice"} <= set(event)
        assert isinstance(event["data"], dict) and isinstance(event["dice"], list)
    assert [e["seq"] for e in events] == sorted({e["seq"] for e in events})
    assert any(e["dice"] for e in events if e["kind"] == "movement-rolled")
    bananarchy = [e["seq"] for e in events if e["data"].get("unit") == "Bananarchy"]
    assert bananarchy
    apply(cli, db, [{"do": "undo"}])
    undone = log(cli, db)
    assert undone[: len(events)] != events  # the undone events are now marked
    marked = {e["seq"] for e in undone if e.get("undone")}
    assert marked >= set(bananarchy)
    assert not marked & {e["seq"] for e in events if e["data"].get("unit") in ("U1", "(A) Action")}
    assert undone[-1]["kind"] == "undone" and not undone[-1].get("undone")
    apply(cli, db, [{"do": "redo"}])
    assert not any(e.get("undone") for e in log(cli, db))
    text = cli("log", db)
    assert text.code == 0 and len(text.lines) == len(log(cli, db))
    assert "Undone: " in text.lines[-2] and "Bananarchy" in text.lines[-2] and "Redone: " in text.lines[-1]


# --- state ----------------------------------------------------------------------------------


def test_state_json_has_the_documented_shape(cli, db):
    data = state(cli, db)
    assert {"scenario", "turn", "time", "phase", "score", "target", "units"} <= set(data)
    assert (data["scenario"], data["turn"], data["time"]) == (SCENARIO, 1, "7:40")
    assert data["phase"] == "protester-movement"
    assert (data["score"], data["target"]) == (0, 160)
    units = {u["id"]: u for u in data["units"]}
    assert len(units) == len(data["units"])
    for unit in data["units"]:
        assert {"id", "name", "side", "type", "node", "stack", "status"} <= set(unit)
        assert unit["status"] in ("active", "destroyed", "reserve", "off-map")
        assert (unit["node"] is not None) == (unit["status"] == "active")
    # stacks: 0 on top, numbered within the unit's side at its node
    places: dict[tuple, list[int]] = {}
    for unit in data["units"]:
        if unit["status"] == "active":
            places.setdefault((unit["side"], unit["node"]), []).append(unit["stack"])
        else:
            assert unit["stack"] is None
    assert all(sorted(stack) == list(range(len(stack))) for stack in places.values())
    assert len(places[("police", "9th & Pike")]) == 5
    assert units["Flaming Dildos"]["stack"] == 0 and units["WSP-2"]["stack"] == 0  # two sides, one node
    assert units["Flaming Dildos"]["node"] == units["WSP-2"]["node"] == "6th & Seneca"
    assert units["Sea Turtles (T)"]["stack"] == 1
    # hidden attributes as further keys
    assert units["Bananarchy"]["locked"] is True
    assert units["CART/B"]["armored"] is True and units["CART/B"]["type"] == "chemical"
    assert units["Bananarchy"]["name"] == "Bananarchy Movement"
    # the 7:40 group has reached the west edge; later ones wait in reserve
    assert units["U1"]["status"] == "off-map" and units["U27"]["status"] == "reserve"
    assert units["U1"].get("edge") == "west"


def test_stacks_start_in_the_order_the_setup_lists_them(cli, db):
    """scenarios/README.md: `node = units, top of the stack first` (setup 7: 9th & Pike, 8th & Pike)."""
    units = {u["id"]: u for u in state(cli, db)["units"]}
    for node, ids in {"9th & Pike": ["WSP-1", "6/A", "7/B", "8/B", "MP-2"],
                      "8th & Pike": ["9/A", "CC-3", "CC-4", "6/B", "9/B", "CART/B"]}.items():
        assert [(units[u]["node"], units[u]["stack"]) for u in ids] == [(node, i) for i in range(len(ids))]


def test_state_json_after_moves_and_in_a_later_setup(cli, db, new_session):
    apply(cli, db, OPENING[:3])
    units = {u["id"]: u for u in state(cli, db)["units"]}
    assert units["Bananarchy"]["node"] == "5th & Olive" and units["Bananarchy"]["stack"] == 0
    assert units["U1"]["status"] == "active"
    at_node = sorted(u["stack"] for u in units.values()
                     if u["node"] == units["U1"]["node"] and u["side"] == "protesters")
    assert at_node == list(range(len(at_node)))
    later = state(cli, new_session("n30/hold-the-line"))
    assert (later["time"], later["score"], later["target"]) == ("9:00", 55, 115)
    units = {u["id"]: u for u in later["units"]}
    assert units["Stewards"]["status"] == "destroyed" and units["Stewards"]["node"] is None
    assert units["U30"]["status"] in ("reserve", "off-map")


def test_state_text(cli, db):
    run = cli("state", db)
    assert run.code == 0 and run.err == ""
    assert "Lock Down, Hold Fast" in run.out and "9th & Pike" in run.out


# --- broken session files -------------------------------------------------------------------


def _broken(tmp_path: Path, kind: str, cli) -> Path:
    if kind == "missing":
        return tmp_path / "missing.db"
    if kind == "directory":
        (tmp_path / "folder.db").mkdir()
        return tmp_path / "folder.db"
    if kind == "text":
        path = tmp_path / "notes.db"
        path.write_text("not a database\n", encoding="utf-8")
        return path
    if kind == "empty":
        path = tmp_path / "empty.db"
        path.write_bytes(b"")
        return path
    good = tmp_path / "good" / "s.db"
    assert cli("new", SCENARIO, "--db", good, "--seed", "1").code == 0
    assert cli("apply", good, "-", stdin=jsonl(OPENING)).code == 0
    data = good.read_bytes()
    shutil.rmtree(tmp_path / "good")
    path = tmp_path / "truncated.db"
    if kind == "truncated":
        path.write_bytes(data[: len(data) // 2])
    else:  # "garbled": a sound header, a scribbled page
        path.write_bytes(data[:4096] + b"\x5a" * 4096 + data[8192:])
    return path


@pytest.mark.parametrize("kind", ["missing", "directory", "text", "empty", "truncated", "garbled"])
@pytest.mark.parametrize("args", [["state"], ["state", "--json"], ["log"], ["log", "--json"], ["apply"]])
def test_a_missing_or_corrupt_database_is_one_line_and_untouched(cli, tmp_path, kind, args):
    path = _broken(tmp_path, kind, cli)
    before = files_under(tmp_path)
    stdin = '{"do": "end-phase"}\n'
    run = cli(args[0], path, *args[1:], stdin=stdin)
    failed(run, path.name)
    assert run.out == ""
    assert files_under(tmp_path) == before  # nothing created (no -wal or -shm) or changed


# --- resolve --------------------------------------------------------------------------------


def test_resolve_the_documented_example(cli, tmp_path):
    file = tmp_path / "example.json"
    file.write_text(json.dumps(EXAMPLE, indent=2), encoding="utf-8")
    for run in (cli("resolve", "n30", stdin=json.dumps(EXAMPLE)), cli("resolve", "n30", "-", stdin=json.dumps(EXAMPLE)),
                cli("resolve", "n30", file), cli("resolve", "n30", "--seed", "3", file)):
        assert run.code == 0 and run.err == "", run.err
        assert len(run.lines) == 1
        result = json.loads(run.out)
        assert result == EXAMPLE_OUT
        assert list(result) == list(EXAMPLE_OUT)
        assert [list(u) for u in result["units"]] == [list(u) for u in EXAMPLE_OUT["units"]]


def test_resolve_is_deterministic_with_a_seed(cli, tmp_path):
    rolled = {k: v for k, v in EXAMPLE.items() if k != "dice"}
    file = tmp_path / "rolled.json"
    file.write_text(json.dumps(rolled), encoding="utf-8")
    a = cli("resolve", "n30", "--seed", "5", file)  # options before the file
    b = cli("resolve", "n30", file, "--seed", "5")
    c = cli("resolve", "--seed", "5", "n30", "-", stdin=json.dumps(rolled))
    assert a.code == b.code == c.code == 0, (a.err, b.err, c.err)
    assert a.out == b.out == c.out
    outs = {cli("resolve", "n30", "--seed", seed, file).out for seed in range(12)}
    assert len(outs) > 1
    for out in outs:
        dice = json.loads(out)["dice"]
        assert len(dice) in (3, 4) and all(1 <= d <= 6 for d in dice)


@pytest.mark.parametrize("stdin, words", [
    ("{", ["JSON"]),
    ("", ["JSON"]),
    ("[1, 2]", ["object"]),
    (json.dumps({**EXAMPLE, "police": [{"id": "6/B", "type": "tank"}]}), ["tank"]),
    (json.dumps({**EXAMPLE, "protesters": [{"id": "X", "type": "rioter"}], "allocation": None}), ["rioter"]),
    (json.dumps({**EXAMPLE, "dice": [3, 6, 2, 9]}), ["9"]),
    (json.dumps({**EXAMPLE, "dice": "3625"}), ["dice"]),
    (json.dumps({**EXAMPLE, "gas": "yes"}), ["gas"]),
    (json.dumps({**EXAMPLE, "allocation": {"Sea Turtles": 6}}), ["allocation"]),
])
def test_resolve_bad_input(cli, stdin, words):
    run = cli("resolve", "n30", stdin=stdin)
    failed(run, *words)
    assert run.out == ""


def test_resolve_unknown_ruleset_and_missing_file(cli, tmp_path):
    failed(cli("resolve", "chess", stdin=json.dumps(EXAMPLE)), "chess")
    failed(cli("resolve", "n30", tmp_path / "nothing.json"), "nothing.json")


# --- help and usage -------------------------------------------------------------------------


def test_help(cli):
    run = cli("--help")
    assert run.code == 0
    for command in ("scenarios", "new", "apply", "state", "log", "resolve"):
        assert command in run.out
    for command in ("apply", "state", "resolve", "new"):
        assert cli(command, "--help").code == 0


@pytest.mark.parametrize("args", [["frobnicate"], [], ["state"], ["apply"], ["resolve"], ["scenarios", "--xml"],
                                  ["state", "a.db", "b.db"]])
def test_usage_errors_are_one_line(cli, args):
    failed(cli(*args))


# --- as a real process ----------------------------------------------------------------------


def test_process_resolve_and_help(referee_process):
    run = referee_process("resolve", "n30", stdin=json.dumps(EXAMPLE))
    assert (run.code, run.err) == (0, "")
    assert json.loads(run.out) == EXAMPLE_OUT
    run = referee_process("--help")
    assert run.code == 0 and "resolve" in run.out


def test_process_session_round_trip(referee_process, tmp_path):
    run = referee_process("new", SCENARIO, "--seed", "4", cwd=tmp_path)
    assert run.code == 0, run.err
    path = tmp_path / run.lines[-1]
    assert path.is_file() and path.parent.name == "sessions"
    run = referee_process("apply", path, "-", stdin=jsonl(OPENING[:3]) + jsonl([OPENING[2]]))
    assert run.code == 2
    assert len(run.lines) == 3 and all(line.startswith("ok ") for line in run.lines)
    failed(run, "3: ", "Bananarchy")
    run = referee_process("state", path, "--json")
    assert run.code == 0 and run.err == ""
    assert json.loads(run.out)["turn"] == 1
    run = referee_process("log", path, "--json")
    assert run.code == 0 and all(json.loads(line)["seq"] for line in run.lines)


@pytest.mark.parametrize("args, stdin", [
    (["frobnicate"], ""),
    (["state", "notes.txt"], ""),
    (["new", "n30/nowhere"], ""),
    (["resolve", "n30"], "{"),
    (["resolve", "n30"], b"\xff\xfe{}"),
])
def test_process_errors(referee_process, tmp_path, args, stdin):
    (tmp_path / "notes.txt").write_text("hello\n", encoding="utf-8")
    before = files_under(tmp_path)
    run = referee_process(*args, stdin=stdin)
    failed(run)
    assert run.out == ""
    assert files_under(tmp_path) == before


def test_process_apply_with_non_utf8_stdin(referee_process, tmp_path):
    run = referee_process("new", SCENARIO, "--db", tmp_path / "s.db")
    assert run.code == 0
    before = (tmp_path / "s.db").read_bytes()
    run = referee_process("apply", tmp_path / "s.db", stdin=b'{"do": "move", "unit": "U\xff1", "to": "2nd & Pike"}\n')
    failed(run)
    assert (tmp_path / "s.db").read_bytes() == before


def test_simulate_prints_the_documented_object_and_save_keeps_the_last_game(cli, tmp_path):
    """docs/cli.md: simulate prints {scenario, games, seed, wins, mean_final_score, seconds}; --save keeps the last game."""
    saved = tmp_path / "last.db"
    run = cli("simulate", "n30/close-the-ring", "--games", "3", "--seed", "4", "--save", saved)
    assert run.code == 0, run.err
    result = json.loads(run.out)
    assert set(result) == {"scenario", "games", "seed", "wins", "mean_final_score", "seconds",  # CONTRACT.md's
                           "win_rate", "score_quartiles"}  # and what docs/cli.md adds
    assert sum(result["wins"].values()) == 3
    again = json.loads(cli("simulate", "n30/close-the-ring", "--games", "3", "--seed", "4").out)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in result.items() if k != "seconds"}
    final = json.loads(cli("state", saved, "--json").out)
    assert final["over"] is True and final["winner"] in result["wins"]


@pytest.mark.parametrize("args, words", [
    (("bos/battle-of-seattle", "--player", "protester=simple", "--player", "protester=random"), "protester"),
    (("n30/close-the-ring", "--player", "police=random", "--police", "objective"), "police"),
    (("n30/close-the-ring", "--set", "hidden=none", "--set", "hidden=weak"), "hidden"),
])
def test_simulate_refuses_a_side_or_option_given_twice(cli, args, words):
    """Which of two values counts would be a guess: `simulate` says so, as `new` and `umpires` do."""
    failed(cli("simulate", *args, "--games", "1"), f"{words}: given twice; say once")


def test_apply_says_on_stderr_when_a_command_ends_the_game_a_redo_of_that_command_included(referee_process, tmp_path):
    """The umpire is told where he looks, not only in the log; a redo of the command that ended the game ends it
    again and is told in that command's words."""
    saved = tmp_path / "ended.db"
    assert referee_process("simulate", "n30/close-the-ring", "--seed", "5", "--save", saved).code == 0
    ended = referee_process("log", saved).lines[-1]
    undone = referee_process("apply", saved, "-", stdin='{"do": "undo"}\n')
    assert undone.code == 0 and undone.err.startswith("log head ")  # the head alone: nothing ended
    redone = referee_process("apply", saved, "-", stdin='{"do": "redo"}\n')
    assert redone.code == 0 and redone.out.startswith("ok ")
    said = ended.split("  ")[-1].strip()  # the log's line: seq, turn, kind, then the narration
    assert said.startswith("Game over") and redone.err.splitlines()[:-1] == [f"line 1 ended the game: {said}"]
