"""Chicago-Chicago's itemizations: each conflict's strengths, odds, level changes and points, each change of an
Exposure Index, each box's attrition and each park's multiplication, a line of the rules each, checked against the
counters, the map's codes and the tables' cells read here (THE PLAYING PIECES; HOW TO RESOLVE CONFLICT 5-8; HOW TO
PLAY, steps 4-5; NATIONAL GUARD; DEMONSTRATOR ATTRITION AND MULTIPLICATION 1-2; INFILTRATION; CPD MINIMUM 1)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.events import ITEMS, Event
from referee.core.state import GameState, relocate
from referee.game import Game
from referee.rules.place_names import in_place_names
from referee.rulesets.chicago.rules import attrition, board, tables
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from referee.simulate import play as play_whole
from tests.items_told import told
from tests.test_chicago_game import END, green_ahead, new_game, next_turn, play, scenario, to_step

RESOLVE = "HOW TO RESOLVE CONFLICT"
ATTRITION_1 = "DEMONSTRATOR ATTRITION AND MULTIPLICATION 1"
MULTIPLICATION_2 = "DEMONSTRATOR ATTRITION AND MULTIPLICATION 2"
STEP_4, STEP_5 = "HOW TO PLAY, step 4", "HOW TO PLAY, step 5"
KINDS = [("simple", "simple"), ("random", "random"), ("simple", "random"), ("random", "simple")]
FREE_POLICE = [f"P1-{n}" for n in range(16, 25)] + [f"Tac-{n}" for n in range(1, 7)]  # the set-up's, outside minimum


# --- reading the charts here, apart from the rules' code -----------------------------------------------------------

def code(game: Game, box: str) -> dict[str, int]:
    """The P#/D# code printed under a box's name, read from the map (HOW TO RESOLVE CONFLICT 5)."""
    found = [re.fullmatch(r"P(\d+)/D(\d+)", feature) for feature in game.ctx.scenario.board.nodes[box].features]
    police, green = next(match.groups() for match in found if match)
    return {POLICE: int(police), DEMONSTRATORS: int(green)}


#: THE PLAYING PIECES, NATIONAL GUARD, TAC UNITS: the conflict number of one platoon, group or Guard company by kind
#: ("4-3 for level one platoons", "six platoons of these, each 5-3", "rated 3-2 for companies", "Level 1 12-2/36-2")
PIECES = {"P1": 4, "P2": 3, "P3": 2, "Tac": 5, "NG": 3, "G1": 12, "G2": 9, "G3": 6, "G4": 3}


def kind(state: GameState, uid: str) -> str:
    """A counter's kind by its type and the level it stands at (P1, Tac, NG, G4...)."""
    unit = state.units[uid]
    leveled = unit.type in ("police", "demonstrator")
    return {"police": "P", "demonstrator": "G", "tac": "Tac", "guard": "NG"}[unit.type] + (
        str(unit.attrs["level"]) if leveled else "")


def strength(state: GameState, ids: list[str]) -> int:
    """The counters' conflict numbers at the levels they stand at, added (HOW TO RESOLVE CONFLICT 6)."""
    return sum(PIECES[kind(state, uid)] for uid in ids)


def winners(game: Game, before: GameState, data: dict) -> list[str | None]:
    """Each roll's winner read from the tables' cells, the first letter of the result (5): the conflict's, at the
    odds rounded down (6), the police's at most 4:1 (8), the side's last column beyond its columns; then the forced
    assault's on ASSAULT at 1:1 (7), where the demonstrators had 5:1 on police outside the minimum box."""
    side, read = data["attacker"], tables.of(game.ctx.scenario)
    whole = strength(before, data["attack"]) // strength(before, data["defend"])
    rows = read[data["table"]].rows[side]
    cells = [rows[data["roll"] - 1][min(min(whole, 4) if side == POLICE else whole, len(rows[0])) - 1]]
    defenders = [before.units[uid] for uid in data["defend"]]
    forced = side == DEMONSTRATORS and whole >= 5 and any(u.type != "guard" for u in defenders) and not any(
        u.attrs["minimum"] for u in defenders)
    assert bool(data["forced"]) == forced
    if forced:
        cells.append(read["assault"].rows[POLICE][data["forced"]["roll"] - 1][0])
    return [{"P": POLICE, "D": DEMONSTRATORS}.get(cell.code[0]) for cell in cells]


def expected_points(game: Game, before: GameState, data: dict) -> dict[str, int]:
    """A conflict's points: the box's number to each roll's winner (HOW TO RESOLVE CONFLICT 5)."""
    points = {POLICE: 0, DEMONSTRATORS: 0}
    for winner in winners(game, before, data):
        if winner:
            points[winner] += code(game, data["box"])[winner]
    return points


def points_of(items: list[dict], side: str | None = None) -> int:
    """The points an itemization gives, to `side` only: those of its lines that name it first."""
    return sum(entry["value"] for entry in items if isinstance(entry["value"], int)
               and (side is None or entry["line"].split()[0] == side))


def shown(game: Game, event: Event) -> None:
    """Each line of the itemization is in the event's line of the log."""
    line = game.narrate(event)
    assert event.data[ITEMS] and in_place_names(told(event.data[ITEMS]), game.ctx) in line, line


def applied(game: Game, command: dict, kind: str) -> tuple[GameState, Event]:
    """The state before a command, and the event of `kind` it made."""
    before = game.state
    return before, next(event for event in game.apply(command) if event.kind == kind)


def check_strengths(before: GameState, data: dict) -> None:
    """THE PLAYING PIECES: each strength line counts the counters of one kind and multiplies by its number, and
    each side's lines add up to its strength."""
    kinds = Counter(kind(before, uid) for uid in data["attack"] + data["defend"])
    totals = {POLICE: 0, DEMONSTRATORS: 0}
    for entry in data[ITEMS]:
        if entry["section"] != "THE PLAYING PIECES":
            continue
        count, named = re.fullmatch(r"(\d+) (\w+)", entry["line"]).groups()
        each, total = map(int, re.fullmatch(r"×(\d+) = (\d+)", entry["value"]).groups())
        assert int(count) == kinds.pop(named) and each == PIECES[named] and total == int(count) * each
        totals[POLICE if named[0] in "PTN" else DEMONSTRATORS] += total
    assert not kinds, "every kind of counter in the conflict has its line"
    defender = DEMONSTRATORS if data["attacker"] == POLICE else POLICE
    assert totals == {data["attacker"]: strength(before, data["attack"]), defender: strength(before, data["defend"])}
    assert totals == {data["attacker"]: data["attack_strength"], defender: data["defend_strength"]}


# --- HOW TO RESOLVE CONFLICT ----------------------------------------------------------------------------------------

def tac_in_old_town() -> Game:
    """Tac-1 set up in old-town (P2/D2) and three level-1 groups moved in: 36:5 is 7:1 for the demonstrators."""
    game = play(new_game(), {"do": "place", "units": ["Tac-1"], "to": "old-town"},
                {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    return to_step(game, "green-conflict")


@pytest.mark.parametrize("roll", range(1, 7))
@pytest.mark.parametrize("forced_roll", range(1, 7))
def test_conflict_5_and_7_each_rolls_winner_scores_the_box_code_a_line_a_side(roll, forced_roll):
    """HOW TO RESOLVE CONFLICT 5: the winner of each roll (the conflict's and, at 5:1, the forced assault's, 7)
    scores the box's number; the lines of each side add up to its points and to the change of its index."""
    game = tac_in_old_town()
    before, event = applied(game, {"do": "conflict", "box": "old-town", "dice": [roll, forced_roll]}, "conflict")
    data = event.data
    expected = expected_points(game, before, data)
    for side in (POLICE, DEMONSTRATORS):
        assert points_of(data[ITEMS], side) == expected[side] == data["points"][side]
        assert game.state.scores[side] - before.scores[side] == expected[side]
    scoring = [entry for entry in data[ITEMS] if isinstance(entry["value"], int)]
    assert all(entry["section"] == f"{RESOLVE} 5" for entry in scoring)
    won = winners(game, before, data)
    assert [entry["line"].split()[0] for entry in scoring] == [winner for winner in won if winner]
    assert ["forced assault" in entry["line"] for entry in scoring] == [n == 1 for n, winner in enumerate(won) if winner]
    shown(game, event)


def test_conflict_6_strengths_by_the_playing_pieces_and_the_odds_read_on_the_last_column():
    """HOW TO RESOLVE CONFLICT 6: each side's strength, kind by kind, as THE PLAYING PIECES number them (12 a level-1
    group, 5 a Tac platoon); 36:5 rounded down is 7:1, read on the demonstrators' last HARASS column."""
    game = tac_in_old_town()
    before, event = applied(game, {"do": "conflict", "box": "old-town", "dice": [2, 2]}, "conflict")
    check_strengths(before, event.data)
    attack, defend = 3 * PIECES["G1"], PIECES["Tac"]
    last = len(tables.of(game.ctx.scenario)["harass"].rows[DEMONSTRATORS][0])
    assert attack // defend > last, "beyond the demonstrators' last column"
    odds = [entry for entry in event.data[ITEMS] if entry["section"] == f"{RESOLVE} 6"]
    assert odds == [{"line": f"odds {attack}:{defend}", "value": f"= {attack // defend}:1", "section": f"{RESOLVE} 6"},
                    {"line": "HARASS for the demonstrators, last column", "value": f"read as {last}:1",
                     "section": f"{RESOLVE} 6"}]
    assert (event.data["ratio"], event.data["column"]) == (f"{attack // defend}:1", f"{last}:1")
    assert f"{attack}:{defend} read as {last}:1 on HARASS" in game.narrate(event)
    shown(game, event)


@pytest.mark.parametrize("roll", range(1, 7))
def test_conflict_8_police_odds_above_4_to_1_keep_their_real_ratio_beside_the_column(roll):
    """HOW TO RESOLVE CONFLICT 8: 9 level-1 platoons and 6 Tac (66) on a level-1 group (12) are 5:1, read as 4:1:
    the event keeps 5:1 beside the column, the log says "66:12 read as 4:1", and the cap is a line of its own."""
    game = play(new_game(), {"do": "place", "units": FREE_POLICE, "to": "old-town"},
                {"do": "move", "units": ["G1-01"], "to": "old-town"})
    to_step(game, "blue-conflict")
    before, event = applied(game, {"do": "conflict", "box": "old-town", "defend": ["G1-01"], "dice": [roll]}, "conflict")
    data = event.data
    attack, defend = 9 * PIECES["P1"] + 6 * PIECES["Tac"], PIECES["G1"]
    assert attack // defend > 4
    assert (data["ratio"], data["column"], data["odds"]) == (f"{attack // defend}:1", "4:1", "4:1")
    assert {"line": "police attacks above 4:1", "value": "read as 4:1", "section": f"{RESOLVE} 8"} in data[ITEMS]
    assert f"{attack}:{defend} read as 4:1 on HARASS" in game.narrate(event)
    check_strengths(before, data)
    expected = expected_points(game, before, data)
    assert {side: points_of(data[ITEMS], side) for side in expected} == expected == data["points"]
    shown(game, event)


def test_conflict_odds_within_the_columns_read_as_they_are():
    """HOW TO RESOLVE CONFLICT 6: 12 police (3 P1) against 12 (G1-01) is 1:1 on the police's own column: one odds line,
    no cap, and the log says "1:1" alone."""
    game = play(new_game(), {"do": "place", "units": ["P1-16", "P1-17", "P1-18"], "to": "old-town"},
                {"do": "move", "units": ["G1-01"], "to": "old-town"})
    to_step(game, "blue-conflict")
    _, event = applied(game, {"do": "conflict", "box": "old-town", "dice": [1]}, "conflict")
    attack, defend = 3 * PIECES["P1"], PIECES["G1"]
    odds = [entry for entry in event.data[ITEMS] if entry["section"] in (f"{RESOLVE} 6", f"{RESOLVE} 8")]
    assert odds == [{"line": f"odds {attack}:{defend}", "value": "= 1:1", "section": f"{RESOLVE} 6"}]
    assert event.data["ratio"] == event.data["column"] == event.data["odds"] == "1:1"
    assert f"({defend}), 1:1 on HARASS" in game.narrate(event)


# --- The other changes of the Exposure Index ------------------------------------------------------------------------

def test_national_guard_two_points_a_company_in_one_a_company_out():
    """NATIONAL GUARD: "two points for each NG company brought into the game and one point for each NG company
    voluntarily taken out of the game"."""
    game = green_ahead()
    for command, made, each in (({"do": "guard", "units": 3, "to": "loop"}, "guard-in", 2),
                                ({"do": "guard-out", "units": ["NG-01", "NG-02"]}, "guard-out", 1)):
        before, event = applied(game, command, made)
        companies = command["units"] if made == "guard-in" else len(command["units"])
        assert points_of(event.data[ITEMS]) == each * companies == event.data["points"]
        assert game.state.scores[DEMONSTRATORS] - before.scores[DEMONSTRATORS] == each * companies
        assert [entry["section"] for entry in event.data[ITEMS]] == ["NATIONAL GUARD"]
        shown(game, event)


@pytest.mark.parametrize(("option", "parks"), [("once", 2), ("each", 2), ("once", 1), ("each", 1)])
def test_step_4_five_points_a_park_left_alone_once_a_turn_unless_each(option, parks):
    """HOW TO PLAY step 4: on a C turn, 5 points to green for each park box holding green units blue did not attack;
    with `park_penalty` once, 5 in all, the cap a line of its own."""
    game = play(new_game({"park_penalty": option}),
                {"do": "place", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "grant-park-west"})
    if parks == 2:
        play(game, {"do": "move", "units": {"G1": 3}, "from": "grant-park-west", "to": "grant-park-east"})
    next_turn(next_turn(game))
    to_step(game, "blue-conflict")
    before, event = applied(game, END, "park-penalty")
    expected = 5 * parks if option == "each" else 5
    assert points_of(event.data[ITEMS]) == expected == event.data["points"]
    assert event.data["ei"][DEMONSTRATORS] - before.scores[DEMONSTRATORS] == expected
    assert [entry["value"] for entry in event.data[ITEMS] if "green not attacked" in entry["line"]] == [5] * parks
    assert {entry["section"] for entry in event.data[ITEMS]} == {STEP_4}
    shown(game, event)


def test_cpd_minimum_1_the_boxes_short_at_the_end_of_step_3_each_a_line():
    """CPD MINIMUM 1: "always three platoons in that box at the end of step three": south-loop left with two."""
    game = to_step(new_game(), "blue-move")
    play(game, {"do": "move", "units": ["P3-10"], "to": "south-loop", "minimum": False})
    held = sum(u.node == "south-loop" and u.attrs["minimum"] for u in game.state.units.values())
    _, event = applied(game, END, "game-ended")
    assert event.data[ITEMS] == [{"line": "south-loop minimum box", "value": f"{held} of 3 platoons",
                                  "section": "CPD MINIMUM 1"}]
    assert held == 2 and points_of(event.data[ITEMS]) == 0
    shown(game, event)


# --- Attrition and multiplication -----------------------------------------------------------------------------------

def expected_losses(game: Game, before: GameState, c_turn: bool) -> set[tuple]:
    """Each box's losses read from the text: A and B turns, a third of the groups, "fractions don't count. If only
    two units are present one is lost, if only one is present it must go down one level" (DEMONSTRATOR ATTRITION AND
    MULTIPLICATION 1); C turns, every group outside the parks (HOW TO PLAY step 5); infiltrators, apart, "half
    their number (four groups lose two groups, seven groups lose three)", one alone down a level (INFILTRATION)."""
    parks = board.parks(game.ctx.scenario.board)
    boxes: dict[str, list] = {}
    for unit in before.units.values():
        if unit.side == DEMONSTRATORS and unit.node:
            boxes.setdefault(unit.node, []).append(unit.id in before.local["infiltrating"])
    found = set()
    for node, infiltrating in boxes.items():
        if c_turn and node not in parks:
            found.add((node, STEP_5, len(infiltrating), len(infiltrating)))
            continue
        rest, half = infiltrating.count(False), infiltrating.count(True)
        if rest and not c_turn:
            found.add((node, ATTRITION_1, rest, "down" if rest == 1 else 1 if rest == 2 else rest // 3))
        if half:
            found.add((node, "INFILTRATION", half, "down" if half == 1 else half // 2))
    return found


def read_losses(items: list[dict]) -> set[tuple]:
    """An attrition's lines as (box, section, groups counted, groups out or "down")."""
    found = set()
    for entry in items:
        node, said = entry["line"].split(", ", 1)
        groups = int(re.search(r"\d+", said).group())
        out = re.fullmatch(r"= (\d+) out", entry["value"])
        found.add((node, entry["section"], groups, int(out.group(1)) if out else entry["value"].split()[0]))
    return found


def check_attrition(game: Game, before: GameState, event: Event) -> None:
    """The lines are the text's losses box by box, and the counters out of the game those lines take, with the
    lone groups that could go no lower (DEMONSTRATOR ATTRITION AND MULTIPLICATION 3; `counter_limit` off)."""
    lines = read_losses(event.data[ITEMS])
    assert lines == expected_losses(game, before, event.data["c_turn"])
    out, lowest = 0, 0
    for node, section, _, lost in lines:
        if lost != "down":
            out += lost
            continue
        alone, = [u for u in before.at(node, DEMONSTRATORS)
                  if (u.id in before.local["infiltrating"]) == (section == "INFILTRATION")]
        lowest += alone.attrs["level"] == 4
    assert sum(new is None for _, new in event.data["changes"]) == out + lowest


def test_attrition_1_box_by_box_and_the_infiltrators_half_apart():
    """DEMONSTRATOR ATTRITION AND MULTIPLICATION 1 and INFILTRATION: three level-1 groups infiltrate to
    north-michigan (a half, one, out), a level-3 group alone in old-town (down a level), five groups left in Lincoln
    Park (a third, one, out)."""
    game = play(new_game(), {"do": "move", "units": {"G1": 3}, "from": "lincoln-park",
                             "path": ["old-town", "gold-coast", "north-michigan"], "infiltrate": True},
                {"do": "move", "units": ["G3-01"], "to": "old-town"})
    to_step(game, "blue-conflict")
    before, event = applied(game, END, "attrition")
    check_attrition(game, before, event)
    assert read_losses(event.data[ITEMS]) == {("north-michigan", "INFILTRATION", 3, 1), ("old-town", ATTRITION_1, 1, "down"),
                                              ("lincoln-park", ATTRITION_1, 5, 1)}
    shown(game, event)


def test_step_5_on_a_c_turn_every_group_outside_the_parks_is_out():
    """HOW TO PLAY step 5: "If a C turn all groups not in parks are taken out of the game"; the parks lose nothing."""
    game = next_turn(next_turn(new_game()))
    play(game, {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"})
    to_step(game, "blue-conflict")
    before, event = applied(game, END, "attrition")
    check_attrition(game, before, event)
    assert read_losses(event.data[ITEMS]) == {("old-town", STEP_5, 3, 3)}
    shown(game, event)


def test_multiplication_2_each_park_times_its_number_and_the_counters_left():
    """DEMONSTRATOR ATTRITION AND MULTIPLICATION 2: at 26A Lincoln Park's groups times 4; "once you have all
    demonstrator units in the game you simply cannot add any more", a line of its own."""
    game = to_step(next_turn(next_turn(new_game())), "blue-conflict")
    there = len(game.state.at("lincoln-park", DEMONSTRATORS))  # 25C: the parks lose nothing at its end (step 5)
    _, event = applied(game, END, "multiplied")
    added = len(event.data["added"]["lincoln-park"])
    assert added == there * (4 - 1)
    assert event.data[ITEMS] == [{"line": f"lincoln-park, {there} groups ×4", "value": f"= {there * 4} groups, {added} added",
                                  "section": MULTIPLICATION_2}]
    shown(game, event)
    state = new_game().state.thawed()
    free = [u for u in state.units.values() if u.side == DEMONSTRATORS and u.status == "off-map"]
    for unit in free[:-2]:
        relocate(state, unit, "hyde-park")  # on the board: two counters are all that is left
    added_now, items = attrition.multiply(state, board.parks(scenario().board))
    assert [len(ids) for ids in added_now.values()] == [2]
    assert items[-1] == {"line": "lincoln-park, the demonstrator counters left", "value": "2 added",
                         "section": MULTIPLICATION_2}


# --- Whole games --------------------------------------------------------------------------------------------------

SCORING = {"conflict", "guard-in", "guard-out", "park-penalty"}


def check_game(seed: int, kinds: tuple[str, str], options: dict[str, str]) -> Counter:
    """Every event of a whole game against the state before it: each change of an index is itemized and its lines
    add up to it, each side's (a conflict's lines name the side they score for; the Guard's and the parks' points
    are green's); a conflict's points and strengths are those of the tables and counters; attrition as the text."""
    game = play_whole("chicago/chicago-1968", options, seed, *kinds, keep_events=True).game
    state = game.rules.initial(game.ctx).thawed()
    seen: Counter = Counter()
    for event in game.events:
        before = state.thawed()
        game.rules.evolve(game.ctx, state, event)
        delta = {side: state.scores[side] - before.scores[side] for side in (POLICE, DEMONSTRATORS)}
        if any(delta.values()) or event.kind in SCORING:
            assert event.kind in SCORING and ITEMS in event.data, event
            for side in (POLICE, DEMONSTRATORS):
                said = points_of(event.data[ITEMS], side) if event.kind == "conflict" else (
                    points_of(event.data[ITEMS]) if side == DEMONSTRATORS else 0)
                assert said == delta[side], (event, delta)
        if event.kind == "conflict":
            assert expected_points(game, before, event.data) == delta
            check_strengths(before, event.data)
        if event.kind == "attrition" and options.get("counter_limit", "off") == "off":
            check_attrition(game, before, event)
        seen[event.kind] += bool(event.data.get(ITEMS))
        seen["forced"] += event.kind == "conflict" and bool(event.data["forced"])
        seen["capped"] += event.kind == "conflict" and event.data["ratio"] != event.data["column"]
    return seen


def test_whole_games_reach_every_itemized_event():
    """Random and simple players over a few games: conflicts (some at police odds above 4:1, HOW TO RESOLVE
    CONFLICT 8), the Guard in, the parks' 5, attrition and multiplication, each itemized and adding up."""
    seen: Counter = Counter()
    for index, kinds in enumerate(KINDS * 2):
        seen += check_game(index, kinds, {"park_penalty": "each"} if index % 2 else {})
    assert all(seen[kind] for kind in ("conflict", "capped", "guard-in", "park-penalty", "attrition", "multiplied")), seen


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), kinds=st.sampled_from(KINDS),
       options=st.fixed_dictionaries({"park_penalty": st.sampled_from(["once", "each"]),
                                      "counter_limit": st.sampled_from(["off", "on"])}))
def test_any_game_itemizes_every_change_of_an_index_and_the_lines_add_up(seed, kinds, options):
    """EXPOSURE INDEX: "when your side gains points, it moves up"; every move of it is the sum of its lines."""
    check_game(seed, kinds, options)


# --- Through the command line -------------------------------------------------------------------------------------

def test_log_and_log_json_show_a_conflicts_lines(cli, tmp_path):
    """`referee log` ends the conflict's line with its itemization; `log --json` carries it as `items`, whose points
    add up to the event's, side by side, those the tables give (HOW TO RESOLVE CONFLICT 5, 7)."""
    path = tmp_path / "c.db"
    assert cli("new", "chicago/chicago-1968", "--db", path, "--seed", 7, "--predictable").code == 0
    fight = {"do": "conflict", "box": "old-town", "dice": [4, 4]}
    commands = [{"do": "place", "units": ["Tac-1"], "to": "old-town"},
                {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"}, END, fight]
    assert cli("apply", path, stdin="".join(json.dumps(c) + "\n" for c in commands)).code == 0
    records = [json.loads(line) for line in cli("log", path, "--json").out.splitlines()]
    fought = next(record for record in records if record["kind"] == "conflict")
    items = fought["data"][ITEMS]
    assert all(set(entry) == {"line", "value", "section"} for entry in items)
    game = tac_in_old_town()
    before, event = applied(game, fight, "conflict")
    expected = expected_points(game, before, event.data)
    assert {side: points_of(items, side) for side in (POLICE, DEMONSTRATORS)} == expected == fought["data"]["points"]
    text = next(line for line in cli("log", path).out.splitlines() if "Conflict in Old Town" in line)
    assert text.endswith(in_place_names(told(items), game.ctx) + " [dice 4* 4*]")
