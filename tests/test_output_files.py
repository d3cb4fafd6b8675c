"""Files and listings made from a session show its text harmlessly: the brief listing keeps its three fields,
briefings and the review show control characters as escapes, and no CSV cell is a formula."""

from __future__ import annotations

import html

import pytest

from referee.briefing.environment import md_escape
from referee.text import printable
from tests.hostile import HOSTILE, new_session, report, tampered, unsafe


def rename_player(old: str, new: str):
    """A change to a scenario's data: the player `old` is called `new`."""

    def change(sources: dict) -> None:
        for player in sources["scenario"]["players"]:
            if player["id"] == old:
                player["id"] = new

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
