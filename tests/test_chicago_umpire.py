"""The Chicago-Chicago umpire's page (`referee state`) and BREAKING DOWN AND BUILDING UP UNITS 1: the counters of a
box read built up, three of a kind to a company, crowd or battalion."""

from __future__ import annotations

import pytest

from referee.rulesets.chicago.rules.sizes import built_up
from tests.tui_support import make_session

GREEN_IN = {"do": "move", "units": {"G1": 3, "G3": 5}, "from": "lincoln-park", "to": "old-town", "infiltrate": True}


@pytest.mark.parametrize("kind, n, read", [
    ("P1", 4, "1 company + 1 platoon"), ("G3", 6, "2 crowds"), ("G4", 1, "1 group"), ("P2", 3, "1 company"),
    ("P3", 6, "2 companies"), ("NG", 7, "2 battalions + 1 company"), ("NG", 2, "2 companies"),
    ("Tac", 4, "4 platoons"),  # TAC UNITS: no Tac companies
])
def test_breaking_down_and_building_up_1_three_of_a_kind_make_a_company_or_crowd(kind, n, read):
    assert built_up(kind, n) == read


def test_the_umpires_page_gives_the_step_the_indices_and_every_box_built_up(cli, tmp_path):
    """HOW TO PLAY (the Time Record, the step), the codes (HOW TO RESOLVE CONFLICT 5), the parks' multipliers,
    the minimum boxes with their platoons and their release (CPD MINIMUM 3), the groups infiltrating."""
    path = make_session(tmp_path, "chicago/chicago-1968", (GREEN_IN,), seed=3)
    run = cli("state", path)
    lines = run.out.splitlines()
    assert run.code == 0
    assert lines[1] == "25A (turn 1/12), step 1 of 6: green moves"
    assert lines[2] == "Exposure Index: demonstrators 0, police 0 (green lead +0)"
    at = lines.index("Lincoln Park P2/D1, park x4")
    assert lines[at + 1] == "    green (demonstrators): G3: 1 group"
    at = lines.index("Old Town P2/D2, CPD MINIMUM CONDITIONAL released 3/3")
    assert lines[at + 1: at + 4] == ["    green (demonstrators): G1: 1 crowd; G3: 1 crowd + 2 groups",
                                     "    in the minimum box: P3: 1 company", "    infiltrating: 3 G1, 5 G3"]
    assert "The Loop P4/D3, CPD MINIMUM 3/3" in lines and "    blue (police): P1: 1 company; Tac: 2 platoons" in lines
    assert "Off the board, police: P1: 5 companies + 1 platoon; P2: 9 companies + 1 platoon; P3: 2 companies; " \
           "NG: 4 battalions" in lines
