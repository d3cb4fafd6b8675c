"""The dashboard application: opens or creates a session and shows it; commands run in workers."""

from __future__ import annotations

import gc
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from referee import rulesets
from referee.errors import RefereeError
from referee.paths import new_session_path, sessions_dir
from referee.recent import remember
from referee.session import Session
from referee.store.location import Location, location
from referee.tui.screens.umpire import UmpireScreen
from referee.tui.styles import give_default_styles

YOUNG = 10_000
"""Allocations between two collections of the youngest objects while a session is open."""


class RefereeApp(App):
    """referee's dashboard: the start screen, or straight to the main screen on a session."""

    CSS_PATH = Path(__file__).parent / "referee.tcss"
    TITLE = "referee"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    """A screen under 30 lines is `-short`: its panels give up their borders for lines of content."""
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]  # the help says it: the footer keeps its room for the game

    def __init__(self, path: Location | str | None = None, folder: Path | None = None, umpire: str | None = None):
        """The dashboard on the session at `path` (a file's path or a PostgreSQL URL, as text or as such), else the
        start screen on `folder`'s sessions; `umpire`: who gives its commands, where the session names its umpires."""
        super().__init__()
        self.umpire = umpire
        self.path = None if path is None else location(str(path))
        self.folder = folder or sessions_dir()
        self.session: Session | None = None
        self._thresholds = gc.get_threshold()
        give_default_styles(self)

    def on_mount(self) -> None:
        if self.path is not None:
            self.open_session(self.path)
        else:
            from referee.game import opening_faults
            from referee.scenario.catalog import every_scenario
            from referee.tui.screens.start import StartScreen

            problems: list[str] = []  # a club's scenario that does not load, or whose game does not open: said
            self.push_screen(StartScreen(every_scenario(problems, opening_faults), self.folder))
            for problem in problems:
                self.notify(problem, title="A scenario left out", severity="error", timeout=15, markup=False)

    @work(thread=True, exclusive=True, group="session")
    def open_session(self, path: Location) -> None:
        """Open a session database (in a worker: it replays the log)."""
        try:
            session = Session.view(path)
        except RefereeError as error:
            self.call_from_thread(self.notify, str(error), title="Cannot open", severity="error", timeout=10)
            return
        self.call_from_thread(self._show, session)
        self.call_from_thread(self.call_after_refresh, self._connect, session)

    @work(thread=True, group="session")
    def _connect(self, session: Session) -> None:
        """Open the session for writing in the background, so that the first command need not wait."""
        try:
            session.store  # noqa: B018 -- the property opens the database
        except RefereeError as error:
            self.call_from_thread(self.notify, str(error), title="Cannot write", severity="error", timeout=10)

    @work(thread=True, exclusive=True, group="session")
    def create_session(self, scenario: str, options: dict[str, str], seed: int | None) -> None:
        """Create a session under the sessions folder and open it."""
        try:
            session = Session.create(new_session_path(scenario, self.folder), scenario, options, seed)
        except RefereeError as error:
            self.call_from_thread(self.notify, str(error), title="Cannot create", severity="error", timeout=10)
            return
        self.call_from_thread(self._show, session)

    def _show(self, session: Session) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        session.umpire = self.umpire
        if isinstance(session.path, Path):
            remember(session.path)
        self.sub_title = f"{session.path}" + (f" · umpire {self.umpire}" if self.umpire else "")
        kind = rulesets.get(session.game.ctx.scenario.ruleset).screen_class()
        give_default_styles(self, kind.STYLED)
        screen = kind(session)
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self._settle_memory)

    def _settle_memory(self) -> None:
        """Leave what is loaded by now (Textual, the scenario, the replayed session, the screen) out of the
        garbage collector's full passes: it lives as long as the app, and scanning it took 50-90 ms a pass,
        a pause that could fall on any key. Young objects are collected after 10,000 allocations instead of 700:
        opening a dialog allocates tens of thousands, most freed at once, and collecting every 700 cost 5-10 ms."""
        gc.set_threshold(YOUNG, *self._thresholds[1:])
        gc.freeze()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette offers every umpire action by name."""
        yield from super().get_system_commands(screen)
        if isinstance(screen, UmpireScreen):
            for action in screen.ACTIONS:
                yield SystemCommand(action.name, action.help, partial(screen.run_action, action.invoked))

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()
        gc.unfreeze()
        gc.set_threshold(*self._thresholds)
