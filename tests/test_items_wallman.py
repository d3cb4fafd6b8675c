"""Wallman's numbers itemized, a line of the chart each: every change of a crowd's Response Level (RL State Chart,
Negotiation, merging), of the property damage score (Property Damage, Looting, Fires and Firefighting), of a
building's fires, and every chart read with factors (Fighting, Over-Reaction Test, Firearms, snipers). The
expectations come from the tables' numbers and the scenario's data, never from the lines themselves."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.events import ITEMS, Event
from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.wallman.rules.overreaction import over_reaction
from referee.rulesets.wallman.rules.phases import CROWD, PHASES
from referee.rulesets.wallman.rules.setup import DAMAGE
from tests.items_told import told
from tests.wallman_game import SCENARIO, do, new_game, put, unit
from tests.wallman_support import TABLES, dice

RL, TALK, FIGHT, OVER, FIRE = TABLES.rl, TABLES.negotiation, TABLES.fight, TABLES.overreaction, TABLES.fires
QUIET = {"adjacent_higher": 0, "adjacent_lower": 0, "adjacent_running": 0}  # the umpire's counts replace the state's
TOP = len(RL.levels)


def points(items: list[dict]) -> int:
    """What the lines add up to (steps such as "= 4" add nothing)."""
    return sum(entry["value"] for entry in items if isinstance(entry["value"], int))


def steps(items: list[dict]) -> dict[str, str]:
    """The lines that are steps, not points, by their line."""
    return {entry["line"]: entry["value"] for entry in items if isinstance(entry["value"], str)}


def row(rows, score: int):
    """The row of a banded table a score falls in, read as the umpire reads it: the first that goes up to it."""
    return next(r for r in rows if r.upto is None or score <= r.upto)


def on_chart(rl: int) -> int:
    return min(max(rl, 1), TOP)


@dataclass(frozen=True)
class Measures:
    """What the itemized events change, read from a state: the damage score, each building, each crowd's RL."""

    score: int
    values: dict[str, int]
    fires: dict[str, int]
    rls: dict[str, int]
    strength: dict[str, int]


def measured(state) -> Measures:
    buildings = state.local["buildings"]
    return Measures(state.scores[DAMAGE], {b: v["value"] for b, v in buildings.items()},
                    {b: v["fires"] for b, v in buildings.items()},
                    {uid: u.attrs["rl"] for uid, u in state.units.items() if u.side == CROWD},
                    {uid: u.factors["strength"] for uid, u in state.units.items()})


def played(game: Game, command: dict) -> list[tuple[Event, Measures, Measures]]:
    """Each event of a command with what it changed, folded one by one."""
    state = game.state.thawed()
    out = []
    for event in game.apply(command):
        before = measured(state)
        game.rules.evolve(game.ctx, state, event)
        out.append((event, before, measured(state)))
    return out


def only(game: Game, command: dict, kind: str) -> tuple[Event, Measures, Measures]:
    [found] = [entry for entry in played(game, command) if entry[0].kind == kind]
    return found


def shows_items(game: Game, event: Event) -> bool:
    """The event's line in the log carries its itemization once, after the line and before the dice."""
    note = told(event.data[ITEMS])
    line = game.narrate(event)
    return line.count(note) == 1 and line.split(note)[1] in ("", " [" + " ".join(
        f"{r.value}{'*' if r.entered else ''}" for r in event.dice) + "]")


def sections(event: Event) -> set[str]:
    return {entry["section"] for entry in event.data[ITEMS]}


def end_turn(game: Game) -> None:
    while game.state.phase != PHASES[-1]:
        do(game, "end-phase")


# --- RL State Chart ------------------------------------------------------------------------------------------------

def test_rl_state_chart_the_die_and_each_factor_add_up_to_the_score_and_its_row_moves_the_rl():
    """RL State Chart: 1d6 plus each factor (damp from the weather, a charge and two arrests from the umpire) is the
    score; the row it falls in moves the RL; the lines give the RL before and after."""
    game = new_game(weather="damp")
    counts = {"riot_charging": 1, "arrested": 2}
    event, before, after = only(game, {"do": "rl", "crowd": "Precinct crowd", "modifiers": counts | QUIET,
                                       "dice": [6]}, "rl-rolled")
    score = 6 + RL.modifiers["damp"].value + sum(RL.modifiers[name].value * n for name, n in counts.items())
    was = before.rls["Precinct crowd"]
    new = on_chart(was + row(RL.changes, score).change)
    items = event.data[ITEMS]
    assert points(items) == event.data["score"] == score
    assert after.rls["Precinct crowd"] == event.data["rl"] == new != was
    assert steps(items)["RL before"] == f"= {was}" and steps(items)["RL after"] == f"= {new}"
    lines = [entry["line"] for entry in items]
    assert lines[:2] == ["RL before", "die"]
    assert {RL.modifiers["damp"].label, RL.modifiers["riot_charging"].label, RL.modifiers["arrested"].label + " ×2"} <= set(lines)
    assert sections(event) == {RL.section}
    assert shows_items(game, event)


def test_rl_state_chart_a_change_past_8_or_1_stops_there_a_line_of_its_own():
    """RL State Chart: the RL runs 1 (good) to 8 (bad); a row that would take it past either end stops it there,
    and the stop is a line citing the chart."""
    for rl, roll, counts in ((TOP, 6, {"riot_withdrawing": 1, "police_withdrawing": 1}), (1, 1, {"mounted_charging": 1})):
        game = put(new_game(), {}, rl={"Estate youths": rl})
        event, _, after = only(game, {"do": "rl", "crowd": "Estate youths", "modifiers": counts | QUIET, "dice": [roll]},
                               "rl-rolled")
        score = roll + sum(RL.modifiers[name].value * n for name, n in counts.items())
        change = row(RL.changes, score).change
        assert rl + change != on_chart(rl + change), "the chart's row would pass the end"
        items = event.data[ITEMS]
        assert points(items) == score and after.rls["Estate youths"] == on_chart(rl + change) == rl
        [stop] = [entry for entry in items if "off the chart" in entry["line"]]
        assert stop["section"] == RL.section and stop["value"] == f"stops at {rl}"
        assert shows_items(game, event)


# --- Negotiation ---------------------------------------------------------------------------------------------------

def test_negotiation_a_poor_negotiator_by_megaphone_with_the_umpires_discretion():
    """Negotiation: 1d6, poor negotiator -4, not face to face -2, umpire's discretion -1; the table's row is the
    change of the crowd's RL (at RL 4, negotiable)."""
    game = new_game()
    crowd = unit(game, "Town Hall protest")
    beside = sorted(game.ctx.scenario.board.adjacency[crowd.node])[0]
    game = put(game, {"Insp. Okafor": beside})
    assert unit(game, "Insp. Okafor").attrs["negotiator"] == "poor"
    event, before, after = only(game, {"do": "negotiate", "officer": "Insp. Okafor", "crowd": crowd.id, "megaphone": True,
                                       "discretion": -1, "dice": [2]}, "negotiated")
    score = 2 + TALK.modifiers["poor"].value + TALK.modifiers["not_face_to_face"].value - 1
    was = before.rls[crowd.id]
    assert was in TALK.levels
    new = on_chart(was + row(TALK.table, score).change)
    items = event.data[ITEMS]
    assert points(items) == event.data["score"] == score
    assert after.rls[crowd.id] == event.data["rl"] == new > was, "a bad negotiation riles the crowd"
    assert steps(items)["RL before"] == f"= {was}" and steps(items)["RL after"] == f"= {new}"
    assert {entry["line"] for entry in items} >= {TALK.modifiers["poor"].label, TALK.modifiers["not_face_to_face"].label,
                                                  "Umpire's discretion"}
    assert sections(event) == {TALK.section, RL.section}
    assert shows_items(game, event)


def test_negotiation_outside_rl_4_and_5_is_one_line_without_effect():
    """Negotiation: 'It is only possible to successfully negotiate with crowds at RL 4 or 5'."""
    game = new_game()
    game = put(game, {"Supt. Hale": unit(game, "Estate youths").node})
    event, before, after = only(game, {"do": "negotiate", "officer": "Supt. Hale", "crowd": "Estate youths"}, "negotiated")
    assert before.rls["Estate youths"] not in TALK.levels
    [line] = event.data[ITEMS]
    assert line["value"] == "no effect" and line["section"] == TALK.section
    assert points([line]) == after.rls["Estate youths"] - before.rls["Estate youths"] == 0
    assert shows_items(game, event)


# --- merging crowds ------------------------------------------------------------------------------------------------

def test_merged_crowds_take_the_higher_rl_each_step_a_line():
    """RL State Chart (ruling): two crowds that merge are one crowd at the higher of their RLs."""
    game = new_game()
    do(game, "split", crowd="Estate youths", figures=10, new="Estate stragglers")
    game = put(game, {}, rl={"Estate stragglers": TOP})
    event, before, after = only(game, {"do": "merge", "crowd": "Estate stragglers", "into": "Estate youths"},
                                "crowds-merged")
    higher = max(before.rls["Estate youths"], before.rls["Estate stragglers"])
    assert after.rls["Estate youths"] == higher == TOP != before.rls["Estate youths"]
    assert steps(event.data[ITEMS]) == {"Estate youths, RL before": f"= {before.rls['Estate youths']}",
                                        "Estate stragglers:": f"RL {TOP}", "merged, the higher RL": f"= {higher}"}
    assert sections(event) == {RL.section}
    assert shows_items(game, event)


# --- Fighting ------------------------------------------------------------------------------------------------------

def test_fighting_each_figures_die_and_factors_add_up_to_its_score_and_the_margin_reads_the_row():
    """Fighting: 1d10 each; riot trained and equipped +3 for the riot van's man, in effective tear gas -2 for the
    crowd's; the difference is read on the winner's row, the arrest column for an arrest."""
    game = put(new_game(), {"Riot Van 1": "Market Cross", "Riot Van 2": "Market Cross", "Town Hall protest": "Market Cross"})
    do(game, "gas", unit="Riot Van 2", at="Market Cross", kind="tear_gas")
    event, _, _ = only(game, {"do": "fight", "unit": "Riot Van 1", "crowd": "Town Hall protest", "intent": "arrest",
                              "dice": [8, 6]}, "fought")
    ours = 8 + FIGHT.modifiers["riot_trained"].value
    theirs = 6 + FIGHT.modifiers["tear_gas"].value
    items = event.data[ITEMS]
    for who, score in (("Riot Van 1", ours), ("Town Hall protest", theirs)):
        own = [entry for entry in items if entry["line"].startswith(who + ":")]
        assert points(own) == score and own[-1]["value"] == f"= {score}"
    assert event.data["scores"] == [ours, theirs]
    found = row(FIGHT.table.rows, ours - theirs)
    assert items[-1]["value"] == event.data["result"] == (found.arrest or found.result)
    assert sections(event) == {FIGHT.section}
    assert shows_items(game, event)


# --- Over-Reaction Test --------------------------------------------------------------------------------------------

def test_over_reaction_test_the_die_the_units_type_and_each_factor_add_up_to_the_score():
    """Over-Reaction Test: 1d6, regular police +2, no supporting units in sight -1, each member wounded -1."""
    game = new_game()
    counts = {"unsupported": 1, "wounded": 2}
    event, _, _ = only(game, {"do": "overreaction", "unit": "Panda 2", "modifiers": counts, "dice": [5]}, "over-reaction")
    score = 5 + OVER.types["patrol"] + sum(OVER.modifiers[name].value * n for name, n in counts.items())
    items = event.data[ITEMS]
    assert points(items) == event.data["score"] == score
    assert items[-1]["value"] == event.data["result"] == row(OVER.table, score).result
    assert sections(event) == {OVER.section}
    assert shows_items(game, event)


def test_over_reaction_test_an_armed_units_second_die_is_a_line():
    """Over-Reaction Test, note (2): military units and SWAT 'roll 1d6 again and score 1,2 or 3 and they just open
    fire' (no such unit in the town: the chart itself)."""
    result = over_reaction(TABLES, "conscripts", {"under_gunfire": 1}, dice(1, 2))
    items = list(result.items)
    assert points(items) == result.score == 1 + OVER.types["conscripts"] + OVER.modifiers["under_gunfire"].value
    assert result.opens_fire and items[-1]["value"] == "opens fire" and items[-1]["section"] == OVER.section


# --- Firearms and snipers ------------------------------------------------------------------------------------------

def test_firearms_the_hits_are_the_dice_at_the_number_needed_and_each_hit_rolls_its_wound():
    """Firearms: 1d6 per firer against the number a patrol needs; a d6 for each man hit (2-3 wounded, 4-6 dead)."""
    game = new_game()
    event, before, after = only(game, {"do": "shoot", "unit": "Panda 1", "crowd": "Station crowd", "firers": 2,
                                       "dice": [5, 2, 4]}, "shot")
    needed = TABLES.firearms.to_hit["patrol"]
    hits = sum(roll >= needed for roll in (5, 2))
    items = event.data[ITEMS]
    assert points(items) == event.data["hits"] == hits
    assert [entry["value"] for entry in items if "wound die" in entry["line"]] == [row(TABLES.firearms.wounds, 4).result]
    assert after.strength["Station crowd"] == before.strength["Station crowd"] - len(event.data["casualties"])
    assert sections(event) == {TABLES.firearms.section}
    assert shows_items(game, event)


def test_snipers_the_spotting_die_gains_one_for_each_shot_after_the_second():
    """Terrorists and Snipers: the first shot from a place is unobserved; later ones are spotted on a 6, '+1 to the
    die roll for every subsequent shot from the same place' (ruling: from the third)."""
    game = new_game()
    shots = []
    for spot in (None, 5, 5):
        shots.append(only(game, {"do": "snipe", "from": "Riverside", "target": "Ambulance 1",
                                 "dice": [1] + ([spot] if spot else [])}, "sniped")[0])
        end_turn(game)
        do(game, "end-phase")
    first, second, third = (event.data[ITEMS] for event in shots)
    assert steps(first)["first shot from this place:"] == "unobserved" and points(first) == 0
    assert points(second) == 5 and not shots[1].data["spotted"]
    assert points(third) == 5 + 1 == TABLES.sniper.spot_on and shots[2].data["spotted"]
    assert all(sections(event) == {TABLES.sniper.section} and shows_items(game, event) for event in shots)


# --- Property Damage, Looting --------------------------------------------------------------------------------------

def test_property_damage_a_die_per_ten_figures_adds_up_to_the_points_lost_and_the_score():
    """Property Damage: 1d6 per 10 figures of a crowd set on damage (RL 6), off the building's value."""
    game = put(new_game(), {}, rl={"Precinct crowd": 6})
    event, before, after = only(game, {"do": "damage", "crowd": "Precinct crowd", "building": "Sports shop",
                                       "dice": [3, 4]}, "damaged")
    assert unit(game, "Precinct crowd").factors["strength"] // 10 == 2, "two dice"
    lost = min(3 + 4, before.values["Sports shop"])
    assert points(event.data[ITEMS]) == event.data["points"] == lost
    assert after.score - before.score == before.values["Sports shop"] - after.values["Sports shop"] == lost
    assert sections(event) == {TABLES.property.section}
    assert shows_items(game, event)


def test_property_damage_stops_at_a_wreck_and_a_wreck_fires_on_a_one():
    """Property Damage: 'When building's points are exhausted, it is a wreck' (the dice beyond are a line of their
    own); then 'a 1 in 6 chance of a fire every time a crowd attempts further property damage'."""
    game = put(new_game(), {"Estate youths": "Market Cross"})
    worth = game.ctx.scenario.board.buildings["Kiosk"].value
    event, before, after = only(game, {"do": "damage", "crowd": "Estate youths", "building": "Kiosk",
                                       "dice": [6, 6, 6]}, "damaged")
    items = event.data[ITEMS]
    assert points(items) == after.score - before.score == worth and after.values["Kiosk"] == 0
    [stop] = [entry for entry in items if entry["value"] == worth - 18]
    assert stop["section"] == TABLES.property.section
    end_turn(game)
    do(game, "end-phase")
    event, before, after = only(game, {"do": "damage", "crowd": "Estate youths", "building": "Kiosk", "dice": [1]},
                                "damaged")
    assert points(event.data[ITEMS]) == after.score - before.score == 0
    assert after.fires["Kiosk"] - before.fires["Kiosk"] == 1 and steps(event.data[ITEMS])
    assert shows_items(game, event)


def loot_units(value: int) -> int:
    """Looting: 'This will be 50% of the property value, or a figure between 5 and 50'."""
    lt = TABLES.looting
    return min(max(value * lt.loot_share // 100, lt.loot_min), lt.loot_max)


def test_looting_a_break_in_then_a_loot_unit_per_looter_while_the_loot_lasts():
    """Looting: a turn to break in (1d6 of damage, Property Damage), then one Loot Unit per looter a turn, each a
    point of the property's value (ruling); 20 looters in a bakery with 10 Loot Units take 10."""
    game = put(new_game(), {"Bridge Street crowd": "High Street West"}, rl={"Bridge Street crowd": 7})
    event, before, after = only(game, {"do": "loot", "crowd": "Bridge Street crowd", "building": "Bakery", "dice": [2]},
                                "broke-in")
    assert points(event.data[ITEMS]) == event.data["points"] == after.score - before.score == 2
    assert sections(event) == {TABLES.property.section} and shows_items(game, event)
    end_turn(game)
    do(game, "end-phase")
    looters = unit(game, "Bridge Street crowd").attrs["looters"]
    loot = loot_units(game.ctx.scenario.board.buildings["Bakery"].value)
    event, before, after = only(game, {"do": "loot", "crowd": "Bridge Street crowd", "building": "Bakery"}, "looted")
    assert points(event.data[ITEMS]) == event.data["taken"] == min(looters, loot) == after.score - before.score
    assert [entry["value"] for entry in event.data[ITEMS]] == [looters, loot - looters]
    assert sections(event) == {TABLES.looting.section} and shows_items(game, event)


def test_looting_never_takes_a_building_below_nothing_and_a_stripped_one_is_set_alight():
    """Looting and Property Damage: a Loot Unit carried off from a property with no value left costs nothing (a
    line of Property Damage); 'If it has already been looted, they start fires' (a fire, a line of Looting)."""
    game = put(new_game(), {"Bridge Street crowd": "Market Cross"}, rl={"Bridge Street crowd": 7})
    worth = game.ctx.scenario.board.buildings["Kiosk"].value
    do(game, "loot", 6, crowd="Bridge Street crowd", building="Kiosk")
    end_turn(game)
    do(game, "end-phase")
    event, before, after = only(game, {"do": "loot", "crowd": "Bridge Street crowd", "building": "Kiosk"}, "looted")
    left = worth - 6
    assert event.data["taken"] == loot_units(worth) > left
    assert points(event.data[ITEMS]) == after.score - before.score == left
    assert event.data[ITEMS][-1]["section"] == TABLES.property.section
    assert event.data[ITEMS][-1]["value"] == left - loot_units(worth)
    end_turn(game)
    do(game, "end-phase")
    event, before, after = only(game, {"do": "loot", "crowd": "Bridge Street crowd", "building": "Kiosk"},
                                "fire-started")
    assert points(event.data[ITEMS]) == after.fires["Kiosk"] - before.fires["Kiosk"] == 1
    assert sections(event) == {TABLES.looting.section} and shows_items(game, event)


# --- Fires and Firefighting ----------------------------------------------------------------------------------------

def test_fires_an_engine_puts_out_its_die_but_no_more_fires_than_there_are():
    """Fires and Firefighting: 'A fire engine can extinguish 1d6 fires a turn'; at 3 fires its crew count as under
    petrol-bomb attack (reconstructed: a 6 burns a man)."""
    game = put(new_game(), {"Engine 1": "High Street East"})
    for _ in range(3):
        event, before, after = only(game, {"do": "fire", "building": "Chemist"}, "fire-started")
        assert points(event.data[ITEMS]) == after.fires["Chemist"] - before.fires["Chemist"] == 1
        assert sections(event) == {FIRE.section} and shows_items(game, event)
    crew = unit(game, "Engine 1").factors["strength"]
    burning = 6, *[1] * (crew - 1)
    event, before, after = only(game, {"do": "firefight", "engine": "Engine 1", "building": "Chemist",
                                       "dice": [*burning, 5]}, "fire-fought")
    put_out = min(5, before.fires["Chemist"])
    assert points(event.data[ITEMS]) == after.fires["Chemist"] - before.fires["Chemist"] == -put_out
    assert [value for value in steps(event.data[ITEMS]).values() if value.endswith("burned")] == [
        f"{burning.count(TABLES.petrol_bomb.hit_on)} burned"]
    assert sections(event) == {FIRE.section, TABLES.petrol_bomb.section} and shows_items(game, event)


def test_fires_burn_a_point_each_a_turn_grow_and_spread_each_die_a_line():
    """Fires and Firefighting: 'For each fire, the property loses one value point per turn'; a d6 at or under the
    fires grows one; a d6 under them spreads one to an adjacent building."""
    game = new_game()
    do(game, "fire", building="Chemist")
    do(game, "fire", building="Chemist")
    end_turn(game)
    event, before, after = only(game, {"do": "end-phase", "dice": [1, 6]}, "fires-burned")
    assert points(event.data[ITEMS]) == after.score - before.score == before.values["Chemist"] - after.values["Chemist"] == 2
    assert after.fires["Chemist"] == 3 and sorted(steps(event.data[ITEMS]).values()) == ["fires = 3", "no spread"]
    assert sections(event) == {FIRE.section} and shows_items(game, event)


def test_fires_a_burnt_out_property_burns_on_without_losing_more():
    """Fires and Firefighting: 'Once all the value of a property has been exhausted, the fire just continues
    burning and growing': its points stop at nothing, a line of their own."""
    game = put(new_game(), {"Estate youths": "Market Cross"})
    do(game, "damage", 3, 3, 3, crowd="Estate youths", building="Kiosk")
    do(game, "fire", building="Kiosk")
    end_turn(game)
    event, before, after = only(game, {"do": "end-phase", "dice": [6]}, "fires-burned")
    assert before.values["Kiosk"] == 1 and after.values["Kiosk"] == 0
    assert points(event.data[ITEMS]) == after.score - before.score == 1
    assert [entry["value"] for entry in event.data[ITEMS] if isinstance(entry["value"], int)] == [1]
    do(game, "fire", building="Kiosk")
    end_turn(game)
    event, before, after = only(game, {"do": "end-phase", "dice": [6]}, "fires-burned")
    assert points(event.data[ITEMS]) == after.score - before.score == 0
    assert [entry["value"] for entry in event.data[ITEMS] if isinstance(entry["value"], int)] == [2, -2]


# --- the score at the end ------------------------------------------------------------------------------------------

def test_the_final_score_is_each_buildings_value_lost():
    """Property Damage (the scenario's score): the game ends on its last turn; the score is every building's value
    lost, a line each, against the scenario's limit."""
    game = put(new_game(), {"Estate youths": "Market Cross"}, rl={"Precinct crowd": 6})
    do(game, "damage", 2, 2, 2, crowd="Estate youths", building="Kiosk")
    do(game, "damage", 5, 1, crowd="Precinct crowd", building="Sports shop")
    game.state = replace(game.state, turn=game.ctx.scenario.clock.turns, phase=PHASES[-1])
    event, _, _ = only(game, {"do": "end-phase"}, "game-ended")
    whole = game.ctx.scenario.board.buildings
    lost = {name: whole[name].value - now for name, now in measured(game.state).values.items() if now < whole[name].value}
    assert lost == {"Kiosk": 6, "Sports shop": 6}
    assert points(event.data[ITEMS]) == event.data["score"] == sum(lost.values()) == game.state.scores[DAMAGE]
    assert sections(event) == {TABLES.property.section} and shows_items(game, event)


# --- the invariant over many games ---------------------------------------------------------------------------------

TURN = "the turn's end"  # every phase left ended, fires burned, the next turn begun
SCENE = ("Market Cross", "High Street West", "High Street East")
CROWDS = ("Town Hall protest", "Estate youths", "Precinct crowd", "Station crowd", "Bridge Street crowd")
SECURITY = ("Supt. Hale", "Insp. Okafor", "Panda 1", "Riot Van 1", "Support Group", "Mounted Section", "Engine 1")
BUILDINGS = ("Kiosk", "The Crown", "Electrical store", "Bakery", "Bank", "Chemist", "Jeweller")
riled = st.integers(1, TOP + 4).map(lambda rl: min(rl, TOP))  # half the crowds at 7 or 8, where they loot
counts = st.dictionaries(st.sampled_from(sorted(RL.modifiers)), st.integers(0, 3), max_size=3)
commands = st.one_of(
    st.builds(lambda c, m: {"do": "rl", "crowd": c, "modifiers": m}, st.sampled_from(CROWDS), counts),
    st.builds(lambda c, b: {"do": "damage", "crowd": c, "building": b}, st.sampled_from(CROWDS), st.sampled_from(BUILDINGS)),
    st.builds(lambda c, b: [{"do": "loot", "crowd": c, "building": b}, TURN, {"do": "loot", "crowd": c, "building": b}],
              st.sampled_from(CROWDS), st.sampled_from(BUILDINGS)),
    st.builds(lambda b: {"do": "fire", "building": b}, st.sampled_from(BUILDINGS)),
    st.builds(lambda b: {"do": "firefight", "engine": "Engine 1", "building": b}, st.sampled_from(BUILDINGS)),
    st.builds(lambda o, c, m, d: {"do": "negotiate", "officer": o, "crowd": c, "megaphone": m, "discretion": d},
              st.sampled_from(SECURITY[:2]), st.sampled_from(CROWDS), st.booleans(), st.integers(-1, 1)),
    st.builds(lambda u, c, i: {"do": "fight", "unit": u, "crowd": c, "intent": i, "defending": True},
              st.sampled_from(SECURITY), st.sampled_from(CROWDS), st.sampled_from(("beat", "arrest"))),
    st.builds(lambda c, k: {"do": "gas", "unit": "Riot Van 1", "at": c, "kind": k}, st.sampled_from(SCENE),
              st.sampled_from(("tear_gas", "cs_gas"))),
    st.builds(lambda c: {"do": "shoot", "unit": "Panda 1", "crowd": c}, st.sampled_from(CROWDS)),
    st.builds(lambda m: {"do": "overreaction", "unit": "Panda 1", "modifiers": m},
              st.dictionaries(st.sampled_from(sorted(OVER.modifiers)), st.integers(0, 2), max_size=2)),
    st.builds(lambda p: {"do": "snipe", "from": p, "target": "Riot Van 1"}, st.sampled_from(SCENE)),
    st.builds(lambda c, i: {"do": "merge", "crowd": c, "into": i}, st.sampled_from(CROWDS), st.sampled_from(CROWDS)),
    st.just({"do": "end-phase"}),
    st.just(TURN),
)


UNITEMIZED = ("unit-moved", "crowd-moved", "gassed", "phase-ended", "turn-begun", "patched-up", "crowd-split",
              "reinforcements-arrived")


def check(event: Event, before: Measures, after: Measures) -> None:
    """Each itemized event's lines add up to what it changed (or, for a chart read with factors, to its score)."""
    items, d = event.data.get(ITEMS), event.data
    if items is None:
        assert event.kind in UNITEMIZED, event
        return
    total = points(items)
    if event.kind == "rl-rolled":
        assert total == d["score"] and steps(items)["RL after"] == f"= {after.rls[d['crowd']]}"
    elif event.kind == "negotiated":
        assert total == (d["score"] if d["effective"] else 0) and after.rls[d["crowd"]] == d["rl"]
    elif event.kind == "crowds-merged":
        assert total == 0 and steps(items)["merged, the higher RL"] == f"= {after.rls[d['into']]}"
    elif event.kind == "fought":
        for who, score in zip((d["unit"], d["crowd"]), d["scores"], strict=True):
            assert points([entry for entry in items if entry["line"].startswith(who + ":")]) == score
    elif event.kind == "over-reaction":
        assert total == d["score"]
    elif event.kind == "shot":
        assert total == d["hits"]
    elif event.kind == "sniped":
        assert total == (0 if d["shot"] == 1 else event.dice[1].value + d["shot"] - 2)
    elif event.kind in ("fire-started", "fire-fought"):
        assert total == after.fires[d["building"]] - before.fires[d["building"]]
    else:
        assert event.kind in ("damaged", "broke-in", "looted", "fires-burned"), event
        assert total == after.score - before.score, event


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), rls=st.lists(riled, min_size=len(CROWDS), max_size=len(CROWDS)),
       weather=st.sampled_from(("dry", "damp", "soaked")), looters=st.sampled_from(("separate", "in-crowds")),
       where=st.lists(st.sampled_from(SCENE), min_size=12, max_size=12), orders=st.lists(commands, min_size=10, max_size=80))
def test_every_itemization_adds_up_to_what_its_event_changes(seed, rls, weather, looters, where, orders):
    """RL State Chart, Negotiation, Fighting, Over-Reaction Test, Firearms, Terrorists and Snipers, Property Damage,
    Looting, Fires and Firefighting: in any game, every itemized event's lines add up to its change or its score,
    and its line in the log shows them."""
    game = new_game(seed, weather=weather, looters=looters)
    game = put(game, dict(zip(CROWDS + SECURITY, where, strict=False)), rl=dict(zip(CROWDS, rls, strict=True)))
    for order in [one for drawn in orders for one in (drawn if isinstance(drawn, list) else [drawn])]:
        if order == TURN:
            end_turn(game)
        try:
            changes = played(game, {"do": "end-phase"} if order == TURN else order)
        except RefereeError:
            continue
        for event, before, after in changes:
            check(event, before, after)
            assert not event.data.get(ITEMS) or shows_items(game, event)


# --- through the command line --------------------------------------------------------------------------------------

def test_rl_state_chart_the_log_and_log_json_itemize_a_roll(cli, tmp_path):
    """RL State Chart through `referee log`: a roll's lines in the log's line and in `log --json`'s data."""
    db = tmp_path / "riot.db"
    assert cli("new", SCENARIO, "--seed", "3", "--predictable", "--set", "weather=soaked", "--db", db).code == 0
    command = {"do": "rl", "crowd": "Station crowd", "modifiers": {"riot_or_mounted_appear": 1, **QUIET}, "dice": [4]}
    assert cli("apply", db, stdin=json.dumps(command) + "\n").code == 0
    [logged] = [json.loads(line) for line in cli("log", db, "--json").lines if '"kind": "rl-rolled"' in line]
    items = logged["data"][ITEMS]
    score = 4 + RL.modifiers["soaked"].value + RL.modifiers["riot_or_mounted_appear"].value
    assert points(items) == logged["data"]["score"] == score
    [line] = [line for line in cli("log", db).lines if "Station crowd RL" in line]
    assert line.endswith(told(items) + " [4*]")
