"""Chicago-Chicago's conflict and `referee resolve chicago` (CONTRACT.md, "`referee resolve chicago`"): each test
cites the heading of the rule text it reads. The expected values are worked out from the text here, never read
back from the code. The tables are reconstructed data (scenarios/chicago/board/tables.toml): tests of the
level changes roll on tables built here, so that they hold whatever the umpire writes in the file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import rulesets
from referee.core.dice import SeededDice, TableDice
from referee.errors import RefereeError, Refusal
from referee.rulesets.chicago.rules import conflict, tables
from referee.rulesets.chicago.rules.calculator import calculate, parse, to_json
from referee.rulesets.chicago.rules.units import TYPES
from tests.examples import readme_examples

# CONTRACT.md's example: a level-1 company (12) and a Tac platoon (5) harass a level-4 group (3).
EXAMPLE = {"attacker": "police", "table": "harass",
           "attack": [{"id": "Co 1", "type": "police", "level": 1, "count": 3}, {"id": "Tac 1", "type": "tac"}],
           "defend": [{"id": "G1", "type": "demonstrator", "level": 4}],
           "box": "P4/D1", "roll": 2}
ANSWER_KEYS = ["ruleset", "attack_strength", "defend_strength", "odds", "table", "roll", "result", "winner", "points",
               "forced_assault", "units", "dice", "column"]


def police(uid: str, level: int, count: int = 1, **extra) -> dict:
    return {"id": uid, "type": "police", "level": level, "count": count, **extra}


def group(uid: str, level: int, count: int = 1, **extra) -> dict:
    return {"id": uid, "type": "demonstrator", "level": level, "count": count, **extra}


def refused(data: dict, section: str) -> Refusal:
    with pytest.raises(Refusal) as error:
        calculate("chicago", data, seed=1)
    assert error.value.section == section
    assert str(error.value).startswith(f"{section}: ") and "\n" not in str(error.value)
    return error.value


def units(answer: dict) -> list[tuple]:
    return [(u["id"], u.get("level"), u["count"], u.get("removed", False)) for u in answer["units"]]


# --- HOW TO RESOLVE CONFLICT 6: the odds and the text's one cell -----------------------------------------


def test_6_harass_3_to_1_rolling_2_is_dd3_demonstrators_score_but_are_demoralized():
    """6: "48:15 would simplify to 3:1 ... 3:1 on the HARASS table with a 2 rolled would give you DD3 (the
    demonstrators get the points but are demoralized)". Four level-1 companies (48) against a level-2 and a
    level-3 group (9 + 6 = 15): the demonstrators score the box's D number; a third of two groups is none,
    so one is affected (B), the lowest (ATTRITION RULE): the level-3 group goes down to level 4."""
    data = {"attacker": "police", "table": "harass",
            "attack": [police(f"Co {i}", 1, 3) for i in range(1, 5)],
            "defend": [group("G2", 2), group("G3", 3)], "box": "P4/D2", "roll": 2}
    answer = calculate("chicago", data)
    assert (answer["attack_strength"], answer["defend_strength"], answer["odds"]) == (48, 15, "3:1")
    assert (answer["result"], answer["winner"], answer["points"]) == ("DD3", "demonstrators",
                                                                      {"police": 0, "demonstrators": 2})
    assert units(answer)[-2:] == [("G2", 2, 1, False), ("G3", 4, 1, False)]
    assert all(level == 1 for _, level, _, _ in units(answer)[:4])


def test_the_contracts_example_keys_in_order_police_capped_at_4_to_1():
    """8: 17:3 is 5:1, and a police attack above 4:1 is a 4:1 attack."""
    answer = calculate("chicago", EXAMPLE)
    assert list(answer) == ANSWER_KEYS
    assert answer["ruleset"] == "chicago"
    assert (answer["attack_strength"], answer["defend_strength"], answer["odds"]) == (17, 3, "4:1")
    assert answer["result"] == tables.load()["harass"].result("police", 4, 2).code
    assert answer["forced_assault"] is None and answer["dice"] == [2] and answer["roll"] == 2


@pytest.mark.parametrize("attack, defend, odds", [(48, 48, "1:1"), (48, 15, "3:1"), (47, 24, "1:1"), (36, 9, "4:1"),
                                                  (24, 12, "2:1"), (35, 12, "2:1")])
def test_6_odds_round_down_in_the_defenders_favour(attack, defend, odds):
    """6: "The fraction is always rounded off upwards in favour of the defender": the attacker's n:1 is whole."""
    assert f"{conflict.ratio(attack, defend, 'demonstrators')}:1" == odds


@pytest.mark.parametrize("attack, defend, police, demonstrators", [(17, 3, 4, 5), (100, 3, 4, 33), (16, 4, 4, 4)])
def test_8_police_attacks_above_4_to_1_are_4_to_1_the_demonstrators_are_not_capped(attack, defend, police, demonstrators):
    assert conflict.ratio(attack, defend, "police") == police
    assert conflict.ratio(attack, defend, "demonstrators") == demonstrators


def test_6_no_conflict_below_1_to_1_42_to_48():
    """6: "42:48 ... there can be no attack because the odds must be at least one to one"."""
    data = {"attacker": "demonstrators", "table": "harass",
            "attack": [group("C1", 3, 3), group("C2", 3, 3), group("G1", 3)],  # 18 + 18 + 6 = 42
            "defend": [police(f"Co {i}", 1, 3) for i in range(1, 5)], "box": "P1/D1", "roll": 3}  # 48
    assert "42:48" in str(refused(data, "HOW TO RESOLVE CONFLICT 6"))


def test_6_assault_is_for_the_police_only():
    """6: "Remember, only the police may use the Assault table"."""
    data = {"attacker": "demonstrators", "table": "assault", "attack": [group("G1", 1)], "defend": [police("P1", 1)],
            "box": "P1/D1", "roll": 3}
    refused(data, "HOW TO RESOLVE CONFLICT 6")


def test_the_police_may_assault():
    data = {"attacker": "police", "table": "assault", "attack": [police("Co 1", 1, 3)], "defend": [group("G1", 4)],
            "box": "P3/D2", "roll": 6}
    assert calculate("chicago", data)["result"] == tables.load()["assault"].result("police", 4, 6).code


def test_national_guard_may_not_attack():
    """NATIONAL GUARD: "NG units may not attack, only defend"."""
    data = {"attacker": "police", "table": "harass", "attack": [{"id": "NG 1", "type": "guard", "count": 3}],
            "defend": [group("G1", 4)], "box": "P1/D1", "roll": 1}
    refused(data, "NATIONAL GUARD")


def test_national_guard_defends():
    data = {"attacker": "demonstrators", "table": "harass", "attack": [group("G1", 1)],
            "defend": [{"id": "NG 1", "type": "guard", "count": 3}], "box": "P1/D1", "roll": 1}
    assert calculate("chicago", data)["defend_strength"] == 9  # a battalion is 9-2


# --- HOW TO RESOLVE CONFLICT 7: the forced assault ---------------------------------------------------------


def forcing(odds_strength: int, **extra) -> dict:
    """Demonstrators of `odds_strength` (level-1 groups, 12 each) harass one level-1 company (12)."""
    return {"attacker": "demonstrators", "table": "harass",
            "attack": [group(f"G{i}", 1) for i in range(odds_strength // 12)],
            "defend": [police("Co 1", 1, 3)], "box": "P2/D3", "roll": 4, **extra}


def test_7_demonstrators_at_5_to_1_force_the_police_to_roll_assault_at_1_to_1():
    """7: at 5:1 or better the police player rolls 1:1 on the ASSAULT CRT at once."""
    answer = calculate("chicago", forcing(60, forced_roll=1))
    assert answer["odds"] == "5:1" and answer["dice"] == [4, 1]
    expected = tables.load()["assault"].result("police", 1, 1)
    assert answer["forced_assault"]["roll"] == 1 and answer["forced_assault"]["result"] == expected.code
    assert list(answer["forced_assault"]) == ["roll", "result", "winner", "points"]
    assert answer["forced_assault"]["winner"] == expected.winner


def test_7_at_4_to_1_no_forced_assault_and_a_forced_roll_left_over_is_refused():
    assert calculate("chicago", forcing(48))["forced_assault"] is None
    with pytest.raises(RefereeError, match="left over"):
        calculate("chicago", forcing(48, forced_roll=2))


def test_7_the_forced_assaults_die_comes_from_the_seed_when_not_typed_in():
    first = calculate("chicago", forcing(72), seed=11)
    assert first == calculate("chicago", forcing(72), seed=11)
    assert len(first["dice"]) == 2 and first["dice"][0] == 4 and first["forced_assault"]["roll"] == first["dice"][1]


def test_7_no_forced_assault_on_police_in_the_minimum_area():
    """7: "This rule does not apply to police units in the minimum area"."""
    data = forcing(72) | {"defend": [police("P1", 1, minimum=True), police("P2", 1, minimum=True)]}
    assert calculate("chicago", data)["forced_assault"] is None


# --- HOW TO RESOLVE CONFLICT 1-2, CPD MINIMUM ---------------------------------------------------------


def test_cpd_minimum_2_platoons_in_minimum_never_attack():
    data = {"attacker": "police", "table": "harass", "attack": [police("P1", 1, minimum=True)],
            "defend": [group("G1", 4)], "box": "P1/D1", "roll": 1}
    refused(data, "CPD MINIMUM 2")


def test_2_minimum_platoons_attacked_only_when_they_are_the_only_blue_units():
    data = {"attacker": "demonstrators", "table": "harass", "attack": [group("C1", 1, 3)],
            "defend": [police("P1", 1, minimum=True), police("Co 2", 2, 3)], "box": "P1/D1", "roll": 1}
    refused(data, "HOW TO RESOLVE CONFLICT 2")


def test_the_guard_is_never_in_a_minimum_box():
    data = {"attacker": "demonstrators", "table": "harass", "attack": [group("C1", 1, 3)],
            "defend": [{"id": "NG 1", "type": "guard", "minimum": True}], "box": "P1/D1", "roll": 1}
    refused(data, "NATIONAL GUARD")


# --- THE PLAYING PIECES: the units as given ---------------------------------------------------------------


@pytest.mark.parametrize("unit, section", [
    (police("P1", 4), "THE PLAYING PIECES"),  # three levels
    (police("P1", 1, 2), "THE PLAYING PIECES"),  # a platoon or a company of three
    ({"id": "T1", "type": "tac", "count": 3}, "THE PLAYING PIECES"),  # no Tac companies
    ({"id": "T1", "type": "tac", "level": 1}, "TAC UNITS"),  # no levels
    (police("Co 1", 1, 3, strength=9), "THE PLAYING PIECES"),  # a level-1 company is 12
])
def test_the_playing_pieces_refuse_a_unit_that_does_not_exist(unit, section):
    data = {"attacker": "police", "table": "harass", "attack": [unit], "defend": [group("G1", 4)],
            "box": "P1/D1", "roll": 1}
    refused(data, section)


@pytest.mark.parametrize("type_, level, count, strength", [
    ("police", 1, 1, 4), ("police", 1, 3, 12), ("police", 2, 3, 9), ("police", 3, 1, 2), ("police", 3, 3, 6),
    ("tac", None, 1, 5), ("guard", None, 1, 3), ("guard", None, 3, 9),
    ("demonstrator", 1, 1, 12), ("demonstrator", 1, 3, 36), ("demonstrator", 2, 3, 27), ("demonstrator", 3, 1, 6),
    ("demonstrator", 3, 3, 18), ("demonstrator", 4, 1, 3), ("demonstrator", 4, 3, 9)])
def test_the_playing_pieces_conflict_numbers(type_, level, count, strength):
    """THE PLAYING PIECES: 4-3/12-3, 3-3/9-3, 2-3/6-3; Tac 5-3; NG 3-2/9-2; 12-2/36-2, 9-2/27-2, 6-1/18-1, 3-1/9-1."""
    unit = conflict.Unit("x", TYPES[type_], level, count)
    assert unit.strength == strength


def test_a_unit_as_state_json_gives_it_is_accepted():
    """The units are as `referee state --json` gives them (CONTRACT.md)."""
    unit = {"id": "Co 1", "name": "Company 1", "side": "police", "type": "police", "node": "loop", "stack": 0,
            "status": "active", "level": 2, "count": 3, "strength": 9, "minimum": False}
    data = {"attacker": "police", "table": "harass", "attack": [unit], "defend": [group("G1", 4)], "box": "P4/D3"}
    assert calculate("chicago", data, seed=3)["attack_strength"] == 9


@pytest.mark.parametrize("change, key", [
    ({"colour": "blue"}, "colour"), ({"box": "P4-D1"}, "box"), ({"attacker": "blue"}, "attacker"),
    ({"table": "riot"}, "table"), ({"roll": 7}, "roll"), ({"roll": "2"}, "roll"),
    ({"attack": [{"id": "G", "type": "demonstrator"}]}, "level"), ({"attack": {}}, "attack"),
    ({"attack": [{"id": "Co 1", "type": "police", "level": 1, "side": "demonstrators"}]}, "side"),
    ({"forced_roll": 2, "roll": None}, "forced_roll"),
])
def test_bad_input_is_one_line_naming_the_key(change, key):
    data = {k: v for k, v in (EXAMPLE | change).items() if v is not None}
    with pytest.raises(RefereeError) as error:
        calculate("chicago", data)
    assert key in str(error.value) and "\n" not in str(error.value)


def test_bad_input_exits_2_with_one_line(cli):
    run = cli("resolve", "chicago", stdin=json.dumps(EXAMPLE | {"table": "assault", "attacker": "demonstrators",
                                                                 "attack": [group("G1", 1)], "defend": [police("P", 1)]}))
    assert run.code == 2 and run.out == ""
    assert run.err.strip().count("\n") == 0 and "HOW TO RESOLVE CONFLICT 6" in run.err


def test_the_contracts_example_through_a_real_process(referee_process):
    run = referee_process("resolve", "chicago", stdin=json.dumps(EXAMPLE))
    assert run.code == 0, run.err
    assert json.loads(run.out) == calculate("chicago", EXAMPLE)


def test_the_registry_offers_chicago(cli):
    assert rulesets.calculator("chicago").id == "chicago" and rulesets.get("chicago").calculators == ("chicago",)
    run = cli("resolve", "nope", stdin="{}")
    assert run.code == 2 and "chicago" in run.err.split("known:")[1]


def test_the_readme_examples_are_what_the_calculator_prints(cli):
    """README, "Chicago-Chicago's conflict"."""
    examples = readme_examples("Chicago-Chicago's conflict")
    assert examples
    for name, stdin, shown in examples:
        run = cli("resolve", name, stdin=stdin)
        assert run.code == 0, run.err
        assert json.loads(run.out) == shown


# --- BREAKING DOWN AND BUILDING UP UNITS 2, ATTRITION RULE: level changes ----------------------------------


def table(code: str, assault: str | None = None) -> dict[str, tables.Table]:
    """HARASS with `code` in every cell, ASSAULT with `assault` (default: the same), for every side using them."""
    cells = {"harass": tables.parse(code), "assault": tables.parse(assault or code)}
    return {name: tables.Table(name, {side: ((cell,) * 4,) * 6 for side in tables.READERS[name]})
            for name, cell in cells.items() if cell}


def resolve(code: str, attack: list[dict], defend: list[dict], attacker: str = "police", box: str = "P4/D1",
            dice: tuple[int, ...] = (3,)) -> dict:
    """One conflict on tables holding `code` everywhere, as the calculator answers it."""
    data = {"attacker": attacker, "table": "harass", "attack": attack, "defend": defend, "box": box}
    fight, _ = parse(data)
    return to_json("harass", conflict.resolve(fight, table(code), TableDice(list(dice))), list(dice), 4)


@pytest.mark.parametrize("force, fraction, affected", [(5, 3, 1), (5, 2, 2), (2, 3, 1), (1, 3, 1), (1, 2, 1),
                                                       (6, 3, 2), (9, 2, 4), (12, 3, 4), (3, 2, 1)])
def test_fractions_are_ignored_and_at_least_one_is_affected(force, fraction, affected):
    """A: "5 platoons ... one third ... you ignore two and use three. If one half ... ignore one and use four";
    B: "if there are only two groups and one third are affected, then one is affected"."""
    assert conflict.affected(force, fraction) == affected


def test_a_third_of_five_platoons_is_one_lowest_first():
    """A and ATTRITION RULE: five platoons (levels 1, 1, 2, 2, 3), a third down: the level-3 platoon, which can
    go no lower, leaves the game."""
    answer = resolve("DP3", [group("C1", 1, 3)], [police("Co 1", 1, 3), police("P2", 2), police("P3", 3)],
                     attacker="demonstrators")
    assert units(answer)[1:] == [("Co 1", 1, 3, False), ("P2", 2, 1, False), ("P3", 3, 1, True)]


def test_half_of_five_is_two_and_a_company_breaks_down():
    """A, D ("we always deal in terms of groups and platoons"): half of a level-1 company and two level-2
    platoons is two: both level-2 platoons go to level 3; a company hit for one platoon is shown in two parts."""
    answer = resolve("DP2", [group("C1", 1, 3)], [police("Co 1", 1, 3), police("P2", 2), police("P3", 2)],
                     attacker="demonstrators")
    assert units(answer)[1:] == [("Co 1", 1, 3, False), ("P2", 3, 1, False), ("P3", 3, 1, False)]
    answer = resolve("DP3", [group("C1", 1, 3)], [police("Co 1", 1, 3)], attacker="demonstrators")
    assert units(answer)[1:] == [("Co 1", 1, 2, False), ("Co 1", 2, 1, False)]


def test_a_single_unit_changes_level():
    """C: "If only one unit is involved then deal with its levels"."""
    answer = resolve("PD2", [police("Co 1", 1, 3)], [group("G1", 2)], box="P3/D1")
    assert units(answer)[1] == ("G1", 3, 1, False)
    assert answer["winner"] == "police" and answer["points"] == {"police": 3, "demonstrators": 0}


def test_demonstrators_lowest_first_level_4_leaves_the_game():
    """ATTRITION RULE: "level 4 is the lowest"; DEMONSTRATOR ATTRITION AND MULTIPLICATION 3: a level-4 unit
    that must go down is removed. Half of four groups (levels 1, 2, 3, 4): the level-4 and level-3 groups."""
    companies = [police(f"Co {i}", 1, 3) for i in range(4)]  # 48 against 30
    answer = resolve("PD2", companies, [group("G1", 1), group("G2", 2), group("G3", 3), group("G4", 4)])
    assert units(answer)[4:] == [("G1", 1, 1, False), ("G2", 2, 1, False), ("G3", 4, 1, False), ("G4", 4, 1, True)]


def test_police_then_guard_then_tac():
    """NATIONAL GUARD: NG units are "higher than level 1 units" and go out when forced down; TAC UNITS: Tac are
    above NG, "the last to be affected, and then there is no effect"."""
    attack = [group("C1", 3, 3)]  # 18: 1:1, no forced assault
    guard, tac = {"id": "NG", "type": "guard"}, {"id": "T1", "type": "tac"}
    answer = resolve("DP2", attack, [tac, guard, police("P1", 1)], attacker="demonstrators")  # half of 3: one
    assert units(answer)[1:] == [("T1", None, 1, False), ("NG", None, 1, False), ("P1", 2, 1, False)]
    answer = resolve("DP2", attack, [tac, guard, {"id": "T2", "type": "tac"}], attacker="demonstrators")  # one
    assert units(answer)[1:] == [("T1", None, 1, False), ("NG", None, 1, True), ("T2", None, 1, False)]
    answer = resolve("DP2", attack, [tac, {"id": "T2", "type": "tac"}], attacker="demonstrators")
    assert units(answer)[1:] == [("T1", None, 1, False), ("T2", None, 1, False)]


def test_no_effect_nobody_scores():
    answer = resolve("-", [police("P1", 1)], [group("G1", 4)])
    assert answer["winner"] is None and answer["points"] == {"police": 0, "demonstrators": 0}
    assert units(answer) == [("P1", 1, 1, False), ("G1", 4, 1, False)]


def test_5_the_box_code_gives_the_winner_its_number():
    """5: "if the police win a conflict in that box ... they move their Exposure Index indicator up the number
    of points indicated"; the first letter of the outcome is the winner."""
    assert resolve("PD3", [police("P1", 1)], [group("G1", 4)], box="P6/D5")["points"] == {"police": 6, "demonstrators": 0}
    assert resolve("DD3", [police("P1", 1)], [group("G1", 4)], box="P6/D5")["points"] == {"police": 0, "demonstrators": 5}


# --- invariants -------------------------------------------------------------------------------------------------

CODES = st.sampled_from(["-", *(f"{w}{a}{f}{up}" for w in "PD" for a in "PD" for f in "23" for up in ("", "+"))])


@st.composite
def pieces(draw, side: str) -> dict:
    if side == "police":
        kind = draw(st.sampled_from(["police", "police", "tac", "guard"]))
    else:
        kind = "demonstrator"
    unit: dict = {"type": kind, "count": 1 if kind == "tac" else draw(st.sampled_from([1, 3]))}
    if TYPES[kind].levels:
        unit["level"] = draw(st.integers(1, TYPES[kind].lowest))
    return unit


@st.composite
def conflicts(draw) -> dict:
    attacker = draw(st.sampled_from(["police", "demonstrators"]))
    defender = "demonstrators" if attacker == "police" else "police"
    attack = [p | {"id": f"a{i}"} for i, p in enumerate(draw(st.lists(pieces(attacker), min_size=1, max_size=6)))]
    defend = [p | {"id": f"d{i}"} for i, p in enumerate(draw(st.lists(pieces(defender), min_size=1, max_size=3)))]
    attack = [u for u in attack if u["type"] != "guard"] or [{"id": "a", "type": "tac"}]  # the Guard never attacks
    return {"attacker": attacker, "attack": attack, "defend": defend,
            "box": f"P{draw(st.integers(0, 9))}/D{draw(st.integers(0, 9))}"}


def platoons(units_: list[dict]) -> dict[str, list]:
    """Each unit's platoons or groups as (removed, level), sorted."""
    found: dict[str, list] = {}
    for u in units_:
        found.setdefault(u["id"], []).extend([(u.get("removed", False), u.get("level") or 1)] * u.get("count", 1))
    return {k: sorted(v) for k, v in found.items()}


def moved_as_told(data: dict, answer: dict) -> None:
    """Every platoon or group is still listed, at a level in range; a side's units go up a level only on a result
    that raises them, down or out only on one that lowers them (ATTRITION RULE); Tac never leave."""
    read = [tables.parse(s["result"]) for s in (answer, answer["forced_assault"]) if s is not None]
    up = {r.affected for r in read if r is not None and r.up}
    down = {r.affected for r in read if r is not None and r.affected and not r.up}
    before, after = platoons(data["attack"] + data["defend"]), platoons(answer["units"])
    assert before.keys() == after.keys()
    for uid in before:
        assert len(before[uid]) == len(after[uid])
        kind = TYPES[next(u["type"] for u in data["attack"] + data["defend"] if u["id"] == uid)]
        for (_, was), (out, now) in zip(sorted(before[uid], key=lambda p: p[1]), sorted(after[uid], key=lambda p: p[1]),
                                        strict=True):
            assert 1 <= now <= kind.lowest
            assert now >= was or kind.side in up
            assert (now <= was and not out) or kind.side in down
            assert not out or kind.removable


@settings(max_examples=200, deadline=None)
@given(conflicts(), CODES, CODES, st.integers(1, 6), st.integers(1, 6))
def test_levels_stay_in_range_units_move_as_the_result_says_points_only_to_the_winner(data, harass, assault, die,
                                                                                      forced_die):
    fight, _ = parse(data | {"table": "harass"})
    try:
        outcome = conflict.resolve(fight, table(harass, assault), TableDice([die, forced_die]))
    except Refusal as refusal:
        assert refusal.section == "HOW TO RESOLVE CONFLICT 6"  # below 1:1
        return
    answer = to_json("harass", outcome, [], 4)
    moved_as_told(data, answer)
    for strike in (answer, answer["forced_assault"]):
        if strike is None:
            continue
        winner = strike["winner"]
        box = conflict.box(data["box"])
        assert box is not None
        assert strike["points"] == {"police": box.police if winner == "police" else 0,
                                    "demonstrators": box.demonstrators if winner == "demonstrators" else 0}


@settings(max_examples=100, deadline=None)
@given(conflicts(), st.integers(0, 2**32))
def test_the_shipped_tables_move_units_as_their_results_say_and_the_seed_repeats(data, seed):
    data = data | {"table": "harass"}
    try:
        first = calculate("chicago", data, seed=seed)
    except Refusal:
        return
    assert first == calculate("chicago", data, seed=seed)
    assert all(1 <= d <= 6 for d in first["dice"]) and first["roll"] == first["dice"][0]
    moved_as_told(data, first)
    assert SeededDice(seed).roll("x").value == first["dice"][0]


def test_the_table_defaults_to_harass_and_the_column_read_is_given():
    """HOW TO RESOLVE CONFLICT 6: the demonstrators may use only HARASS, so it is the default; at 18:1 their
    odds are read on their last column, 6:1."""
    data = {"attacker": "demonstrators", "attack": [{"id": "C", "type": "demonstrator", "level": 1, "count": 3}],
            "defend": [{"id": "P", "type": "police", "level": 3, "minimum": True}], "box": "P2/D2", "roll": 4}
    answer = calculate("chicago", data)
    assert (answer["table"], answer["odds"], answer["column"]) == ("harass", "18:1", "6:1")
    assert answer["result"] == tables.load()["harass"].result("demonstrators", 6, 4).code


# --- HOW TO RESOLVE CONFLICT 6-8: stronger attacks, the demonstrators' columns, results that raise ------------------


def test_6_a_stronger_attack_never_does_worse_15_then_21_against_5_rolling_3():
    """HOW TO RESOLVE CONFLICT 6 (the odds read across the table): the demonstrators at 15:5 (3:1) and at 21:5
    (4:1), both rolling 3: adding strength must not turn their win into a loss (issue 27: DD3, then PD3)."""
    weaker = calculate("chicago", {"attacker": "demonstrators", "box": "P4/D6", "roll": 3,
                                   "attack": [group("G1", 1), group("G4", 4)], "defend": [police("P2", 2), police("P3", 3)]})
    stronger = calculate("chicago", {"attacker": "demonstrators", "box": "P4/D6", "roll": 3,
                                     "attack": [group("G1", 1), group("G2", 2)], "defend": [police("P2", 2), police("P3", 3)]})
    assert (weaker["odds"], stronger["odds"]) == ("3:1", "4:1")
    worth = {answer["odds"]: tables.worth(tables.parse(answer["result"]), "demonstrators") for answer in (weaker, stronger)}
    assert worth["4:1"] >= worth["3:1"]
    assert stronger["points"]["demonstrators"] >= weaker["points"]["demonstrators"]


def test_8_the_demonstrators_read_columns_beyond_4_to_1_the_police_stay_at_4_to_1():
    """8: "Police attacks at greater than 4-1 odds are considered 4-1 attacks" caps only the police: the
    demonstrators read their own 5:1 and 6:1 columns (reconstructed), and beyond them the last; 7: at 5:1 the
    forced assault is still rolled, at 1:1 on ASSAULT."""
    for attack, column in ((5, "5:1"), (6, "6:1"), (9, "6:1")):
        answer = calculate("chicago", forcing(12 * attack, roll=1, forced_roll=1))
        assert (answer["odds"], answer["column"]) == (f"{attack}:1", column)
        assert answer["result"] == tables.load()["harass"].result("demonstrators", int(column[0]), 1).code
        assert answer["forced_assault"]["result"] == tables.load()["assault"].result("police", 1, 1).code
    answer = calculate("chicago", EXAMPLE)  # 17:3, the police's 5:1
    assert (answer["odds"], answer["column"]) == ("4:1", "4:1")
    assert tables.load()["harass"].columns("demonstrators") > 4 == tables.load()["harass"].columns("police")


@pytest.mark.parametrize("code, levels, after", [
    ("DD3+", (4, 3, 2), [("g0", 3), ("g1", 3), ("g2", 2)]),  # a third of three, one: the level-4 group
    ("DD2+", (1, 2, 3, 4), [("g0", 1), ("g1", 2), ("g2", 2), ("g3", 3)]),  # half of four: levels 4 and 3
    ("DD3+", (1,), [("g0", 1)]),  # level 1 is the highest
])
def test_rule_of_thumb_c_and_attrition_rule_one_third_up_one_level_the_lowest_first(code, levels, after):
    """BREAKING DOWN AND BUILDING UP UNITS 2 C: "if the outcome is 'one third up one level' then move that unit up
    one level"; ATTRITION RULE: "the first units to be raised or lowered in terms of level MUST be the lowest"."""
    answer = resolve(code, [group(f"g{i}", level) for i, level in enumerate(levels)], [police("Co 1", 1, 3)],
                     attacker="demonstrators")
    assert [(u["id"], u["level"]) for u in answer["units"][:-1]] == after
    assert answer["units"][-1]["level"] == 1 and answer["winner"] == "demonstrators"


def test_rule_of_thumb_c_a_single_unit_goes_up_tac_and_the_guard_never_do():
    """C: a single unit "one third up one level" goes up one level; TAC UNITS: "they cannot go up or down";
    NATIONAL GUARD: "They have only one level"."""
    tac, guard = {"id": "T1", "type": "tac"}, {"id": "NG", "type": "guard"}
    assert units(resolve("PP3+", [group("G1", 4)], [police("P1", 3)], attacker="demonstrators"))[1] == ("P1", 2, 1, False)
    answer = resolve("PP2+", [group("C1", 1)], [tac, guard, police("P1", 3)], attacker="demonstrators")  # one of three
    assert units(answer)[1:] == [("T1", None, 1, False), ("NG", None, 1, False), ("P1", 2, 1, False)]
    answer = resolve("PP2+", [group("C1", 1)], [tac, guard], attacker="demonstrators")  # the Guard, unchanged
    assert units(answer)[1:] == [("T1", None, 1, False), ("NG", None, 1, False)]
