"""Fighting: one figure against another on 1d10 each, and one figure against several."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.core.dice import Dice
from referee.core.events import item
from referee.errors import RefereeError
from referee.rules.charts import band, factor_lines, factors, row_for

if TYPE_CHECKING:
    from referee.rulesets.wallman.tables import Tables

INTENTS = ("beat", "arrest")
SAID = {"hurt": "beat", "beat up": "beat", "beat-up": "beat", "injure": "beat", "both": "arrest"}
"""Other words for the two intents: "beating someone up, or arresting them (or both)" (both: an arrest)."""


def intent_of(said: object, section: str = "Fighting") -> str:
    """The intent a word names; anything else is refused."""
    intent = SAID.get(said, said) if isinstance(said, str) else said
    if intent not in INTENTS:
        raise RefereeError(f"{section}: intent must be one of {', '.join(INTENTS + tuple(SAID))}, got {said!r}")
    return intent
DOWN = ("stunned", "wounded", "dead", "arrested")  # results that end a figure's part in a melee


@dataclass(frozen=True)
class Fighter:
    """A figure in a fight: its factors by name, and its die if rolled at the table."""

    name: str
    modifiers: tuple[str, ...] = ()
    roll: int | None = None


@dataclass(frozen=True)
class Fight:
    """One round between two figures: rolls, factors, scores, and the winner's result; `items`, each figure's die
    and factors (adding up to its score), then the margin's row."""

    intent: str
    rolls: tuple[int, int]
    modifiers: tuple[dict[str, int], dict[str, int]]
    scores: tuple[int, int]
    margin: int
    winner: int | None  # 0 for the first figure, 1 for the second, None on a tie
    result: str
    text: str
    items: tuple[dict[str, Any], ...] = ()


def _worth(tables: Tables, fighter: Fighter) -> dict[str, int]:
    """The fighter's factors; two from one exclusive group (two figure types, two odds) are refused."""
    section, known = tables.fight.section, tables.fight.modifiers
    if len(set(fighter.modifiers)) != len(fighter.modifiers):
        raise RefereeError(f"{section}: {fighter.name} lists a modifier twice")
    worth = factors(known, {name: 1 for name in fighter.modifiers}, section)
    for group in tables.fight.exclusive:
        taken = [name for name in worth if known[name].group == group]
        if len(taken) > 1:
            raise RefereeError(f"{section}: {fighter.name} can take only one {group.lower()} factor, got {', '.join(taken)}")
    return worth


def _roll(tables: Tables, fighter: Fighter, dice: Dice) -> int:
    die = tables.fight.die
    if fighter.roll is None:
        return dice.roll(f"fight: {fighter.name}", die).value
    if not isinstance(fighter.roll, int) or isinstance(fighter.roll, bool) or not 1 <= fighter.roll <= die:
        raise RefereeError(f"{tables.fight.section}: {fighter.name}'s roll must be a face of a d{die}, got {fighter.roll!r}")
    return fighter.roll


def fight(tables: Tables, intent: str, a: Fighter, b: Fighter, dice: Dice) -> Fight:
    """Resolve one round: the higher score wins and the margin is looked up for the winner.

    `intent` is what the first figure sets out to do; a winning second figure only defends himself.
    """
    intent = intent_of(intent, tables.fight.section)
    worth = (_worth(tables, a), _worth(tables, b))
    rolls = (_roll(tables, a, dice), _roll(tables, b, dice))
    scores = (rolls[0] + sum(worth[0].values()), rolls[1] + sum(worth[1].values()))
    margin = abs(scores[0] - scores[1])
    winner = None if margin == 0 else (0 if scores[0] > scores[1] else 1)
    rows = tables.fight.table.rows
    row = row_for(rows, margin)
    result = row.arrest if winner == 0 and intent == "arrest" and row.arrest else row.result
    section = tables.fight.section
    items = [line for fighter, roll, its, score in zip((a, b), rolls, worth, scores, strict=True) for line in (
        item(f"{fighter.name}: d{tables.fight.die}", roll, section),
        *factor_lines(tables.fight.modifiers, {}, its, section, f"{fighter.name}: "),
        item(f"{fighter.name}: score", f"= {score}", section))]
    by = "a tie" if winner is None else f"{(a, b)[winner].name} by {margin}"
    arrest = ", making an arrest" if result != row.result else ""
    items.append(item(f"{by} (row {band(rows, margin)}{arrest}):", result, section))
    return Fight(intent, rolls, worth, scores, margin, winner, result, row.text, tuple(items))


def outnumbered(tables: Tables, opponents: int) -> str | None:
    """The outnumbered factor for a figure facing this many at once (the worst the chart lists)."""
    odds = [name for name in tables.fight.modifiers if name.startswith("outnumbered_")]
    fitting = [name for name in odds if int(name.split("_")[1]) <= opponents]
    return max(fitting, key=lambda name: int(name.split("_")[1]), default=None)


def melee(tables: Tables, intent: str, lone: Fighter, others: list[Fighter], dice: Dice) -> list[Fight]:
    """One figure against several: one round against each in turn, the lone figure outnumbered.

    "In multiple combats, an outnumbered figure can only win against one opponent": after its first
    win, a higher score against another only holds him off (a stand-off). The rounds stop once the
    lone figure is down (stunned or worse), as in the first worked example. Every die comes from
    `dice`, in the order of the rounds (the lone figure's first).
    """
    if len(others) < 2:
        raise RefereeError(f"{tables.fight.section}: a melee is one figure against two or more")
    odds = outnumbered(tables, len(others))
    if any(name.startswith("outnumbered_") for name in lone.modifiers):
        raise RefereeError(f"{tables.fight.section}: the melee works out {lone.name}'s odds itself; leave out {odds}")
    lone = Fighter(lone.name, lone.modifiers + ((odds,) if odds else ()))
    rounds: list[Fight] = []
    won = False
    for other in others:
        round_ = fight(tables, intent, lone, other, dice)
        if round_.winner == 0 and won:
            held = row_for(tables.fight.table.rows, 0)
            line = item(f"{lone.name} has won a round, and an outnumbered figure wins against one opponent only:",
                        held.result, tables.fight.section)
            round_ = replace(round_, winner=None, result=held.result, text=held.text, items=(*round_.items, line))
        won = won or round_.winner == 0
        rounds.append(round_)
        if round_.winner == 1 and round_.result in DOWN:
            break
    return rounds
