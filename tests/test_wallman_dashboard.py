"""The Wallman dashboard's forms, driven with Pilot: each acts on what is selected now and offers only what the
rules accept."""

from __future__ import annotations

from textual.widgets import Select

from referee.rulesets.wallman.rules.setup import tables
from referee.tui.dialogs.form import CommandForm
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill, riot, select
from tests.tui_support import drive, press

END = {"do": "end-phase"}


def offered(form: CommandForm, name: str) -> list:
    return [value for _, value in form.query_one(f"#field-{name}", Select)._options]


def test_the_fight_form_acts_on_the_crowd_at_the_place_selected_now(tmp_path):
    """Fighting: a crowd picked earlier elsewhere, then the cursor moved to Market Cross: the form fights the crowd
    there and says so."""
    path = riot(tmp_path, {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"})

    async def script(pilot, app):
        await select(pilot, app, crowd="Estate youths")
        await select(pilot, app, place="Market Cross")
        await press(pilot, "f")
        title = app.screen.title_text
        await fill(pilot, app, unit="Foot Patrol", intent="arrest")
        return title

    title = drive(path, script)
    assert title == "Fight Town Hall protest at Market Cross"
    assert log_kinds(path)[-1] == "fought"


def test_an_order_opens_with_the_officer_named_never_to_himself(tmp_path):
    """Player Actions: the checklist names Supt. Hale (at the Police Station with Insp. Okafor); O opens on him,
    and he is not among those he may speak to."""
    path = riot(tmp_path, *[END] * 4)

    async def script(pilot, app):
        screen = app.screen
        (hale,) = [item for item in screen.checklist() if item.subject == "Supt. Hale"]
        screen.go_to(hale)
        await press(pilot, "O")
        form = app.screen
        return form.query_one("#field-officer", Select).value, offered(form, "to")

    officer, to = drive(path, script)
    assert officer == "Supt. Hale"
    assert "Supt. Hale" not in to and "Insp. Okafor" in to


def test_the_over_reaction_form_offers_only_units_the_chart_has_a_factor_for(tmp_path):
    """Over-reaction test: Engine 1 (firefighters) at the Fire Station has no factor; the form opens on a unit
    that has one, and Apply tests it."""
    path = riot(tmp_path)

    async def script(pilot, app):
        await select(pilot, app, place="Fire Station")
        await press(pilot, "o")
        units = offered(app.screen, "unit")
        await fill(pilot, app)
        return units, app.session.game

    units, game = drive(path, script)
    chart = tables(game.ctx).overreaction
    assert units and all(game.state.units[uid].type in chart.types for uid in units)
    assert "Engine 1" not in units
    assert log_kinds(path)[-1] == "over-reaction"


def test_n_in_the_crowds_movement_selects_each_crowd_it_names_and_d_drifts_that_one(tmp_path):
    """Crowds, Sequence of Action 2: `n` goes to each crowd still to move, the crowd itself selected (two crowds
    in one place included), so that `d` drifts the crowd the notice named."""
    from referee.rulesets.wallman.rules.todo import todo

    path = riot(tmp_path, {"do": "end-phase"})

    async def script(pilot, app):
        screen, went = app.screen, []
        for _ in range(len(todo(app.session.game.ctx, app.session.game.state))):
            await press(pilot, "n")
            went.append((screen.crowd, str(list(app._notifications)[-1].message).split(" at ")[0]))
        await press(pilot, "d")
        return went, str(app.screen.query_one(".title").render())

    went, title = drive(path, script)
    assert len(went) > 1 and all(crowd == named for crowd, named in went), went
    assert went[-1][0] in title
