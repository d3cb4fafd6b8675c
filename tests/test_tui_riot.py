"""The dashboard on a Wallman session, driven with Pilot: the crowd panel, and every umpire action's key."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Select, SelectionList

from referee.rulesets.wallman.tui.actions import RIOT_ACTIONS
from referee.rulesets.wallman.tui.screen import RiotScreen
from referee.rulesets.wallman.tui.widgets import CrowdsTable, PlacesTable
from referee.tui.dialogs.form import CommandForm
from referee.tui.dialogs.help import HelpScreen
from tests.test_tui import log_kinds
from tests.tui_support import drive, log_text, make_session, press, screen_lines, settle

SCENARIO = "wallman/town-centre-riot"


def riot(tmp_path, *commands):
    return make_session(tmp_path, SCENARIO, commands, seed=3)


async def fill(pilot, app, **values) -> None:
    """Fill the open command form and apply it."""
    form = app.screen
    assert isinstance(form, CommandForm), form
    for name, value in values.items():
        widget = form.query_one(f"#field-{name}")
        if isinstance(widget, SelectionList):
            for item in value:
                widget.select(item)
        elif isinstance(widget, (Select, Checkbox)):
            widget.value = value
        elif isinstance(widget, Input):
            widget.value = str(value)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def select(pilot, app, crowd: str | None = None, place: str | None = None) -> RiotScreen:
    screen = app.screen
    if crowd:
        screen.crowd, screen.place = crowd, app.session.game.state.units[crowd].node
    if place:
        screen.place = place
    await settle(pilot)
    return screen


def run_action(tmp_path, key: str, values: dict, commands=(), crowd=None, place=None, confirm=False):
    """Open a session, select, press the action's key, fill its form; the kinds of the events logged since."""
    path = riot(tmp_path, *commands)
    before = len(log_kinds(path))

    async def script(pilot, app):
        await select(pilot, app, crowd, place)
        await press(pilot, key)
        await fill(pilot, app, **values)
        if confirm:
            await fill(pilot, app)
        return app.screen

    screen = drive(path, script)
    assert isinstance(screen, RiotScreen), screen
    return log_kinds(path)[before:]


def test_a_wallman_session_opens_on_the_crowd_panel(tmp_path):
    async def script(pilot, app):
        screen = app.screen
        crowds = screen.query_one(CrowdsTable)
        places = screen.query_one(PlacesTable)
        return screen, crowds.row_count, places.row_count, str(crowds.get_row("Estate youths")[3])

    screen, crowds, places, rl = drive(riot(tmp_path), script)
    assert isinstance(screen, RiotScreen)
    assert crowds == 5 and places == 16
    assert rl.startswith("6 ▮▮▮▮▮▮")


def test_the_crowd_panel_shows_each_crowds_rl_history(tmp_path):
    path = riot(tmp_path, {"do": "rl", "crowd": "Estate youths", "modifiers": {"riot_withdrawing": 1}, "dice": [4]},
                *[{"do": "end-phase"}] * 6,
                {"do": "rl", "crowd": "Estate youths", "modifiers": {"mounted_charging": 1}, "dice": [1]})

    async def script(pilot, app):
        return str(app.screen.query_one(CrowdsTable).get_row("Estate youths")[5])

    assert drive(path, script) == "6 7 | 4"


@pytest.mark.parametrize("key, values, commands, crowd, place, kinds", [
    ("m", {"unit": "Panda 1", "to": "Market Cross"}, (), None, None, ["unit-moved"]),
    ("c", {"to": "Church Lane"}, (), "Precinct crowd", None, ["crowd-moved"]),
    ("r", {"modifiers": ["riot_charging"], "why": "the vans charge"}, (), "Estate youths", None, ["rl-rolled"]),
    ("N", {"officer": "Sgt. Brennan", "megaphone": True}, (), "Town Hall protest", None, ["negotiated"]),
    ("f", {"unit": "Foot Patrol", "intent": "arrest"},
     ({"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"},), "Town Hall protest", None, ["fought"]),
    ("s", {"unit": "Riot Van 1", "firers": 2}, ({"do": "move", "unit": "Riot Van 1", "to": "High Street East"},
                                                {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"}),
     "Town Hall protest", None, ["shot"]),
    ("g", {"unit": "Riot Van 1", "kind": "cs_gas"}, (), None, "High Street East", ["gassed"]),
    ("x", {"building": "Community centre"}, (), "Estate youths", None, ["damaged"]),
    ("i", {"building": "Kiosk"}, (), None, "Market Cross", ["fire-started"]),
    ("o", {"unit": "Riot Van 2", "factors": ["unsupported"]}, (), None, "Police Station", ["over-reaction"]),
    ("k", {"from": "Ring Road", "target": "Foot Patrol"}, (), None, "Market Cross", ["sniped"]),
    ("S", {"figures": 10, "new": "Splinter", "looters": 0}, (), "Estate youths", None, ["crowd-split"]),
    ("R", {"player": "hale", "text": "Control: crowds on the ring road", "delay": 2}, (), None, None, ["report-filed"]),
])
def test_every_riot_action_sends_its_command(tmp_path, key, values, commands, crowd, place, kinds):
    assert run_action(tmp_path, key, values, commands, crowd, place) == kinds


def test_drift_shows_where_the_crowd_goes_before_it_goes(tmp_path):
    """Crowds: drifting at random 'with the umpire confirming': the preview is what happens."""
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, "Estate youths")
        await press(pilot, "d")  # nothing to ask: what it will do is shown at once
        proposal = str(app.screen.query_one(".form-note").render())
        await fill(pilot, app)
        return proposal, [app.session.game.rules.narrate(event) for _, event in app.session.last]

    proposal, done = drive(path, script)
    assert "Estate youths drifts" in proposal
    assert done == [proposal], "what was shown is what happened, dice and all"
    assert log_kinds(path)[-1] == "crowd-moved"


def test_cancelling_a_drift_draws_no_die(tmp_path):
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, "Estate youths")
        drawn = app.session.game.dice.drawn
        await press(pilot, "d")
        await press(pilot, "escape")
        return drawn, app.session.game.dice.drawn

    before, after = drive(path, script)
    assert before == after and "crowd-moved" not in log_kinds(path)


def test_fire_crews_and_paramedics(tmp_path):
    path = riot(tmp_path, {"do": "fire", "building": "Chemist"}, {"do": "move", "unit": "Engine 1", "to": "High Street East"},
                {"do": "crowd-move", "crowd": "Precinct crowd", "to": "Bridge Street"},
                {"do": "crowd-move", "crowd": "Precinct crowd", "to": "Riverside"},
                {"do": "crowd-move", "crowd": "Precinct crowd", "to": "Hospital Road"},
                {"do": "fight", "unit": "Para. Shah", "crowd": "Precinct crowd", "dice": [1, 10]})

    async def script(pilot, app):
        await select(pilot, app, place="High Street East")
        await press(pilot, "w")
        await fill(pilot, app, engine="Engine 1", act="firefight", building="Chemist")
        await select(pilot, app, place="Hospital Road")
        await press(pilot, "a")
        await fill(pilot, app, medic="Ambulance 1", act="triage")

    drive(path, script)
    assert log_kinds(path)[-2:] == ["fire-fought", "triaged"]


def test_a_refused_form_opens_again_with_its_reason_and_its_choices(tmp_path):
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, "Bridge Street crowd")
        await press(pilot, "l")
        await fill(pilot, app, building="Petrol station")
        form = app.screen
        return form, str(form.query_one("#form-error").render()), form.query_one("#field-building").value

    form, error, building = drive(path, script)
    assert isinstance(form, CommandForm) and error.startswith("Looting: at RL 5 (Angry)")
    assert building == "Petrol station"


def test_table_dice_are_asked_for_in_the_form_and_marked(tmp_path):
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, "Estate youths")
        await press(pilot, "t", "r")
        await fill(pilot, app, dice="2")
        return app.session.game.events

    drive(path, script)
    last = last_event(path)
    assert last.kind == "rl-rolled" and last.dice[0]["entered"] and last.dice[0]["value"] == 2


def last_event(path):
    from referee.store.reading import open_reader

    reader = open_reader(path)
    try:
        return reader.log()[-1]
    finally:
        reader.close()


def test_table_dice_for_a_fight_are_d10s(tmp_path):
    """Fighting: 'Roll 1d10 per combatant': the form takes the table's d10s, 7 to 10 included."""
    path = riot(tmp_path, {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"})

    async def script(pilot, app):
        await select(pilot, app, "Town Hall protest")
        await press(pilot, "t", "f")
        await fill(pilot, app, unit="Foot Patrol", dice="10 7")

    drive(path, script)
    last = last_event(path)
    assert last.kind == "fought" and [d["value"] for d in last.dice] == [10, 7] and last.dice[0]["entered"]


def test_table_dice_left_empty_are_refused_not_rolled(tmp_path):
    """With table dice on, an empty dice box is no dice: the command is refused, the generator rolls nothing."""
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, "Estate youths")
        drawn = app.session.game.dice.drawn
        await press(pilot, "t", "r")
        await fill(pilot, app, dice="")
        return str(app.screen.query_one("#form-error").render()), drawn, app.session.game.dice.drawn

    note, before, after = drive(path, script)
    assert note.startswith("not enough dice typed in") and before == after, "the form again, with the reason"
    assert "rl-rolled" not in log_kinds(path)


def test_undo_redo_help_and_the_palette(tmp_path):
    path = riot(tmp_path, {"do": "end-phase"})

    async def script(pilot, app):
        await press(pilot, "u")
        phase_after_undo = app.session.game.state.phase
        said = log_text(app)
        await press(pilot, "y")
        phase_after_redo = app.session.game.state.phase
        await press(pilot, "question_mark")
        helped = isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        names = [command.title for command in app.get_system_commands(app.screen)]
        return phase_after_undo, phase_after_redo, helped, names, said

    undone, redone, helped, names, said = drive(path, script)
    assert (undone, redone, helped) == ("orders", "crowds", True)
    assert said.endswith("Undone: orders phase ends; crowds phase begins"), "the undo says what it undid, in words"
    assert {action.name for action in RIOT_ACTIONS} <= set(names)


def test_it_works_at_80x24(tmp_path):
    async def script(pilot, app):
        await press(pilot, "r")
        await fill(pilot, app, modifiers=["riot_charging"])
        return app.screen, app.screen.query_one(CrowdsTable).size.height

    screen, height = drive(riot(tmp_path), script, size=(80, 24))
    assert isinstance(screen, RiotScreen) and height >= 4


def test_history_steps_back_and_forward_and_refuses_commands(tmp_path):
    """Reviewing a session: step through the log in the dashboard; the past is shown, never changed."""
    path = riot(tmp_path, {"do": "rl", "crowd": "Estate youths", "modifiers": {"riot_withdrawing": 1}, "dice": [4]},
                *[{"do": "end-phase"}] * 6)

    async def script(pilot, app):
        screen = app.screen
        await press(pilot, "h")
        at_end = (screen.moment, screen.shown.turn)
        await press(pilot, "less_than_sign", "less_than_sign")
        start = (screen.moment, screen.shown.turn, screen.shown.units["Estate youths"].attrs["rl"])
        rl_cell = str(screen.query_one(CrowdsTable).get_row("Estate youths")[3])
        await press(pilot, "full_stop")
        after_roll = screen.shown.units["Estate youths"].attrs["rl"]
        await press(pilot, "e")
        refused = screen.note
        await press(pilot, "h")
        return at_end, start, rl_cell, after_roll, refused, screen.shown.turn, app.session.game.state.phase

    at_end, start, rl_cell, after_roll, refused, now, phase = drive(path, script)
    assert at_end == (7, 2)
    assert start == (0, 1, 6) and rl_cell.startswith("6 ")
    assert after_roll == 7
    assert "press h to return" in refused and (now, phase) == (2, "orders")


def test_the_readme_documents_every_riot_key():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("## A riot under Wallman's crowd rules", 1)[1].split("\n## ", 1)[0]
    for action in RIOT_ACTIONS:
        key = "?" if action.key == "question_mark" else action.key
        assert f"`{key}`" in section, action


def test_the_crowd_panel_marks_the_rl_rolls_the_text_calls_for(tmp_path):
    path = riot(tmp_path, {"do": "move", "unit": "Riot Van 1", "to": "High Street East"},
                {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"})

    async def script(pilot, app):
        await select(pilot, app, "Town Hall protest")
        await press(pilot, "s")
        await fill(pilot, app, unit="Riot Van 1", firers=1)
        table = app.screen.query_one(CrowdsTable)
        marked = str(table.get_row("Town Hall protest")[7])
        await press(pilot, "r")
        await fill(pilot, app)
        return marked, str(table.get_row("Town Hall protest")[7]), str(app.screen.query_one("#place").render())

    marked, after, place = drive(path, script)
    assert marked == "shot at by Riot Van 1" and after == ""
    assert "Drifts" in place and "toward" in place


def test_view_as_an_officer_shows_only_what_he_saw_and_no_rl(tmp_path):
    path = riot(tmp_path)

    async def script(pilot, app):
        await press(pilot, "v")
        screen = app.screen
        crowds = screen.query_one(CrowdsTable)
        rows = {key.value: [str(cell) for cell in crowds.get_row(key)] for key in crowds.rows}
        await press(pilot, "h", "less_than_sign")  # in history too
        in_history = screen.viewing
        return screen.viewing, rows, in_history

    viewing, rows, in_history = drive(path, script)
    assert viewing == "hale" and in_history == "hale"
    seen = {"Estate youths", "Town Hall protest", "Precinct crowd", "Station crowd", "Bridge Street crowd"} & set(rows)
    assert seen == set(), "Supt. Hale at the police station sees no crowd at the start"
    assert all(cells[3] == "" for cells in rows.values())


def test_view_as_the_sergeant_shows_moods_in_words(tmp_path):
    path = riot(tmp_path)

    async def script(pilot, app):
        await press(pilot, "v", "v", "v")  # hale, okafor, brennan
        crowds = app.screen.query_one(CrowdsTable)
        return app.screen.viewing, {key.value: [str(cell) for cell in crowds.get_row(key)] for key in crowds.rows}

    viewing, rows = drive(path, script)
    assert viewing == "brennan"
    assert set(rows) == {"Town Hall protest"}
    cells = rows["Town Hall protest"]
    assert cells[4] == "Agitated" and cells[3] == "" and "about 125 people" in cells[2]


def test_the_place_panel_speaks_in_words_and_names_the_places_next_to_it(tmp_path):
    from referee.rulesets.wallman.tui.widgets import PlacePanel

    async def script(pilot, app):
        shown = []
        for place in ("Fire Station", "Market Square"):
            await select(pilot, app, place=place)
            app.screen.refresh_view()
            await settle(pilot)
            shown.append(str(app.screen.query_one(PlacePanel).render()))
        return shown

    fire, square = drive(riot(tmp_path), script)
    assert "security Engine 1: firefighters, 6 strong, in a vehicle, water for 2 turns" in fire
    assert "next to " in fire and "=" not in fire + square and "cro " not in square
    assert "crowd Town Hall protest: 25 figures, heading for Market Square" in square and "RL 4 Agitated" in square


def test_the_move_form_offers_the_places_next_door_first_and_counted_factors_in_words(tmp_path):
    """Moving (the text's map of places): a unit at the selected place is offered first, and the places
    next to it head the list; the RL form names what it counted in the chart's words, not its keys."""

    async def script(pilot, app):
        await select(pilot, app, "Town Hall protest")
        await press(pilot, "m")
        form = app.screen
        unit, to = form.query_one("#field-unit", Select), form.query_one("#field-to", Select)
        offered = [str(prompt) for prompt, _ in to._options if _ is not Select.NULL]
        await press(pilot, "escape", "r")
        note = str(app.screen.query_one(".form-note").render())
        return unit.value, offered, note

    unit, offered, note = drive(riot(tmp_path, {"do": "move", "unit": "Sgt. Brennan", "to": "Market Square"}), script)
    assert unit == "Sgt. Brennan", "the unit at the selected place is the default"
    nearby = ["Church Lane", "Corn Exchange", "Market Cross", "Bridge Street"]
    assert sorted(offered[:4]) == sorted(f"{n} (next to Market Square)" for n in nearby), offered[:6]
    assert any(label.startswith("✗ Ring Road — ") and "(Movement)" in label for label in offered[4:]), offered
    assert "Each adjacent crowd at a higher RL x1 (+1)" in note and "adjacent_higher" not in note


def test_the_log_says_who_won_a_fight_and_who_came_off_worse(tmp_path, cli):
    """Fighting: the winner's margin decides the loser's fate; the log names both, and the chart's factors in words."""
    path = riot(tmp_path, {"do": "move", "unit": "Sgt. Brennan", "to": "Market Square"},
                {"do": "fight", "unit": "Sgt. Brennan", "crowd": "Town Hall protest", "intent": "beat", "dice": [7, 3]},
                {"do": "rl", "crowd": "Estate youths", "modifiers": {}, "dice": [5]})
    text = cli("log", path).out
    assert "Sgt. Brennan wins by 5; Town Hall protest: wounded" in text, text
    assert "Each adjacent crowd at a lower RL -1;" in text and "(RL State Chart)" in text and "adjacent_lower" not in text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_column_of_the_places_table_is_on_the_screen_with_its_heading_whole(tmp_path, size):
    """The places table shares its panel's width among its columns, wrapping the widest cells: nothing is cut at the
    panel's edge (a building on fire and a fighting casualty fill the last columns)."""
    path = riot(tmp_path, {"do": "fire", "building": "Kiosk"}, {"do": "fire", "building": "Community centre"},
                {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"},
                {"do": "fight", "unit": "Foot Patrol", "crowd": "Town Hall protest", "intent": "arrest", "dice": [9, 1]})

    async def script(pilot, app):
        table = app.screen.query_one(PlacesTable)
        lines = screen_lines(app)
        top = table.region.y
        cells = {str(table.get_row("Market Cross")[at]) for at in range(5)}
        return table.virtual_size.width, table.size.width, lines[top], "\n".join(lines[top:]), cells

    wide, room, heading, shown, cells = drive(path, script, size=size)
    assert wide <= room
    assert heading.split() == ["Place", "Crowds", "Security", "Damage", "Down", *heading.split()[5:]]
    assert "Kiosk (" in "".join(cells) and "fire x1" in "".join(cells)
    for cell in cells:
        assert all(word in shown for word in cell.split()), cell
    assert ("Station Approach" in shown) == (size == (120, 40))  # a place's name kept whole where there is room
