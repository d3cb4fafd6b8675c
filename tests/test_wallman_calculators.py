"""`referee resolve wallman-...` (docs/cli.md, "Wallman calculators"): the documented examples, every
calculator from the command line, and bad input."""

from __future__ import annotations

import json

import pytest

from referee import rulesets
from referee.rulesets.wallman.rules.calculator import CALCULATORS
from tests.examples import readme_examples

RL_EXAMPLE = {"rl": 5, "roll": 3, "modifiers": {"damp": 1, "arrested": 2, "adjacent_higher": 1, "riot_charging": 1}}
FIGHT_EXAMPLE = {"intent": "arrest", "a": {"roll": 6, "modifiers": ["riot_trained"]}, "b": {"roll": 8, "modifiers": []}}

# One input per calculator, without dice (the seed rolls them).
INPUTS = {
    "wallman-rl": {"rl": 6, "modifiers": {"tear_gas": 1}},
    "wallman-fight": {"a": {"modifiers": ["police"]}, "b": {}},
    "wallman-melee": {"lone": {"name": "PC 1", "modifiers": ["police"]}, "others": [{}, {}, {}]},
    "wallman-negotiate": {"rl": 5, "quality": "poor", "distance": 6, "megaphone": True},
    "wallman-overreaction": {"unit": "conscripts", "modifiers": {"wounded": 2}},
    "wallman-firearms": {"firer": "soldiers", "firers": 5, "automatic": True},
    "wallman-sniper": {"shot": 4, "swat_reply": True},
    "wallman-triage": {},
    "wallman-fire": {"buildings": [{"id": "Shop", "value": 30, "fires": 3, "adjacent": ["Bank"]},
                                   {"id": "Bank", "value": 60}],
                     "engines": [{"id": "E1", "at": "Shop", "crew": 6, "water": 2}]},
    "wallman-damage": {"value": 40, "figures": 28},
    "wallman-loot": {"value": 80, "looters": 5, "cars": 1},
}


def test_the_command_line_knows_every_calculator():
    assert set(rulesets.get("wallman").calculators) == set(CALCULATORS) == set(INPUTS)


def test_wallman_rl_documented_example(cli):
    run = cli("resolve", "wallman-rl", stdin=json.dumps(RL_EXAMPLE))
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert (out["score"], out["was"], out["rl"]) == (-1, 5, 3)
    assert out["dice"] == [3] and "seed" not in out


def test_wallman_fight_documented_example(referee_process):
    run = referee_process("resolve", "wallman-fight", stdin=json.dumps(FIGHT_EXAMPLE))
    assert run.code == 0, run.err
    out = json.loads(run.out)
    assert {k: out[k] for k in ("a_score", "b_score", "margin", "winner", "result")} == {
        "a_score": 9, "b_score": 8, "margin": 1, "winner": "a", "result": "scuffle"}


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_every_calculator_rolls_by_seed_and_repeats_itself(cli, name):
    first = cli("resolve", name, "--seed", "17", stdin=json.dumps(INPUTS[name]))
    assert first.code == 0, first.err
    again = cli("resolve", name, "--seed", "17", stdin=json.dumps(INPUTS[name]))
    out = json.loads(first.out)
    assert out == json.loads(again.out)
    assert out["calculator"] == name and out["seed"] == 17 and out["dice"]


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_every_calculator_takes_the_dice_it_rolled_as_typed_in(cli, name):
    """Feeding back the dice a seeded run used gives the same answer (the dice say everything)."""
    seeded = json.loads(cli("resolve", name, "--seed", "5", stdin=json.dumps(INPUTS[name])).out)
    typed = dict(INPUTS[name])
    if "dice" in CALCULATORS[name][0].model_fields:
        typed["dice"] = seeded["dice"]
    elif "roll" in CALCULATORS[name][0].model_fields:
        (typed["roll"],) = seeded["dice"]
    else:
        typed["a"], typed["b"] = typed["a"] | {"roll": seeded["a_roll"]}, typed["b"] | {"roll": seeded["b_roll"]}
    again = json.loads(cli("resolve", name, stdin=json.dumps(typed)).out)
    assert {k: v for k, v in again.items() if k not in ("seed", "dice")} == {
        k: v for k, v in seeded.items() if k not in ("seed", "dice")}


BAD = [
    ("wallman-rl", "{ not json", "JSON"),
    ("wallman-rl", "[1, 2]", "Input should be a valid dictionary"),
    ("wallman-rl", '{"rl": 5, "mood": "bad"}', "mood: Extra inputs are not permitted"),
    ("wallman-rl", '{"rl": 5, "roll": 7}', "not a face of a d6"),
    ("wallman-rl", '{"rl": 0}', "an RL runs from 1 to 8"),
    ("wallman-rl", '{"rl": 5, "modifiers": {"rain": 1}}', "unknown modifier 'rain'"),
    ("wallman-fight", '{"a": {"roll": 0}, "b": {"roll": 3}}', "face of a d10"),
    ("wallman-fight", '{"a": {"modifiers": ["mounted", "mounted_charging"]}, "b": {}}', "only one figure factor"),
    ("wallman-fight", '{"intent": "maim", "a": {}, "b": {}}', "intent"),
    ("wallman-negotiate", '{"rl": 4, "shooting_or_gas": true}', "Negotiation: negotiation cannot take place"),
    ("wallman-negotiate", '{"rl": 7, "roll": 4}', "no die is rolled at RL 7"),
    ("wallman-firearms", '{"firer": "soldiers", "dice": [1, 2]}', "left over"),
    ("wallman-firearms", '{"firer": "soldiers", "firers": 2, "dice": [6]}', "not enough dice typed in"),
    ("wallman-fire", '{"buildings": [{"id": "A", "value": 5, "adjacent": ["Z"]}]}', "unknown building 'Z'"),
    ("wallman-fire", '{"buildings": [{"id": "A", "value": 5}, {"id": "A", "value": 6}]}', "listed twice"),
    ("wallman-damage", '{"value": 10}', "1 or more figures"),
    ("wallman-pray", "{}", "no calculator 'wallman-pray'"),
]


@pytest.mark.parametrize("name, stdin, message", BAD)
def test_bad_calculator_input_is_one_clear_line_and_exit_2(cli, name, stdin, message):
    run = cli("resolve", name, stdin=stdin)
    assert run.code == 2 and run.out == ""
    assert message in run.err and run.err.count("\n") == 1, run.err


def test_readme_has_an_example_of_every_calculator():
    assert {name for name, _, _ in readme_examples("Wallman's charts")} == set(CALCULATORS)


@pytest.mark.parametrize("name, stdin, shown", readme_examples("Wallman's charts"))
def test_readme_examples_are_what_the_calculators_print(cli, name, stdin, shown):
    run = cli("resolve", name, stdin=stdin)
    assert run.code == 0, run.err
    assert json.loads(run.out) == shown
