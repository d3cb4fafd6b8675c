"""Negotiation: a player's officer talks to a crowd; only at RL 4 or 5 can it work."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import Refusal
from referee.rules.charts import factor_lines, factors, row_for
from referee.rules.moods import level
from referee.rulesets.wallman.rules.response import rl_items

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables

QUALITIES = ("ordinary", "poor")


@dataclass(frozen=True)
class Talk:
    """What the negotiator brings: hidden quality, distance in inches, megaphone, umpire's discretion."""

    quality: str = "ordinary"
    distance: int = 0
    megaphone: bool = False
    face_to_face: bool = True
    discretion: int = 0
    shooting_or_gas: bool = False


@dataclass(frozen=True)
class Negotiation:
    """The outcome: `effective` is False (and no die rolled) outside the negotiable levels; `items`, how it was
    reached, a line of the table each."""

    was: int
    effective: bool
    roll: int | None
    modifiers: dict[str, int]
    score: int | None
    change: int
    rl: int
    text: str
    items: tuple[dict[str, Any], ...] = ()


def negotiate(tables: Tables, rl: int, talk: Talk, dice: Dice) -> Negotiation:
    """Negotiate with a crowd at `rl`; refusals cite the section."""
    n = tables.negotiation
    level(tables.rl, rl)
    if talk.shooting_or_gas:
        raise Refusal(n.section, "negotiation cannot take place with shooting or gas in sight of the crowd")
    if talk.quality not in QUALITIES:
        raise Refusal(n.section, f"a negotiator is {' or '.join(QUALITIES)}, got {talk.quality!r}")
    reach = n.megaphone if talk.megaphone else n.voice
    if talk.distance > reach:
        raise Refusal(n.section, f'the crowd is {talk.distance}" away: a normal voice carries {n.voice}", '
                                 f'a megaphone or PA {n.megaphone}"')
    if abs(talk.discretion) > n.discretion:
        raise Refusal(n.section, f"the umpire's discretion is at most +/-{n.discretion}, got {talk.discretion}")
    if rl not in n.levels:
        allowed = " or ".join(map(str, n.levels))
        text = f"no effect: negotiation works only at RL {allowed}"
        return Negotiation(rl, False, None, {}, None, 0, rl, text, (item(f"RL {rl}, not {allowed}:", "no effect", n.section),))
    counts = {"poor": int(talk.quality == "poor"), "not_face_to_face": int(not talk.face_to_face)}
    worth = factors(n.modifiers, counts, n.section)
    lines = factor_lines(n.modifiers, counts, worth, n.section)
    if talk.discretion:
        worth["discretion"] = talk.discretion
        lines.append(item("Umpire's discretion", talk.discretion, n.section))
    roll = dice.roll("negotiation", n.die).value
    score = roll + sum(worth.values())
    row = row_for(n.table, score)
    new = min(max(rl + row.change, 1), len(tables.rl.levels))
    items = rl_items(tables, n.table, n.section, rl, [item("die", roll, n.section), *lines], score, row.change, new)
    return Negotiation(rl, True, roll, worth, score, new - rl, new, row.text, tuple(items))
