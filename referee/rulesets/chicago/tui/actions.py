"""Every umpire action of a Chicago-Chicago session once: its key, its name in the footer, help and command palette."""

from __future__ import annotations

from referee.rulesets.chicago.plugin import PLUGIN
from referee.tui.actions import NEXT, UmpireAction, shared_actions

VIEW_AS = UmpireAction("v", "View as player", "view_as",
                       "Show the board and the log as each player knows them (with option fog, only what he sees), in "
                       "turn, then the umpire's truth again", short="View as", looks=True)
"""Offered once the game declares its players' knowledge."""

ACTIONS = (
    UmpireAction("e", "End phase", "end_phase",
                 "Close this step and open the next; closing step 4 runs attrition (5) and opens the next turn (6) "
                 "(HOW TO PLAY)"),
    UmpireAction("m", "Move units", "move",
                 "Move units of one kind or more from the selected box to a box, into or out of its minimum box, "
                 "infiltrating (HOW TO MOVE UNITS, INFILTRATION, CPD MINIMUM)", short="Move"),
    UmpireAction("c", "Resolve conflict", "conflict",
                 "A conflict in the selected box: the table, blue's attackers and defenders, with the odds and the "
                 "exact chance of each result before the dice (HOW TO RESOLVE CONFLICT)", short="Conflict"),
    UmpireAction("g", "Bring in the Guard", "guard_in",
                 "National Guard companies brought into a box while green leads, +2 green each (NATIONAL GUARD)",
                 short="Guard in"),
    UmpireAction("o", "Take out the Guard", "guard_out",
                 "National Guard companies taken out of the game, +1 green each (NATIONAL GUARD)", short="Guard out"),
    UmpireAction("p", "Place units", "place",
                 "Before the first move: change the set-up, units from the selected box to a box or its minimum box "
                 "(HOW TO SET UP THE GAME 3-4)", short="Place"),
    NEXT,
) + ((VIEW_AS,) if PLUGIN.knowledge else ()) + shared_actions("d")
