"""One line of plain English per N30 event, for the umpire's log and the review."""

from __future__ import annotations

from referee.core.clock import phase_change
from referee.core.engine import Context
from referee.core.events import Event, dice_note, items_note
from referee.rules import deadlines, handing, names, reports


def _moved(d: dict) -> str:
    if not d["path"]:
        return f"{d['unit']} stays where it is"
    start = d["from"] or f"from the {d['edge']} edge"
    return f"{d['unit']} moves {start} → {' → '.join(d['path'])}" + (" (contact)" if d["contact"] else "")


def _confrontation(d: dict) -> str:
    results = ", ".join(
        f"{u['id']} {u['roll']}/{u['facing']} {u['result']}" + (" radicalized" if u["radicalized"] else "")
        for u in d["units"]
    )
    return f"{'Gas and attack' if d['gas'] else 'Attack'} at {d['node']} (police {d['police_total']}): {results}"


def _mood(d: dict) -> str:
    held = " (held: radicalized)" if d["held"] else ""
    runs = "; it breaks and runs" if d["running"] else ""
    return f"{d['unit']} mood: RL {d['was']} → {d['rl']} {d['level']}{held}{runs} (score {d['score']}; crowd_mood)"


def _radicalized(d: dict) -> str:
    if d.get("by") == "mood":
        return f"{d['unit']} is radicalized: its RL reached {d['rl']} (crowd_mood, 4.3)"
    return f"{d['unit']} is radicalized (4.3)" + (f", RL {d['rl']}" if "rl" in d else "")


_LINES = {
    "turn-begun": lambda d: f"Turn {d['turn']} begins, {d['time']}",
    "reinforcements-arrived": lambda d: (f"{len(d['units'])} reinforcement{'s reach' if len(d['units']) > 1 else ' reaches'}"
                                         f" the {d['edge']} edge: {', '.join(d['units'])}"),
    "intersection-chosen": lambda d: f"The {d['side']} choose {d['node']}",
    "movement-rolled": lambda d: f"{d['unit']} rolls a movement of {d['rate']}" + (" (halved, 3.1)" if d["halved"] else ""),
    "unit-moved": _moved,
    "police-barricade": lambda d: f"Police barricade at {d['node']} tests {d['unit']} (6.3)",
    "marker-placed": lambda d: f"{d['unit']} {'drops Flo' if d['marker'] == 'flo' else 'builds a barricade'} at {d['node']}",
    "marker-removed": lambda d: f"{'Flo' if d['marker'] == 'flo' else 'The barricade'} at {d['node']} is gone",
    "confrontation": _confrontation,
    "unit-retreated": lambda d: f"{d['unit']} retreats {d['from']} → {d['to']}",
    "unit-destroyed": lambda d: f"{d['unit']} is destroyed at {d['node']} ({d['section']})",
    "unit-radicalized": _radicalized,
    "crowd-mood": _mood,
    "success": lambda d: f"+{d['points']} success ({d['source']}{': ' + d['target'] if 'target' in d else ''})",
    "units-relocked": lambda d: f"Lockdowns lock again: {', '.join(d['units'])}",
    "phase-ended": phase_change,
    "factions-assigned": lambda d: "Factions: " + "; ".join(f"{k} {', '.join(v)}" for k, v in d["factions"].items()),
    "unit-topped": lambda d: f"{d['unit']} goes on top of its stack",
    "units-revealed": lambda d: f"Units revealed at {d['node']}",
    "game-ended": lambda d: f"Game over: {d['score']} of {d['target']}, the {d['winner']} win",
    names.RENAMED: names.line,
    handing.HANDED: handing.line,
    deadlines.DEADLINE_SET: deadlines.line,
}


def narrate(event: Event, ctx: Context | None = None) -> str:
    """The event as a line of text, its dice at the end (a typed-in die marked *); a target by its name where
    the scenario (`ctx`) is given."""
    data, targets = event.data, ctx.scenario.board.targets if ctx else {}
    if data.get("target") in targets:
        data = {**data, "target": targets[data["target"]].name}
    line = _LINES.get(event.kind)
    if event.kind == reports.FILED:
        return reports.line(data, ctx)
    return (line(data) if line else f"{event.kind} {data}") + items_note(event) + dice_note(event)
