"""Every umpire action once: its key, its name in the footer, help and command palette."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UmpireAction:
    """An action of the main screen: `run` names its `action_` method; one that `looks` changes only what the screen
    shows (or how it asks), and works while the screen shows the past: the others act on the game now."""

    key: str
    name: str
    run: str
    help: str
    footer: bool = True
    short: str = ""
    looks: bool = False

    @property
    def label(self) -> str:
        """What the footer shows."""
        return self.short or self.name

    @property
    def invoked(self) -> str:
        """The Textual action its key and the command palette run: the screen's `act`, which runs `action_<run>`."""
        return f"act('{self.run}')"


NEXT = UmpireAction("n", "Next", "next",
                    "Go to the next thing the rules leave to do in this phase (the status line's checklist): select "
                    "its place (again: the next place), or say which key does it")
"""Every game's `n`: the phase's checklist, one item after the other."""


def shared_actions(theme: str) -> tuple[UmpireAction, ...]:
    """The actions every session's screen ends its registry with; `theme` is the key that switches the theme."""
    return (
        UmpireAction("R", "Report to a player", "report",
                     "File a report or rumour for one player: it reaches him after its delay, with its reliability",
                     short="Report"),
        UmpireAction("P", "Print briefings", "print_briefings",
                     "Write every player's briefing sheet (HTML or Markdown, English or Spanish) and record it",
                     short="Print"),
        UmpireAction("L", "Player links", "player_links",
                     "Each player's secret link to his live page (referee serve), with its QR code; renew or withdraw it",
                     footer=False, looks=True),
        UmpireAction("I", "Inbox", "inbox",
                     "The players' messages from their live pages, each thread in order: answer one, or write to a player",
                     footer=False, looks=True),
        UmpireAction("H", "Hand a player's units", "hand",
                     "Who is yet to send orders this phase; hand a missing player's units to a teammate, or give them "
                     "back", footer=False),
        UmpireAction("A", "Computer player's orders", "autopilot",
                     "A computer player writes a missing player's orders for this phase, for you to decide in the "
                     "inbox like any player's (referee autopilot)", footer=False),
        UmpireAction("T", "Time for orders (deadline)", "deadline",
                     "Give the players until a time to send their orders in this phase: minutes from now, a time of "
                     "today, or off", footer=False),
        UmpireAction("t", "Table dice", "table_dice", "Switch between the generator and dice typed in from the table",
                     short="Dice", looks=True),
        UmpireAction("u", "Undo", "undo", "Undo the last command (the log keeps it)"),
        UmpireAction("y", "Redo", "redo", "Redo the last undone command"),
        UmpireAction(theme, "Light or dark theme", "theme", "Switch between the dark and the light theme", footer=False,
                     looks=True),
        UmpireAction("h", "History", "history",
                     "Step through the session's past (the log): the screen shows the game as it stood, "
                     "`,` `.` an event, `{` `}` a phase, `<` `>` a turn; h again to return",
                     short="History", looks=True),
        UmpireAction("B", "Branch here (what-if)", "branch",
                     "In history: write a new session that starts at the moment shown; this one never changes",
                     footer=False, looks=True),
        UmpireAction("question_mark", "Help", "help", "Every key and action", looks=True),
    )
