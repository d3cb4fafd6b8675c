"""The Town Centre Riot played through the engine: each umpire command against the rule it reads."""

from __future__ import annotations

import pytest

from referee.core.engine import replay
from referee.errors import RefereeError, Refusal
from referee.rulesets.wallman.rules.rolls import owed
from referee.scenario.catalog import load
from tests.wallman_game import SCENARIO, do, new_game, put, unit


def test_scenario_town_centre_riot_has_what_the_issue_asks():
    """4-6 officers each with a personal figure and a command; crowds of 20-30 with looters hidden; buildings with values."""
    scenario = load(SCENARIO)
    assert 4 <= len(scenario.players) <= 6
    for player in scenario.players:
        assert sum(scenario.units[uid].type == "officer" for uid in player.units) == 1 and len(player.units) > 1
    commands = {scenario.units[uid].type for p in scenario.players for uid in p.units} - {"officer"}
    assert {"patrol", "riot_police", "mounted", "firefighters", "paramedics"} <= commands
    crowds = [u for u in scenario.units.values() if u.side == "crowd"]
    assert all(20 <= u.factors["strength"] <= 30 for u in crowds)
    assert any(u.attrs.get("looters") for u in crowds)
    assert len(scenario.board.buildings) >= 10 and all(10 <= b.value <= 100 for b in scenario.board.buildings.values())


def test_movement_on_foot_mounted_and_vehicles():
    """Movement: men on foot cross one place a turn, horses two; vehicles any distance once under way."""
    game = new_game()
    with pytest.raises(Refusal, match="^Movement: .* on foot covers 1"):
        do(game, "move", unit="Foot Patrol", to="Corn Exchange")
    do(game, "move", unit="Foot Patrol", to="High Street East")
    with pytest.raises(Refusal, match="already moved"):
        do(game, "move", unit="Foot Patrol", to="Police Station")
    with pytest.raises(Refusal, match="standstill covers 2"):
        do(game, "move", unit="Panda 2", to="Bus Station")  # 3 places away


def under_way(game, *uids):
    """Units that moved last turn (vehicles under way)."""
    game.state.local = {**game.state.local, "moved_before": list(uids)}
    return game


def test_movement_vehicles_under_way_go_any_distance_but_not_through_crowds():
    """Movement: 'Most vehicles can move any distance at all in one turn' - but not through a crowd."""
    game = under_way(put(new_game(), {"Panda 1": "Bus Station", "Town Hall protest": "Church Lane"}), "Panda 1")
    with pytest.raises(Refusal, match="no way past the crowds"):
        do(game, "move", unit="Panda 1", to="Market Cross")
    do(game, "move", unit="Panda 1", to="Church Lane")  # into the crowd, and no further
    game = under_way(new_game(), "Panda 2")
    do(game, "move", unit="Panda 2", to="Hospital Road")  # 3 places: under way, any distance
    assert unit(game, "Panda 2").node == "Hospital Road"


def test_crowds_move_a_place_at_a_time_and_never_toward_gunfire():
    """Crowds: 'In general, crowds will not move closer to the sound of gunfire.'"""
    game = put(new_game(), {"Riot Van 1": "Riverside"})
    with pytest.raises(Refusal, match="^Crowds: a crowd moves one place"):
        do(game, "crowd-move", crowd="Station crowd", to="Market Cross")
    do(game, "shoot", 1, 1, 1, 1, 1, 1, 1, 1, unit="Riot Van 1", crowd="Bridge Street crowd")  # all miss
    with pytest.raises(Refusal, match="sound of gunfire"):
        do(game, "crowd-move", crowd="Town Hall protest", to="Bridge Street")
    do(game, "crowd-move", crowd="Town Hall protest", to="Market Cross")
    assert unit(game, "Town Hall protest").node == "Market Cross"


def test_drift_follows_the_rl_and_a_die_picks_the_way():
    """Crowds drift at random toward their objective (RL 2-4 here) a place per full 6" of the roll."""
    game = put(new_game(), {}, rl={"Station crowd": 4})  # Agitated: 2d6 toward the objective, Market Cross
    events = do(game, "drift", 6, 6, crowd="Station crowd")
    assert events[0].data["inches"] == 12 and events[0].data["path"] == ["High Street West", "Market Cross"]
    game = put(new_game(), {}, rl={"Station crowd": 1})  # Dispersing: 1d6 away from the security forces
    events = do(game, "drift", 6, crowd="Station crowd")
    assert events[0].data["to"] == "Bus Station"


def test_rl_roll_adds_the_situation_by_itself():
    """RL State Chart: neighbouring crowds, rain, arrests and gas come from the state."""
    game = put(new_game(weather="damp"), {"Precinct crowd": "Tower Estate"}, rl={"Precinct crowd": 7})
    events = do(game, "rl", 3, crowd="Estate youths", modifiers={"riot_charging": 1}, why="the vans charge")
    data = events[0].data
    assert data["modifiers"] == {"damp": -1, "adjacent_higher": 1, "riot_charging": -2}
    assert data["score"] == 3 - 1 + 1 - 2 and data["rl"] == 5
    assert unit(game, "Estate youths").attrs["history"][-1] == [1, 5]


def test_arrests_and_gas_this_turn_count_on_the_next_rl_roll():
    game = put(new_game(), {"Support Group": "Precinct", "Riot Van 1": "Bridge Street"})
    do(game, "fight", 8, 2, unit="Support Group", crowd="Precinct crowd", intent="arrest")
    assert unit(game, "Precinct crowd").factors["strength"] == 19
    assert unit(game, "Support Group").attrs["prisoners"] == 1
    do(game, "gas", unit="Riot Van 1", at="Precinct", kind="cs_gas")
    data = do(game, "rl", 4, crowd="Precinct crowd")[0].data
    assert data["modifiers"]["arrested"] == -1 and data["modifiers"]["cs_gas"] == -3


def test_fight_a_crowd_member_wounds_an_officer():
    """Fighting: the loser's fate; a wounded man is a casualty for the paramedics."""
    game = put(new_game(), {"Supt. Hale": "Precinct"})
    events = do(game, "fight", 1, 10, unit="Supt. Hale", crowd="Precinct crowd")
    assert events[0].data["result"] == "wounded" and events[0].data["winner"] == "Precinct crowd"
    assert unit(game, "Supt. Hale").attrs["wounded"] == "wounded"
    assert game.state.local["casualties"]["C1"]["node"] == "Precinct"


def test_shooting_casualties_and_the_rl_factors_that_follow():
    """Firearms: each hit rolls its fate; the crowd's next RL roll counts the fire and the first casualty."""
    game = put(new_game(), {"Riot Van 1": "Bridge Street"})
    events = do(game, "shoot", 5, 1, 1, 1, 1, 1, 1, 1, 4, unit="Riot Van 1", crowd="Precinct crowd")
    assert events[0].data["casualties"] == {"C1": "dead"} and events[0].data["first"]
    assert unit(game, "Precinct crowd").factors["strength"] == 19
    data = do(game, "rl", 6, crowd="Precinct crowd")[0].data
    assert data["modifiers"]["single_shot"] == -3 and data["modifiers"]["first_casualty"] == -2


def test_negotiation_in_the_session():
    """Negotiation: face to face, by megaphone from the next place, never out of earshot or with gas in sight."""
    game = put(new_game(), {"Supt. Hale": "Market Square"}, rl={"Town Hall protest": 4})
    data = do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")[0].data
    assert data["effective"] and data["rl"] < 4
    with pytest.raises(Refusal, match="already taken his action"):
        do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")
    with pytest.raises(Refusal, match='a normal voice carries 2"'):
        do(game, "negotiate", 6, officer="Sgt. Brennan", crowd="Town Hall protest")
    with pytest.raises(Refusal, match="out of earshot"):
        do(game, "negotiate", 6, officer="Para. Shah", crowd="Town Hall protest", megaphone=True)
    do(game, "gas", unit="Riot Van 1", at="High Street East")
    game = put(game, {"Riot Van 2": "Market Cross"})
    do(game, "gas", unit="Riot Van 2", at="Market Cross")
    with pytest.raises(Refusal, match="shooting or gas"):
        do(game, "negotiate", 6, officer="Sgt. Brennan", crowd="Town Hall protest", megaphone=True)


def test_negotiation_outside_rl_4_and_5_is_spent_without_effect():
    game = put(new_game(), {"Supt. Hale": "Tower Estate"})
    events = do(game, "negotiate", officer="Supt. Hale", crowd="Estate youths")
    assert not events[0].data["effective"] and not events[0].dice and unit(game, "Estate youths").attrs["rl"] == 6


@pytest.mark.parametrize("given, said", [("sports shop", "did you mean Sports shop?"), ("Sports", "did you mean Sports shop?"),
                                         ("Zeppelin hangar", "known: ")])
def test_a_building_misnamed_is_refused_with_the_nearest_name(given, said):
    """The umpire types what he reads: a building named nearly is refused with the name the map gives it; one
    that is like none, with every name."""
    game = put(new_game(), {}, rl={"Precinct crowd": 6})
    with pytest.raises(RefereeError, match=f'"building" must name a building of the map, got .*\\({said}'):
        do(game, "damage", 3, 3, crowd="Precinct crowd", building=given)


def test_property_damage_only_where_the_rl_permits():
    """Property Damage: at RL 5 a crowd does no damage; at 6 it rolls 1d6 per 10 figures."""
    game = new_game()
    with pytest.raises(Refusal, match="^Property Damage: at RL 5"):
        do(game, "damage", 3, 3, crowd="Precinct crowd", building="Sports shop")
    game = put(game, {}, rl={"Precinct crowd": 6})
    data = do(game, "damage", 3, 4, crowd="Precinct crowd", building="Sports shop")[0].data
    assert data["points"] == 7 and game.state.local["buildings"]["Sports shop"]["value"] == 43
    assert game.state.scores["damage"] == 7


def test_looting_break_in_then_loot_then_fire():
    """Looting: a turn to break in, then a loot unit per looter a turn; a stripped building is set alight."""
    game = put(new_game(), {"Bridge Street crowd": "High Street West"}, rl={"Bridge Street crowd": 7})
    do(game, "loot", 2, crowd="Bridge Street crowd", building="Bakery")
    assert game.state.local["buildings"]["Bakery"] == {"value": 18, "fires": 0, "loot": 10, "broken": True}
    with pytest.raises(Refusal, match="already acted"):
        do(game, "loot", crowd="Bridge Street crowd", building="Bakery")
    for _ in range(6):
        do(game, "end-phase")
    data = do(game, "loot", crowd="Bridge Street crowd", building="Bakery")[0].data
    assert data["taken"] == 10 and data["value"] == 8 and not data["full"]
    for _ in range(6):
        do(game, "end-phase")
    assert do(game, "loot", crowd="Bridge Street crowd", building="Bakery")[0].kind == "fire-started"
    with pytest.raises(Refusal, match="^Fires and Firefighting: crowds will not enter burning buildings"):
        game.state.local["acted"] = []
        do(game, "loot", crowd="Bridge Street crowd", building="Bakery")


def test_looters_in_a_normal_crowd_break_off_laden():
    """Looting: 'you can assume that every crowd has 1d6 looters in it' (option); laden, they leave it for good."""
    game = put(new_game(looters="in-crowds"), {"Precinct crowd": "High Street West"}, rl={"Precinct crowd": 7})
    looters = unit(game, "Precinct crowd").attrs["looters"]
    assert 1 <= looters <= 6
    do(game, "loot", 1, crowd="Precinct crowd", building="Electrical store")
    for _ in range(6):
        do(game, "end-phase")
    data = do(game, "loot", crowd="Precinct crowd", building="Electrical store")[0].data
    assert data["taken"] == looters and data["full"]
    assert unit(game, "Precinct crowd").factors["strength"] == 20 - looters, "a permanent loss to the crowd's strength"
    assert unit(game, "Precinct crowd").attrs["looters"] == 0


def test_fire_burns_at_the_end_of_the_turn_and_engines_fight_it():
    """Fires and Firefighting over several turns: burn and grow as the turn is assessed; an engine puts fires out."""
    game = new_game()
    do(game, "fire", building="Chemist")
    do(game, "fire", building="Chemist")
    for _ in range(5):
        do(game, "end-phase")
    do(game, "end-phase", 1, 6)  # assessment ends: 2 fires cost 2 points; a 1 grows a fire; a 6 does not spread
    assert game.state.turn == 2
    assert game.state.local["buildings"]["Chemist"] == {"value": 48, "fires": 3, "loot": 25, "broken": False}
    assert game.state.scores["damage"] == 2
    game = put(game, {"Engine 1": "High Street East"})
    data = do(game, "firefight", 1, 1, 1, 1, 1, 1, 2, engine="Engine 1", building="Chemist")[0].data
    assert data["fires"] == 1 and data["water"] == 1
    with pytest.raises(Refusal, match="already acted"):
        do(game, "firefight", 1, engine="Engine 1", building="Chemist")
    for _ in range(5):
        do(game, "end-phase")
    do(game, "end-phase", 6)  # the last fire burns (-1) and does not grow; a single fire cannot spread
    assert game.state.local["buildings"]["Chemist"]["value"] == 47
    do(game, "firefight", 1, engine="Engine 1", building="Chemist")  # the last turn of water
    assert unit(game, "Engine 1").attrs["water"] == 0
    do(game, "fire", building="Chemist")
    for _ in range(5):
        do(game, "end-phase")
    do(game, "end-phase", 6)
    with pytest.raises(Refusal, match="out of water"):
        do(game, "firefight", 1, engine="Engine 1", building="Chemist")
    with pytest.raises(Refusal, match="no hydrant at High Street East"):
        do(game, "hydrant", engine="Engine 1")


def test_triage_and_evacuation():
    """Medical Services and Moving Wounded: a paramedic assesses a casualty where it lies; after the patching
    up and a turn onto the stretcher, an ambulance takes him away."""
    game = put(new_game(), {"Supt. Hale": "Precinct", "Ambulance 1": "Precinct"})
    do(game, "fight", 1, 10, unit="Supt. Hale", crowd="Precinct crowd")
    with pytest.raises(Refusal, match="needs a paramedic's assessment"):
        do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
    do(game, "triage", 4, medic="Ambulance 1", casualty="C1")
    assert game.state.local["casualties"]["C1"]["triage"] == "serious"
    for _turn in (1, 2):  # a turn of patching up, a turn to put him on the stretcher
        with pytest.raises(Refusal, match="ready to load from turn 3"):
            do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
        for _ in range(6):
            do(game, "end-phase")
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
    assert game.state.local["casualties"]["C1"]["evacuated"]


def test_crowds_split_and_merge():
    game = new_game()
    do(game, "split", crowd="Bridge Street crowd", figures=8, new="Splinter", looters=8)
    assert unit(game, "Splinter").factors["strength"] == 8 and unit(game, "Bridge Street crowd").attrs["looters"] == 12
    do(game, "merge", crowd="Splinter", into="Bridge Street crowd")
    assert unit(game, "Bridge Street crowd").factors["strength"] == 20
    assert unit(game, "Splinter").status == "off-map"


def test_the_game_ends_against_the_damage_target():
    game = new_game()
    while not game.state.over:
        do(game, "end-phase")
    assert game.state.turn == 30 and game.state.winner == "security"


def test_replaying_the_events_gives_the_live_state():
    game = put(new_game(seed=4), {"Supt. Hale": "Precinct", "Bridge Street crowd": "High Street West"},
               rl={"Bridge Street crowd": 7})
    start = game.state
    events = []
    for command in ({"do": "rl", "crowd": "Estate youths"}, {"do": "drift", "crowd": "Estate youths"},
                    {"do": "fight", "unit": "Supt. Hale", "crowd": "Precinct crowd"},
                    {"do": "loot", "crowd": "Bridge Street crowd", "building": "Bank"},
                    {"do": "fire", "building": "Bank"}, {"do": "end-phase"}):
        events += game.apply(command)
    assert replay(game.rules, game.ctx, start, events) == game.state


def test_the_text_calls_for_rl_rolls_on_shots_fights_gas_and_forces_in_view():
    """RL State Chart: roll 'when SF charge, threaten, shoot at... the crowd; additional SF forces come into view'."""
    game = put(new_game(), {"Riot Van 1": "Market Cross", "Foot Patrol": "Market Square"})
    for command in ({"do": "shoot", "unit": "Riot Van 1", "crowd": "Town Hall protest", "firers": 1, "dice": [1]},
                    {"do": "fight", "unit": "Foot Patrol", "crowd": "Town Hall protest", "dice": [5, 5]},
                    {"do": "gas", "unit": "Riot Van 1", "at": "Market Square"},
                    {"do": "move", "unit": "Panda 1", "to": "Station Approach"}):
        game.apply(command)
    due = owed(game.state)
    assert due["Town Hall protest"] == "gassed"
    assert due["Station crowd"] == "Panda 1 closing in"  # in sight at High Street West, now in its place
    assert "Estate youths" not in due


def test_petrol_bombs_once_every_4_turns_per_crowd():
    """Supplies and Ammunition: 'Crowds using petrol bombs will generally use them infrequently, once every 4
    turns per crowd'; the umpire's word can still start a fire."""
    game = put(new_game(petrol_bombs="on"), {}, rl={"Estate youths": 8, "Precinct crowd": 8})
    assert do(game, "fire", crowd="Estate youths", building="Community centre")[0].data["why"] == "petrol bomb"
    for _ in (2, 3, 4):
        for _ in range(6):
            do(game, "end-phase")
        with pytest.raises(Refusal, match="^Supplies and Ammunition: Estate youths threw petrol bombs in turn 1"):
            do(game, "fire", crowd="Estate youths", building="Community centre")
    do(game, "fire", crowd="Precinct crowd", building="Off-licence")  # another crowd has its own bombs
    do(game, "fire", building="Community centre")
    for _ in range(6):
        do(game, "end-phase")
    assert game.state.turn == 5
    do(game, "fire", crowd="Estate youths", building="Community centre")


def test_looting_looters_never_outnumber_their_crowd():
    """Looting: looters are members of the crowd; a split or a casualty cannot leave more looters than figures."""
    from referee.errors import RefereeError

    game = new_game()
    with pytest.raises(RefereeError, match='"looters" .* must be 10 to 10'):
        do(game, "split", crowd="Bridge Street crowd", figures=10, new="Splinter", looters=0)
    do(game, "split", crowd="Bridge Street crowd", figures=10, new="Splinter", looters=10)
    assert unit(game, "Bridge Street crowd").attrs["looters"] == 10
    game = put(new_game(), {"Support Group": "Bridge Street"})
    do(game, "fight", 5, 1, unit="Support Group", crowd="Bridge Street crowd")  # one of them wounded
    assert unit(game, "Bridge Street crowd").factors["strength"] == 19
    assert unit(game, "Bridge Street crowd").attrs["looters"] == 19


def laden(game, crowd: str):
    state = game.state.thawed()
    state.units[crowd] = state.units[crowd].with_attrs(burdened=True, carrying=20)
    game.state = state
    return game


def test_looting_laden_looters_leave_at_1d6():
    """Looting: 'Once looted they attempt to leave the area at 1d6" a turn, burdened by their loot'."""
    game = laden(put(new_game(), {}, rl={"Bridge Street crowd": 7}), "Bridge Street crowd")
    events = do(game, "drift", 6, crowd="Bridge Street crowd")
    assert events[0].data["inches"] == 6 and events[0].data["why"] == "away" and len(events[0].dice) == 1


def test_looting_a_looter_crowd_never_drifts_toward_the_security_forces():
    """Looting: looter crowds 'will always move away from SF and avoid confrontation', whatever their RL."""
    game = put(new_game(), {"Riot Van 1": "Riverside"}, rl={"Bridge Street crowd": 6})
    events = do(game, "drift", 6, 6, crowd="Bridge Street crowd")
    assert events[0].data["why"] == "away" and events[0].data["to"] != "Riverside"
    assert 'drifts 12" away from the security forces: ' in game.narrate(events[0])  # the log says which way
    game = put(new_game(), {"Riot Van 1": "Precinct"}, rl={"Bridge Street crowd": 3})  # toward the store...
    events = do(game, "drift", 6, crowd="Bridge Street crowd")
    assert events[0].data["to"] == "Bridge Street", "... but not where the vans stand"
    with pytest.raises(Refusal, match="^Looting: Bridge Street crowd will not move closer to the security forces"):
        do(game, "crowd-move", crowd="Bridge Street crowd", to="Precinct")


def snipe_at(game, target: str, *dice: int, place: str = "Church Lane"):
    return do(game, "snipe", *dice, target=target, **{"from": place})


def test_snipers_fire_once_a_turn_and_never_whilst_under_fire():
    """Terrorists and Snipers: 'For each sniper, roll 1d6' (a shot a turn); return fire 'is almost always
    ineffective, except that the sniper will not fire whilst under fire'."""
    game = put(new_game(), {"Supt. Hale": "Market Square", "Foot Patrol": "Market Square"})
    snipe_at(game, "Supt. Hale", 1)
    with pytest.raises(Refusal, match="^Terrorists and Snipers: the sniper at Church Lane has fired this turn"):
        snipe_at(game, "Supt. Hale", 1, 1)
    for _ in range(6):
        do(game, "end-phase")
    events = do(game, "return-fire", unit="Foot Patrol", at="Church Lane")
    assert not events[0].dice and not events[0].data["hit"]
    with pytest.raises(Refusal, match="will not fire whilst under fire"):
        snipe_at(game, "Supt. Hale", 1, 1)
    with pytest.raises(Refusal, match="will not move closer to the sound of gunfire"):
        do(game, "crowd-move", crowd="Precinct crowd", to="Church Lane")
    for _ in range(6):
        do(game, "end-phase")
    assert snipe_at(game, "Supt. Hale", 1, 1)[0].data["shot"] == 2


def test_snipers_a_swat_team_picks_off_a_spotted_sniper():
    """Terrorists and Snipers: 'Specialist SWAT snipers can try to pick off a sniper if they spot it, roll 4,5,6'."""
    from dataclasses import replace

    game = put(new_game(), {"Riot Van 1": "Market Square"})
    game.state.units["Riot Van 1"] = replace(unit(game, "Riot Van 1"), type="swat")
    snipe_at(game, "Riot Van 1", 1)
    for _ in range(6):
        do(game, "end-phase")
    assert snipe_at(game, "Riot Van 1", 1, 6)[0].data["spotted"]
    for _ in range(6):
        do(game, "end-phase")
    assert do(game, "return-fire", 4, unit="Riot Van 1", at="Church Lane")[0].data["hit"]
    for _ in range(6):
        do(game, "end-phase")
    with pytest.raises(Refusal, match="the sniper at Church Lane has been hit"):
        snipe_at(game, "Riot Van 1", 6, 6)


def test_looting_option_looter_drift_away_sends_looters_always_away():
    """Looting, option looter_drift: players who read 'will always move away from SF' strictly choose `away`."""
    game = put(new_game(looter_drift="away"), {}, rl={"Bridge Street crowd": 3})
    assert do(game, "drift", 6, crowd="Bridge Street crowd")[0].data["why"] == "away"
    game = put(new_game(), {}, rl={"Bridge Street crowd": 3})
    assert do(game, "drift", 6, crowd="Bridge Street crowd")[0].data["why"] == "objective"
