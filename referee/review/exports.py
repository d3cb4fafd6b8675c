"""Exports for a class to analyse in a spreadsheet: the event log, the state turn by turn, every unit's place;
or one player's own view, safe to hand him.

`referee export PATH --out DIR [--format csv|json]` writes `events`, `turns` and `units` files (every hidden
fact: for the umpire only); with `--player ID`, `ID.json` or the CSV files `ID-units`, `ID-stacks`, `ID-reports`
(and `ID-scene` once a Wallman player has seen buildings hit or casualties, `ID-markers_seen` once an N30 player
knows of barricades or Flo), from that player's knowledge alone.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from referee.paths import player_file
from referee.review.gather import Gathered, gather
from referee.store.location import Location
from referee.store.reading import changed_outside
from referee.text import printable

FORMATS = ("csv", "json")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may run at the start of a cell (OWASP, CSV injection)."""
PLAYER_TABLES = ("units", "stacks", "reports", "scene", "markers_seen")
"""The tables of a player's view (`referee view --json`) that a player's CSV export writes, where present."""


def event_rows(g: Gathered) -> list[dict]:
    """Every stored event as `referee log --json` prints it (undone ones included and marked)."""
    undone = {record.seq for record, _ in g.undone}
    return [{"seq": r.seq, "turn": r.turn, "phase": r.phase, "kind": r.kind, "data": r.data, "dice": r.dice,
             "command": r.command_id, "undone": r.seq in undone, "umpire": g.issuers.get(r.command_id)} for r in g.log]


def turn_rows(g: Gathered) -> list[dict]:
    """The score and the units on the table, lost and waiting, per side, at the end of every turn."""
    rows = []
    for turn, (state, score) in sorted(g.ends.items()):
        row = {"turn": turn, "time": g.scenario.clock.label(turn), "score": score}
        for side in sorted(state.stacks):
            units = [u for u in state.units.values() if u.side == side]
            for status in ("active", "destroyed", "reserve", "off-map"):
                row[f"{side}_{status}"] = sum(u.status == status for u in units)
        rows.append(row)
    return rows


def unit_rows(g: Gathered) -> list[dict]:
    """Every unit at the end of every turn: where it was and its status."""
    return [{"turn": turn, "unit": u.id, "side": u.side, "type": u.type, "node": u.node, "status": u.status,
             "strength": u.factors.get("strength")}
            for turn, (state, _) in sorted(g.ends.items()) for u in state.units.values()]


def cell(value: object) -> object:
    """A CSV cell shown, never run: text `printable`, with a quote before a formula's start; numbers kept."""
    if isinstance(value, (dict, list)):
        value = json.dumps(value)
    if not isinstance(value, str):
        return value
    return ("'" if value.startswith(FORMULA_START) else "") + printable(value)


def _write(out: Path, name: str, rows: list[dict] | dict, fmt: str) -> Path:
    target = out / f"{name}.{fmt}"
    if fmt == "json":
        target.write_text(json.dumps(rows, indent=1), encoding="utf-8")
        return target
    fields = list(dict.fromkeys(key for row in rows for key in row))
    with target.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fields)
        writer.writeheader()
        for row in rows:
            writer.writerow({key: cell(value) for key, value in row.items()})
    return target


def export(path: Location, out: Path, fmt: str = "csv") -> list[Path]:
    """Write the three tables of a session into `out`; the files written."""
    if fmt not in FORMATS:
        raise ValueError(fmt)
    g = gather(path, at=[])
    if g.chain[1]:  # passed on, a changed log would look like the game as played
        raise changed_outside(path, g.chain[1])
    out.mkdir(parents=True, exist_ok=True)
    return [_write(out, name, rows(g), fmt) for name, rows in (("events", event_rows), ("turns", turn_rows),
                                                               ("units", unit_rows))]


def export_player(path: Location, player: str, out: Path, fmt: str = "csv") -> list[Path]:
    """Write one player's view, built from that player's knowledge as `referee view --json` gives it; the files."""
    from referee.knowledge.build import player_view
    from referee.knowledge.export import view_json

    if fmt not in FORMATS:
        raise ValueError(fmt)
    view = view_json(player_view(path, player))
    name = player_file(view["player"])
    out.mkdir(parents=True, exist_ok=True)
    if fmt == "json":
        return [_write(out, name, view, fmt)]
    return [_write(out, f"{name}-{table}", view[table], fmt) for table in PLAYER_TABLES if table in view]
