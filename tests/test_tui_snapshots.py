"""Snapshots of the dashboard's screens at a large and a small terminal (regenerate: pytest --snapshot-update)."""

from __future__ import annotations

import pytest

from referee.rulesets.n30.tui.map_view import MapView
from referee.tui.app import RefereeApp
from tests.tui_support import make_session, settle

SIZES = [(120, 40), (80, 24)]


@pytest.mark.parametrize("size", SIZES)
def test_start_screen(snap_compare, tmp_path, monkeypatch, size):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sessions").mkdir()
    assert snap_compare(RefereeApp(None, folder=tmp_path / "sessions"), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_main_screen(snap_compare, tmp_path, size):
    path = make_session(tmp_path, commands=({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [3]},))
    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_confrontation_dialog(snap_compare, tmp_path, size):
    path = make_session(tmp_path, commands=({"do": "end-phase"}, {"do": "end-phase"}))

    async def open_dialog(pilot):
        await settle(pilot)
        pilot.app.screen.query_one(MapView).cursor = "6th & Seneca"
        await pilot.press("a")
        await settle(pilot)

    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=open_dialog)


@pytest.mark.parametrize("size", SIZES)
def test_riot_screen(snap_compare, tmp_path, size):
    """A Wallman session: the crowd panel after an RL roll and a fight, with the rolls now due marked."""
    path = make_session(tmp_path, "wallman/town-centre-riot", (
        {"do": "rl", "crowd": "Estate youths", "modifiers": {"riot_withdrawing": 1}, "dice": [4]},
        {"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"},
        {"do": "fight", "unit": "Foot Patrol", "crowd": "Town Hall protest", "intent": "arrest", "dice": [9, 2]},
        {"do": "fire", "building": "Kiosk"},
    ), seed=3)
    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_riot_command_form(snap_compare, tmp_path, size):
    path = make_session(tmp_path, "wallman/town-centre-riot", seed=3)

    async def open_form(pilot):
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)

    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=open_form)


END = {"do": "end-phase"}
BOS_COMBAT = (  # Battle of Seattle, seed 3: turn 1 up to the Protester Combat Phase, the Convention Centre contested
    {"do": "events", "dice": [6, 1]}, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]},
    {"do": "place", "unit": "Anarchists 1", "to": "financial-district"},
    {"do": "place", "unit": "Anarchists 2", "to": "convention-centre"}, {"do": "emergency", "units": {"spd": 1}}, END,
    {"do": "move", "unit": "Labor 1", "to": "capitol-hill"}, END, {"do": "move", "unit": "SPD 2", "to": "convention-centre"},
    END)


@pytest.mark.parametrize("size", SIZES)
def test_bos_screen(snap_compare, tmp_path, size):
    """A Battle of Seattle session at turn 2, after a combat: the map, the areas, both indices by turn, the log."""
    path = make_session(tmp_path, "bos/battle-of-seattle", (
        *BOS_COMBAT, {"do": "combat", "attackers": ["Liberals 4", "Anarchists 2"], "defenders": ["SPD 1"], "dice": [5, 2]},
        END, END, END, END, END, {"do": "events", "dice": [3, 5]}), seed=3)
    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_bos_combat_form(snap_compare, tmp_path, size):
    """The combat form with the exact chances of each result before the dice."""
    path = make_session(tmp_path, "bos/battle-of-seattle", BOS_COMBAT, seed=3)

    async def open_form(pilot):
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)

    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=open_form)


CHICAGO_MEET = (  # Chicago-Chicago, seed 3: green in old-town, its conflict rolled 1, blue's P1 and Tac in with it
    {"do": "move", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park", "to": "old-town"}, END,
    {"do": "conflict", "box": "old-town", "dice": [1]}, END,
    {"do": "move", "units": {"P1": 3, "Tac": 2}, "from": "loop", "to": "old-town"}, END)


@pytest.mark.parametrize("size", SIZES)
def test_chicago_screen(snap_compare, tmp_path, size):
    """A Chicago-Chicago session at 25A step 4: the box map, the boxes, old-town whole, both indices, the log."""
    path = make_session(tmp_path, "chicago/chicago-1968", CHICAGO_MEET, seed=3)

    async def select(pilot):
        await settle(pilot)
        await pilot.press(*["down"] * 13)  # old-town's row
        await settle(pilot)

    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=select)


@pytest.mark.parametrize("size", SIZES)
def test_chicago_conflict_form(snap_compare, tmp_path, size):
    """Blue's conflict form in old-town with the exact chances of each result before the die."""
    path = make_session(tmp_path, "chicago/chicago-1968", CHICAGO_MEET, seed=3)

    async def open_form(pilot):
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        pilot.app.screen.query_one("#field-defend").deselect_all()
        for uid in ("G3-04", "G3-05", "G3-06"):
            pilot.app.screen.query_one("#field-defend").select(uid)
        await settle(pilot)

    assert snap_compare(RefereeApp(path), terminal_size=size, run_before=open_form)
