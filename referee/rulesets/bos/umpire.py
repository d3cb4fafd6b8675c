"""The Battle of Seattle page for the umpire (`referee state`): the turn record, both Exposure Indices with the
victory level they give, the random event, every area's units, and the piles off the map."""

from __future__ import annotations

from collections import Counter

from referee.briefing.i18n import Strings
from referee.game import Game
from referee.rulesets.bos.rules import forces, reinforcement, victory
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.phases import EVENTS as EVENTS_PHASE
from referee.rulesets.bos.rules.sequence import extendable
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, TYPES
from referee.text import plural, printable

AWAY = ((forces.OFF_MAP, "Off the map"), (forces.RESERVE, "Reserve Pool"), (forces.SCHEDULED, "On the way"),
        (forces.REMOVED, "Out of the game"))


def counts(units) -> str:
    """Units counted by type: "2 labor, 1 spd"."""
    tally = Counter(unit.type for unit in units)
    return ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in sorted(tally.items()))


def _event(game: Game) -> str:
    local = game.state.local
    if local["roll"] is None:
        return "Random event: not rolled yet"
    event = EVENTS.get(local["event"] or "")
    return f"Random event {local['roll']}: " + (f"{event.title} ({event.when})" if event else "no event")


def state_text(game: Game) -> str:
    """A Battle of Seattle session as the umpire reads it at the table."""
    state, scenario = game.state, game.ctx.scenario
    ei, local, words = state.scores, state.local, Strings("en", scenario.ruleset)  # the names its sheets print
    lead = ei[PROTESTER] - ei[AUTHORITY]
    header = (f"{scenario.clock.label(state.turn)} (game-turn {state.turn}/{scenario.clock.last(local)}), "
              f"{state.phase.replace('-', ' ')} phase; {words('stage.' + str(local['stage']))} escalation")
    lines = [f"{scenario.title} ({scenario.id})", header,
             f"Exposure Index: Protester {ei[PROTESTER]}, Authority {ei[AUTHORITY]} (lead {lead:+d}: "
             f"{victory.level(ei, local['stage_three'])}{'' if state.over else ' if the game ended now'})",
             f"Reaction limit: Protester {reinforcement.reaction_limit(ei[PROTESTER])}, "
             f"Authority {reinforcement.reaction_limit(ei[AUTHORITY])} (5.1)", _event(game)]
    due = [unit.id for unit in state.units.values() if unit.attrs.get("due")]
    if due:
        lines.append(f"Reinforcements to place (4.2; those not placed are declined): {', '.join(due)}")
    if state.phase == EVENTS_PHASE and local["allowance"] and local["allowance"]["count"]:
        lines.append(f"The random event lets the Protester choose {plural(local['allowance']['count'], 'unit')} "
                     f"({' or '.join(local['allowance']['kinds'])}) to place")
    if local["loss"]:
        side, kind = local["loss"]
        lines.append(f"To remove: one {side} {kind.replace('_', ' ')} unit, for good (random event; command lose)")
    if state.over:
        lines.append(f"GAME OVER: {local['level']} (8.0)" + (
            "; the players may agree to extend it to the end of the Afternoon, 3 December game-turn (extend, 2.4)"
            if extendable(state) else ""))
    lines.append("")
    for node, spec in scenario.board.nodes.items():
        here = state.at(node)
        marks = state.markers.get(node, ())
        if not here and not marks:
            continue
        value = f" (EV {spec.value})" if spec.value else ""
        lines.append(f"{words.place(node)}{value}" + (f" [{', '.join(marks)}]" if marks else ""))
        for side in (PROTESTER, AUTHORITY):
            mine = [unit for unit in here if unit.side == side]
            if mine:
                lines.append(f"    {side}: " + ", ".join(
                    f"{unit.id} {TYPES[unit.type].combat}-{TYPES[unit.type].morale}-{TYPES[unit.type].movement}"
                    for unit in mine))
    lines.append("")
    for status, label in AWAY:
        for side in (PROTESTER, AUTHORITY):
            away = [unit for unit in state.units.values() if unit.side == side and unit.status == status]
            if away:
                due = sorted({unit.attrs["arrives"] for unit in away if unit.attrs.get("arrives")})
                when = f" (arriving game-turn {', '.join(map(str, due))})" if status == forces.SCHEDULED else ""
                lines.append(f"{label}, {side}: {counts(away)}{when}")
    return "\n".join(map(printable, lines))
