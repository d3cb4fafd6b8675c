"""Battle of Seattle's combat and `referee resolve bos` (CONTRACT.md, "`referee resolve bos`"): each test
cites the section of the rule text (v1.2) it reads. The expected values are worked out from the text here,
never read back from the code."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import rulesets
from referee.core.dice import SeededDice
from referee.errors import RefereeError, Refusal
from referee.rulesets.bos.rules.calculator import calculate
from tests.examples import readme_examples

# The combat example of 6.4, as CONTRACT.md gives its input and its answer.
EXAMPLE = {"attacker": "authority", "stage": 2, "night": False, "barricade": True, "events": [],
           "attackers": [{"id": "SPD 1", "type": "spd", "munitions": True}, {"id": "SPD 2", "type": "spd", "munitions": True}],
           "defenders": [{"id": "Radicals 1", "type": "radical"}, {"id": "Radicals 2", "type": "radical"}],
           "crowds_present": True, "group_ei": "authority",
           "choices": {"attack": "Radicals 1", "counterattack": "SPD 1"},
           "dice": [6, 5, 5]}
EXAMPLE_ANSWER = {"ruleset": "bos", "attacker": "authority",
                  "attack": {"cf": 8, "column": "7-10", "roll": 6, "result": "X"},
                  "counterattack": {"cf": 2, "column": "2-3", "roll": 5, "result": "MC"},
                  "units": [{"id": "SPD 1", "side": "authority", "morale": 4, "morale_roll": 5, "fate": "reserve"},
                            {"id": "SPD 2", "side": "authority", "fate": "stays"},
                            {"id": "Radicals 1", "side": "protester", "fate": "removed"},
                            {"id": "Radicals 2", "side": "protester", "fate": "removed"}],
                  "ei": {"authority": 2, "protester": 1},
                  "dice": [6, 5, 5]}

# The Combat Results Table as printed: one row per die roll, columns 1, 2-3, 4-6, 7-10, 11-15, 16+.
CRT = {1: "N N N N N MC", 2: "N N N N MC MC", 3: "N N MC MC MC A",
       4: "N MC MC MC A A", 5: "MC MC A A A X", 6: "MC A A X X X"}
COLUMNS = ["1", "2-3", "4-6", "7-10", "11-15", "16+"]
EDGES = [(1, "1"), (2, "2-3"), (3, "2-3"), (4, "4-6"), (6, "4-6"), (7, "7-10"), (10, "7-10"), (11, "11-15"),
         (15, "11-15"), (16, "16+"), (40, "16+")]


def unit(uid: str, kind: str, **extra) -> dict:
    return {"id": uid, "type": kind, **extra}


def units(kind: str, n: int, name: str = "") -> list[dict]:
    return [unit(f"{name or kind} {i + 1}", kind) for i in range(n)]


def fight(attacker="authority", attackers=None, defenders=None, **keys) -> dict:
    """An input: by default one SPD unit attacks one Radical group."""
    if attackers is None:
        attackers = [unit("SPD 1", "spd")] if attacker == "authority" else [unit("Radicals 1", "radical")]
    if defenders is None:
        defenders = [unit("Radicals 1", "radical")] if attacker == "authority" else [unit("SPD 1", "spd")]
    return {"attacker": attacker, "attackers": attackers, "defenders": defenders, **keys}


def fates(answer: dict) -> dict[str, str]:
    return {u["id"]: u["fate"] for u in answer["units"]}


def refused(data: dict, section: str) -> Refusal:
    with pytest.raises(Refusal) as error:
        calculate("bos", data)
    assert error.value.section == section
    assert str(error.value).startswith(f"{section}: ") and "\n" not in str(error.value)
    return error.value


# --- 6.4: the example of combat --------------------------------------------------------------------


def test_6_4_example_of_combat_gives_the_contracts_answer_exactly():
    """6.4: 4+4 doubled for munitions, halved for the barricade is 8 (7-10); a 6 is X. 2+2 halved is 2 (2-3);
    a 5 is MC. Both Groups go (+4 Authority, -2 for munitions: +2); SPD 1 fails on a 5 (+1 Protester)."""
    answer = calculate("bos", EXAMPLE)
    assert answer == EXAMPLE_ANSWER
    assert list(answer) == list(EXAMPLE_ANSWER)
    assert [list(u) for u in answer["units"]] == [list(u) for u in EXAMPLE_ANSWER["units"]]


def test_6_4_example_through_the_command_line(referee_process):
    """The same combat as a real process: one JSON object on stdout, exit 0."""
    run = referee_process("resolve", "bos", stdin=json.dumps(EXAMPLE))
    assert run.code == 0, run.err
    assert json.loads(run.out) == EXAMPLE_ANSWER


def test_the_readme_example_is_6_4_and_what_the_calculator_prints(cli):
    """README, "Battle of Seattle": the example of 6.4 with the defaults left out gives the same answer."""
    ((name, stdin, shown),) = readme_examples("Battle of Seattle")
    run = cli("resolve", name, stdin=stdin)
    assert run.code == 0, run.err
    assert json.loads(run.out) == shown == EXAMPLE_ANSWER


def test_the_registry_offers_bos_and_lists_it_when_a_name_is_unknown(cli):
    """The plugin declares one calculator; an unknown calculator's message lists it among the known ones."""
    assert rulesets.calculator("bos").id == "bos" and rulesets.get("bos").calculators == ("bos",)
    run = cli("resolve", "nope", stdin="{}")
    assert run.code == 2 and "bos" in run.err.split("known:")[1]


# --- 6.2: Combat Factor adjustments ------------------------------------------------------------------


def cf(data: dict, roll: str = "attack") -> int:
    return calculate("bos", data, seed=1)[roll]["cf"]


def test_6_2_special_munitions_double_only_the_units_using_them():
    """6.2: munitions double "the CF of each Authority unit doing so": 4*2 + 4 = 12."""
    data = fight(stage=2, attackers=[unit("SPD 1", "spd", munitions=True), unit("SPD 2", "spd")])
    assert cf(data) == 12


def test_6_2_barricade_halves_both_sides_rounding_up_each_unit():
    """6.2, 7.2: each unit's CF is halved, rounded up, then totalled (6.1): three Yahoos (1 each) stay 3, not 2;
    the SPD counterattack is halved to 2."""
    data = fight("protester", attackers=units("yahoo", 3), barricade=True, stage=2)
    assert cf(data) == 3
    assert cf(data, "counterattack") == 2


def test_6_2_night_halves_both_sides():
    """6.2, 7.1: a State Trooper's 3 is 2 at night, a Radical's 2 is 1."""
    data = fight(attackers=[unit("ST 1", "state_trooper")], night=True)
    assert (cf(data), cf(data, "counterattack")) == (2, 1)


def test_6_2_each_halving_rounds_up_in_turn():
    """6.2: "rounding up each time you halve": a State Trooper at night behind a barricade is 3 -> 2 -> 1."""
    data = fight(attackers=[unit("ST 1", "state_trooper")], night=True, barricade=True, stage=2)
    assert cf(data) == 1


def test_6_2_all_doubling_comes_before_the_halving():
    """6.2: a State Trooper with munitions behind a barricade: 3 doubled is 6, halved 3 (halving first: 2, then 4)."""
    data = fight(attackers=[unit("ST 1", "state_trooper", munitions=True)], barricade=True, stage=2)
    assert cf(data) == 3


def test_6_2_every_adjustment_together():
    """6.2, 7.3: Stage Three and munitions double an SPD twice (16), night and barricade halve it twice (4)."""
    data = fight(attackers=[unit("SPD 1", "spd", munitions=True)], stage=3, night=True, barricade=True)
    assert cf(data) == 4


def test_7_3_stage_three_doubles_every_unit_of_both_sides():
    """7.3: Stage Three: all units may double their CF: the Radical's counterattack is 4, the SPD's attack 8."""
    data = fight(stage=3)
    assert (cf(data), cf(data, "counterattack")) == (8, 4)


def test_7_3_stage_three_munitions_double_again():
    """7.3: "Authority units may double it again if they use Special Munitions": 4 * 2 * 2."""
    assert cf(fight(stage=3, attackers=[unit("SPD 1", "spd", munitions=True)])) == 16


def test_22_angry_womyn_doubles_radicals_attacking_and_counterattacking():
    """Random event 22: all Radical units double their CF this turn; Anarchists do not."""
    data = fight("protester", attackers=[unit("R", "radical"), unit("A", "anarchist")], events=["angry_womyn"])
    assert cf(data) == 4 + 2
    against = fight(defenders=[unit("R", "radical"), unit("A", "anarchist")], events=["angry_womyn"])
    assert cf(against, "counterattack") == 4 + 2


def test_45_pointing_fingers_doubles_authority_attacking_only_groups_where_crowds_stand():
    """Random event 45-46: the Authority doubles units attacking Group units in an area where Crowds are present."""
    groups = [unit("R", "radical"), unit("Y", "yahoo")]
    assert cf(fight(defenders=groups, events=["pointing_fingers"], crowds_present=True)) == 8
    assert cf(fight(defenders=groups, events=["pointing_fingers"], crowds_present=False)) == 4
    assert cf(fight(defenders=groups, crowds_present=True)) == 4


def test_45_pointing_fingers_is_lost_by_attacking_a_crowd_too():
    """Random event 45-46: "he may not attack any Crowd units in the area if he wants this advantage"."""
    data = fight(defenders=[unit("R", "radical"), unit("L", "labor")], events=["pointing_fingers"], crowds_present=True)
    assert cf(data) == 4


def test_45_pointing_fingers_in_the_authority_counterattack_on_groups():
    """Random event 45-46 (RULINGS.md): the Authority's counterattack on Groups only, Crowds present, doubles."""
    data = fight("protester", events=["pointing_fingers"], crowds_present=True)
    assert cf(data, "counterattack") == 8
    assert cf(data) == 2  # the Protester attack is never doubled by it


def test_21_and_25_movement_events_change_nothing_in_combat():
    """Random events 21 (The Kids are Untied) and 25 (My Costume Broke) only stop units moving."""
    data = fight("protester", attackers=[unit("A", "anarchist"), unit("E", "environmentalist")], dice=[3, 3, 2, 1])
    assert calculate("bos", data | {"events": ["kids_untied", "costume_broke"]}) == calculate("bos", data)


# --- 6.1, 6.3 and the CRT -------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("total, heading", EDGES)
def test_crt_every_result_at_every_column_edge(total, heading, roll):
    """The CRT: Yahoos (CF 1 each) attack one SPD unit at Stage Two; the column is the sum of attacking CFs."""
    expected = CRT[roll].split()[COLUMNS.index(heading)]
    dice = [roll, 1] + ([6] if expected == "MC" else [])  # the SPD counterattack (4-6) rolls 1: N
    answer = calculate("bos", fight("protester", attackers=units("yahoo", total), stage=2, dice=dice))
    assert answer["attack"] == {"cf": total, "column": heading, "roll": roll, "result": expected}
    assert answer["counterattack"]["result"] == "N"


@pytest.mark.parametrize("total", [7, 10, 11, 15, 16, 20])
def test_6_3_stage_one_reads_a_protester_x_as_a(total):
    """6.3, 7.3: a 6 at 7 or more is X; at Stage One it is treated as A: one SPD unit to the Reserve Pool, not both."""
    data = fight("protester", attackers=units("yahoo", total), defenders=units("spd", 2), dice=[6, 1])
    one, two = calculate("bos", data | {"stage": 1}), calculate("bos", data | {"stage": 2})
    assert (one["attack"]["result"], two["attack"]["result"]) == ("A", "X")
    assert list(fates(one).values()).count("reserve") == 1 and list(fates(two).values()).count("reserve") == 2
    assert (one["ei"]["protester"], two["ei"]["protester"]) == (1, 2)


def test_6_3_stage_one_x_arrests_one_and_checks_the_others():
    """6.3, 7.3: an Authority X at Stage One is an A: one Group arrested, the other checks morale."""
    data = fight(attackers=units("spd", 2), defenders=units("radical", 2), stage=1, dice=[6, 1, 5])
    answer = calculate("bos", data)
    assert answer["attack"] == {"cf": 8, "column": "7-10", "roll": 6, "result": "A"}
    assert fates(answer) == {"spd 1": "stays", "spd 2": "stays", "radical 1": "removed", "radical 2": "off-map"}
    assert answer["units"][3]["morale"] == 4 and answer["units"][3]["morale_roll"] == 5
    assert answer["ei"] == {"authority": 2, "protester": 0}


def test_6_3_mc_checks_the_unit_the_roller_picks_else_the_first_listed():
    """6.3 MC: one enemy unit of the rolling player's choice checks morale; absent a choice, the first listed."""
    base = fight(defenders=units("radical", 2), dice=[3, 1, 6])  # SPD 4 (4-6) rolls 3: MC
    assert fates(calculate("bos", base))["radical 1"] == "off-map"
    picked = calculate("bos", base | {"choices": {"attack": "radical 2"}})
    assert fates(picked) == {"SPD 1": "stays", "radical 1": "stays", "radical 2": "off-map"}


def test_6_3_authority_arrest_removes_one_and_checks_the_rest_in_defender_order():
    """6.3 A by the Authority: the picked Protester unit is removed for good; every other one checks morale,
    its die in the order the defenders are listed."""
    data = fight(attackers=units("spd", 2), defenders=[unit("A", "anarchist"), unit("R", "radical"), unit("Y", "yahoo")],
                 choices={"attack": "R"}, stage=2, dice=[5, 1, 6, 2])
    answer = calculate("bos", data)
    assert answer["attack"]["result"] == "A"
    assert fates(answer) == {"spd 1": "stays", "spd 2": "stays", "A": "off-map", "R": "removed", "Y": "stays"}
    assert [(u["id"], u.get("morale_roll")) for u in answer["units"][2:]] == [("A", 6), ("R", None), ("Y", 2)]
    assert answer["ei"] == {"authority": 2, "protester": 0}


def test_6_3_protester_arrest_sends_one_authority_unit_to_the_reserve():
    """6.3 A by the Protesters: one Authority unit (the roller's pick) to the Reserve Pool; +1 Protester EI."""
    data = fight("protester", attackers=units("radical", 2), defenders=units("spd", 2), choices={"attack": "spd 2"},
                 dice=[6, 1])
    answer = calculate("bos", data)
    assert answer["attack"]["result"] == "A"
    assert fates(answer) == {"radical 1": "stays", "radical 2": "stays", "spd 1": "stays", "spd 2": "reserve"}
    assert answer["ei"] == {"authority": 0, "protester": 1}


def test_6_3_protester_dispersal_sends_every_authority_unit_to_the_reserve():
    """6.3 X by the Protesters: all Authority units involved to the Reserve Pool, +1 Protester EI each."""
    data = fight("protester", attackers=units("anarchist", 4), defenders=units("spd", 2), stage=2, dice=[6, 1])
    answer = calculate("bos", data)
    assert answer["attack"]["result"] == "X"
    assert fates(answer)["spd 1"] == fates(answer)["spd 2"] == "reserve"
    assert answer["ei"] == {"authority": 0, "protester": 2}


def test_6_3_authority_dispersal_of_crowds_costs_a_die_each_after_the_morale_dice():
    """6.3 X, EI chart: each Crowd removed is -1 Authority and -1d6 Protester; the Crowds' dice come last,
    after the counterattack's morale die, in the order of the defenders."""
    data = fight(attackers=units("spd", 3), defenders=[unit("L", "labor"), unit("E", "environmentalist")],
                 choices={"counterattack": "spd 3"}, stage=2, dice=[6, 4, 2, 3, 5])
    answer = calculate("bos", data)
    assert answer["attack"] == {"cf": 12, "column": "11-15", "roll": 6, "result": "X"}
    assert answer["counterattack"] == {"cf": 3, "column": "2-3", "roll": 4, "result": "MC"}
    assert answer["units"][2] == {"id": "spd 3", "side": "authority", "morale": 4, "morale_roll": 2, "fate": "stays"}
    assert fates(answer)["L"] == fates(answer)["E"] == "removed"
    assert answer["ei"] == {"authority": -2, "protester": -3 - 5}


def test_ei_chart_group_removed_at_the_authority_players_choice():
    """EI chart: +2 Authority or -2 Protester per Group removed, the Authority player's choice (`group_ei`)."""
    data = fight(attackers=units("spd", 2), defenders=units("yahoo", 2), stage=2, dice=[6, 1])
    assert calculate("bos", data)["ei"] == {"authority": 4, "protester": 0}
    assert calculate("bos", data | {"group_ei": "protester"})["ei"] == {"authority": 0, "protester": -4}


def test_ei_chart_munitions_cost_the_authority_one_per_unit_whatever_the_result():
    """EI chart: -1 Authority per unit attacking with Special Munitions."""
    data = fight(stage=2, attackers=[unit("S1", "spd", munitions=True), unit("S2", "spd", munitions=True), unit("S3", "spd")],
                 dice=[1, 1, 1])  # 20 (16+) rolls 1: MC, the Radical's check passes
    assert calculate("bos", data)["ei"] == {"authority": -2, "protester": 0}


def test_6_1_results_are_simultaneous_units_removed_still_counterattack():
    """6.1: "Both players then apply the specific combat results": the dispersed Groups' counterattack stands."""
    data = fight(attackers=units("spd", 2), defenders=units("radical", 2), stage=2, dice=[6, 6])
    answer = calculate("bos", data)
    assert answer["counterattack"] == {"cf": 4, "column": "4-6", "roll": 6, "result": "A"}
    assert fates(answer) == {"spd 1": "reserve", "spd 2": "stays", "radical 1": "removed", "radical 2": "removed"}
    assert answer["ei"] == {"authority": 4, "protester": 1}


# --- 6.4: morale checks --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, morale", [("anarchist", 5), ("radical", 4), ("yahoo", 2), ("labor", 3), ("liberal", 2),
                                          ("environmentalist", 3)])
def test_6_4_a_protester_passes_on_its_morale_or_less_and_fails_above(kind, morale):
    """6.4: a roll equal to the Morale Factor passes; one more sends the unit off the map (no EI change)."""
    for roll, fate in ((morale, "stays"), (morale + 1, "off-map")):
        if roll > 6:
            continue
        answer = calculate("bos", fight(defenders=[unit("P", kind)], dice=[3, 1, roll]))  # SPD 4 rolls 3: MC
        assert answer["units"][1] == {"id": "P", "side": "protester", "morale": morale, "morale_roll": roll, "fate": fate}
        assert answer["ei"] == {"authority": 0, "protester": 0}


@pytest.mark.parametrize("kind, morale", [("spd", 4), ("state_trooper", 5), ("national_guard", 6)])
def test_6_4_an_authority_unit_failing_goes_to_the_reserve_for_a_protester_point(kind, morale):
    """6.4: an Authority unit failing is removed to the Reserve Pool; +1 Protester EI (EI chart)."""
    for roll, fate, points in ((morale, "stays", 0), (morale + 1, "reserve", 1)):
        if roll > 6:
            continue
        data = fight("protester", attackers=units("anarchist", 3), defenders=[unit("C", kind)], dice=[4, 1, roll])
        answer = calculate("bos", data)
        assert answer["attack"]["result"] == "MC"
        assert answer["units"][-1] == {"id": "C", "side": "authority", "morale": morale, "morale_roll": roll, "fate": fate}
        assert answer["ei"]["protester"] == points


def test_35_solidarity_forever_raises_protester_morale_by_one():
    """6.4, random event 35-36: Protester units check as if their Morale Factor were one higher (a 4 is a 5)."""
    data = fight(dice=[3, 1, 5], events=["solidarity_forever"])
    assert calculate("bos", data)["units"][1] == {"id": "Radicals 1", "side": "protester", "morale": 5, "morale_roll": 5,
                                                 "fate": "stays"}


def test_35_solidarity_forever_leaves_authority_morale_alone():
    """Random event 35-36 is the Protesters' only."""
    data = fight("protester", attackers=units("anarchist", 3), dice=[4, 1, 5], events=["solidarity_forever"])
    assert calculate("bos", data)["units"][-1] == {"id": "SPD 1", "side": "authority", "morale": 4, "morale_roll": 5,
                                                  "fate": "reserve"}


# --- refusals ------------------------------------------------------------------------------------------

REFUSALS = [
    ("7.3", fight(stage=1, attackers=[unit("S", "spd", munitions=True)])),
    ("7.3", fight(stage=4)),
    ("Random Events Table 65-66 (Lost Keys to the Ammunition Locker!)",
     fight(stage=2, attackers=[unit("S", "spd", munitions=True)], events=["lost_keys"])),
    ('Random Events Table 43-44 ("This is a Nonviolent Protest!")',
     fight("protester", attackers=[unit("R", "radical"), unit("L", "liberal")], events=["nonviolent"])),
    ("Random Events Table 41-42 (Faction Friction)",
     fight("protester", attackers=[unit("R", "radical"), unit("A", "anarchist")], events=["faction_friction"])),
    ("Random Events Table 23 (Coffee Break)", fight("protester", attackers=[unit("L", "labor")], events=["coffee_break"])),
    ("6.2", fight("protester", attackers=[unit("R", "radical", munitions=True)], stage=2)),
    ("6.2", fight("protester", defenders=[unit("S", "spd", munitions=True)], stage=2)),
    ("6.1", fight(attackers=[unit("R", "radical")])),
    ("6.1", fight(defenders=[unit("S2", "spd")])),
    ("6.1", fight(defenders=[])),
    ("6.1", fight(attackers=[unit("X", "spd")], defenders=[unit("X", "radical")])),
    ("6.3", fight(choices={"attack": "SPD 1"})),
    ("6.3", fight(choices={"counterattack": "nobody"})),
    ("7.1", fight(defenders=[unit("L", "labor")], night=True)),
    ("7.1", fight(night=True, crowds_present=True)),
]


@pytest.mark.parametrize("section, data", REFUSALS, ids=[f"{s} {i}" for i, (s, _) in enumerate(REFUSALS)])
def test_illegal_combats_exit_2_naming_the_section(cli, section, data):
    """Each refusal exits 2 with one line on stderr that starts with its section, and prints nothing."""
    refused(data, section)
    run = cli("resolve", "bos", stdin=json.dumps(data))
    assert run.code == 2 and run.out == ""
    assert run.err.startswith(f"referee: {section}: ") and run.err.count("\n") == 1


def test_events_that_bar_attacks_bar_only_the_protester_player_turn():
    """Random events 23, 41-42, 43-44 bind the Protester Combat Phase: in the Authority's, Labor and mixed
    factions defend and counterattack."""
    data = fight(defenders=[unit("L", "labor"), unit("R", "radical")], events=["coffee_break", "faction_friction", "nonviolent"],
                 dice=[1, 1])
    assert calculate("bos", data)["counterattack"]["cf"] == 1 + 2


def test_faction_friction_allows_one_faction():
    """Random event 41-42: units of one faction may still combine."""
    data = fight("protester", attackers=units("radical", 2), events=["faction_friction"], dice=[1, 1])
    assert calculate("bos", data)["attack"]["cf"] == 4


@pytest.mark.parametrize("data, words", [
    ({"attacker": "authority", "attackers": []}, '"defenders" is missing'),
    (fight(attacker="police"), '"attacker" must be one of'),
    (fight(events=["riot"]), '"events[0]" must be one of'),
    (fight(stage="2"), '"stage" must be a whole number'),
    (fight(ei={"authority": -1, "protester": 0}), '"ei.authority" must be a whole number from 0'),
    (fight(dice=[7, 1]), "not a face of a d6"),
    (fight(dice=[1]), "not enough dice"),
    (fight(dice=[1, 1, 1]), "left over"),
    (fight(speed=3), 'unknown key "speed"'),
    ([], "must be a JSON object"),
    (fight(attackers="SPD 1"), '"attackers" must be a list'),
    (fight(defenders=[{"id": "R"}]), '"defenders[0].type" is missing'),
    (fight(defenders=[{"id": "R", "type": "radical", "armed": True}]), 'unknown key "defenders[0].armed"'),
    (fight(attackers=[{"id": "S", "type": "spd", "munitions": "yes"}]), '"attackers[0].munitions" must be true or false'),
    (fight(ei={"authority": 3}), '"ei.protester" is missing'),
    (fight(choices={"attack": ""}), '"choices.attack" must not be empty'),
    (fight(night=1), '"night" must be true or false'),
])
def test_bad_input_is_one_line_and_exit_2(cli, data, words):
    run = cli("resolve", "bos", stdin=json.dumps(data))
    assert run.code == 2 and words in run.err and run.err.count("\n") == 1


# --- 2.3 with `ei` given ---------------------------------------------------------------------------------


def test_2_3_without_going_below_zero_the_changes_are_added():
    answer = calculate("bos", EXAMPLE | {"ei": {"authority": 30, "protester": 0}})
    assert answer["ei_after"] == {"authority": 32, "protester": 1}
    assert list(answer) == ["ruleset", "attacker", "attack", "counterattack", "units", "ei", "ei_after", "dice"]


def test_2_3_points_beyond_zero_go_to_the_other_side():
    """2.3: an Authority at 1 paying 2 for munitions stops at 0, and the point beyond zero goes to the Protesters."""
    data = fight(stage=2, attackers=[unit("S1", "spd", munitions=True), unit("S2", "spd", munitions=True)], dice=[1, 1, 1],
                 ei={"authority": 1, "protester": 5})
    answer = calculate("bos", data)
    assert answer["ei"] == {"authority": -2, "protester": 0}
    assert answer["ei_after"] == {"authority": 0, "protester": 6}


def test_2_3_a_protester_loss_beyond_zero_goes_to_the_authority():
    """2.3 with `group_ei` protester: two Groups removed are -4 Protester; at 1, three points go to the Authority."""
    data = fight(attackers=units("spd", 2), defenders=units("yahoo", 2), stage=2, dice=[6, 1], group_ei="protester",
                 ei={"authority": 10, "protester": 1})
    assert calculate("bos", data)["ei_after"] == {"authority": 13, "protester": 0}


def test_2_3_both_sides_below_zero_at_once():
    """2.3, RULINGS.md: the net changes apply at once; each side's points beyond zero go to the other."""
    data = fight(attackers=[unit("S1", "spd", munitions=True)], defenders=[unit("L", "liberal")], stage=2,
                 dice=[6, 1, 4], ei={"authority": 0, "protester": 1})
    answer = calculate("bos", data)
    assert answer["ei"] == {"authority": -2, "protester": -4}  # munitions -1, the Crowd -1; the Crowd's die 4
    assert answer["ei_after"] == {"authority": 3, "protester": 2}


def test_without_ei_there_is_no_ei_after():
    assert "ei_after" not in calculate("bos", EXAMPLE)


# --- dice ------------------------------------------------------------------------------------------------


def test_seeded_dice_are_the_generator_of_the_seed():
    """Without `dice` the generator seeded with --seed rolls, and the answer lists the dice it used."""
    answer = calculate("bos", fight(), seed=42)
    generator = SeededDice(42)
    assert answer["dice"][:2] == [generator.roll("attack").value, generator.roll("counterattack").value]
    assert calculate("bos", fight(), seed=42) == answer


PROTESTER_TYPES = ["anarchist", "radical", "labor", "liberal", "environmentalist", "yahoo"]
AUTHORITY_TYPES = ["spd", "national_guard", "state_trooper"]
CROWDS = {"labor", "liberal", "environmentalist"}


@st.composite
def combats(draw) -> dict:
    """A legal combat: munitions only on attacking Authority units from Stage Two, no Crowds at night."""
    attacker = draw(st.sampled_from(["authority", "protester"]))
    stage, night = draw(st.integers(1, 3)), draw(st.booleans())
    protester_types = [t for t in PROTESTER_TYPES if not (night and t in CROWDS)]
    events = draw(st.lists(st.sampled_from(["angry_womyn", "solidarity_forever", "pointing_fingers", "kids_untied"]),
                           unique=True, max_size=4))

    def side(kinds, prefix, munitions):
        listed = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=5))
        return [unit(f"{prefix}{i}", kind, **({"munitions": draw(st.booleans())} if munitions else {}))
                for i, kind in enumerate(listed)]

    authority = side(AUTHORITY_TYPES, "a", attacker == "authority" and stage > 1)
    protesters = side(protester_types, "p", False)
    attackers, defenders = (authority, protesters) if attacker == "authority" else (protesters, authority)
    return fight(attacker, attackers, defenders, stage=stage, night=night, barricade=draw(st.booleans()), events=events,
                 crowds_present=draw(st.booleans()) and not night, group_ei=draw(st.sampled_from(["authority", "protester"])),
                 ei={"authority": draw(st.integers(0, 40)), "protester": draw(st.integers(0, 40))})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combats(), st.integers(0, 2**32))
def test_dice_are_consumed_in_the_documented_order(data, seed):
    """CONTRACT: the attack's die, the counterattack's, the morale dice (defenders' in their order, then the
    attackers'), then one die per Crowd removed in its list's order; typed back in, they give the same answer."""
    answer = calculate("bos", data, seed)
    dice = answer["dice"]
    assert dice[:2] == [answer["attack"]["roll"], answer["counterattack"]["roll"]]
    by_id = {u["id"]: u for u in answer["units"]}
    checked = [by_id[u["id"]]["morale_roll"] for u in data["defenders"] + data["attackers"] if "morale_roll" in by_id[u["id"]]]
    crowds = [u for u in data["attackers"] + data["defenders"] if u["type"] in CROWDS and by_id[u["id"]]["fate"] == "removed"]
    assert dice[2:2 + len(checked)] == checked
    assert len(dice) == 2 + len(checked) + len(crowds)
    assert calculate("bos", data | {"dice": dice}) == answer


@settings(max_examples=150, deadline=None)
@given(combats(), st.integers(0, 2**32))
def test_2_3_no_index_goes_below_zero_and_nothing_is_lost(data, seed):
    """2.3: every index after the combat is zero or more; a side's points below zero reappear on the other side."""
    answer = calculate("bos", data, seed)
    before, change, after = data["ei"], answer["ei"], answer["ei_after"]
    for side, rival in (("authority", "protester"), ("protester", "authority")):
        assert after[side] >= 0
        shortfall = max(0, -(before[rival] + change[rival]))
        assert after[side] == max(0, before[side] + change[side]) + shortfall


@settings(max_examples=100, deadline=None)
@given(combats(), st.integers(0, 2**32))
def test_every_unit_has_one_fate_and_only_checked_units_say_their_morale(data, seed):
    """6.3, 6.4: units listed attackers then defenders, each once; `morale` and `morale_roll` only after a check;
    only Protester units leave for good, only Authority units go to the Reserve Pool."""
    answer = calculate("bos", data, seed)
    assert [u["id"] for u in answer["units"]] == [u["id"] for u in data["attackers"] + data["defenders"]]
    for entry in answer["units"]:
        assert list(entry) in (["id", "side", "fate"], ["id", "side", "morale", "morale_roll", "fate"])
        assert entry["fate"] in {"authority": ("stays", "reserve"), "protester": ("stays", "removed", "off-map")}[entry["side"]]


def test_a_refused_combat_rolls_nothing():
    """A refusal comes before any die: a typed-in die too few is not what is reported."""
    with pytest.raises(RefereeError, match="^7.3: "):
        calculate("bos", fight(stage=1, attackers=[unit("S", "spd", munitions=True)], dice=[]))
