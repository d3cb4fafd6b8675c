"""Wallman's page for the umpire (`referee state`): each place's crowds (RL, hidden looters) and units,
the buildings hit, the casualties, the RL rolls owed."""

from __future__ import annotations

from referee.core.units import Unit
from referee.game import Game
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.rolls import owed
from referee.text import printable


def state_text(game: Game) -> str:
    """A Wallman session: each place's crowds (RL, hidden looters) and units, buildings hit, casualties, the RL
    rolls owed (RL State Chart)."""
    state, scenario = game.state, game.ctx.scenario
    lines = [f"{scenario.title} ({scenario.id})",
             f"Turn {state.turn}/{scenario.clock.turns}, {scenario.clock.span(state.turn)}, {state.phase} phase; "
             f"property damage {state.scores['damage']} of {scenario.target}"
             + (f"; GAME OVER, {state.winner} win" if state.over else ""), ""]
    for node in scenario.board.nodes:
        here = state.at(node)
        if here:
            lines.append(node)
            lines += [f"    {_wallman_label(unit)}" for unit in here]
    hit = [f"{name} {b['value']}/{scenario.board.buildings[name].value}" + (f" burning x{b['fires']}" if b["fires"] else "")
           for name, b in state.local["buildings"].items()
           if b["fires"] or b["value"] < scenario.board.buildings[name].value]
    lines += ["", "Buildings hit: " + (", ".join(hit) or "none")]
    down = [f"{cid} {c['state']} at {c['node']} ({c['of']})" + (f", {c['triage']}" if c["triage"] else "")
            for cid, c in state.local["casualties"].items() if lying(c)]
    lines += ["Casualties: " + ("; ".join(down) or "none")]
    lines += ["RL roll due (RL State Chart): " + ("; ".join(f"{uid} ({why})" for uid, why in owed(state).items()) or "none")]
    return "\n".join(map(printable, lines))


def hidden_facts(unit: Unit) -> list[str]:
    """What the review shows of a crowd's hidden state beside what a player knew: its RL and its looters."""
    return ([f"RL {unit.attrs['rl']}"] if "rl" in unit.attrs else []) + (
        [f"{unit.attrs['looters']} looters"] if unit.attrs.get("looters") else [])


def _wallman_label(unit) -> str:
    a = unit.attrs
    if unit.side == "crowd":
        extra = [f"looters {a['looters']}" if a.get("looters") else "", "running" if a.get("running") else "",
                 f"carrying {a['carrying']}" if a.get("carrying") else ""]
        return f"crowd    {unit.id}: {unit.factors['strength']} figures, RL {a['rl']}" + "".join(
            f", {e}" for e in extra if e)
    extra = [f"wounded ({a['wounded']})" if a.get("wounded") else "", f"water {a['water']}" if "water" in a else "",
             f"{a['prisoners']} arrested" if a.get("prisoners") else ""]
    return f"security {unit.id} ({unit.type}, {unit.factors['strength']})" + "".join(f", {e}" for e in extra if e)
