"""A scenario's tunables set for a live session (`referee new --set NAME=VALUE`, as `simulate` takes them: Battle of
Seattle's Exposure Values (2.2), Chicago-Chicago's table cells): the rules read the values set, the session keeps
them in the scenario's data it stores (so it reopens and verifies with them), and the review says which values were
set and what the files print; `simulate --save` keeps a tuned game likewise."""

from __future__ import annotations

import subprocess
import sys

from referee.scenario.catalog import load
from referee.session import Session

BOS = "bos/battle-of-seattle"


def referee(*args: object, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True, cwd=cwd)


def test_2_2_an_exposure_value_set_at_new_is_the_one_the_rules_read_and_the_review_says(tmp_path):
    printed = load(BOS).tunables["ev_convention_centre"].value
    chosen = printed + 3
    made = referee("new", BOS, "--set", f"ev_convention_centre={chosen}", "--set", "fog=on", "--db", tmp_path / "s.db")
    assert made.returncode == 0, made.stderr
    with Session.open(tmp_path / "s.db") as session:
        scenario = session.game.ctx.scenario
        assert scenario.board.nodes["convention-centre"].value == chosen  # the map the rules score with (2.2)
        assert scenario.tuned == {"ev_convention_centre": {"value": chosen, "printed": printed}}
        assert session.game.ctx.options["fog"] == "on"
    assert referee("verify", tmp_path / "s.db").returncode == 0
    review = referee("review", tmp_path / "s.db", "--out", tmp_path / "r.html")
    assert review.returncode == 0, review.stderr
    assert f"ev_convention_centre {chosen} (printed {printed})" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_a_value_set_as_printed_is_not_said_and_a_bad_one_makes_no_session(tmp_path):
    printed = load(BOS).tunables["ev_convention_centre"].value
    assert referee("new", BOS, "--set", f"ev_convention_centre={printed}", "--db", tmp_path / "same.db").returncode == 0
    with Session.open(tmp_path / "same.db") as session:
        assert session.game.ctx.scenario.tuned == {}
    bad = referee("new", BOS, "--set", "ev_convention_centre=many", "--db", tmp_path / "bad.db")
    assert bad.returncode == 2 and "ev_convention_centre is a whole number" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and not (tmp_path / "bad.db").exists()
    unknown = referee("new", BOS, "--set", "ev_nowhere=3", "--db", tmp_path / "bad.db")
    assert unknown.returncode == 2 and "referee scenarios --json" in unknown.stderr


def test_simulate_save_keeps_a_tuned_game_that_replays_exactly(tmp_path):
    """HOW TO RESOLVE CONFLICT 6-8: a table cell set for every game; the last one kept replays under `verify`."""
    cell = load("chicago/two-days").tunables["assault_3to1_die3"]
    chosen = "DD2" if cell.value != "DD2" else "PD2"
    saved = referee("simulate", "chicago/two-days", "--games", "2", "--seed", "4", "--set",
                    f"assault_3to1_die3={chosen}", "--save", tmp_path / "sim.db")
    assert saved.returncode == 0, saved.stderr
    verified = referee("verify", tmp_path / "sim.db")
    assert verified.returncode == 0 and "the rules give every command's events again" in verified.stdout
    with Session.open(tmp_path / "sim.db") as session:
        assert session.game.ctx.scenario.tuned == {"assault_3to1_die3": {"value": chosen, "printed": cell.value}}
