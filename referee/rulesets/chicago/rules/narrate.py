"""One line of plain English per Chicago-Chicago event, for the umpire's log and the review."""

from __future__ import annotations

from referee.core.clock import phase_change
from referee.core.engine import Context
from referee.core.events import Event, dice_note, items_note
from referee.rules import deadlines, handing, names, reports
from referee.rules.place_names import in_place_names
from referee.rulesets.chicago.rules.forces import tally


def _ei(d: dict) -> str:
    return f"EI police {d['ei']['police']}, demonstrators {d['ei']['demonstrators']}"


def _moved(d: dict) -> str:
    way = " → ".join([d["from"], *d["path"]])
    how = " infiltrating" if d["infiltrate"] else ""
    into = f" into {'the' if d['path'] else 'its'} minimum box" if d["minimum"] else ""
    return f"{tally(d['units'])}{how} {'move' if d['path'] else 'step'} {way}{into} ({d['cost']} movement)"


def _changes(d: dict) -> str:
    out = [old for old, new in d["changes"] if new is None]
    swapped = [f"{old}→{new}" for old, new in d["changes"] if new not in (None, old)]
    swapped += [f"{uid} marked level {level}" for uid, level in d.get("marked", {}).items()]
    parts = ([f"out of the game: {tally(out)}"] if out else []) + ([f"to another level: {', '.join(swapped)}"] if swapped else [])
    return "; ".join(parts) or "no unit changes"


def _conflict(d: dict) -> str:
    forced = ""
    if d["forced"]:
        f = d["forced"]
        forced = f"; forced assault at 1:1 rolls {f['roll']}: {f['result']}"
    column = d.get("column", d["odds"])  # a session logged before the column was kept: its odds, as read
    odds = d["odds"] if d.get("ratio", column) == column else f"{d['attack_strength']}:{d['defend_strength']} read as {column}"
    return (f"Conflict in {d['box']}: {d['attacker']} {tally(d['attack'])} ({d['attack_strength']}) against "
            f"{tally(d['defend'])} ({d['defend_strength']}), {odds} on {d['table'].upper()}, rolls {d['roll']}: "
            f"{d['result']}{forced}; {_changes(d)}; {_ei(d)}")


def _ended(d: dict) -> str:
    if d["reason"] == "CPD MINIMUM":
        return f"Game over: the police lose, a CPD MINIMUM box is short of three platoons ({', '.join(d['boxes'])})"
    who = {"police": "the police win", "demonstrators": "the demonstrators win", None: "a draw"}[d["winner"]]
    return f"Game over: {who} ({_ei(d)})"  # the last turn's name is the line's own time (28C, or 26C in two days)


_LINES = {
    "turn-begun": lambda d: f"Turn {d['name']} begins",
    "phase-ended": phase_change,
    "play-begun": lambda d: "Play begins: the set-up is fixed",
    "placed": lambda d: f"Set-up: {tally(d['units'])} to {d['to']}{' (minimum box)' if d['minimum'] else ''}",
    "moved": _moved,
    "released": lambda d: f"Green comes near: the CONDITIONAL minimum boxes of {', '.join(d['boxes'])} may be left",
    "conflict": _conflict,
    "guard-in": lambda d: f"The National Guard comes in: {tally(d['units'])} to {d['to']} (+{d['points']} green); {_ei(d)}",
    "guard-out": lambda d: f"The National Guard goes out: {tally(d['units'])} (+{d['points']} green); {_ei(d)}",
    "park-penalty": lambda d: f"Green in {', '.join(d['parks'])} not attacked on a C turn: +{d['points']} green; {_ei(d)}",
    "attrition": lambda d: f"End of {d['turn']}: {_changes(d)}",
    "multiplied": lambda d: "The parks multiply: " + (", ".join(f"{park} +{len(ids)} (x{d['parks'][park]})"
                                                              for park, ids in d["added"].items()) or "nothing to add"),
    "game-ended": _ended,
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
