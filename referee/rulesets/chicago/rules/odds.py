"""The exact chances of a conflict before its dice are rolled (HOW TO RESOLVE CONFLICT 5-8): each result of the
roll on the chosen table, each result of the forced assault's roll where the odds call for one, the points each
side may score, and each unit's fate.

Every face of every die the conflict may roll is gone through with conflict.py's own `resolve`, so the chances
are those of the conflict and cannot drift from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from referee.core.dice import TableDice
from referee.rulesets.chicago.rules import conflict, tables
from referee.rulesets.chicago.rules.fighting import declared
from referee.rulesets.chicago.rules.tables import Table
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

if TYPE_CHECKING:
    from referee.game import Game

FACES = range(1, 7)  # one d6 a roll
STAYS, OUT = "stays", "out"  # a unit's fate: as it was, out of the game; else "level n", the level it goes down to


@dataclass(frozen=True)
class Odds:
    """A conflict's chances: the strengths and odds, each result of the roll and of the forced assault's (None
    if the odds force none), each (police, demonstrators) points scored, each unit's fate."""

    attack_strength: int
    defend_strength: int
    odds: str
    results: dict[str, Fraction]
    forced: dict[str, Fraction] | None
    points: dict[tuple[int, int], Fraction]
    fates: dict[str, dict[str, Fraction]]


def fate(pieces: tuple[conflict.Piece, ...], unit: conflict.Unit) -> str:
    """What became of one platoon or group: it stays, goes down to a level, or leaves the game."""
    piece = next(piece for piece in pieces if piece.unit.id == unit.id)
    if piece.removed:
        return OUT
    return STAYS if piece.unit.level == unit.level else f"level {piece.unit.level}"


def _add(chances: dict, key, chance: Fraction) -> None:
    chances[key] = chances.get(key, Fraction(0)) + chance


def odds(fight: conflict.Conflict, tables: dict[str, Table]) -> Odds:
    """The chances of a conflict the rules allow (a Refusal otherwise, as `resolve` would refuse it)."""
    conflict.check(fight)
    first = conflict.resolve(fight, tables, TableDice([FACES[0], FACES[0]]))
    rolls = 2 if first.forced else 1
    chance = Fraction(1, len(FACES) ** rolls)
    results: dict[str, Fraction] = {}
    forced: dict[str, Fraction] = {}
    points: dict[tuple[int, int], Fraction] = {}
    fates: dict[str, dict[str, Fraction]] = {unit.id: {} for unit in fight.attack + fight.defend}
    for faces in product(FACES, repeat=rolls):
        outcome = conflict.resolve(fight, tables, TableDice(list(faces)))
        _add(results, outcome.strike.result, chance)
        scored = dict(outcome.strike.points)
        if outcome.forced:
            _add(forced, outcome.forced.result, chance)
            scored = {side: scored[side] + outcome.forced.points[side] for side in scored}
        _add(points, (scored[POLICE], scored[DEMONSTRATORS]), chance)
        for unit in fight.attack + fight.defend:
            _add(fates[unit.id], fate(outcome.pieces, unit), chance)
    return Odds(first.attack_strength, first.defend_strength, first.odds, results, forced if first.forced else None,
                points, fates)


def _chances(chances: dict, said=str) -> str:
    """Those chances that are not nil, the likeliest first: "N 1/2, D1 1/3, P1 1/6"."""
    return ", ".join(f"{said(what)} {chance}" for what, chance in sorted(chances.items(), key=lambda pair: -pair[1])
                     if chance)


def _scored(points: tuple[int, int]) -> str:
    police, demonstrators = points
    return " ".join(f"{side} +{n}" for side, n in ((POLICE, police), (DEMONSTRATORS, demonstrators)) if n) or "nothing"


def conflict_odds(game: Game, command: dict) -> tuple[str, ...]:
    """HOW TO RESOLVE CONFLICT 5-8: a `conflict` command's chances against the units truly in the box: each result
    of the roll and of a forced assault, the points scored, each unit's fate (a Refusal where the rules refuse the
    conflict), a unit sure to stay as it is left out; no other order of the game rolls a die it decides."""
    if command["do"] != "conflict":
        return ()
    fight = declared(game.ctx, game.state, command)[3]
    found = odds(fight, tables.of(game.ctx.scenario))
    resolve = conflict.RESOLVE
    lines = [f"{resolve} 6: {fight.table.upper()} at {found.odds} ({found.attack_strength} against "
             f"{found.defend_strength}): {_chances(found.results)}"]
    if found.forced:
        lines.append(f"{resolve} 7: the forced assault, ASSAULT at 1:1: {_chances(found.forced)}")
    lines.append(f"{resolve} 5: points: {_chances(found.points, _scored)}")
    return (*lines, *(f"{conflict.BREAKING}: {uid}: {_chances(fates)}" for uid, fates in found.fates.items()
                      if fates != {STAYS: 1}))
