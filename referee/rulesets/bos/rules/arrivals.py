"""The Random Events and Reinforcement Phase (3.2, 4.1, 4.2, 4.21, 4.22, 7.1): the d66 event and what it does
at once, the EI reinforcements, Protester units placed, emergency reinforcements, units lost to an event."""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import Refusal
from referee.rulesets.bos.rules import emergency, events, exposure, forces, reinforcement
from referee.rulesets.bos.rules.board import area, check_stacking, unit_of
from referee.rulesets.bos.rules.phases import EVENTS
from referee.rulesets.bos.rules.turn_end import CORE
from referee.rulesets.bos.rules.turns import is_morning, is_night
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES


def _in_phase(state: GameState, what: str) -> None:
    if state.phase != EVENTS:
        raise Refusal("3.2", f"{what} is done in the Random Events and Reinforcement Phase, not the {state.phase} phase")


def settle_ei(state: GameState, points: list[exposure.Points], source: str, emit: Emit,
              names: tuple[str, ...] = ()) -> GameState:
    """Apply the chart's lines at once under 2.3 (`ei-changed`, itemized); `names`: the areas that earned them,
    for the review."""
    settled = exposure.settled({AUTHORITY: state.scores[AUTHORITY], PROTESTER: state.scores[PROTESTER]}, points)
    return emit("ei-changed", {"source": source, "change": settled.change, **settled.after}
                | ({"names": list(names)} if names else {}) | {ITEMS: settled.items})


def roll_event(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "events"}`: the d66 roll (4.1) and what its event does at once."""
    _in_phase(state, "the random event")
    if state.local["roll"] is not None:
        raise Refusal("4.1", f"the random event is rolled once a game-turn ({state.local['roll']} this turn)")
    tally = Tally(dice)
    roll, event = events.roll_event(tally, ctx.options.get("reading", events.ENGLISH))
    data: dict = {"roll": roll, "event": event.key if event else None, "title": event.title if event else None}
    if event and event.reinforcement == events.CHOSEN:
        count, kinds = events.random_reinforcement(tally, state.scores)
        data["allowance"] = {"count": count, "kinds": sorted(kinds)}
    elif event and event.reinforcement == events.YAHOOS:
        data["allowance"] = {"count": events.yahoos(tally), "kinds": ["yahoo"]}
    if event and event.loses[0]:
        data["loss"] = list(event.loses)
    if event and event.shifted:
        data["shifted"] = {u.id: emergency.shifted(u.type, u.attrs["arrives"], event, state.turn)
                           for u in state.units.values() if u.status == forces.SCHEDULED}
    if event and event.withdrawn:  # those on the map, and those set aside at nightfall (7.1)
        data["withdrawn"] = [u.id for u in state.units.values()
                             if u.type in event.withdrawn and (u.status == ACTIVE or u.attrs.get("nightfall"))]
    state = emit("event-rolled", data, tuple(tally.rolls))
    if event and event.ei:
        settle_ei(state, event.points(), "random event", emit)


def reinforce(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "reinforce", "take", "remove"}`: both sides' EI reinforcements (4.21), the Crowds back in the
    Morning (7.1), and the emergency reinforcements due reach the Reserve Pool (4.22)."""
    _in_phase(state, "reinforcement")
    if state.local["roll"] is None:
        raise Refusal("3.2", "the random event is rolled first, then reinforcements are added")
    if state.local["reinforced"]:
        raise Refusal("4.21", "EI reinforcements are taken once a game-turn")
    take, remove = command.get("take", {}), command.get("remove", [])
    tally = Tally(dice)
    due = reinforcement.protester_due(state.scores[PROTESTER], tally)
    due["spd"] = reinforcement.spd_due(state.scores[AUTHORITY], ctx.options.get("spd_row", reinforcement.TABLE_READING))
    on_map = {kind: [u.id for u in state.units.values() if u.status == ACTIVE and kind in (u.type, TYPES[u.type].kind)]
              for kind in due}
    drawn: list[str] = []
    removed: list[str] = []
    for kind in (GROUP, CROWD, "spd"):
        pile = tuple(u.id for u in state.units.values() if u.status == forces.OFF_MAP and kind in (u.type, TYPES[u.type].kind)
                     and not u.attrs.get("due") and not u.attrs.get("nightfall"))
        count = reinforcement.settle(due[kind], len(pile), len(on_map[kind]), take.get(kind))
        if count > 0:
            drawn += pile[:count] if kind == "spd" else forces.draw(pile, count, tally, f"reinforcement {kind}")
        if count < 0:
            chosen = [uid for uid in remove if uid in on_map[kind]]
            if len(chosen) != -count:
                raise Refusal("4.21", f"he removes {-count} {kind} units of his choice from the map: name them in 'remove'")
            removed += chosen
    unknown = set(remove) - set(removed)
    if unknown:
        raise Refusal("4.21", f"units are removed only as the table directs: none is due of {', '.join(sorted(unknown))}")
    aside = [u.id for u in state.units.values() if 0 < u.attrs.get("nightfall", 0) < state.turn]  # 7.1, event 24
    morning = aside if is_morning(state.turn) else []
    coming = [u.id for u in state.units.values() if u.status == forces.SCHEDULED and u.attrs["arrives"] <= state.turn]
    kept = [uid for uid in drawn if held(state, state.units[uid])]  # 7.1
    emit("reinforced", {"due": due, "units": [uid for uid in drawn if uid not in kept] + morning, "held": kept,
                        "removed": removed, "arriving": coming}, tuple(tally.rolls))


def place(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "place", "unit", "to"}`: a Protester reinforcement, or a unit a random event lets him choose,
    placed anywhere but where only Authority units stand (4.2); a Crowd chosen in a Night turn is held until the
    Morning instead (7.1)."""
    _in_phase(state, "placing reinforcements")
    unit = unit_of(state, command["unit"])
    chosen = _choosable(state, unit)
    if chosen and held(state, unit):
        emit("unit-held", {"unit": unit.id})
        return
    if "to" not in command:
        raise Refusal("4.2", f"name the area {unit.id} is placed in ('to')")
    to = area(ctx, command["to"])
    if _opening(state, unit):
        if CORE not in ctx.scenario.board.nodes[to].features:
            raise Refusal("Setup Instructions", f"the opening Crowds are placed in areas of the Downtown Core, not {to}")
        check_stacking(state, unit, to)
        emit("unit-placed", {"unit": unit.id, "to": to, "chosen": False})
        return
    if not unit.attrs.get("due") and not chosen:
        raise Refusal("4.2", f"{unit.id} is not a reinforcement due to be placed this phase")
    if not open_to_protesters(state, to):
        raise Refusal("4.2", f"Protester reinforcements are not placed where there are only Authority units ({to})")
    check_stacking(state, unit, to)
    emit("unit-placed", {"unit": unit.id, "to": to, "chosen": chosen})


def _opening(state: GameState, unit: Unit) -> bool:
    """An opening Crowd the umpire may place elsewhere before the first roll: the setup's default placement is
    his to change (CONTRACT.md) until the Random Event of game-turn 1 is rolled."""
    return (state.turn == 1 and state.local["roll"] is None and unit.status == ACTIVE and unit.side == PROTESTER
            and TYPES[unit.type].kind == CROWD)


def open_to_protesters(state: GameState, node: str) -> bool:
    """Whether Protester reinforcements may be placed in an area: anywhere but where only Authority units stand (4.2)."""
    return bool(state.stacks[PROTESTER].get(node)) or not state.stacks[AUTHORITY].get(node)


def held(state: GameState, unit: Unit) -> bool:
    """Whether a Protester unit taken now waits off the map until the Morning: a Crowd in a Night turn (7.1)."""
    return is_night(state.turn) and TYPES[unit.type].kind == CROWD


def _choosable(state: GameState, unit: Unit) -> bool:
    """Whether the unit is one a Random Reinforcement or Hey Beavis... lets the Protester choose now: from his piles,
    not among the units set aside until the Morning (7.1, Random Events Table 24)."""
    allowance = state.local["allowance"]
    return (not unit.attrs.get("due") and not unit.attrs.get("nightfall") and unit.status == forces.OFF_MAP
            and allowance is not None and allowance["count"] > 0
            and (unit.type in allowance["kinds"] or TYPES[unit.type].kind in allowance["kinds"]))


def choosable(state: GameState) -> list[str]:
    """The units a Random Reinforcement or Hey Beavis... still lets the Protester choose from his piles."""
    return [u.id for u in state.units.values() if _choosable(state, u)]


def yahoos_arriving(ctx: Context, state: GameState) -> list[str]:
    """The Yahoos Hey Beavis... still brings, while any is available and an area is open to them: they arrive, the
    Protester does not decline them (Random Events Table 26)."""
    event = events.EVENTS.get(state.local["event"] or "")
    if event is None or event.reinforcement != events.YAHOOS:
        return []
    return choosable(state) if any(open_to_protesters(state, node) for node in ctx.scenario.board.nodes) else []


def placeable(state: GameState) -> list[str]:
    """The units the Protester may place now (4.2): his reinforcements due, then those a random event lets him
    choose; before the first roll, the opening Crowds (Setup Instructions)."""
    units = state.units.values()
    return [u.id for u in units if u.attrs.get("due")] + choosable(state) + [u.id for u in units if _opening(state, u)]


def order(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "emergency", "units": {"spd": n, ...}}`: Authority emergency reinforcements (4.22), after 4.21."""
    _in_phase(state, "ordering emergency reinforcements")
    if not state.local["reinforced"]:
        raise Refusal("4.22", "emergency reinforcements come after the reinforcements of 4.21")
    wanted = {kind: count for kind, count in command["units"].items() if count}
    if not wanted:
        raise Refusal("4.22", "he decides what and how many units he wants: name at least one")
    pool = {kind: [u.id for u in state.units.values() if u.type == kind and u.status == forces.OFF_MAP] for kind in TYPES}
    cost, arrivals = emergency.order(wanted, {kind: len(ids) for kind, ids in pool.items()}, state.local["stage"], state.turn)
    units = {uid: arrivals[kind] for kind, count in wanted.items() for uid in pool[kind][:count]}
    state = emit("emergency-ordered", {"units": units})
    settle_ei(state, cost, "emergency reinforcements", emit)


def lose(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "lose", "unit"}`: the unit Attrition or Paperwork takes out of the game, its side's choice."""
    loss, unit = state.local["loss"], unit_of(state, command["unit"])
    if loss is None:
        raise Refusal("4.1", "no random event this turn removes a unit")
    if not _losable(unit, loss):
        raise Refusal("4.1", f"{unit.id} is not a {loss[1]} unit of the {loss[0]} player in play")
    emit("unit-lost", {"unit": unit.id})


def pending_loss(state: GameState) -> str | None:
    """The kind of unit a random event still makes a side remove, if one is in play."""
    return state.local["loss"][1] if losable(state) else None


def losable(state: GameState) -> list[str]:
    """The units a random event lets its side pick the one to remove from (none when no loss is due)."""
    loss = state.local["loss"]
    return [] if loss is None else [u.id for u in state.units.values() if _losable(u, loss)]


def _losable(unit: Unit, loss: list[str]) -> bool:
    """Attrition takes a Crowd on the map; Paperwork an SPD unit on the map or in the Reserve Pool."""
    side, kind = loss
    eligible = (ACTIVE,) if kind == CROWD else (ACTIVE, forces.RESERVE)
    return unit.side == side and kind in (unit.type, TYPES[unit.type].kind) and unit.status in eligible
