"""The review of a Chicago-Chicago session: both Exposure Indices and the demonstrators' lead over time, the biggest
swings explained in the game's words (a conflict won, HOW TO RESOLVE CONFLICT 5; the Guard brought in, NATIONAL
GUARD; a park left alone on a C turn, HOW TO PLAY step 4), what each player knew beside the truth, and the dice
audit."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from referee.review.gather import gather
from referee.review.report import context, write_review
from referee.session import Session

END = {"do": "end-phase"}


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """25A: the level-1 groups win at Old Town on a typed-in 4 (DD3 at 4:1, +2), the Guard comes in (+4); 25B and 25C pass,
    the police leaving Lincoln Park alone (+5 at the end of 25C); a report to the police."""
    path = tmp_path_factory.mktemp("chicago-review") / "c.db"
    session = Session.create(path, "chicago/chicago-1968", {}, 5)
    try:
        for command in ({"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "old-town"}, END,
                        {"do": "conflict", "box": "old-town", "dice": [4]}, END,
                        {"do": "guard", "units": 2, "to": "conrad-hilton"},
                        {"do": "report", "player": "police", "text": "Crowds gather in Lincoln Park", "delay": 0}):
            session.apply(command)
        while session.game.state.turn < 4:
            session.apply(END)
    finally:
        session.close()
    return path


def words(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", page, flags=re.S))))


def test_the_review_charts_both_indices_and_the_lead(played):
    ctx = context(gather(played))
    chart = ctx["chart"]
    assert sorted(line.name for line in chart.lines) == ["demonstrators", "lead", "police"]


def test_the_biggest_swings_are_told_in_the_games_words(played):
    """Turn 25A: +2 for the conflict won at Old Town and +4 for two Guard companies; 25C: +5 for the park."""
    ctx = context(gather(played))
    moves = {swing.turn: (swing.change, list(swing.reasons)) for swing in ctx["moves"]}
    change, reasons = moves[1]
    assert change == 6 and reasons == [
        "conflicts won in Old Town, the box's P or D number to the winner (HOW TO RESOLVE CONFLICT 5): +2",
        "the National Guard brought in (NATIONAL GUARD): +4"]
    assert moves[3] == (5, ["demonstrators in the parks left alone on a C turn (HOW TO PLAY, step 4): +5"])


def test_the_page_shows_the_tallies_the_knowledge_beside_the_truth_and_the_dice_audit(played, tmp_path):
    page = words(write_review(played, tmp_path / "r.html").read_text(encoding="utf-8"))
    assert "Conflicts 1" in page and "Times the National Guard was brought in 1" in page
    assert "C turns with a park left alone 1" in page and "Reports to players 1" in page
    assert "Not finished: turn 4 of 12. Were it to end now: The demonstrators win" in page
    assert "demonstrators 11, police 0" in page, "the most points by 28C win (HOW TO \"WIN\")"
    knew = page[page.index("What you knew and what was true"):]
    assert "P1-01 (in the CPD MINIMUM box)" in knew and "P1-01 (police, in the CPD MINIMUM box)" in knew
    audit = page[page.index("Dice audit"):]
    assert "1 dice were typed in at the table" in audit and "harass at 6:1 4 table" in audit
    assert "Too few rolls to judge: d6: 1 rolls, mean 4.00" in audit


def test_the_charts_axis_names_the_turns_as_the_game_does(played):
    """The turns are named 25A to 28C (TIME RECORD): the axis says so, not 1 to 12."""
    ctx = context(gather(played))
    labels = [" ".join(lines) for _, lines in ctx["chart"].x_ticks]
    clock = ctx["scenario"].clock
    assert labels[0] == "25A" and set(labels) <= {clock.label(turn) for turn in range(1, clock.turns + 1)}
