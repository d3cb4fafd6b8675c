"""The dashboard shows any text a session holds harmlessly: no escape reaches the terminal (nothing clears the
screen or writes over it), no line is forged, and Rich markup in a name prints as it is written."""

from __future__ import annotations

import html
import json

from referee.rulesets.n30.tui.map_view import MapView
from referee.text import printable
from tests.hostile import HOSTILE, new_session, report, split, tampered, unsafe
from tests.test_tui_riot import fill
from tests.tui_support import drive, press

SIZE = (200, 50)
NAME = "[bold red]x[/] [link=http://x]c[/link] \x1b[2J\x1b[HHACKED\u202e"


def screen_text(app) -> str:
    """What the terminal would show, as text (every style run of the screen in order)."""
    svg = app.export_screenshot(simplify=True)
    return html.unescape(svg).replace("\xa0", " ")


def test_a_hostile_report_cannot_clear_the_dashboard_or_forge_log_lines(tmp_path):
    path = new_session(tmp_path / "s.db")
    report(path, " | ".join(HOSTILE))

    async def script(pilot, app):
        now = screen_text(app)
        await press(pilot, "h")  # the history: the status line tells the last event
        return now, screen_text(app)

    for text in drive(path, script, size=SIZE):
        assert unsafe(text) == []
        assert all(printable(piece) in text for piece in ("\x1b[2J\x1b[HHACKED", "ok\rHACKED", "ok\nHACKED"))
        assert "[bold red]x[/]" in text and "[link=http://x]click[/link]" in text


def test_a_crowd_with_a_hostile_name_shows_harmlessly_in_every_riot_panel(tmp_path):
    path = new_session(tmp_path / "s.db", "wallman/town-centre-riot")
    split(path, NAME, crowd="Town Hall protest")  # in Market Square, in Sergeant Brennan's sight

    async def script(pilot, app):
        shown = {None: screen_text(app)}
        for player in app.session.game.ctx.scenario.players:
            await press(pilot, "v")
            shown[player.id] = screen_text(app)
        return shown

    shown = drive(path, script, size=SIZE)
    assert all(unsafe(text) == [] for text in shown.values())
    shown_end = printable(NAME[NAME.index("\x1b"):])  # its control characters, shown (a style may split the rest)
    assert shown[None].count(shown_end) >= 3  # the crowds, the places, the place in full
    assert shown["brennan"].count(shown_end) >= 2  # the crowds and the places he has seen


def rename(old: str, new: str):
    """A change to a scenario's data: every `old` in it (a unit, a street) becomes `new`."""

    def change(sources: dict) -> None:
        sources.update(json.loads(json.dumps(sources).replace(old, json.dumps(new)[1:-1])))

    return change


def test_hostile_unit_and_street_names_show_harmlessly_on_the_map_the_panel_and_the_status(tmp_path):
    path = tampered(tmp_path / "a.db", rename("Flaming Dildos", NAME))  # at the intersection shown first
    tampered(tmp_path / "b.db", rename("4th", "4th\x1b[2J"))

    async def moving(pilot, app):
        await press(pilot, "m")  # the unit's move: named in the intersection panel and the status line
        return screen_text(app)

    async def street(pilot, app):
        await press(pilot, "left", "left", "up", "up", "up")  # from 6th & Seneca to 4th & Pike
        assert app.screen.query_one(MapView).cursor == "4th\x1b[2J & Pike"
        return screen_text(app)

    units, streets = drive(path, moving, size=SIZE), drive(tmp_path / "b.db", street, size=SIZE)
    assert unsafe(units) == [] and units.count(printable(NAME)) >= 2  # a command naming it is refused at the door
    assert unsafe(streets) == [] and streets.count("4th\\x1b[2J") >= 2


def test_dialogs_show_hostile_unit_names_as_written(tmp_path):
    path = tampered(tmp_path / "s.db", rename("Flaming Dildos", NAME))
    tampered(tmp_path / "f.db", rename("Environment 1", NAME))

    async def dice_and_confrontation(pilot, app):
        await press(pilot, "t", "m")  # table dice: the dice dialog names the unit to move
        dice = screen_text(app)
        await press(pilot, "escape", "t", "e", "e", "a")  # the confrontation at 6th & Seneca
        return dice, screen_text(app)

    async def factions(pilot, app):
        await press(pilot, "F")
        return screen_text(app)

    shown = [*drive(path, dice_and_confrontation, size=SIZE), drive(tmp_path / "f.db", factions, size=SIZE)]
    assert all(unsafe(text) == [] and printable(NAME)[:30] in text for text in shown)  # a narrow list cuts it


def test_a_riot_form_and_its_refusal_show_a_hostile_name_as_written(tmp_path):
    path = new_session(tmp_path / "s.db", "wallman/town-centre-riot")
    split(path, NAME)

    async def script(pilot, app):
        app.screen.crowd = NAME  # and its place: a crowd form acts on the crowd at the place selected
        app.screen.place = app.session.game.state.units[NAME].node
        await press(pilot, "S")  # split the crowd: the form names it
        form = screen_text(app)
        await fill(pilot, app, figures=5)  # refused: it has 2 figures
        return form, screen_text(app)

    form, refused = drive(path, script, size=SIZE)
    assert unsafe(form) == [] and form.count(printable(NAME)) >= 2
    assert unsafe(refused) == [] and printable(NAME)[:30] in refused.split("Refused", 1)[-1]


def test_recent_session_files_with_hostile_names_show_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "[b]sessions\x1b[2J"
    new_session(folder / "[bold red]x \x1b[2J.db")

    async def script(pilot, app):
        return screen_text(app)

    text = drive(None, script, size=SIZE, folder=folder)
    assert unsafe(text) == [] and "[bold red]x \\x1b[2J.db" in text and "[b]sessions\\x1b[2J/" in text
