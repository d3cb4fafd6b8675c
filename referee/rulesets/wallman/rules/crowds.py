"""The umpire's crowd actions: rolling a crowd's RL, negotiating with it, splitting and merging crowds."""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS, item
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.actions import one_action
from referee.rulesets.wallman.rules.negotiation import Talk
from referee.rulesets.wallman.rules.negotiation import negotiate as talk_to
from referee.rulesets.wallman.rules.phases import CROWD
from referee.rulesets.wallman.rules.response import chart_roll
from referee.rulesets.wallman.rules.setup import tables

CHART, NEGOTIATION = "RL State Chart", "Negotiation"
WEATHER = ("damp", "soaked")  # the `weather` values that are factors of the chart


def near(ctx: Context, node: str) -> set[str]:
    """A place and its neighbours: what is 'adjacent' to, and in sight of, a crowd there."""
    return {node, *ctx.scenario.board.adjacency[node]}


def neighbours(ctx: Context, state: GameState, crowd: Unit) -> list[Unit]:
    """The other crowds in the same place or the next ones."""
    return [state.units[uid] for node in near(ctx, crowd.site) for uid in state.stacks[CROWD].get(node, ())
            if uid != crowd.id]


def situation(ctx: Context, state: GameState, crowd: Unit) -> dict[str, int]:
    """The factors the state shows by itself: rain, this turn's arrests, gas and gunfire, the crowds nearby."""
    found: dict[str, int] = {}
    weather = ctx.options.get("weather", "dry")
    if weather in WEATHER:
        found[weather] = 1
    found["arrested"] = state.local["arrests"].get(crowd.id, 0)
    gas = state.local["gas"].get(crowd.node)
    if gas:
        found[gas] = 1
    fired = state.local["fired_on"].get(crowd.id)
    if fired:
        found[fired["weapon"]] = 1
        found["first_casualty"] = int(fired["first"])
        found["further_casualty"] = fired["casualties"] - int(fired["first"])
    rl = crowd.attrs["rl"]
    others = neighbours(ctx, state, crowd)
    found["adjacent_higher"] = sum(o.attrs["rl"] > rl for o in others)
    found["adjacent_lower"] = sum(o.attrs["rl"] < rl for o in others)
    found["adjacent_running"] = sum(bool(o.attrs.get("running")) for o in others)
    return {name: count for name, count in found.items() if count}


def roll(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "rl", "crowd", "modifiers": {...}, "why"}`: roll the crowd on the RL state chart.

    The factors the state shows (rain, arrests, gas, neighbouring crowds) are added by themselves; the
    umpire gives the rest (charges, withdrawals, shooting...). A count the umpire gives replaces the
    state's count for that factor.
    """
    crowd = lookup.unit(state, command, "crowd", CROWD, CHART)
    why = command.get("why", "")
    counts = situation(ctx, state, crowd) | command.get("modifiers", {})
    tally = Tally(dice)
    result, items = chart_roll(tables(ctx), crowd.attrs["rl"], counts, tally)
    emit("rl-rolled", {"crowd": crowd.id, "was": result.was, "rl": result.rl, "score": result.score,
                       "modifiers": result.modifiers, "running": result.running, "why": why, ITEMS: items},
         tuple(tally.rolls))


def talking(ctx: Context, state: GameState, command: dict) -> tuple[Unit, Unit, Talk]:
    """The officer a `negotiate` command sends, the crowd, and what he brings to the talk (his hidden quality among
    it), checked before any die (Negotiation)."""
    officer = lookup.officer(state, command, "officer", NEGOTIATION)
    crowd = lookup.unit(state, command, "crowd", CROWD, NEGOTIATION)
    one_action(state, officer)
    megaphone = command.get("megaphone", False)
    if crowd.node == officer.node:
        distance = 0
    elif crowd.node in ctx.scenario.board.adjacency[officer.site]:
        distance = ctx.scenario.board.place_inches
    else:
        raise Refusal(NEGOTIATION, f"{crowd.id} at {crowd.node} is out of earshot of {officer.id} at {officer.node}")
    sight = near(ctx, crowd.site)
    trouble = bool(sight & (set(state.local["shooting"]) | set(state.local["gas"])))
    return officer, crowd, Talk(officer.attrs.get("negotiator", "ordinary"), distance, megaphone, distance == 0,
                                command.get("discretion", 0), trouble)


def negotiate(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "negotiate", "officer", "crowd", "megaphone", "discretion"}`: a player's officer talks to a crowd.

    Face to face in the same place; from the next place only with a megaphone or PA. Shooting or gas
    this turn in the crowd's place or the next ones forbids it.
    """
    officer, crowd, talk = talking(ctx, state, command)
    tally = Tally(dice)
    result = talk_to(tables(ctx), crowd.attrs["rl"], talk, tally)
    emit("negotiated", {"officer": officer.id, "crowd": crowd.id, "effective": result.effective, "was": result.was,
                        "rl": result.rl, "score": result.score, "modifiers": result.modifiers, ITEMS: list(result.items)},
         tuple(tally.rolls))


def split(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "split", "crowd", "figures", "new", "looters"}`: part of a crowd goes its own way, same RL."""
    crowd = lookup.unit(state, command, "crowd", CROWD, CHART)
    figures, new = command["figures"], command["new"]
    strength = crowd.factors["strength"]
    if not figures < strength:
        raise RefereeError(f'"figures" must be between 1 and {strength - 1} for {crowd.id}, got {figures!r}')
    if not new.strip() or new in state.units:
        raise RefereeError(f'"new" must name the new crowd, a name not yet used, got {new!r}')
    looters, hidden = command.get("looters", 0), crowd.attrs["looters"]
    least, most = max(hidden - (strength - figures), 0), min(figures, hidden)  # neither part more looters than figures
    if not least <= looters <= most:
        raise RefereeError(f'"looters" (how many of the hidden looters go with it) must be {least} to {most}, '
                           f'got {looters!r}')
    emit("crowd-split", {"crowd": crowd.id, "new": new, "figures": figures, "looters": looters})


def merge(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "merge", "crowd", "into"}`: two crowds in one place become one, at the higher RL."""
    crowd = lookup.unit(state, command, "crowd", CROWD, CHART)
    into = lookup.unit(state, command, "into", CROWD, CHART)
    if crowd.id == into.id or crowd.node != into.node:
        raise Refusal(CHART, f"crowds merge in one place: {crowd.id} is at {crowd.node}, {into.id} at {into.node}")
    rl = max(crowd.attrs["rl"], into.attrs["rl"])
    items = [item(f"{into.id}, RL before", f"= {into.attrs['rl']}", CHART),
             item(f"{crowd.id}:", f"RL {crowd.attrs['rl']}", CHART), item("merged, the higher RL", f"= {rl}", CHART)]
    emit("crowds-merged", {"crowd": crowd.id, "into": into.id, "rl": rl, ITEMS: items})
