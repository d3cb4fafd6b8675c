"""The words an officer's view puts on what he sees and is told: the knowledge writes them
(referee.rulesets.wallman.knowledge), the order forms read them back (referee.rulesets.wallman.orders)."""

OVER = "the game is over"  # the public announcement of the game's end
ON_FIRE, DOWN, ASSESSED = "on fire", "a man down", ", assessed: "  # a building burning, a casualty lying, his triage
HYDRANT, UNDER_WAY = "on a hydrant", "any distance once under way"  # an engine's water, a vehicle's pace
UNDER_FIRE, FROM = " is under sniper fire", " from "  # the report a sniper's target gets, and the place once spotted
