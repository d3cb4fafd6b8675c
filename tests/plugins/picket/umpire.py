"""`referee state` for a picket line: the umpire's whole truth on one page, every resolve included."""

from __future__ import annotations

from referee.core.units import ACTIVE, Unit
from referee.game import Game
from referee.text import printable

from .rules import SCORE, held_gates


def _label(unit: Unit) -> str:
    return f"{unit.id} (resolve {unit.attrs['resolve']})" if "resolve" in unit.attrs else unit.id


def hidden_facts(unit: Unit) -> list[str]:
    """A unit's hidden state in words, beside what the police knew in the review: a picket's resolve."""
    return [f"resolve {unit.attrs['resolve']}"] if "resolve" in unit.attrs else []


def state_text(game: Game) -> str:
    """Each place with its units, the gates held now, and the pickets broken."""
    state, scenario = game.state, game.ctx.scenario
    over = f"; GAME OVER, the {state.winner} win" if state.over else ""
    lines = [f"{scenario.title} ({scenario.id})",
             f"Turn {state.turn}/{scenario.clock.turns}, {scenario.clock.span(state.turn)}, {state.phase} phase; "
             f"blockade {state.scores[SCORE]} of {scenario.target}{over}", ""]
    for node in scenario.board.nodes:
        for side in state.stacks:
            here = state.at(node, side)
            if here:
                lines.append(f"{node:<12} {side:<8} {', '.join(_label(unit) for unit in here)}")
    gates = [scenario.board.targets[gate].name for gate in held_gates(game.ctx, state)]
    broken = [unit.id for unit in state.units.values() if unit.status != ACTIVE]
    lines += ["", "Gates held now: " + (", ".join(gates) or "none"), "Broken: " + (", ".join(broken) or "none")]
    return "\n".join(map(printable, lines))
