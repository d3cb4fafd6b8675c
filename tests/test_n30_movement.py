"""N30 movement phases: sections 1.3, 3, 3.1, 3.2, 3.3 and 11."""

import pytest

from referee.errors import Refusal
from referee.rulesets.n30.rules.phases import POLICE_MOVEMENT
from referee.session import Session
from tests.n30_support import arrange, at, new_game


def moved(game, command):
    return {e.kind: e for e in game.apply(command)}


def test_protesters_choose_two_intersections_before_9_00():
    """3: two intersections per turn from 7:40 to 9:00."""
    game = arrange(new_game(), {"2nd & Pike": ["U1"], "3rd & Pike": ["U2"], "4th & Pike": ["U3"]})
    game.apply({"do": "move", "unit": "U1", "to": "2nd & Pine", "dice": [2]})
    game.apply({"do": "move", "unit": "U2", "to": "3rd & Pine", "dice": [2]})
    with pytest.raises(Refusal, match=r"^3: the protesters may choose 2 intersections"):
        game.apply({"do": "move", "unit": "U3", "to": "4th & Union", "dice": [2]})


def test_protesters_choose_one_intersection_from_9_00():
    """3: one intersection per turn from 9:00 to 1:40 (the 9:00 turn included)."""
    game = arrange(new_game("n30/hold-the-line"), {"2nd & Pike": ["U1"], "3rd & Pike": ["U2"]})
    game.apply({"do": "choose", "node": "2nd & Pike"})
    with pytest.raises(Refusal, match=r"^3: .* 1 intersection this turn"):
        game.apply({"do": "move", "unit": "U2", "to": "3rd & Pine", "dice": [2]})


def test_police_choose_one_intersection_before_11_and_two_from_11():
    """3: the police choose one intersection before 11:00 and two from 11:00."""
    early = arrange(new_game("n30/hold-the-line"), {"2nd & Pike": ["6/A"], "3rd & Pike": ["7/A"]}, phase=POLICE_MOVEMENT)
    early.apply({"do": "choose", "node": "2nd & Pike"})
    with pytest.raises(Refusal, match="^3:"):
        early.apply({"do": "choose", "node": "3rd & Pike"})
    late = arrange(new_game("n30/reclaim-the-streets"), {"2nd & Pike": ["6/A"], "3rd & Pike": ["7/A"]}, phase=POLICE_MOVEMENT)
    late.apply({"do": "choose", "nodes": ["2nd & Pike", "3rd & Pike"]})
    assert late.state.local["chosen"]["police"] == ["2nd & Pike", "3rd & Pike"]


def test_an_intersection_named_twice_in_one_choice_is_refused():
    """3: `nodes` names different intersections."""
    game = arrange(new_game("n30/reclaim-the-streets"), {"2nd & Pike": ["6/A"]}, phase=POLICE_MOVEMENT)
    with pytest.raises(Refusal, match="^3: 2nd & Pike is named twice"):
        game.apply({"do": "choose", "nodes": ["2nd & Pike", "2nd & Pike"]})
    assert "police" not in game.state.local["chosen"]


def test_a_unit_moves_only_once_per_turn():
    """3: each unit may only move once per turn, or build barricades."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action"]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [1]})
    with pytest.raises(Refusal, match="^3: .*already moved"):
        game.apply({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [1]})


def test_units_move_only_in_their_sides_movement_phase():
    """2: protesters move in the protester movement phase, police in the police movement phase."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action", "6/A"]})
    with pytest.raises(Refusal, match="^2:"):
        game.apply({"do": "move", "unit": "6/A", "to": "3rd & Pike", "dice": [1]})


@pytest.mark.parametrize("unit,dice", [("6/A", 1), ("MP-1", 2), ("CART/B", 3), ("CART/30", 1)])
def test_one_movement_die_per_movement_factor(unit, dice):
    """3: one die per movement factor (1 for most units, 2 for mounted, 3 for armored chemical units)."""
    game = arrange(new_game(), {"2nd & Pike": [unit]}, phase=POLICE_MOVEMENT)
    events = moved(game, {"do": "roll", "unit": unit})
    assert len(events["movement-rolled"].dice) == dice
    assert events["movement-rolled"].data["rate"] == sum(r.value for r in events["movement-rolled"].dice)


def test_protesters_without_flying_cluster_halve_their_rate_rounding_up():
    """3.1: other protester units must start with a flying cluster to move normally, else halve (round up)."""
    game = arrange(new_game(), {"2nd & Pike": ["U1"]})
    rolled = moved(game, {"do": "roll", "unit": "U1", "dice": [5]})["movement-rolled"]
    assert rolled.data == {"unit": "U1", "rate": 3, "halved": True}


def test_flying_clusters_and_their_companions_move_normally():
    """3.1: flying clusters move normally, and so do units that start their move with one."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "(A) Action"]})
    assert moved(game, {"do": "roll", "unit": "U1", "dice": [5]})["movement-rolled"].data["rate"] == 5
    game.apply({"do": "stay", "unit": "U1"})
    assert moved(game, {"do": "roll", "unit": "(A) Action", "dice": [5]})["movement-rolled"].data["rate"] == 5


def test_3_one_unit_at_a_time_no_second_roll_before_the_first_unit_moves():
    """3: "She picks any one of her moving units, rolls to see how far it can move, moves the unit, and then
    picks another": while a rolled unit has not moved, no other unit of its side rolls, moves or builds."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "U2", "(A) Action"]})
    game.apply({"do": "roll", "unit": "U1", "dice": [2]})
    for command in ({"do": "roll", "unit": "U2", "dice": [4]}, {"do": "move", "unit": "U2", "to": "3rd & Pike", "dice": [4]},
                    {"do": "barricade", "unit": "U2"}):
        with pytest.raises(Refusal, match=r"^3: U1 has rolled its movement and must move \(or stay\)"):
            game.apply(command)
    game.apply({"do": "move", "unit": "U1", "to": "3rd & Pike"})
    assert moved(game, {"do": "roll", "unit": "U2", "dice": [4]})["movement-rolled"].data["rate"] == 4


def test_3_a_rolled_unit_that_stays_has_used_its_move():
    """3 (ruling): a rolled unit that cannot or will not move stays (`stay`), a move of no blocks; then another is picked."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "U2", "(A) Action"]})
    with pytest.raises(Refusal, match="^3: U1 has not rolled"):
        game.apply({"do": "stay", "unit": "U1"})
    game.apply({"do": "roll", "unit": "U1", "dice": [2]})
    events = moved(game, {"do": "stay", "unit": "U1"})
    assert events["unit-moved"].data["path"] == [] and at(game, "2nd & Pike") == ["U1", "U2", "(A) Action"]
    assert "U1" in game.state.local["moved"] and game.state.local["rolled"] == {}
    with pytest.raises(Refusal, match="^3: U1 has already moved"):
        game.apply({"do": "move", "unit": "U1", "to": "3rd & Pike", "dice": [1]})
    game.apply({"do": "move", "unit": "U2", "to": "3rd & Pike", "dice": [1]})


def test_3_a_rolled_unit_moves_or_stays_before_the_phase_ends():
    """3 (ruling): a roll never lapses: the phase ends once the rolled unit has moved or stayed; then the
    police roll one unit at a time in theirs."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "(A) Action"], "5th & Pike": ["6/A", "7/A"]})
    game.apply({"do": "roll", "unit": "U1", "dice": [2]})
    with pytest.raises(Refusal, match="^3: U1 has rolled its movement: it moves or stays before the phase ends"):
        game.apply({"do": "end-phase"})
    game.apply({"do": "stay", "unit": "U1"})
    game.apply({"do": "end-phase"})
    game.apply({"do": "roll", "unit": "6/A", "dice": [1]})
    with pytest.raises(Refusal, match="^3: 6/A has rolled"):
        game.apply({"do": "roll", "unit": "7/A", "dice": [1]})


def test_unit_must_stop_on_entering_an_opposing_units_intersection():
    """3: the unit must stop if it enters an intersection with an opposing unit."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action"], "3rd & Pike": ["6/A"]})
    with pytest.raises(Refusal, match="^3: .*must stop at 3rd & Pike"):
        game.apply({"do": "move", "unit": "(A) Action", "path": ["3rd & Pike", "4th & Pike"], "dice": [4]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [4]})
    assert "(A) Action" in at(game, "3rd & Pike")


def test_typed_roll_too_short_for_the_path_is_refused():
    """3: the unit moves at most its movement rate in blocks."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action"]})
    with pytest.raises(Refusal, match="^3: .*movement of 1"):
        game.apply({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [1]})
    assert at(game, "2nd & Pike") == ["(A) Action"]


def test_generator_roll_too_short_moves_as_far_as_it_can():
    """3 (ruling): a generator roll short of the path moves the unit along it as far as the roll allows."""
    game = arrange(new_game(seed=3), {"2nd & Pike": ["(A) Action"]})
    path = ["3rd & Pike", "4th & Pike", "5th & Pike", "6th & Pike", "7th & Pike", "8th & Pike", "8th & Union"]
    events = moved(game, {"do": "move", "unit": "(A) Action", "path": path})
    rate = events["movement-rolled"].data["rate"]
    assert events["unit-moved"].data["path"] == path[:rate]


def test_no_more_than_ten_protester_units_move_into_one_intersection():
    """3: no more than 10 protester units may move into the same intersection."""
    ten = [f"U{i}" for i in range(1, 11)]
    game = arrange(new_game(), {"3rd & Pike": ten, "2nd & Pike": ["(A) Action"]})
    with pytest.raises(Refusal, match="^3: no more than 10 protesters"):
        game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [1]})


def test_no_more_than_twenty_police_units_move_into_one_intersection():
    """3: no more than 20 police units may move into the same intersection."""
    police = ["6/A", "7/A", "8/A", "9/A", "6/B", "7/B", "8/B", "9/B", "6/C", "7/C", "8/C", "9/C",
              "6/D", "7/D", "8/D", "9/D", "CC-1", "CC-2", "CC-3", "CC-4"]
    game = arrange(new_game(), {"3rd & Pike": police, "2nd & Pike": ["MP-1"]}, phase=POLICE_MOVEMENT)
    with pytest.raises(Refusal, match="^3: no more than 20 police"):
        game.apply({"do": "move", "unit": "MP-1", "to": "3rd & Pike", "dice": [1, 1]})


def test_one_protester_unit_per_direction_into_police():
    """3.2: only 1 protester unit may enter an intersection with police from the same direction in a turn."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action", "Dark Star"], "3rd & Pike": ["6/A"], "3rd & Pine": ["Stewards"]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [1]})
    with pytest.raises(Refusal, match="^3.2: only 1 protester"):
        game.apply({"do": "move", "unit": "Dark Star", "path": ["3rd & Pike"], "dice": [1]})
    game.apply({"do": "move", "unit": "Stewards", "to": "3rd & Pike", "dice": [1]})
    assert set(at(game, "3rd & Pike", "protesters")) == {"(A) Action", "Stewards"}


def test_any_number_of_protester_units_into_an_intersection_without_police():
    """3.2: any number of protester units may move into or through an intersection without police."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action", "Dark Star", "Stewards"]})
    for unit in ("(A) Action", "Dark Star", "Stewards"):
        game.apply({"do": "move", "unit": unit, "to": "3rd & Pike", "dice": [1]})
    assert len(at(game, "3rd & Pike")) == 3


def test_three_police_units_per_direction_into_protesters_one_against_barricades():
    """3.2: up to 3 police from one direction; only 1 where the protesters have barricades or Flo."""
    police = ["6/A", "7/A", "8/A", "9/A"]
    game = arrange(new_game(), {"2nd & Pike": police, "3rd & Pike": ["U1"]}, phase=POLICE_MOVEMENT)
    for unit in police[:3]:
        game.apply({"do": "move", "unit": unit, "to": "3rd & Pike", "dice": [1]})
    with pytest.raises(Refusal, match="^3.2: only 3 police"):
        game.apply({"do": "move", "unit": "9/A", "path": ["3rd & Pike"], "dice": [1]})
    barricaded = arrange(new_game(), {"2nd & Pike": police[:2], "3rd & Pike": ["U1"]}, phase=POLICE_MOVEMENT,
                         markers={"3rd & Pike": ("barricade",)})
    barricaded.apply({"do": "move", "unit": "6/A", "to": "3rd & Pike", "dice": [1]})
    with pytest.raises(Refusal, match="^3.2:"):
        barricaded.apply({"do": "move", "unit": "7/A", "path": ["3rd & Pike"], "dice": [1]})


def test_build_a_barricade_or_drop_flo_instead_of_moving():
    """3.3: units in a chosen intersection may build a barricade or drop Flo instead of moving."""
    game = arrange(new_game(), {"6th & Pike": ["U1", "U2"]})
    game.apply({"do": "barricade", "unit": "U1"})
    game.apply({"do": "flo", "unit": "U2"})
    assert game.state.markers["6th & Pike"] == ("barricade", "flo")
    with pytest.raises(Refusal, match="^3: .*already moved or built"):
        game.apply({"do": "move", "unit": "U1", "to": "5th & Pike", "dice": [1]})


def test_barricades_only_in_a_chosen_intersection():
    """3.3: only units in an intersection the protester player chose may build."""
    game = arrange(new_game(), {"2nd & Pike": ["U1"], "3rd & Pike": ["U2"], "6th & Pike": ["U3"]})
    game.apply({"do": "choose", "nodes": ["2nd & Pike", "3rd & Pike"]})
    with pytest.raises(Refusal, match="^3:"):
        game.apply({"do": "barricade", "unit": "U3"})


def test_police_cannot_build_barricades():
    """3.3: barricades and Flo are the protesters'."""
    game = arrange(new_game(), {"2nd & Pike": ["6/A"]}, phase=POLICE_MOVEMENT)
    with pytest.raises(Refusal, match="^3.3:"):
        game.apply({"do": "barricade", "unit": "6/A"})


def test_there_is_one_flo():
    """3.3 (ruling): Flo is one inflatable whale."""
    game = arrange(new_game(), {"2nd & Pike": ["U1"], "3rd & Pike": ["U2"]}, markers={"2nd & Pike": ("flo",)})
    with pytest.raises(Refusal, match="^3.3: there is one Flo"):
        game.apply({"do": "flo", "unit": "U2"})


def test_barricade_removed_when_all_protester_units_leave():
    """3.3: remove the barricade when all protester units in the intersection leave."""
    game = arrange(new_game(), {"3rd & Pike": ["(A) Action", "Dark Star"]}, markers={"3rd & Pike": ("barricade",)})
    game.apply({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [1]})
    assert game.state.markers["3rd & Pike"] == ("barricade",)
    game.apply({"do": "move", "unit": "Dark Star", "to": "4th & Pike", "dice": [1]})
    assert "3rd & Pike" not in game.state.markers


def test_moving_lockdown_is_unlocked_until_the_end_of_the_confrontation_phase():
    """3: a lockdown unit that moves is unlocked until the end of the confrontation phase."""
    game = arrange(new_game(), {"2nd & Pike": ["Bananarchy", "(A) Action"]})
    game.apply({"do": "move", "unit": "Bananarchy", "to": "3rd & Pike", "dice": [1]})
    assert game.state.units["Bananarchy"].attrs["locked"] is False
    game.apply({"do": "end-phase"})
    game.apply({"do": "end-phase"})
    assert game.state.units["Bananarchy"].attrs["locked"] is False
    game.apply({"do": "end-phase"})
    assert game.state.units["Bananarchy"].attrs["locked"] is True


def test_nine_and_pine_is_out_of_play():
    """1.3: police buses put 9th & Pine out of play."""
    game = arrange(new_game(), {"8th & Pine": ["(A) Action"]})
    with pytest.raises(Refusal, match="^1.3: 9th & Pine is out of play"):
        game.apply({"do": "move", "unit": "(A) Action", "to": "9th & Pine", "dice": [1]})


def test_the_tunnel_carries_8th_avenue_under_the_convention_center():
    """1.3: a tunnel allows movement along 8th Avenue underneath the Convention Center."""
    game = arrange(new_game(), {"8th & Pike": ["(A) Action"]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "8th & Union", "dice": [1]})
    assert at(game, "8th & Union") == ["(A) Action"]
    assert game.ctx.scenario.board.link_kind("8th & Pike", "8th & Union") == "tunnel"


def test_reinforcements_use_their_first_block_to_enter_on_their_edge():
    """3, 11: reinforcements enter any intersection on their edge with their first block."""
    game = new_game("n30/lock-down-hold-fast")
    assert game.state.units["U1"].status == "off-map" and game.state.units["U1"].attrs["edge"] == "west"
    with pytest.raises(Refusal, match="^3: .*west edge"):
        game.apply({"do": "move", "unit": "U1", "path": ["3rd & Pike"], "dice": [4]})
    events = moved(game, {"do": "move", "unit": "(A) Action", "path": ["2nd & Union", "3rd & Union"], "dice": [2]})
    assert events["unit-moved"].data["path"] == ["2nd & Union", "3rd & Union"]
    assert game.state.local["chosen"] == {}


def test_reinforcements_cannot_move_before_they_arrive():
    """11: the 7:50-8:00 groups enter in that turn, not before."""
    game = new_game("n30/lock-down-hold-fast")
    with pytest.raises(Refusal, match="^11: Earth First is a reinforcement arriving at 7:50"):
        game.apply({"do": "move", "unit": "Earth First", "to": "Boren & Pike", "dice": [2]})


def test_random_edge_rolled_for_a_random_group():
    """11: for random edges roll one die: 1 north, 2 east, 3 south, 4-6 west."""
    game = new_game("n30/lock-down-hold-fast", seed=11)
    for _ in range(4 * 2):
        game.apply({"do": "end-phase"})
    arrived = [e for e in game.events if e.kind == "reinforcements-arrived" and e.data["units"] == ["U27"]]
    assert len(arrived) == 1 and arrived[0].turn == 3  # 8:00-8:10 is the third turn from 7:40
    face = arrived[0].dice[0].value
    assert arrived[0].data["edge"] == ["north", "east", "south", "west", "west", "west"][face - 1]
    assert game.state.units["U27"].status == "off-map"


# --- group-move: several units head for one intersection as one command (3, 3.1) -------------------


def west_reinforcements(game) -> list[str]:
    return [u.id for u in game.state.units.values() if u.status == "off-map" and u.attrs["edge"] == "west"]


def test_3_1_group_move_keeps_every_flying_clusters_help():
    """3.1: the 30 reinforcements of 7:40 (4 flying clusters among them) head for 5th & Pike as one command:
    the others move before the flying clusters leave their edge, so none is halved."""
    game = new_game("n30/lock-down-hold-fast", seed=5)
    group = west_reinforcements(game)
    assert len(group) == 30 and [game.state.units[uid].type for uid in group[4:8]] == ["flying"] * 4  # listed early
    events = game.apply({"do": "group-move", "units": group, "to": "5th & Pike"})
    rolled = [e.data for e in events if e.kind == "movement-rolled"]
    assert len(rolled) == 30 and not any(r["halved"] for r in rolled)
    assert [game.state.units[r["unit"]].type for r in rolled[-4:]] == ["flying"] * 4
    assert [e.kind for e in events] == ["movement-rolled", "unit-moved"] * 30
    assert set(group) <= set(game.state.local["moved"]) and game.state.local["rolled"] == {}


def test_3_1_group_move_dice_go_in_the_order_the_units_move():
    """3, 3.1: typed dice are used in the order the group moves: the flying cluster last."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action", "U1"]})
    events = game.apply({"do": "group-move", "units": ["(A) Action", "U1"], "to": "8th & Pike", "dice": [5, 2]})
    assert [(e.data["unit"], e.data["rate"], e.data["halved"]) for e in events if e.kind == "movement-rolled"] == [
        ("U1", 5, False), ("(A) Action", 2, False)]
    assert at(game, "7th & Pike") == ["U1"] and at(game, "4th & Pike") == ["(A) Action"]


def test_3_2_group_move_a_unit_that_cannot_get_nearer_stays():
    """3, 3.2: only 1 protester unit may enter an intersection with police from one direction: the second
    unit of the group cannot get nearer with its roll, so it stays, its move used."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "U2", "(A) Action"], "3rd & Pike": ["6/A"]})
    events = game.apply({"do": "group-move", "units": ["U1", "U2"], "to": "3rd & Pike", "dice": [1, 1]})
    moves = {e.data["unit"]: e.data["path"] for e in events if e.kind == "unit-moved"}
    assert moves == {"U1": ["3rd & Pike"], "U2": []}
    assert game.state.local["rolled"] == {} and {"U1", "U2"} <= set(game.state.local["moved"])


def test_3_group_move_one_at_a_time_with_a_rolled_unit():
    """3: a unit that has rolled goes first in its group, with its roll; outside the group it holds the group up."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "U2", "U3", "(A) Action"]})
    game.apply({"do": "roll", "unit": "U3", "dice": [3]})
    with pytest.raises(Refusal, match="^3: U3 has rolled"):
        game.apply({"do": "group-move", "units": ["U1", "U2"], "to": "6th & Pike", "dice": [2, 2]})
    events = game.apply({"do": "group-move", "units": ["U1", "U3"], "to": "6th & Pike", "dice": [2]})
    assert [e.data["unit"] for e in events if e.kind == "unit-moved"] == ["U3", "U1"]
    assert at(game, "5th & Pike") == ["U3"] and at(game, "4th & Pike") == ["U1"]


def test_3_group_move_refusals_come_before_any_die():
    """1.3, 3: an out-of-play target, a unit already there or one that has moved: refused, nothing rolled."""
    game = arrange(new_game(), {"2nd & Pike": ["U1", "U2"]})
    game.apply({"do": "move", "unit": "U2", "to": "3rd & Pike", "dice": [1]})
    for units, to, match in ((["U1"], "9th & Pine", "^1.3: 9th & Pine is out of play"),
                             (["U2"], "3rd & Pike", "^3: U2 is already at 3rd & Pike"),
                             (["U1", "U2"], "4th & Pike", "^3: U2 has already moved")):
        with pytest.raises(Refusal, match=match):
            game.apply({"do": "group-move", "units": units, "to": to, "dice": [1, 1]})
    assert game.state.local["rolled"] == {} and at(game, "2nd & Pike") == ["U1"]


def test_3_group_move_is_one_command_undone_by_one_undo(tmp_path):
    """3: a group move is one command in the session's log; one undo puts every unit back."""
    session = Session.create(tmp_path / "s.db", "n30/lock-down-hold-fast", {}, 5)
    before = session.state.to_json()
    session.apply({"do": "group-move", "units": west_reinforcements(session), "to": "5th & Pike"})
    assert len(session.last) == 60
    session.apply({"do": "undo"})
    assert session.state.to_json() == before
    session.close()


def test_a_destination_out_of_reach_is_refused_with_the_rule_its_nearest_way_breaks():
    """3, 3.2: the refusal names the real reason and its section, not only that there is no path."""
    from referee.rulesets.n30.rules.movement import why_not

    game = arrange(new_game(), {"2nd & Pike": ["(A) Action", "Dark Star"], "3rd & Pike": ["6/A"],
                                "2nd & Olive": ["Stewards"], "3rd & Olive": ["7/A"], "2nd & Pine": ["8/A"]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [1]})
    state = game.state
    blocked = str(why_not(game.ctx, state, state.units["Dark Star"], "3rd & Pike", 1))
    assert blocked.startswith("3.2: only 1 protester unit") and "(2nd & Pike into 3rd & Pike)" in blocked
    assert "movement of 1 this turn and 3rd & Pike is 3 blocks away" in blocked
    assert str(why_not(game.ctx, state, state.units["Dark Star"], "9th & Pine", 4)) == "1.3: 9th & Pine is out of play"
    with pytest.raises(Refusal, match="^3: Stewards must stop at 3rd & Olive"):
        game.apply({"do": "move", "unit": "Stewards", "to": "4th & Olive", "dice": [6]})
