"""The exact chances of a Chicago-Chicago conflict before the roll (HOW TO RESOLVE CONFLICT 5-8): each checked
against `conflict.resolve` on every die sequence, and against the tables read by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from referee.core.dice import TableDice
from referee.errors import Refusal
from referee.rulesets.chicago.rules import conflict, tables
from referee.rulesets.chicago.rules.odds import OUT, STAYS, fate, odds
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, TYPES

TABLES = tables.load()
HILTON = conflict.Box(4, 6)


def groups(level: int, n: int, start: int = 1) -> tuple[conflict.Unit, ...]:
    return tuple(conflict.Unit(f"G{level}-{i:02d}", TYPES["demonstrator"], level) for i in range(start, start + n))


def platoons(level: int, n: int, start: int = 1) -> tuple[conflict.Unit, ...]:
    return tuple(conflict.Unit(f"P{level}-{i:02d}", TYPES["police"], level) for i in range(start, start + n))


TAC = conflict.Unit("Tac-1", TYPES["tac"])
GUARD = conflict.Unit("NG-01", TYPES["guard"])
CONFLICTS = {
    "green harass 3:1": conflict.Conflict(DEMONSTRATORS, tables.HARASS, groups(1, 1), platoons(1, 1), HILTON),
    "green 9:1 forces an assault": conflict.Conflict(DEMONSTRATORS, tables.HARASS, groups(1, 3), platoons(1, 1), HILTON),
    "green 6:1 raises and forces an assault": conflict.Conflict(DEMONSTRATORS, tables.HARASS, groups(3, 4), platoons(1, 1),
                                                              HILTON),
    "green 5:1 on the Guard forces none": conflict.Conflict(DEMONSTRATORS, tables.HARASS, groups(1, 2), (GUARD,), HILTON),
    "blue assault 1:1": conflict.Conflict(POLICE, tables.ASSAULT, platoons(2, 3) + (TAC,), groups(3, 2), HILTON),
    "blue harass 6:1 read at 4:1": conflict.Conflict(POLICE, tables.HARASS, platoons(1, 3) + (TAC,), groups(4, 1), HILTON),
    "blue assault on many levels": conflict.Conflict(POLICE, tables.ASSAULT, platoons(1, 6),
                                                     groups(4, 2) + groups(3, 1) + groups(2, 1), HILTON),
}


@pytest.mark.parametrize("name", CONFLICTS)
def test_5_to_8_odds_match_resolve_on_every_die_sequence(name):
    """Each result, forced result, points and fate has the share of the 36 two-dice sequences `resolve` gives it
    (a second die left unused where no assault is forced)."""
    fight = CONFLICTS[name]
    found = odds(fight, TABLES)
    counted: dict[str, dict] = {"results": {}, "forced": {}, "points": {}}
    fates: dict[str, dict[str, Fraction]] = {unit.id: {} for unit in fight.attack + fight.defend}
    share = Fraction(1, 36)

    def add(table: dict, key) -> None:
        table[key] = table.get(key, Fraction(0)) + share

    for faces in product(range(1, 7), repeat=2):
        outcome = conflict.resolve(fight, TABLES, TableDice(list(faces)))
        add(counted["results"], outcome.strike.result)
        points = outcome.strike.points
        if outcome.forced:
            add(counted["forced"], outcome.forced.result)
            points = {side: points[side] + outcome.forced.points[side] for side in points}
        add(counted["points"], (points[POLICE], points[DEMONSTRATORS]))
        for unit in fight.attack + fight.defend:
            add(fates[unit.id], fate(outcome.pieces, unit))
    assert found.results == counted["results"]
    assert found.forced == (counted["forced"] or None)
    assert found.points == counted["points"]
    assert found.fates == fates
    assert sum(found.results.values()) == 1 and all(sum(f.values()) == 1 for f in found.fates.values())


def test_6_harass_3_to_1_dd3_on_2_and_3_read_by_hand():
    """The demonstrators' HARASS 3:1 (12 against 4): no effect on 1, DD3 on 2 and 4, DP3 on 3 and 5, DP2 on 6."""
    found = odds(CONFLICTS["green harass 3:1"], TABLES)
    assert found.odds == "3:1" and (found.attack_strength, found.defend_strength) == (12, 4)
    assert found.results == {"-": Fraction(1, 6), "DD3": Fraction(2, 6), "DP3": Fraction(2, 6), "DP2": Fraction(1, 6)}
    assert found.forced is None
    assert found.points == {(0, 0): Fraction(1, 6), (0, 6): Fraction(5, 6)}
    # the lone group goes down on DD3 (a third of one is one, 2 B); the lone platoon on DP3 and DP2
    assert found.fates["G1-01"] == {"level 2": Fraction(2, 6), STAYS: Fraction(4, 6)}
    assert found.fates["P1-01"] == {STAYS: Fraction(3, 6), "level 2": Fraction(3, 6)}


def test_7_a_forced_assault_is_rolled_on_assault_1_to_1_after_the_harass_roll():
    """36 against 4 is 9:1 (the demonstrators are not capped): the police's forced roll is ASSAULT 1:1."""
    found = odds(CONFLICTS["green 9:1 forces an assault"], TABLES)
    assert found.odds == "9:1"
    column = [TABLES[tables.ASSAULT].result(POLICE, 1, face).code for face in range(1, 7)]
    assert found.forced == {code: Fraction(column.count(code), 6) for code in column}


def test_7_no_forced_assault_on_the_guard_alone():
    assert odds(CONFLICTS["green 5:1 on the Guard forces none"], TABLES).forced is None


def test_8_police_odds_above_4_to_1_read_at_4_to_1():
    found = odds(CONFLICTS["blue harass 6:1 read at 4:1"], TABLES)
    assert found.odds == "4:1"
    column = [TABLES[tables.HARASS].result(POLICE, 4, face).code for face in range(1, 7)]
    assert found.results == {code: Fraction(column.count(code), 6) for code in column}


def test_rule_of_thumb_c_a_group_raised_on_the_demonstrators_6_to_1():
    """BREAKING DOWN AND BUILDING UP UNITS 2 C, ATTRITION RULE: at 6:1 (24 against 4) DD3+ on 1 and 2 raises a third
    of the four level-3 groups, one, the first listed, to level 2; DD2+ on 5 and 6 raises half, two."""
    found = odds(CONFLICTS["green 6:1 raises and forces an assault"], TABLES)
    assert found.results["DD3+"] == found.results["DD2+"] == Fraction(2, 6)
    assert found.fates["G3-01"]["level 2"] > 0 and found.fates["G3-03"].get("level 2", 0) < found.fates["G3-01"]["level 2"]


def test_tac_units_never_change_level():
    """TAC UNITS: Tac are never affected, whatever the roll."""
    assert odds(CONFLICTS["blue assault 1:1"], TABLES).fates["Tac-1"] == {STAYS: Fraction(1)}


def test_attrition_rule_level_4_groups_leave_the_game_first():
    """ATTRITION RULE: the lowest go first; a level-4 group can go no lower and leaves the game."""
    found = odds(CONFLICTS["blue assault on many levels"], TABLES)
    assert found.fates["G4-01"].get(OUT, 0) > 0 and found.fates["G2-01"].get(OUT, 0) == 0


def test_6_odds_refuse_a_conflict_below_1_to_1():
    fight = conflict.Conflict(POLICE, tables.HARASS, platoons(3, 1), groups(1, 1), HILTON)
    with pytest.raises(Refusal, match="below 1:1"):
        odds(fight, TABLES)
