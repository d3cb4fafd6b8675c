"""An umpire team on one session: roles named, every command checked against its issuer's role and recorded
with him (in the chain of hashes), on both backends; whose action each ruleset's verbs are."""

from __future__ import annotations

import json
import sqlite3

import pytest

from referee import rulesets
from referee.errors import RefereeError
from referee.game import Game
from referee.scenario.catalog import load
from referee.session import Session
from referee.store.reading import FORMAT, open_reader
from referee.umpires import ALL, REPORTS, actor, briefing_problem, change_problem, command_problem, who_problem

N30 = "n30/lock-down-hold-fast"
TEAM = {"ann": ALL, "bob": "police", "cy": REPORTS, "dee": "protesters"}
PROTESTER_MOVE = {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}
REPORT = {"do": "report", "player": "police", "text": "crowds gathering at Westlake"}


def game(scenario: str) -> Game:
    return Game.new(load(scenario), {}, seed=4)


def acting(scenario: str, command: dict, phase: str | None = None) -> str | None:
    played = game(scenario)
    state = played.state if phase is None else played.state.thawed()
    if phase is not None:
        state.phase = phase
    return actor(rulesets.get(played.ctx.scenario.ruleset), played.ctx, state, command)


# --- whose action a command is -------------------------------------------------------------------

@pytest.mark.parametrize(("scenario", "command", "phase", "side"), [
    (N30, PROTESTER_MOVE, None, "protesters"),  # the unit named
    (N30, {"do": "group-move", "units": ["6/B", "9/A"], "to": "6th & Pine"}, None, "police"),
    (N30, {"do": "choose", "node": "5th & Olive"}, "police-movement", "police"),  # the side whose phase it is (3.1)
    (N30, {"do": "choose", "node": "5th & Olive"}, "confrontation", None),
    (N30, {"do": "confront", "node": "5th & Olive"}, None, "police"),  # a police confrontation (4)
    (N30, {"do": "end-phase"}, None, None),
    (N30, REPORT, None, "police"),  # a report: the side of the player it goes to
    (N30, {"do": "factions", "peace_police": []}, None, "protesters"),
    ("bos/battle-of-seattle", {"do": "combat", "attackers": ["x"], "defenders": ["y"]}, "authority-combat", "authority"),
    ("bos/battle-of-seattle", {"do": "emergency", "units": {"spd": 1}}, None, "authority"),
    ("chicago/chicago-1968", {"do": "move", "units": {"P1": 3}, "from": "loop", "to": "grant-park"}, None, "police"),
    ("chicago/chicago-1968", {"do": "guard", "units": 1, "to": "loop"}, None, "police"),
    ("wallman/town-centre-riot", {"do": "crowd-move", "crowd": "nowhere", "to": "x"}, None, None),  # no such crowd
])
def test_whose_action_a_command_is(scenario, command, phase, side):
    assert acting(scenario, command, phase) == side


def test_wallman_s_verbs_are_the_crowds_or_the_security_forces():
    played = game("wallman/town-centre-riot")
    crowd = next(u.id for u in played.state.units.values() if u.side == "crowd")
    officer = next(u.id for u in played.state.units.values() if u.side == "security")
    assert acting("wallman/town-centre-riot", {"do": "rl", "crowd": crowd}) == "crowd"
    assert acting("wallman/town-centre-riot", {"do": "fight", "unit": officer, "crowd": crowd}) == "security"
    assert acting("wallman/town-centre-riot", {"do": "negotiate", "officer": officer, "crowd": crowd}) == "security"


# --- what each role may do ----------------------------------------------------------------------------

@pytest.mark.parametrize(("role", "command", "side", "own", "allowed"), [
    (ALL, {"do": "end-phase"}, None, False, True),
    (ALL, {"do": "undo"}, None, False, True),  # another's command too
    ("police", {"do": "move"}, "police", False, True),
    ("police", {"do": "move"}, "protesters", False, False),
    ("police", {"do": "end-phase"}, None, False, False),
    ("police", {"do": "undo"}, None, True, True),
    ("police", {"do": "undo"}, None, False, False),
    (REPORTS, REPORT, "police", False, True),
    (REPORTS, {"do": "move"}, "police", False, False),
    (REPORTS, {"do": "redo"}, None, True, True),
])
def test_what_each_role_may_do(role, command, side, own, allowed):
    problem = command_problem(role, command, side, own)
    assert (problem is None) == allowed
    if problem:
        assert role in problem and "\n" not in problem


def test_briefings_by_role():
    assert briefing_problem(ALL, "police") is None and briefing_problem(REPORTS, "protesters") is None
    assert briefing_problem("police", "police") is None
    assert briefing_problem("police", "protesters") == "the role police prints only the police's players' briefings"


def test_who_may_change_the_roles():
    assert change_problem({}, {"ann": ALL}, None) is None  # naming the first umpires is anyone's
    assert "nobody with the role all" in change_problem({}, {"bob": "police"}, None)
    assert "say which you are" in change_problem(TEAM, {"eve": "police"}, None)
    assert "only an umpire with the role all" in change_problem(TEAM, {"bob": ALL}, "bob")
    assert "nobody with the role all" in change_problem(TEAM, {"ann": ""}, "ann")
    assert change_problem(TEAM, {"bob": ALL, "ann": ""}, "ann") is None
    assert who_problem({}, None) is None and who_problem(TEAM, "ann") is None
    assert who_problem(TEAM, "zed") == "zed is not one of this session's umpires (ann, bob, cy, dee)"


# --- a session with its umpires, on both backends ------------------------------------------------------

@pytest.fixture
def team(session_at) -> Session:
    session = Session.create(session_at, N30, {}, seed=5)
    session.name_umpires(TEAM)
    yield session
    session.close()


def as_(session: Session, umpire: str | None, command: dict) -> str | None:
    """Apply as an umpire: None if committed, else the one-line refusal (and nothing changed)."""
    session.umpire, tip = umpire, session.tip
    try:
        session.apply(command)
    except RefereeError as error:
        assert session.tip == tip and open_tip(session) == tip
        return str(error)
    return None


def open_tip(session: Session) -> tuple[int, str]:
    reader = open_reader(session.path)
    try:
        return reader.tip()
    finally:
        reader.close()


def test_each_command_is_checked_against_its_umpire_and_recorded_with_him(team):
    assert as_(team, None, PROTESTER_MOVE) == ("this session names its umpires (ann, bob, cy, dee): "
                                               "say which you are with --umpire NAME")
    assert as_(team, "zed", PROTESTER_MOVE) == "zed is not one of this session's umpires (ann, bob, cy, dee)"
    refused = as_(team, "bob", PROTESTER_MOVE)
    assert refused == "bob: the role police gives the police's commands only, and 'move' is here the protesters'"
    assert as_(team, "cy", PROTESTER_MOVE) == "cy: the role reports files reports and prints briefings only"
    assert as_(team, "dee", PROTESTER_MOVE) is None
    assert as_(team, "cy", REPORT) is None
    assert "it needs the role all" in as_(team, "dee", {"do": "end-phase"})
    assert as_(team, "ann", {"do": "end-phase"}) is None
    reader = open_reader(team.path)
    try:
        issued = [(c.body.get("do"), c.umpire) for c in reader.commands()]
        assert reader.chain_problem() is None
    finally:
        reader.close()
    assert issued == [("start", None), ("umpires", None), ("move", "dee"), ("report", "cy"), ("end-phase", "ann")]


def test_an_umpire_takes_back_his_own_commands_and_only_those(team):
    assert as_(team, "dee", PROTESTER_MOVE) is None
    assert as_(team, "cy", REPORT) is None
    assert "that one was another's" in as_(team, "dee", {"do": "undo"})  # the report is the latest
    assert as_(team, "cy", {"do": "undo"}) is None
    assert as_(team, "dee", {"do": "undo"}) is None
    assert "that one was another's" in as_(team, "cy", {"do": "redo"})  # the move, undone last, comes back first
    assert as_(team, "dee", {"do": "redo"}) is None
    assert "that one was another's" in as_(team, "dee", {"do": "redo"})  # then the report
    assert as_(team, "ann", {"do": "redo"}) is None


def test_roles_change_only_by_an_umpire_with_all(team):
    team.umpire = "bob"
    with pytest.raises(RefereeError, match="bob may not change the umpires' roles"):
        team.name_umpires({"bob": ALL})
    team.umpire = "ann"
    assert team.name_umpires({"bob": "protesters", "cy": ""}) == {"ann": ALL, "bob": "protesters", "dee": "protesters"}
    assert as_(team, "bob", PROTESTER_MOVE) is None
    with pytest.raises(RefereeError, match="'crowd' is not a role: give one of all, police, protesters, reports"):
        team.name_umpires({"bob": "crowd"})


def test_a_session_that_names_nobody_takes_anyone_and_records_who_said_who_he_was(session_at):
    with Session.create(session_at, N30, {}, seed=5) as session:
        assert as_(session, None, PROTESTER_MOVE) is None
        assert as_(session, "anyone", {"do": "end-phase"}) is None
        assert [c.umpire for c in open_reader(session.path).commands()][1:] == [None, "anyone"]


def test_the_umpire_who_issued_a_command_is_chained_with_it(tmp_path, cli):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.name_umpires(TEAM)
        as_(session, "dee", PROTESTER_MOVE)
    assert cli("verify", path).code == 0
    with sqlite3.connect(path) as db:
        db.execute("UPDATE command SET umpire = 'ann' WHERE umpire = 'dee'")
    run = cli("verify", path)
    assert run.code == 2 and "command 3 does not match its hash" in run.out + run.err  # 2 named the team


def test_a_session_of_the_format_before_umpires_opens_and_is_brought_up_to_date(tmp_path, cli):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.apply(PROTESTER_MOVE)
    with sqlite3.connect(path) as db:  # as the format before umpires left it
        db.executescript("DROP TABLE player_link; DROP TABLE serving; ALTER TABLE command DROP COLUMN umpire; "
                       "ALTER TABLE command DROP COLUMN seal; UPDATE session SET format = 2;")
    before = cli("state", path, "--json")
    assert before.code == 0 and open_reader(path).format == 2
    assert cli("umpires", path).out.startswith("This session names no umpires")
    assert cli("apply", path, "--umpire", "ann", stdin='{"do": "end-phase"}\n').code == 0
    assert cli("verify", path).code == 0
    reader = open_reader(path)
    try:
        assert reader.format == FORMAT and [c.umpire for c in reader.commands()] == [None, None, "ann"]
    finally:
        reader.close()


def test_a_session_of_format_3_keeps_its_team_as_commands_at_the_end_of_its_chain(tmp_path, cli):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.apply(PROTESTER_MOVE)
    with sqlite3.connect(path) as db:  # as format 3 left it: the roles in a table of their own, outside the chain
        db.executescript("ALTER TABLE command DROP COLUMN seal; UPDATE session SET format = 3; "
                         "CREATE TABLE umpire (id INTEGER PRIMARY KEY, name TEXT, role TEXT, created TEXT, by TEXT); "
                         "INSERT INTO umpire (name, role, created, by) VALUES ('ann', 'all', 't1', NULL), "
                         "('bob', 'police', 't1', NULL), ('bob', 'protesters', 't2', 'ann');")
    assert json.loads(cli("umpires", path, "--json").out) == {"ann": "all", "bob": "protesters"}
    assert cli("verify", path).code == 0
    reader = open_reader(path)
    try:
        assert reader.format == FORMAT
        assert [(c.kind, c.body.get("roles"), c.umpire) for c in reader.commands()][2:] == [
            ("roles", {"ann": "all", "bob": "police"}, None), ("roles", {"bob": "protesters"}, "ann")]
    finally:
        reader.close()
    with sqlite3.connect(path) as db:
        assert not db.execute("SELECT name FROM sqlite_master WHERE name = 'umpire'").fetchall()


# --- the command line ------------------------------------------------------------------------------------

def test_the_umpires_command_names_lists_and_changes_the_team(cli, tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("umpires", path).out.startswith("This session names no umpires")
    refused = cli("umpires", path, "--set", "bob=police")
    assert (refused.code, refused.err) == (2, "referee: the umpires would have nobody with the role all, who changes "
                                               "the roles and runs what is no side's\n")
    assert cli("umpires", path, "--set", "ann=all", "--set", "bob=police").code == 0
    assert json.loads(cli("umpires", path, "--json").out) == {"ann": "all", "bob": "police"}
    assert cli("umpires", path, "--set", "bob=protesters").code == 2  # who is asking?
    monkeypatch.setenv("REFEREE_UMPIRE", "ann")  # the default --umpire
    assert cli("umpires", path, "--remove", "bob").code == 0
    assert cli("umpires", path).lines == ["ann                  all"]
    bad = cli("umpires", path, "--set", "bob")
    assert (bad.code, bad.err) == (2, "referee: --set takes NAME=ROLE, not 'bob'\n")


def test_apply_brief_and_play_say_who_is_missing_in_one_line(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("umpires", path, "--set", "ann=all", "--set", "bob=police").code == 0
    before = cli("log", path, "--json").out
    for run in (cli("apply", path, stdin=json.dumps(PROTESTER_MOVE) + "\n"),
                cli("apply", path, "--umpire", "bob", stdin=json.dumps(PROTESTER_MOVE) + "\n"),
                cli("brief", path, "--all", "--out", tmp_path / "sheets", "--umpire", "bob"),
                cli("play", path)):
        assert run.code == 2 and run.err.startswith("referee: ") and run.err.count("\n") == 1, run.err
    assert cli("log", path, "--json").out == before and not (tmp_path / "sheets").exists()
    police = cli("brief", path, "--player", "police", "--out", tmp_path / "sheets", "--umpire", "bob")
    assert police.code == 0 and (tmp_path / "sheets" / "police.html").exists()
    applied = cli("apply", path, "--umpire", "ann", stdin=json.dumps(PROTESTER_MOVE) + "\n")
    assert applied.code == 0
    logged = [json.loads(line) for line in cli("log", path, "--json").lines]
    assert {e["umpire"] for e in logged if e["kind"] == "unit-moved"} == {"ann"}
    assert cli("log", path).lines[-1].endswith("  by ann")


def test_the_review_shows_the_team_and_who_issued_each_command(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("umpires", path, "--set", "ann=all", "--set", "dee=protesters", "--set", "cy=reports").code == 0
    assert cli("apply", path, "--umpire", "dee", stdin=json.dumps(PROTESTER_MOVE) + "\n").code == 0
    assert cli("apply", path, "--umpire", "cy", stdin=json.dumps(REPORT) + "\n").code == 0
    assert cli("apply", path, "--umpire", "ann", stdin='{"do": "undo"}\n').code == 0
    assert cli("review", path, "--out", tmp_path / "r.html").code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h3>The umpires</h3>" in page
    for row in (("ann", "all", 0, 0), ("cy", "reports", 1, 1), ("dee", "protesters", 1, 0)):
        assert "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>".format(*row) in page
    assert "· by dee" in page and "· by cy" in page


def test_a_dashboard_gives_commands_as_its_umpire_and_says_why_one_is_not_his(tmp_path):
    from tests.tui_support import drive, press

    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.name_umpires(TEAM)

    async def script(pilot, app):
        screen = app.screen
        assert screen.status_note() == "umpire dee (protesters)"  # who is at this screen, until a note says more
        await press(pilot, "e")  # end of phase: no side's
        refused, phase = screen.note, screen.game.state.phase
        screen.send(PROTESTER_MOVE)
        await pilot.pause(0.5)
        return app.sub_title, refused, phase, screen.note, screen.game.state.units["Bananarchy"].node

    title, refused, phase, moved_note, node = drive(path, script, umpire="dee")
    assert title.endswith("· umpire dee")
    assert refused == ("dee: the role protesters gives the protesters' commands only, and 'end-phase' is no side's: "
                       "it needs the role all")
    assert phase == "protester-movement" and node == "5th & Olive"
    assert [c.umpire for c in open_reader(path).commands()] == [None, None, "dee"]  # the start, the team, the move


def test_copy_keeps_the_team_and_who_gave_each_command(cli, tmp_path, session_at):
    source = tmp_path / "source.db"
    with Session.create(source, N30, {}, seed=5) as session:
        session.name_umpires(TEAM)
        as_(session, "dee", PROTESTER_MOVE)
    assert cli("copy", source, session_at).code == 0
    assert cli("verify", session_at).code == 0
    reader = open_reader(session_at)
    try:
        assert reader.umpires() == TEAM and [c.umpire for c in reader.commands()] == [None, None, "dee"]
    finally:
        reader.close()


def test_a_slip_in_naming_umpires_is_said_not_taken(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path, "--seed", "5").code == 0
    assert cli("umpires", path, "--set", "ann=all", "--set", "ed=police").code == 0
    for args, said in ((("--remove", "zed"), "zed: not one of this session's umpires (ann, ed)"),
                       (("--set", "ed=reports", "--set", "ed=police"), "ed: given twice; say once what each umpire may do"),
                       (("--set", "ed=reports", "--remove", "ed"), "ed: given twice; say once what each umpire may do")):
        run = cli("umpires", path, "--umpire", "ann", *args)
        assert (run.code, run.err) == (2, f"referee: {said}\n")
    assert json.loads(cli("umpires", path, "--json").out) == {"ann": "all", "ed": "police"}


def test_a_dashboard_refuses_a_command_outside_its_umpire_s_role_before_showing_its_dice(tmp_path):
    """N30's confrontation is the police's (4): a protesters' umpire is told so when the form is answered, before a
    preview could show him the dice to come."""
    from tests.tui_support import drive

    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=5) as session:
        session.name_umpires(TEAM)

    async def script(pilot, app):
        screen = app.screen
        previews: list[dict] = []
        screen._confirm = lambda title, command: previews.append(command)
        screen.ask("Confront", [], lambda values: {"do": "confront", "node": "6th & Seneca"}, confirm=True)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause(0.3)
        return screen.note, previews

    note, previews = drive(path, script, umpire="dee")
    assert previews == [] and note.endswith("'confront' is here the police's")
