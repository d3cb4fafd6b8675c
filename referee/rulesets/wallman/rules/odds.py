"""The exact chances of a player's order before its dice are rolled, wherever a table of the umpire's rules decides
it: a fight (Fighting), a negotiation (Negotiation), a volley (Firearms), a SWAT team's aimed shot back at a sniper
(Terrorists and Snipers), a paramedic's triage (Medical Services), an engine's hose (Fires and Firefighting).

Every face of every die is gone through with the rules' own functions, on the inputs the command's own checks
give, so the chances are those of the rules and cannot drift from them. What follows an order by dice it does not
decide (the crowd's next RL roll, an over-reaction test) is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from referee.core.dice import TableDice
from referee.rulesets.wallman.rules.care import assessing
from referee.rulesets.wallman.rules.clashes import fighters, firing, firing_back
from referee.rulesets.wallman.rules.crowds import talking
from referee.rulesets.wallman.rules.fighting import fight
from referee.rulesets.wallman.rules.firearms import counter_snipe, shots, volley
from referee.rulesets.wallman.rules.fires import fight_fire, petrol_bomb
from referee.rulesets.wallman.rules.medical import triage
from referee.rulesets.wallman.rules.negotiation import negotiate
from referee.rulesets.wallman.rules.premises import hosing
from referee.rulesets.wallman.rules.setup import tables

if TYPE_CHECKING:
    from referee.core.engine import Context
    from referee.core.state import GameState
    from referee.game import Game


def chances(outcome: Callable[[TableDice], Hashable], *dice: int) -> dict[Hashable, Fraction]:
    """The chance of each outcome of rolling `dice` (their sides, in the order rolled), the likeliest first."""
    faces = list(product(*(range(1, sides + 1) for sides in dice)))
    found: dict[Hashable, Fraction] = {}
    for rolled in faces:
        key = outcome(TableDice(list(rolled)))
        found[key] = found.get(key, Fraction(0)) + Fraction(1, len(faces))
    return dict(sorted(found.items(), key=lambda pair: -pair[1]))


def said(found: dict[Hashable, Fraction]) -> str:
    """Chances in words: "no hit 2/3; dead 1/6; ..."."""
    return "; ".join(f"{what} {chance}" for what, chance in found.items())


def _fight(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    unit, crowd, intent, ours, theirs = fighters(ctx, state, command)
    t = tables(ctx)

    def result(dice: TableDice) -> str:
        round_ = fight(t, intent, ours, theirs, dice)
        return round_.result if round_.winner is None else f"{(unit.id, crowd.id)[round_.winner]} wins ({round_.result})"

    return (f"{t.fight.section}: {unit.id} against {crowd.id} ({intent}): {said(chances(result, t.fight.die, t.fight.die))}",)


def _negotiate(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    officer, crowd, talk = talking(ctx, state, command)
    t, rl = tables(ctx), crowd.attrs["rl"]
    if not negotiate(t, rl, talk, TableDice([1])).effective:
        return ()  # no die at this RL: no chances to give
    found = chances(lambda dice: f"RL {negotiate(t, rl, talk, dice).rl}", t.negotiation.die)
    return (f"{t.negotiation.section}: {officer.id} with {crowd.id} at RL {rl}: {said(found)}",)


def _shoot(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    unit, crowd, firers = firing(ctx, state, command)
    t = tables(ctx)
    found = chances(lambda dice: ", ".join(volley(t, unit.type, 1, dice).casualties) or "no hit",
                    t.firearms.die, t.firearms.die)  # one die to hit, and a wound die where it hits
    rolled = shots(t, firers, command.get("automatic", False))
    return (f"{t.firearms.section}: {unit.id} into {crowd.id}, {rolled} dice, each: {said(found)}",)


def _return_fire(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    unit, at, aimed = firing_back(ctx, state, command)
    if not aimed:
        return ()  # almost always ineffective: no die
    t = tables(ctx)
    found = chances(lambda dice: "hit" if counter_snipe(t, dice)[1] else "miss", t.sniper.die)
    return (f"{t.sniper.section}: {unit.id} at the spotted sniper at {at}: {said(found)}",)


def _triage(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    medic, cid, casualty = assessing(state, command)
    if casualty["state"] == "dead":
        return ()  # the dead need no die
    t = tables(ctx)
    return (f"{t.triage.section}: {medic.id} assesses {cid}: "
            f"{said(chances(lambda dice: triage(t, dice)[1].result, t.triage.die))}",)


def _firefight(ctx: Context, state: GameState, command: dict) -> tuple[str, ...]:
    unit, building, engine = hosing(ctx, state, command)
    t = tables(ctx)
    strong = building.fires >= t.fires.petrol_bomb_from
    crew = [1] * engine.crew if strong else []  # the crew's dice, rolled first, decide only who is burned

    def put_out(dice: TableDice) -> str:
        return f"{building.fires - fight_fire(t, building, engine, TableDice(crew + dice.values))[0].fires} put out"

    lines = [f"{t.fires.section}: {unit.id} on the {building.fires} fires at {building.id}: "
             f"{said(chances(put_out, t.fires.engine_die))}"]
    if strong:
        burned = chances(lambda dice: "burned" if petrol_bomb(t, 1, dice)[1] else "unhurt", t.petrol_bomb.die)
        lines.append(f"{t.petrol_bomb.section}: each of {unit.id}'s {engine.crew} crew: {said(burned)}")
    return tuple(lines)


ODDS: dict[str, Callable[[Context, GameState, dict], tuple[str, ...]]] = {
    "fight": _fight, "negotiate": _negotiate, "shoot": _shoot, "return-fire": _return_fire, "triage": _triage,
    "firefight": _firefight}
"""Each order a table decides, and its chances."""


def order_odds(game: Game, command: dict) -> tuple[str, ...]:
    """The exact chances of a command against the umpire's state, a line each naming its table (a Refusal where
    the rules refuse it); none for a command no die decides."""
    odds = ODDS.get(command["do"])
    return odds(game.ctx, game.state, command) if odds else ()
