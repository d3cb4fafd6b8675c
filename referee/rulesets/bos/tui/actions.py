"""Every umpire action of a Battle of Seattle session once: its key, its name in the footer, help and command palette."""

from __future__ import annotations

from referee.tui.actions import NEXT, UmpireAction, shared_actions

ACTIONS = (
    UmpireAction("e", "End phase", "end_phase",
                 "Close this phase and open the next; closing the Turn End Phase opens the next game-turn (3.0-3.4)"),
    UmpireAction("r", "Roll random event", "events", "Roll the d66 on the Random Events Table and apply it (4.1)",
                 short="Event"),
    UmpireAction("i", "Reinforce", "reinforce",
                 "Both sides' EI reinforcements: how many to take of those due, which units to remove (4.21)",
                 short="Reinf."),
    UmpireAction("p", "Place unit", "place",
                 "Place a Protester reinforcement, or a unit a random event lets him choose, in an area (4.2)",
                 short="Place"),
    UmpireAction("E", "Emergency reinforcements", "emergency",
                 "The Authority orders SPD, State Troopers or National Guard at -4 EI a unit (4.22)", short="Emerg."),
    UmpireAction("l", "Lose unit", "lose", "Remove the unit Attrition or Paperwork takes, its side's choice (4.1)",
                 short="Lose"),
    UmpireAction("m", "Move unit", "move",
                 "Move a unit to an area by the shortest way along the Transit Lines, or to or from the Reserve Pool "
                 "(5.0, 5.1)", short="Move"),
    UmpireAction("b", "Build barricade", "barricade", "A Protester unit tries to build a barricade instead of moving (7.2)",
                 short="Barricade"),
    UmpireAction("c", "Combat", "combat",
                 "A combat in the selected area: attackers, defenders, munitions, choices, with the exact chances of "
                 "each result before the dice (6.0-6.4)", short="Combat"),
    UmpireAction("x", "Escalate", "escalate", "The Authority goes up one stage of escalation (7.3)", short="Escalate"),
    NEXT,
    UmpireAction("X", "Extend game", "extend",
                 "Once play stops at the end of the Afternoon, 2 December game-turn, the players agree to play on to the "
                 "end of the Afternoon, 3 December game-turn (2.4, 8.0); offered only then", short="Extend"),
    UmpireAction("v", "View as player", "view_as",
                 "Show the map, the areas and the log as each player knows them (with option fog, only what he "
                 "sees), in turn, then the umpire's truth again", short="View as", looks=True),
) + shared_actions("d")
