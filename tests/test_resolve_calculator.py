"""`referee resolve n30` (docs/cli.md, "The confrontation calculator"): input checks and output shape."""

from __future__ import annotations

import json

import pytest

from referee.core.dice import SeededDice
from referee.errors import RefereeError, Refusal
from referee.rulesets.n30.rules.calculator import resolve_json


def base(**changes):
    data = {
        "gas": False,
        "police": [{"id": "6/B", "type": "hard"}, {"id": "9/A", "type": "soft"}],
        "protesters": [{"id": "Sea Turtles", "type": "theater"}, {"id": "Bananarchy", "type": "lockdown", "locked": True}],
    }
    data.update(changes)
    return data


def refused(data, match, seed=None):
    """The call fails with one clear line naming the problem."""
    with pytest.raises(RefereeError, match=match) as error:
        resolve_json(data, seed)
    assert "\n" not in str(error.value)
    return error.value


# --- output shape -----------------------------------------------------------------------


def test_output_keys_in_documented_order():
    """Contract: ruleset, gas, police_total, effective_total, units, successes, dice; units id..radicalized."""
    result = resolve_json(base(refuse=["Bananarchy"], dice=[4, 1, 1]))
    assert list(result) == ["ruleset", "gas", "police_total", "effective_total", "units", "successes", "dice"]
    assert list(result["units"][0]) == ["id", "type", "facing", "roll", "result", "radicalized"]
    assert list(result["units"][1]) == ["id", "type", "facing", "roll", "result", "refusal_roll", "radicalized"]
    assert result["units"][1]["result"] == "stays" and result["units"][1]["refusal_roll"] == 1
    assert result["dice"] == [4, 1, 1]
    json.dumps(result)


def test_refusal_roll_only_where_rolled():
    """4.4, docs/cli.md: `refusal_roll` appears only for a refusing lockdown forced to retreat."""
    result = resolve_json(base(refuse=["Bananarchy"], dice=[1, 5]))
    assert all("refusal_roll" not in unit for unit in result["units"])
    assert result["dice"] == [1, 5]


def test_optional_keys_may_be_absent_or_null():
    """Contract: allocation, refuse and dice are optional; gas absent means no gas."""
    data = {"police": [{"id": "MP-1", "type": "mounted"}], "protesters": [{"id": "F", "type": "flying"}]}
    result = resolve_json(data, 3)
    assert result["gas"] is False and result["police_total"] == 1 and len(result["dice"]) == 1
    assert resolve_json(data | {"allocation": None, "refuse": None, "dice": None}, 3) == result


def test_seeded_dice_are_the_session_generator():
    """Without `dice`, the generator seeded with --seed rolls; the output lists the dice it used."""
    result = resolve_json(base(), 42)
    generator = SeededDice(42)
    assert result["dice"] == [generator.roll("x").value for _ in range(2)]
    assert resolve_json(base(), 42) == result


def test_no_seed_still_resolves():
    """Without `dice` or --seed a random seed rolls."""
    result = resolve_json(base())
    assert len(result["dice"]) == 2 and all(1 <= value <= 6 for value in result["dice"])


def test_seed_zero_is_a_seed():
    """--seed 0 is a real seed, not "no seed"."""
    assert resolve_json(base(), 0) == resolve_json(base(), 0)
    assert resolve_json(base(), 0)["dice"] == [SeededDice(0).roll("x").value, SeededDice(0, 1).roll("x").value]


def test_armored_chemical_unit_accepted():
    """1.7, docs/cli.md: a chemical unit may carry "armored": true."""
    data = base(gas=True, police=[{"id": "6/B", "type": "hard"}, {"id": "CART/B", "type": "chemical", "armored": True}],
                dice=[3, 3])
    assert resolve_json(data)["effective_total"] == 4


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize("data", [[], "x", 3, None])
def test_input_must_be_an_object(data):
    refused(data, "must be a JSON object")


@pytest.mark.parametrize("key", ["police", "protesters"])
def test_missing_keys(key):
    data = base()
    del data[key]
    refused(data, f"missing key '{key}'")


def test_missing_unit_keys():
    refused(base(police=[{"type": "hard"}]), r"police\[0\]: missing key 'id'")
    refused(base(protesters=[{"id": "A"}]), r"protesters\[0\]: missing key 'type'")


def test_unknown_keys_are_named():
    refused(base(weather="rain"), "unknown key 'weather'")
    refused(base(police=[{"id": "6/B", "type": "hard", "strength": 3}]), r"police\[0\]: unknown key 'strength'")
    refused(base(protesters=[{"id": "A", "type": "flying", "mood": 2}]), r"protesters\[0\]: unknown key 'mood'")


def test_unknown_types():
    refused(base(police=[{"id": "X", "type": "swat"}]), r"police\[0\]\.type: unknown type 'swat'")
    refused(base(protesters=[{"id": "X", "type": "tac"}]), r"protesters\[0\]\.type: unknown type 'tac'")
    refused(base(protesters=[{"id": "X", "type": 3}]), r"protesters\[0\]\.type")


def test_wrong_types_name_the_key():
    refused(base(gas="yes"), "gas: must be true or false")
    refused(base(police={"id": "6/B", "type": "hard"}), "police: must be a list")
    refused(base(protesters=["Sea Turtles"]), r"protesters\[0\]: each unit must be an object")
    refused(base(police=[{"id": 6, "type": "hard"}]), r"police\[0\]\.id: must be a non-empty string")
    refused(base(protesters=[{"id": "", "type": "flying"}]), r"protesters\[0\]\.id: must be a non-empty string")
    refused(base(police=[{"id": "C", "type": "chemical", "armored": "yes"}, {"id": "H", "type": "hard"}]),
            r"police\[0\]\.armored")
    refused(base(police=[{"id": "H", "type": "hard", "armored": True}]), "only chemical units")
    refused(base(protesters=[{"id": "L", "type": "lockdown", "locked": 1}]), r"protesters\[0\]\.locked")
    refused(base(protesters=[{"id": "F", "type": "flying", "locked": True}]), "only lockdown clusters lock down")
    refused(base(refuse="Bananarchy"), "refuse: must be a list")
    refused(base(refuse=[3]), "refuse: must list protester ids")
    refused(base(dice="3 4"), "dice: must be a list")


def test_empty_sides():
    refused(base(police=[]), "police: must list at least one unit")
    refused(base(protesters=[]), "protesters: must list at least one unit")


def test_duplicate_ids():
    refused(base(protesters=[{"id": "A", "type": "flying"}, {"id": "A", "type": "theater"}]), "'A' is listed twice")
    refused(base(police=[{"id": "6/B", "type": "hard"}, {"id": "6/B", "type": "soft"}]), "'6/B' is listed twice")
    refused(base(refuse=["Bananarchy", "Bananarchy"]), "refuse: 'Bananarchy' is listed twice")


def test_malformed_allocation():
    refused(base(allocation=[2, 1]), "allocation: must be an object")
    refused(base(allocation={"Sea Turtles": 1.5, "Bananarchy": 1.5}), "allocation: the share of 'Sea Turtles'")
    refused(base(allocation={"Sea Turtles": "2", "Bananarchy": 1}), "allocation: the share of 'Sea Turtles'")
    refused(base(allocation={"Sea Turtles": True, "Bananarchy": 2}), "allocation: the share of 'Sea Turtles'")


def test_allocation_against_the_rule_cites_section_4():
    """4: uneven, wrong total, or the wrong units: a rule refusal."""
    for allocation in ({"Sea Turtles": 3, "Bananarchy": 0}, {"Sea Turtles": 1, "Bananarchy": 1},
                       {"Sea Turtles": 2}, {"Sea Turtles": 1, "Bananarchy": 1, "U7": 1}):
        error = refused(base(allocation=allocation), "^4: ")
        assert isinstance(error, Refusal) and error.section == "4"


def test_rule_refusals_cite_their_section():
    """4, 4.4: the message starts with the section."""
    error = refused(base(police=[{"id": "CART/B", "type": "chemical"}]), "^4: ")
    assert isinstance(error, Refusal)
    refused(base(gas=True), "^4: the police may gas only")
    refused(base(refuse=["Sea Turtles"]), "^4.4: only lockdown clusters")
    refused(base(protesters=[{"id": "L", "type": "lockdown", "locked": False}], refuse=["L"]), "^4.4: unlocked")
    refused(base(refuse=["Nobody"]), "refuse: 'Nobody' is not a protester unit")


def test_too_few_dice():
    refused(base(dice=[3]), "not enough dice typed in: needed one more for confrontation: Bananarchy")
    refused(base(dice=[]), "not enough dice")
    # 3 factors among 2 units: Bananarchy faces 1, rolls 1, refuses: its refusal die is missing.
    refused(base(dice=[6, 1], refuse=["Bananarchy"]), "needed one more for lockdown refusal: Bananarchy")


def test_too_many_dice():
    refused(base(dice=[3, 3, 3]), "3 dice typed in, 2 needed: 1 left over")
    # Bananarchy not forced back: no refusal die, so the third die is left over.
    refused(base(dice=[3, 6, 2], refuse=["Bananarchy"]), "left over")


@pytest.mark.parametrize("die", [0, 7, -1, 2.0, True, "3"])
def test_dice_must_be_faces_of_a_six_sided_die(die):
    refused(base(dice=[die, 3]), "dice: ")


def test_bad_seed():
    refused(base(), "--seed", seed="12")
