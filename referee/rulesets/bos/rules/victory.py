"""Victory (7.3, 8.0): the level the indices give at the game's end, and when the game ends.

The English text extends the game to Afternoon, 3 December by the players' agreement (option `extend`,
`on`); the Spanish extends it on a tie at the end of Afternoon, 2 December (reading `tie`).
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


def last_turn(extend: str, ei: dict[str, int] | None = None) -> int:
    """The game-turn at whose end victory is judged: 8, or 11 when extended by agreement or, read the Spanish
    way, when the indices are tied at the end of turn 8 (`ei` then)."""
    if extend == AGREED or (extend == TIE and ei is not None and ei[PROTESTER] == ei[AUTHORITY]):
        return EXTENDED
    return TURNS
