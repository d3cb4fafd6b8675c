"""Battle of Seattle through the command line (CONTRACT.md, "Battle of Seattle and Chicago-Chicago"):
the scenario listed, a new session ready to play, `state --json` with `turns`, `ei` and every counter."""

from __future__ import annotations

import json

from referee.rulesets.bos.rules.units import TYPES

SCENARIO = "bos/battle-of-seattle"
STATUSES = {"active", "off-map", "reserve", "scheduled", "removed"}


def test_scenarios_lists_it(cli):
    run = cli("scenarios")
    assert run.code == 0 and any(line.split()[:3] == [SCENARIO, "8", "turns"] for line in run.lines), run.out


def test_a_new_session_is_ready_to_play_and_state_gives_the_indices(cli, tmp_path):
    """Setup: SPD 1 in the Convention Centre, five opening Crowds placed by default; EIs 30 and 0 (2.3)."""
    db = tmp_path / "b.db"
    assert cli("new", SCENARIO, "--db", db, "--seed", 4).code == 0
    state = json.loads(cli("state", db, "--json").out)
    assert state["scenario"] == SCENARIO and state["turns"] == 8 and state["time"] == "Morning, 30 November"
    assert state["ei"] == {"authority": 30, "protester": 0} and state["score"] == -30  # the Protester's lead (8.0)
    units = state["units"]
    assert {u["status"] for u in units} <= STATUSES and {u["type"] for u in units} <= set(TYPES)
    on_map = [u for u in units if u["status"] == "active"]
    assert all(u["node"] for u in on_map) and all(u["node"] is None for u in units if u["status"] != "active")
    assert [u["node"] for u in on_map if u["type"] == "spd"] == ["convention-centre"]
    assert sorted(TYPES[u["type"]].side for u in on_map).count("protester") == 5


def test_extend_runs_eleven_turns(cli, tmp_path):
    db = tmp_path / "x.db"
    assert cli("new", SCENARIO, "--db", db, "--set", "extend=on").code == 0
    assert json.loads(cli("state", db, "--json").out)["turns"] == 11


def test_a_refusal_names_its_section_and_changes_nothing(cli, tmp_path):
    db = tmp_path / "r.db"
    cli("new", SCENARIO, "--db", db, "--seed", 4)
    before = cli("state", db, "--json").out
    run = cli("apply", db, stdin=json.dumps({"do": "end-phase"}) + "\n")
    assert run.code == 2 and "3.2" in run.err and len(run.err.strip().splitlines()) == 1
    assert cli("state", db, "--json").out == before


def test_the_umpires_page_shows_the_turn_the_indices_the_event_and_the_areas(cli, tmp_path):
    """`referee state`: the turn by name, both EIs with the level they give (8.0), the reaction limits (5.1),
    the random event and what it still asks (4.1), each area's units with its Exposure Value, the piles."""
    db = tmp_path / "u.db"
    cli("new", SCENARIO, "--db", db, "--seed", 4)
    assert cli("apply", db, stdin=json.dumps({"do": "events", "dice": [5, 1]}) + "\n").code == 0  # 51: Attrition
    page = cli("state", db).out
    assert "Morning, 30 November (game-turn 1/8), events phase; Stage One escalation" in page
    assert "Protester 0, Authority 30 (lead -30: Triumph for the Forces of Capitalist Darkness" in page
    assert "Reaction limit: Protester 0, Authority 1 (5.1)" in page
    assert "Random event 51: Attrition (at once)" in page and "To remove: one protester crowd unit" in page
    assert "Convention Centre (EV " in page and "authority: SPD 1 4-4-3" in page
    assert "Off the map, authority: 4 national guard, 14 spd, 4 state trooper" in page


def test_the_review_charts_both_indices_and_explains_the_swings(cli, tmp_path):
    """The review of a whole game: both Exposure Indices and the Protester's lead by turn (2.3, 8.0), the
    turns the lead moved most explained by the Turn End Phase (3.4) and the combats, the game's tallies."""
    from referee.review.gather import gather
    from referee.review.report import context

    db = tmp_path / "g.db"
    assert cli("simulate", SCENARIO, "--games", 1, "--seed", 5, "--save", db).code == 0
    page = context(gather(db))
    final = page["final"]
    assert page["score"] == final.scores["protester"] - final.scores["authority"]
    assert sorted(line.name for line in page["chart"].lines) == ["authority", "lead", "protester"]
    assert page["moves"] and all(swing.reasons for swing in page["moves"])
    assert any("Turn End Phase (3.4): Downtown Core areas held" in line for swing in page["moves"] for line in swing.reasons)
    tallies = dict(page["tallies"])
    combats = sum(p.event.kind == "combat" for p in page["g"].played)
    assert tallies["Combats"] == combats and tallies["Random events"] <= final.turn
    out = tmp_path / "r.html"
    assert cli("review", db, "--out", out).code == 0 and "Protester lead at the end of each turn" in out.read_text()


def test_a_finished_game_names_its_level_and_no_night_falls_after_it(cli, tmp_path):
    """8.0: at the end of the last game-turn victory is judged; `state` names the level, and the log sends
    no Crowds off at a nightfall that never comes (7.1)."""
    db = tmp_path / "over.db"
    assert cli("simulate", SCENARIO, "--games", 1, "--seed", 2, "--save", db).code == 0
    page = cli("state", db).out
    assert "GAME OVER: Protester" in page or "GAME OVER: Triumph" in page
    assert "if the game ended now" not in page
    log = json.loads("[" + ",".join(cli("log", db, "--json").lines) + "]")
    last = max(e["turn"] for e in log)
    assert not [e for e in log if e["kind"] == "nightfall" and e["turn"] == last]
