"""Chicago-Chicago's board, counter mix and tables: each test cites the heading of the rule text it reads; the
expected values are worked out from the text here, never read back from the code. The board and the tables are
reconstructed (the originals are lost): the tests hold them to what the text fixes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.paths import data_dir
from referee.rulesets.chicago.rules import board, tables
from referee.rulesets.chicago.rules.units import COUNTER_MIX, TYPES, rank
from referee.scenario.catalog import load, load_board, tuned
from referee.scenario.toml_lines import FaultAt
from tests.test_scenario_files import copy as scenario_copy  # noqa: F401 - a fixture: a copy of the scenarios
from tests.test_scenario_files import error_at

SCENARIO = "chicago/chicago-1968"

BOARD = load_board(data_dir("scenarios") / "chicago" / "board" / "map.toml")
TABLES = tables.load()


# --- THE PLAYING BOARD -------------------------------------------------------------------------------------


def test_the_board_is_marked_reconstructed_with_its_reasons():
    assert BOARD.reconstructed and BOARD.id == "chicago/chicago-1968"
    assert "51 platoons" in BOARD.note and "Lincoln" in BOARD.note


def test_four_parks_lincoln_grant_east_grant_west_washington_multiplying_4_3_3_2():
    """HOW TO RESOLVE CONFLICT 4: "there are only four 'park' boxes, Lincoln, Grant East, Grant West, and
    Washington"; DEMONSTRATOR ATTRITION AND MULTIPLICATION 2: Lincoln x4, Grant x3, Washington x2."""
    assert board.parks(BOARD) == {"lincoln-park": 4, "grant-park-east": 3, "grant-park-west": 3, "washington-park": 2}


def test_every_box_has_one_code_and_the_parks_have_no_minimum_box():
    """HOW TO RESOLVE CONFLICT 5: "Under the name of each area box is a code (example- P4/D1)"."""
    codes = board.codes(BOARD)
    assert set(codes) == set(BOARD.nodes)
    assert not set(board.minimum(BOARD)) & set(board.parks(BOARD))


def test_51_platoons_three_to_a_minimum_box():
    """HOW TO SET UP THE GAME 4: "51 of these platoons must be placed in the boxes marked 'Minimum'"; CPD MINIMUM:
    "three platoons ... in each": 17 minimum boxes, MINIMUM and CONDITIONAL, one to a city box."""
    kinds = board.minimum(BOARD)
    assert len(kinds) * board.PLATOONS_IN_MINIMUM == 51
    assert set(kinds.values()) == {board.MINIMUM, board.CONDITIONAL}


def test_every_box_is_reached_and_lincoln_park_is_remote():
    """Designer's Notes: gather "in a remote and fairly 'safe' area (Lindon park is the best for this) and then
    move downtown": Lincoln Park is more than one move of a level-1 group (2 boxes) from the Loop and the Hilton."""
    assert BOARD.reachable(["lincoln-park"]) == set(BOARD.nodes)
    near = {"lincoln-park"}
    for _ in range(2):
        near |= {n for b in near for n in BOARD.adjacency[b]}
    assert not near & {"loop", "conrad-hilton", "grant-park-west", "amphitheatre"}


def test_grant_park_east_reaches_the_hilton_only_through_grant_park_west():
    assert "conrad-hilton" not in BOARD.adjacency["grant-park-east"]
    assert BOARD.adjacency["grant-park-east"] == ("grant-park-west",)


# --- THE PLAYING PIECES, HOW TO SET UP THE GAME ---------------------------------------------------------------


def test_the_counter_mix():
    """THE PLAYING PIECES: 40, 49 and 21 police platoons of levels 1-3, six Tac, twelve NG companies;
    20, 20, 25 and 34 groups of levels 1-4."""
    assert COUNTER_MIX == {("police", 1): 40, ("police", 2): 49, ("police", 3): 21, ("tac", 1): 6, ("guard", 1): 12,
                           ("demonstrator", 1): 20, ("demonstrator", 2): 20, ("demonstrator", 3): 25,
                           ("demonstrator", 4): 34}


def test_the_set_up_fits_the_counter_mix():
    """HOW TO SET UP THE GAME 3-4: 3 level-1 and 6 level-3 groups; 24, 21, 15 police platoons and six Tac."""
    for (kind, level), n in {("demonstrator", 1): 3, ("demonstrator", 3): 6, ("police", 1): 24, ("police", 2): 21,
                             ("police", 3): 15, ("tac", 1): 6}.items():
        assert n <= COUNTER_MIX[(kind, level)]
    assert 24 + 21 + 15 + 6 - 51 == 15  # placed in any box, not a minimum one


def test_lowest_first_order():
    """ATTRITION RULE: level 4 is the lowest; NG are higher than level 1 units; Tac above NG."""
    police = [rank(TYPES["police"], 3), rank(TYPES["police"], 2), rank(TYPES["police"], 1), rank(TYPES["guard"], 1),
              rank(TYPES["tac"], 1)]
    assert police == sorted(police) and len(set(police)) == 5
    groups = [rank(TYPES["demonstrator"], level) for level in (4, 3, 2, 1)]
    assert groups == sorted(groups) and len(set(groups)) == 4


# --- HOW TO RESOLVE CONFLICT 6-8: the tables ------------------------------------------------------------------


def test_the_tables_are_marked_reconstructed():
    import tomllib

    data = tomllib.loads(tables.FILE.read_text(encoding="utf-8"))
    assert data["reconstructed"] is True and "DD3" in data["note"] and "one third up one level" in data["note"]


def test_harass_3_to_1_die_2_is_dd3_whoever_attacks():
    """6: "3:1 on the HARASS table with a 2 rolled would give you DD3": the text does not say who attacks."""
    for side in ("police", "demonstrators"):
        cell = TABLES["harass"].result(side, 3, 2)
        assert (cell.code, cell.winner, cell.affected, cell.fraction, cell.up) == ("DD3", "demonstrators",
                                                                                 "demonstrators", 3, False)


def test_columns_from_1_to_1_the_polices_to_4_to_1_odds_beyond_read_on_the_last():
    """6: no conflict below 1:1; 8: police attacks above 4:1 are 4:1, the demonstrators' are not capped; only the
    police use ASSAULT. HARASS is one table: both sides' 1:1 column is the same."""
    assert {name: set(table.rows) for name, table in TABLES.items()} == {"harass": {"police", "demonstrators"},
                                                                         "assault": {"police"}}
    assert TABLES["harass"].columns("police") == TABLES["assault"].columns("police") == 4
    assert TABLES["harass"].columns("demonstrators") == 6
    for table in TABLES.values():
        for side, rows in table.rows.items():
            assert len(rows) == 6 and table.result(side, 9, 5) == table.result(side, table.columns(side), 5)
    assert [row[0] for row in TABLES["harass"].rows["police"]] == [row[0] for row in TABLES["harass"].rows["demonstrators"]]


def test_a_forced_assault_at_1_to_1_mostly_goes_the_demonstrators_way():
    """7: the forced assault "will often lose the game for the police right then and there"."""
    wins = [TABLES["assault"].result("police", 1, die).winner for die in range(1, 7)]
    assert wins.count("demonstrators") >= 4


def test_the_demonstrators_win_more_often_than_the_police():
    """Designer's Notes: "heavily loaded in favour of the demonstrators"."""
    cells = [cell for table in TABLES.values() for rows in table.rows.values() for row in rows for cell in row]
    assert sum(c.winner == "demonstrators" for c in cells) > sum(c.winner == "police" for c in cells)


def test_rule_of_thumb_c_the_demonstrators_highest_columns_raise_them():
    """BREAKING DOWN AND BUILDING UP UNITS 2 C speaks of an outcome "one third up one level": the tables hold such
    results where only the demonstrators read, at 5:1 and beyond (RULINGS.md)."""
    raising = {(side, column + 1) for name, table in TABLES.items() for side, rows in table.rows.items()
               for row in rows for column, cell in enumerate(row) if cell.up}
    assert raising and all(side == "demonstrators" and column >= 5 for side, column in raising)
    assert any(cell.code == "DD3+" for row in TABLES["harass"].rows["demonstrators"] for cell in row)


# --- HOW TO RESOLVE CONFLICT 6-8: a stronger attack never does worse ----------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([(name, side) for name in tables.NAMES for side in tables.READERS[name]]),
       st.integers(1, 6), st.integers(1, 12), st.integers(0, 12))
def test_6_8_every_table_side_and_die_a_higher_column_is_never_worse_for_the_attacker(used, die, odds, more):
    """HOW TO RESOLVE CONFLICT 6, 8: reading "the die roll across on the table to the appropriate odds", a stronger
    attack (higher odds, even beyond the last column) never gives its side a worse result: who scores first, then
    the levels."""
    name, side = used
    table = TABLES[name]
    assert tables.worth(table.result(side, odds + more, die), side) >= tables.worth(table.result(side, odds, die), side)


CELLS = st.sampled_from(["-", "PD3", "PD2", "DD3", "DD2", "DP3", "DP2", "PP3+", "DD3+"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(CELLS, min_size=3, max_size=3), min_size=6, max_size=6), st.sampled_from(tables.NAMES))
def test_6_a_table_is_refused_exactly_when_a_row_gets_worse_for_the_attacker(rows, name):
    """HOW TO RESOLVE CONFLICT 6: the check as a file is loaded refuses a table where, for some die roll and side
    attacking, a higher column is worse than a lower one, and takes every other."""
    data = {table: {side: {"columns": ["1:1", "2:1", "3:1"], "rows": rows if table == name else [["-"] * 3] * 6}
                    for side in tables.READERS[table]} for table in tables.NAMES}
    worse = any(tables.worth(tables.parse(b), side) < tables.worth(tables.parse(a), side)
                for side in tables.READERS[name] for row in rows for a, b in zip(row, row[1:], strict=False))
    if worse:
        with pytest.raises(FaultAt, match="never does worse"):
            tables.check(data)
    else:
        assert tables.check(data)[name].rows[tables.READERS[name][0]][0][0].code == rows[0][0]


def test_6_a_file_whose_row_gets_worse_is_refused_with_its_line(tmp_path):
    """HOW TO RESOLVE CONFLICT 6: a tables file edited so that a stronger attack does worse is refused as it is
    loaded, naming the file, the line and the cell, as scenario files are."""
    path = tmp_path / "tables.toml"
    text = tables.FILE.read_text(encoding="utf-8")
    path.write_text(text.replace('["PD3", "PD3", "PD3", "PD2"],  # 1', '["PD3", "PD3", "DD3", "PD2"],  # 1'),
                    encoding="utf-8")
    with pytest.raises(RefereeError) as caught:
        tables.load(path)
    line = text.splitlines().index('  ["PD3", "PD3", "PD3", "PD2"],  # 1') + 1
    assert str(caught.value).startswith(f"{path}:{line}: harass.police.rows.0.2: die 1: DD3 at 3:1 is worse for the "
                                        "police attacking than PD3 at 2:1")


def test_6_a_scenario_whose_tables_get_worse_is_refused_with_the_line(scenario_copy):  # noqa: F811 - the fixture
    """The same check when a scenario loads its tables (`referee scenarios`, `new`, `simulate`), and when a sweep
    sets a cell (HOW TO RESOLVE CONFLICT 6)."""
    with pytest.raises(RefereeError, match=r"with harass_4to1_die3=DP3: conflict_tables: harass\.police\.rows\.2\.3"):
        tuned(load(SCENARIO), {"harass_4to1_die3": "DP3"})
    scenario_copy.folder = scenario_copy.folder.parent / "chicago"
    path = scenario_copy.edit("board/tables.toml", '["DP3", "DD2", "PD2", "PD2"],  # 3', '["DP3", "DD2", "DD3", "PD2"],  # 3')
    assert "worse for the police attacking" in error_at(SCENARIO, path, '"DD3", "PD2"],  # 3')


ASSAULT = "[assault.police]\ncolumns = ['1:1']\nrows = [['-'], ['-'], ['-'], ['-'], ['-'], ['-']]\n"
HARASS = "[harass.demonstrators]\ncolumns = ['1:1']\nrows = [['-'], ['-'], ['-'], ['-'], ['-'], ['-']]\n"


@pytest.mark.parametrize("text, fault", [
    (ASSAULT + HARASS + "[harass.police]\ncolumns = ['1:1']\nrows = [['DD3']]\n", "rows must be 6"),
    (ASSAULT + HARASS + "[harass.police]\ncolumns = ['2:1']\nrows = [['DD3']]\n", "columns must run from 1:1"),
    (ASSAULT + HARASS + "[harass.police]\ncolumns = ['1:1']\nrows = [['DX3'], ['-'], ['-'], ['-'], ['-'], ['-']]\n",
     "'DX3' is not a result"),
    (ASSAULT + HARASS + "[harass.police]\ncolumns = ['1:1', '2:1', '3:1', '4:1', '5:1']\nrows = [['-', '-', '-', '-', "
     "'-']]\n", "the police's columns stop at 4:1"),
    (HARASS + "[assault.police]\ncolumns = ['1:1']\nrows = [['-']]\n[assault.demonstrators]\ncolumns = ['1:1']\n",
     "only the police use ASSAULT"),
    (ASSAULT, "no [harass] table"),
    ("harass = 3 [", "cannot read"),
    ("odds = 3\n", "unknown key"),
])
def test_an_edited_table_with_a_fault_is_refused_naming_it(tmp_path: Path, text, fault):
    path = tmp_path / "tables.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RefereeError, match=fault.replace("[", r"\[")):
        tables.load(path)


def test_a_session_stored_before_each_side_had_its_columns_plays_its_tables_as_they_were():
    """A session keeps the tables it began with: those stored before issue 27 (one grid for both sides, not
    monotone) are read as they were played, never refused."""
    old = {"harass": {"columns": ["1:1", "2:1"], "rows": [["DD3", "PD3"]] * 6},
           "assault": {"columns": ["1:1"], "rows": [["DP2"]] * 6}}
    read = tables.check(old, stored=True)
    assert read["harass"].result("demonstrators", 5, 1).code == "PD3" == read["harass"].result("police", 2, 1).code
    with pytest.raises(FaultAt):
        tables.check(old)


def test_the_tables_are_read_again_when_the_file_changes(tmp_path):
    """HOW TO RESOLVE CONFLICT 6: the umpire may edit the reconstructed tables between conflicts; a changed file is
    read again, an unchanged one is not parsed twice."""
    path = tmp_path / "tables.toml"
    text = tables.FILE.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    first = tables.load(path)
    assert tables.load(path) is first
    path.write_text(text.replace('["PD3", "PD3", "PD3", "PD2"],  # 1', '["DD3", "PD3", "PD3", "PD2"],  # 1x'), encoding="utf-8")
    assert tables.load(path)["harass"].result("police", 1, 1).code == "DD3"
