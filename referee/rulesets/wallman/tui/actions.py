"""Every umpire action of a Wallman session once: its key, its name in the footer, help and command palette."""

from __future__ import annotations

from referee.tui.actions import UmpireAction, shared_actions

RIOT_ACTIONS = (
    UmpireAction("e", "End phase", "end_phase",
                 "Close this phase; closing the assessment burns the fires and opens the next turn"),
    UmpireAction("m", "Move unit", "move", "Move a security unit or officer from the selected place (Movement)", short="Move"),
    UmpireAction("d", "Drift crowd", "drift",
                 "Roll the selected crowd's drift for its RL, see where it goes, confirm (Crowds)", short="Drift"),
    UmpireAction("c", "Move crowd", "crowd_move", "Move the selected crowd to a neighbouring place yourself (Crowds)",
                 footer=False),
    UmpireAction("r", "Roll RL", "rl",
                 "Roll the selected crowd on the RL state chart, with the factors of the moment (RL State Chart)", short="RL"),
    UmpireAction("n", "Negotiate", "negotiate", "An officer talks to the selected crowd (Negotiation)", short="Talk"),
    UmpireAction("O", "Order or talk", "order",
                 "An officer at the selected place shouts an order or talks with another officer: his action (Player Actions)",
                 footer=False),
    UmpireAction("f", "Fight", "fight", "A figure of a unit fights a member of the selected crowd (Fighting)", short="Fight"),
    UmpireAction("s", "Shoot", "shoot", "A unit fires into the selected crowd (Firearms)", footer=False),
    UmpireAction("g", "Gas", "gas", "A riot-equipped unit fires gas into a place (RL State Chart)", footer=False),
    UmpireAction("x", "Damage property", "damage", "The selected crowd smashes a building where it stands (Property Damage)",
                 footer=False),
    UmpireAction("l", "Loot", "loot", "The selected crowd's looters break in, loot, or fire a stripped building (Looting)",
                 short="Loot"),
    UmpireAction("i", "Start fire", "fire", "A fire starts in a building of the selected place (Fires and Firefighting)",
                 footer=False),
    UmpireAction("w", "Fight fire", "firefight", "An engine at the selected place plays its hose, or connects to a hydrant",
                 short="Fire"),
    UmpireAction("a", "Treat casualty", "treat",
                 "Paramedics assess a casualty where it lies, or take the patched-up away (Medical Services)", short="Medic"),
    UmpireAction("o", "Over-reaction test", "overreaction", "Test a unit under stress (Over-Reaction Test)", footer=False),
    UmpireAction("k", "Sniper", "snipe", "A sniper fires at a unit (Terrorists and Snipers)", footer=False),
    UmpireAction("K", "Return fire", "return_fire",
                 "A unit fires back at a sniper in the selected place: he holds his fire this turn (Terrorists and Snipers)",
                 footer=False),
    UmpireAction("S", "Split crowd", "split", "Part of the selected crowd goes its own way", footer=False),
    UmpireAction("J", "Merge crowds", "merge", "The selected crowd joins another in the same place", footer=False),
    UmpireAction("v", "View as player", "view_as",
                 "Show the crowds and places as each officer knows them, in turn, then the umpire's truth again",
                 short="View as"),
) + shared_actions("D")
