"""`referee resolve wallman-...`: Wallman's charts from a JSON description, without a session.

Each calculator reads one JSON object (checked with pydantic; unknown keys refused) and returns one.
Dice typed in at the table (`roll`, or `dice` in the order they are needed) are used and must all
be used; missing dice come from the generator seeded with `--seed` (or a random seed).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from referee.bounds import FIGURES, ITEMS, SMALL, cut
from referee.core.dice import Roll, SeededDice, TableDice, Tally
from referee.errors import RefereeError
from referee.rules import moods as response
from referee.rules.commands import Counts, Dice, Name, Names, Small, explain, where, whole
from referee.rulesets.wallman.rules import (
    damage,
    fighting,
    firearms,
    fires,
    looting,
    medical,
    negotiation,
    overreaction,
)
from referee.rulesets.wallman.tables import Tables, load_tables


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


Count = Annotated[int, whole(0, SMALL)]


class RLInput(_Input):
    rl: Small
    roll: Small | None = None
    modifiers: Counts = {}


class FighterInput(_Input):
    roll: Small | None = None
    modifiers: Names = []


class FightInput(_Input):
    intent: Name = "beat"
    a: FighterInput
    b: FighterInput


class MeleeFighter(_Input):
    name: Name | None = None
    modifiers: Names = []


class MeleeInput(_Input):
    intent: Name = "beat"
    lone: MeleeFighter
    others: Annotated[list[MeleeFighter], Field(max_length=ITEMS)]
    dice: Dice | None = None


class NegotiateInput(_Input):
    rl: Small
    quality: Literal["ordinary", "poor"] = "ordinary"
    distance: Count = 0
    megaphone: bool = False
    face_to_face: bool = True
    discretion: Small = 0
    shooting_or_gas: bool = False
    roll: Small | None = None


class OverreactionInput(_Input):
    unit: Name
    modifiers: Counts = {}
    dice: Dice | None = None


class FirearmsInput(_Input):
    firer: Name
    firers: Annotated[int, whole(1, FIGURES)] = 1
    automatic: bool = False
    long_range: bool = False
    dice: Dice | None = None


class SniperInput(_Input):
    shot: Small = 1
    swat_reply: bool = False
    dice: Dice | None = None


class TriageInput(_Input):
    roll: Small | None = None


class BuildingInput(_Input):
    id: Name
    value: Count
    fires: Count = 0
    adjacent: Names = []


class EngineInput(_Input):
    id: Name
    at: Name
    crew: Annotated[int, whole(0, FIGURES)]
    water: Count
    hydrant: bool = False
    connecting: Count = 0
    action: Literal["fight", "connect", "idle"] = "fight"


class FireInput(_Input):
    buildings: Annotated[list[BuildingInput], Field(max_length=ITEMS)]
    engines: Annotated[list[EngineInput], Field(max_length=ITEMS)] = []
    dice: Dice | None = None


class DamageInput(_Input):
    value: Small
    figures: Annotated[int, whole(0, FIGURES)] = 0
    break_in: bool = False
    dice: Dice | None = None


class LootInput(_Input):
    value: Count
    looters: Annotated[int, whole(0, FIGURES)]
    cars: Count = 0
    vans: Count = 0
    dice: Dice | None = None


class _Kept:
    """Typed-in dice if given (all of them must be used), else the generator seeded with `seed`; every roll kept."""

    def __init__(self, typed: list[int] | None, seed: int | None):
        self.seed = int.from_bytes(os.urandom(4), "big") if seed is None else seed
        self.dice: TableDice | SeededDice = TableDice(typed) if typed is not None else SeededDice(self.seed)
        self.tally = Tally(self.dice)

    def roll(self, purpose: str, sides: int = 6) -> Roll:
        return self.tally.roll(purpose, sides)

    @property
    def rolls(self) -> list[Roll]:
        return self.tally.rolls

    @property
    def seeded(self) -> bool:
        return isinstance(self.dice, SeededDice) and bool(self.rolls)

    def done(self) -> list[int]:
        if isinstance(self.dice, TableDice):
            self.dice.check_all_used()
        return [roll.value for roll in self.rolls]


def _rl(t: Tables, data: RLInput, dice: _Kept) -> dict:
    result = response.roll_rl(t.rl, data.rl, data.modifiers, dice)
    level = response.level(t.rl, result.rl)
    return {"score": result.score, "rl": result.rl, "was": result.was, "change": result.change,
            "running": result.running, "roll": result.roll, "modifiers": result.modifiers,
            "level": level.name, "words": level.words, "text": result.text, "reconstructed": t.rl.reconstructed}


def _fight_json(f: fighting.Fight, names: tuple[str, str]) -> dict:
    return {"a_score": f.scores[0], "b_score": f.scores[1], "margin": f.margin,
            "winner": None if f.winner is None else names[f.winner], "result": f.result, "text": f.text,
            "intent": f.intent, "a_roll": f.rolls[0], "b_roll": f.rolls[1],
            "a_modifiers": f.modifiers[0], "b_modifiers": f.modifiers[1]}


def _fight(t: Tables, data: FightInput, dice: _Kept) -> dict:
    a = fighting.Fighter("a", tuple(data.a.modifiers), data.a.roll)
    b = fighting.Fighter("b", tuple(data.b.modifiers), data.b.roll)
    return _fight_json(fighting.fight(t, data.intent, a, b, dice), ("a", "b")) | {"reconstructed": t.fight.table.reconstructed}


def _melee(t: Tables, data: MeleeInput, dice: _Kept) -> dict:
    lone = fighting.Fighter(data.lone.name or "lone", tuple(data.lone.modifiers))
    others = [fighting.Fighter(o.name or f"other {i + 1}", tuple(o.modifiers)) for i, o in enumerate(data.others)]
    rounds = fighting.melee(t, data.intent, lone, others, dice)
    return {"rounds": [{"against": others[i].name} | _fight_json(r, (lone.name, others[i].name)) for i, r in enumerate(rounds)],
            "lone_down": any(r.winner == 1 and r.result in fighting.DOWN for r in rounds)}


def _negotiate(t: Tables, data: NegotiateInput, dice: _Kept) -> dict:
    talk = negotiation.Talk(data.quality, data.distance, data.megaphone, data.face_to_face, data.discretion, data.shooting_or_gas)
    if data.roll is not None and data.rl not in t.negotiation.levels:
        raise RefereeError(f"{t.negotiation.section}: no die is rolled at RL {data.rl}: leave out 'roll'")
    n = negotiation.negotiate(t, data.rl, talk, dice)
    return {"effective": n.effective, "was": n.was, "roll": n.roll, "modifiers": n.modifiers, "score": n.score,
            "change": n.change, "rl": n.rl, "text": n.text, "reconstructed": t.negotiation.reconstructed}


def _overreaction(t: Tables, data: OverreactionInput, dice: _Kept) -> dict:
    o = overreaction.over_reaction(t, data.unit, data.modifiers, dice)
    return {"unit": o.unit_type, "roll": o.roll, "modifiers": o.modifiers, "score": o.score, "result": o.result,
            "text": o.text, "fire_roll": o.fire_roll, "opens_fire": o.opens_fire, "reconstructed": t.overreaction.reconstructed}


def _firearms(t: Tables, data: FirearmsInput, dice: _Kept) -> dict:
    v = firearms.volley(t, data.firer, data.firers, dice, data.automatic, data.long_range)
    return {"needed": v.needed, "rolls": list(v.rolls), "hits": v.hits, "wound_rolls": list(v.wound_rolls),
            "casualties": list(v.casualties), "reconstructed": t.firearms.reconstructed}


def _sniper(t: Tables, data: SniperInput, dice: _Kept) -> dict:
    s = firearms.snipe(t, data.shot, dice)
    out = {"shot": s.shot, "roll": s.roll, "hit": s.hit, "spot_roll": s.spot_roll, "spotted": s.spotted}
    if data.swat_reply:  # a SWAT sniper can only pick off a sniper it has spotted
        roll, hit = firearms.counter_snipe(t, dice) if s.spotted else (None, False)
        out |= {"swat_roll": roll, "swat_hit": hit}
    return out


def _triage(t: Tables, data: TriageInput, dice: _Kept) -> dict:
    roll, row = medical.triage(t, dice)
    return {"roll": roll, "result": row.result, "text": row.text, "patch_turns": row.patch_turns,
            "walks": row.walks, "stretcher": row.stretcher}


def _fire(t: Tables, data: FireInput, dice: _Kept) -> dict:
    buildings = {b.id: fires.Building(b.id, b.value, b.fires, tuple(b.adjacent)) for b in data.buildings}
    if len(buildings) != len(data.buildings):
        raise RefereeError(f"{t.fires.section}: a building is listed twice")
    engines = [fires.Engine(e.id, e.at, e.crew, e.water, e.hydrant, e.connecting, e.action) for e in data.engines]
    turn = fires.fire_turn(t, buildings, engines, dice)
    return {"buildings": [{"id": b.id, "value": b.value, "fires": b.fires, "adjacent": list(b.adjacent)}
                          for b in turn.buildings.values()],
            "engines": [{"id": e.id, "at": e.at, "crew": e.crew, "water": e.water, "hydrant": e.hydrant,
                         "connecting": e.connecting} for e in turn.engines],
            "events": list(turn.events)}


def _damage(t: Tables, data: DamageInput, dice: _Kept) -> dict:
    d = damage.damage(t, data.value, dice, data.figures, data.break_in)
    return {"rolls": list(d.rolls), "points": d.points, "value": d.value, "wreck": d.wreck,
            "fire_roll": d.fire_roll, "fire": d.fire}


def _loot(t: Tables, data: LootInput, dice: _Kept) -> dict:
    loot = looting.loot_units(t, data.value)
    can_carry = looting.capacity(t, data.looters, data.cars, data.vans)
    return {"loot_units": loot, "capacity": can_carry, "first_turn": looting.taken(loot, data.looters, 0, can_carry),
            "escape_roll": looting.escape(t, dice) if data.looters else None}


CALCULATORS: dict[str, tuple[type[_Input], Callable[[Tables, Any, _Kept], dict], str]] = {
    "wallman-rl": (RLInput, _rl, "one roll on the RL state chart for one crowd"),
    "wallman-fight": (FightInput, _fight, "one fight between two figures"),
    "wallman-melee": (MeleeInput, _melee, "one figure against several"),
    "wallman-negotiate": (NegotiateInput, _negotiate, "a negotiation with a crowd"),
    "wallman-overreaction": (OverreactionInput, _overreaction, "the over-reaction test for one unit"),
    "wallman-firearms": (FirearmsInput, _firearms, "a group firing into a crowd"),
    "wallman-sniper": (SniperInput, _sniper, "a sniper's shot, spotting, and a SWAT reply"),
    "wallman-triage": (TriageInput, _triage, "a paramedic's triage roll"),
    "wallman-fire": (FireInput, _fire, "one turn of fires and firefighting"),
    "wallman-damage": (DamageInput, _damage, "property damage by a crowd or a break-in"),
    "wallman-loot": (LootInput, _loot, "the loot in a property and what looters carry off"),
}


def _parse(model: type[_Input], data: object, name: str) -> _Input:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        raise RefereeError(f"{name}: {cut(where(first['loc'])) or 'input'}: {explain(first)}") from None


def resolve_json(name: str, data: object, seed: int | None = None, tables: Tables | None = None) -> dict:
    """Run the calculator `name` on `data`: its answer, with the dice used and the seed if it rolled."""
    model, run, _ = CALCULATORS[name]
    tables = tables or load_tables()
    parsed = _parse(model, data, name)
    single = getattr(parsed, "roll", None)
    dice = _Kept([single] if single is not None else getattr(parsed, "dice", None), seed)
    answer = {"calculator": name} | run(tables, parsed, dice)
    answer["dice"] = dice.done()
    if dice.seeded:
        answer["seed"] = dice.seed
    return answer
