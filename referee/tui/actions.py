"""Every umpire action once: its key, its name in the footer, help and command palette."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UmpireAction:
    """An action of the main screen: `run` names its `action_` method."""

    key: str
    name: str
    run: str
    help: str
    footer: bool = True
    short: str = ""

    @property
    def label(self) -> str:
        """What the footer shows."""
        return self.short or self.name


ACTIONS: tuple[UmpireAction, ...] = (
    UmpireAction("e", "End phase", "end_phase", "Close this phase and open the next (2); the success phase scores itself (5)"),
    UmpireAction("m", "Move unit", "move", "Move the selected unit: roll, then pick a highlighted intersection (3)",
                 short="Move"),
    UmpireAction("s", "Stay", "stay", "The rolled unit stays where it is, its move used (3)", footer=False),
    UmpireAction("M", "Move group", "move_group",
                 "The stack under the cursor, or the reinforcements at the selected one's edge, head for the "
                 "intersection you pick: one command (3.1)", short="Group"),
    UmpireAction("p", "Place reinforcements", "reinforce", "Select the next reinforcement waiting at its edge (3, 11)",
                 short="Reinf."),
    UmpireAction("n", "Next intersection", "next_node",
                 "Jump to the next intersection that needs the umpire: contact in the confrontation phase, "
                 "units still to move in a movement phase", short="Next"),
    UmpireAction("c", "Choose intersection", "choose", "Choose the intersection under the cursor for this phase (3)",
                 short="Choose"),
    UmpireAction("a", "Resolve confrontation", "confront",
                 "Attack at the intersection under the cursor: odds, dice, retreats (4)", short="Confront"),
    UmpireAction("b", "Build barricade", "barricade", "The selected unit builds a barricade instead of moving (3.3)",
                 short="Barricade"),
    UmpireAction("f", "Drop Flo", "flo", "The selected unit drops Flo instead of moving (3.3)", short="Flo"),
    UmpireAction("o", "Put on top", "top", "Put the selected unit on top of its stack (6.2)", short="Top"),
    UmpireAction("F", "Assign factions", "factions", "Assign factions at 11:10 (6.1)", footer=False),
    UmpireAction("v", "View as player", "view_as",
                 "Show the map and intersections as each player knows them, in turn, then the umpire's truth again",
                 short="View as"),
)


def shared_actions(theme: str) -> tuple[UmpireAction, ...]:
    """The actions every session's screen ends its registry with; `theme` is the key that switches the theme."""
    return (
        UmpireAction("R", "Report to a player", "report",
                     "File a report or rumour for one player: it reaches him after its delay, with its reliability",
                     short="Report"),
        UmpireAction("P", "Print briefings", "print_briefings",
                     "Write every player's briefing sheet (HTML or Markdown, English or Spanish) and record it",
                     short="Print"),
        UmpireAction("t", "Table dice", "table_dice", "Switch between the generator and dice typed in from the table",
                     short="Dice"),
        UmpireAction("u", "Undo", "undo", "Undo the last command (the log keeps it)"),
        UmpireAction("y", "Redo", "redo", "Redo the last undone command"),
        UmpireAction(theme, "Light or dark theme", "theme", "Switch between the dark and the light theme", footer=False),
        UmpireAction("h", "History", "history",
                     "Step through the session's past (the log): the screen shows the game as it stood, "
                     "`,` `.` an event, `{` `}` a phase, `<` `>` a turn; h again to return",
                     short="History"),
        UmpireAction("B", "Branch here (what-if)", "branch",
                     "In history: write a new session that starts at the moment shown; this one never changes",
                     footer=False),
        UmpireAction("question_mark", "Help", "help", "Every key and action"),
    )


ACTIONS = ACTIONS + shared_actions("d")
