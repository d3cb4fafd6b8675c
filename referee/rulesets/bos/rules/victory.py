"""Victory (7.3, 8.0): the level the indices give at the game's end, and when the game ends.

The English text extends the game to Afternoon, 3 December by the players' agreement: before play (option
`extend`, `on`) or when play stops (command `extend`); the Spanish extends it on a tie at the end of Afternoon,
2 December, judged once then (reading `tie`).
"""

from __future__ import annotations

from referee.rulesets.bos.rules.turns import EXTENDED, TURNS
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER

NO, AGREED, TIE = "off", "on", "tie"  # readings of the extension (option `extend`)

TRIUMPH = "Triumph for the Forces of Capitalist Darkness"
MARGINAL = "Protester Marginal Victory"
SUBSTANTIAL = "Protester Substantial Victory"
DECISIVE = "Protester Decisive Victory"
LEVELS = ((0, MARGINAL), (31, SUBSTANTIAL), (61, DECISIVE))  # the Protester's lead from which each level runs


def level(ei: dict[str, int], stage_three: bool = False) -> str:
    """The victory level (8.0): an Authority that went to Stage Three cannot win, its lead is a Protester
    Marginal Victory (7.3)."""
    lead = ei[PROTESTER] - ei[AUTHORITY]
    if lead < 0:
        return MARGINAL if stage_three else TRIUMPH
    return [name for low, name in LEVELS if lead >= low][-1]


def last_turn(extend: str, turns: int = TURNS) -> int:
    """The game-turn at whose end victory is judged, as the game starts: 11 when extended by agreement before
    play, else the scenario's last, 8 in the whole game (2.4, 8.0; a shorter scenario's, RULINGS.md)."""
    return EXTENDED if extend == AGREED else turns


def extended_by_tie(extend: str, turn: int, ei: dict[str, int]) -> bool:
    """Read the Spanish way, whether the indices tied at the end of the Afternoon, 2 December game-turn extend
    the game (8.0); the tie is judged then only."""
    return extend == TIE and turn == TURNS and ei[PROTESTER] == ei[AUTHORITY]
