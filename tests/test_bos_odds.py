"""The chances a combat's dice give before they are rolled (odds.py): each expected value is worked out from the
rule text (v1.2, 6.1-6.4, the CRT), and the fates are checked against `resolve` on every sequence of dice."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from referee.core.dice import TableDice
from referee.errors import Refusal
from referee.rulesets.bos.rules.combat import Combat, Fighter, resolve
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.odds import odds
from referee.rulesets.bos.rules.units import TYPES

SIXTHS = {n: Fraction(n, 6) for n in range(7)}


def fighter(uid: str, kind: str, munitions: bool = False) -> Fighter:
    return Fighter(uid, TYPES[kind], munitions)


def chances(n: int, mc: int, a: int, x: int) -> dict[str, Fraction]:
    """Results in sixths of a d6."""
    return {"N": SIXTHS[n], "MC": SIXTHS[mc], "A": SIXTHS[a], "X": SIXTHS[x]}


# The Example of Combat (6.4): two SPD with Special Munitions against two 2-4-3 Groups behind a Barricade.
EXAMPLE = Combat("authority", (fighter("SPD 1", "spd", True), fighter("SPD 2", "spd", True)),
                 (fighter("Radicals 1", "radical"), fighter("Radicals 2", "radical")), stage=2, barricade=True,
                 crowds_present=True)


def test_the_example_of_combat_reads_its_columns():
    """6.4's example: 4+4 doubled to 16, halved to 8 (column 7-10); the Groups' 2+2 halved to 2 (column 2-3).
    The 7-10 column reads N N MC MC A X down the die; the 2-3 column N N N MC MC A (CRT)."""
    found = odds(EXAMPLE)
    assert (found.attack.cf, found.attack.column) == (8, "7-10")
    assert found.attack.chances == chances(2, 2, 1, 1)
    assert (found.counterattack.cf, found.counterattack.column) == (2, "2-3")
    assert found.counterattack.chances == chances(3, 2, 1, 0)


def test_stage_one_reads_x_as_a():
    """6.3 and 7.3: at Stage One an X result is treated as A."""
    found = odds(Combat("authority", tuple(fighter(f"SPD {n}", "spd") for n in (1, 2, 3, 4)),
                        (fighter("Radicals 1", "radical"),)))
    assert found.attack.column == "16+" and found.attack.chances == chances(0, 2, 4, 0)


def test_a_morale_check_passes_at_most_the_morale_factor():
    """6.4: passed on a roll at most the Morale Factor (SPD 4, Radicals 4, National Guard 6); Solidarity Forever
    raises every Protester unit's by one."""
    plain = odds(Combat("authority", (fighter("SPD 1", "spd"), fighter("NG 1", "national_guard")),
                        (fighter("Radicals 1", "radical"),)))
    assert plain.passes == {"SPD 1": SIXTHS[4], "NG 1": SIXTHS[6], "Radicals 1": SIXTHS[4]}
    solidarity = odds(Combat("authority", (fighter("SPD 1", "spd"),), (fighter("Radicals 1", "radical"),),
                             events=(EVENTS["solidarity_forever"],)))
    assert solidarity.passes == {"SPD 1": SIXTHS[4], "Radicals 1": SIXTHS[5]}


def test_one_spd_against_one_radical_by_hand():
    """6.1-6.4 worked by hand: SPD 4 (column 4-6: MC on 3-4, A on 5-6) against a Radical 2 (column 2-3: MC on 4-5,
    A on 6). The Radical is removed for good on A (2/6), checks on MC (2/6) and fails it on 5-6: 2/6 * 2/6 off-map.
    The SPD unit checks on MC (2/6), failing on 5-6, and goes to the Reserve Pool on A (1/6)."""
    found = odds(Combat("authority", (fighter("SPD 1", "spd"),), (fighter("Radicals 1", "radical"),)))
    assert found.fates["Radicals 1"] == {"stays": Fraction(2, 6) + Fraction(2, 6) * Fraction(4, 6),
                                         "off-map": Fraction(4, 36), "reserve": 0, "removed": Fraction(2, 6)}
    assert found.fates["SPD 1"] == {"stays": Fraction(3, 6) + Fraction(2, 6) * Fraction(4, 6),
                                    "off-map": 0, "reserve": Fraction(1, 6) + Fraction(4, 36), "removed": 0}


@pytest.mark.parametrize("combat", [
    EXAMPLE,
    Combat("protester", (fighter("Labor 1", "labor"), fighter("Anarchists 1", "anarchist")),
           (fighter("ST 1", "state_trooper"),), stage=3, choices={"counterattack": "Anarchists 1"}),
    Combat("authority", (fighter("SPD 1", "spd"),), (fighter("Labor 1", "labor"), fighter("Yahoos 1", "yahoo")),
           night=False, events=(EVENTS["solidarity_forever"],)),
])
def test_the_fates_are_those_of_resolve_on_every_sequence_of_dice(combat):
    """6.1-6.4: the chances agree with resolve run on each of the 6^n sequences of dice, equally likely."""
    units = combat.attackers + combat.defenders
    most = 2 + len(units) + sum(u.type.kind == "crowd" for u in units)  # both rolls, the checks, the Crowds' EI dice
    counts: Counter = Counter()
    for dice in product(range(1, 7), repeat=most):
        for fate in resolve(combat, TableDice(list(dice))).units:
            counts[fate.id, fate.fate] += 1
    found = odds(combat).fates
    assert {(uid, fate): chance for uid, by in found.items() for fate, chance in by.items() if chance} == {
        key: Fraction(n, 6 ** most) for key, n in counts.items()}
    assert all(sum(by.values()) == 1 for by in found.values())


def test_a_combat_the_rules_forbid_has_no_odds():
    """6.2 and 7.3: no Special Munitions at Stage One; the odds refuse as resolve does."""
    with pytest.raises(Refusal) as caught:
        odds(Combat("authority", (fighter("SPD 1", "spd", True),), (fighter("Radicals 1", "radical"),)))
    assert caught.value.section == "7.3"
