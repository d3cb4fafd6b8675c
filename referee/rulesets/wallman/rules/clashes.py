"""Violence: fights, shooting, gas, the over-reaction test and snipers, carried out on the table."""

from __future__ import annotations

from typing import Literal, get_args

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rules.charts import row_for
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.actions import one_action
from referee.rulesets.wallman.rules.care import casualty_id, casualty_ids
from referee.rulesets.wallman.rules.crowds import near
from referee.rulesets.wallman.rules.fighting import Fighter, intent_of
from referee.rulesets.wallman.rules.fighting import fight as fight_round
from referee.rulesets.wallman.rules.firearms import counter_snipe, volley
from referee.rulesets.wallman.rules.firearms import snipe as snipe_shot
from referee.rulesets.wallman.rules.overreaction import over_reaction
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.setup import tables

FIGHTING, FIREARMS, OVER, SNIPERS = "Fighting", "Firearms", "Over-Reaction Test", "Terrorists and Snipers"
FIGURE = {"officer": "police", "patrol": "police", "riot_police": "riot_trained", "anti_riot": "riot_trained",
          "soldiers_riot": "riot_trained", "mounted": "mounted", "mounted_riot": "mounted_riot", "swat": "police",
          "soldiers": "police", "conscripts": "police", "special_forces": "police"}
GasKind = Literal["tear_gas", "cs_gas"]
GAS = get_args(GasKind)
GAS_CARRIERS = ("riot_police", "anti_riot", "soldiers_riot", "mounted_riot", "swat")
HURT = ("wounded", "dead")




def fighters(ctx: Context, state: GameState, command: dict) -> tuple[Unit, Unit, str, Fighter, Fighter]:
    """The unit and the crowd a `fight` command sets against each other, its intent, and their two figures with
    every factor, checked before any die (Fighting)."""
    unit = lookup.unit(state, command, "unit", SECURITY, FIGHTING)
    crowd = lookup.unit(state, command, "crowd", CROWD, FIGHTING)
    if not command.get("defending", False):
        one_action(state, unit)
    if unit.node != crowd.node:
        raise Refusal(FIGHTING, f"fights are between figures in contact: {unit.id} is at {unit.node}, {crowd.id} at {crowd.node}")
    intent = intent_of(command.get("intent", "beat"), FIGHTING)
    figure = FIGURE.get(unit.type)
    if figure and command.get("charging", False):
        if not figure.startswith("mounted"):
            raise Refusal(FIGHTING, f"only mounted police fight at the charge, and {unit.id} is {unit.type}")
        figure += "_charging"
    ours: tuple[str, ...] = (figure,) if figure else ()
    theirs: tuple[str, ...] = ()
    if ctx.options.get("weather") == "soaked":
        ours, theirs = ours + ("soaked",), theirs + ("soaked",)
    gas = state.local["gas"].get(crowd.node)
    if gas:
        theirs += (gas,)
    return (unit, crowd, intent, Fighter(unit.id, ours + tuple(command.get("modifiers", ()))),
            Fighter(crowd.id, theirs + tuple(command.get("crowd_modifiers", ()))))


def fight(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "fight", "unit", "crowd", "intent", "charging", "defending", "modifiers", "crowd_modifiers"}`: one
    round between a figure of the unit and a member of the crowd, in the same place.

    The unit's figure factor (police, riot trained, mounted...) and rain come by themselves; gas here
    this turn counts against the crowd's man (the security forces have masks); the umpire adds the rest.
    An officer's fight is his action for the turn, unless he is `defending` (the crowd's man went for him).
    """
    unit, crowd, intent, ours, theirs = fighters(ctx, state, command)
    defending = command.get("defending", False)
    tally = Tally(dice)
    result = fight_round(tables(ctx), intent, ours, theirs, tally)
    winner = None if result.winner is None else (unit.id, crowd.id)[result.winner]
    hurt = result.result in HURT and winner is not None
    loser = crowd.id if winner == unit.id else unit.id
    emit("fought", {"unit": unit.id, "crowd": crowd.id, "node": crowd.node, "intent": intent, "defending": defending,
                    "scores": list(result.scores), "margin": result.margin, "winner": winner, "result": result.result,
                    "modifiers": [result.modifiers[0], result.modifiers[1]],
                    "casualty": casualty_id(state, loser) if hurt else None, ITEMS: list(result.items)}, tuple(tally.rolls))


def firing(ctx: Context, state: GameState, command: dict) -> tuple[Unit, Unit, int]:
    """The unit a `shoot` command fires, the crowd it fires into and how many of its men fire, checked before any
    die (Firearms)."""
    unit = lookup.unit(state, command, "unit", SECURITY, FIREARMS)
    crowd = lookup.unit(state, command, "crowd", CROWD, FIREARMS)
    if crowd.node not in near(ctx, unit.site):
        raise Refusal(FIREARMS, f"{crowd.id} at {crowd.node} is out of sight of {unit.id} at {unit.node}")
    one_action(state, unit)
    firers = command.get("firers", unit.factors["strength"])
    if firers > unit.factors["strength"]:
        raise RefereeError(f'"firers" must be 1 to {unit.factors["strength"]} for {unit.id}, got {firers!r}')
    return unit, crowd, firers


def shoot(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "shoot", "unit", "crowd", "firers", "automatic"}`: a unit fires into a crowd in sight
    (its own place or the next); each man hit rolls for his fate."""
    unit, crowd, firers = firing(ctx, state, command)
    automatic = command.get("automatic", False)
    tally = Tally(dice)
    shots = volley(tables(ctx), unit.type, firers, tally, automatic)
    hurt = [fate for fate in shots.casualties if fate in HURT]
    first = state.local["firearm_casualties"] == 0 and bool(hurt)
    ids = casualty_ids(state, len(hurt))
    emit("shot", {"unit": unit.id, "crowd": crowd.id, "node": crowd.node, "from": unit.node, "firers": firers,
                  "automatic": automatic, "hits": shots.hits, "casualties": dict(zip(ids, hurt, strict=False)), "first": first,
                  ITEMS: list(shots.items)}, tuple(tally.rolls))


def gas(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "gas", "unit", "at", "kind"}`: a unit with riot equipment fires gas into its place or the next."""
    unit = lookup.unit(state, command, "unit", SECURITY, "RL State Chart")
    at = lookup.place(ctx, command, "at")
    kind = command.get("kind", "tear_gas")
    if unit.type not in GAS_CARRIERS:
        raise Refusal("Types of Unit", f"{unit.id} ({unit.type}) carries no gas: riot-equipped units do")
    if at not in near(ctx, unit.site):
        raise Refusal("RL State Chart", f"{at} is out of {unit.id}'s reach from {unit.node}")
    emit("gassed", {"unit": unit.id, "node": at, "kind": kind})


def overreact(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "overreaction", "unit", "modifiers"}`: test a unit under stress (bricks, attack, fire, a man down)."""
    unit = lookup.unit(state, command, "unit", SECURITY, OVER)
    tally = Tally(dice)
    result = over_reaction(tables(ctx), unit.type, command.get("modifiers", {}), tally)
    emit("over-reaction", {"unit": unit.id, "score": result.score, "result": result.result,
                           "modifiers": result.modifiers, "opens_fire": result.opens_fire, ITEMS: list(result.items)},
         tuple(tally.rolls))


def snipe(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "snipe", "from", "target"}`: a sniper fires from a place at a named unit, which knows it is under fire.

    A place holds one sniper, who fires once a turn, never whilst under fire, and not at all once hit."""
    at = lookup.place(ctx, command, "from")
    target = lookup.unit(state, command, "target", SECURITY, SNIPERS)
    local = state.local
    if at in local.get("snipers_down", ()):
        raise Refusal(SNIPERS, f"the sniper at {at} has been hit")
    if at in local.get("under_fire", ()):
        raise Refusal(SNIPERS, f"the sniper at {at} will not fire whilst under fire")
    if at in local.get("sniped", ()):
        raise Refusal(SNIPERS, f"the sniper at {at} has fired this turn (one shot a turn)")
    t = tables(ctx)
    tally = Tally(dice)
    shot = snipe_shot(t, state.local["sniper_shots"].get(at, 0) + 1, tally)
    items, fate = list(shot.items), None
    if shot.hit:
        wound = tally.roll("sniper: wound", t.firearms.die).value
        fate = row_for(t.firearms.wounds, wound).result
        items.append(item(f"wound die {wound}:", fate, t.firearms.section))
    emit("sniped", {"from": at, "target": target.id, "node": target.node, "shot": shot.shot, "hit": shot.hit,
                    "spotted": shot.spotted, "fate": fate,
                    "casualty": casualty_id(state, target.id) if fate in HURT else None, ITEMS: items}, tuple(tally.rolls))


def firing_back(ctx: Context, state: GameState, command: dict) -> tuple[Unit, str, bool]:
    """The unit a `return-fire` command fires, the sniper's place, and whether it aims (a SWAT team at a spotted
    sniper), checked before any die (Terrorists and Snipers)."""
    unit = lookup.unit(state, command, "unit", SECURITY, SNIPERS)
    at = lookup.place(ctx, command, "at")
    if unit.type not in tables(ctx).firearms.to_hit:
        raise Refusal(FIREARMS, f"{unit.id} ({unit.type}) carries no firearms")
    if at not in near(ctx, unit.site):
        raise Refusal(SNIPERS, f"{at} is out of sight of {unit.id} at {unit.node}")
    one_action(state, unit)
    return unit, at, unit.type == "swat" and at in state.local.get("spotted", ())


def return_fire(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "return-fire", "unit", "at"}`: a unit fires back at a sniper's place in sight. It is 'almost always
    ineffective', but the sniper will not fire whilst under fire; a SWAT team may pick off a spotted sniper (4-6)."""
    unit, at, aimed = firing_back(ctx, state, command)
    tally = Tally(dice)
    hit = counter_snipe(tables(ctx), tally)[1] if aimed else False
    emit("returned-fire", {"unit": unit.id, "at": at, "from": unit.node, "aimed": aimed, "hit": hit}, tuple(tally.rolls))
