"""The exact chances shown before a confrontation agree with the rule (4, 4.3, 4.4) over every die."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core.dice import TableDice
from referee.rulesets.n30.rules.confrontation import ProtesterIn, resolve
from referee.rulesets.n30.rules.odds import unit_odds

TYPES = ["lockdown", "flying", "theater", "demonstration", "unorganized", "radicalized"]


@given(police=st.integers(1, 8), unit_type=st.sampled_from(TYPES), gas=st.booleans(), refusing=st.booleans())
def test_odds_equal_the_frequencies_over_all_dice(police, unit_type, gas, refusing):
    """4, 4.4: counting every die face (and refusal die) gives exactly the chances the dialog shows."""
    refusing = refusing and unit_type == "lockdown"
    counts = {"unaffected": 0, "retreat": 0, "destroyed": 0, "stays": 0}
    radical = 0
    total = 0
    for first, second in itertools.product(range(1, 7), range(1, 7)):
        police_units = [(f"p{i}", "soft") for i in range(police)] + ([("g", "chemical")] if gas else [])
        dice = TableDice([first, second])
        result = resolve(police_units, [ProtesterIn("x", unit_type, True)], gas, None, ["x"] if refusing else [], dice)
        unit = result.units[0]
        counts[unit.result] += 1
        radical += unit.radicalized
        total += 1
    odds = unit_odds(result.units[0].facing, unit_type, gas, refusing)
    for name, chance in odds.as_dict().items():
        assert chance == pytest.approx(counts[name] / total)
    assert odds.radicalized == pytest.approx(radical / total)
