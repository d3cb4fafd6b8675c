"""The dashboard on The Two Bridges (`wallman/two-bridges`), driven with Pilot: a few turns of a riverside town whose
two banks only two bridges join, each step checked against the rule it plays."""

from __future__ import annotations

from referee.rulesets.wallman.tui.screen import RiotScreen
from referee.rulesets.wallman.tui.widgets import CrowdsTable, PlacesTable
from referee.tui.dialogs.form import CommandForm
from tests.test_tui import log_kinds
from tests.test_tui_riot import fill, select
from tests.tui_support import drive, make_session, press

SCENARIO = "wallman/two-bridges"
TURN = ("e",) * 6  # orders, crowds, movement, resolution, actions, assessment (Sequence of Action)


def bridges(tmp_path, *commands):
    return make_session(tmp_path, SCENARIO, commands, seed=3)


def test_the_riverside_opens_on_its_crowds_and_places(tmp_path):
    """Response Level (RL): every crowd on the table with its starting RL; the places of both banks and the bridges."""

    async def script(pilot, app):
        crowds, places = app.screen.query_one(CrowdsTable), app.screen.query_one(PlacesTable)
        return app.screen, crowds.row_count, places.row_count, str(crowds.get_row("Riverside lads")[3])

    screen, crowds, places, rl = drive(bridges(tmp_path), script)
    assert isinstance(screen, RiotScreen)
    assert crowds == 5 and places == 17, "the latecomers are not on the table yet"
    assert rl.startswith("6 ▮▮▮▮▮▮")


def test_a_crowd_on_the_old_bridge_closes_it_and_the_carrier_must_go_round(tmp_path):
    """Movement (RULINGS.md, "The Town Centre Riot on the table"): a unit may enter a place held by a crowd but not pass
    through it, and a vehicle from a standstill covers 2 places. With the march on the Old Bridge, Bridge Foot is 6
    places from the Old Market by the New Bridge; the bridge itself may still be entered."""

    async def script(pilot, app):
        await select(pilot, app, "Mill march")
        await press(pilot, "c")
        await fill(pilot, app, to="Bridge Foot")
        await select(pilot, app, "Mill march")
        await press(pilot, "c")
        await fill(pilot, app, to="Old Bridge")
        await select(pilot, app, place="Old Market")
        await press(pilot, "m")
        await fill(pilot, app, unit="Carrier 1", to="Bridge Foot")
        refused = app.screen
        error = str(refused.query_one("#form-error").render()) if isinstance(refused, CommandForm) else ""
        await press(pilot, "escape", "m")
        await fill(pilot, app, unit="Carrier 1", to="Old Bridge")
        units = app.session.game.state.units
        return error, units["Mill march"].node, units["Carrier 1"].node

    path = bridges(tmp_path)
    error, march, carrier = drive(path, script)
    assert error.startswith("Movement: Bridge Foot is 6 places away"), error
    assert (march, carrier) == ("Old Bridge", "Old Bridge")
    assert log_kinds(path)[-3:] == ["crowd-moved", "crowd-moved", "unit-moved"]


def test_a_riot_charge_cows_the_lads_by_the_chart(tmp_path):
    """RL State Chart (reconstructed, RULINGS.md): a die of 1 with specialist riot forces charging (-2) scores -1,
    which moves the RL by -2: the Riverside lads go from 6 to 4. The die is typed in at the table."""

    async def script(pilot, app):
        await select(pilot, app, "Riverside lads")
        await press(pilot, "t", "r")
        await fill(pilot, app, modifiers=["riot_charging"], dice="1")
        return app.session.game.state.units["Riverside lads"].attrs["rl"], str(
            app.screen.query_one(CrowdsTable).get_row("Riverside lads")[5])

    path = bridges(tmp_path)
    rl, history = drive(path, script)
    assert rl == 4 and history == "6 4"
    assert log_kinds(path)[-1] == "rl-rolled"


def test_turns_pass_and_the_second_carrier_reaches_the_police_station_at_21_36(tmp_path):
    """Sequence of Action: ending the assessment opens the next turn; the scenario's reinforcements come in at their
    edge's first place at the start of their turn (Carrier 2, 21:36, turn 4, the police station)."""

    async def script(pilot, app):
        await press(pilot, *TURN * 2)
        before = app.session.game.state.turn, app.session.game.state.units["Carrier 2"].node
        await press(pilot, *TURN)
        game = app.session.game
        return before, (game.state.turn, game.state.phase, game.state.units["Carrier 2"].node)

    before, after = drive(bridges(tmp_path), script)
    assert before == (3, None)
    assert after == (4, "orders", "Police Station")


def test_an_engine_connects_at_a_hydrant_the_map_marks_and_not_at_the_fire_station(tmp_path):
    """Fires and Firefighting: "they need to connect to a fire hydrant (takes one turn). Obviously, the location of the
    hydrant is significant": the Fire Station has none, West Quay next to it has one."""

    async def script(pilot, app):
        await select(pilot, app, place="Fire Station")
        await press(pilot, "w")
        await fill(pilot, app, engine="Pump 1", act="hydrant")
        error = str(app.screen.query_one("#form-error").render()) if isinstance(app.screen, CommandForm) else ""
        await press(pilot, "escape", "m")
        await fill(pilot, app, unit="Pump 1", to="West Quay")
        await select(pilot, app, place="West Quay")
        await press(pilot, "w")
        await fill(pilot, app, engine="Pump 1", act="hydrant")
        return error, app.session.game.state.units["Pump 1"].attrs.get("hydrant")

    path = bridges(tmp_path)
    error, connected = drive(path, script)
    assert error.startswith("Fires and Firefighting: there is no hydrant at Fire Station"), error
    assert connected is True and log_kinds(path)[-2:] == ["unit-moved", "hydrant"]


def test_view_as_inspector_delaney_shows_the_students_across_the_square_and_not_the_south_bank(tmp_path):
    """The Player Role: Inspector Delaney at the Old Market sees his place and the next ones: the students on West
    Quay, in words (option mood_shown), no RL; the south bank beyond the Old Bridge is not seen."""

    async def script(pilot, app):
        await press(pilot, "v", "v")  # marsh, delaney
        crowds, places = app.screen.query_one(CrowdsTable), app.screen.query_one(PlacesTable)
        rows = {key.value: [str(cell) for cell in crowds.get_row(key)] for key in crowds.rows}
        return app.screen.viewing, rows, {node: str(places.get_row(node)[0]) for node in ("Southgate", "Old Bridge")}

    viewing, rows, places = drive(bridges(tmp_path), script)
    assert viewing == "delaney" and set(rows) == {"Students"}
    assert rows["Students"][4] == "Agitated" and rows["Students"][3] == "" and "about 100 people" in rows["Students"][2]
    assert "not seen" in places["Southgate"] and "not seen" not in places["Old Bridge"]
