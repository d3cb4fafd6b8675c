"""What every session's screen shares: filing a report for a player, in N30 and in a Wallman riot."""

from __future__ import annotations

import pytest

from referee.knowledge.build import player_view
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill
from tests.tui_support import drive, make_session, press, settle


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


@pytest.mark.parametrize("scenario, table", [("bos/battle-of-seattle", "#bos-areas"), ("chicago/chicago-1968", "#chicago-boxes")])
def test_a_burst_of_keys_in_the_table_leaves_the_selection_on_the_cursor_s_row_and_still(tmp_path, scenario, table):
    """Quick keys leave the rows passed over to be announced once the cursor has left them; those late messages
    select the row the cursor is on and never move the cursor back (two such moved it back and forth for ever)."""
    path = make_session(tmp_path, scenario)

    async def script(pilot, app):
        screen, rows = app.screen, app.screen.query_one(table)
        nodes = list(screen.game.ctx.scenario.board.nodes)
        rows.pick(nodes[5])
        await settle(pilot)
        for node in (nodes[1], nodes[3], nodes[2]):  # what a burst leaves behind: rows the cursor already left
            rows.post_message(rows.PICKED(node, in_table=True))
        seen = []
        for _ in range(6):
            await settle(pilot)
            await pilot.pause()
            seen.append((screen.area, rows.current()))
        return nodes[5], seen

    cursor, seen = drive(path, script)
    assert seen == [(cursor, cursor)] * 6


def test_a_chicago_move_form_moves_from_the_box_it_names_whatever_is_selected_meanwhile(tmp_path):
    """HOW TO MOVE UNITS: the form opened on Lincoln Park moves from Lincoln Park, though another box is selected
    (on the map) while it is open."""
    from referee.rulesets.chicago.rules.forces import kind
    from referee.rulesets.chicago.tui.widgets import BoxPicked
    from referee.session import Session

    path = make_session(tmp_path, "chicago/chicago-1968", seed=3)

    def kinds(box: str) -> list[str]:
        return sorted(kind(unit) for unit in Session.open(path).game.state.at(box, "demonstrators"))

    park, town = kinds("lincoln-park"), kinds("old-town")

    async def script(pilot, app):
        screen = app.screen
        screen.query_one("#chicago-boxes").pick("lincoln-park")
        await settle(pilot)
        await press(pilot, "m")
        title = str(app.screen.query_one(".title").render())
        screen.post_message(BoxPicked("loop"))
        await settle(pilot)
        selected = screen.area
        await fill(pilot, app, **{**dict.fromkeys(park, 0), "G1": 1, "to": "old-town"})
        return title, selected

    title, selected = drive(path, script)
    assert "Lincoln Park" in title and selected == "loop"
    park.remove("G1")
    assert (kinds("lincoln-park"), kinds("old-town")) == (park, sorted([*town, "G1"]))


def test_a_tick_box_looks_ticked_or_not_without_colour():
    """A form's tick boxes, alone and in a list, read ✓ when ticked and blank when not, in the text itself."""
    import asyncio

    from textual.app import App

    from referee.tui.widgets.ticks import TICKED, UNTICKED, Tick, Ticks
    from tests.tui_support import screen_lines

    class Boxes(App):
        def compose(self):
            yield Tick("yes", False, id="one")
            yield Ticks(("first", "a", True), ("second", "b", False), id="many")

    async def main():
        app = Boxes()
        async with app.run_test(size=(40, 8)) as pilot:
            before = screen_lines(app)
            app.query_one("#one", Tick).value = True
            app.query_one("#many", Ticks).toggle_all()
            await pilot.pause()
            return before, screen_lines(app)

    before, after = asyncio.run(main())

    def boxes(lines: list[str]) -> list[str]:
        return [line[line.index("▐") + 1] for line in lines if "▐" in line]

    assert boxes(before) == [UNTICKED, TICKED, UNTICKED]
    assert boxes(after) == [TICKED, UNTICKED, TICKED]


def _until_weighty(path, kind: str) -> list[str]:
    """End phases on the session until the next end-phase would bring an event of `kind`; that event's line."""
    from referee.session import Session

    session = Session.open(path)
    try:
        while not [e for e in session.game.preview({"do": "end-phase"}) if e.kind == kind]:
            session.apply({"do": "end-phase"})
        return [session.game.narrate(e) for e in session.game.preview({"do": "end-phase"}) if e.kind == kind]
    finally:
        session.close()


@pytest.mark.parametrize("scenario, kind, title", [
    ("chicago/chicago-1968", "park-penalty", "This costs a side dearly"),  # HOW TO PLAY step 4
    ("bos/battle-of-seattle", "game-ended", "This ends the game"),  # 8.0
])
def test_a_command_that_ends_the_game_or_costs_a_side_dearly_asks_first_and_says_why(tmp_path, scenario, kind, title):
    """Nothing decided by accident: the end-phase is shown with what makes it weighty at the top; Escape leaves
    the session as it was, and the same key confirmed applies it."""
    if kind == "game-ended":
        from referee.simulate import play_game

        _, commands = play_game(scenario, {}, 3)
        path = make_session(tmp_path, scenario, tuple(commands[:-1]), seed=3)
        assert commands[-1] == {"do": "end-phase"}
    else:
        path = make_session(tmp_path, scenario, seed=3)
    (line,) = _until_weighty(path, kind)
    before = len(log_kinds(path))

    async def script(pilot, app):
        await press(pilot, "e")
        form = app.screen
        shown = (str(form.query_one(".title").render()), str(form.query_one(".form-note").render()))
        await press(pilot, "escape")
        cancelled = len(log_kinds(path))
        await press(pilot, "e", "ctrl+s")
        return shown, cancelled

    (shown_title, note), cancelled = drive(path, script)
    assert shown_title == f"{title}: confirm" and note.startswith(line)
    assert cancelled == before and kind in log_kinds(path)[before:]


def test_a_weighty_command_s_confirmation_shows_its_lines_as_lines_each_once(tmp_path):
    """HOW TO PLAY step 4: the park penalty on a line of its own at the top, then the rest of what ending the step
    does; no line escaped into `\\x0a`, none said twice."""
    from referee.session import Session

    path = make_session(tmp_path, "chicago/chicago-1968", seed=3)
    (line,) = _until_weighty(path, "park-penalty")
    session = Session.open(path)
    said = [session.game.narrate(event) for event in session.game.preview({"do": "end-phase"})]
    session.close()

    async def script(pilot, app):
        await press(pilot, "e")
        return str(app.screen.query_one(".form-note").render())

    note = drive(path, script)
    assert note.split("\n")[0] == line and "\\x0a" not in note
    assert len(said) > 1 and all(note.count(each) == 1 for each in said)


def test_apply_says_on_stderr_what_cost_a_side_dearly(tmp_path, capsys):
    """HOW TO PLAY step 4: blue leaving a park holding green alone on a C turn costs 5 points; `apply` says it."""
    from referee.cli import main

    path = make_session(tmp_path, "chicago/chicago-1968", seed=3)
    (line,) = _until_weighty(path, "park-penalty")
    (tmp_path / "c.jsonl").write_text('{"do": "end-phase"}\n')
    assert main(["apply", str(path), str(tmp_path / "c.jsonl")]) == 0
    assert f"line 1: {line}" in capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("scenario, player, delay", [("chicago/chicago-1968", "police", 2),
                                                     ("n30/close-the-ring", "police", 20)])
def test_a_report_s_delay_is_asked_in_the_game_s_own_time(tmp_path, scenario, player, delay):
    """A game whose text names its turns (Chicago-Chicago's 25A, 25B...) is given a report's delay in turns, one timed
    by the clock (N30, 10 minutes a turn) in minutes: 2 turns, or 20 minutes, from the first turn reach the player
    on the third, not the second."""
    from referee.session import Session

    path = make_session(tmp_path, scenario)

    async def script(pilot, app):
        await press(pilot, "R")
        label = [str(widget.render()) for widget in app.screen.query(".form-label")][2]
        await fill(pilot, app, player=player, text="Drums in the park", delay=delay, reliability="probable")
        return label

    label = drive(path, script)
    session = Session.open(path)
    try:
        assert label == ("Delay (turns)" if session.game.ctx.scenario.clock.names else "Delay (minutes)")
        seen = {}
        while session.game.state.turn < 3:
            seen[session.game.state.turn] = [r.text for r in player_view(path, player).reports]
            session.apply({"do": "end-phase"})
    finally:
        session.close()
    assert seen == {1: [], 2: []} and [r.text for r in player_view(path, player).reports] == ["Drums in the park"]


def test_a_table_filled_again_is_as_wide_as_its_rows_now_need():
    """A long cell once (three crowds in one place) must not keep the column wide, hiding the columns after it."""
    import asyncio

    from textual.app import App
    from textual.widgets import DataTable

    from referee.tui.widgets.emptied import emptied

    class Table(App):
        def compose(self):
            yield DataTable()

    async def main():
        app = Table()
        async with app.run_test(size=(80, 10)) as pilot:
            table = app.query_one(DataTable)
            table.add_columns("Place", "Crowds", "Security forces")
            table.add_row("Market Square", "Town Hall protest 7, Town Hall stragglers 8, Precinct crowd 6", "Foot Patrol")
            await pilot.pause()
            wide = [column.content_width for column in table.columns.values()]
            emptied(table)
            table.add_row("Market Square", "Precinct crowd 6", "Foot Patrol")
            await pilot.pause()
            return wide, [column.content_width for column in table.columns.values()]

    wide, narrow = asyncio.run(main())
    assert narrow[1] == len("Precinct crowd 6") < wide[1] and narrow[2] == len("Security forces")


def test_a_narrow_table_s_columns_share_its_width_none_under_its_heading():
    from referee.tui.widgets.fitting import shares

    needs, words, headings = [16, 21, 47, 20, 4], [9, 8, 9, 9, 4], [5, 6, 8, 6, 4]
    assert shares(needs, words, headings, 200) == needs
    narrow = shares(needs, words, headings, 36)
    assert sum(narrow) == 36 and all(width >= heading for width, heading in zip(narrow, headings, strict=True))
    assert shares(needs, words, headings, 60) == [14, 13, 15, 14, 4]  # each its longest word, and 21 shared evenly
    assert shares(needs, words, headings, 20) == headings  # too narrow even for them: the headings whole all the same
