"""The dashboard beside other writers: it follows their commits within a second, never decides on a
state it no longer shows, and a database locked elsewhere is a message, not a crash."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time

from referee.session import Session
from referee.store import reading
from referee.tui.screens import umpire
from tests.test_tui import log_kinds
from tests.tui_support import drive, make_session, press, settle

MOVE = {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}


def log_text(screen) -> str:
    return "\n".join(strip.text for strip in screen.query_one("#log").lines)


def test_a_move_applied_from_the_shell_is_shown_within_a_second_and_not_made_again(tmp_path, session_at):
    """On each backend: a SQLite file, a PostgreSQL database."""
    path = make_session(tmp_path, at=session_at)

    async def script(pilot, app):
        screen = app.screen
        assert screen.game.state.units["Bananarchy"].node != "5th & Olive"
        done = subprocess.run([sys.executable, "-m", "referee", "apply", str(path)], input=json.dumps(MOVE),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        committed = time.monotonic()
        while screen.game.state.units["Bananarchy"].node != "5th & Olive" and time.monotonic() - committed < 3:
            await pilot.pause(0.02)
        waited = time.monotonic() - committed
        await settle(pilot)
        shown = log_text(screen)
        screen.send(MOVE)
        await settle(pilot)
        return waited, shown, screen.note

    waited, shown, note = drive(path, script)
    assert waited < 1.0
    assert "Bananarchy" in shown and "5th & Olive" in shown
    assert note.startswith("3") and "Bananarchy" in note  # refused by the rules, as a fresh process refuses it
    assert log_kinds(path).count("unit-moved") == 1


def test_a_command_given_on_a_screen_that_missed_a_commit_is_refused_and_the_commit_shown(tmp_path, monkeypatch,
                                                                                           session_at):
    monkeypatch.setattr(umpire, "FOLLOW_SECONDS", 60)  # only the command itself finds the other writer's commit:
    monkeypatch.setattr(umpire, "SAFETY_SECONDS", 60)  # no polls, and on PostgreSQL no notifications either
    monkeypatch.setattr(Session, "listener", lambda self: None)
    path = make_session(tmp_path, at=session_at)

    async def script(pilot, app):
        screen = app.screen
        other = Session.open(path)
        other.apply({"do": "end-phase"})
        other.close()
        phase = screen.game.state.phase
        await press(pilot, "e")  # decided on the phase shown: refused, not a second end of phase
        refused, after = screen.note, screen.game.state.phase
        await press(pilot, "e")
        return phase, refused, after, screen.game.state.phase, log_text(screen)

    phase, refused, after, finally_, log = drive(path, script)
    assert "changed meanwhile" in refused
    assert after != phase  # the screen now shows the other writer's end of phase
    assert log_kinds(path).count("phase-ended") == 2 and finally_ != after


def test_a_database_locked_elsewhere_gives_one_message_and_the_session_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(reading, "BUSY_SECONDS", 0.5)
    path = make_session(tmp_path)
    before = log_kinds(path)

    async def script(pilot, app):
        screen = app.screen
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            await press(pilot, "e")
            note, running = screen.note, app.is_running
            phase, unchanged = screen.game.state.phase, log_kinds(path) == before
        finally:
            holder.rollback()
            holder.close()
        await press(pilot, "e")
        return note, running, phase, unchanged, screen.game.state.phase

    note, running, phase, unchanged, later = drive(path, script)
    assert running and unchanged and "is locked by another program" in note and "\n" not in note
    assert later != phase and log_kinds(path)[:len(before)] == before and "phase-ended" in log_kinds(path)[len(before):]


def test_two_dashboards_on_one_session_see_each_other_s_commands_within_a_second(tmp_path, session_at):
    """On each backend: one open dashboard moves a unit, the other shows it within a second and moves another,
    which the first shows within a second."""
    import asyncio

    from referee.tui.app import RefereeApp
    from tests.tui_support import settle

    path = make_session(tmp_path, at=session_at)
    committed = [asyncio.Event(), asyncio.Event()]
    turtles = {"do": "move", "unit": "Sea Turtles (T)", "to": "6th & Olive"}

    async def shown(pilot, app, unit: str, node: str) -> float:
        """How long after the other's commit the screen shows the unit there (3 s at most)."""
        since = time.monotonic()
        while app.screen.game.state.units[unit].node != node and time.monotonic() - since < 3:
            await pilot.pause(0.02)
        return time.monotonic() - since

    async def first() -> float:
        async with (app := RefereeApp(path)).run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            app.screen.send(MOVE)
            await settle(pilot)
            committed[0].set()
            await committed[1].wait()
            return await shown(pilot, app, "Sea Turtles (T)", "6th & Olive")

    async def second() -> float:
        async with (app := RefereeApp(path)).run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await committed[0].wait()
            waited = await shown(pilot, app, "Bananarchy", "5th & Olive")
            app.screen.send(turtles)
            await settle(pilot)
            committed[1].set()
            return waited

    async def both() -> list[float]:
        return list(await asyncio.gather(first(), second()))

    waits = asyncio.run(both())
    assert all(wait < 1.0 for wait in waits), waits
    assert log_kinds(path).count("unit-moved") == 2
