"""Over-Reaction Test, Firearms, Terrorists and Snipers, Medical Services, Looting (Wallman)."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.rulesets.wallman.rules.firearms import counter_snipe, snipe, volley
from referee.rulesets.wallman.rules.fires import petrol_bomb
from referee.rulesets.wallman.rules.looting import capacity, loot_units, taken
from referee.rulesets.wallman.rules.medical import triage
from referee.rulesets.wallman.rules.overreaction import over_reaction
from tests.wallman_support import TABLES, dice

TYPES = {"patrol": 2, "swat": -1, "anti_riot": 3, "soldiers_riot": 3, "mounted": 3, "mounted_riot": 4,
         "conscripts": -2, "soldiers": 0}
SITUATION = {"outnumbered": -1, "unsupported": -1, "under_gunfire": -4, "wounded": -1, "crowd_outnumbered": 1}


@pytest.mark.parametrize("unit, value", TYPES.items())
def test_over_reaction_each_unit_type(unit, value):
    result = over_reaction(TABLES, unit, {}, dice(6))
    assert result.modifiers == {unit: value} and result.score == 6 + value


@pytest.mark.parametrize("name, value", SITUATION.items())
def test_over_reaction_each_situation_factor(name, value):
    result = over_reaction(TABLES, "patrol", {name: 1}, dice(4))
    assert result.score == 4 + 2 + value


def test_over_reaction_each_member_wounded_counts():
    assert over_reaction(TABLES, "soldiers", {"wounded": 3}, dice(6)).score == 3


def test_over_reaction_results_run_from_running_away_to_steady():
    results = [over_reaction(TABLES, "soldiers", {}, dice(roll, 6)).result for roll in range(1, 7)]
    assert results[-1] == "steady"
    assert over_reaction(TABLES, "patrol", {"under_gunfire": 1}, dice(1)).result == "runs"


@pytest.mark.parametrize("unit, fire_roll, result", [
    ("soldiers", 3, "opens fire"), ("soldiers", 4, "runs"), ("swat", 1, "opens fire"), ("conscripts", 2, "opens fire"),
])
def test_over_reaction_military_and_swat_may_open_fire_instead_of_running(unit, fire_roll, result):
    """Note (2): roll 1d6 again and score 1, 2 or 3 and they just open fire."""
    outcome = over_reaction(TABLES, unit, {"under_gunfire": 1}, dice(1, fire_roll))
    assert outcome.result == result and outcome.fire_roll == fire_roll


def test_over_reaction_police_never_roll_to_open_fire():
    source = dice(1)
    outcome = over_reaction(TABLES, "patrol", {"under_gunfire": 1}, source)
    assert outcome.fire_roll is None and source.used == 1


def test_over_reaction_unknown_type_refused():
    with pytest.raises(RefereeError, match="no factor for unit type 'paramedics'"):
        over_reaction(TABLES, "paramedics", {}, dice(3))


def test_firearms_to_hit_and_wounds():
    """1d6 per firer against the number needed; then 2-3 wounded, 4-6 dead (1 reconstructed: unhurt)."""
    shots = volley(TABLES, "soldiers", 3, dice(4, 3, 6, 1, 3))
    assert (shots.needed, shots.hits, shots.casualties) == (4, 2, ("unhurt", "wounded"))
    assert volley(TABLES, "soldiers", 1, dice(6, 6)).casualties == ("dead",)


def test_firearms_long_range_and_automatic_fire():
    assert volley(TABLES, "soldiers", 1, dice(4), long_range=True).hits == 0
    auto = volley(TABLES, "soldiers", 2, dice(1, 1, 1, 1, 1, 4, 2), automatic=True)
    assert len(auto.rolls) == 6 and auto.hits == 1


def test_firearms_bad_firers_refused():
    with pytest.raises(RefereeError, match="no number to hit"):
        volley(TABLES, "firefighters", 1, dice(6))
    with pytest.raises(RefereeError, match="firers must be"):
        volley(TABLES, "soldiers", 0, dice())


def test_sniper_first_shot_from_a_place_is_never_spotted():
    source = dice(6)
    shot = snipe(TABLES, 1, source)
    assert shot.hit and not shot.spotted and shot.spot_roll is None and source.used == 1


@pytest.mark.parametrize("shot, spot_roll, spotted", [(2, 5, False), (2, 6, True), (3, 5, True), (3, 4, False), (4, 4, True)])
def test_sniper_spotting_gets_easier_with_every_shot(shot, spot_roll, spotted):
    """Score a 6 to spot; +1 to the die for every subsequent shot from the same place."""
    assert snipe(TABLES, shot, dice(2, spot_roll)).spotted is spotted


def test_sniper_hits_on_a_six_and_swat_sniper_on_four_to_six():
    assert [snipe(TABLES, 1, dice(roll)).hit for roll in range(1, 7)] == [False] * 5 + [True]
    assert [counter_snipe(TABLES, dice(roll))[1] for roll in range(1, 7)] == [False] * 3 + [True] * 3


@pytest.mark.parametrize("roll, result, turns", [(1, "scratch", 1), (2, "injured", 1), (3, "injured", 1),
                                                 (4, "serious", 1), (5, "serious", 1), (6, "dies", 2)])
def test_medical_triage(roll, result, turns):
    _, row = triage(TABLES, dice(roll))
    assert (row.result, row.patch_turns) == (result, turns)
    assert row.walks == (result == "injured") and row.stretcher == (result == "serious")


def test_petrol_bomb_burns_on_a_six():
    rolls, burned = petrol_bomb(TABLES, 4, dice(6, 5, 6, 1))
    assert burned == 2 and rolls == [6, 5, 6, 1]


def test_looting_units_carrying_and_pickups():
    """Loot units: 50% of the value, between 5 and 50; one per looter per turn; car 5, van 10."""
    assert [loot_units(TABLES, v) for v in (4, 30, 100, 200)] == [5, 15, 50, 50]
    assert capacity(TABLES, 4) == 4 and capacity(TABLES, 4, cars=1, vans=1) == 19
    assert taken(loot=15, looters=6, carrying=0, can_carry=6) == 6
    assert taken(loot=3, looters=6, carrying=0, can_carry=6) == 3
    assert taken(loot=15, looters=6, carrying=17, can_carry=19) == 2


def _outcomes(unit: str) -> dict[str, int]:
    """How many of the six faces give each result, with nothing else for or against the unit."""
    found: dict[str, int] = {}
    for roll in range(1, 7):
        result = over_reaction(TABLES, unit, {}, dice(roll, 4)).result
        found[result] = found.get(result, 0) + 1
    return found


def test_over_reaction_table_agrees_with_its_note():
    """Over-Reaction Test (reconstructed): police are shaken one time in six; conscripts are steady one time in
    six, shaken one in six, and run or lash out two times in three, as the table's note says."""
    assert _outcomes("patrol") == {"shaken": 1, "steady": 5}
    assert _outcomes("conscripts") == {"runs": 2, "lashes out": 2, "shaken": 1, "steady": 1}
    note = " ".join(TABLES.overreaction.note.split())
    assert "shaken one time in six and steady otherwise" in note and "steady one time in six" in note
