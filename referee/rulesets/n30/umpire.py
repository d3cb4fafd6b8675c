"""N30's page for the umpire (`referee state`): the stacks at each intersection with their hidden sides,
the reinforcements waiting, the destroyed, and the crowds' moods where the option shows them."""

from __future__ import annotations

from referee.core.units import ACTIVE, Unit
from referee.game import Game
from referee.knowledge.moods import mood_shown
from referee.rules.mood_chart import Level
from referee.rules.moods import chart, level
from referee.text import printable


def state_text(game: Game) -> str:
    """N30's page: the stacks at each intersection, the reinforcements to come."""
    state, scenario = game.state, game.ctx.scenario
    score = next(iter(state.scores.values()))
    lines = [
        f"{scenario.title} ({scenario.id})",
        f"Turn {state.turn}/{scenario.clock.turns}, {scenario.clock.span(state.turn)}, {state.phase} phase; "
        f"success {score} of {scenario.target}" + (f"; GAME OVER, {state.winner} win" if state.over else ""),
        "",
    ]
    nodes = sorted({node for stacks in state.stacks.values() for node, ids in stacks.items() if ids},
                   key=lambda n: (scenario.board.nodes[n].y, scenario.board.nodes[n].x))
    for node in nodes:
        marks = state.markers.get(node, ())
        lines.append(f"{node}" + (f"  [{', '.join(marks)}]" if marks else ""))
        for side, ids in ((side, state.stacks[side].get(node, ())) for side in state.stacks):
            if ids:
                names = ", ".join(_label(state.units[uid]) for uid in ids)
                lines.append(f"    {side:<11} {names}")
    waiting = [u for u in state.units.values() if u.status == "off-map"]
    if waiting:
        lines += ["", "Waiting at the edges: " + ", ".join(f"{u.id} ({u.attrs['edge']})" for u in waiting)]
    lost = [u.id for u in state.units.values() if u.status == "destroyed"]
    lines += ["", f"Destroyed ({len(lost)}): " + (", ".join(lost) or "none")]
    crowds: dict[int, tuple[Level, list[str]]] = {}
    for unit in state.units.values():
        mood = crowd_mood(game, unit) if unit.status == ACTIVE else None
        if mood:
            crowds.setdefault(mood.rl, (mood, []))[1].append(unit.id)
    if crowds:
        lines += ["", f"Crowd moods (crowd_mood; players see them as option mood_shown = {mood_shown(game.ctx)}):"]
        lines += [f"  RL {rl} {mood.name}: {', '.join(ids)}. {mood.behaviour}"
                  for rl, (mood, ids) in sorted(crowds.items())]
    return "\n".join(map(printable, lines))


def crowd_mood(game: Game, unit: Unit) -> Level | None:
    """The umpire's hint for a crowd (option crowd_mood): its RL's level, with its name and what it does."""
    return level(chart(game.ctx.scenario), unit.attrs["rl"]) if "rl" in unit.attrs else None


def hidden_facts(unit: Unit) -> list[str]:
    """What the review shows of a unit's hidden state beside what a player knew: a crowd's RL (option crowd_mood)."""
    return [f"RL {unit.attrs['rl']}"] if "rl" in unit.attrs else []


def _label(unit) -> str:
    flags = [flag for flag, on in (("unlocked", unit.attrs.get("locked") is False),
                                   (unit.attrs.get("faction", ""), unit.attrs.get("faction") not in (None, "neutral")),
                                   ("face down", unit.attrs.get("face_down")),
                                   (f"RL {unit.attrs.get('rl')}", "rl" in unit.attrs)) if on]
    return f"{unit.id} ({unit.type}{'; ' + ', '.join(flags) if flags else ''})"
