"""The umpire's view of a session: the full state and the log, as JSON or as text."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from referee import rulesets
from referee.core.events import Event
from referee.core.units import ACTIVE, Unit
from referee.game import Game
from referee.knowledge.moods import mood_shown
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.response import level
from referee.rulesets.wallman.rules.setup import tables
from referee.text import printable

if TYPE_CHECKING:
    from referee.scenario.wallman_tables import Level



def _unit_json(game: Game, unit) -> dict:
    item = {
        "id": unit.id, "name": unit.name, "side": unit.side, "type": unit.type, "node": unit.node,
        "stack": game.state.stack_index(unit), "status": unit.status,
    }
    item.update({key: unit.attrs[key] for key in rulesets.get(game.ctx.scenario.ruleset).hidden if key in unit.attrs})
    item["factors"] = unit.factors
    return item


def state_json(game: Game) -> dict:
    """`referee state --json`: everything the engine knows."""
    state, scenario = game.state, game.ctx.scenario
    return {
        "scenario": scenario.id,
        "title": scenario.title,
        "turn": state.turn,
        "turns": scenario.clock.turns,
        "time": scenario.clock.label(state.turn),
        "phase": state.phase,
        "score": next(iter(state.scores.values())),
        "target": scenario.target,
        "scores": state.scores,
        "over": state.over,
        "winner": state.winner,
        "options": game.ctx.options,
        "units": [_unit_json(game, unit) for unit in state.units.values()],
        "markers": {node: list(marks) for node, marks in state.markers.items()},
        "turn_record": state.local,
    }


def state_text(game: Game) -> str:
    """`referee state`: a page an umpire can read, as its ruleset writes it."""
    return rulesets.get(game.ctx.scenario.ruleset).state_text(game)


def n30_text(game: Game) -> str:
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


def wallman_text(game: Game) -> str:
    """A Wallman session: each place's crowds (RL, hidden looters) and units, buildings hit, casualties."""
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
    return "\n".join(map(printable, lines))


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


def crowd_mood(game: Game, unit: Unit) -> Level | None:
    """The umpire's hint for a crowd (option crowd_mood): its RL's level, with its name and what it does."""
    return level(tables(game.ctx), unit.attrs["rl"]) if "rl" in unit.attrs else None


def _label(unit) -> str:
    flags = [flag for flag, on in (("unlocked", unit.attrs.get("locked") is False),
                                   (unit.attrs.get("faction", ""), unit.attrs.get("faction") not in (None, "neutral")),
                                   ("face down", unit.attrs.get("face_down")),
                                   (f"RL {unit.attrs.get('rl')}", "rl" in unit.attrs)) if on]
    return f"{unit.id} ({unit.type}{'; ' + ', '.join(flags) if flags else ''})"


def log_lines(store, as_json: bool) -> Iterator[str]:
    """`referee log`: every event, undone ones included and marked."""
    from referee.session import is_undone, narrated

    effective, records = set(store.effective()), store.log()
    lines = [(r, "") for r in records] if as_json else narrated(_narrator(store.info), records)
    for record, line in lines:
        undone = is_undone(record, effective)
        if as_json:
            yield json.dumps({
                "seq": record.seq, "turn": record.turn, "phase": record.phase, "kind": record.kind,
                "data": record.data, "dice": record.dice, "command": record.command_id, "undone": undone,
            })
        else:
            yield printable(f"{record.seq:>5}  t{record.turn:<2} {record.phase:<18} {line}{'  (undone)' if undone else ''}")


def _narrator(info) -> Callable[[Event], str]:
    """How a session's events read in its log: its ruleset's words, its scenario's names."""
    from referee.core.engine import Context
    from referee.scenario.catalog import from_sources

    scenario = from_sources(info.sources)
    return partial(rulesets.rules(scenario.ruleset).narrate, ctx=Context(scenario, scenario.option_values(info.options)))
