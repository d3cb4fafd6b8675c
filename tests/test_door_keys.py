"""Every command is held to its verb's schema: unknown, conflicting and doubled keys are refused, naming them."""

from __future__ import annotations

import json
import re
from importlib import import_module
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.rulesets.n30.rules.ruleset import COMMANDS as N30_COMMANDS
from referee.rulesets.wallman.rules.ruleset import COMMANDS as WALLMAN_COMMANDS
from referee.simulate import play
from tests.door_support import ALL_SAMPLES, COMMANDS, N30, WALLMAN, game, new_session, one_line
from tests.examples import WORKED_CONFRONTATION


def test_every_verb_of_every_ruleset_has_a_sample_and_a_schema():
    for scenario, samples in ALL_SAMPLES.items():
        ruleset = scenario.split("/")[0]
        table = import_module(f"referee.rulesets.{ruleset}.rules.ruleset").COMMANDS
        schemas = import_module(f"referee.rulesets.{ruleset}.rules.commands").SCHEMAS
        assert set(schemas) == set(table) | {"undo", "redo"} == set(samples), scenario


@pytest.mark.parametrize("scenario, verb, command", COMMANDS)
def test_samples_have_the_shape_their_verb_reads(scenario, verb, command):
    game(scenario).check(command)


@pytest.mark.parametrize("scenario, verb, command", COMMANDS)
def test_an_unknown_key_is_refused_naming_it(scenario, verb, command):
    with pytest.raises(RefereeError) as refused:
        game(scenario).check(command | {"bogus": 1})
    assert str(refused.value) == f'{verb}: unknown key "bogus"'


@pytest.mark.parametrize("scenario, verb, command", [c for c in COMMANDS if c[1] not in ("undo", "redo")])
def test_misspelt_dice_are_an_unknown_key_and_nothing_is_rolled(scenario, verb, command):
    played = game(scenario)
    drawn, state = played.dice.drawn, played.state
    hint = ' \\(did you mean "dice"\\?\\)' if verb not in ("rename", "hand", "deadline") else ""  # its nearest key
    with pytest.raises(RefereeError, match=f'^{verb}: unknown key "die"{hint}$'):
        played.apply(command | {"die": [6]})
    assert (played.dice.drawn, played.state) == (drawn, state)


def test_gas_misspelt_is_refused_rather_than_an_attack_without_gas():
    with pytest.raises(RefereeError, match='^confront: unknown key "gass" \\(did you mean "gas"\\?\\)$'):
        game(N30).apply({"do": "confront", "node": "6th & Seneca", "gass": True})


@pytest.mark.parametrize("scenario, command, first, second", [
    (N30, {"do": "move", "unit": "6/A", "to": "8th & Pike", "path": ["8th & Pike"]}, "to", "path"),
    (N30, {"do": "choose", "node": "7th & Pike", "nodes": ["7th & Pike"]}, "node", "nodes"),
])
def test_keys_that_exclude_each_other(scenario, command, first, second):
    with pytest.raises(RefereeError) as refused:
        game(scenario).check(command)
    assert str(refused.value) == f'{command["do"]}: "{first}" and "{second}" cannot be given together'
    with pytest.raises(RefereeError, match=f'needs "{first}" or "{second}"'):
        game(scenario).check({k: v for k, v in command.items() if k not in (first, second)})


@pytest.mark.parametrize("command, message", [
    ({"do": "move", "unit": 6, "to": "8th & Pike"}, '"unit" must be text'),
    ({"do": "move", "unit": "6/A", "to": None}, '"to" must be text'),
    ({"do": "confront", "node": "6th & Pike", "gas": "yes"}, '"gas" must be true or false'),
    ({"do": "report", "player": "police", "text": "x", "delay": 2.5}, '"delay" must be a whole number'),
    ({"do": "report", "player": "police", "text": "x", "reliability": "maybe"}, '"reliability" must be one of'),
    ({"do": "report", "player": "police"}, '"text" is missing'),
    ({"do": "end-phase", "dice": "4 2"}, '"dice" must be a list'),
    ({"do": "confront", "node": "6th & Pike", "retreats": {"U1": 3}}, '"retreats.U1" must be text'),
])
def test_wrong_types_name_the_key(command, message):
    with pytest.raises(RefereeError, match=f"^{command['do']}: {re.escape(message)}"):
        game(N30).check(command)


def test_an_unknown_verb_is_named():
    with pytest.raises(RefereeError, match="unknown command 'frobnicate'"):
        game(N30).check({"do": "frobnicate"})


@pytest.fixture
def session(cli, tmp_path):
    return new_session(cli, tmp_path)


@pytest.mark.parametrize("line, message", [
    ('{"do": "undo", "bogus": 1}', 'undo: unknown key "bogus"'),
    ('{"do": "redo", "dice": [4]}', 'redo: unknown key "dice"'),
    ('{"do": "end-phase", "die": [6]}', 'end-phase: unknown key "die" (did you mean "dice"?)'),
    ('{"do": "end-phase", "do": "undo"}', 'the key "do" is given twice'),
    ('{"do": "move", "unit": "6/A", "unit": "6/B", "to": "8th & Pike"}', 'the key "unit" is given twice'),
    ('{"do": "confront", "node": "6th & Pike", "retreats": {"U1": "a", "U1": "b"}}', 'the key "U1" is given twice'),
])
def test_apply_refuses_at_the_door_and_the_session_is_unchanged(cli, session, line, message):
    cli("apply", session, stdin='{"do": "end-phase"}\n')  # something to undo
    before = cli("log", session, "--json").out
    assert one_line(cli("apply", session, stdin=line)) == f"referee: line 1: {message}"
    assert cli("log", session, "--json").out == before


def test_resolve_refuses_a_key_given_twice(cli):
    doubled = WORKED_CONFRONTATION.replace('"gas": true', '"gas": true, "gas": false')
    assert one_line(cli("resolve", "n30", stdin=doubled)) == 'referee: stdin: the key "gas" is given twice'
    assert one_line(cli("resolve", "wallman-rl", stdin='{"rl": 5, "rl": 6}')).endswith('the key "rl" is given twice')


def test_the_computer_players_commands_pass_their_schemas():
    refusals = play(N30, {}, 5, "random", "random").refusals + play(N30, {}, 6).refusals
    assert not [message for command, message in refusals if message.startswith(command["do"] + ":")]


def readme_commands() -> list[dict]:
    """Every whole JSON command in the README's command tables."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    found = []
    for snippet in re.findall(r"`(\{\"do\": .*?\})`", text):
        try:
            found.append(json.loads(snippet))
        except json.JSONDecodeError:  # an example with "..." or {...} in it
            continue
    return found


def test_the_readme_examples_pass_their_schemas():
    commands = readme_commands()
    assert len(commands) > 20
    for command in commands:
        scenario = WALLMAN if command["do"] in set(WALLMAN_COMMANDS) - set(N30_COMMANDS) else N30
        if command["do"] == "move" and "Van" in command.get("unit", ""):
            scenario = WALLMAN
        game(scenario).check(command)
