"""N30 section 4, the confrontation phase: each test names the rule it checks."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.dice import SeededDice, TableDice
from referee.errors import RefereeError, Refusal
from referee.rulesets.n30.rules.calculator import resolve_json
from referee.rulesets.n30.rules.confrontation import (
    POLICE_FACTORS,
    PROTESTER_TYPES,
    PoliceIn,
    ProtesterIn,
    check_allocation,
    check_attack,
    even_split,
    police_total,
    political_cost,
    resolve,
)
from tests.examples import WORKED_CONFRONTATION


def confront(police, protesters, dice, *, gas=False, allocation=None, refuse=()):
    """police: types (ids made up); protesters: (id, type) or (id, type, locked)."""
    police_units = [PoliceIn(f"P{index}", unit_type) for index, unit_type in enumerate(police)]
    protester_units = [ProtesterIn(*unit) for unit in protesters]
    table = TableDice(list(dice))
    outcome = resolve(police_units, protester_units, gas, allocation, set(refuse), table)
    table.check_all_used()
    return outcome


# --- 1.7 and 4: the police side ---------------------------------------------------------


def test_police_confrontation_factors_hard_2_soft_1_mounted_1_chemical_0():
    """1.7: hard squads rate 2-1, soft 1-1, mounted 1-2; chemical units G-1/G-3 bring gas, not a factor."""
    assert POLICE_FACTORS == {"hard": 2, "soft": 1, "mounted": 1, "chemical": 0}
    assert police_total(["hard", "soft", "mounted", "chemical"]) == 4
    outcome = confront(["hard", "hard", "soft", "mounted", "chemical"], [("A", "flying")], [6])
    assert outcome.police_total == 6 and outcome.effective_total == 6


def test_chemical_alone_cannot_attack():
    """4: the police attack only where hard, soft or mounted squads are; chemical units only accompany them."""
    with pytest.raises(Refusal) as refused:
        confront(["chemical"], [("A", "flying")], [1])
    assert refused.value.section == "4"
    with pytest.raises(Refusal):
        confront(["chemical", "chemical"], [("A", "flying")], [1], gas=True)
    with pytest.raises(Refusal):
        check_attack(["chemical"], gas=False)


@pytest.mark.parametrize("squad", ["hard", "soft", "mounted"])
def test_any_hard_soft_or_mounted_squad_may_attack(squad):
    """4: "wherever police hard squads, soft squads, or mounted squads and protester units occupy the same intersection"."""
    check_attack([squad], gas=False)
    check_attack([squad, "chemical"], gas=True)


def test_gas_needs_chemical_unit():
    """4: the police may gas only "wherever chemical units accompany the attacking squads"."""
    with pytest.raises(Refusal) as refused:
        confront(["hard", "soft", "mounted"], [("A", "flying")], [1], gas=True)
    assert refused.value.section == "4"
    assert str(refused.value).startswith("4: ")


def test_armored_chemical_unit_changes_nothing_in_confrontation():
    """1.7: a G-3 chemical unit (with armored car) gases like a G-1 one and adds no factor."""
    plain = resolve([PoliceIn("6/B", "hard"), PoliceIn("CART/30", "chemical")], [ProtesterIn("A", "flying")],
                    True, None, set(), TableDice([4]))
    armored = resolve([PoliceIn("6/B", "hard"), PoliceIn("CART/B", "chemical", armored=True)],
                      [ProtesterIn("A", "flying")], True, None, set(), TableDice([4]))
    assert plain.units == armored.units and plain.effective_total == armored.effective_total == 4


def test_gas_doubles_the_police_total():
    """4: gassing, the police total their factors "and doubles the total" before dividing it."""
    outcome = confront(["hard", "soft", "chemical"], [("A", "flying"), ("B", "flying")], [5, 5], gas=True)
    assert (outcome.police_total, outcome.effective_total) == (3, 6)
    assert [unit.facing for unit in outcome.units] == [3, 3]


# --- 4: dividing the total --------------------------------------------------------------


def test_remainder_default_to_first_listed():
    """4: divided as evenly as possible; absent a choice, the remainder goes to the first units listed."""
    assert even_split(5, ["a", "b", "c"]) == {"a": 2, "b": 2, "c": 1}
    assert even_split(2, ["a", "b", "c"]) == {"a": 1, "b": 1, "c": 0}
    assert even_split(6, ["a", "b", "c"]) == {"a": 2, "b": 2, "c": 2}
    assert list(even_split(7, ["z", "a"])) == ["z", "a"]
    outcome = confront(["hard", "hard", "soft"], [("A", "flying"), ("B", "theater"), ("C", "lockdown")], [6, 6, 6])
    assert dict(outcome.allocation) == {"A": 2, "B": 2, "C": 1}


def test_police_choose_who_gets_the_remainder():
    """4: "She chooses how to distribute any remainder"."""
    outcome = confront(["hard", "hard", "soft"], [("A", "flying"), ("B", "theater"), ("C", "lockdown")], [3, 3, 2],
                       allocation={"A": 1, "B": 2, "C": 2})
    assert [(unit.facing, unit.result) for unit in outcome.units] == [(1, "unaffected"), (2, "unaffected"), (2, "retreat")]


def test_allocation_must_be_as_even_as_possible():
    """4: the police divide their total "as evenly as possible": every share is floor or ceil of total/n."""
    check_allocation(5, {"a": 1, "b": 2, "c": 2}, ["a", "b", "c"])
    with pytest.raises(Refusal) as refused:
        check_allocation(6, {"a": 3, "b": 2, "c": 1}, ["a", "b", "c"])
    assert refused.value.section == "4"
    with pytest.raises(Refusal):
        check_allocation(4, {"a": 4, "b": 0}, ["a", "b"])
    with pytest.raises(Refusal):
        confront(["hard", "soft"], [("A", "flying"), ("B", "flying")], [1, 1], allocation={"A": 3, "B": 0})


def test_allocation_must_share_out_exactly_the_total():
    """4: the police divide the whole total, no more and no less."""
    with pytest.raises(Refusal, match="police bring 3"):
        check_allocation(3, {"a": 1, "b": 1}, ["a", "b"])
    with pytest.raises(Refusal):
        check_allocation(3, {"a": 2, "b": 2}, ["a", "b"])
    with pytest.raises(Refusal):
        check_allocation(3, {"a": 4, "b": -1}, ["a", "b"])


def test_allocation_divides_the_doubled_total_under_gas():
    """4: gassing, "doubles the total, and divides this"; the allocation shares the doubled total."""
    police, protesters = ["hard", "soft", "chemical"], [("A", "flying"), ("B", "flying"), ("C", "flying")]
    with pytest.raises(Refusal, match=r"police bring 6 \(doubled for gas\)"):
        confront(police, protesters, [6, 6, 6], gas=True, allocation={"A": 1, "B": 1, "C": 1})
    outcome = confront(police, protesters, [6, 6, 6], gas=True, allocation={"A": 2, "B": 2, "C": 2})
    assert outcome.effective_total == 6


def test_allocation_must_name_exactly_the_protester_units():
    """4: the total is divided "among the protester units", all of them and only them."""
    with pytest.raises(Refusal, match="leaves out 'c'"):
        check_allocation(2, {"a": 1, "b": 1}, ["a", "b", "c"])
    with pytest.raises(Refusal, match="not in the confrontation: 'x'"):
        check_allocation(2, {"a": 1, "b": 1, "x": 0}, ["a", "b"])


def test_allocation_shares_must_be_whole_numbers():
    """4: factors are whole numbers; a fractional share is bad input."""
    with pytest.raises(RefereeError):
        check_allocation(3, {"a": 1.5, "b": 1.5}, ["a", "b"])


def test_fewer_factors_than_protester_units_leaves_some_facing_zero():
    """4: 1 factor among 2 units is 1 and 0; a unit facing 0 cannot be forced back without gas."""
    outcome = confront(["soft"], [("A", "flying"), ("B", "flying")], [1, 1])
    assert [(unit.facing, unit.result) for unit in outcome.units] == [(1, "retreat"), (0, "unaffected")]


# --- 4: the dice ------------------------------------------------------------------------


def test_one_die_per_protester_unit_in_the_order_listed():
    """4: "Either player rolls one die for each protester unit"."""
    outcome = confront(["hard"], [("A", "flying"), ("B", "theater"), ("C", "demonstration")], [1, 2, 3])
    assert [unit.roll for unit in outcome.units] == [1, 2, 3]
    assert [roll.purpose for roll in outcome.rolls] == ["confrontation: A", "confrontation: B", "confrontation: C"]
    assert outcome.dice == (1, 2, 3)


def test_roll_at_or_below_facing_forces_retreat_above_is_unaffected():
    """4: not gassed, a roll <= the strength facing the unit forces it to retreat; greater leaves it unaffected."""
    outcome = confront(["hard", "hard"], [("A", "flying"), ("B", "flying")], [2, 3])
    assert [(unit.facing, unit.result) for unit in outcome.units] == [(2, "retreat"), (2, "unaffected")]
    assert outcome.units[0].must_retreat and not outcome.units[1].must_retreat


def test_roll_of_one_without_gas_only_forces_retreat():
    """4: without gas nobody is destroyed; a 1 forces the unit back."""
    outcome = confront(["soft"], [("A", "lockdown")], [1])
    assert outcome.units[0].result == "retreat"


def test_gas_roll_of_one_destroys_even_lockdowns():
    """4, 4.2: gassed, a '1' means excessive casualties: removed from play, lockdowns included, refusing or not."""
    outcome = confront(["hard", "chemical"], [("B", "lockdown", True), ("C", "flying")], [1, 1], gas=True,
                       refuse={"B"})
    assert [unit.result for unit in outcome.units] == ["destroyed", "destroyed"]
    assert outcome.units[0].refusal_roll is None and outcome.units[0].removed
    assert outcome.dice == (1, 1)


def test_gas_roll_of_one_destroys_even_a_unit_facing_zero():
    """4: gassed, the 1 removes the unit whatever strength faces it (the gas fills the intersection)."""
    outcome = confront(["soft", "chemical"], [("A", "flying"), ("B", "flying"), ("C", "flying")], [6, 6, 1], gas=True)
    assert outcome.units[2].facing == 0 and outcome.units[2].result == "destroyed"


def test_gassed_roll_above_one_up_to_facing_retreats_above_unaffected():
    """4: gassed, 1 < roll <= the doubled strength forces a retreat; greater leaves the unit unaffected."""
    outcome = confront(["soft", "chemical"], [("A", "flying")], [2], gas=True)
    assert (outcome.units[0].facing, outcome.units[0].result) == (2, "retreat")
    outcome = confront(["soft", "chemical"], [("A", "flying")], [3], gas=True)
    assert outcome.units[0].result == "unaffected"


def test_unorganized_faces_double_and_quadruple_under_gas():
    """4: the police double the factors facing unorganized clusters, and so quadruple them when gassing."""
    outcome = confront(["soft"], [("U", "unorganized")], [2])
    assert (outcome.units[0].facing, outcome.units[0].result) == (2, "retreat")
    outcome = confront(["soft"], [("U", "unorganized")], [3])
    assert outcome.units[0].result == "unaffected"
    outcome = confront(["soft", "chemical"], [("U", "unorganized")], [4], gas=True)
    assert (outcome.units[0].facing, outcome.units[0].result) == (4, "retreat")
    outcome = confront(["hard", "soft", "chemical"], [("A", "flying"), ("U", "unorganized")], [5, 5], gas=True)
    assert [unit.facing for unit in outcome.units] == [3, 6]


def test_radicalized_not_doubled():
    """4: "Radicalized clusters are not affected by this rule": they face their plain share."""
    outcome = confront(["soft"], [("R", "radicalized")], [2])
    assert (outcome.units[0].facing, outcome.units[0].result) == (1, "unaffected")
    outcome = confront(["soft", "chemical"], [("R", "radicalized")], [6], gas=True)
    assert outcome.units[0].facing == 2 and not outcome.units[0].radicalized


def test_gassed_six_radicalizes_unorganized():
    """4, 4.3: gassed, a '6' radicalizes an unorganized cluster, whether or not it must retreat too."""
    outcome = confront(["soft", "chemical"], [("U", "unorganized")], [6], gas=True)
    assert (outcome.units[0].result, outcome.units[0].radicalized) == ("unaffected", True)
    # 2 hard squads gassed: 8 facing an unorganized cluster, so the 6 also forces it back.
    outcome = confront(["hard", "chemical"], [("U", "unorganized")], [6], gas=True)
    assert (outcome.units[0].facing, outcome.units[0].result, outcome.units[0].radicalized) == (8, "retreat", True)


def test_six_without_gas_does_not_radicalize():
    """4: radicalization needs gas: "If the police player does gas the intersection, a roll of '6' radicalizes"."""
    outcome = confront(["soft"], [("U", "unorganized")], [6])
    assert not outcome.units[0].radicalized


@pytest.mark.parametrize("unit_type", [t for t in PROTESTER_TYPES if t != "unorganized"])
def test_gassed_six_radicalizes_only_unorganized_clusters(unit_type):
    """4, 4.3: only unorganized clusters are radicalized; radicalized ones are "not affected by this rule"."""
    outcome = confront(["soft", "chemical"], [("A", unit_type)], [6], gas=True)
    assert not outcome.units[0].radicalized


def test_destroyed_unorganized_cluster_is_not_radicalized():
    """4, 4.3: gassed, only a 6 radicalizes and only a 1 destroys: the two never meet."""
    outcome = confront(["soft", "chemical"], [("U", "unorganized")], [1], gas=True)
    assert (outcome.units[0].result, outcome.units[0].radicalized) == ("destroyed", False)


# --- 4.4: lockdowns ---------------------------------------------------------------------


@pytest.mark.parametrize("refusal, result", [(1, "stays"), (2, "stays"), (3, "stays"),
                                             (4, "destroyed"), (5, "destroyed"), (6, "destroyed")])
def test_locked_lockdown_refusal_1_to_3_stays_4_to_6_destroyed(refusal, result):
    """4.4: a locked lockdown may refuse to retreat; its die: 1-3 it remains, 4-6 it is destroyed."""
    outcome = confront(["hard"], [("Bananarchy", "lockdown", True)], [2, refusal], refuse={"Bananarchy"})
    unit = outcome.units[0]
    assert (unit.roll, unit.result, unit.refusal_roll) == (2, result, refusal)
    assert outcome.rolls[1].purpose == "lockdown refusal: Bananarchy"


def test_lockdown_that_does_not_refuse_retreats():
    """4.4: refusing is the protester's choice; a locked lockdown that does not refuse simply retreats."""
    outcome = confront(["hard"], [("L", "lockdown", True)], [2])
    assert (outcome.units[0].result, outcome.units[0].refusal_roll) == ("retreat", None)


def test_unlocked_lockdown_may_not_refuse():
    """4.4: "Unlocked lockdown units may not refuse to retreat"."""
    with pytest.raises(Refusal) as refused:
        confront(["hard"], [("L", "lockdown", False)], [2, 2], refuse={"L"})
    assert refused.value.section == "4.4"
    outcome = confront(["hard"], [("L", "lockdown", False)], [2])
    assert outcome.units[0].result == "retreat"


@pytest.mark.parametrize("unit_type", [t for t in PROTESTER_TYPES if t != "lockdown"])
def test_only_lockdowns_may_refuse_to_retreat(unit_type):
    """4.4: only locked lockdown units may refuse to retreat."""
    with pytest.raises(Refusal) as refused:
        confront(["hard"], [("A", unit_type)], [2, 2], refuse={"A"})
    assert refused.value.section == "4.4"


def test_refusing_lockdown_not_forced_to_retreat_rolls_no_refusal_die():
    """4.4: the die is for a unit "which refuses to retreat": an unaffected lockdown has nothing to refuse."""
    outcome = confront(["soft"], [("L", "lockdown", True)], [4], refuse={"L"})
    assert (outcome.units[0].result, outcome.units[0].refusal_roll) == ("unaffected", None)
    assert outcome.dice == (4,)


def test_refusal_dice_come_after_all_confrontation_dice_in_unit_order():
    """4.4: every unit's die first, then one refusal die per refusing lockdown forced back, in the order listed."""
    protesters = [("L1", "lockdown", True), ("F", "flying"), ("L2", "lockdown", True), ("L3", "lockdown", True)]
    outcome = confront(["hard", "hard", "hard", "hard"], protesters, [1, 2, 6, 2, 3, 4], refuse={"L3", "L1", "L2"})
    assert [roll.purpose for roll in outcome.rolls] == [
        "confrontation: L1", "confrontation: F", "confrontation: L2", "confrontation: L3",
        "lockdown refusal: L1", "lockdown refusal: L3",
    ]
    assert [(unit.result, unit.refusal_roll) for unit in outcome.units] == [
        ("stays", 3), ("retreat", None), ("unaffected", None), ("destroyed", 4),
    ]


def test_refusing_an_unknown_unit_is_bad_input():
    """4.4: the refusing unit must be one of the protester units in the confrontation."""
    with pytest.raises(RefereeError, match="'X' is not a protester unit"):
        confront(["hard"], [("L", "lockdown", True)], [2], refuse={"X"})


def test_every_check_is_made_before_the_first_die():
    """4, 4.4: a refused confrontation rolls nothing (no dice are spent on it)."""
    dice = SeededDice(7)
    with pytest.raises(Refusal):
        resolve([PoliceIn("6/B", "hard")], [ProtesterIn("F", "flying")], False, None, {"F"}, dice)
    with pytest.raises(Refusal):
        resolve([PoliceIn("6/B", "hard")], [ProtesterIn("F", "flying")], False, {"F": 1}, set(), dice)
    assert dice.drawn == 0


# --- 4.5 / 5.4: political costs ---------------------------------------------------------


@pytest.mark.parametrize("count, successes", [(0, 1), (1, 2), (2, 3), (3, 4), (4, 4), (6, 4)])
def test_political_cost_by_theater_demonstration_count(count, successes):
    """4.5: gassing costs 1 success, 2 with 1 theater/demonstration unit, 3 with 2, 4 with 3 or more."""
    kinds = ["theater", "demonstration"]
    protesters = [(f"T{index}", kinds[index % 2]) for index in range(count)] + [("F", "flying"), ("L", "lockdown")]
    outcome = confront(["hard", "chemical"], protesters, [6] * len(protesters), gas=True)
    assert outcome.successes == successes
    assert political_cost([unit[1] for unit in protesters], gas=True) == successes


def test_no_political_cost_without_gas():
    """4.5: the successes come from gassing; a plain confrontation gives none."""
    outcome = confront(["hard"], [("T", "theater"), ("D", "demonstration")], [1, 1])
    assert outcome.successes == 0
    assert political_cost(["theater"] * 3, gas=False) == 0


def test_political_cost_counts_theater_demonstration_units_whatever_befalls_them():
    """4.5: the cost is for gassing an intersection with those units in it, even if the gas destroys them."""
    outcome = confront(["hard", "chemical"], [("T", "theater"), ("D", "demonstration")], [1, 1], gas=True)
    assert [unit.result for unit in outcome.units] == ["destroyed", "destroyed"]
    assert outcome.successes == 3


def test_political_cost_ignores_unorganized_radicalized_flying_and_lockdown_units():
    """4.5: only theater/demonstration units raise the cost (5.4's "media" units are the same ones)."""
    assert political_cost(["unorganized", "radicalized", "flying", "lockdown"], gas=True) == 1


# --- bad input ----------------------------------------------------------------------------


def test_unknown_types_duplicates_and_empty_sides_are_refused():
    """1.6, 1.7: only the unit types of the game; each unit once; both sides present."""
    with pytest.raises(RefereeError, match="unknown police type 'swat'"):
        confront(["swat"], [("A", "flying")], [1])
    with pytest.raises(RefereeError, match="unknown protester type 'tac'"):
        confront(["hard"], [("A", "tac")], [1])
    with pytest.raises(RefereeError, match="listed twice"):
        confront(["hard"], [("A", "flying"), ("A", "theater")], [1, 1])
    with pytest.raises(RefereeError, match="listed twice"):
        resolve([PoliceIn("6/B", "hard"), PoliceIn("6/B", "soft")], [ProtesterIn("A", "flying")], False, None, set(),
                TableDice([1]))
    with pytest.raises(RefereeError, match="at least one protester"):
        confront(["hard"], [], [])
    with pytest.raises(RefereeError, match="at least one police"):
        confront([], [("A", "flying")], [1])


def test_plain_tuples_are_accepted_for_units():
    """The engine may pass (id, type) and (id, type, locked) tuples."""
    outcome = resolve([("6/B", "hard")], [("L", "lockdown", True)], False, None, {"L"}, TableDice([2, 1]))
    assert outcome.unit("L").result == "stays"
    with pytest.raises(RefereeError):
        resolve([("6/B",)], [("L", "lockdown")], False, None, set(), TableDice([2]))


def test_running_out_of_dice_is_bad_input():
    """Typed-in dice: one per protester unit and per refusal die; too few is an error."""
    with pytest.raises(RefereeError, match="not enough dice"):
        confront(["hard"], [("A", "flying"), ("B", "flying")], [1])
    with pytest.raises(RefereeError, match="not enough dice"):
        confront(["hard"], [("L", "lockdown")], [1], refuse={"L"})


# --- the worked example of docs/cli.md ------------------------------------------------------

WORKED_INPUT = WORKED_CONFRONTATION

WORKED_OUTPUT = """
{"ruleset": "n30", "gas": true, "police_total": 3, "effective_total": 6,
 "units": [{"id": "Sea Turtles", "type": "theater", "facing": 2, "roll": 3, "result": "unaffected", "radicalized": false},
           {"id": "U7", "type": "unorganized", "facing": 4, "roll": 6, "result": "unaffected", "radicalized": true},
           {"id": "Bananarchy", "type": "lockdown", "facing": 2, "roll": 2, "result": "destroyed", "refusal_roll": 5,
            "radicalized": false}],
 "successes": 2, "dice": [3, 6, 2, 5]}
"""


def test_documented_example():
    """4, 4.3, 4.4, 4.5: docs/cli.md's worked example comes out exactly, keys in the same order."""
    result = resolve_json(json.loads(WORKED_INPUT))
    expected = json.loads(WORKED_OUTPUT)
    assert result == expected
    assert json.dumps(result) == json.dumps(expected)  # same keys in the same order, all the way down
    assert list(result) == ["ruleset", "gas", "police_total", "effective_total", "units", "successes", "dice"]


def test_documented_example_through_the_pure_function():
    """4, 4.3, 4.4, 4.5: the same example as the session engine would call it."""
    outcome = resolve(
        [PoliceIn("6/B", "hard"), PoliceIn("9/A", "soft"), PoliceIn("CART/B", "chemical")],
        [ProtesterIn("Sea Turtles", "theater"), ProtesterIn("U7", "unorganized"), ProtesterIn("Bananarchy", "lockdown")],
        True, {"Sea Turtles": 2, "U7": 2, "Bananarchy": 2}, {"Bananarchy"}, TableDice([3, 6, 2, 5]),
    )
    assert [(u.id, u.facing, u.roll, u.result, u.refusal_roll, u.radicalized) for u in outcome.units] == [
        ("Sea Turtles", 2, 3, "unaffected", None, False),
        ("U7", 4, 6, "unaffected", None, True),
        ("Bananarchy", 2, 2, "destroyed", 5, False),
    ]
    assert (outcome.police_total, outcome.effective_total, outcome.successes) == (3, 6, 2)
    assert [roll.purpose for roll in outcome.rolls] == [
        "confrontation: Sea Turtles", "confrontation: U7", "confrontation: Bananarchy", "lockdown refusal: Bananarchy",
    ]
    assert all(roll.entered for roll in outcome.rolls)


# --- properties ---------------------------------------------------------------------------

squads = st.lists(st.sampled_from(["hard", "soft", "mounted"]), min_size=1, max_size=8)
chemicals = st.integers(min_value=0, max_value=3)
protester_types = st.lists(st.sampled_from(PROTESTER_TYPES), min_size=1, max_size=8)


@st.composite
def confrontations(draw):
    gas = draw(st.booleans())
    police = draw(squads) + ["chemical"] * (draw(chemicals) + (1 if gas else 0))
    police = draw(st.permutations(police))
    types = draw(protester_types)
    protesters = [ProtesterIn(f"P{index}", unit_type, draw(st.booleans())) for index, unit_type in enumerate(types)]
    refuse = {unit.id for unit in protesters if unit.type == "lockdown" and unit.locked and draw(st.booleans())}
    return gas, [PoliceIn(f"C{index}", unit_type) for index, unit_type in enumerate(police)], protesters, refuse


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=1, max_value=12))
def test_even_split_shares_the_whole_total_as_evenly_as_possible(total, count):
    """4: the default division adds up to the total, is as even as possible, and passes check_allocation."""
    names = [f"u{index}" for index in range(count)]
    shares = even_split(total, names)
    assert sum(shares.values()) == total
    assert max(shares.values()) - min(shares.values()) <= 1
    assert list(shares.values()) == sorted(shares.values(), reverse=True)  # remainder to the first listed
    check_allocation(total, shares, names)


@given(st.integers(min_value=0, max_value=40), st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=6))
def test_check_allocation_accepts_exactly_the_even_divisions(total, shares):
    """4: an allocation passes iff it shares out the total with every share floor or ceil of total/n."""
    names = [f"u{index}" for index in range(len(shares))]
    allocation = dict(zip(names, shares, strict=False))
    even = sum(shares) == total and max(shares) - min(shares) <= 1
    if even:
        check_allocation(total, allocation, names)
    else:
        with pytest.raises(Refusal):
            check_allocation(total, allocation, names)


@settings(max_examples=200)
@given(confrontations(), st.integers(min_value=0, max_value=2**32))
def test_results_are_consistent_with_the_dice(case, seed):
    """4, 4.3, 4.4: every result follows from the roll and the strength faced; successes stay in 0..4."""
    gas, police, protesters, refuse = case
    outcome = resolve(police, protesters, gas, None, refuse, SeededDice(seed))
    assert outcome.effective_total == outcome.police_total * (2 if gas else 1)
    assert sum(share for _, share in outcome.allocation) == outcome.effective_total
    assert len(outcome.rolls) == len(protesters) + sum(1 for unit in outcome.units if unit.refusal_roll is not None)
    assert 0 <= outcome.successes <= 4 and (outcome.successes == 0) == (not gas)
    for unit, (_, share) in zip(outcome.units, outcome.allocation, strict=False):
        assert unit.facing == share * (2 if unit.type == "unorganized" else 1)
        forced = unit.roll <= unit.facing and not (gas and unit.roll == 1)
        if not gas:
            assert (unit.roll <= unit.facing) == (unit.result != "unaffected")
        if gas and unit.roll == 1:
            assert unit.result == "destroyed" and unit.refusal_roll is None
        elif forced and unit.id in refuse:
            assert unit.refusal_roll is not None
            assert unit.result == ("stays" if unit.refusal_roll <= 3 else "destroyed")
        else:
            assert unit.refusal_roll is None
            assert unit.result == ("retreat" if forced else "unaffected")
        assert unit.radicalized == (gas and unit.type == "unorganized" and unit.roll == 6)


@given(confrontations(), st.integers(min_value=0, max_value=2**32))
def test_the_same_seed_gives_the_same_output(case, seed):
    """Dice: a confrontation rolled from the same seed comes out the same every time."""
    gas, police, protesters, refuse = case
    data = {
        "gas": gas,
        "police": [{"id": unit.id, "type": unit.type} for unit in police],
        "protesters": [{"id": unit.id, "type": unit.type} | ({"locked": unit.locked} if unit.type == "lockdown" else {})
                       for unit in protesters],
        "refuse": sorted(refuse),
    }
    first = resolve_json(data, seed)
    assert resolve_json(data, seed) == first
    # Typing in the dice the generator rolled gives the same result.
    assert resolve_json(data | {"dice": first["dice"]}) == first
