"""Files and listings made from a session show its text harmlessly: the brief listing keeps its three fields,
briefings and the review show control characters as escapes, and no CSV cell is a formula."""

from __future__ import annotations

import csv
import html
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.briefing.environment import md_escape
from referee.review.exports import cell
from referee.text import printable
from tests.hostile import (
    HOSTILE,
    hostile_text,
    new_session,
    report,
    split,
    tampered,
    unsafe,
)

NUMBER = re.compile(r"-?\d+(\.\d+)?")


def rename_player(old: str, new: str):
    """A change to a scenario's data: the player `old` is called `new` (in its teams too)."""

    def change(sources: dict) -> None:
        for player in sources["scenario"]["players"]:
            if player["id"] == old:
                player["id"] = new
        for option in sources["scenario"]["options"].values():
            for shared in option.get("seats", {}).values():
                if old in shared:
                    shared[new] = shared.pop(old)

    return change


def test_a_tab_in_a_player_id_does_not_break_the_brief_listing(cli, tmp_path):
    path = tampered(tmp_path / "s.db", rename_player("police", "po\tlice\x1b[2J"))
    run = cli("brief", path, "--all", "--format", "md", "--out", tmp_path / "sheets")
    assert run.code == 0, run.err
    rows = [line.split("\t") for line in run.lines]
    assert [len(row) for row in rows] == [3, 3] and unsafe(run.out, allowed="\t\n") == []
    assert rows[1][:2] == ["police", "po\\x09lice\\x1b[2J"]
    assert (tmp_path / "sheets" / "po\tlice\x1b[2J.md").is_file()


@pytest.mark.parametrize("fmt", ["html", "md"])
@pytest.mark.parametrize("text", HOSTILE[:8])
def test_a_briefing_shows_a_hostile_report_harmlessly(cli, tmp_path, fmt, text):
    path = new_session(tmp_path / "s.db")
    report(path, text)
    assert cli("brief", path, "--player", "police", "--format", fmt, "--out", tmp_path).code == 0
    sheet = (tmp_path / f"police.{fmt}").read_text(encoding="utf-8")
    assert unsafe(sheet) == []
    assert (html.escape(printable(text)) if fmt == "html" else printable(md_escape(text))) in sheet


def test_the_review_shows_hostile_text_harmlessly(cli, tmp_path):
    path = new_session(tmp_path / "s.db")
    for text in HOSTILE:
        report(path, text)
    assert cli("review", path, "--out", tmp_path / "review.html").code == 0
    page = (tmp_path / "review.html").read_text(encoding="utf-8")
    assert unsafe(page) == [] and html.escape(printable(HOSTILE[0])) in page


FORMULA = '=HYPERLINK("http://x","click")'


def test_no_csv_cell_of_an_export_is_a_formula(cli, tmp_path):
    path = new_session(tmp_path / "s.db", "wallman/town-centre-riot")
    split(path, FORMULA)
    report(path, "-1+2", player="brennan")
    assert cli("export", path, "--out", tmp_path / "csv").code == 0
    for table in ("events", "turns", "units"):
        text = (tmp_path / "csv" / f"{table}.csv").read_text(encoding="utf-8")
        with (tmp_path / "csv" / f"{table}.csv").open(newline="", encoding="utf-8") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert unsafe(text) == [] and not [c for c in cells if c.startswith(("=", "+", "@", "\t", "\r"))]
        assert not [c for c in cells if c.startswith("-") and not NUMBER.fullmatch(c)]
    units = (tmp_path / "csv" / "units.csv").read_text(encoding="utf-8")
    assert "'" + FORMULA.replace('"', '""') in units


@given(value=hostile_text | st.integers() | st.floats(allow_nan=False) | st.none())
def test_a_csv_cell_is_never_run_and_numbers_stay_numbers(value):
    shown = cell(value)
    if not isinstance(value, str):
        assert shown == value
    else:
        assert unsafe(shown, allowed="") == [] and not shown.startswith(("=", "+", "-", "@"))
        assert shown in (printable(value), "'" + printable(value))  # a text that starts with a quote keeps it
