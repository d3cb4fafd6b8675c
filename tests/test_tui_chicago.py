"""The dashboard on a Chicago-Chicago session, driven with Pilot: the box map, the boxes, the selected box, the
game's record, every umpire action's key and form, and the exact chances of a conflict before its roll."""

from __future__ import annotations

import pytest
from textual.widgets import Label

from referee.core.events import Event
from referee.rulesets.chicago.rules import tables
from referee.rulesets.chicago.rules.fighting import declared
from referee.rulesets.chicago.rules.odds import odds
from referee.rulesets.chicago.tui.actions import ACTIONS
from referee.rulesets.chicago.tui.screen import ChicagoScreen, odds_text
from referee.rulesets.chicago.tui.widgets import BoxesTable, BoxMap, BoxPanel, RecordPanel, abbreviated, ei_by_turn
from referee.tui.dialogs.form import CommandForm
from referee.tui.dialogs.help import HelpScreen
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill
from tests.tui_support import drive, log_text, make_session, press, screen_lines, settle

SCENARIO = "chicago/chicago-1968"
END = {"do": "end-phase"}
GREEN_IN = {"do": "move", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "old-town"}
# 72 against old-town's three minimum platoons: 12:1 read on the demonstrators' 6:1, die 1 on HARASS is DD3+, +2 green
# (D2), and a third of the nine groups, the level-3 G3-01 to G3-03, up to level 2
GREEN_LEADS = (GREEN_IN, END, {"do": "conflict", "box": "old-town", "dice": [1]}, END)
BLUE_IN = {"do": "move", "units": {"P1": 3, "Tac": 2}, "from": "loop", "to": "old-town"}
BLUE_CONFLICT = (*GREEN_LEADS, BLUE_IN, END)


def chicago(tmp_path, *commands):
    return make_session(tmp_path, SCENARIO, commands, seed=3)


def run_action(tmp_path, key: str, values: dict | None, commands=()) -> tuple[list[str], str]:
    """Open a session, press the action's key, fill its form (None: the key sends at once); the kinds of the
    events logged since, and the log panel's text."""
    path = chicago(tmp_path, *commands)
    before = len(log_kinds(path))

    async def script(pilot, app):
        await press(pilot, key)
        if values is not None:
            await fill(pilot, app, **values)
        return app.screen, log_text(app)

    screen, log = drive(path, script)
    assert isinstance(screen, ChicagoScreen)
    return log_kinds(path)[before:], log


def test_a_chicago_session_opens_on_its_boxes_record_and_time_record(tmp_path):
    """THE PLAYING BOARD and HOW TO SET UP THE GAME: the green crowds in Lincoln Park (x4), three platoons in
    each minimum box, both indices at 0, turn 25A step 1."""
    async def script(pilot, app):
        screen = app.screen
        return (screen, screen.query_one(BoxesTable).row_count, str(screen.query_one(BoxMap).render()),
                str(screen.query_one(RecordPanel).render()), str(screen.query_one(BoxPanel).render()),
                "\n".join(screen_lines(app)))

    screen, rows, drawn, record, box, shown = drive(chicago(tmp_path), script)
    assert isinstance(screen, ChicagoScreen) and rows == 21
    assert "Lincoln Park" in drawn and "×4●9" in drawn and "M3■5" in drawn  # the Loop: its minimum box, P1 and Tac
    assert "lincoln" not in drawn + shown + box  # the boxes as the sheets print them, never their ids
    assert "EI green 0  blue 0  lead +0" in record and "Time 25 ABC 26 ABC 27 ABC 28 ABC" in record
    assert "Step 1 of 6, green moves" in record and "Off board P1 16 P2 28 P3 6 NG 12" in record
    assert box == "Lincoln Park P2/D1, park x4\ngreen (demonstrators): G1: 1 crowd; G3: 2 crowds"
    assert "Lincoln Park       P2/D1  G1×3 G3×6" in shown


@pytest.mark.parametrize("key, values, commands, kinds", [
    ("e", None, (), ["play-begun", "phase-ended"]),
    ("m", {"to": "old-town"}, (), ["play-begun", "moved", "released"]),
    ("c", {}, (GREEN_IN, END), ["conflict"]),
    ("g", {"units": 2, "to": "loop"}, GREEN_LEADS, ["guard-in"]),
    ("o", {"units": ["NG-01"]}, (*GREEN_LEADS, {"do": "guard", "units": 1, "to": "loop"}), ["guard-out"]),
    ("p", {"to": "grant-park-west"}, (), ["placed"]),
    ("R", {"player": "police", "text": "The Mayor is on the line", "delay": 0}, (), ["report-filed"]),
])
def test_every_chicago_action_sends_its_command(tmp_path, key, values, commands, kinds):
    assert run_action(tmp_path, key, values, commands)[0] == kinds


def test_a_move_through_its_form_reaches_the_log_and_selects_where_it_went(tmp_path):
    """HOW TO MOVE UNITS: the crowds of Lincoln Park by kind and number; the form shows the move before it goes."""
    path = chicago(tmp_path)

    async def script(pilot, app):
        await press(pilot, "m")
        form = app.screen
        form.query_one("#field-G3").value = "3"
        form.query_one("#field-to").value = "old-town"
        await settle(pilot)
        shown = str(form.query_one("#form-live", Label).render())
        await fill(pilot, app)
        return shown, log_text(app), app.screen.area

    shown, log, area = drive(path, script)
    assert shown == "Play begins: the set-up is fixed; 3 G1, 3 G3 move Lincoln Park → Old Town (1 movement); " \
                    "Green comes near: the CONDITIONAL minimum boxes of Old Town, Lincoln Park West, River North may be left"
    assert "3 G1, 3 G3 move Lincoln Park → Old Town (1 movement)" in log and area == "old-town"


def test_the_conflict_form_shows_the_odds_of_odds_py_before_the_roll(tmp_path):
    """HOW TO RESOLVE CONFLICT 5-8: blue's 22 (three P1, two Tac) against the three level-3 groups (18) is 1:1; the
    form's chances are odds.py's for the table chosen, and the conflict goes to the log."""
    path = chicago(tmp_path, *BLUE_CONFLICT)
    command = {"do": "conflict", "box": "old-town", "table": "assault",
               "attack": ["P1-19", "P1-20", "P1-21", "Tac-3", "Tac-4"], "defend": ["G3-04", "G3-05", "G3-06"]}

    async def script(pilot, app):
        await press(pilot, "c")
        form = app.screen
        assert isinstance(form, CommandForm)
        below = str(form.query_one("#form-live", Label).render())
        form.query_one("#field-defend").deselect_all()
        for uid in reversed(command["defend"]):  # ticked last first: sent in the box's order all the same
            form.query_one("#field-defend").select(uid)
        form.query_one("#field-table").value = "assault"
        await settle(pilot)
        shown = str(form.query_one("#form-live", Label).render())
        game = app.session.game
        expected = str(odds_text(odds(declared(game.ctx, game.state, command)[3], tables.load()), "assault"))
        await fill(pilot, app)
        fought = next(e for e in reversed(app.session.game.events) if e.kind == "conflict")
        return below, shown, expected, log_text(app), fought.data["defend"]

    below, shown, expected, log, sent = drive(path, script)
    assert below == "HOW TO RESOLVE CONFLICT 6: no conflict below 1:1: 22:81 does not reach 81:81"
    assert shown == expected and shown.startswith("ASSAULT at 1:1 (22 against 18)\nRoll: DP2 2/6")
    assert "Conflict in Old Town: police 3 P1, 2 Tac (22) against 3 G3 (18), 1:1 on ASSAULT" in log
    assert sent == command["defend"]


def test_a_green_conflict_at_5_to_1_shows_the_forced_assault(tmp_path):
    """7: green at 5:1 or better on police forces an ASSAULT roll at 1:1; the form shows both rolls' chances."""
    tac = {"do": "move", "units": {"Tac": 1}, "from": "loop", "to": "old-town"}
    path = chicago(tmp_path, GREEN_IN, END, END, tac, END, END, END)  # 25B: one Tac in old-town with green

    async def script(pilot, app):
        await press(pilot, "c")
        return str(app.screen.query_one("#form-live", Label).render())

    shown = drive(path, script)
    assert shown.startswith("HARASS at 10:1 (54 against 5)")  # green attacks all blue outside the minimum box
    assert "\nForced assault, ASSAULT 1:1: DP2 2/6  DP3 1/6  DD2 1/6  DD3 1/6  PD2 1/6\n" in shown


def test_undo_takes_back_a_move(tmp_path):
    async def script(pilot, app):
        await press(pilot, "m")
        await fill(pilot, app, to="old-town")
        moved = app.session.game.state.units["G1-01"].node
        await press(pilot, "u")
        return moved, app.session.game.state.units["G1-01"].node

    assert drive(chicago(tmp_path), script) == ("old-town", "lincoln-park")


def test_the_footer_keys_are_the_actions_and_in_the_palette_and_help(tmp_path):
    """Every key the footer shows runs an action of the screen; the palette offers them by name."""
    async def script(pilot, app):
        names = [command.title for command in app.get_system_commands(app.screen)]
        footer = "\n".join(screen_lines(app)[-2:])
        await press(pilot, "question_mark")
        return names, footer, app.screen

    names, footer, helped = drive(chicago(tmp_path), script)
    assert {"End phase", "Undo", "Resolve conflict", "Print briefings", "Move units", "Bring in the Guard",
            "Take out the Guard", "Place units"} <= set(names)
    for action in ACTIONS:
        assert hasattr(ChicagoScreen, f"action_{action.run}"), action
        if action.footer:
            assert f"{action.key if len(action.key) == 1 else '?'} {action.label}" in footer
    assert isinstance(helped, HelpScreen)


def test_small_terminal_shows_the_boxes_table_and_the_record(tmp_path):
    """At 80x24 the map gives way to the table: every box still a keypress away."""
    async def script(pilot, app):
        return app.screen.query_one(BoxMap).display, "\n".join(screen_lines(app))

    shown, lines = drive(chicago(tmp_path), script, size=(80, 24))
    assert not shown and "Lincoln P   P2/D1  G1×3 G3×6" in lines and "EI green 0  blue 0" in lines  # names cut to 10


def test_a_click_on_the_map_selects_the_box(tmp_path):
    async def script(pilot, app):
        lines = str(app.screen.query_one(BoxMap).render()).splitlines()
        row = next(n for n, line in enumerate(lines) if "Bridgeport" in line)
        await pilot.click("#chicago-map", offset=(lines[row].index("Bridgeport") + 2, row))
        await settle(pilot)
        return app.screen.area, str(app.screen.query_one(BoxPanel).render()).splitlines()[0]

    assert drive(chicago(tmp_path), script) == ("bridgeport", "Bridgeport P3/D2, CPD MINIMUM 3/3")


def test_the_ei_history_has_a_column_a_turn():
    events = [Event("conflict", {"ei": {"police": 0, "demonstrators": 2}}), Event("turn-begun", {"turn": 2}),
              Event("guard-in", {"ei": {"police": 0, "demonstrators": 6}}), Event("turn-begun", {"turn": 3})]
    assert ei_by_turn(events) == [(1, 0, 2), (2, 0, 6), (3, 0, 6)]


@pytest.mark.parametrize("name, room, short", [
    ("The Loop", 8, "The Loop"), ("Grant Park West", 9, "Grant P W"), ("Grant Park West", 7, "Gra P W"),
    ("Lincoln Park West", 14, "Lincoln Park W"), ("Amphitheatre", 8, "Amphithe"),
])
def test_a_box_name_is_cut_to_its_room_on_the_map(name, room, short):
    assert abbreviated(name, room) == short


def test_view_as_player_hides_what_a_side_does_not_see_under_fog(tmp_path):
    """Option fog (RULINGS.md, "what the players know"): viewed as the demonstrators, gathered in Lincoln Park, the
    police at the Amphitheatre are not on the board; as the police and as the umpire they are."""
    path = make_session(tmp_path, SCENARIO, (), seed=3, fog="on")

    async def script(pilot, app):
        table = app.screen.query_one(BoxesTable)
        shown = []
        for _ in range(3):  # the umpire's truth, then each player in turn
            shown.append((app.screen.viewing, str(table.get_row("amphitheatre")[3])))
            assert ("VIEW AS" in "\n".join(screen_lines(app))) == (app.screen.viewing is not None)
            await press(pilot, "v")
        return shown

    shown = dict(drive(path, script))
    assert set(shown) == {None, "demonstrators", "police"}
    assert "P1" in shown[None] and "P1" in shown["police"]
    assert "P1" not in shown["demonstrators"]


def test_the_move_form_takes_a_minimum_box_platoons_only_when_asked(tmp_path):
    """CPD MINIMUM: in the police's step, the Loop selected, one P2 "from the minimum box" goes by id; the
    demonstrators' form offers no minimum box at all."""
    path = chicago(tmp_path, END, END)

    async def script(pilot, app):
        app.screen.query_one(BoxesTable).pick("loop")
        await settle(pilot)
        await press(pilot, "m")
        await fill(pilot, app, P2=1, P1=0, Tac=0, to="state-street", from_minimum=True)
        return [e.data for e in app.session.game.events if e.kind == "moved"][-1]

    moved = drive(path, script)
    assert moved["units"] == ["P2-16"] and moved["path"] == ["state-street"]

    async def green(pilot, app):
        await press(pilot, "m")
        return [f.id for f in app.screen.query("Checkbox")]

    assert drive(chicago(tmp_path / "g"), green) == ["field-infiltrate"]
