"""Numbers and texts larger than the games can mean are refused quickly, and a message never repeats a long value."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from tests.door_support import N30, WALLMAN, game, one_line
from tests.examples import WORKED_CONFRONTATION

HUGE = "x" * 10_000_000


def short(value: object) -> str:
    """A test id: a value cut short."""
    return repr(value)[:40]


@pytest.mark.parametrize("scenario, command, message", [
    (WALLMAN, {"do": "shoot", "unit": "Support Group", "crowd": "Precinct crowd", "firers": 10**9},
     '"firers" must be a whole number from 1 to 1000'),
    (WALLMAN, {"do": "split", "crowd": "Precinct crowd", "figures": 10**9, "new": "x"},
     '"figures" must be a whole number from 1 to 1000'),
    (WALLMAN, {"do": "rl", "crowd": "Precinct crowd", "modifiers": {"damp": 10**30}},
     '"modifiers.damp" must be a whole number from -999 to 999'),
    (WALLMAN, {"do": "rl", "crowd": "Precinct crowd", "why": "why " * 1000}, '"why" must be at most 2000 characters'),
    (N30, {"do": "report", "player": "police", "text": "x", "delay": 10**12},
     '"delay" must be a whole number from 0 to 360'),
    (N30, {"do": "report", "player": "police", "text": "x", "delay": -1}, '"delay" must be a whole number from 0 to 360'),
    (N30, {"do": "report", "player": "police", "text": "x" * 2001}, '"text" must be at most 2000 characters'),
    (N30, {"do": "move", "unit": "6/A", "path": ["7th & Pike"] * 101}, '"path" must hold at most 100 entries'),
    (N30, {"do": "end-phase", "dice": [1] * 1001}, '"dice" must hold at most 1000 entries'),
    (N30, {"do": "end-phase", "dice": [10**100]}, '"dice[0]" must be a whole number from -999 to 999'),
    (N30, {"do": "move", "unit": HUGE, "to": "7th & Pike"}, '"unit" must be at most 64 characters'),
    (N30, {"do": "move", "unit": "6/A", "to": "7th & Pike", HUGE: 1}, 'unknown key "xxxxxxxx'),
    (N30, {"do": "confront", "node": "6th & Pike", "retreats": {HUGE: "6th & Pine"}}, 'a key of "retreats" must be at most'),
], ids=short)
def test_oversized_values_are_refused_in_short(scenario, command, message):
    with pytest.raises(RefereeError) as refused:
        game(scenario).check(command)
    assert str(refused.value).startswith(f"{command['do']}: {message}")
    assert len(str(refused.value)) < 150


def test_a_report_delay_is_bounded_by_the_games_length():
    game(WALLMAN).check({"do": "report", "player": "hale", "text": "x", "delay": 60})  # 30 turns of 2 minutes
    with pytest.raises(RefereeError, match='"delay" must be a whole number from 0 to 60'):
        game(WALLMAN).check({"do": "report", "player": "hale", "text": "x", "delay": 61})


@settings(max_examples=200, deadline=None)
@given(firers=st.integers(min_value=-(10**40), max_value=10**40))
def test_any_number_of_firers_is_shot_or_refused_on_a_short_line(firers):
    command = {"do": "shoot", "unit": "Support Group", "crowd": "Precinct crowd", "firers": firers}
    try:
        game(WALLMAN).preview(command)
    except RefereeError as error:
        assert len(str(error)) < 150
    else:
        assert 1 <= firers <= 1000


@pytest.mark.parametrize("name, data, message", [
    ("wallman-firearms", {"firer": "soldiers", "firers": 10**9}, "firers: must be a whole number from 1 to 1000"),
    ("wallman-fire", {"buildings": [{"id": "A", "value": 5, "fires": 9}],
                      "engines": [{"id": "E", "at": "A", "crew": 10**9, "water": 2}]},
     "engines[0].crew: must be a whole number from 0 to 1000"),
    ("wallman-damage", {"value": 10, "figures": 10**9}, "figures: must be a whole number from 0 to 1000"),
    ("wallman-loot", {"value": 10, "looters": 10**9}, "looters: must be a whole number from 0 to 1000"),
    ("wallman-melee", {"lone": {}, "others": [{}] * 101}, "others: must hold at most 100 entries"),
    ("wallman-rl", {"rl": 5, "dice": [3] * 1001}, "dice"),
    ("wallman-rl", {"rl": 10**50}, "rl: must be a whole number from -999 to 999"),
    ("wallman-sniper", {"shot": 10**50}, "shot: must be a whole number from -999 to 999"),
    ("wallman-overreaction", {"unit": HUGE}, "unit: must be at most 64 characters"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "police": [{"id": HUGE, "type": "hard"}]},
     "police[0].id: 'xxxxxxxx"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "protesters": [{"id": f"U{i}", "type": "flying"} for i in range(101)]},
     "protesters: must list at most 100 units"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "dice": [3] * 1001}, "dice: must list at most 1000 dice"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "allocation": {"Sea Turtles": 10**40}},
     "allocation: the share of 'Sea Turtles' must be a whole number from -999 to 999"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "allocation": {f"U{i}": 0 for i in range(101)}},
     "allocation: must share among at most 100 units"),
    ("n30", {**json.loads(WORKED_CONFRONTATION), "refuse": [HUGE]}, "refuse: 'xxxxxxxx"),
], ids=short)
def test_calculators_refuse_oversized_input_at_once(cli, name, data, message):
    started = time.perf_counter()
    line = one_line(cli("resolve", name, stdin=json.dumps(data)))
    assert time.perf_counter() - started < 5
    assert message in line and len(line) < 200, line


@pytest.mark.parametrize("command", ["apply {db}", "resolve n30", "resolve wallman-rl"])
@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "not valid JSON: nested too deeply"),
    ('{"do": "end-phase", "dice": [' + "7" * 5000 + "]}", "not valid JSON: a number too long to read"),
], ids=short)
def test_json_too_deep_or_numbers_too_long(cli, tmp_path, command, text, message):
    db = tmp_path / "s.db"
    assert cli("new", N30, "--db", db).code == 0
    line = one_line(cli(*command.format(db=db).split(), stdin=text))
    assert line.endswith(message), line


@pytest.mark.parametrize("args, message", [
    (["simulate", N30, "--games", "1000000000"], "--games: must be a whole number from 1 to 100000"),
    (["simulate", N30, "--seed", "9" * 40], "--seed: '99999"),
    (["resolve", "n30", "--seed", "9" * 40], "--seed: '99999"),
    (["new", "x" * 1000], "must be at most 64 characters"),
    (["new", N30, "--set", "x" * 1000], "--set takes OPTION=VALUE, not 'xxx"),
    (["brief", "{db}", "--all", "--format", "x" * 1000, "--out", "o"], "invalid choice: 'xxx"),
    (["branch", "{db}", "--turn", "9" * 30, "--db", "n.db"], "--turn: must be a whole number from 1 to 999"),
    (["branch", "{db}", "--seq", "9" * 30, "--db", "n.db"], "--seq: must be a whole number from 1 to"),
    (["review", "{db}", "--out", "r.html", "--at", "9" * 30], "--at takes turns separated by commas"),
], ids=short)
def test_command_line_numbers_and_ids_are_bounded(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    assert cli("new", N30, "--db", "s.db").code == 0
    line = one_line(cli(*[a.format(db="s.db") for a in args]))
    assert message in line and len(line) < 200, line
