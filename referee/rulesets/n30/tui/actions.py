"""N30's umpire actions: each key once, for the footer, the help and the command palette."""

from __future__ import annotations

from referee.tui.actions import NEXT, UmpireAction, shared_actions

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
    NEXT,
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
                 short="View as", looks=True),
)

ACTIONS = ACTIONS + shared_actions("d")
