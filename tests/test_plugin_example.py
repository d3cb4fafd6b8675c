"""The example ruleset of docs/rulesets.md (tests/plugins/picket), installed through its entry point alone,
driven end to end: as real `referee` processes for the command line, with Pilot for the dashboard.

Every part of its declaration is used, and nothing in referee knows its name. The rules' own tests cite
the section of tests/plugins/picket/RULES.md each refusal gives.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from referee import rulesets
from referee.core.engine import Context
from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.scenario.catalog import load
from tests.conftest import PLUGINS
from tests.tui_support import drive, log_text, make_session, press

SCENARIO = "picket/factory-gate"
MOVE_CANTEEN = {"do": "move", "unit": "Canteen", "to": "Canal Path"}
TO_CONTACT = [  # turn 1 and 2: two serials reach the main gate and push there
    MOVE_CANTEEN, {"do": "end-phase"},
    {"do": "move", "unit": "Serial 1", "to": "Corner"}, {"do": "move", "unit": "Serial 2", "to": "Corner"},
    {"do": "end-phase"}, {"do": "end-phase"}, {"do": "end-phase"},
    {"do": "move", "unit": "Serial 1", "to": "Main Gate"}, {"do": "move", "unit": "Serial 2", "to": "Main Gate"},
    {"do": "end-phase"},
]
PUSH = {"do": "push", "node": "Main Gate", "dice": [4, 3]}  # Night Shift (resolve 4) holds, Toolroom (2) breaks
WORDS_OF_N30 = ("Protester", "protester", "success", "Success", "intersection", "Intersection", "Downtown", "Flo")


def lines(*commands: dict) -> str:
    return "".join(json.dumps(command) + "\n" for command in commands)


@pytest.fixture
def session(picket, referee_process, tmp_path):
    """`session(*commands)`: a new session of the example (seed 3) made and played by `referee` processes."""

    def made(*commands: dict, name: str = "gate.db"):
        created = referee_process("new", SCENARIO, "--seed", 3, "--db", name)
        assert created.code == 0 and created.lines == [name], created.err
        if commands:
            applied = referee_process("apply", name, stdin=lines(*commands))
            assert applied.code == 0, applied.err
        return tmp_path / name

    return made


# --- installed through the entry point alone ---------------------------------------------------

def test_the_example_is_seen_by_no_other_test(referee_process):
    assert "picket" not in rulesets.names()
    assert str(PLUGINS) not in sys.path
    listed = referee_process("scenarios", "--json")
    assert listed.code == 0 and "picket" not in listed.out


def test_its_entry_point_is_the_one_its_pyproject_declares(picket):
    declared = (PLUGINS / "pyproject.toml").read_text()
    installed = (PLUGINS / "picket_example-0.1.dist-info" / "entry_points.txt").read_text()
    assert '[project.entry-points."referee.rulesets"]\npicket = "picket.plugin:PLUGIN"' in declared
    assert installed == "[referee.rulesets]\npicket = picket.plugin:PLUGIN\n"
    assert "picket" in rulesets.names() and picket.id == "picket"


def test_scenarios_lists_it(picket, referee_process):
    text = referee_process("scenarios")
    assert text.code == 0
    assert any(line.startswith(f"{SCENARIO}  ") and "4 turns  Factory Gate:" in line for line in text.lines)
    listing = {item["id"]: item for item in json.loads(referee_process("scenarios", "--json").out)}
    assert listing[SCENARIO]["ruleset"] == "picket"
    assert listing[SCENARIO]["players"] == [{"id": "strike-committee", "side": "pickets"}, {"id": "inspector", "side": "police"}]


# --- the command line -------------------------------------------------------------------------

def test_apply_takes_a_legal_command_and_refuses_another_citing_its_section(session, referee_process):
    path = session()
    assert referee_process("apply", path, stdin=lines(MOVE_CANTEEN)).lines == ["ok 2"]
    before = referee_process("state", path, "--json").out
    refused = referee_process("apply", path, stdin=lines({"do": "move", "unit": "Toolroom", "to": "Canal Path"}))
    assert refused.code == 2 and refused.out == ""
    assert refused.err == "referee: line 1: 3.1: Canal Path is not linked to Main Gate (linked: Corner, Side Gate)\n"
    assert referee_process("state", path, "--json").out == before, "a refusal changes nothing"
    police = referee_process("apply", path, stdin=lines({"do": "move", "unit": "Serial 1", "to": "Corner"}))
    assert police.code == 2 and "2.1: Serial 1 is one of the police: only the pickets move in this phase" in police.err


def test_state_shows_the_umpire_everything(session, referee_process):
    path = session(MOVE_CANTEEN)
    text = referee_process("state", path)
    assert text.code == 0
    assert text.lines[:2] == ["Factory Gate (picket/factory-gate)", "Turn 1/4, 5:00-5:15, pickets phase; blockade 0 of 5"]
    assert "Main Gate    pickets  Night Shift (resolve 4), Toolroom (resolve 2)" in text.lines
    assert "Canal Path   pickets  Canteen (resolve 3)" in text.lines
    state = json.loads(referee_process("state", path, "--json").out)
    assert (state["score"], state["scores"], state["target"], state["phase"]) == (0, {"blockade": 0}, 5, "pickets")
    canteen = next(unit for unit in state["units"] if unit["id"] == "Canteen")
    assert (canteen["node"], canteen["resolve"]) == ("Canal Path", 3), "the declaration's hidden attributes are shown"


def test_view_keeps_each_pickets_resolve_from_the_police_until_a_push_shows_it(session, referee_process):
    path = session(*TO_CONTACT)
    own = referee_process("view", path, "--player", "strike-committee").out
    assert "resolve 4" in own and "resolve 2" in own and "resolve 3" in own, "the pickets know their own resolve"
    for args in ((), ("--json",)):
        police = referee_process("view", path, "--player", "inspector", *args)
        assert police.code == 0 and "resolve" not in police.out, "nothing of it reaches the police before a push"
    assert referee_process("apply", path, stdin=lines(PUSH)).code == 0
    after = json.loads(referee_process("view", path, "--player", "inspector", "--json").out)
    notes = {unit["id"]: unit.get("notes", []) for unit in after["units"] if unit["side"] == "pickets"}
    assert notes == {"Night Shift": ["resolve 4"], "Canteen": []}, "the push at the main gate shows its pickets' only"
    text = referee_process("view", path, "--player", "inspector").out
    assert "Turn 2/4, 5:15, push phase; blockade 1 of 5" in text
    assert "resolve 3" not in text and "resolve 2" not in text


def test_brief_writes_html_and_markdown_sheets_in_the_examples_words(session, referee_process, tmp_path):
    path = session(*TO_CONTACT)
    for fmt, lang in (("html", "en"), ("md", "en"), ("md", "es")):
        written = referee_process("brief", path, "--all", "--format", fmt, "--lang", lang, "--out", f"sheets-{lang}")
        assert written.code == 0, written.err
        assert written.lines == [f"pickets\tstrike-committee\tsheets-{lang}/strike-committee.{fmt}",
                                 f"police\tinspector\tsheets-{lang}/inspector.{fmt}"]
    pickets, police = (tmp_path / "sheets-en" / f"{player}.md" for player in ("strike-committee", "inspector"))
    assert "**Blockade:** 1, target 5" in police.read_text() and "**Phase:** Police push" in police.read_text()
    assert "| **Main Gate** | Night Shift | Pickets | 1 | 1 | resolve 4 |" in pickets.read_text()
    assert "resolve" not in police.read_text() and "resolve" not in (tmp_path / "sheets-en" / "inspector.html").read_text()
    spanish = (tmp_path / "sheets-es" / "strike-committee.md").read_text()
    assert "**Papel:** El comité de huelga" in spanish and "resolución 4" in spanish
    for sheet in (tmp_path / "sheets-en").iterdir():
        assert not [word for word in WORDS_OF_N30 if word in sheet.read_text()], sheet.name


def test_review_counts_its_tallies_under_its_score_name(session, referee_process, tmp_path):
    path = session(*TO_CONTACT, PUSH)
    written = referee_process("review", path, "--out", "review.html")
    assert written.code == 0 and written.lines == ["review.html"]
    page = (tmp_path / "review.html").read_text()
    assert '<p class="verdict">Not finished: turn 2 of 4. Were it to end now: blockade 1 against 5<' in page
    assert "<tr><td>Pushes</td><td class=\"num\">1</td></tr>" in page
    assert "<tr><td>Pickets broken</td><td class=\"num\">1</td></tr>" in page
    assert "blockade at the end of each turn" in page and "Toolroom breaks and leaves Main Gate (4.3)" in page
    assert not [word for word in WORDS_OF_N30 if word in page]


def test_review_shows_what_was_true_beside_what_the_police_knew(session, referee_process, tmp_path):
    """The review's comparison shows a picket's hidden resolve (its `truth`) where the police saw none (5.2)."""
    path = session(*TO_CONTACT)
    assert referee_process("review", path, "--out", "review.html", "--at", "1").code == 0
    page = (tmp_path / "review.html").read_text()
    assert re.search(r"\(pickets, resolve [1-6]\)", page), "the truth names the resolve"


def test_export_writes_the_log_and_a_players_view(session, referee_process, tmp_path):
    path = session(*TO_CONTACT)
    assert referee_process("export", path, "--out", "all").lines == ["all/events.csv", "all/turns.csv", "all/units.csv"]
    turns = list(csv.DictReader((tmp_path / "all" / "turns.csv").open()))
    assert [(row["turn"], row["score"], row["pickets_active"], row["police_active"]) for row in turns] == [
        ("1", "1", "3", "3"), ("2", "1", "3", "3")]
    mine = referee_process("export", path, "--player", "inspector", "--out", "mine", "--format", "json")
    assert mine.lines == ["mine/inspector.json"]
    assert "resolve" not in (tmp_path / "mine" / "inspector.json").read_text()


def test_branch_and_verify(session, referee_process, tmp_path):
    path = session(*TO_CONTACT, PUSH)
    branched = referee_process("branch", path, "--turn", 2, "--db", "what-if.db")
    assert branched.code == 0 and branched.lines == ["what-if.db"] and branched.err == "7 commands copied\n"
    assert json.loads(referee_process("state", "what-if.db", "--json").out)["turn"] == 2
    for db in (path, tmp_path / "what-if.db"):
        checked = referee_process("verify", db)
        assert checked.code == 0 and ": intact: " in checked.out, checked.err


def test_resolve_offers_its_calculator(picket, referee_process):
    given = referee_process("resolve", "picket-push", stdin='{"police": 2, "resolve": 3, "roll": 3}')
    assert json.loads(given.out) == {"calculator": "picket-push", "police": 2, "resolve": 3, "roll": 3, "total": 5,
                                     "needed": 6, "broken": False}
    seeded = [referee_process("resolve", "picket-push", "--seed", 8, stdin='{"police": 1, "resolve": 1}') for _ in "ab"]
    assert seeded[0].out == seeded[1].out and json.loads(seeded[0].out)["roll"] in range(1, 7)
    bad = referee_process("resolve", "picket-push", stdin='{"police": 2, "resolve": 9}')
    assert bad.code == 2 and bad.err == "referee: picket-push: 'resolve' must be a whole number from 1 to 4\n"
    unknown = referee_process("resolve", "picket", stdin="{}")
    assert unknown.code == 2 and "picket-push" in unknown.err


def test_simulate_plays_whole_games_and_saves_the_last(picket, referee_process, tmp_path):
    runs = [json.loads(referee_process("simulate", SCENARIO, "--games", 20, "--seed", 5).out) for _ in "ab"]
    assert {k: v for k, v in runs[0].items() if k != "seconds"} == {k: v for k, v in runs[1].items() if k != "seconds"}
    assert set(runs[0]["wins"]) == {"pickets", "police"} and sum(runs[0]["wins"].values()) == 20
    saved = referee_process("simulate", SCENARIO, "--games", 2, "--seed", 5, "--player", "pickets=random", "--save", "sim.db")
    assert saved.code == 0, saved.err
    state = json.loads(referee_process("state", "sim.db", "--json").out)
    assert state["over"] and state["turn"] == 4 and state["winner"] in ("pickets", "police")
    assert referee_process("verify", "sim.db").code == 0


def test_the_command_line_loads_no_textual_for_a_picket_session(session):
    path = session(MOVE_CANTEEN)
    probe = ("import sys; from referee.cli import main\n"
             "for args in (['state', sys.argv[1]], ['view', sys.argv[1], '--player', 'inspector']): main(args)\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual' or m.startswith('picket.tui')))")
    done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "[]", done.stderr


# --- the dashboard ------------------------------------------------------------------------------

def test_the_dashboard_opens_its_screen_and_keys_change_the_log_undo_and_redo_included(picket, tmp_path):
    from picket.tui.screen import PicketScreen

    path = make_session(tmp_path, SCENARIO, (MOVE_CANTEEN,), seed=3)

    async def script(pilot, app):
        before = log_text(app)
        await press(pilot, "e")
        after = log_text(app)
        await press(pilot, "u")
        undone = log_text(app)
        await press(pilot, "y")
        redone = log_text(app)
        await press(pilot, "v", "v")  # the police's view: the places as the inspector knows them
        seen = [str(cell) for row in range(app.screen.query_one("#places").row_count)
                for cell in app.screen.query_one("#places").get_row_at(row)]
        return app.screen, before, after, undone, redone, seen

    screen, before, after, undone, redone, seen = drive(path, script)
    assert isinstance(screen, PicketScreen)
    assert "pickets phase ends; police phase begins" not in before
    assert after.endswith("3 pickets phase ends; police phase begins")
    assert undone.endswith("Undone: pickets phase ends; police phase begins"), "the session's own events need no narrate"
    assert redone.endswith("Redone: pickets phase ends; police phase begins")
    assert "Canteen" in seen and not [cell for cell in seen if "(" in cell], "no resolve in the police's view"


# --- the rules: each refusal cites its section --------------------------------------------------

def played(*commands: dict) -> Game:
    game = Game.new(load(SCENARIO), {}, 3)
    for command in commands:
        game.apply(command)
    return game


@pytest.mark.parametrize("commands, refused, section", [
    ((), {"do": "push", "node": "Main Gate"}, "2.1"),
    ((), {"do": "move", "unit": "Serial 1", "to": "Corner"}, "2.1"),
    ((), {"do": "move", "unit": "Toolroom", "to": "Canal Path"}, "3.1"),
    ((MOVE_CANTEEN,), {"do": "move", "unit": "Canteen", "to": "Side Gate"}, "3.2"),
    (TO_CONTACT[:4] + [{"do": "end-phase"}, {"do": "end-phase"}], {"do": "move", "unit": "Canteen", "to": "Corner"}, "3.3"),
    (TO_CONTACT[:5], {"do": "push", "node": "Corner"}, "4.1"),
    (TO_CONTACT + [PUSH], {"do": "push", "node": "Main Gate"}, "4.2"),
    (TO_CONTACT + [PUSH, {"do": "end-phase"}], {"do": "move", "unit": "Toolroom", "to": "Side Gate"}, "4.3"),
])
def test_each_refusal_cites_its_section(picket, commands, refused, section):
    game = played(*commands)
    before = game.state
    with pytest.raises(Refusal) as caught:
        game.apply(refused)
    assert caught.value.section == section
    assert game.state is before


def test_a_push_rolls_a_die_for_each_picket_and_breaks_those_it_beats(picket):
    game = played(*TO_CONTACT)
    events = game.apply(PUSH)
    assert [e.kind for e in events] == ["pushed", "picket-broken"]
    assert [(u["id"], u["total"], u["broken"]) for u in events[0].data["units"]] == [("Night Shift", 6, False),
                                                                                      ("Toolroom", 5, True)]
    assert [roll.value for roll in events[0].dice] == [4, 3] and all(roll.entered for roll in events[0].dice)
    assert game.state.units["Toolroom"].status == "destroyed" and game.state.stacks["pickets"]["Main Gate"] == ("Night Shift",)


def test_the_pickets_score_the_gates_they_hold_alone_and_the_game_ends_after_the_last_turn(picket):
    game = played()
    for _ in range(3 * 4 - 1):
        game.apply({"do": "end-phase"})
    assert game.state.scores == {"blockade": 6} and not game.state.over  # two gates a turn, three turns (6.1)
    game.apply({"do": "end-phase"})
    assert game.state.over and game.state.winner == "pickets" and game.state.scores == {"blockade": 8}  # 6.2
    with pytest.raises(Refusal) as caught:
        game.apply({"do": "end-phase"})
    assert caught.value.section == "6.3"


def test_a_scenario_the_rules_cannot_play_is_refused_before_a_session_is_made(picket):
    scenario = load(SCENARIO)
    timid = scenario.units["Toolroom"].with_attrs(resolve=0)
    with pytest.raises(RefereeError, match=r"the picket Toolroom needs a resolve from 1 to 4 \(5.2\), not 0"):
        picket.ruleset().initial(Context(replace(scenario, units={**scenario.units, "Toolroom": timid}), {}))


# --- the guide ------------------------------------------------------------------------------------

def test_the_guide_quotes_the_example_as_it_is():
    """Each block of docs/rulesets.md that opens with `# <file>` is a verbatim piece of that file."""
    root = PLUGINS.parent.parent
    guide = (root / "docs" / "rulesets.md").read_text()
    quoted = re.findall(r"```(?:python|toml)\n# ((?:tests|docs)/\S+)\n(.*?)```", guide, re.S)
    assert len(quoted) >= 15
    for path, block in quoted:
        assert block in (root / path).read_text(), f"docs/rulesets.md quotes {path} as it no longer is:\n{block}"
    assert "[rulesets.md](rulesets.md)" in (root / "docs" / "README.md").read_text()


def test_a_part_named_wrong_in_a_declaration_is_the_ruleset_s_error_in_one_line(picket, referee_process, tmp_path):
    """A slip in the declaration's import path names the ruleset, the part and the path, not a bug in referee."""
    misnamed = replace(picket, rules="picket.rules:PicketRulez")
    with pytest.raises(RefereeError, match=r"the ruleset 'picket' names its rules 'picket.rules:PicketRulez', which "
                                           r"cannot be loaded \(AttributeError: .*PicketRulez"):
        misnamed.ruleset()
    with pytest.raises(RefereeError, match=r"names its computer players 'picket.nowhere:PLAYERS'.*ModuleNotFoundError"):
        replace(picket, autoplay="picket.nowhere:PLAYERS").computer_players()


def test_its_umpires_give_only_their_side_s_commands(session, referee_process):
    """The declaration's `actors`: a move is the side of its unit, a push the police's; what is left is `all`'s."""
    gate = session()
    assert referee_process("umpires", gate, "--set", "ann=all", "--set", "pat=pickets").code == 0
    refused = referee_process("apply", gate, "--umpire", "pat", stdin=json.dumps(PUSH) + "\n")
    assert refused.code == 2 and refused.err == ("referee: line 1: pat: the role pickets gives the pickets' commands "
                                                 "only, and 'push' is here the police's\n")
    assert referee_process("apply", gate, "--umpire", "pat", stdin=json.dumps(MOVE_CANTEEN) + "\n").code == 0
    assert referee_process("apply", gate, "--umpire", "pat", stdin='{"do": "end-phase"}\n').code == 2
