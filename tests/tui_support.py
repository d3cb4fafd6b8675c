"""Driving the dashboard in tests: sessions to open, and a way to wait for the engine's answer."""

from __future__ import annotations

import asyncio
from pathlib import Path

from referee.session import Session
from referee.store.location import Location
from referee.tui.app import RefereeApp


def make_session(folder: Path, scenario: str = "n30/lock-down-hold-fast", commands: tuple = (), seed: int = 5,
                 at: Location | None = None, **options: str) -> Location:
    """A session database with some commands already applied: `s.db` in the folder, or `at`."""
    path = at or folder / "s.db"
    session = Session.create(path, scenario, options, seed)
    for command in commands:
        session.apply(command)
    session.close()
    return path


async def settle(pilot) -> None:
    """Wait until every worker (commands, opening) is done and the screen has caught up; a screen on PostgreSQL
    listens for other writers' commits as long as it is open, and that worker is not waited for."""
    for _ in range(2):
        waited = [worker for worker in pilot.app.workers if worker.group != "listen"]
        if waited:  # (none given, Textual waits for them all)
            await pilot.app.workers.wait_for_complete(waited)
        await pilot.pause()


async def press(pilot, *keys: str) -> None:
    """Press keys one after the other, letting each command finish."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def drive(path: Location | None, script, size=(120, 40), folder: Path | None = None, umpire: str | None = None):
    """Run the app on a session (or the start screen), as `umpire` if given, and `await script(pilot, app)`;
    returns its result."""

    async def main():
        app = RefereeApp(path, folder=folder, umpire=umpire)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            return await script(pilot, app)

    return asyncio.run(main())


def log_text(app) -> str:
    """The log panel's text, its wrapped lines joined again."""
    return " ".join(line.text.strip() for line in app.screen.query_one("#log").lines)


def screen_lines(app) -> list[str]:
    """The screen's lines as the terminal shows them, as plain text."""
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]
