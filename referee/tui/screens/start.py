"""The start screen: a new session from the scenario list, or one of the recent sessions."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from referee.recent import recent
from referee.scenario.catalog import Scenario
from referee.text import printable
from referee.tui.widgets.number_input import NumberInput

if TYPE_CHECKING:
    from referee.tui.app import RefereeApp


def shown(folder: Path) -> str:
    """A folder as the umpire knows it: relative to the working directory when it is below it."""
    try:
        return str(folder.resolve().relative_to(Path.cwd().resolve())) + "/"
    except ValueError:
        return str(folder)


class StartScreen(Screen):
    """Pick a scenario and its options (or a recent session); the app opens the main screen."""

    BINDINGS = [("ctrl+q", "app.quit", "Quit")]

    def __init__(self, scenarios: list[Scenario], folder: Path):
        super().__init__()
        self.scenarios = scenarios
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Horizontal(id="start"):
            with VerticalScroll(id="new-session"):
                yield Label("[b]New session[/b]")
                yield OptionList(*[
                    Option(f"{s.title}  [dim]{s.length} · {s.seats}[/dim]", id=s.id) for s in self.scenarios
                ], id="scenarios")
                yield Static(id="summary")
                yield Static("[dim]Options: Tab to one; Enter (or a click) gives it its next value[/dim]")
                yield Vertical(id="options")
                with Horizontal(classes="buttons"):
                    yield NumberInput(placeholder="seed (empty: random)", type="integer", id="seed", compact=True)
                    yield Button("Start", variant="primary", id="start-new", compact=True)
            with Vertical(id="recent"):
                yield Label(Text.assemble(("Recent sessions", "bold"), f"\nin {printable(shown(self.folder))} and elsewhere"))
                yield OptionList(*[
                    Option(Text.assemble(f"{printable(path.name)}  ",
                                         (f"{datetime.fromtimestamp(path.stat().st_mtime):%Y-%m-%d %H:%M}", "dim"),
                                         ("" if path.parent == self.folder.resolve() else
                                          f"  {printable(shown(path.parent))}", "dim")),
                           id=str(path))
                    for path in recent(self.folder)
                ] or [Option("none yet", id="", disabled=True)], id="sessions")
                yield Button("Open", id="open", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        scenarios = self.query_one("#scenarios", OptionList)
        scenarios.highlighted = 0
        scenarios.focus()

    @on(OptionList.OptionHighlighted, "#scenarios")
    def _scenario(self, event: OptionList.OptionHighlighted) -> None:
        scenario = self.scenario = self.scenarios[event.option_index]
        self.query_one("#summary", Static).update(f"[dim]{scenario.id}, rules {scenario.section}:[/dim] {scenario.summary}")
        box = self.query_one("#options", Vertical)
        box.remove_children()
        self.values = {name: option.default for name, option in scenario.options.items()}
        box.mount_all(
            Button(self._label(option.name), id=f"opt-{option.name}", classes="option", compact=True,
                   tooltip=option.help)
            for option in scenario.options.values()
        )

    def _label(self, name: str) -> str:
        option = self.scenario.options[name]
        return f"{name} ({option.section}): {self.values[name]}  [dim]{' / '.join(option.choices)}[/dim]"

    @on(Button.Pressed, ".option")
    def _cycle(self, event: Button.Pressed) -> None:
        """Enter (or a click) on an option moves it to its next value."""
        name = cast(str, event.button.id).removeprefix("opt-")
        choices = self.scenario.options[name].choices
        self.values[name] = choices[(choices.index(self.values[name]) + 1) % len(choices)]
        event.button.label = self._label(name)

    def chosen(self) -> tuple[str, dict[str, str], int | None]:
        """The highlighted scenario, its options and the seed typed (None: random)."""
        seed = self.query_one("#seed", Input).value.strip()
        return self.scenario.id, dict(self.values), int(seed) if seed else None

    @on(Button.Pressed, "#start-new")
    @on(OptionList.OptionSelected, "#scenarios")
    def _start(self) -> None:
        scenario, options, seed = self.chosen()
        cast("RefereeApp", self.app).create_session(scenario, options, seed)

    @on(Button.Pressed, "#open")
    @on(OptionList.OptionSelected, "#sessions")
    def _open(self) -> None:
        option = self.query_one("#sessions", OptionList).highlighted_option
        if option is not None and option.id:
            cast("RefereeApp", self.app).open_session(Path(option.id))
