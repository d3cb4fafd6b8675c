"""Battle of Seattle's map, counter mix and tables (v1.2): each test cites the section it reads; the expected
values are worked out from the text here, never read back from the code."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.core.dice import SeededDice, TableDice
from referee.errors import Refusal
from referee.paths import data_dir
from referee.rulesets.bos.rules import emergency, events, exposure, forces, reinforcement, turn_end, turns, victory
from referee.rulesets.bos.rules.units import TYPES
from referee.scenario.catalog import load_board

BOARD = load_board(data_dir("scenarios") / "bos" / "board" / "map.toml")
A, P = "authority", "protester"


# --- the map (2.2, 5.0, setup) -----------------------------------------------------------------


def test_the_map_is_marked_reconstructed_with_its_reasons():
    assert BOARD.reconstructed and "5.0" in BOARD.note and "Convention Centre" in BOARD.note


def test_movement_example_international_district_kingdome_pioneer_square_waterfront():
    """5.0: a Group (MF 3) from International District moves Kingdome - Pioneer Square - Waterfront."""
    path = ["international-district", "kingdome", "pioneer-square", "waterfront"]
    assert all(BOARD.link_kind(a, b) == "transit" for a, b in itertools.pairwise(path))
    assert BOARD.link_kind("kingdome", "waterfront") is None


def test_convention_centre_is_a_downtown_core_hexagon_and_capitol_hill_a_circle():
    values = turn_end.exposure_values(BOARD)
    assert forces.START_AREA in values and values["convention-centre"] == max(values.values())
    assert "capitol-hill" in BOARD.nodes and "capitol-hill" not in values


def test_only_downtown_core_areas_carry_an_exposure_value():
    """2.2: hexagons have an Exposure Value, circles none."""
    for node in BOARD.nodes.values():
        assert (turn_end.CORE in node.features) == (node.value > 0), node.id
    assert sum(turn_end.exposure_values(BOARD).values()) == 18


def test_every_area_is_reached_by_transit_lines():
    assert BOARD.reachable(["convention-centre"]) == set(BOARD.nodes)


# --- the counter mix (2.1, Counter Manifest, setup) --------------------------------------------


def test_the_counter_manifest_counts_96():
    counts = Counter(c.type for c in forces.COUNTERS)
    assert counts == {"anarchist": 8, "radical": 12, "labor": 12, "liberal": 12, "environmentalist": 8, "yahoo": 10,
                      "spd": 15, "national_guard": 4, "state_trooper": 4}
    assert len(forces.COUNTERS) + forces.MARKERS == 96
    assert len({c.id for c in forces.COUNTERS}) == 85 and set(counts) == set(TYPES)


def test_setup_one_spd_in_the_convention_centre_the_rest_off_map():
    start = forces.start()
    assert [uid for uid, place in start.items() if place != forces.OFF_MAP] == ["SPD 1"]
    assert start["SPD 1"] == "convention-centre" and start["SPD 2"] == forces.OFF_MAP


def test_setup_divides_protester_units_into_group_and_crowd_piles():
    piles = Counter(forces.pile(c) for c in forces.COUNTERS)
    assert piles == {forces.GROUPS: 30, forces.CROWDS: 32, forces.AUTHORITY_ASIDE: 23}


@given(st.integers(0, 2**32 - 1))
def test_five_opening_crowds_are_distinct_crowds(seed):
    drawn = forces.opening_crowds(SeededDice(seed))
    crowds = {c.id for c in forces.COUNTERS if forces.pile(c) == forces.CROWDS}
    assert len(set(drawn)) == 5 and set(drawn) <= crowds


@given(st.lists(st.text(min_size=1), unique=True, max_size=12), st.integers(0, 15), st.integers(0, 2**32 - 1))
def test_a_draw_takes_distinct_units_from_the_pile_and_no_more_than_it_holds(pile, count, seed):
    drawn = forces.draw(tuple(pile), count, SeededDice(seed), "test")
    assert len(drawn) == min(count, len(pile)) and len(set(drawn)) == len(drawn) and set(drawn) <= set(pile)


# --- the Random Events Table (4.1) -------------------------------------------------------------


def test_every_d66_roll_finds_exactly_one_event():
    rolls = [n for event in events.TABLE for n in event.rolls]
    assert sorted(rolls) == [10 * a + b for a in range(1, 7) for b in range(1, 7)]


def test_the_first_die_is_the_tens():
    """4.1: a 4 followed by a 6 is event 46."""
    roll, event = events.roll_event(TableDice([4, 6]))
    assert roll == 46 and event is not None and event.key == "pointing_fingers"


@pytest.mark.parametrize(("roll", "english", "spanish"), [
    (11, "random_reinforcement", "kids_untied"), (16, "random_reinforcement", "kids_untied"),
    (21, "kids_untied", "angry_womyn"), (22, "angry_womyn", "coffee_break"), (23, "coffee_break", "folk_festival"),
    (24, "folk_festival", "costume_broke"), (25, "costume_broke", None), (26, "beavis", "beavis"),
    (31, "transit_snafu", "transit_snafu"), (66, "lost_keys", "lost_keys"),
])
def test_the_spanish_table_is_shifted_one_row(roll, english, spanish):
    assert events.event_at(roll).key == english
    found = events.event_at(roll, events.SPANISH)
    assert (found.key if found else None) == spanish


def test_effects_as_data():
    e = events.EVENTS
    assert e["kids_untied"].may_not_move == {"anarchist"} and e["costume_broke"].may_not_move == {"environmentalist"}
    assert e["coffee_break"].may_not_move == e["coffee_break"].may_not_attack == {"labor"}
    assert e["folk_festival"].withdrawn == {"liberal"} and e["folk_festival"].when == events.NEXT_MORNING
    assert e["mayor_denounces"].ei == ((A, 10),) and e["clinton_admits"].ei == ((P, 10),)
    assert e["attrition"].loses == (P, "crowd") and e["paperwork"].loses == (A, "spd")
    assert e["transit_snafu"].arrival_shift == 1 and e["rapid_response"].arrival_shift == -1
    assert "spd" not in e["rapid_response"].shifted and e["lost_keys"].when == events.THIS_TURN


@pytest.mark.parametrize(("die", "count"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_random_reinforcement_halves_rounding_up(die, count):
    assert events.random_reinforcement(TableDice([die]), {A: 10, P: 10}) == (count, {"group", "crowd"})
    assert events.random_reinforcement(TableDice([die]), {A: 11, P: 10})[1] == {"group"}


# --- the EI Reinforcement Table (4.21, 5.1) ----------------------------------------------------


@pytest.mark.parametrize(("ei", "spd", "reaction"), [
    (0, 3, 0), (20, 3, 0), (21, 2, 1), (40, 2, 1), (41, 1, 2), (60, 1, 2), (61, 0, 3), (80, 0, 3), (81, -1, 4),
    (100, -1, 4), (101, -2, 5), (500, -2, 5)])
def test_spd_row_and_reaction_limit_at_every_column_edge(ei, spd, reaction):
    assert reinforcement.spd_due(ei) == spd and reinforcement.reaction_limit(ei) == reaction


def test_the_example_of_4_21():
    """4.21: Protester EI 46 draws two Groups and three Crowds, reaction-moves two; Authority EI 28 moves one."""
    assert reinforcement.protester_due(46, TableDice([])) == {"group": 2, "crowd": 3}
    assert reinforcement.reaction_limit(46) == 2 and reinforcement.reaction_limit(28) == 1
    assert reinforcement.spd_due(28) == 2  # the table
    assert reinforcement.spd_due(28, reinforcement.EXAMPLE_READING) == 3  # the example's "three SPD units"


def test_dice_entries_roll():
    """+2d6 Groups at 0-20; +1d6 Crowds at 61-100, +2d6 at 101+; removals at 81+."""
    assert reinforcement.protester_due(5, TableDice([6, 5])) == {"group": 11, "crowd": 1}
    assert reinforcement.protester_due(70, TableDice([4])) == {"group": 1, "crowd": 4}
    assert reinforcement.protester_due(120, TableDice([1, 2])) == {"group": -2, "crowd": 3}


def test_additions_may_be_declined_removals_may_not():
    """4.21: none received beyond those available; he may decline to add; he must remove."""
    assert reinforcement.settle(3, available=1, on_map=0) == 1
    assert reinforcement.settle(3, available=5, on_map=0, taken=0) == 0
    assert reinforcement.settle(-2, available=0, on_map=5) == -2 and reinforcement.settle(-2, 0, on_map=1) == -1
    with pytest.raises(Refusal, match="4.21"):
        reinforcement.settle(-2, available=0, on_map=5, taken=0)
    with pytest.raises(Refusal, match="4.21"):
        reinforcement.settle(3, available=2, on_map=0, taken=3)


@given(st.integers(0, 400), st.sampled_from([reinforcement.TABLE_READING, reinforcement.EXAMPLE_READING]))
def test_more_exposure_never_brings_more_spd_or_less_reaction(ei, reading):
    assert reinforcement.spd_due(ei + 1, reading) <= reinforcement.spd_due(ei, reading)
    assert reinforcement.reaction_limit(ei + 1) >= reinforcement.reaction_limit(ei)


# --- emergency reinforcements (4.22, 7.3) ------------------------------------------------------


def test_spd_at_once_troopers_and_guard_two_turns_later_four_ei_each():
    cost, arrivals = emergency.order({"spd": 2, "state_trooper": 1, "national_guard": 1},
                                     {"spd": 5, "state_trooper": 4, "national_guard": 4}, stage=2, turn=3)
    assert exposure.net(cost) == {A: -16, P: 0} and arrivals == {"spd": 3, "state_trooper": 5, "national_guard": 5}


def test_stage_one_allows_only_spd():
    assert exposure.net(emergency.order({"spd": 1}, {"spd": 1}, stage=1, turn=1)[0]) == {A: -4, P: 0}
    with pytest.raises(Refusal, match="7.3"):
        emergency.order({"national_guard": 1}, {"national_guard": 4}, stage=1, turn=1)


def test_no_more_than_the_counter_mix_left():
    with pytest.raises(Refusal, match="4.22"):
        emergency.order({"state_trooper": 5}, {"state_trooper": 4}, stage=2, turn=1)
    with pytest.raises(Refusal, match="4.22"):
        emergency.order({"radical": 1}, {"radical": 1}, stage=2, turn=1)


def test_transit_snafu_and_rapid_response_move_units_on_the_way():
    snafu, rapid = events.EVENTS["transit_snafu"], events.EVENTS["rapid_response"]
    assert emergency.shifted("national_guard", due=5, event=snafu, turn=4) == 6
    assert emergency.shifted("state_trooper", due=5, event=rapid, turn=4) == 4
    assert emergency.shifted("state_trooper", due=4, event=rapid, turn=4) == 4  # not before this phase
    assert emergency.shifted("state_trooper", due=4, event=snafu, turn=4) == 5  # still on the way this phase
    assert emergency.shifted("state_trooper", due=5, event=events.EVENTS["lost_keys"], turn=4) == 5


# --- the Turn End Phase (3.4, EI Adjustment Chart, 2.3) ----------------------------------------


def test_exposure_values_of_core_areas_held_and_yahoos():
    """+EV per Downtown Core area with at least one Protester unit; -1 per Yahoo on the map."""
    held = {"convention-centre": ["labor", "radical"], "westin": ["yahoo"], "capitol-hill": ["yahoo", "liberal"]}
    values = turn_end.exposure_values(BOARD)
    assert turn_end.changes(BOARD, held, spd=0, night=False) == {A: 0, P: values["convention-centre"] + values["westin"] - 2}


@pytest.mark.parametrize(("spd", "points"), [(0, 0), (1, -1), (5, -1), (6, -2), (10, -2), (11, -3)])
def test_one_authority_point_per_five_spd_on_the_map_rounded_up(spd, points):
    assert turn_end.changes(BOARD, {"belltown": ["labor"]}, spd, night=False)[A] == points


def test_no_crowds_ten_by_day_no_protesters_twenty_not_both():
    groups_only = {"belltown": ["radical"]}
    assert turn_end.changes(BOARD, groups_only, 0, night=False)[A] == 10
    assert turn_end.changes(BOARD, groups_only, 0, night=True)[A] == 0
    assert turn_end.changes(BOARD, {}, 0, night=False)[A] == 20
    assert turn_end.changes(BOARD, {"westin": []}, 0, night=True) == {A: 20, P: 0}


def test_turn_end_stops_an_index_at_zero():
    """2.3: the points beyond zero go to the other side."""
    assert turn_end.turn_end({A: 30, P: 1}, BOARD, {"belltown": ["yahoo"] * 3}, 0, night=True) == {A: 32, P: 0}


@given(st.dictionaries(st.sampled_from(sorted(BOARD.nodes)), st.lists(st.sampled_from(sorted(TYPES)[:6])), max_size=6),
       st.integers(0, 15), st.booleans(), st.integers(0, 200), st.integers(0, 200))
def test_turn_end_never_leaves_an_index_below_zero(held, spd, night, authority, protester):
    change = turn_end.changes(BOARD, held, spd, night)
    after = turn_end.turn_end({A: authority, P: protester}, BOARD, held, spd, night)
    raw = {A: authority + change[A], P: protester + change[P]}
    assert min(after.values()) >= 0
    assert after == raw or min(raw.values()) < 0


# --- victory (7.3, 8.0) and the game's length (2.4) --------------------------------------------


@pytest.mark.parametrize(("lead", "level"), [
    (-1, victory.TRIUMPH), (0, victory.MARGINAL), (30, victory.MARGINAL), (31, victory.SUBSTANTIAL),
    (60, victory.SUBSTANTIAL), (61, victory.DECISIVE), (200, victory.DECISIVE)])
def test_victory_levels_at_their_boundaries(lead, level):
    assert victory.level({A: 100, P: 100 + lead}) == level


def test_stage_three_authority_cannot_win():
    """7.3: a higher Authority EI after Stage Three is a Protester Marginal Victory."""
    assert victory.level({A: 90, P: 10}, stage_three=True) == victory.MARGINAL
    assert victory.level({A: 10, P: 90}, stage_three=True) == victory.DECISIVE


def test_the_game_runs_eight_turns_or_eleven_extended():
    """2.4, 8.0: Morning 30 November to Afternoon 2 December; by agreement to Afternoon 3 December."""
    assert turns.name(1) == "Morning, 30 November" and turns.name(turns.TURNS) == "Afternoon, 2 December"
    assert turns.name(turns.EXTENDED) == "Afternoon, 3 December"
    assert [t for t in range(1, 12) if turns.is_night(t)] == [3, 6, 9]
    assert [t for t in range(1, 12) if turns.is_morning(t)] == [1, 4, 7, 10]
    assert victory.last_turn(victory.NO) == 8 and victory.last_turn(victory.AGREED) == 11


def test_the_spanish_reading_extends_on_a_tie():
    """8.0 (Spanish): "Si existe un empate, el juego se extiende": the tie judged at the end of turn 8 only."""
    assert victory.last_turn(victory.TIE) == 8 and victory.extended_by_tie(victory.TIE, 8, {A: 40, P: 40})
    assert not victory.extended_by_tie(victory.TIE, 8, {A: 40, P: 41})
    assert not victory.extended_by_tie(victory.TIE, 9, {A: 40, P: 40})
    assert not victory.extended_by_tie(victory.NO, 8, {A: 40, P: 40})
