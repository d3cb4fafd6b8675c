"""N30's numbers itemized, a line of the rules each: every change of the success level (4.5 political costs, 5.1-5.3
the success phase, 1.1 its bounds), every confrontation's factors (1.7, 4) and, under crowd_mood, the score read
on Wallman's RL State Chart. The expectations come from the rule text's numbers and the scenario's data."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.events import ITEMS, Event
from referee.game import Game
from referee.rules import moods
from referee.rulesets.n30.rules.phases import CONFRONTATION, PROTESTERS
from referee.scenario.catalog import load
from referee.simulate import play
from tests.items_told import told
from tests.n30_support import arrange, new_game

#: 1.7: soft squads rate 1-1, hard squads 2-1, mounted squads 1-2; a chemical unit's G is no confrontation factor.
SQUAD_FACTOR = {"soft": 1, "hard": 2, "mounted": 1, "chemical": 0}
#: 4.5: the units whose presence raises the cost of gas, and the most of them that count.
POLITICAL, MOST_COUNTED = {"theater", "demonstration"}, 3
MAX_SUCCESS = 200  # 1.1: "success level (0-200)"


def points(items: list[dict]) -> int:
    """What the lines of an itemization add up to (steps such as ×2 add nothing)."""
    return sum(entry["value"] for entry in items if isinstance(entry["value"], int))


def played(game: Game, command: dict) -> list[tuple[Event, int]]:
    """Each event of a command with the change of the success level it made, folded one by one."""
    state = game.state.thawed()
    changes = []
    for event in game.apply(command):
        before = state.scores[PROTESTERS]
        game.rules.evolve(game.ctx, state, event)
        changes.append((event, state.scores[PROTESTERS] - before))
    return changes


def of_kind(changes: list[tuple[Event, int]], kind: str) -> list[tuple[Event, int]]:
    return [(event, change) for event, change in changes if event.kind == kind]


def shows_items(game: Game, event: Event) -> bool:
    """The event's line in the log ends with its itemization (then its dice)."""
    return game.narrate(event).split(" [dice ")[0].endswith(told(event.data[ITEMS]))


def gassed(placement: dict[str, list[str]], node: str, score: int = 0) -> tuple[Game, list[tuple[Event, int]]]:
    """A gassed attack at `node`, every protester die a 6 (no unit destroyed)."""
    game = arrange(new_game(), placement, phase=CONFRONTATION)
    game.state = replace(game.state, scores={PROTESTERS: score})
    dice = [6] * len([uid for uid in placement[node] if game.state.units[uid].side == PROTESTERS])
    return game, played(game, {"do": "confront", "node": node, "gas": True, "dice": dice})


def political_units(game: Game, node: str) -> list[str]:
    return [u.id for u in game.state.at(node, PROTESTERS) if u.type in POLITICAL]


# --- 4.5: the political cost of gas -------------------------------------------------------------------------------

def test_4_5_gas_is_itemized_one_success_for_the_gas_and_one_per_theater_or_demonstration_unit():
    """4.5: 1 success for gassing an intersection, 2 with one theater/demonstration unit, 3 with two."""
    game, changes = gassed({"3rd & Pike": ["6/B", "CART/B", "Sea Turtles (T)", "Environment 1", "U1"]}, "3rd & Pike")
    counted = political_units(game, "3rd & Pike")
    assert len(counted) == 2
    [(event, change)] = of_kind(changes, "success")
    items = event.data[ITEMS]
    assert points(items) == change == event.data["points"] == 1 + len(counted)
    assert {entry["section"] for entry in items} == {"4.5"}
    assert [entry["value"] for entry in items] == [1] * (1 + len(counted))
    assert all(any(entry["line"].startswith(uid) for entry in items) for uid in counted)
    assert not any(entry["line"].startswith("U1") for entry in items), "an unorganized cluster costs nothing (4.5)"
    assert shows_items(game, event)


def test_4_5_three_or_more_theater_or_demonstration_units_cost_four_the_cap_its_own_line():
    """4.5: "4 successes any time the police gas an intersection with 3 or more theater/demonstration units"."""
    ids = [u.id for u in load("n30/close-the-ring").units.values() if u.type in POLITICAL][:5]
    game, changes = gassed({"3rd & Pike": ["6/B", "CART/B", *ids]}, "3rd & Pike")
    [(event, change)] = of_kind(changes, "success")
    items = event.data[ITEMS]
    assert points(items) == change == 1 + MOST_COUNTED
    assert sum(entry["value"] == 1 for entry in items) == 1 + len(ids)
    [cap] = [entry for entry in items if entry["value"] < 0]
    assert cap["value"] == MOST_COUNTED - len(ids) and cap["section"] == "4.5"
    assert shows_items(game, event)


def test_4_5_a_unit_retreated_into_the_gas_earlier_is_named_in_its_cost():
    """4.5, 4.1 (ruling): a demonstration cluster forced into the intersection earlier in the phase is in the gas."""
    game = arrange(new_game(), {"4th & Pike": ["6/B", "Environment 1"],
                                "3rd & Pike": ["6/A", "CART/B", "Sea Turtles (T)", "U1"]}, phase=CONFRONTATION)
    game.apply({"do": "confront", "node": "4th & Pike", "retreats": {"Environment 1": "3rd & Pike"}, "dice": [1]})
    [(event, change)] = of_kind(played(game, {"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [6, 6]}),
                                "success")
    lines = [entry["line"] for entry in event.data[ITEMS]]
    assert any(line.startswith("Environment 1") for line in lines) and any(line.startswith("Sea Turtles") for line in lines)
    assert points(event.data[ITEMS]) == change == 1 + len(political_units(game, "3rd & Pike"))


# --- 5.1-5.3 and 1.1: the success phase ---------------------------------------------------------------------------

HELD = {"7th & Pike": ["U1"], "5th & Olive": ["U2"], "8th & University": ["U3"]}


def success_phase(score: int, placement: dict[str, list[str]] = HELD) -> tuple[Game, list[tuple[Event, int]]]:
    game = arrange(new_game(), placement, phase=CONFRONTATION)
    game.state = replace(game.state, scores={PROTESTERS: score})
    return game, of_kind(played(game, {"do": "end-phase"}), "success")


def test_5_1_to_5_3_each_target_is_one_line_by_its_printed_name_and_the_intersection_that_holds_it():
    """5.1 breach (Convention Center from 7th & Pike), 5.2 hotel blockade (Westin from 5th & Olive), 5.3 the Secret
    Service entrance (8th & University): one success per target, a line each, named as the map prints it."""
    game, successes = success_phase(0)
    targets = game.ctx.scenario.board.targets
    sources = {event.data["source"] for event, _ in successes}
    assert {"5.1", "5.2", "5.3"} <= sources
    for event, change in successes:
        [line] = event.data[ITEMS]
        target = targets[event.data["target"]]
        assert line["value"] == change == 1 and line["section"] == event.data["source"]
        assert line["line"].startswith(target.name)
        if event.data["source"] != "5.2":  # a breach or the entrance names the intersection held that reaches it
            held = [node for node in target.access if node in HELD]
            assert held and all(node in line["line"] for node in held)
        assert shows_items(game, event)
    assert sum(change for _, change in successes) == game.state.scores[PROTESTERS]


def test_1_1_the_success_level_stops_at_200_a_line_of_its_own():
    """1.1: the success level runs 0-200; a gain beyond 200 is given back by a line citing 1.1."""
    game, successes = success_phase(MAX_SUCCESS - 1)
    assert len(successes) > 2
    for n, (event, change) in enumerate(successes):
        items = event.data[ITEMS]
        assert points(items) == change == (1 if n == 0 else 0)
        assert [entry["value"] for entry in items if entry["section"] == "1.1"] == ([] if n == 0 else [-1])
        assert event.data["points"] == 1, "the event still records what the rule gives"
    assert game.state.scores[PROTESTERS] == MAX_SUCCESS


def test_1_1_gas_at_the_top_of_the_level_is_given_back_whole():
    """4.5, 1.1: the political cost of gas at a success level of 200 changes nothing, and says so."""
    game, changes = gassed({"3rd & Pike": ["6/B", "CART/B", "Sea Turtles (T)"]}, "3rd & Pike", score=MAX_SUCCESS)
    [(event, change)] = of_kind(changes, "success")
    bound = event.data[ITEMS][-1]
    assert change == 0 == points(event.data[ITEMS])
    assert (bound["value"], bound["section"]) == (-(1 + len(political_units(game, "3rd & Pike"))), "1.1")


# --- 1.7, 4: a confrontation's factors ----------------------------------------------------------------------------

def test_1_7_4_confrontation_items_give_each_squads_factor_the_gas_the_division_and_the_unorganized_doubling():
    """1.7: each squad's factor (the chemical unit adds none); 4: gas doubles the total, which is divided among the
    protester units, and an unorganized cluster faces double its share."""
    placement = {"3rd & Pike": ["6/B", "6/A", "MP-1", "CART/B", "U1", "Sea Turtles (T)"]}
    game = arrange(new_game(), placement, phase=CONFRONTATION)
    police = [u for u in game.state.at("3rd & Pike") if u.side != PROTESTERS]
    total = sum(SQUAD_FACTOR[u.type] for u in police)
    [(event, change)] = of_kind(played(game, {"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [6, 6]}),
                                "confrontation")
    data, items = event.data, event.data[ITEMS]
    factors = [entry for entry in items if isinstance(entry["value"], int)]
    assert points(items) == data["police_total"] == total and change == 0
    assert {entry["section"] for entry in factors} == {"1.7"}
    assert sorted(entry["line"].split(",")[0] for entry in factors) == sorted(u.id for u in police if SQUAD_FACTOR[u.type])
    steps = {entry["line"]: entry["value"] for entry in items if not isinstance(entry["value"], int)}
    assert steps == {"gas, CART/B": "×2", "shared among 2 protester units": "÷2", "U1, unorganized": "×2"}
    assert {entry["section"] for entry in items if entry not in factors} == {"4"}
    assert data["effective_total"] == 2 * total
    for unit in data["units"]:  # the strength read against the die, from the share and the type's step
        assert unit["facing"] == data["allocation"][unit["id"]] * (2 if unit["type"] == "unorganized" else 1)
    assert shows_items(game, event)


def test_4_an_attack_without_gas_on_one_unit_has_only_the_squads_factors():
    """1.7, 4: no gas, one protester unit: nothing doubles or divides the total, so the squads' factors are all."""
    game = arrange(new_game(), {"3rd & Pike": ["6/B", "7/A", "Bananarchy"]}, phase=CONFRONTATION)
    [(event, _)] = of_kind(played(game, {"do": "confront", "node": "3rd & Pike", "dice": [6]}), "confrontation")
    assert all(isinstance(entry["value"], int) and entry["section"] == "1.7" for entry in event.data[ITEMS])
    assert points(event.data[ITEMS]) == event.data["units"][0]["facing"] == SQUAD_FACTOR["hard"] + SQUAD_FACTOR["soft"]


# --- crowd_mood: the score read on the RL State Chart -------------------------------------------------------------

def test_crowd_mood_rl_state_chart_score_is_the_die_and_each_factor_by_the_charts_words():
    """RL State Chart (option crowd_mood; rulings 4, 1.7 and 4.3): a hard squad's charge is riot_charging, gas is
    tear_gas; the die and the factors add up to the score the chart is read at."""
    game = arrange(new_game(crowd_mood="on"), {"3rd & Pike": ["6/B", "CART/30", "U1"]}, phase=CONFRONTATION)
    chart = moods.chart(game.ctx.scenario)
    [(event, change)] = of_kind(played(game, {"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [3, 5]}),
                                "crowd-mood")
    items = event.data[ITEMS]
    expected = 5 + chart.modifiers["riot_charging"].value + chart.modifiers["tear_gas"].value
    assert points(items) == event.data["score"] == expected and change == 0
    assert [entry["line"] for entry in items] == ["die", chart.modifiers["riot_charging"].label,
                                                 chart.modifiers["tear_gas"].label]
    assert {entry["section"] for entry in items} == {chart.section}
    assert shows_items(game, event)


# --- the invariant over whole games -------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario_id=st.sampled_from(("n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets")),
       seed=st.integers(min_value=0, max_value=2**63 - 1), kinds=st.sampled_from(("objective", "random")),
       crowd_mood=st.sampled_from(("off", "on")))
def test_every_itemization_adds_up_to_the_number_its_event_changes(scenario_id, seed, kinds, crowd_mood):
    """1.1, 1.7, 4, 4.5, 5.1-5.3: in any game, each success event's lines add up to the success level's change, each
    confrontation's factors to its police total, each RL roll's lines to its score."""
    game = play(scenario_id, {"crowd_mood": crowd_mood}, seed, kinds, kinds, keep_events=True).game
    state = game.rules.initial(game.ctx).thawed()
    for event in game.events:
        before = state.scores[PROTESTERS]
        game.rules.evolve(game.ctx, state, event)
        items = event.data.get(ITEMS, [])
        sections = {entry["section"] for entry in items}
        if event.kind == "success":
            assert items and points(items) == state.scores[PROTESTERS] - before, event
            assert sections <= {event.data["source"], "1.1"}
        elif event.kind == "confrontation":
            assert points(items) == event.data["police_total"] and sections <= {"1.7", "4"}, event
        elif event.kind == "crowd-mood":
            assert points(items) == event.data["score"] and sections == {moods.chart(game.ctx.scenario).section}, event
        else:
            assert not items, event


BOARD = load("n30/close-the-ring").board
ACCESS = sorted({node for target in BOARD.targets.values() for node in target.access if BOARD.nodes[node].in_play})


@settings(max_examples=25, deadline=None)
@given(score=st.integers(min_value=MAX_SUCCESS - 10, max_value=MAX_SUCCESS),
       held=st.sets(st.sampled_from(ACCESS), max_size=8))
def test_any_success_phase_near_the_top_adds_up_within_0_to_200(score, held):
    """5, 1.1: one success per target, the level stopping at 200: the lines of each gain add up to its change."""
    game, successes = success_phase(score, {node: [f"U{n}"] for n, node in enumerate(sorted(held), 1)})
    for event, change in successes:
        assert points(event.data[ITEMS]) == change
    assert game.state.scores[PROTESTERS] == min(MAX_SUCCESS, score + len(successes))


# --- through the command line -------------------------------------------------------------------------------------

def test_4_5_the_log_and_log_json_itemize_the_cost_of_gas(cli, tmp_path):
    """4.5 through `referee log`: the police gas 6th & Union (7:40 setup: a lockdown and a theater cluster); the
    success line names the gas and the theater cluster, and `log --json` holds the same lines in the data."""
    db = tmp_path / "gas.db"
    assert cli("new", "n30/close-the-ring", "--seed", "7", "--predictable", "--db", db).code == 0
    commands = [{"do": "end-phase"}, {"do": "move", "unit": "CART/30", "to": "6th & Union", "dice": [2]},
                {"do": "move", "unit": "31/30", "to": "6th & Union", "dice": [2]}, {"do": "end-phase"},
                {"do": "confront", "node": "6th & Union", "gas": True, "dice": [6, 6]}]
    assert cli("apply", db, stdin="\n".join(map(json.dumps, commands)) + "\n").code == 0
    scenario = load("n30/close-the-ring")
    there = scenario.setup.placement["6th & Union"]
    counted = [uid for uid in there if scenario.units[uid].type in POLITICAL]
    [logged] = [json.loads(line) for line in cli("log", db, "--json").lines if '"kind": "success"' in line]
    items = logged["data"][ITEMS]
    assert points(items) == logged["data"]["points"] == 1 + len(counted)
    assert [entry["line"].split(",")[0] for entry in items[1:]] == counted
    [line] = [line for line in cli("log", db).lines if " success (4.5)" in line]
    assert line.endswith(told(items))
