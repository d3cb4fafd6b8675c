"""The umpire's tables file: reconstructed entries say why, an edit that breaks it is named by line, whether it is
read alone or as the file `tables` of a scenario (Wallman's, or N30's for option crowd_mood), and sessions that kept
the tables as they were stored before still play."""

from __future__ import annotations

import copy as deep
import json
import re

import pytest

from referee.rules import mood_chart
from referee.rulesets.wallman.tables import FILE, check, load_tables
from referee.scenario import catalog
from referee.scenario.catalog import from_sources, load
from referee.session import Session
from tests.test_scenario_files import copy as scenario_copy  # noqa: F401 - a fixture: a copy of the scenarios
from tests.test_scenario_files import error_at
from tests.wallman_support import TABLES

SOURCE = FILE.read_text(encoding="utf-8")


def test_tables_every_reconstructed_entry_gives_its_reasoning():
    """The lost tables (RL, negotiation, over-reaction, fighting results, firearms) are marked and explained."""
    marked = {"rl": TABLES.rl, "negotiation": TABLES.negotiation, "overreaction": TABLES.overreaction,
              "firearms": TABLES.firearms, "petrol_bomb": TABLES.petrol_bomb, "fight results": TABLES.fight.table}
    for name, table in marked.items():
        assert table.reconstructed and len(table.note) > 80, name
    for group in (TABLES.rl.modifiers, TABLES.fight.modifiers):
        for name, modifier in group.items():
            assert not modifier.reconstructed or modifier.note, name


BREAKS = [
    ("change = -2\n", "change = -2\nchange = -2\n", "change is given twice in this table: give it once"),
    ('upto = -1\nchange = -2', 'upto = -5\nchange = -2', "`upto` must rise"),
    ("[[rl.levels]]\nrl = 3", "[[rl.levels]]\nrl = 9", "levels must run 1, 2, 3"),
    ("levels = [4, 5]", "levels = [4, 12]", "no RL 12"),
    ('armed = ["swat",', 'armed = ["swot",', "unknown unit type 'swot'"),
    ('exclusive = ["Figure", "Outnumbered"]', 'exclusive = ["Figure", "Odds"]', "no fight modifier has the group 'Odds'"),
    ('move = "2d6"', 'move = "fast"', "String should match pattern"),
    ("hose_crew = 4", "hose_crew = 0", "greater than 0"),
    ("damp = { value = -1,", "damp = { value = -1, colour = 'blue',", "Extra inputs are not permitted"),
]


@pytest.mark.parametrize("old, new, message", BREAKS)
def test_tables_a_broken_edit_is_named_with_file_and_line(tmp_path, old, new, message):
    assert old in SOURCE
    path = tmp_path / "tables.toml"
    path.write_text(SOURCE.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(Exception, match=re.escape(message)) as error:
        load_tables(path)
    text = str(error.value)
    assert "\n" not in text and re.match(rf"{re.escape(str(path))}:\d+: ", text), text
    line = int(text[len(str(path)) + 1:].split(":")[0])
    changed = [row for row in new.splitlines() if row not in old.splitlines()] or new.splitlines()
    key = changed[0].split("=")[0].strip()
    assert key in path.read_text(encoding="utf-8").splitlines()[line - 1]


def test_tables_an_umpires_edit_takes_effect(tmp_path):
    path = tmp_path / "tables.toml"
    path.write_text(SOURCE.replace("damp = { value = -1,", "damp = { value = -2,", 1), encoding="utf-8")
    assert load_tables(path).rl.modifiers["damp"].value == -2


def test_a_scenario_is_refused_for_a_fault_in_the_tables_it_names_with_file_and_line(scenario_copy):  # noqa: F811
    """Wallman's scenario checks every table of its file `tables`; N30's, the RL State Chart its option crowd_mood
    reads of the same file."""
    scenario_copy.folder = scenario_copy.folder.parent / "wallman"
    path = scenario_copy.edit("board/tables.toml", "hose_crew = 4", "hose_crew = 0")
    assert "fires.hose_crew: Input should be greater than 0" in error_at("wallman/town-centre-riot", path, "hose_crew")
    assert load("n30/close-the-ring").id == "n30/close-the-ring"  # a table only Wallman's rules read
    scenario_copy.edit("board/tables.toml", "hose_crew = 0", "hose_crew = 4")
    scenario_copy.edit("board/tables.toml", "[[rl.levels]]\nrl = 3", "[[rl.levels]]\nrl = 9")
    for scenario_id in ("wallman/town-centre-riot", "n30/close-the-ring"):
        assert "rl.levels.2.rl: levels must run 1, 2, 3" in error_at(scenario_id, path, "rl = 9")


def stored_before(scenario_id: str) -> dict:
    """A scenario's data as sessions stored it before the tables were one of its `files`: the scenario file's own key
    `tables`, and the tables with every default written out."""
    sources = deep.deepcopy(load(scenario_id).sources)
    named = sources["scenario"]["files"]
    sources["scenario"]["tables"] = named.pop("tables")
    sources["tables"] = TABLES.model_dump()
    return sources


def test_the_checks_take_the_tables_as_sessions_stored_them_before():
    stored = json.loads(json.dumps(stored_before("wallman/town-centre-riot")["tables"]))  # as a session keeps it
    assert stored != load("wallman/town-centre-riot").sources["tables"]  # every default written out: not the file's
    assert check(stored) == TABLES and mood_chart.check(stored) == TABLES.rl


#: a game that reads the tables: a crowd's RL roll and Wallman's turn; police attacks that roll each attacked
#: cluster's RL under crowd_mood
PLAYS = [("wallman/town-centre-riot", {}, [{"do": "rl", "crowd": "Town Hall protest", "dice": [4]}, {"do": "end-phase"}],
          "rl-rolled"),
         ("n30/hold-the-line", {"crowd_mood": "on"},
          [{"do": "end-phase"}, {"do": "end-phase"}, {"do": "confront", "node": "8th & Pine"}], "crowd-mood")]


@pytest.mark.parametrize("scenario_id, options, commands, rolled", PLAYS)
def test_a_session_that_kept_the_tables_as_before_opens_plays_on_and_verifies(monkeypatch, cli, tmp_path, scenario_id,
                                                                              options, commands, rolled):
    """A session keeps the tables it began with, as it stored them: it plays on as a session begun now does, with
    the same events, and verifies."""
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    Session.create(new, scenario_id, options, seed=3).close()
    monkeypatch.setattr(catalog, "load", lambda _: from_sources(stored_before(scenario_id)))
    Session.create(old, scenario_id, options, seed=3).close()
    monkeypatch.undo()
    played = {}
    for path in (old, new):
        assert cli("apply", path, stdin="\n".join(map(json.dumps, commands))).code == 0
        assert cli("verify", path).code == 0
        assert cli("review", path, "--out", path.with_suffix(".html")).code == 0
        played[path] = [json.loads(line) for line in cli("log", path, "--json").out.splitlines()]
        session = Session.open(path)
        assert ("tables" in session.info.sources["scenario"]) == (path == old)  # the tables kept as they were
        session.close()
    assert any(event["kind"] == rolled for event in played[old]) and played[old] == played[new]
