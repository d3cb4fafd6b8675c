"""Chicago-Chicago's board, counter mix and tables: each test cites the heading of the rule text it reads; the
expected values are worked out from the text here, never read back from the code. The board and the tables are
reconstructed (the originals are lost): the tests hold them to what the text fixes."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.paths import data_dir
from referee.rulesets.chicago.rules import board, tables
from referee.rulesets.chicago.rules.units import COUNTER_MIX, TYPES, rank
from referee.scenario.catalog import load_board

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
    assert data["reconstructed"] is True and "DD3" in data["note"]


def test_harass_3_to_1_die_2_is_dd3():
    """6: "3:1 on the HARASS table with a 2 rolled would give you DD3"."""
    cell = TABLES["harass"].result(3, 2)
    assert (cell.code, cell.winner, cell.affected, cell.fraction) == ("DD3", "demonstrators", "demonstrators", 3)


def test_columns_run_from_1_to_1_to_4_to_1_and_odds_beyond_read_on_the_last():
    """6: no conflict below 1:1; 8: police attacks above 4:1 are 4:1."""
    for table in TABLES.values():
        assert table.columns == (1, 2, 3, 4) and len(table.rows) == 6
        assert table.result(9, 5) == table.result(4, 5)


def test_a_forced_assault_at_1_to_1_mostly_goes_the_demonstrators_way():
    """7: the forced assault "will often lose the game for the police right then and there"."""
    wins = [TABLES["assault"].result(1, die).winner for die in range(1, 7)]
    assert wins.count("demonstrators") >= 4


def test_the_demonstrators_win_more_often_than_the_police():
    """Designer's Notes: "heavily loaded in favour of the demonstrators"."""
    cells = [cell for table in TABLES.values() for row in table.rows for cell in row]
    assert sum(c.winner == "demonstrators" for c in cells) > sum(c.winner == "police" for c in cells)


ASSAULT = "[assault]\ncolumns = ['1:1']\nrows = [['-'], ['-'], ['-'], ['-'], ['-'], ['-']]\n"


@pytest.mark.parametrize("text, fault", [
    (ASSAULT + "[harass]\ncolumns = ['1:1']\nrows = [['DD3']]\n", "rows must be 6"),
    (ASSAULT + "[harass]\ncolumns = ['2:1']\nrows = [['DD3']]\n", "columns must run from 1:1"),
    (ASSAULT + "[harass]\ncolumns = ['1:1']\nrows = [['DX3'], ['-'], ['-'], ['-'], ['-'], ['-']]\n", "'DX3' is not a result"),
    (ASSAULT, "no [harass] table"),
    ("harass = 3 [", "cannot read"),
    ("odds = 3\n", "unknown key"),
])
def test_an_edited_table_with_a_fault_is_refused_naming_it(tmp_path: Path, text, fault):
    path = tmp_path / "tables.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RefereeError, match=fault.replace("[", r"\[")):
        tables.load(path)


def test_the_tables_are_read_again_when_the_file_changes(tmp_path):
    """HOW TO RESOLVE CONFLICT 6: the umpire may edit the reconstructed tables between conflicts; a changed file is
    read again, an unchanged one is not parsed twice."""
    path = tmp_path / "tables.toml"
    text = tables.FILE.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    first = tables.load(path)
    assert tables.load(path) is first
    path.write_text(text.replace('["PD3", "PD3", "PD3", "PD2"],  # 1', '["DD3", "PD3", "PD3", "PD2"],  # 1x'), encoding="utf-8")
    assert tables.load(path)["harass"].result(1, 1).code == "DD3"
