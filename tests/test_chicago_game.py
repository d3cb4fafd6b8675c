"""Chicago-Chicago played in memory: the set-up, the six steps of a turn, movement and infiltration, conflict in a
box, the CPD minimum boxes, attrition and multiplication, the National Guard, and the end at 28C; each test names
the section it reads (the rule texts: HOW TO PLAY, HOW TO MOVE UNITS, ...)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from referee.core.events import without_items
from referee.core.state import relocate
from referee.core.units import ACTIVE
from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.rulesets.chicago.rules import attrition, board, fold, forces
from referee.rulesets.chicago.rules.units import COUNTER_MIX
from referee.scenario.catalog import Scenario, load_file

PATH = Path(__file__).parent.parent / "scenarios" / "chicago" / "chicago-1968.toml"
END = {"do": "end-phase"}


@cache
def scenario() -> Scenario:
    return load_file(PATH, "chicago")


def new_game(options: dict[str, str] | None = None, seed: int = 1) -> Game:
    return Game.new(scenario(), options or {}, seed)


def play(game: Game, *commands: dict) -> Game:
    for command in commands:
        game.apply(command)
    return game


def to_step(game: Game, step: str) -> Game:
    while game.state.phase != step:
        game.apply(END)
    return game


def next_turn(game: Game) -> Game:
    turn = game.state.turn
    while game.state.turn == turn and not game.state.over:
        game.apply(END)
    return game


def refused(game: Game, command: dict, section: str) -> Refusal:
    before = game.state
    with pytest.raises(Refusal) as caught:
        game.apply(command)
    assert caught.value.section == section
    assert game.state is before
    return caught.value


def at(game: Game, node: str, side: str) -> list[str]:
    return [unit.id for unit in game.state.at(node, side)]


def green(game: Game) -> dict[str, str]:
    return {u.id: u.node for u in game.state.units.values() if u.side == "demonstrators" and u.status == ACTIVE}


# --- HOW TO SET UP THE GAME ---------------------------------------------------------------------------------------

def test_set_up_3_and_4_the_default_placement():
    """3: three level-1 and six level-3 groups in one park; 4: 24, 21 and 15 platoons of levels 1-3 and six Tac,
    51 of them in the minimum boxes, three a box, the rest not in minimum boxes."""
    state = new_game().state
    placed = [u for u in state.units.values() if u.status == ACTIVE]
    greens = [u for u in placed if u.side == "demonstrators"]
    assert {u.node for u in greens} == {"lincoln-park"}
    assert sorted(u.attrs["level"] for u in greens) == [1, 1, 1, 3, 3, 3, 3, 3, 3]
    police = [u for u in placed if u.side == "police"]
    by_level = {level: sum(u.attrs.get("level") == level and u.type == "police" for u in police) for level in (1, 2, 3)}
    assert by_level == {1: 24, 2: 21, 3: 15}
    assert sum(u.type == "tac" for u in police) == 6
    assert not any(u.type == "guard" for u in placed)
    assert sum(u.attrs["minimum"] for u in police) == 51
    assert all(len(board.in_minimum(state, node)) == 3 for node in board.minimum(scenario().board))
    assert state.scores == {"police": 0, "demonstrators": 0}


def test_set_up_the_umpire_may_move_units_before_the_first_move_and_no_later():
    """CONTRACT: a default placement the umpire may change before the first move (place)."""
    game = play(new_game(), {"do": "place", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "washington-park"},
                {"do": "place", "units": ["Tac-1"], "to": "grant-park-west"})
    assert set(green(game).values()) == {"washington-park"}
    assert game.state.units["Tac-1"].node == "grant-park-west"
    refused(game, {"do": "place", "units": ["G1-01"], "to": "loop"}, "HOW TO SET UP THE GAME 3")
    play(game, END)
    refused(game, {"do": "place", "units": ["Tac-1"], "to": "loop"}, "HOW TO SET UP THE GAME")


def test_set_up_3_all_the_demonstrators_in_one_park_before_play_begins():
    game = play(new_game(), {"do": "place", "units": ["G1-01"], "to": "grant-park-east"})
    refused(game, END, "HOW TO SET UP THE GAME 3")


def test_set_up_4_three_platoons_in_each_minimum_box_before_play_begins():
    """4: 51 of the 66 platoons in the 17 minimum boxes, three in each (CPD MINIMUM), neither fewer nor more."""
    game = play(new_game(), {"do": "place", "units": ["P3-01"], "to": "old-town"})
    refused(game, END, "HOW TO SET UP THE GAME 4")
    game = play(new_game(), {"do": "place", "units": ["P1-17"], "to": "old-town", "minimum": True})
    refused(game, END, "HOW TO SET UP THE GAME 4")


# --- HOW TO PLAY: the steps -----------------------------------------------------------------------------------------

def test_how_to_play_steps_1_to_4_then_5_and_6_to_the_next_turn():
    game = new_game()
    seen = [(game.state.turn, game.state.phase)]
    for _ in range(4):
        game.apply(END)
        seen.append((game.state.turn, game.state.phase))
    assert seen == [(1, "green-move"), (1, "green-conflict"), (1, "blue-move"), (1, "blue-conflict"), (2, "green-move")]
    assert game.ctx.scenario.clock.label(2) == "25B"


def test_how_to_play_only_the_side_of_the_step_moves_and_fights():
    """Step 1 green moves, step 2 green fights, step 3 blue moves, step 4 blue fights; nothing else."""
    game = new_game()
    refused(game, {"do": "move", "units": ["P1-16"], "to": "grant-park-west"}, "HOW TO PLAY")
    refused(game, {"do": "conflict", "box": "lincoln-park"}, "HOW TO PLAY")
    to_step(game, "green-conflict")
    refused(game, {"do": "move", "units": ["G1-01"], "to": "old-town"}, "HOW TO PLAY")
    to_step(game, "blue-move")
    refused(game, {"do": "conflict", "box": "loop"}, "HOW TO PLAY")
    assert "G1-01 is a demonstrators unit: in step 3 the police move, the demonstrators in step 1" in str(
        refused(game, {"do": "move", "units": ["G1-01"], "to": "old-town"}, "HOW TO PLAY"))


def last(game: Game, kind: str) -> dict:
    return [event for event in game.events if event.kind == kind][-1].data


def last_without_items(game: Game, kind: str) -> dict:
    """The last event of a kind, its itemization set apart (tests/test_items_chicago.py checks it)."""
    return without_items([event for event in game.events if event.kind == kind][-1]).data


# --- HOW TO MOVE UNITS, INFILTRATION ------------------------------------------------------------------------------

def test_move_1_and_2_next_boxes_up_to_the_movement_number_over_several_commands():
    """A level-1 group moves 2 boxes a turn, a level-3 group 1; only into boxes next to it."""
    game = play(new_game(), {"do": "move", "units": ["G1-01"], "to": "old-town"},
                {"do": "move", "units": ["G1-01"], "to": "gold-coast"})
    assert game.state.units["G1-01"].node == "gold-coast"
    refused(game, {"do": "move", "units": ["G1-01"], "to": "north-michigan"}, "HOW TO MOVE UNITS 2")
    refused(game, {"do": "move", "units": ["G3-01"], "path": ["old-town", "gold-coast"]}, "HOW TO MOVE UNITS 2")
    refused(game, {"do": "move", "units": ["G3-01"], "path": ["gold-coast"]}, "HOW TO MOVE UNITS 1")


def test_move_3_and_4_two_factors_into_a_box_with_an_enemy_but_minimum_platoons_do_not_count():
    game = play(new_game(), {"do": "move", "units": ["G3-01"], "to": "old-town"})
    assert last(game, "moved")["cost"] == 1  # old-town holds only its minimum platoons (3)
    to_step(game, "blue-move")
    play(game, {"do": "move", "units": ["P1-19"], "path": ["river-north", "old-town"]})
    assert last(game, "moved")["cost"] == 3  # river-north 1, old-town with a green group 2 (4)
    refused(game, {"do": "move", "units": ["P1-20"], "path": ["river-north", "old-town", "lincoln-park"]},
            "HOW TO MOVE UNITS 2")


def test_move_by_kind_takes_the_cheapest_way_and_leaves_the_minimum_platoons():
    game = to_step(new_game(), "blue-move")
    play(game, {"do": "move", "units": {"P1": 2, "Tac": 1}, "from": "conrad-hilton", "to": "loop"})
    moved = last(game, "moved")
    assert (moved["units"], moved["path"], moved["cost"]) == (["P1-16", "P1-17", "Tac-1"], ["grant-park-west", "loop"], 2)
    assert len(board.in_minimum(game.state, "conrad-hilton")) == 3


def test_infiltration_doubles_movement_forbids_attack_and_halves_the_groups_instead_of_a_third():
    """INFILTRATION: twice the movement number, no conflict; at the end of the turn half the groups, not a third."""
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park",
                             "path": ["old-town", "gold-coast", "north-michigan"], "infiltrate": True})
    assert set(at(game, "north-michigan", "demonstrators")) == {"G1-01", "G1-02", "G1-03"}
    to_step(game, "green-conflict")
    refused(game, {"do": "conflict", "box": "north-michigan"}, "INFILTRATION")
    next_turn(game)
    left = at(game, "north-michigan", "demonstrators")
    assert len(left) == 2 and all(game.state.units[uid].attrs["level"] == 1 for uid in left)  # 3 // 2 = 1 lost
    assert len(at(game, "lincoln-park", "demonstrators")) == 4  # six groups lose a third


def test_infiltration_is_for_the_demonstrators_as_they_move_and_nobody_stands_in_a_minimum_box_but_police():
    game = new_game()
    refused(game, {"do": "move", "units": ["G3-01"], "to": "old-town", "minimum": True}, "CPD MINIMUM")
    to_step(game, "blue-move")
    refused(game, {"do": "move", "units": ["P1-16"], "to": "grant-park-west", "infiltrate": True}, "INFILTRATION")


# --- HOW TO RESOLVE CONFLICT in a box -----------------------------------------------------------------------------

def test_conflict_1_green_attacks_all_blue_units_in_the_box_with_all_its_units():
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    to_step(game, "green-conflict")
    refused(game, {"do": "conflict", "box": "old-town", "attack": ["G1-01"]}, "HOW TO RESOLVE CONFLICT 1")
    play(game, {"do": "conflict", "box": "old-town", "dice": [3]})
    fought = last(game, "conflict")
    assert fought["attack"] == ["G1-01", "G1-02", "G1-03"] and fought["defend"] == ["P3-01", "P3-02", "P3-03"]
    assert (fought["attack_strength"], fought["defend_strength"], fought["odds"]) == (36, 6, "6:1")
    assert fought["forced"] is None  # 7: not on the minimum platoons


def test_conflict_2_and_7_minimum_platoons_are_left_out_while_other_blue_units_stand_with_them():
    """Tac-1 in old-town: green attacks it alone, at 36:5 = 7:1, which forces the police's ASSAULT at 1:1 (7)."""
    game = play(new_game(), {"do": "place", "units": ["Tac-1"], "to": "old-town"},
                {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    assert last(game, "moved")["cost"] == 2
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "old-town", "dice": [4, 4]})
    fought = last(game, "conflict")
    assert fought["defend"] == ["Tac-1"] and fought["odds"] == "7:1"
    assert fought["forced"] == {"roll": 4, "result": "DD2", "winner": "demonstrators"}
    assert fought["points"] == {"police": 0, "demonstrators": 4}  # old-town is P2/D2, both rolls won by green


def test_conflict_3_in_a_park_blue_must_attack_every_green_unit():
    game = play(new_game(), {"do": "place", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "grant-park-west"})
    to_step(game, "blue-move")
    play(game, {"do": "move", "units": {"P1": 3, "Tac": 2}, "from": "loop", "to": "grant-park-west"})
    to_step(game, "blue-conflict")
    refused(game, {"do": "conflict", "box": "grant-park-west", "defend": ["G1-01"]}, "HOW TO RESOLVE CONFLICT 3")


def test_conflict_4_outside_the_parks_blue_picks_groups_nobody_attacked_twice_minimum_platoons_never_attack():
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "path": ["old-town", "gold-coast"]})
    to_step(game, "blue-move")
    play(game, {"do": "move", "units": {"P1": 3, "Tac": 2}, "from": "loop", "path": ["north-michigan", "gold-coast"]})
    to_step(game, "blue-conflict")
    play(game, {"do": "conflict", "box": "gold-coast", "attack": ["P1-19", "P1-20", "P1-21", "Tac-3"],
                "defend": ["G1-01"], "dice": [3]})
    assert last(game, "conflict")["odds"] == "1:1"
    refused(game, {"do": "conflict", "box": "gold-coast", "attack": ["Tac-4"], "defend": ["G1-01"]},
            "HOW TO RESOLVE CONFLICT 4")
    refused(game, {"do": "conflict", "box": "gold-coast", "attack": ["Tac-3"], "defend": ["G1-02"]},
            "HOW TO RESOLVE CONFLICT")
    refused(game, {"do": "conflict", "box": "gold-coast", "attack": ["P2-10"], "defend": ["G1-02"]}, "CPD MINIMUM 2")
    refused(game, {"do": "conflict", "box": "gold-coast", "attack": ["Tac-4"], "defend": ["G1-02"]},
            "HOW TO RESOLVE CONFLICT 6")  # 5:12, below 1:1


def test_conflict_5_the_winner_scores_the_box_and_a_group_going_down_is_exchanged_for_a_lower_counter():
    """Gold Coast is P3/D2; 36:9 is 4:1, and the demonstrators' HARASS 4:1 rolling 4 is DD3: the demonstrators
    score 2 and a third of the three groups, one, goes down to level 2 (ATTRITION RULE: the counter exchanged for
    a free level-2 one)."""
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "path": ["old-town", "gold-coast"]})
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "gold-coast", "dice": [4]})
    fought = last(game, "conflict")
    assert (fought["odds"], fought["result"], fought["points"]) == ("4:1", "DD3", {"police": 0, "demonstrators": 2})
    assert fought["changes"] == [["G1-01", "G2-01"]] and fought["marked"] == {}
    assert game.state.units["G1-01"].status == "off-map" and game.state.units["G2-01"].node == "gold-coast"
    assert game.state.scores == {"police": 0, "demonstrators": 2}


def test_conflict_4_and_7_the_groups_that_forced_an_assault_are_not_attacked_again_that_turn():
    """7: at 5:1 the demonstrators "force the police player to roll a 1-1 on the ASSAULT CRT": that roll is the
    police's attack on them, so 4 ("No unit may be attacked more than once per turn") spares them in step 4."""
    game = play(new_game(), {"do": "place", "units": ["Tac-1"], "to": "old-town"},
                {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "old-town", "dice": [3, 6]})
    assert last(game, "conflict")["forced"] == {"roll": 6, "result": "PD2", "winner": "police"}
    groups = at(game, "old-town", "demonstrators")
    assert set(groups) <= set(game.state.local["attacked"])
    to_step(game, "blue-conflict")
    refused(game, {"do": "conflict", "box": "old-town", "attack": ["Tac-1"], "defend": groups[:1]},
            "HOW TO RESOLVE CONFLICT 4")


# --- CPD MINIMUM --------------------------------------------------------------------------------------------------

def minimum_of_level_3_in_gold_coast() -> Game:
    """The set-up changed: the level-3 platoons of old-town guard the Gold Coast, its level-2 ones old-town."""
    return play(new_game(), {"do": "place", "units": ["P3-01", "P3-02", "P3-03"], "to": "gold-coast"},
                {"do": "place", "units": ["P2-10", "P2-11", "P2-12"], "to": "old-town", "minimum": True},
                {"do": "place", "units": ["P3-01", "P3-02", "P3-03"], "to": "gold-coast", "minimum": True})


def lose_a_minimum_platoon() -> Game:
    """G1-01 attacks the Gold Coast's three level-3 minimum platoons at 12:6, 2:1; HARASS 2:1 rolling 6 is DP2: half
    of three, one, goes down and, at level 3, leaves the game."""
    game = play(minimum_of_level_3_in_gold_coast(), {"do": "move", "units": ["G1-01"], "path": ["old-town", "gold-coast"]})
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "gold-coast", "dice": [6]})
    assert last(game, "conflict")["changes"] == [["P3-01", None]]
    return game


def test_cpd_minimum_a_lost_platoon_may_be_missing_until_the_next_turn_then_the_police_lose():
    game = lose_a_minimum_platoon()
    next_turn(game)  # the end of step 3 of the turn it was lost: spared
    assert not game.state.over and game.state.turn == 2
    to_step(game, "blue-move")
    game.apply(END)
    assert game.state.over and game.state.winner == "demonstrators"
    assert last_without_items(game, "game-ended") == {"winner": "demonstrators", "reason": "CPD MINIMUM",
                                                      "boxes": ["gold-coast"], "ei": {"police": 0, "demonstrators": 2}}
    refused(game, END, "HOW TO PLAY")


def test_cpd_minimum_a_lost_platoon_replaced_on_the_next_turn():
    game = next_turn(lose_a_minimum_platoon())
    to_step(game, "blue-move")
    play(game, {"do": "move", "units": ["P1-19"], "path": ["north-michigan", "gold-coast"], "minimum": True}, END)
    assert not game.state.over and game.state.phase == "blue-conflict"


def test_cpd_minimum_1_three_platoons_at_the_end_of_step_3():
    game = to_step(new_game(), "blue-move")
    play(game, {"do": "move", "units": ["P3-10"], "to": "south-loop", "minimum": False}, END)
    assert game.state.over and last(game, "game-ended")["boxes"] == ["south-loop"]


def test_cpd_minimum_3_conditional_boxes_released_when_green_enters_the_box_or_one_next_to_it():
    game = play(new_game(), {"do": "move", "units": ["G3-01"], "to": "old-town"})
    assert last(game, "released") == {"boxes": ["old-town", "lincoln-park-west", "river-north"]}
    to_step(game, "blue-move")
    play(game, {"do": "move", "units": ["P3-04", "P3-05", "P3-06"], "to": "lincoln-park-west", "minimum": False}, END)
    assert not game.state.over
    assert board.bound(game.ctx.scenario.board, game.state.local["released"]).count("lincoln-park-west") == 0


def test_cpd_minimum_three_platoons_at_least_a_fourth_may_join_them():
    """CPD MINIMUM: "the police MUST keep three platoons (no NG) in each": a floor, not a cap (RULINGS.md)."""
    game = to_step(new_game(), "blue-move")
    play(game, {"do": "move", "units": ["P1-16"], "to": "conrad-hilton", "minimum": True}, END)
    assert len(board.in_minimum(game.state, "conrad-hilton")) == 4 and not game.state.over


# --- DEMONSTRATOR ATTRITION AND MULTIPLICATION, HOW TO PLAY step 5 ------------------------------------------------

def test_attrition_1_a_third_of_each_box_two_lose_one_one_goes_down_a_level():
    game = play(new_game(), {"do": "move", "units": ["G1-01"], "to": "old-town"},
                {"do": "move", "units": ["G1-02", "G1-03"], "to": "lincoln-park-west"})
    next_turn(game)
    assert at(game, "old-town", "demonstrators") == ["G2-01"]  # one alone: down a level
    assert at(game, "lincoln-park-west", "demonstrators") == ["G1-03"]  # two: one lost
    assert sorted(at(game, "lincoln-park", "demonstrators")) == ["G3-03", "G3-04", "G3-05", "G3-06"]  # six: two
    assert game.state.units["G1-02"].status == "removed"


def test_attrition_lowest_units_first():
    game = next_turn(new_game())
    assert sorted(at(game, "lincoln-park", "demonstrators")) == ["G1-01", "G1-02", "G1-03", "G3-04", "G3-05", "G3-06"]


def test_step_5_on_c_turns_every_group_outside_the_parks_is_gone_and_the_parks_keep_theirs():
    game = next_turn(next_turn(new_game()))
    assert game.state.turn == 3  # 25C: lincoln-park holds 3 level-1 groups and 1 level-3 group
    play(game, {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    next_turn(game)  # and at 26A the one group left in Lincoln Park is multiplied by 4
    assert at(game, "old-town", "demonstrators") == [] and at(game, "lincoln-park", "demonstrators")[0] == "G3-06"
    assert {game.state.units[f"G1-0{n}"].status for n in (1, 2, 3)} == {"removed"}
    assert len(at(game, "lincoln-park", "demonstrators")) == 4


def test_step_4_on_c_turns_green_gains_5_if_blue_leaves_a_park_alone():
    game = next_turn(next_turn(next_turn(new_game())))
    assert last_without_items(game, "park-penalty") == {"parks": ["lincoln-park"], "points": 5,
                                                        "ei": {"police": 0, "demonstrators": 5}}


@pytest.mark.parametrize(("option", "points"), [("once", 5), ("each", 10)])
def test_step_4_option_park_penalty_once_a_turn_or_for_each_park(option, points):
    game = play(new_game({"park_penalty": option}),
                {"do": "place", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "grant-park-west"},
                {"do": "move", "units": {"G1": 3}, "from": "grant-park-west", "to": "grant-park-east"})
    for _ in range(3):
        next_turn(game)
    assert last(game, "park-penalty")["points"] == points and game.state.scores["demonstrators"] == points


def test_multiplication_2_at_the_start_of_each_a_turn_but_25a_lowest_level_first():
    game = next_turn(next_turn(new_game()))
    assert not [event for event in game.events if event.kind == "multiplied"]  # 25B: none
    next_turn(game)  # 26A: the four groups in Lincoln Park times 4
    assert last_without_items(game, "multiplied") == {"added": {"lincoln-park": [f"G4-{n:02d}" for n in range(1, 13)]},
                                                      "parks": {"lincoln-park": 4}}
    assert len(at(game, "lincoln-park", "demonstrators")) == 16


def arranged(groups: dict[str, int]):
    """The opening state with green's nine groups spread over the parks as given, for the pure rules."""
    state = new_game().state.thawed()
    ids = iter(at(new_game(), "lincoln-park", "demonstrators"))
    for park, count in groups.items():
        for _ in range(count):
            uid = next(ids)
            relocate(state, state.units[uid], park)
    return state


def test_multiplication_2_in_each_park_lincoln_4_grant_3_washington_2():
    state = arranged({"lincoln-park": 2, "grant-park-west": 2, "grant-park-east": 2, "washington-park": 3})
    added, _ = attrition.multiply(state, board.parks(scenario().board))
    assert {park: len(ids) for park, ids in added.items()} == {"lincoln-park": 6, "grant-park-west": 4,
                                                              "grant-park-east": 4, "washington-park": 3}
    assert all(uid.startswith("G4-") for ids in added.values() for uid in ids)


def test_multiplication_2_stops_at_the_counter_mix():
    """"Once you have all demonstrator units in the game you simply cannot add any more"."""
    state = new_game().state.thawed()
    free = [u for u in state.units.values() if u.side == "demonstrators" and u.status == "off-map"]
    for unit in free[:-2]:
        relocate(state, unit, "hyde-park")
    added, _ = attrition.multiply(state, board.parks(scenario().board))
    assert [len(ids) for ids in added.values()] == [2]
    on_board = sum(u.status == ACTIVE for u in state.units.values() if u.side == "demonstrators") + 2
    assert on_board == sum(n for (kind, _), n in COUNTER_MIX.items() if kind == "demonstrator")


def every_counter_on_the_board(*kinds: str):
    """The opening state with every counter of these kinds off the board put in Hyde Park."""
    state = new_game().state.thawed()
    for unit in [u for u in state.units.values() if u.status == "off-map" and forces.kind(u) in kinds]:
        relocate(state, unit, "hyde-park")
    return state


def test_demonstrator_attrition_3_counter_limit_off_a_platoon_with_no_counter_below_free_goes_down_marked():
    """DEMONSTRATOR ATTRITION AND MULTIPLICATION 3 removes a unit only when "it can go down no further (like a level
    4 demonstrator unit)": with no level-2 or level-3 counter free, a level-1 platoon goes down to level 2 and a
    level-2 one to level 3 all the same, their own counters marked (option counter_limit off, the default)."""
    assert scenario().options["counter_limit"].default == "off"
    state = every_counter_on_the_board("P2", "P3")
    done = forces.Exchanges(state, forces.marking(new_game().ctx.options))
    done.level(state.units["P1-01"], 2)
    done.level(state.units["P2-01"], 3)
    done.level(state.units["P3-01"], 4)  # level 3 is the police's last: out
    assert (done.marked, done.changes) == ({"P1-01": 2, "P2-01": 3}, [["P3-01", None]])
    fold.exchange(state, {"changes": done.changes, "marked": done.marked})
    marked = state.units["P1-01"]
    assert (marked.attrs["level"], marked.attrs["strength"], marked.name, forces.kind(marked)) == (
        2, 3, "Level 2 platoon P1-01", "P2")
    fold.exchange(state, {"changes": [["P1-01", None]]})
    assert state.units["P1-01"].attrs["level"] == 1 and state.units["P1-01"].status == "removed"


def test_demonstrator_attrition_3_the_option_counter_limit_is_declared_text_reading_first(cli):
    """The reading of DEMONSTRATOR ATTRITION AND MULTIPLICATION 3 is an option of the scenario, listed by
    `referee scenarios --json` with the text's reading, off, as its default."""
    chicago = [s for s in json.loads(cli("scenarios", "--json").out) if s["ruleset"] == "chicago"]
    assert chicago and all(s["options"]["counter_limit"] == "off" for s in chicago)
    assert scenario().options["counter_limit"].choices == ("off", "on")
    new_game({"counter_limit": "on"})
    with pytest.raises(RefereeError, match="counter_limit must be one of off, on"):
        new_game({"counter_limit": "some"})


def test_demonstrator_attrition_3_counter_limit_on_the_mix_limits_each_level_lower_or_out():
    """Option counter_limit on: a level-1 platoon with no level-2 counter free takes a level-3 one; a level-2
    platoon with no level-3 counter free leaves the game."""
    state = every_counter_on_the_board("P2", "P3")
    limited = forces.marking(new_game({"counter_limit": "on"}).ctx.options)
    done = forces.Exchanges(state, limited)
    done.level(state.units["P2-01"], 3)
    assert (done.changes, done.marked) == ([["P2-01", None]], {})
    relocate(state, state.units["P3-16"], None, "off-map")
    done = forces.Exchanges(state, limited)
    done.level(state.units["P1-01"], 2)
    assert (done.changes, done.marked) == ([["P1-01", "P3-16"]], {})


def test_attrition_rule_raised_units_take_a_free_counter_of_the_level_above_or_stay():
    """ATTRITION RULE ("the first units to be raised or lowered"): a group raised is exchanged for a free counter
    of the level above; with none free it stays (the counter mix: "you simply cannot add any more"); a counter
    marked below its own level goes back up on its own face."""
    state = every_counter_on_the_board("G2")
    done = forces.Exchanges(state, True)
    done.level(state.units["G3-01"], 2)
    done.level(state.units["G1-01"], 2)  # down, none free: marked
    assert (done.changes, done.marked) == ([], {"G1-01": 2})
    fold.exchange(state, {"changes": [], "marked": done.marked})
    relocate(state, state.units["G2-20"], None, "off-map")
    done = forces.Exchanges(state, True)
    done.level(state.units["G3-01"], 2)
    done.level(state.units["G1-01"], 1)
    assert (done.changes, done.marked) == ([["G3-01", "G2-20"]], {"G1-01": 1})


# --- NATIONAL GUARD -----------------------------------------------------------------------------------------------

def green_ahead() -> Game:
    """Green wins a conflict in old-town (P2/D2): 36:6 is 6:1, and rolling 4 there is DP2."""
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "old-town", "dice": [4]})
    assert game.state.scores == {"police": 0, "demonstrators": 2}
    return to_step(game, "blue-move")


def test_national_guard_only_while_green_is_ahead():
    refused(new_game(), {"do": "guard", "units": 1, "to": "loop"}, "NATIONAL GUARD")


def test_national_guard_two_points_to_green_for_each_company_in_one_for_each_taken_out():
    game = play(green_ahead(), {"do": "guard", "units": 3, "to": "loop"})
    assert game.state.scores["demonstrators"] == 2 + 6
    assert [u.id for u in game.state.at("loop", "police") if u.type == "guard"] == ["NG-01", "NG-02", "NG-03"]
    play(game, {"do": "guard-out", "units": ["NG-01"]})
    assert game.state.scores["demonstrators"] == 9 and game.state.units["NG-01"].status == "off-map"
    refused(game, {"do": "guard", "units": 11, "to": "loop"}, "NATIONAL GUARD")  # ten left
    refused(game, {"do": "guard-out", "units": ["P1-19"]}, "NATIONAL GUARD")


def test_place_move_and_guard_out_refuse_units_that_name_nobody():
    """`"units": {}` names no unit: refused under the command's section rather than logged as an event about nobody."""
    game = new_game()
    refused(game, {"do": "place", "units": {}, "from": "loop", "to": "loop"}, "HOW TO SET UP THE GAME")
    refused(game, {"do": "move", "units": {}, "from": "lincoln-park", "to": "old-town"}, "HOW TO MOVE UNITS")
    game = play(green_ahead(), {"do": "guard", "units": 1, "to": "loop"})
    refused(game, {"do": "guard-out", "units": {}, "from": "loop"}, "NATIONAL GUARD")


def test_national_guard_never_attacks_and_never_stands_in_a_minimum_box():
    game = play(green_ahead(), {"do": "guard", "units": 2, "to": "river-north"})
    refused(game, {"do": "move", "units": ["NG-01"], "to": "river-north", "minimum": True}, "NATIONAL GUARD")
    play(game, {"do": "move", "units": ["NG-01", "NG-02"], "to": "old-town"})
    to_step(game, "blue-conflict")
    refused(game, {"do": "conflict", "box": "old-town", "attack": ["NG-01", "NG-02"]}, "NATIONAL GUARD")


# --- HOW TO "WIN" -------------------------------------------------------------------------------------------------

def test_how_to_win_the_game_ends_after_28c_and_the_most_points_win():
    game = new_game()
    while not game.state.over:
        game.apply(END)
    assert game.state.turn == 12 and game.ctx.scenario.clock.label(12) == "28C"
    ended = last(game, "game-ended")
    assert ended["reason"] == "28C" and ended["winner"] == "demonstrators"
    assert ended["ei"] == {"police": 0, "demonstrators": 20}  # 5 at each C turn, the parks left alone


def test_the_counter_mix_holds_through_a_game():
    game = new_game({"counter_limit": "on"})
    while not game.state.over:
        game.apply(END)
        kinds: dict[str, int] = {}
        for unit in game.state.units.values():
            if unit.status == ACTIVE:
                kinds[forces.kind(unit)] = kinds.get(forces.kind(unit), 0) + 1
        assert all(n <= COUNTER_MIX[(forces.KINDS[k][0], forces.KINDS[k][1] or 1)] for k, n in kinds.items())


# --- bad input: one line, exit 2, the session as it was ----------------------------------------------------------

@pytest.mark.parametrize(("command", "words"), [
    ({"do": "move", "units": ["X-1"], "to": "loop"}, "no unit 'X-1'"),
    ({"do": "move", "units": {"G9": 1}, "from": "lincoln-park", "to": "old-town"}, 'names no kind of counter "G9"'),
    ({"do": "move", "units": {"G1": 5}, "from": "lincoln-park", "to": "old-town"}, "Lincoln Park holds 3 G1, not 5"),
    ({"do": "move", "units": {"G1": 1}, "to": "old-town"}, 'units given by kind need "from"'),
    ({"do": "move", "units": ["G1-01"], "to": "nowhere"}, "no box 'nowhere'"),
    ({"do": "move", "units": "G1-01", "to": "old-town"}, '"units" must be a list of 1 to 100 unit ids, or an object'),
    ({"do": "move", "units": ["G1-01", "G1-01"], "to": "old-town"}, "a unit is named twice"),
    ({"do": "place", "units": ["G4-01"], "to": "grant-park-west"}, "G4-01 is not on the board (off-map)"),
    ({"do": "guard", "units": 0, "to": "loop"}, '"units" must be a whole number from 1 to 100'),
])
def test_bad_commands_exit_2_with_one_line_and_leave_the_session_as_it_was(cli, tmp_path, command, words):
    db = tmp_path / "c.db"
    assert cli("new", "chicago/chicago-1968", "--db", db).code == 0
    before = cli("state", db, "--json").out
    done = cli("apply", db, stdin=json.dumps(command))
    assert done.code == 2 and words in done.err and len(done.err.strip().splitlines()) == 1
    assert cli("state", db, "--json").out == before


def test_a_command_by_kind_never_empties_a_minimum_box_unawares():
    """CPD MINIMUM: the Loop's level-2 platoons all stand in its minimum box; "3 P2 from the loop" is refused and
    names them, which a command by id moves."""
    game = to_step(new_game(), "blue-move")
    with pytest.raises(RefereeError, match=r"The Loop holds 0 P2 outside its minimum box, not 3 \(the minimum box's "
                                           r"platoons are named by id: P2-16, P2-17, P2-18\)"):
        game.apply({"do": "move", "units": {"P2": 3}, "from": "loop", "to": "state-street"})
    play(game, {"do": "move", "units": ["P2-16"], "to": "state-street"})
    assert len(board.in_minimum(game.state, "loop")) == 2


def test_national_guard_forced_down_a_level_goes_out_of_the_game_for_good():
    """NATIONAL GUARD: "If forced to go down a level ... they are forced out of the game". A level-1 group (12)
    against three Guard companies (9) is 1:1; HARASS 1:1 rolling 3 is DP3: a third of the three, NG-01, goes."""
    game = play(green_ahead(), {"do": "guard", "units": 3, "to": "lincoln-park-west"})
    next_turn(game)
    play(game, {"do": "move", "units": ["G1-02"], "to": "lincoln-park-west"})
    to_step(game, "green-conflict")
    play(game, {"do": "conflict", "box": "lincoln-park-west", "dice": [3]})
    fought = last(game, "conflict")
    assert (fought["odds"], fought["result"], fought["changes"]) == ("1:1", "DP3", [["NG-01", None]])
    assert game.state.units["NG-01"].status == "removed"
    assert "NG-01" not in forces.Pool(game.state).free["NG"]  # never brought in again
