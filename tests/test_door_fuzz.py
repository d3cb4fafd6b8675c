"""A hundred or so bad inputs through the command line: each exits 2 with one clear line, and the session is unchanged."""

from __future__ import annotations

import json

import pytest

from tests.door_support import COMMANDS, N30, WALLMAN, one_line
from tests.examples import WORKED_CONFRONTATION

LONG = "y" * 100_000
DB = {N30: "s.db", WALLMAN: "w.db"}


def with_wrong_type(command: dict) -> dict:
    """The command with its first value after the verb replaced by one of another type."""
    keys = [key for key in command if key != "do"]
    if not keys:
        return command | {"dice": "six"}
    value = command[keys[0]]
    return command | {keys[0]: [value] if not isinstance(value, list) else {"x": value}}


def apply_inputs() -> list[tuple[str, str]]:
    """(session, one JSON line) pairs that must all be refused."""
    lines = []
    for scenario, _verb, command in COMMANDS:
        lines.append((scenario, json.dumps(command | {"bogus": True})))
        lines.append((scenario, json.dumps(with_wrong_type(command))))
    hostile = [
        '{"do": "end-phase", "die": [6]}', '{"do": "confront", "node": "6th & Seneca", "gass": true}',
        '{"do": "move", "unit": "6/A", "to": "8th & Pike", "path": ["8th & Pike"]}',
        '{"do": "end-phase", "do": "end-phase"}', '{"do": "move", "unit": "6/A\\t", "to": "8th & Pike"}',
        '{"do": "move", "unit": "6/A", "to": "8th\\u0085Pike"}',
        '{"do": "report", "player": "police", "text": "a\\nb"}',
        '{"do": "report", "player": "police", "text": "\\ud800"}', '{"do": "report", "player": "police", "text": "\\udc00x"}',
        '{"do": "report", "player": "police", "text": "x", "delay": 100000000000000000000}',
        '{"do": "report", "player": "police", "text": "x", "delay": 1e400}', '{"do": "end-phase", "dice": [NaN]}',
        '{"do": "end-phase", "dice": [Infinity]}', '{"do": "end-phase", "dice": [' + "9" * 5000 + "]}",
        "[" * 100_000, "{" * 50_000, '{"do": "' + LONG + '"}', '{"do": "move", "unit": "' + LONG + '", "to": "x"}',
        '{"' + LONG + '": 1, "do": "end-phase"}', "null", "[]", '"end-phase"', "{}", '{"do": 3}', '{"do": null}',
        '{"do": "end-phase"', '{"do": "end-phase"}}', "{'do': 'end-phase'}", '{"do": "undo", "steps": 2}',
        '{"do": "redo", "dice": []}', '{"do": "choose", "nodes": []}', '{"do": "move", "unit": "6/A", "path": []}',
        '{"do": "confront", "node": "6th & Pike", "allocation": {"U1": 10000000000}}',
        '{"do": "factions", "peace_police": "Environment 1"}', '{"do": "top", "unit": ""}',
    ]
    lines += [(N30, line) for line in hostile]
    lines += [(WALLMAN, line) for line in (
        '{"do": "shoot", "unit": "Support Group", "crowd": "Precinct crowd", "firers": 1000000000}',
        '{"do": "split", "crowd": "Precinct crowd", "figures": 5, "new": "new\\u2028crowd"}',
        '{"do": "rl", "crowd": "Precinct crowd", "why": "' + "w" * 3000 + '"}',
        '{"do": "snipe", "from_": "Market Cross", "target": "Panda 1"}',
        '{"do": "gas", "unit": "Riot Van 1", "at": "Precinct", "kind": "mace"}',
        '{"do": "negotiate", "officer": "Supt. Hale", "crowd": "Precinct crowd", "discretion": 1e3}',
        '{"do": "evacuate", "ambulance": "Ambulance 1", "casualties": []}',
    )]
    return lines


RESOLVE = [
    ("n30", WORKED_CONFRONTATION.replace('"gas": true', '"gas": true, "gas": true')),
    ("n30", WORKED_CONFRONTATION.replace('"6/B"', '"6/B\\u001b[2J"')),
    ("n30", WORKED_CONFRONTATION.replace('"6/B"', json.dumps(LONG))),
    ("n30", "[" * 100_000), ("n30", '{"police": ' + "1" * 5000 + "}"),
    ("wallman-firearms", '{"firer": "soldiers", "firers": 1000000000}'),
    ("wallman-fire", '{"buildings": [{"id": "A", "value": 5, "fires": 9}], '
                     '"engines": [{"id": "E", "at": "A", "crew": 1000000000, "water": 1}]}'),
    ("wallman-rl", '{"rl": 5, "modifiers": {"' + LONG + '": 1}}'), ("wallman-rl", '{"rl": 5, "rl": 6}'),
    ("wallman-melee", '{"lone": {"name": "\\ud800"}, "others": [{}, {}]}'), ("wallman-pray", "{}"),
]

ARGUMENTS = [
    ["new", N30, "--db", ""], ["new", N30, "--db", "/proc/no.db"], ["new", LONG], ["new", N30, "--seed", "1e3"],
    ["simulate", N30, "--games", "0"], ["simulate", N30, "--games", "9" * 50], ["simulate", N30, "--save", ""],
    ["review", "s.db", "--out", "/proc/no/r.html"], ["review", "s.db", "--out", "."],
    ["review", "s.db", "--out", "r.html", "--at", "x"], ["export", "s.db", "--out", "s.db"],
    ["branch", "s.db", "--turn", "0", "--db", "b.db"], ["branch", "s.db", "--seq", "-1", "--db", "b.db"],
    ["view", "s.db", "--player", "police\n"], ["brief", "s.db", "--player", LONG, "--out", "sheets"],
    ["state", ""], ["log", "."],
]


@pytest.fixture(scope="module")
def sessions(tmp_path_factory):
    from referee.cli import main

    folder = tmp_path_factory.mktemp("fuzz")
    for scenario, name in DB.items():
        assert main(["new", scenario, "--db", str(folder / name), "--seed", "9"]) == 0
    return folder


def log(cli, path) -> str:
    run = cli("log", path, "--json")
    assert run.code == 0, run.err
    return run.out


def check(line: str) -> None:
    """One short line that never repeats a long value whole."""
    assert len(line) < 600 and "y" * 70 not in line, line[:300]


def test_there_are_about_a_hundred_bad_inputs():
    assert len(apply_inputs()) + len(RESOLVE) + len(ARGUMENTS) >= 100


@pytest.mark.parametrize("scenario, line", apply_inputs(), ids=lambda value: repr(value)[:40])
def test_a_bad_command_is_one_line_and_changes_nothing(cli, sessions, scenario, line):
    path = sessions / DB[scenario]
    before = log(cli, path)
    check(one_line(cli("apply", path, stdin=line + "\n")))
    assert log(cli, path) == before


@pytest.mark.parametrize("name, data", RESOLVE, ids=lambda value: repr(value)[:40])
def test_a_bad_calculator_input_is_one_line(cli, name, data):
    check(one_line(cli("resolve", name, stdin=data)))


@pytest.mark.parametrize("args", ARGUMENTS, ids=lambda value: repr(value)[:40])
def test_a_bad_argument_is_one_line_and_changes_nothing(cli, sessions, monkeypatch, args):
    monkeypatch.chdir(sessions)
    before = sorted(p.name for p in sessions.iterdir()), log(cli, sessions / "s.db")
    check(one_line(cli(*args)))
    assert (sorted(p.name for p in sessions.iterdir()), log(cli, sessions / "s.db")) == before
