"""The Combat Phase in a game (6.1-6.4, 7.1-7.3): a combat in one area, resolved by combat.py exactly as
`referee resolve bos` resolves it, and escalation."""

from __future__ import annotations

from dataclasses import asdict

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import Refusal
from referee.rulesets.bos.rules import combat, exposure
from referee.rulesets.bos.rules.board import unit_of
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import FIGHTER
from referee.rulesets.bos.rules.turns import is_night
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, PROTESTER, TYPES


def combat_in(state: GameState, command: dict) -> tuple[str, combat.Combat]:
    """The area and the combat a `combat` command declares, checked against the map before any die (6.1)."""
    side = FIGHTER.get(state.phase)
    if side is None:
        raise Refusal("6.1", f"combat takes place in a Combat Phase, not the {state.phase} phase")
    units = [unit_of(state, uid) for uid in command["attackers"] + command["defenders"]]
    nodes = {unit.node for unit in units}
    if any(unit.status != ACTIVE for unit in units) or len(nodes) != 1:
        raise Refusal("6.1", "combat is between units on the map in the same area")
    node = units[0].site
    fought = [unit.id for unit in units if unit.id in state.local["fought"]]
    if fought:
        raise Refusal("6.1", f"a unit is involved in only one combat a Combat Phase ({', '.join(fought)})")
    return node, declared(state, side, node, command)


def fight(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "combat", "attackers", "defenders", "munitions", "choices", "group_ei"}`: one combat (6.1)."""
    node, fight = combat_in(state, command)
    side = fight.attacker
    tally = Tally(dice)
    outcome = combat.resolve(fight, tally)
    settled = exposure.settled({AUTHORITY: state.scores[AUTHORITY], PROTESTER: state.scores[PROTESTER]}, outcome.points)
    emit("combat", {
        "node": node, "attacker": side, "attackers": command["attackers"], "defenders": command["defenders"],
        "attack": asdict(outcome.attack), "counterattack": asdict(outcome.counterattack),
        "units": [{k: v for k, v in asdict(fate).items() if v is not None} for fate in outcome.units],
        "change": settled.change, "ei": settled.after, ITEMS: [*outcome.factors, *settled.items]}, tuple(tally.rolls))


def attackers_together(state: GameState, side: str, units: list[Unit]) -> list[str]:
    """The units a combat form offers ticked: every one that may attack, and under an event that keeps Protester
    factions apart (Faction Friction, Random Events Table 41-42) those of the faction most numerous there, so that
    the form's first Apply is not refused (a faction the umpire prefers is one tick away)."""
    event = EVENTS.get(state.local["event"] or "") if side == PROTESTER else None
    if event is None:
        return [unit.id for unit in units]
    free = [unit for unit in units if not combat.kept_from_attacking(event, TYPES[unit.type])]
    if not event.one_faction:
        return [unit.id for unit in free]
    factions: dict[str, list[str]] = {}
    for unit in free:
        factions.setdefault(TYPES[unit.type].name, []).append(unit.id)
    return max(factions.values(), key=len, default=[])


def declared(state: GameState, side: str, node: str, command: dict) -> combat.Combat:
    """The combat a `combat` command declares in an area, with what the state says of it: the stage, night,
    a Barricade, the game-turn's random event, Crowds present (6.2, 7.1-7.3)."""
    munitions = set(command.get("munitions", []))
    event = EVENTS.get(state.local["event"] or "")
    return combat.Combat(
        attacker=side,
        attackers=tuple(combat.Fighter(uid, TYPES[state.units[uid].type], uid in munitions) for uid in command["attackers"]),
        defenders=tuple(combat.Fighter(uid, TYPES[state.units[uid].type], uid in munitions) for uid in command["defenders"]),
        stage=state.local["stage"], night=is_night(state.turn), barricade=BARRICADE in state.markers.get(node, ()),
        events=(event,) if event else (), crowds_present=any(TYPES[u.type].kind == CROWD for u in state.at(node, PROTESTER)),
        group_ei=command.get("group_ei", AUTHORITY), choices=command.get("choices", {}))


def escalate(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "escalate", "stage"}`: up one stage (7.3): to Two once an Authority unit has been removed by a
    Morale Check, to Three after one complete game-turn at Two."""
    refused = escalation_refused(state, command["stage"])
    if refused:
        raise refused
    emit("escalated", {"stage": command["stage"], "turn": state.turn})


def escalation_refused(state: GameState, stage: int) -> Refusal | None:
    """Why the Authority may not go to `stage` now (7.3), or None: the command's refusal, and what the dashboard
    says before it asks."""
    now = state.local["stage"]
    if stage != now + 1:
        return Refusal("7.3", f"escalation goes up one stage at a time, and only up (now Stage {now})")
    if stage == 2 and not state.local["morale_failed"]:
        return Refusal("7.3", "Stage Two comes after the first Authority unit has been removed due to a Morale Check")
    if stage == 3 and not stage_three_open(state):
        return Refusal("7.3", f"at least one complete game-turn at Stage Two comes first (the first is turn "
                              f"{state.local['stage_two']})")
    return None


def stage_three_open(state: GameState) -> bool:
    """Whether a complete game-turn at Stage Two is behind (7.3): Stage Two declared before a turn's random event
    is rolled makes that turn one."""
    return state.local["stage_two"] is not None and state.turn > state.local["stage_two"]
