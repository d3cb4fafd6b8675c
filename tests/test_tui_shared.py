"""What every session's screen shares: filing a report for a player, in N30 and in a Wallman riot."""

from __future__ import annotations

import pytest

from referee.knowledge.build import player_view
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill
from tests.tui_support import drive, make_session, press


@pytest.mark.parametrize("scenario, player", [("n30/close-the-ring", "police"), ("wallman/town-centre-riot", "okafor")])
def test_a_report_filed_from_the_dashboard_reaches_that_player(tmp_path, scenario, player):
    path = make_session(tmp_path, scenario)

    async def script(pilot, app):
        await press(pilot, "R")
        await fill(pilot, app, player=player, text="Drums on Pine", delay=0, reliability="doubtful")

    drive(path, script)
    assert log_kinds(path)[-1] == "report-filed"
    (report,) = player_view(path, player).reports
    assert (report.text, report.reliability) == ("Drums on Pine", "doubtful")


def test_every_dialog_style_is_in_the_stylesheet_from_the_start(tmp_path):
    """No dialog's first opening makes Textual parse the whole stylesheet again (the first-open cost)."""
    from tests.test_tui import cursor_to

    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def script(pilot, app):
        before = set(app.stylesheet.source)
        await cursor_to(pilot, app, "6th & Seneca")
        await press(pilot, "a", "escape", "question_mark", "escape", "P", "escape", "R", "escape")
        return before, set(app.stylesheet.source)

    before, after = drive(path, script)
    assert any("Button.DEFAULT_CSS" in place for _, place in before)
    assert after == before
