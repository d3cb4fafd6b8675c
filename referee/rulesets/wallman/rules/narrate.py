"""Each Wallman event as one line of the umpire's log."""

from __future__ import annotations

from referee.core.clock import phase_change
from referee.core.engine import Context
from referee.core.events import ITEMS, Event, items_note
from referee.rules import deadlines, handing, names, reports


def _dice(event: Event) -> str:
    return f" [{' '.join(str(r.value) + ('*' if r.entered else '') for r in event.dice)}]" if event.dice else ""


def _way(why: str) -> str:
    """Where a drift went: "toward its objective", "toward the security forces", "away from the security forces"."""
    return "away from the security forces" if why == "away" else f"toward {'its' if why == 'objective' else 'the'} {why}"


def _mods(modifiers: dict) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {value:+d}" for name, value in modifiers.items()) or "no modifiers"


LINES = {
    "phase-ended": phase_change,
    "turn-begun": lambda d: f"turn {d['turn']} begins ({d['time']})",
    "reinforcements-arrived": lambda d: f"{', '.join(d['units'])} arrive{'s' * (len(d['units']) == 1)} at {d['node']}",
    "game-ended": lambda d: f"game over: property damage {d['score']} against {d['target']}; {d['winner']} win",
    "unit-moved": lambda d: f"{d['unit']} {'runs' if d.get('run') else 'moves'} {d['from']} -> {d['to']}",
    "crowd-moved": lambda d: (f"{d['crowd']} drifts {d['inches']}\" {_way(d['why'])}: " if "inches" in d
                              else f"{d['crowd']} moved by the umpire: ") + (
        f"{d['from']} -> {d['to']}" if d["to"] != d["from"] else f"stays at {d['from']}"),
    "rl-rolled": lambda d: f"{d['crowd']} RL {d['was']} -> {d['rl']}"
                           + ("" if ITEMS in d else f" (score {d['score']}: {_mods(d['modifiers'])})")
                           + (" and runs" if d["running"] else "") + (f" - {d['why']}" if d["why"] else ""),
    "negotiated": lambda d: f"{d['officer']} negotiates with {d['crowd']}: " + (
        f"RL {d['was']} -> {d['rl']} (score {d['score']})" if d["effective"] else f"no effect at RL {d['was']}"),
    "ordered": lambda d: f"{d['officer']} {'talks with' if d['talk'] else 'orders'} {d['to']}"
                         + (f": {d['text']}" if d["text"] else ""),
    "crowd-split": lambda d: f"{d['figures']} of {d['crowd']} split off as {d['new']}",
    "crowds-merged": lambda d: f"{d['crowd']} merges into {d['into']} (RL {d['rl']})",
    "fought": lambda d: f"{d['unit']} fights {d['crowd']} ({d['intent']}): {d['scores'][0]} v {d['scores'][1]}, "
                        + (f"{d['winner']} wins by {d['margin']}; "
                           f"{d['crowd'] if d['winner'] == d['unit'] else d['unit']}: {d['result']}"
                           if d["winner"] else d["result"]),
    "shot": lambda d: f"{d['unit']} fires on {d['crowd']} ({d['firers']} firers"
                      f"{', automatic' if d['automatic'] else ''}): {d['hits']} hit"
                      + "".join(f", {cid} {fate}" for cid, fate in d["casualties"].items()),
    "gassed": lambda d: f"{d['unit']} fires {d['kind'].replace('_', ' ')} into {d['node']}",
    "over-reaction": lambda d: f"{d['unit']} over-reaction test: score {d['score']}, {d['result']}",
    "sniped": lambda d: f"sniper at {d['from']} fires at {d['target']} (shot {d['shot']}): "
                        + (f"hit, {d['fate']}" if d["hit"] else "miss") + ("; the sniper is spotted" if d["spotted"] else ""),
    "returned-fire": lambda d: f"{d['unit']} returns fire at {d['at']}"
                               + (f": the sniper is {'hit' if d['hit'] else 'missed'}" if d["aimed"] else ""),
    "damaged": lambda d: f"{d['crowd']} smashes {d['building']}: -{d['points']}, value {d['value']}"
                         + (" (a wreck)" if d["wreck"] else "") + (", a fire starts" if d["fire"] else ""),
    "broke-in": lambda d: f"{d['crowd']} breaks into {d['building']}: -{d['points']}, value {d['value']}"
                          + (", a fire starts" if d["fire"] else ""),
    "looted": lambda d: f"{d['crowd']} loots {d['building']}: {d['taken']} loot units"
                        + ("; the looters leave laden" if d["full"] else "") + (", a fire starts" if d["fire"] else ""),
    "fire-started": lambda d: f"fire at {d['building']}" + (f", set by {d['by']}" if d["by"] else " (umpire)")
                              + (" with petrol bombs" if d.get("why") == "petrol bomb" else ""),
    "fire-fought": lambda d: "; ".join(d["lines"]) + f" ({d['fires']} left, water {d['water']})"
                             + "".join(f", {cid} burned" for cid in d.get("casualties", {})),
    "hydrant": lambda d: f"{d['engine']} " + ("connects to a hydrant" if d["connected"] else "is connecting to a hydrant"),
    "fires-burned": lambda d: "; ".join(d["events"]),
    "triaged": lambda d: f"{d['medic']} assesses {d['casualty']}: {d['result']}",
    "evacuated": lambda d: f"{d['ambulance']} takes {', '.join(d['casualties'])} to hospital",
    "patched-up": lambda d: "patched up, back with their own: " + ", ".join(f"{c} ({of})" for c, of in d["casualties"].items()),
    "looters-hidden": lambda d: "looters hidden among the crowds: " + ", ".join(f"{c} {n}" for c, n in d["looters"].items()),
    names.RENAMED: names.line,
    handing.HANDED: handing.line,
    deadlines.DEADLINE_SET: deadlines.line,
}


def narrate(event: Event, ctx: Context | None = None) -> str:
    """The event as the umpire reads it in the log, dice in brackets (typed-in ones starred); a report's turn by
    its time where the scenario (`ctx`) is given."""
    line = LINES.get(event.kind)
    if event.kind == reports.FILED:
        return reports.line(event.data, ctx)
    return (line(event.data) if line else f"{event.kind} {event.data}") + items_note(event) + _dice(event)
