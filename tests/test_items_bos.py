"""Battle of Seattle's numbers itemized by the line of the chart that made them: the Turn End Phase's lines (3.4,
EI Adjustment Chart), 2.3's points beyond zero, a random event's points (Random Events Table), emergency
reinforcements (4.22), and a combat's factors and EI changes (6.1-6.3, 7.1-7.3). Each expectation is worked out
from the rule text, its charts and the scenario's map, never read back from the itemization."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.core.dice import SeededDice
from referee.core.events import ITEMS, Event
from referee.errors import Refusal
from referee.game import Game
from referee.rules.place_names import in_place_names
from referee.rulesets.bos.rules import combat, events
from referee.rulesets.bos.rules.units import TYPES
from tests.items_told import told
from tests.test_bos_game import DECLINE, MAYOR, QUIET, crowd_at, new_game, play, random_game, scenario, to_phase, whole_turn

A, P = "authority", "protester"
CHART, BELOW_ZERO = "EI Adjustment Chart", "2.3"
INDEX = {"Authority EI: ": A, "Protester EI: ": P}  # how an item names the index it changes
# The Counter Manifest's Combat Factors (the first of each unit's three numbers).
CF = {"anarchist": 2, "radical": 2, "labor": 1, "liberal": 2, "environmentalist": 2, "yahoo": 1, "spd": 4,
      "national_guard": 2, "state_trooper": 3}
# The CRT's columns as printed, by the lowest total of each (6.1).
COLUMNS = ((16, "16+"), (11, "11-15"), (7, "7-10"), (4, "4-6"), (2, "2-3"), (1, "1"))
RANDOM = {"do": "events", "dice": [1, 1, 6]}  # 11: Random Reinforcement, 6 halved: 3 units of his choice
END = {"do": "end-phase"}


def index_points(items: list[dict], *, chart_only: bool = False) -> dict[str, int]:
    """Each index's points in an itemization, by the index each line names; `chart_only` leaves 2.3's out."""
    points = {A: 0, P: 0}
    for entry in items:
        if isinstance(entry["value"], int) and not (chart_only and entry["section"] == BELOW_ZERO):
            prefix = next(p for p in INDEX if entry["line"].startswith(p))
            points[INDEX[prefix]] += entry["value"]
    return points


def before_each(game: Game) -> Iterator[tuple[dict[str, int], Event]]:
    """Every event of the game with both indices as they stood before it (the log folded up to it)."""
    state = game.rules.initial(game.ctx)
    for event in game.events:
        yield dict(state.scores), event
        state = state.thawed()
        game.rules.evolve(game.ctx, state, event)


def check_adds_up(game: Game, before: dict[str, int], event: Event) -> None:
    """The chart's lines add up to the change the event records; with 2.3's lines, to the indices after it; 2.3's
    lines come exactly when an index would go below zero, and the line shows every item."""
    items, change = event.data[ITEMS], event.data["change"]
    after = event.data["ei"] if event.kind == "combat" else {side: event.data[side] for side in (A, P)}
    assert index_points(items, chart_only=True) == change
    assert index_points(items) == {side: after[side] - before[side] for side in (A, P)}
    raw = {side: before[side] + change[side] for side in (A, P)}
    assert after == {A: max(0, raw[A]) + max(0, -raw[P]), P: max(0, raw[P]) + max(0, -raw[A])}  # 2.3
    assert any(e["section"] == BELOW_ZERO for e in items) == (min(raw.values()) < 0)
    assert all(e["section"] in (CHART, BELOW_ZERO) or e["section"].startswith("Random Events Table")
               for e in items if isinstance(e["value"], int))
    line = game.narrate(event)
    assert in_place_names(told(items), game.ctx) in line


def column(cf: int) -> str:
    return next(heading for lowest, heading in COLUMNS if cf >= lowest)


def replay(items: list[dict]) -> dict[str, tuple[int, str]]:
    """Each roll's total and column as the umpire reaches them from the itemization alone, checking every CF
    reached on the way: a unit's printed CF, doubled for each ×2, halved rounding up for each ½ (6.2)."""
    rolls: dict[str, tuple[int, str]] = {}
    factors: dict[str, int] = {}
    total = 0
    for entry in (e for e in items if isinstance(e["value"], str)):
        name, _, what = entry["line"].partition(", ")
        value = entry["value"]
        if what == "Combat Factor":
            factors[name] = int(value)
        elif value == "×2":
            factors[name] *= 2
        elif value == "½":
            factors[name] = math.ceil(factors[name] / 2)
        elif not what:  # the unit's CF reached
            assert value == f"= {factors[name]}"
        elif what == "total":
            total = sum(factors.values())
            assert value == f"= {total}"
            factors = {}
        elif what == "column":
            rolls[name] = (total, value)
    return rolls


def check_factors(event: Event) -> None:
    """The combat's factor items give the totals and columns it rolled on (6.1, 6.2, CRT)."""
    rolls = replay(event.data[ITEMS])
    for roll in ("attack", "counterattack"):
        struck = event.data[roll]
        assert rolls[roll] == (struck["cf"], struck["column"]) and struck["column"] == column(struck["cf"])


def last(game: Game, kind: str) -> Event:
    return next(e for e in reversed(game.events) if e.kind == kind)


def before(game: Game, event: Event) -> dict[str, int]:
    return next(scores for scores, e in before_each(game) if e is event)


# --- the Turn End Phase (3.4, EI Adjustment Chart) ---------------------------------------------------------------


def _spd_on_the_map(count: int) -> Game:
    """Turn 1 played to the Turn End Phase with Hey Beavis... bringing 4 Yahoos to Belltown and `count` SPD on
    the map (SPD 1, and those the reinforcements and emergency reinforcements put in the Reserve Pool)."""
    game = play(new_game(), {"do": "events", "dice": [2, 6, 4]}, {"do": "reinforce", "take": {"group": 0, "crowd": 0}})
    yahoos = [u.id for u in game.state.units.values() if u.type == "yahoo"][:4]
    play(game, {"do": "emergency", "units": {"spd": count - 3}},
         *({"do": "place", "unit": uid, "to": "belltown"} for uid in yahoos))
    to_phase(game, "authority-movement")
    pool = [u.id for u in game.state.units.values() if u.status == "reserve"]
    play(game, *({"do": "move", "unit": uid, "to": "capitol-hill"} for uid in pool))
    return to_phase(game, "turn-end")


def test_3_4_turn_end_items_are_the_exposure_values_held_the_yahoos_and_the_spd_per_five():
    """EI Adjustment Chart, Turn End Phase lines: +Exposure Value per Downtown Core area with a Protester unit,
    -1 Protester per Yahoo, -1 Authority per five SPD on the map (a part of five counting whole)."""
    game = _spd_on_the_map(6)
    event = last(game, "ei-changed")
    board = scenario().board
    core = {n.id: n.value for n in board.nodes.values() if "downtown-core" in n.features}
    held = {u.node for u in game.state.units.values() if u.side == P and u.status == "active"}
    yahoos = sum(u.type == "yahoo" and u.status == "active" for u in game.state.units.values())
    spd = sum(u.type == "spd" and u.status == "active" for u in game.state.units.values())
    assert (yahoos, spd) == (4, 6)
    expected = {P: sum(v for node, v in core.items() if node in held) - yahoos, A: -math.ceil(spd / 5)}
    assert event.data["source"] == "turn end" and event.data["change"] == expected
    items = event.data[ITEMS]
    assert {e["line"] for e in items if e["line"].endswith("Exposure Value")} == {
        f"Protester EI: {node}, Exposure Value" for node in core if node in held}
    assert all(e["section"] == CHART for e in items)
    check_adds_up(game, before(game, event), event)


def test_3_4_no_protester_unit_is_plus_twenty_and_no_crowd_by_day_plus_ten():
    """EI Adjustment Chart: +20 Authority when no Protester unit is on the map (the Night turn, the Crowds gone at
    nightfall, 7.1), and +10 "exclusive of the above" when no Crowd is on the map in a day turn (the next
    Morning's Crowds declined, one Yahoo placed)."""
    game = whole_turn(whole_turn(new_game()))
    night = last(to_phase(game, "turn-end"), "ei-changed")
    spd = sum(u.type == "spd" and u.status == "active" for u in game.state.units.values())
    assert night.data["change"] == {A: 20 - math.ceil(spd / 5), P: 0}
    assert {"line": "Authority EI: no Protester unit on the map", "value": 20, "section": CHART} in night.data[ITEMS]
    check_adds_up(game, before(game, night), night)
    play(game, END, {"do": "events", "dice": [2, 6, 1]}, DECLINE)  # the Morning: 26, Hey Beavis..., 1 Yahoo
    yahoo = next(u.id for u in game.state.units.values() if u.type == "yahoo")
    morning = last(to_phase(play(game, {"do": "place", "unit": yahoo, "to": "belltown"}), "turn-end"), "ei-changed")
    spd = sum(u.type == "spd" and u.status == "active" for u in game.state.units.values())
    assert morning.data["change"] == {A: 10 - math.ceil(spd / 5), P: -1}
    lines = {e["line"]: e["value"] for e in morning.data[ITEMS]}
    assert lines["Authority EI: no Protester Crowd on the map (day turn)"] == 10
    assert lines["Protester EI: 1 Yahoo unit on the map"] == -1
    assert "Authority EI: no Protester unit on the map" not in lines
    check_adds_up(game, before(game, morning), morning)


# --- 2.3, emergency reinforcements (4.22) and random events (Random Events Table) ---------------------------------


def test_4_22_emergency_reinforcements_cost_four_each_and_2_3_gives_the_points_beyond_zero_to_the_protester():
    """EI Adjustment Chart: -4 Authority per Emergency Reinforcement unit taken; 2.3: eight SPD (-32) at
    Authority EI 30 stop it at zero and the 2 points beyond zero go to the Protester, a line each."""
    game = play(new_game(), QUIET, DECLINE, {"do": "emergency", "units": {"spd": 8}})
    event = last(game, "ei-changed")
    assert before(game, event) == {A: 30, P: 0}
    assert event.data["source"] == "emergency reinforcements" and event.data["change"] == {A: -4 * 8, P: 0}
    beyond = 4 * 8 - 30
    assert (event.data[A], event.data[P]) == (0, beyond)
    transfers = [e for e in event.data[ITEMS] if e["section"] == BELOW_ZERO]
    assert [(e["line"].split(": ")[0], e["value"]) for e in transfers] == [("Authority EI", beyond), ("Protester EI", beyond)]
    assert [e["value"] for e in event.data[ITEMS] if e["section"] == CHART] == [-32]
    check_adds_up(game, before(game, event), event)


def test_random_events_table_61_62_and_63_64_add_ten_points_on_their_row():
    """Random Events Table 61-62 (Mayor Denounces Protesters): +10 Authority EI; 63-64 (Bill Clinton Admits
    Protesters Have a Point): +10 Protester EI; each item cites the table's row."""
    for dice, side, row in (([6, 1], A, "61-62"), ([6, 4], P, "63-64")):
        game = play(new_game(), {"do": "events", "dice": dice})
        event = last(game, "ei-changed")
        assert event.data["source"] == "random event" and event.data["change"] == {A: 0, P: 0} | {side: 10}
        (entry,) = event.data[ITEMS]
        assert entry["value"] == 10 and entry["section"] == f"Random Events Table {row}"
        assert entry["line"].startswith(f"{side.capitalize()} EI: ")
        check_adds_up(game, before(game, event), event)


# --- combat (6.1-6.3, 7.1-7.3, EI Adjustment Chart) -----------------------------------------------------------------


def _example_of_combat() -> Game:
    """The example of combat of 6.4 played in a game: at Stage Two (an SPD failed its Morale Check on turn 1), two
    Radicals chosen by a Random Reinforcement stand with a Crowd behind a Barricade at the Westin, and SPD 1 and 2
    come from the Reserve Pool to attack both with Special Munitions."""
    game = to_phase(new_game(), "protester-combat")
    play(game, {"do": "combat", "attackers": [crowd_at(game, "convention-centre")], "defenders": ["SPD 1"],
                "dice": [5, 1, 6]}, {"do": "escalate", "stage": 2})
    whole_turn(game)
    play(game, RANDOM, {"do": "reinforce", "take": {"group": 0, "crowd": 0}},
         {"do": "place", "unit": "Radicals 1", "to": "westin"}, {"do": "place", "unit": "Radicals 2", "to": "westin"},
         END, {"do": "barricade", "unit": crowd_at(game, "westin"), "dice": [1]})
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 1", "to": "westin"}, {"do": "move", "unit": "SPD 2", "to": "westin"})
    return to_phase(game, "authority-combat")


def test_6_4_the_example_of_combat_itemized_doubled_then_halved_and_its_net_ei():
    """6.2, 6.4: each SPD's 4 doubled for Special Munitions (6.2) and halved for the Barricade (7.2): 8 on the 7-10
    column, where a 6 is X; the Radicals' 2 each halved: 2 on the 2-3 column, where a 5 is MC. EI Adjustment Chart:
    +2 Authority per Group removed, -1 per unit using Special Munitions ("a net change of +2"), +1 Protester for
    the SPD removed to the Reserve Pool."""
    game = _example_of_combat()
    assert game.state.local["stage"] == 2 and "barricade" in game.state.markers["westin"]
    (event,) = game.apply({"do": "combat", "attackers": ["SPD 1", "SPD 2"], "defenders": ["Radicals 1", "Radicals 2"],
                           "munitions": ["SPD 1", "SPD 2"], "choices": {"counterattack": "SPD 1"}, "dice": [6, 5, 5]})
    assert event.data["change"] == {A: 2 * 2 - 2 * 1, P: 1}
    items = event.data[ITEMS]
    steps = {(e["line"], e["value"], e["section"]) for e in items if isinstance(e["value"], str)}
    for spd in ("SPD 1", "SPD 2"):
        assert {(f"{spd}, Combat Factor", "4", "Counter Manifest"), (f"{spd}, Special Munitions", "×2", "6.2"),
                (f"{spd}, Barricade", "½", "7.2"), (spd, "= 4", "6.2")} <= steps
    assert {("attack, total", "= 8", "6.1"), ("attack, column", "7-10", "Combat Results Table"),
            ("counterattack, total", "= 2", "6.1"), ("counterattack, column", "2-3", "Combat Results Table")} <= steps
    points = [(e["line"], e["value"]) for e in items if isinstance(e["value"], int)]
    assert sorted(points) == sorted([*((f"Authority EI: SPD {n}, Special Munitions", -1) for n in (1, 2)),
                                     *((f"Authority EI: Radicals {n}, Group permanently removed", 2) for n in (1, 2)),
                                     ("Protester EI: SPD 1, temporarily removed", 1)])
    check_factors(event)
    check_adds_up(game, before(game, event), event)


def test_7_3_an_x_at_stage_one_reads_a_and_2_3_gives_the_crowds_1d6_beyond_zero_to_the_authority():
    """7.3: three SPD (12, the 11-15 column) roll a 6, X, read as A at Stage One: one Crowd arrested. EI
    Adjustment Chart: -1 Authority and -1d6 Protester for it; 2.3: at Protester EI 0 the 1d6 goes to the
    Authority."""
    game = play(new_game(), QUIET, {"do": "reinforce", "take": {"group": 0, "crowd": 0}})
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 2", "to": "convention-centre"},
         {"do": "move", "unit": "SPD 3", "to": "convention-centre"})
    to_phase(game, "authority-combat")
    crowd = crowd_at(game, "convention-centre")
    (event,) = game.apply({"do": "combat", "attackers": ["SPD 1", "SPD 2", "SPD 3"], "defenders": [crowd],
                           "dice": [6, 1, 3]})
    assert before(game, event) == {A: 30, P: 0} and event.data["attack"]["result"] == "A"
    assert {"line": "attack, X at Stage One", "value": "= A", "section": "7.3"} in event.data[ITEMS]
    assert event.data["change"] == {A: -1, P: -3} and event.data["ei"] == {A: 30 - 1 + 3, P: 0}
    assert {"line": f"Protester EI: {crowd}, Crowd permanently removed (1d6)", "value": -3,
            "section": CHART} in event.data[ITEMS]
    check_factors(event)
    check_adds_up(game, before(game, event), event)


SIDE_TYPES = {side: sorted(name for name, kind in TYPES.items() if kind.side == side) for side in (A, P)}


@st.composite
def fights(draw: st.DrawFn) -> combat.Combat:
    """Any combat the rules allow, with every adjustment of 6.2 possible."""
    attacker = draw(st.sampled_from((A, P)))
    defender = P if attacker == A else A
    stage = draw(st.integers(1, 3))
    night = draw(st.booleans())
    munitions = attacker == A and stage > 1

    def side(name: str, which: str) -> tuple[combat.Fighter, ...]:
        kinds = draw(st.lists(st.sampled_from(SIDE_TYPES[which]), min_size=1, max_size=4))
        return tuple(combat.Fighter(f"{name} {i}", TYPES[kind], munitions and draw(st.booleans()) and name == "a")
                     for i, kind in enumerate(kinds))

    chosen = draw(st.sampled_from(("angry_womyn", "pointing_fingers", "solidarity_forever", None)))
    fight = combat.Combat(attacker, side("a", attacker), side("d", defender), stage, night, draw(st.booleans()),
                          (events.EVENTS[chosen],) if chosen else (), draw(st.booleans()) and not night)
    try:
        combat.check(fight)
    except Refusal:
        assume(False)
    return fight


def expected_cf(unit: combat.Fighter, targets: tuple[combat.Fighter, ...], fight: combat.Combat) -> int:
    """6.2 read from the text: all doubling first (Special Munitions, Stage Three, Angry Womyn for Radicals,
    Pointing Fingers for the Authority against Groups only where Crowds stand), then each halving rounded up."""
    keys = {event.key for event in fight.events}
    doubled = unit.munitions + (fight.stage == 3) + ("angry_womyn" in keys and unit.type.name == "radical")
    doubled += ("pointing_fingers" in keys and unit.type.side == A and fight.crowds_present
                and all(t.type.name in ("anarchist", "radical", "yahoo") for t in targets))
    cf = CF[unit.type.name] * 2 ** doubled
    for _ in range(fight.barricade + fight.night):
        cf = math.ceil(cf / 2)
    return cf


@settings(max_examples=300, deadline=None)
@given(fight=fights(), seed=st.integers(0, 2**32 - 1))
def test_6_2_every_doubling_and_halving_is_an_item_that_reaches_the_total_and_column_rolled(fight, seed):
    """6.1, 6.2: replaying a combat's factor items (×2, ½ rounded up) reaches each unit's CF as the text adjusts
    it, the total rolled and its CRT column; each doubling and halving cites its section; the EI lines add up to
    the change (EI Adjustment Chart)."""
    outcome = combat.resolve(fight, SeededDice(seed))
    rolls = replay(list(outcome.factors))
    for name, rollers, targets, struck in (("attack", fight.attackers, fight.defenders, outcome.attack),
                                           ("counterattack", fight.defenders, fight.attackers, outcome.counterattack)):
        total = sum(expected_cf(unit, targets, fight) for unit in rollers)
        assert rolls[name] == (total, column(total)) == (struck.cf, struck.column)
    sections = {"×2": {"6.2", "7.3", "Random Events Table 22", "Random Events Table 45-46"}, "½": {"7.1", "7.2"}}
    for entry in outcome.factors:
        assert entry["section"] in sections.get(entry["value"], {"Counter Manifest", "6.2", "6.1", "Combat Results Table", "7.3"})
    assert index_points([p.item() for p in outcome.points]) == outcome.ei


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=40, max_size=160))
def test_every_ei_change_in_random_legal_play_adds_up_line_by_line(seed, picks):
    """EI Adjustment Chart, 2.3: in any game, every `ei-changed` and `combat` event's items add up to the change
    it records and, with 2.3's lines, to the indices after it; a combat's factor items reach its totals."""
    game = random_game(seed, picks)
    for scores, event in before_each(game):
        if event.kind in ("ei-changed", "combat"):
            check_adds_up(game, scores, event)
        if event.kind == "combat":
            check_factors(event)


# --- through the command line --------------------------------------------------------------------------------------


def test_the_log_and_its_json_itemize_a_random_events_points(cli, tmp_path):
    """`referee log` ends the line of Mayor Denounces Protesters (Random Events Table 61-62, +10 Authority EI)
    with its item; `log --json` holds it under `items`."""
    db = tmp_path / "items.db"
    assert cli("new", "bos/battle-of-seattle", "--db", db, "--seed", 5).code == 0
    assert cli("apply", db, stdin=json.dumps(MAYOR) + "\n").code == 0
    records = [json.loads(line) for line in cli("log", db, "--json").out.splitlines()]
    record = next(r for r in records if r["kind"] == "ei-changed")
    assert record["data"][ITEMS] == [{"line": "Authority EI: Mayor Denounces Protesters", "value": 10,
                                      "section": "Random Events Table 61-62"}]
    assert record["data"][A] == 30 + 10
    line = next(line for line in cli("log", db).lines if line.split()[:1] == [str(record["seq"])])
    assert line.endswith(" = Authority EI: Mayor Denounces Protesters +10 (Random Events Table 61-62)")
