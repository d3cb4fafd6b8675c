"""The start screen: a new session from the scenario list, or one of the recent sessions."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from referee.scenario.catalog import Scenario


def recent_sessions(folder: Path, limit: int = 12) -> list[Path]:
    """The session databases in a folder, newest first."""
    return sorted(folder.glob("*.db"), key=lambda p: p.stat().st_mtime, reverse=True)[:limit]


class StartScreen(Screen):
    """Pick a scenario and its options (or a recent session); the app opens the main screen."""

    BINDINGS = [("ctrl+q", "app.quit", "Quit")]

    def __init__(self, scenarios: list[Scenario], folder: Path):
        super().__init__()
        self.scenarios = {s.id: s for s in scenarios}
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Horizontal(id="start"):
            with Vertical(id="new-session"):
                yield Label("[b]New session[/b]")
                yield OptionList(*[
                    Option(f"{s.title}  [dim]{s.clock.turns} turns, {s.id}[/dim]\n  {s.summary}", id=s.id)
                    for s in self.scenarios.values()
                ], id="scenarios")
                yield Vertical(id="options")
                with Horizontal(classes="buttons"):
                    yield Input(placeholder="seed (empty: random)", type="integer", id="seed")
                    yield Button("Start", variant="primary", id="start-new")
            with Vertical(id="recent"):
                yield Label(f"[b]Recent sessions[/b] in {self.folder}")
                yield OptionList(*[
                    Option(f"{path.name}  [dim]{datetime.fromtimestamp(path.stat().st_mtime):%Y-%m-%d %H:%M}[/dim]", id=str(path))
                    for path in recent_sessions(self.folder)
                ] or [Option("none yet", id="", disabled=True)], id="sessions")
                yield Button("Open", id="open")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scenarios", OptionList).highlighted = 0

    @on(OptionList.OptionHighlighted, "#scenarios")
    def _scenario(self, event: OptionList.OptionHighlighted) -> None:
        box = self.query_one("#options", Vertical)
        box.remove_children()
        scenario = self.scenarios[event.option.id]
        for option in scenario.options.values():
            box.mount(Horizontal(
                Label(f"{option.name} ({option.section})", classes="option-name"),
                Select([(c, c) for c in option.choices], value=option.default, allow_blank=False, id=f"opt-{option.name}"),
                classes="option",
            ))

    def chosen(self) -> tuple[str, dict[str, str], int | None]:
        """The highlighted scenario, its options and the seed typed (None: random)."""
        scenarios = self.query_one("#scenarios", OptionList)
        scenario = self.scenarios[scenarios.get_option_at_index(scenarios.highlighted).id]
        options = {name: str(self.query_one(f"#opt-{name}", Select).value) for name in scenario.options}
        seed = self.query_one("#seed", Input).value.strip()
        return scenario.id, options, int(seed) if seed else None

    @on(Button.Pressed, "#start-new")
    @on(OptionList.OptionSelected, "#scenarios")
    def _start(self) -> None:
        scenario, options, seed = self.chosen()
        self.app.create_session(scenario, options, seed)

    @on(Button.Pressed, "#open")
    @on(OptionList.OptionSelected, "#sessions")
    def _open(self) -> None:
        sessions = self.query_one("#sessions", OptionList)
        if sessions.highlighted is not None and sessions.get_option_at_index(sessions.highlighted).id:
            self.app.open_session(Path(sessions.get_option_at_index(sessions.highlighted).id))
