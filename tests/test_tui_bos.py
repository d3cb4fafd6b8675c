"""The dashboard on a Battle of Seattle session, driven with Pilot: the map, the areas, the game's record, and
every umpire action's key and form; refusals with their section; undo and redo."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Label

from referee.core.events import Event
from referee.rulesets.bos.tui.screen import SeattleScreen
from referee.rulesets.bos.tui.widgets import AreaMap, AreasTable, RecordPanel, ei_by_turn
from referee.tui.dialogs.form import CommandForm
from referee.tui.dialogs.help import HelpScreen
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill
from tests.tui_support import drive, log_text, make_session, press, screen_lines, settle

SCENARIO = "bos/battle-of-seattle"
MAYOR = {"do": "events", "dice": [6, 1]}  # 61: Mayor Denounces Protesters, +10 Authority EI
DECLINE = {"do": "reinforce", "take": {"group": 0, "crowd": 0, "spd": 0}}
END = {"do": "end-phase"}
PROTESTER_COMBAT = (MAYOR, DECLINE, END, END, END)  # Liberals 4 and SPD 1 share the Convention Centre (seed 3)


def seattle(tmp_path, *commands):
    return make_session(tmp_path, SCENARIO, commands, seed=3)


def run_action(tmp_path, key: str, values: dict | None, commands=()) -> list[str]:
    """Open a session, press the action's key, fill its form (None: the key sends at once); the kinds of the
    events logged since."""
    path = seattle(tmp_path, *commands)
    before = len(log_kinds(path))

    async def script(pilot, app):
        await press(pilot, key)
        if values is not None:
            await fill(pilot, app, **values)
        return app.screen

    assert isinstance(drive(path, script), SeattleScreen)
    return log_kinds(path)[before:]


def test_a_bos_session_opens_on_its_map_areas_and_record(tmp_path):
    async def script(pilot, app):
        screen = app.screen
        return (screen, screen.query_one(AreasTable).row_count, str(screen.query_one(AreaMap).render()),
                str(screen.query_one(RecordPanel).render()), "\n".join(screen_lines(app)))

    screen, rows, drawn, record, shown = drive(seattle(tmp_path), script)
    assert isinstance(screen, SeattleScreen) and rows == 16
    value = screen.session.game.ctx.scenario.board.nodes["convention-centre"].value  # its Exposure Value (2.2)
    assert "Convention" in drawn and f"[{value}]●1■1" in drawn  # the Convention Centre: its EV, a Crowd and SPD 1
    assert "convention" not in drawn + shown  # the places as the sheets print them, never their ids
    assert "Protester 0  Authority 30" in record and "Event not rolled yet" in record
    assert "Authority aside 14 SPD 4 NG 4 ST" in record
    assert f"Convention Centre [{value}]" in shown and "1 Lib / 1 SPD" in shown
    assert "Morning, 30 November  turn 1/8 events" in shown


@pytest.mark.parametrize("key, values, commands, kinds", [
    ("r", None, (), ["event-rolled"]),
    ("i", {"group": 0, "spd": 0}, (MAYOR,), ["reinforced"]),
    ("E", {"spd": 1}, (MAYOR, DECLINE), ["emergency-ordered", "ei-changed"]),
    ("l", {}, ({"do": "events", "dice": [5, 1]}, DECLINE), ["unit-lost"]),
    ("m", {"unit": "Labor 1", "to": "capitol-hill"}, (MAYOR, DECLINE, END), ["unit-moved"]),
    ("c", {}, PROTESTER_COMBAT, ["combat"]),
    ("e", None, (MAYOR, DECLINE), ["phase-ended"]),
    ("R", {"player": "authority", "text": "The Chief is on the line", "delay": 0}, (), ["report-filed"]),
])
def test_every_bos_action_sends_its_command(tmp_path, key, values, commands, kinds):
    assert run_action(tmp_path, key, values, commands) == kinds


def test_a_placed_unit_selects_its_area_for_the_next(tmp_path):
    """4.2: reinforcements are placed one by one; the area of the last is offered for the next."""
    path = seattle(tmp_path, MAYOR, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]})

    async def script(pilot, app):
        await press(pilot, "p")
        await fill(pilot, app, unit="Anarchists 1", to="waterfront")
        await press(pilot, "p")
        offered = app.screen.query_one("#field-to").value
        await fill(pilot, app)
        state = app.session.game.state
        return app.screen_stack[1].area, offered, state.units["Anarchists 1"].node, state.units["Anarchists 2"].node

    assert drive(path, script) == ("waterfront",) * 4


def test_a_move_takes_the_shortest_way_and_the_form_shows_it(tmp_path):
    """5.0: a Group moves up to three areas along the Transit Lines; the form shows the way before it goes."""
    path = seattle(tmp_path, MAYOR, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]},
                   {"do": "place", "unit": "Anarchists 1", "to": "international-district"}, END)

    async def script(pilot, app):
        await press(pilot, "m")
        form = app.screen
        form.query_one("#field-unit").value = "Anarchists 1"
        form.query_one("#field-to").value = "waterfront"
        await settle(pilot)
        shown = str(form.query_one("#form-live", Label).render())
        await fill(pilot, app)
        return shown, app.session.game.state.units["Anarchists 1"].node

    shown, node = drive(path, script)
    assert shown == "International District → Pioneer Square → Waterfront" and node == "waterfront"


def test_the_combat_form_shows_the_exact_chances_before_the_roll(tmp_path):
    """6.1, 6.3 and the CRT: Liberals 4 (CF 2, column 2-3) attack SPD 1 (CF 4, column 4-6 counterattacking); the
    Liberals pass a Morale Check on 1-2 (6.4), SPD 1 on 1-4. Without defenders the form says why not (6.1)."""
    path = seattle(tmp_path, *PROTESTER_COMBAT)

    async def script(pilot, app):
        await press(pilot, "c")
        form = app.screen
        assert isinstance(form, CommandForm)
        odds = str(form.query_one("#form-live", Label).render())
        form.query_one("#field-defenders").deselect_all()
        await settle(pilot)
        empty = str(form.query_one("#form-live", Label).render())
        return odds, empty

    odds, empty = drive(path, script)
    assert "Attack CF 2 (2-3): N 3/6  MC 2/6  A 1/6  X 0" in odds
    assert "Counterattack CF 4 (4-6): N 2/6  MC 2/6  A 2/6  X 0" in odds
    assert "Morale Check passed: Liberals 4 2/6, SPD 1 4/6" in odds
    assert empty.startswith("6.1: a combat needs defenders")


def test_a_refusal_shows_its_section_in_one_line(tmp_path):
    """7.3: no barricades at Stage One; 3.2: the phase ends once the event is rolled and reinforcements added."""
    path = seattle(tmp_path, MAYOR, DECLINE, END)

    async def script(pilot, app):
        await press(pilot, "b")
        await fill(pilot, app, unit="Labor 1")
        barricade = app.screen_stack[1].note
        await press(pilot, "escape", "u", "u", "u")  # the form opened again with the reason; back to the events phase
        await press(pilot, "e")
        lines = screen_lines(app)
        return barricade, app.screen.note, lines

    barricade, ended, lines = drive(path, script)
    assert barricade == "7.3: the Protester player may not build Barricades at Stage One escalation"
    assert ended.startswith("3.2: the random event is rolled")
    assert ended in " ".join(line.strip() for line in lines[:2])  # the status line, wrapped to the screen's width


def test_undo_and_redo_change_the_log_and_the_screen(tmp_path):
    path = seattle(tmp_path, MAYOR, DECLINE)

    async def script(pilot, app):
        await press(pilot, "e")
        ended = app.session.game.state.phase
        await press(pilot, "u")
        undone = app.session.game.state.phase, log_text(app)
        await press(pilot, "y")
        return ended, undone, app.session.game.state.phase, log_text(app)

    ended, (undone, undo_log), redone, redo_log = drive(path, script)
    assert (ended, undone, redone) == ("protester-movement", "events", "protester-movement")
    assert "(undone) 7 Undone: events phase ends; protester movement phase begins" in undo_log.replace("  ", " ")
    assert "8 Redone: events phase ends; protester movement phase begins" in redo_log


def test_the_keys_are_in_the_help_and_the_command_palette(tmp_path):
    async def script(pilot, app):
        names = [command.title for command in app.get_system_commands(app.screen)]
        await press(pilot, "question_mark")
        return names, app.screen

    names, helped = drive(seattle(tmp_path), script)
    assert {"Roll random event", "Reinforce", "Place unit", "Emergency reinforcements", "Lose unit", "Move unit",
            "Build barricade", "Combat", "Escalate", "End phase", "Undo", "Redo"} <= set(names)
    assert isinstance(helped, HelpScreen)


def test_the_ei_history_has_a_column_a_game_turn():
    events = [Event("turn-begun", {"turn": 1}), Event("ei-changed", {"protester": 4, "authority": 30}),
              Event("turn-begun", {"turn": 2}), Event("combat", {"ei": {"protester": 6, "authority": 28}})]
    assert ei_by_turn(events) == [(1, 4, 30), (2, 6, 28)]


def test_combat_goes_to_a_contested_area_when_the_selected_one_is_not(tmp_path):
    """6.1: combat is between units in the same area; with Paramount selected, the Convention Centre's."""
    path = seattle(tmp_path, *PROTESTER_COMBAT)

    async def script(pilot, app):
        await press(pilot, "down", "c")
        return app.screen_stack[1].area, app.screen.title_text

    assert drive(path, script) == ("paramount", "Combat in Convention Centre: the protester attacks (6.1)")


def test_a_click_on_the_map_selects_the_area(tmp_path):
    async def script(pilot, app):
        lines = str(app.screen.query_one(AreaMap).render()).splitlines()
        row = next(n for n, line in enumerate(lines) if "Paramount" in line)
        await pilot.click("#bos-map", offset=(lines[row].index("Paramount") + 2, row))
        await settle(pilot)
        table = app.screen.query_one(AreasTable)
        return app.screen.area, table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    assert drive(seattle(tmp_path), script) == ("paramount", "paramount")


def test_table_dice_are_asked_for_the_random_event(tmp_path):
    """4.1: the first die the tens, the second the ones; typed in, 6 then 1 is Mayor Denounces Protesters."""
    path = seattle(tmp_path)

    async def script(pilot, app):
        await press(pilot, "t", "r")
        await fill(pilot, app, dice="6 1")
        return app.session.game.state.local["roll"], str(app.screen.query_one(RecordPanel).render())

    roll, record = drive(path, script)
    assert roll == 61 and "Event 61 Mayor Denounces Protesters" in record and "Authority 40" in record


def test_the_record_shows_what_is_on_the_way_and_where_units_wait(tmp_path):
    """4.22: emergency reinforcements on the Turn Record track until they reach the Reserve Pool."""
    path = seattle(tmp_path, MAYOR, DECLINE, {"do": "emergency", "units": {"spd": 2}})

    async def script(pilot, app):
        state = app.session.game.state
        for uid in ("National Guard 1", "National Guard 2"):
            state.units[uid] = replace(state.units[uid], status="scheduled", attrs={"arrives": 3})
        app.screen.refresh_view()
        await settle(pilot)
        return str(app.screen.query_one(RecordPanel).render())

    record = drive(path, script)
    assert "On the way 2 NG turn 3" in record and "Reserve Pool 2 SPD" in record
    assert "Authority aside 12 SPD 2 NG 4 ST" in record


def test_the_reinforcement_form_asks_for_the_units_a_high_ei_removes(tmp_path):
    """4.21 and the EI Reinforcement Table: at Protester EI 101+ two Groups leave the map, his choice; at 0-20
    nothing is removed and the form asks for no unit."""
    path = seattle(tmp_path, MAYOR, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]},
                   {"do": "place", "unit": "Anarchists 1", "to": "waterfront"},
                   {"do": "place", "unit": "Anarchists 2", "to": "belltown"})

    async def script(pilot, app):
        await press(pilot, "i")
        low = app.screen.query("#field-remove")
        await press(pilot, "escape")
        app.session.game.state.scores = {"protester": 101, "authority": 30}  # the form reads the indices only
        await press(pilot, "i")
        form = app.screen
        choices = form.query_one("#field-remove")
        return len(low), form.note, [str(choices.get_option_at_index(n).prompt) for n in range(choices.option_count)]

    low, note, removable = drive(path, script)
    assert low == 0 and note.startswith("Protester EI 101: Groups -2, Crowds +2d6")
    assert sorted(removable) == ["Anarchists 1 (2-5-3, Waterfront)", "Anarchists 2 (2-5-3, Belltown)"]


def test_view_as_player_hides_what_a_side_does_not_see_under_fog(tmp_path):
    """Option fog: viewed as the Protester, an SPD unit far from his units is not on the map; as the Authority
    and as the umpire it is (RULINGS.md, "what the players know")."""
    path = make_session(tmp_path, SCENARIO, (MAYOR, {"do": "reinforce"}, END, END, END, END,
                                             {"do": "move", "unit": "SPD 2", "to": "kingdome"}), seed=3, fog="on")

    async def script(pilot, app):
        table = app.screen.query_one(AreasTable)
        shown = []
        for _ in range(3):  # the umpire's truth, then each player in turn
            shown.append((app.screen.viewing, str(table.get_row("kingdome")[1])))
            assert ("VIEW AS" in "\n".join(screen_lines(app))) == (app.screen.viewing is not None)
            await press(pilot, "v")
        return shown

    shown = dict(drive(path, script))
    assert "SPD" in shown[None] and "SPD" in shown["authority"]
    assert "SPD" not in shown["protester"]


def test_the_log_shows_each_line_of_the_chart_under_its_event(tmp_path):
    """Random Events Table 61-62: the event's +10 Authority EI, on a line of its own under the EI's change, as the
    log itemizes it."""
    async def script(pilot, app):
        return [line.text.strip() for line in app.screen.query_one("#log").lines]

    lines = drive(seattle(tmp_path, MAYOR), script, size=(160, 45))
    at = next(i for i, line in enumerate(lines) if "EI (random event" in line)
    start = next(i for i in range(at + 1, at + 5) if lines[i].startswith("·"))  # the item's line, wrapped
    item = " ".join(lines[start:start + 3])
    assert "+10 (Random Events Table 61-62)" in item and not any(" = " in line for line in lines[at:start])


def test_4_21_with_table_dice_the_reinforcement_form_takes_a_die_the_size_of_the_pile_for_each_unit_drawn(tmp_path):
    """4.21 (RULINGS.md, Draws): at Protester EI 0, 2d6 Groups and one Crowd, each unit drawn from its pile with a
    die of the pile's size; the form says so, in order, and takes what the command takes (each draw's top face)."""
    from referee.rulesets.bos.rules import forces
    from referee.store.reading import open_reader

    groups = sum(forces.pile(counter) == forces.GROUPS for counter in forces.COUNTERS)
    crowds = sum(forces.pile(counter) == forces.CROWDS for counter in forces.COUNTERS) - forces.OPENING_CROWDS
    dice = [1, 1, groups, groups - 1, crowds]  # two Groups, from the whole pile, then the Crowd
    path = seattle(tmp_path, MAYOR)

    async def script(pilot, app):
        await press(pilot, "t", "i")
        form = app.screen
        said = str(form.query_one("#label-dice").render()), str(form.query_one("#rolled-dice").render())
        await fill(pilot, app, dice=" ".join(map(str, dice)))
        return said

    label, said = drive(path, script)
    assert label.endswith(f"(1-{groups})")
    assert said.index("2d6") < said.index(f"1-{groups}, 1-{groups - 1}") < said.index(f"1-{crowds} ")
    reader = open_reader(path)
    try:
        last = reader.log()[-1]
    finally:
        reader.close()
    assert last.kind == "reinforced" and [die["value"] for die in last.dice] == dice


def test_a_refusal_s_words_go_once_the_umpire_moves_on_and_history_s_once_it_ends(tmp_path):
    """7.3: an escalation the rule refuses now is said before any form opens, and its words leave the status line at
    the next key; 3.2: reinforcements refused open their form again, and Esc closing it takes the words away; the
    refusal of a key in history goes with the history."""
    path = seattle(tmp_path)

    async def script(pilot, app):
        screen = app.screen

        def header() -> str:
            return " ".join(screen_lines(app)[:2])

        await press(pilot, "x")
        escalation = app.screen is screen, header()
        await press(pilot, "t")
        after_a_key = header()
        await press(pilot, "i", "ctrl+s")
        reinforcing = isinstance(app.screen, CommandForm), header()
        await press(pilot, "escape")
        after_esc = header()
        await press(pilot, "h", "e", "h")
        return escalation, after_a_key, reinforcing, after_esc, header()

    escalation, after_a_key, reinforcing, after_esc, after_history = drive(path, script)
    assert escalation[0] and "7.3: Stage Two" in escalation[1] and "7.3" not in after_a_key
    assert reinforcing[0] and "3.2" in reinforcing[1] and "3.2" not in after_esc
    assert "the past" not in after_history
