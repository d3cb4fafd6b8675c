"""One line of plain English per Battle of Seattle event, for the umpire's log and the review."""

from __future__ import annotations

from referee.core.clock import phase_change
from referee.core.engine import Context
from referee.core.events import Event, dice_note, items_note
from referee.rules import deadlines, handing, names, reports
from referee.rules.place_names import in_place_names
from referee.rulesets.bos.rules.victory import AGREED, TIE
from referee.text import plural

EXTENDED_BY = {TIE: "8.0: the indices are tied", AGREED: "2.4: the players agree"}


def _ei(d: dict) -> str:
    change = ", ".join(f"{side} {points:+d}" for side, points in d["change"].items())
    return f"EI ({d['source']}: {change}): Authority {d['authority']}, Protester {d['protester']}"


def _event(d: dict) -> str:
    line = f"Random event {d['roll']}: {d['title'] or 'no event'}"
    if "allowance" in d:
        line += f" ({d['allowance']['count']} {' or '.join(d['allowance']['kinds'])} units to choose)"
    if d.get("withdrawn"):
        line += f" (set aside until the Morning of the following day: {', '.join(d['withdrawn'])})"
    return line


def _reinforced(d: dict) -> str:
    parts = [f"{label}: {', '.join(d[key])}" for key, label in
             (("units", "added"), ("held", "held to the Morning"), ("removed", "removed"), ("arriving", "reach the Reserve Pool"))
             if d[key]]
    return "Reinforcements (4.21): " + ("; ".join(parts) or "none")


def _moved(d: dict) -> str:
    way = " → ".join([d["from"] or "the Reserve Pool", *(d.get("path") or [d["to"]])[:-1], d["to"] or "the Reserve Pool"])
    return f"{d['unit']} {'reaction-moves' if d['reaction'] else 'moves'} from {way}"


def _fate(unit: dict) -> str:
    check = f" (morale {unit['morale']}, rolled {unit['morale_roll']})" if "morale_roll" in unit else ""
    return f"{unit['id']}{check} {unit['fate']}"


def _combat(d: dict) -> str:
    a, c = d["attack"], d["counterattack"]
    fates = ", ".join(_fate(u) for u in d["units"] if u["fate"] != "stays" or "morale_roll" in u) or "no losses"
    return (f"Combat at {d['node']}: {', '.join(d['attackers'])} attack {', '.join(d['defenders'])}; attack {a['cf']} "
            f"({a['column']}) rolls {a['roll']} {a['result']}, counterattack {c['cf']} ({c['column']}) rolls {c['roll']} "
            f"{c['result']}: {fates}; EI Authority {d['ei']['authority']}, Protester {d['ei']['protester']}")


_LINES = {
    "turn-begun": lambda d: f"Game-turn {d['turn']} begins: {d['name']}",
    "phase-ended": lambda d: phase_change(d) + (f" (not placed, declined: {', '.join(d['declined'])})"
                                                 if d.get("declined") else ""),
    "opening-crowds": lambda d: "Opening Crowds: " + ", ".join(f"{u} in {n}" for u, n in d["units"].items()),
    "event-rolled": _event,
    "ei-changed": _ei,
    "reinforced": _reinforced,
    "unit-placed": lambda d: f"{d['unit']} is placed in {d['to']}",
    "unit-held": lambda d: f"{d['unit']} is taken and held until the Morning (7.1: no Crowd on the map at night)",
    "emergency-ordered": lambda d: "Emergency reinforcements: " + ", ".join(f"{u} (turn {t})" for u, t in d["units"].items()),
    "unit-lost": lambda d: f"{d['unit']} is removed from the game (random event)",
    "unit-moved": _moved,
    "barricade-tried": lambda d: f"{d['unit']} {'builds' if d['built'] else 'fails to build'} a barricade in {d['node']}",
    "barricade-removed": lambda d: f"The barricade in {d['node']} is removed: no Protester unit holds it (7.2)",
    "combat": _combat,
    "escalated": lambda d: f"The Authority goes to Stage {d['stage']} escalation",
    "nightfall": lambda d: f"Night falls: the Crowds leave the map ({plural(len(d['units']), 'unit')})",
    "game-ended": lambda d: f"Game over: {d['level']} (Authority {d['ei']['authority']}, Protester {d['ei']['protester']})",
    "game-extended": lambda d: f"The game goes on to the end of the Afternoon, 3 December game-turn ({EXTENDED_BY[d['by']]})",
    names.RENAMED: names.line,
    handing.HANDED: handing.line,
    deadlines.DEADLINE_SET: deadlines.line,
}


def narrate(event: Event, ctx: Context | None = None) -> str:
    """The event as a line of text, its dice at the end (a typed-in die marked *); its places by their printed
    names where the scenario (`ctx`) is given."""
    line = _LINES.get(event.kind)
    told = reports.line(event.data, ctx) if event.kind == reports.FILED else \
        (line(event.data) if line else f"{event.kind} {event.data}") + items_note(event)
    return in_place_names(told, ctx) + dice_note(event)
