"""The Chicago-Chicago page for the umpire (`referee state`): the Time Record and the step, both Exposure Indices,
every box with its code, park multiplier and minimum box, its units built up for reading, and the counters off
the board."""

from __future__ import annotations

from referee.core.state import GameState
from referee.game import Game
from referee.rulesets.chicago.rules import board, forces, steps
from referee.rulesets.chicago.rules.board import PLATOONS_IN_MINIMUM, in_minimum
from referee.rulesets.chicago.rules.sizes import reading
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from referee.scenario.catalog import Scenario
from referee.text import printable

STEP_NAMES = {steps.GREEN_MOVE: "green moves", steps.GREEN_CONFLICT: "green's conflicts",
              steps.BLUE_MOVE: "blue moves", steps.BLUE_CONFLICT: "blue's conflicts"}
"""Each step as HOW TO PLAY says it (steps 5 and 6 run as the last step ends)."""
SIDE_NAMES = {DEMONSTRATORS: "green (demonstrators)", POLICE: "blue (police)"}
AWAY = ((forces.OFF_MAP, "Off the board"), (forces.REMOVED, "Out of the game"))


def step_line(state: GameState) -> str:
    """The turn on the Time Record and the step: "26B, step 3 of 6: blue moves"."""
    return f"{steps.name(state.turn)} (turn {state.turn}/{steps.TURNS}), step {steps.NUMBER[state.phase]} of 6: " \
           f"{STEP_NAMES[state.phase]}"


def platoons(state: GameState, node: str, seen: bool = True) -> str:
    """How many platoons stand in a box's minimum box: '?' where the player viewed cannot see the box."""
    return str(len(in_minimum(state, node))) if seen else "?"


def minimum_line(node: str, kind: str, state: GameState, seen: bool = True) -> str:
    """A box's minimum box: its kind, whether released, and its platoons out of three (CPD MINIMUM; ? where not
    seen)."""
    label = "CPD MINIMUM" if kind == board.MINIMUM else "CPD MINIMUM CONDITIONAL"
    released = " released" if node in state.local["released"] else ""
    return f"{label}{released} {platoons(state, node, seen)}/{PLATOONS_IN_MINIMUM}"


def box_head(state: GameState, scenario: Scenario, node: str, seen: bool = True) -> str:
    """A box's name, code, park multiplier and minimum box: "The Loop P4/D3, CPD MINIMUM 3/3" (? platoons where
    the player viewed cannot see the box)."""
    spec = scenario.board
    code = board.codes(spec)[node]
    parks, minimum = board.parks(spec), board.minimum(spec)
    head = f"{scenario.place_name(node)} P{code.police}/D{code.demonstrators}"
    if node in parks:
        head += f", park x{parks[node]}"
    if node in minimum:
        head += f", {minimum_line(node, minimum[node], state, seen)}"
    return head


def box_units(state: GameState, node: str) -> list[tuple[str, str]]:
    """What a box holds, as (label, text): each side's units built up, the minimum box's platoons, the groups
    infiltrating, the units attacked this turn."""
    found = []
    for side in (DEMONSTRATORS, POLICE):
        here = [unit for unit in state.at(node, side) if not unit.attrs["minimum"]]
        if here:
            found.append((SIDE_NAMES[side], "; ".join(reading(here))))
    held = in_minimum(state, node)
    if held:
        found.append(("in the minimum box", "; ".join(reading(held))))
    for label, key in (("infiltrating", "infiltrating"), ("attacked this turn", "attacked")):
        ids = [unit.id for unit in state.at(node) if unit.id in state.local[key]]
        if ids:
            found.append((label, forces.tally(ids)))
    return found


def box_lines(state: GameState, scenario: Scenario, node: str) -> list[str]:
    """A box as the umpire's page gives it: its head, then what it holds, indented."""
    return [box_head(state, scenario, node), *(f"    {label}: {text}" for label, text in box_units(state, node))]


def state_text(game: Game) -> str:
    """A Chicago-Chicago session as the umpire reads it at the table."""
    state, scenario = game.state, game.ctx.scenario
    ei, local = state.scores, state.local
    lead = ei[DEMONSTRATORS] - ei[POLICE]
    lines = [f"{scenario.title} ({scenario.id})", step_line(state),
             f"Exposure Index: demonstrators {ei[DEMONSTRATORS]}, police {ei[POLICE]} (green lead {lead:+d})"]
    if not local["begun"]:
        lines.append("Set-up: units may still be placed (HOW TO SET UP THE GAME)")
    if state.over:
        winner = {None: "a draw", POLICE: "the police win", DEMONSTRATORS: "the demonstrators win"}[state.winner]
        lines.append(f"GAME OVER: {winner} ({local.get('reason')})")
    lines.append("")
    for node in scenario.board.nodes:
        lines += box_lines(state, scenario, node)
    lines.append("")
    for status, label in AWAY:
        for side in (DEMONSTRATORS, POLICE):
            away = [unit for unit in state.units.values() if unit.side == side and unit.status == status]
            if away:
                lines.append(f"{label}, {side}: " + "; ".join(reading(away)))
    return "\n".join(map(printable, lines))
