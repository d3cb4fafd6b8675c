"""Reviewing a session: the report agrees with `log` and `state`, the dice audit checks every die, a
branch starts exactly at its moment, and exports load back to the same events."""

from __future__ import annotations

import csv
import hashlib
import json
import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from referee.core.engine import replay
from referee.review.branch import cut
from referee.review.dice_audit import audit, chi2_p
from referee.review.gather import gather
from referee.review.report import context
from referee.review.summary import _reason, key_moments
from referee.review.words import ReviewWords
from referee.session import Session, stored_event
from referee.store.reading import open_reader


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> Path:
    """A simulated Close the Ring, saved, with undone commands and a briefing handed out at turn 3."""
    from referee.cli import main

    path = tmp_path_factory.mktemp("review") / "game.db"
    assert main(["simulate", "n30/close-the-ring", "--games", "1", "--seed", "9", "--save", str(path)]) == 0
    session = Session.open(path)
    try:
        session.apply({"do": "undo"})  # the last end-phase (the game's end) is taken back...
        session.apply({"do": "report", "player": "police", "text": "Drums on Pine", "delay": 0})
        session.apply({"do": "undo"})
        session.apply({"do": "end-phase"})  # ...and played again
        session.store.record_briefings([("police", 3, "0" * 64, "html", "en")])
    finally:
        session.close()
    return path


def state_json(cli, path) -> dict:
    run = cli("state", path, "--json")
    assert run.code == 0, run.err
    return json.loads(run.out)


def log_json(cli, path) -> list[dict]:
    run = cli("log", path, "--json")
    assert run.code == 0, run.err
    return [json.loads(line) for line in run.lines]


def test_the_report_agrees_with_log_and_state(cli, saved, tmp_path):
    state, log = state_json(cli, saved), log_json(cli, saved)
    kept = [e for e in log if not e["undone"]]
    ctx = context(gather(saved))
    assert ctx["score"] == state["score"] and ctx["final"].turn == state["turn"]
    tallies = dict(ctx["tallies"])
    assert tallies["Confrontations"] == sum(e["kind"] == "confrontation" for e in kept)
    assert tallies["Units destroyed"] == sum(e["kind"] == "unit-destroyed" for e in kept)
    lost = Counter((u["side"], u["type"]) for u in state["units"] if u["status"] == "destroyed")
    assert {(side, kind): n for side, kind, n in ctx["lost"]} == dict(lost)
    assert len(ctx["audit"].dice) == sum(len(e["dice"]) for e in log)
    moved = [e for e in kept if e["kind"] == "unit-moved" and e["data"]["to"] != e["data"]["from"]]
    assert sum(len(t.moves) for t in ctx["timeline"]) == len(moved)
    assert f"{moved[0]['data']['unit']} → {moved[0]['data']['to']}" in ctx["timeline"][0].moves
    out = tmp_path / "review.html"
    assert cli("review", saved, "--out", out).code == 0
    page = out.read_text(encoding="utf-8")
    assert re.search(rf"Confrontations</td><td class=\"num\">{tallies['Confrontations']}<", page)
    assert f"success: <b>{state['score']} against a target of {state['target']}</b>" in page
    assert "undone: Report for police" in page, "the undone command is in the timeline, struck through"
    assert "http" not in page.replace("http://www.w3.org", ""), "no external assets"
    for side, kind, n in ctx["lost"]:  # each type by its scenario's label, not its id
        assert f"<tr><td>{side}</td><td>{ctx['scenario'].types[kind].label}</td><td class=\"num\">{n}</td></tr>" in page
    assert ctx["lost"], "the saved game loses units"


def test_the_score_chart_marks_the_turns_it_moved_most(saved):
    ctx = context(gather(saved))
    moves = ctx["moves"]
    assert 1 <= len(moves) <= 3 and len(ctx["chart"].marks) == len(moves)
    scores = dict(ctx["g"].scores)
    changes = sorted((abs(scores[t] - scores.get(t - 1, 0)) for t in scores), reverse=True)
    assert sorted((abs(swing.change) for swing in moves), reverse=True) == changes[:len(moves)]
    assert all(swing.reasons for swing in moves), "each mark is explained by the events that moved the score"


def test_knowledge_is_compared_with_the_truth_at_the_briefing_turns(saved):
    g = gather(saved)
    assert list(g.moments) == [3]
    ctx = context(g)
    (moment, players), = ctx["moments"]
    assert set(players) == {"protesters", "police"}
    state = moment.state
    for player, rows in players.items():  # hidden movement is off: each side knew just what was there
        other = [u for u in state.units.values() if u.status == "active" and u.side != player]
        assert {node for node, _, _ in rows} == {u.node for u in other}
        for node, known, truth in rows:
            assert all(u.id in known and u.id in truth for u in other if u.node == node)


def test_the_dice_audit_checks_every_die_against_the_seed(saved, tmp_path):
    result = audit(gather(saved))
    assert result.mismatches == 0 and result.unrecorded == 0
    (epoch,) = result.epochs
    assert epoch.commitment == hashlib.sha256(f"{epoch.nonce}:{epoch.seed}".encode()).hexdigest()
    assert len(epoch.nonce) == 32
    assert sum(f.rolls for f in result.fairness) == len(result.dice)
    tampered = tmp_path / "tampered.db"
    tampered.write_bytes(saved.read_bytes())
    with sqlite3.connect(tampered) as db:
        seq, dice = db.execute("SELECT seq, dice FROM event WHERE dice != '[]' ORDER BY seq LIMIT 1").fetchone()
        rolls = json.loads(dice)
        rolls[0]["value"] = rolls[0]["value"] % 6 + 1
        db.execute("UPDATE event SET dice = ? WHERE seq = ?", (json.dumps(rolls), seq))
    assert audit(gather(tampered)).mismatches == 1


@pytest.mark.parametrize("statistic, freedom, p", [(11.0705, 5, 0.05), (16.919, 9, 0.05), (5.9915, 2, 0.05),
                                                   (0.0, 5, 1.0), (9.2364, 5, 0.10)])
def test_chi_square_tail(statistic, freedom, p):
    assert chi2_p(statistic, freedom) == pytest.approx(p, abs=5e-4)


def _state_at(path: Path, commands: list[int]):
    reader = open_reader(path)
    try:
        events = [stored_event(r) for r in reader.events(set(commands))]
    finally:
        reader.close()
    game = Session.view(path).game
    return replay(game.rules, game.ctx, game.rules.initial(game.ctx), events)


@pytest.mark.parametrize("moment", [("--turn", "4"), ("--seq", "150")])
def test_a_branch_starts_exactly_at_the_moment_and_the_original_is_untouched(cli, saved, tmp_path, moment):
    before = saved.read_bytes()
    branch_path = tmp_path / "what-if.db"
    run = cli("branch", saved, *moment, "--db", branch_path)
    assert run.code == 0, run.err
    assert saved.read_bytes() == before
    kwargs = {"turn": int(moment[1])} if moment[0] == "--turn" else {"seq": int(moment[1])}
    expected = _state_at(saved, cut(saved, **kwargs))
    branched = Session.open(branch_path)
    try:
        assert branched.state.to_json() == expected.to_json()
        if moment[0] == "--turn":
            assert branched.state.turn == 4 and branched.state.phase == "protester-movement"
        branched.apply({"do": "end-phase"})  # and it plays on
    finally:
        branched.close()


@pytest.mark.parametrize("args, message", [
    (["--turn", "99"], "turn 99 never began"),
    (["--seq", "999999"], "event 999999 is not in the effective log"),
])
def test_a_branch_refuses_moments_that_never_were(cli, saved, tmp_path, args, message):
    run = cli("branch", saved, *args, "--db", tmp_path / "x.db")
    assert run.code == 2 and message in run.err and not (tmp_path / "x.db").exists()


def test_a_branch_will_not_overwrite(cli, saved, tmp_path):
    existing = tmp_path / "there.db"
    existing.write_bytes(b"keep me")
    run = cli("branch", saved, "--turn", "2", "--db", existing)
    assert run.code == 2 and existing.read_bytes() == b"keep me"


def test_exports_load_back_to_the_same_events(cli, saved, tmp_path):
    log = log_json(cli, saved)
    for fmt in ("json", "csv"):
        run = cli("export", saved, "--out", tmp_path / fmt, "--format", fmt)
        assert run.code == 0, run.err
    assert json.loads((tmp_path / "json" / "events.json").read_text()) == log
    with (tmp_path / "csv" / "events.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    back = [{"seq": int(r["seq"]), "turn": int(r["turn"]), "phase": r["phase"], "kind": r["kind"],
             "data": json.loads(r["data"]), "dice": json.loads(r["dice"]), "command": int(r["command"]),
             "undone": r["undone"] == "True", "umpire": r["umpire"] or None} for r in rows]
    assert back == log
    turns = json.loads((tmp_path / "json" / "turns.json").read_text())
    assert turns[-1]["score"] == state_json(cli, saved)["score"] and [t["turn"] for t in turns] == list(range(1, len(turns) + 1))


def test_a_wallman_review_shows_the_crowds_moods_and_casualties(cli, tmp_path):
    path = tmp_path / "riot.db"
    assert cli("new", "wallman/town-centre-riot", "--db", path, "--seed", "2").code == 0
    commands = [{"do": "rl", "crowd": "Estate youths", "modifiers": {"riot_or_mounted_appear": 1}, "dice": [6]},
                {"do": "move", "unit": "Supt. Hale", "to": "High Street East"}] + [{"do": "end-phase"}] * 6 + [
                {"do": "rl", "crowd": "Estate youths", "modifiers": {"riot_charging": 1}, "dice": [1]}]
    assert cli("apply", path, stdin="\n".join(map(json.dumps, commands))).code == 0
    out = tmp_path / "riot.html"
    assert cli("review", path, "--out", out).code == 0
    page = out.read_text(encoding="utf-8")
    assert "Crowds&#39; Response Levels" in page or "Crowds' Response Levels" in page
    assert "1: 6 → 1: 8 → 2: 6" in page


@pytest.mark.parametrize("args, message", [
    (["review", "nowhere.db", "--out", "x.html"], "no session database"),
    (["export", "nowhere.db", "--out", "x"], "no session database"),
])
def test_review_and_export_need_a_session(cli, tmp_path, args, message):
    run = cli(*args)
    assert run.code == 2 and message in run.err


def test_review_at_needs_turn_numbers(cli, saved, tmp_path):
    run = cli("review", saved, "--out", tmp_path / "x.html", "--at", "three")
    assert run.code == 2 and "--at takes turns" in run.err


def test_review_at_a_turn_not_played_is_refused_rather_than_left_out(cli, saved, tmp_path):
    """Close the Ring has 8 turns: knowledge at turn 9 cannot be set beside a truth that never was."""
    out = tmp_path / "x.html"
    run = cli("review", saved, "--out", out, "--at", "2,9")
    assert (run.code, run.err) == (2, "referee: --at 9: the session has played turns 1 to 8\n") and not out.exists()
    assert cli("review", saved, "--out", out, "--at", "2,8").code == 0


def test_the_timeline_lists_undone_events_in_their_place_and_names_targets_and_reasons(saved, tmp_path):
    ctx = context(gather(saved))
    assert all(list(t.lines) == sorted(t.lines) for t in ctx["timeline"]), "in log order, undone ones in place"
    out = tmp_path / "review.html"
    from referee.review.report import write_review

    page = write_review(saved, out).read_text(encoding="utf-8")
    last_turn = page[page.rindex("<h3>Turn "):page.index("What became of every unit")]
    assert last_turn.index("undone: Game over") < last_turn.index(">Game over"), "the undone end of the game, then its replay"
    assert "(5.2: Roosevelt Hotel)" in page and "5.2: roosevelt" not in page
    reasons = [reason for swing in ctx["moves"] for reason in swing.reasons]
    assert any(reason.startswith("the protesters' ring cut") and "off from the venues (5.2): +" in reason
               for reason in reasons)
    assert all(re.search(r"\): [+-]\d+$", reason) for reason in reasons), "each reason says what it gave"


def test_a_single_reinforcement_is_one_reinforcement():
    from referee.core.events import Event
    from referee.rulesets.n30.rules.narrate import narrate
    from referee.rulesets.wallman.rules.narrate import narrate as riot_narrate

    assert narrate(Event("reinforcements-arrived", {"units": ["U1"], "edge": "west"}, (), 1, "")) == (
        "1 reinforcement reaches the west edge: U1")
    assert riot_narrate(Event("reinforcements-arrived", {"units": ["Panda 3"], "node": "Ring Road"}, (), 1, "")) == (
        "Panda 3 arrives at Ring Road")


def test_a_game_of_two_indices_charts_each_index_and_the_lead():
    """Battle of Seattle keeps two Exposure Indices (2.3): the chart draws both, named, and the lead with its
    zero line, the scale reaching below zero where the lead does."""
    from referee.review.chart import score_chart

    lead = {1: -28, 2: -10, 3: 12}
    indices = {"protester": {1: 2, 2: 25, 3: 40}, "authority": {1: 30, 2: 35, 3: 28}}
    chart = score_chart(lead, 3, 0, [3], indices)
    assert sorted(line.name for line in chart.lines) == ["authority", "lead", "protester"]
    assert chart.level is not None and "target 0" in [name.text for name in chart.names]
    assert min(int(label) for _, label in chart.y_ticks) == -20 and max(int(label) for _, label in chart.y_ticks) >= 40
    (mark,) = chart.marks
    assert mark.y < chart.level  # turn 3's lead of +12 stands above the zero line
    single = score_chart({1: 3, 2: 5}, 2, 10, [])
    assert [line.name for line in single.lines] == ["score"] and min(int(label) for _, label in single.y_ticks) == 0


def test_every_units_fate_is_listed_by_side_then_number():
    """What became of every unit that came into play: "Labor 2" before "Labor 10", type names in words; those
    never on the map nor in the log only counted."""
    from types import SimpleNamespace

    from referee.core.units import Unit
    from referee.review.report import fates

    units = {uid: Unit(uid, uid, "protester", kind, {}, "westlake", "active", {}) for uid, kind in
             (("Labor 10", "labor"), ("Labor 2", "labor"), ("National Guard 1", "national_guard"))}
    units["Labor 3"] = Unit("Labor 3", "Labor 3", "protester", "labor", {}, None, "off-map", {})  # never in play
    final = SimpleNamespace(units=units)
    rows, unused = fates(SimpleNamespace(played=[], initial=final, ends={}, final=final))
    assert [(uid, kind) for _, uid, kind, _, _, _ in rows] == [
        ("Labor 2", "labor"), ("Labor 10", "labor"), ("National Guard 1", "national guard")]
    assert unused == 1


def test_units_out_of_the_game_count_as_lost_in_battle_of_seattle_6_3(cli, tmp_path):
    """6.3: a Crowd or group removed by combat is out of the game (a random event may remove one too); the review's
    units lost counts each, by side, from the log's own events."""
    db = tmp_path / "bos.db"
    assert cli("simulate", "bos/battle-of-seattle", "--seed", "3", "--games", "1", "--save", str(db)).code == 0
    events = [json.loads(line) for line in cli("log", str(db), "--json").out.splitlines()]
    gone = {unit["id"] for e in events if e["kind"] == "combat" and not e["undone"]
            for unit in e["data"]["units"] if unit["fate"] == "removed"}
    gone |= {e["data"]["unit"] for e in events if e["kind"] == "unit-lost" and not e["undone"]}
    page = context(gather(db), "en")
    assert gone and sum(n for _side, _kind, n in page["lost"]) == len(gone)
    assert sum(lost for _side, _found, lost in page["summary"].sides) == len(gone)  # the first page's count too


def test_each_sides_key_moments_are_told_as_its_own_gains(cli, tmp_path):
    """The first page's key moments: what moved the score a side's way, told as that side's gain (+2 for the
    Authority), though the lead the game keeps fell by as much."""
    db = tmp_path / "bos.db"
    assert cli("simulate", "bos/battle-of-seattle", "--seed", "3", "--games", "1", "--save", str(db)).code == 0
    sides = context(gather(db), "en")["summary"].sides
    assert {side for side, found, _lost in sides if found} == {"protester", "authority"}
    for side, found, _lost in sides:
        for moment in found:
            assert (moment.points > 0) == (side == "protester")
            assert moment.reason.endswith(f": +{abs(moment.points)}"), moment.reason


def test_a_side_s_key_moment_counts_its_own_gains_never_net_of_the_other_side_s(cli, tmp_path):
    """Chicago-Chicago (HOW TO RESOLVE CONFLICT 5): both sides win conflicts in the same turn, each scoring its
    points; the first page tells each side's gain whole (the police's +2), not the lead's net change (+1)."""
    db = tmp_path / "chicago.db"
    assert cli("simulate", "chicago/chicago-1968", "--seed", "1", "--games", "1", "--save", str(db)).code == 0
    gathered = gather(db)
    words = ReviewWords("en", gathered.scenario.ruleset)
    gains: Counter = Counter()
    for p in gathered.played:
        if p.score_after != p.score_before:
            reason = _reason(gathered, p, words)[0]
            gains[p.event.turn, reason, p.score_after > p.score_before] += abs(p.score_after - p.score_before)
    both = sum((turn, reason, not up) in gains for turn, reason, up in gains)
    assert both, "a turn where one reason scored for both sides"
    for side, found in key_moments(gathered, words).items():
        for moment in found:
            up = side == "demonstrators"
            assert any(moment.reason.startswith(reason.split("{")[0]) and points == abs(moment.points)
                       for (turn, reason, way), points in gains.items() if turn == moment.turn and way == up), moment


def test_a_review_of_a_game_not_over_warns_that_its_seed_foretells_the_dice_to_come(cli, tmp_path):
    """The review reveals the seed (docs/cli.md, review): of an unfinished game it says so on stderr, and of an
    ended one it does not."""
    going, ended = tmp_path / "going.db", tmp_path / "ended.db"
    assert cli("new", "n30/close-the-ring", "--db", str(going)).code == 0
    assert cli("simulate", "n30/close-the-ring", "--seed", "3", "--games", "1", "--save", str(ended)).code == 0
    half_time = cli("review", str(going), "--out", str(tmp_path / "a.html"))
    after = cli("review", str(ended), "--out", str(tmp_path / "b.html"))
    assert half_time.code == after.code == 0
    assert "foretell every die still to come" in half_time.err
    assert after.err == ""
