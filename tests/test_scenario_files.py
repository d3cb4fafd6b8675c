"""The shipped N30 scenario files against the rule text, and scenario errors that name the file and line."""

from __future__ import annotations

import re
import shutil
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from referee import rulesets
from referee.core.clock import format_time, parse_time
from referee.errors import RefereeError
from referee.paths import data_dir
from referee.scenario.catalog import load, scenario_files

SHIPPED = data_dir("scenarios")
BOARD = SHIPPED / "n30" / "board"
IDS = ["n30/lock-down-hold-fast", "n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets"]


def board_file(name: str) -> dict:
    return tomllib.loads((BOARD / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def n30():
    return load("n30/lock-down-hold-fast")


# --- every scenario loads ---------------------------------------------------------------------


def test_every_shipped_scenario_loads():
    files = scenario_files()
    assert set(IDS) <= set(files)
    for scenario_id in files:
        scenario = load(scenario_id)
        assert scenario.id == scenario_id
        assert scenario.players and scenario.options


# --- the map (1.3) ----------------------------------------------------------------------------


def test_the_map_has_sixty_intersections(n30):
    board = n30.board
    assert len(board.nodes) == 60
    assert len({(n.x, n.y) for n in board.nodes.values()}) == 60


def test_ninth_and_pine_is_out_of_play_and_unlinked(n30):
    board = n30.board
    assert board.nodes["9th & Pine"].in_play is False
    assert [n for n in board.nodes.values() if not n.in_play] == [board.nodes["9th & Pine"]]
    assert board.adjacency["9th & Pine"] == ()
    assert all("9th & Pine" not in (link.a, link.b) for link in board.links)
    assert all("9th & Pine" not in near for near in board.adjacency.values())


def test_eighth_avenue_tunnel(n30):
    assert n30.board.link_kind("8th & Pike", "8th & Union") == "tunnel"
    assert "8th & Union" in n30.board.adjacency["8th & Pike"]


def test_every_setup_node_exists_and_is_in_play(n30):
    nodes = n30.board.nodes
    setups = board_file("setups.toml")["setups"]
    assert set(setups) == {"7:40", "9:00", "11:00"}
    for key, setup in setups.items():
        for node in [*setup.get("units", {}), *setup.get("markers", {})]:
            assert node in nodes, (key, node)
            assert nodes[node].in_play, (key, node)


def test_targets_and_edges(n30):
    board = n30.board
    assert {t.kind for t in board.targets.values()} <= {"venue", "hotel", "entrance"}
    for target in board.targets.values():
        for node in target.access:
            assert node in board.nodes and board.nodes[node].in_play, (target.id, node)
    assert board.targets["secret-service"].reconstructed is True
    assert board.targets["secret-service"].kind == "entrance"
    assert "7th & Pike" in board.targets["convention-center"].access
    assert board.targets["westin"].access == ("5th & Olive",)
    assert board.targets["madison"].access == ("5th & Seneca",)
    assert set(board.edges) == {"north", "east", "south", "west"}
    for edge, members in board.edges.items():
        assert members, edge
        assert all(board.nodes[node].in_play for node in members), edge


# --- forces (13, 14) --------------------------------------------------------------------------

POLICE = {  # section 13: id -> (type, strength, movement)
    **{f"{n}/A": ("soft", 1, 1) for n in (6, 7, 8, 9)},
    **{f"{n}/B": ("hard", 2, 1) for n in (6, 7, 8, 9)},
    **{f"{n}/C": ("hard", 2, 1) for n in (6, 7, 8, 9)},
    **{f"{n}/D": ("soft", 1, 1) for n in (6, 7, 8, 9)},
    "CART/B": ("chemical", 0, 3), "CART/C": ("chemical", 0, 3), "CART/30": ("chemical", 0, 1),
    "MP-1": ("mounted", 1, 2), "MP-2": ("mounted", 1, 2),
    **{f"CC-{n}": ("soft", 1, 1) for n in (1, 2, 3, 4)},
    "11/10": ("soft", 1, 1), "12/10": ("soft", 1, 1),
    "31/30": ("hard", 2, 1), "32/30": ("hard", 2, 1),
    "WSP-1": ("soft", 1, 1), "WSP-2": ("soft", 1, 1), "POS": ("soft", 1, 1),
}

PROTESTERS = {  # section 14 (two-counter clusters split in two), and the unorganized clusters of 11
    "lockdown": {"Bananarchy", "Portland", "Sea Turtles (L)", "Arizona", "Flaming Dildos", "Superstars",
                 "Blue Green", "Cowborg", "Native Forest", "STARC", "Earth First", "Reclaiming", "Wobblies (L)"},
    "flying": {"(A) Action", "Dark Star", "Stewards", "Vancouver", "Wobblies (F)", "(A) Response", "East Bay"},
    "theater": {"Sea Turtles (T)", "Rad. Cheer.", "Inf. Noise Bde.", "Rap Wagon", "Art & Rev."},
    "demonstration": {"Environment 1", "Environment 2", "Social Justice 1", "Social Justice 2", "Free Tibet",
                      "Democracy 1", "Democracy 2", "Human Rights 1", "Human Rights 2",
                      *(f"Ppls. Assembly {n}" for n in (1, 2, 3, 4))},
    "unorganized": {f"U{n}" for n in range(1, 48)},
}


def test_every_police_unit_of_section_13(n30):
    police = {uid: u for uid, u in n30.units.items() if u.side == "police"}
    assert set(police) == set(POLICE)
    for uid, (kind, strength, movement) in POLICE.items():
        unit = police[uid]
        assert (unit.type, unit.factors["strength"], unit.factors["movement"]) == (kind, strength, movement), uid
    assert {uid for uid, u in police.items() if u.attrs.get("armored")} == {"CART/B", "CART/C"}
    assert police["WSP-1"].name == police["WSP-2"].name == "WSP"


def test_every_protester_unit_of_section_14(n30):
    protesters = {uid: u for uid, u in n30.units.items() if u.side == "protesters"}
    expected = {uid: kind for kind, ids in PROTESTERS.items() for uid in ids}
    assert {uid: u.type for uid, u in protesters.items()} == expected
    assert all(u.factors["movement"] == 1 for u in protesters.values())
    assert protesters["Bananarchy"].name == "Bananarchy Movement"
    assert n30.types["radicalized"].side == "protesters"


def test_unit_types_of_1_6_and_1_7(n30):
    sides = {name: t.side for name, t in n30.types.items()}
    assert sides == {"soft": "police", "hard": "police", "mounted": "police", "chemical": "police",
                     "lockdown": "protesters", "flying": "protesters", "theater": "protesters",
                     "demonstration": "protesters", "unorganized": "protesters", "radicalized": "protesters"}


# --- setups (7, 9, 10) ------------------------------------------------------------------------


def _destroyed(scenario_id: str) -> Counter:
    scenario = load(scenario_id)
    assert scenario.setup.destroyed
    return Counter(scenario.units[uid].type for uid in scenario.setup.destroyed)


def test_the_9_00_and_11_00_setups_have_their_destroyed_units():
    assert _destroyed("n30/hold-the-line") == Counter(lockdown=1, flying=1, demonstration=1, unorganized=3)
    assert _destroyed("n30/reclaim-the-streets") == Counter(lockdown=4, flying=2, demonstration=3, unorganized=9)
    at_nine = set(load("n30/hold-the-line").setup.destroyed)
    assert at_nine <= set(load("n30/reclaim-the-streets").setup.destroyed)  # the destroyed stay destroyed
    assert load("n30/close-the-ring").setup.destroyed == ()


def test_setups_place_units_once_and_the_7_40_units_in_place(n30):
    setup = n30.setup
    placed = [uid for ids in setup.placement.values() for uid in ids]
    assert len(placed) == len(set(placed))
    assert setup.placement["9th & Pike"] == ("WSP-1", "6/A", "7/B", "8/B", "MP-2")
    assert setup.placement["4th & Olive"] == ("Bananarchy",)
    assert len(load("n30/reclaim-the-streets").setup.radicalized) == 4


# --- reinforcements (11) ----------------------------------------------------------------------


def test_the_reinforcement_schedule(n30):
    data = board_file("reinforcements.toml")
    assert data["random_edges"] == ["north", "east", "south", "west", "west", "west"]
    assert n30.random_edges == ("north", "east", "south", "west", "west", "west")
    groups = {(g["time"], g["edge"]): g["units"] for g in data["reinforcements"]}
    kinds = lambda ids: Counter(n30.units[uid].type for uid in ids)  # noqa: E731
    assert kinds(groups[("7:40", "west")]) == Counter(flying=4, lockdown=4, theater=2, demonstration=5, unorganized=15)
    assert kinds(groups[("7:50", "east")]) == Counter(flying=3, lockdown=3, theater=1, demonstration=4, unorganized=11)
    assert kinds(groups[("12:40", "south")]) == Counter(demonstration=4, unorganized=4)
    random_times = sorted((parse_time(t) for t, edge in groups if edge == "random"))
    expected = [parse_time("8:00") + 20 * i for i in range(15)] + [parse_time("13:00"), parse_time("13:20")]
    assert random_times == expected
    assert all(len(ids) == 1 and n30.units[ids[0]].type == "unorganized"
               for (t, edge), ids in groups.items() if edge == "random")
    assert groups[("9:10", "west")] == ["6/C", "7/C", "8/C", "9/C", "CART/C"]
    assert groups[("9:20", "west")] == ["6/D", "7/D", "8/D", "9/D"]
    assert groups[("10:30", "west")] == ["POS"]
    assert groups[("11:10", "west")] == ["11/10", "12/10"]
    # in Lock Down, Hold Fast every group arrives on the turn its time starts
    for arrival in n30.arrivals:
        assert 1 <= arrival.turn <= n30.clock.turns
        assert arrival.edge in ("random", *n30.board.edges)


# --- the four situations (1.2) ----------------------------------------------------------------


@pytest.mark.parametrize("scenario_id, start, end, turns, starting, target, setup", [
    ("n30/lock-down-hold-fast", "7:40", "1:40", 36, 0, 160, "7:40"),
    ("n30/close-the-ring", "7:40", "9:00", 8, 0, 50, "7:40"),
    ("n30/hold-the-line", "9:00", "11:00", 12, 55, 115, "9:00"),
    ("n30/reclaim-the-streets", "11:00", "1:40", 16, 120, 180, "11:00"),
])
def test_the_four_situations(scenario_id, start, end, turns, starting, target, setup):
    scenario = load(scenario_id)
    clock = scenario.clock
    assert (clock.label(1), clock.turns, clock.minutes) == (start, turns, 10)
    assert format_time(clock.starts(turns) + clock.minutes) == end
    assert scenario.starting["situation"] == starting
    assert scenario.target == target
    assert scenario.setup.time == parse_time(setup)
    assert scenario.options["starting"].default == "situation"


def test_reclaim_the_streets_has_two_readings_of_its_starting_success():
    scenario = load("n30/reclaim-the-streets")
    assert scenario.starting == {"situation": 120, "setup": 110}
    assert scenario.options["starting"].choices == ("situation", "setup")
    assert scenario.setup.success == 110
    assert scenario.option_values({"starting": "setup"})["starting"] == "setup"


def test_n30_options():
    options = load("n30/close-the-ring").options
    assert options["hidden"].choices == ("none", "weak", "strong")
    assert options["faction_friction"].choices == ("off", "on")
    assert options["crowd_mood"].choices == ("off", "on", "free")
    with pytest.raises(RefereeError, match="hidden"):
        load("n30/close-the-ring").option_values({"hidden": "total"})


# --- errors that name the file and the line ---------------------------------------------------


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A copy of the scenarios folder that the catalog reads instead; `copy.edit` breaks it."""
    root = tmp_path / "data"
    shutil.copytree(SHIPPED, root / "scenarios")
    installed = rulesets.plugins()
    monkeypatch.setattr(rulesets, "plugins", lambda: tuple(replace(p, scenarios=root / "scenarios" / p.id) for p in installed))

    class Copy:
        folder = root / "scenarios" / "n30"

        def edit(self, name: str, old: str, new: str) -> Path:
            path = self.folder / name
            text = path.read_text(encoding="utf-8")
            assert old in text, old
            path.write_text(text.replace(old, new, 1), encoding="utf-8")  # the first: 9:00 before 11:00
            return path

    yield Copy()


def error_at(scenario_id: str, path: Path, marker: str) -> str:
    """Loading fails with `<path>:<line>: ...` where that line of the file holds `marker`."""
    with pytest.raises(RefereeError) as caught:
        load(scenario_id)
    message = str(caught.value)
    assert "\n" not in message
    match = re.match(r"^(.+?):(\d+): ", message)
    assert match, message
    assert Path(match.group(1)).resolve() == path.resolve(), message
    assert message.startswith(f"{match.group(1)}:{match.group(2)}:")
    line = path.read_text(encoding="utf-8").splitlines()[int(match.group(2)) - 1]
    assert marker in line, (message, line)
    return message


LDHF, HTL, RTS = "n30/lock-down-hold-fast", "n30/hold-the-line", "n30/reclaim-the-streets"


@pytest.mark.parametrize("scenario_id, name, old, new, marker, words", [
    # TOML syntax errors
    (LDHF, "lock-down-hold-fast.toml", "turns = 36", "turns = 36 36", "turns = 36 36", []),
    (LDHF, "board/forces.toml", 'id = "MP-2"', 'id = "MP-2', 'id = "MP-2', []),
    (LDHF, "board/setups.toml", '[setups."7:40".markers]', '[setups."7:40".markers', "markers", []),
    # a unit with an unknown type
    (LDHF, "board/forces.toml", 'id = "MP-2"\ntype = "mounted"', 'id = "MP-2"\ntype = "horse"', "horse", ["horse"]),
    # a setup naming an unknown intersection, an out-of-play one, an unknown unit
    (LDHF, "board/setups.toml", '"8th & Seneca" = ["Superstars"]', '"8th & Senica" = ["Superstars"]', "Senica",
     ["8th & Senica"]),
    (HTL, "board/setups.toml", '"7th & Seneca" = ["STARC"]', '"7th & Senica" = ["STARC"]', "Senica", ["Senica"]),
    (HTL, "board/setups.toml", '"7th & Seneca" = ["STARC"]', '"9th & Pine" = ["STARC"]', "9th & Pine",
     ["out of play"]),
    (HTL, "board/setups.toml", '"Terry & Union" = ["barricade"]\n"6th & Pike" = ["barricade"]\n"6th & University"',
     '"Terry & Onion" = ["barricade"]\n"6th & Pike" = ["barricade"]\n"6th & University"', "Onion", ["Onion"]),
    (HTL, "board/setups.toml", '"9/A", "6/B", "32/30"]', '"9/A", "6/X", "32/30"]', "6/X", ["6/X"]),
    (RTS, "board/setups.toml", '"Stewards", "Vancouver",', '"Stewards", "Vancouverr",', "Vancouverr", ["Vancouverr"]),
    (RTS, "board/setups.toml", 'radicalized = ["U5", "U6", "U11", "U13"]',
     'radicalized = ["U5", "U6", "U11", "U12"]', "U12", ["U12"]),
    # links, edges and targets naming unknown nodes
    (LDHF, "board/map.toml", '{ a = "7th & Olive", b = "8th & Olive" }', '{ a = "7th & Olive", b = "8th & Oliv" }',
     "8th & Oliv\"", ["8th & Oliv"]),
    (LDHF, "board/map.toml", 'west = ["2nd & Olive"', 'west = ["1st & Olive"', "1st & Olive", ["1st & Olive"]),
    (LDHF, "board/map.toml", 'access = ["5th & Olive"]', 'access = ["5th & Olivia"]', "Olivia", ["Olivia"]),
    # unknown keys (extra fields)
    (LDHF, "board/forces.toml", 'id = "MP-2"\n', 'id = "MP-2"\ncolour = "bay"\n', "colour", ["colour"]),
    (LDHF, "board/map.toml", '{ id = "5th & Pine", x = 3, y = 1 },', '{ id = "5th & Pine", x = 3, y = 1, z = 2 },',
     "z = 2", ["z"]),
    (LDHF, "lock-down-hold-fast.toml", "turns = 36\n", "turns = 36\nrounds = 36\n", "rounds", ["rounds"]),
    (LDHF, "board/reinforcements.toml", 'time = "9:10"\n', 'time = "9:10"\nspeed = 2\n', "speed", ["speed"]),
    # wrong value types
    (LDHF, "board/forces.toml", 'movement = 3\narmored = true\nnote = "G-3: with armored car"\n\n# Charlie',
     'movement = "3"\narmored = true\nnote = "G-3: with armored car"\n\n# Charlie', 'movement = "3"', ["movement"]),
    (LDHF, "lock-down-hold-fast.toml", "turns = 36", 'turns = "36"', 'turns = "36"', ["turns"]),
    (LDHF, "board/map.toml", '{ id = "5th & Pine", x = 3, y = 1 },', '{ id = "5th & Pine", x = "3", y = 1 },',
     '"5th & Pine"', ["x"]),
    (LDHF, "board/map.toml", "reconstructed = true\nnote = \"\"\"", "reconstructed = \"yes\"\nnote = \"\"\"",
     "yes", ["reconstructed"]),
    # an option default not among its choices
    (LDHF, "lock-down-hold-fast.toml", 'default = "off"\nchoices = ["off", "on"]\nsection = "6.1"',
     'default = "maybe"\nchoices = ["off", "on"]\nsection = "6.1"', "maybe", ["maybe"]),
    # reinforcements
    (LDHF, "board/reinforcements.toml", 'edge = "south"', 'edge = "up"', "up", ["up"]),
    (LDHF, "board/reinforcements.toml", 'time = "13:20"', 'time = "1:20pm"', "1:20pm", ["1:20pm"]),
    (LDHF, "board/reinforcements.toml", '"west", "west", "west"]', '"west", "west", "wets"]', "wets", ["wets"]),
    # duplicates
    (LDHF, "board/forces.toml", '[[units]]\nid = "7/A"', '[[units]]\nid = "6/A"', 'id = "6/A"', ["6/A"]),
    (LDHF, "board/map.toml", '  { id = "9th & Olive", x = 7, y = 0 },\n',
     '  { id = "9th & Olive", x = 7, y = 0 },\n  { id = "9th & Olive", x = 7, y = 0 },\n', "9th & Olive", ["twice"]),
    # tunables (`referee simulate --sweep`) naming no file, no value, a value of no kind, an option's name
    (LDHF, "lock-down-hold-fast.toml", "[[players]]", '[tunables.x]\nfile = "bored"\nat = ["nodes"]\n\n[[players]]',
     'file = "bored"', ["no file 'bored'"]),
    (LDHF, "lock-down-hold-fast.toml", "[[players]]", '[tunables.x]\nfile = "board"\nat = ["nodes", "5th & Pyne", "x"]\n\n'
     '[[players]]', "5th & Pyne", ["nothing at nodes.5th & Pyne"]),
    (LDHF, "lock-down-hold-fast.toml", "[[players]]", '[tunables.x]\nfile = "board"\nat = ["nodes", 0, "features"]\n\n'
     '[[players]]', '"features"', ["not a word nor a whole number from -999 to 999"]),
    (LDHF, "lock-down-hold-fast.toml", "[[players]]", '[tunables.hidden]\nfile = "board"\nat = ["id"]\n\n[[players]]',
     "[tunables.hidden]", ["an option's name"]),
])
def test_errors_name_the_file_and_line(copy, scenario_id, name, old, new, marker, words):
    path = copy.edit(name, old, new)
    message = error_at(scenario_id, path, marker)
    for word in words:
        assert word in message


def test_a_file_edited_after_it_was_loaded_is_read_again_in_the_same_process(copy):
    """A long-running process (the dashboard's start screen, `referee serve`) sees a scenario file edited since."""
    assert load(LDHF).clock.turns == 36
    path = copy.edit("lock-down-hold-fast.toml", "turns = 36", "turns = 36 36")
    error_at(LDHF, path, "turns = 36 36")
    copy.edit("lock-down-hold-fast.toml", "turns = 36 36", "turns = 40")
    assert load(LDHF).clock.turns == 40


def test_a_tunable_whose_number_the_file_gives_out_of_bounds_is_refused(copy):
    """A tunable's number within -999..999, as on the command line: the file's own value is checked too."""
    copy.edit("board/map.toml", '{ id = "9th & Olive", x = 7, y = 0 }', '{ id = "9th & Olive", x = 7, y = 0, value = 1000 }')
    path = copy.edit("lock-down-hold-fast.toml", "[[players]]",
                     '[tunables.x]\nfile = "board"\nat = ["nodes", "9th & Olive", "value"]\n\n[[players]]')
    assert "not a word nor a whole number from -999 to 999: 1000" in error_at(LDHF, path, '"value"]')


def test_a_missing_board_file_is_one_line(copy):
    copy.edit("close-the-ring.toml", 'board = "board/map.toml"', 'board = "board/nomap.toml"')
    with pytest.raises(RefereeError, match="nomap.toml") as caught:
        load("n30/close-the-ring")
    assert "\n" not in str(caught.value)


def test_the_command_line_reports_a_broken_scenario_on_one_line(copy, cli):
    path = copy.edit("board/forces.toml", 'id = "MP-2"\ntype = "mounted"', 'id = "MP-2"\ntype = "horse"')
    for args in (["scenarios"], ["scenarios", "--json"], ["new", LDHF, "--db", copy.folder / "x.db"]):
        run = cli(*args)
        assert run.code == 2, run.out
        assert len(run.err.splitlines()) == 1 and "Traceback" not in run.err
        assert f"{path.name}:" in run.err and "horse" in run.err
    assert not (copy.folder / "x.db").exists()


def test_a_broken_scenario_hides_no_other(copy, cli):
    """`referee scenarios` leaves a scenario that does not load out of the list and says why on one line;
    every other scenario, of every ruleset, is still listed."""
    path = copy.edit("close-the-ring.toml", "turns = 8", 'turns = "eight"')
    run = cli("scenarios")
    assert run.code == 2 and len(run.err.splitlines()) == 1 and f"{path.name}:" in run.err
    listed = {line.split()[0] for line in run.out.splitlines()}
    assert "n30/close-the-ring" not in listed
    assert {"n30/hold-the-line", "n30/lock-down-hold-fast", "wallman/town-centre-riot"} <= listed
