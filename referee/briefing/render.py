"""A player's briefing sheet, HTML for print or Markdown, rendered from their PlayerView and the public map."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from referee import rulesets
from referee.briefing.environment import environment
from referee.briefing.i18n import Strings
from referee.briefing.svg_map import area_rows, areas, drawing, grid
from referee.core.board import Board
from referee.errors import RefereeError
from referee.knowledge.view import MarkerSeen, Mood, OwnUnit, PlayerView, SceneNote, Sighting

TEMPLATES = {"html": "briefing.html.j2", "md": "briefing.md.j2"}
PAPERS = ("any", "a4", "letter")
"""`any` prints on the printer's paper (A4 or Letter); `a4` and `letter` name the page size for the browser."""
_OFF_MAP = ("off-map", "reserve", "destroyed")


def own_groups(view: PlayerView, board: Board, t: Strings) -> list[tuple[str, list[OwnUnit]]]:
    """The player's units by intersection in map order, then off the map (those still to arrive: see arrivals)."""
    arriving = {uid for arrival in view.arrivals for uid in arrival.units}
    placed: dict[str, list[OwnUnit]] = {}
    away: dict[str, list[OwnUnit]] = {status: [] for status in _OFF_MAP}
    for unit in view.own:
        if unit.node is not None and unit.status == "active":
            placed.setdefault(unit.node, []).append(unit)
        elif unit.id not in arriving:
            away.setdefault(unit.status, []).append(unit)
    order = sorted(placed, key=lambda node: (board.nodes[node].y, board.nodes[node].x))
    groups = [(t.place(node), sorted(placed[node], key=lambda u: u.stack or 0)) for node in order]
    return groups + [(t.word("status", status), _alike(units, t)) for status, units in away.items() if units]


def _alike(units: list[OwnUnit], t: Strings) -> list[OwnUnit]:
    """Units off the map, those alike (type, factors, notes) in one row named by them all: "Anarchists 1, 2, 5"."""
    rows: dict[tuple, list[OwnUnit]] = {}
    for unit in units:
        rows.setdefault((unit.type, unit.strength, unit.movement, unit.notes, unit.mood), []).append(unit)
    return [alike[0] if len(alike) == 1 else replace(alike[0], id=_names(alike, t), name=_names(alike, t))
            for alike in rows.values()]


def _names(units: list[OwnUnit], t: Strings) -> str:
    """Units' names in one: those numbered under one name as the name and the numbers ("Radicals 2, 7, 11")."""
    numbered: dict[str, list[str]] = {}
    for unit in units:
        name, _, number = t.data(unit.name).rpartition(" ")
        key, number = (name, number) if name and number.isdigit() else (t.data(unit.name), "")
        numbered.setdefault(key, []).append(number)
    return ", ".join(f"{name} {', '.join(numbers)}" if all(numbers) else ", ".join([name] * len(numbers))
                     for name, numbers in numbered.items())


def moods(view: PlayerView) -> list[Mood]:
    """Each crowd mood the sheet names (own clusters, then identified ones), once, for the words it carries."""
    named = [unit.mood for unit in view.own] + [unit.mood for s in view.sightings for unit in s.units]
    return list(dict.fromkeys(mood for mood in named if mood))


def seen_text(sighting: Sighting | SceneNote | MarkerSeen, view: PlayerView, t: Strings) -> str:
    """How old a sighting is: 'now', or 'seen 8:10, 2 turns ago'."""
    if sighting.current:
        return t("age.now")
    age, time = view.turn - sighting.seen_turn, t.data(sighting.seen_time)
    if age <= 0:
        return t("age.this_turn", time=time)
    return t("age.one", time=time) if age == 1 else t("age.many", time=time, turns=age)


def context(view: PlayerView, board: Board, lang: str, paper: str = "any") -> dict:
    """Everything the briefing templates read: the view, the map drawn from it, and the words of `lang`."""
    if paper not in PAPERS:
        raise RefereeError(f"unknown paper {paper!r} (known: {', '.join(PAPERS)})")
    ruleset = view.scenario.split("/")[0]
    t = Strings(lang, ruleset)

    def letter(marker: str) -> str:
        return t.word("marker", marker)[0].upper()

    if rulesets.get(ruleset).sheet_map == "areas":
        plan = areas(view, board, t.place, lambda turn: t("map.turn", turn=turn), letter)
        rows: list = area_rows(plan)
    else:
        plan = drawing(view, board, lambda target: t.data(target.name), letter)
        rows = grid(plan)
    return {
        "view": view, "t": t, "paper": paper, "map": plan, "grid": rows, "side": t.word("side", view.side),
        "groups": own_groups(view, board, t), "own_by_id": {unit.id: unit for unit in view.own},
        "seen": lambda sighting: seen_text(sighting, view, t),
        "strength": any(unit.strength for unit in view.own),  # a column of zeros (protesters) is left out
        "stacks": any(unit.stack is not None for unit in view.own),  # rulesets without stack order leave it out
        "own_mood": any(unit.mood for unit in view.own), "moods": moods(view),
        "their_strength": any(sighting.strength for sighting in view.sightings),
    }


def render(view: PlayerView, board: Board, fmt: str = "html", lang: str = "en", *,
           templates: Path | None = None, paper: str = "any") -> str:
    """The briefing of `view` as HTML or Markdown text; `templates` is a folder of templates that override ours."""
    if fmt not in TEMPLATES:
        raise RefereeError(f"unknown briefing format {fmt!r} (known: {', '.join(TEMPLATES)})")
    template = environment(templates).get_template(TEMPLATES[fmt])
    return template.render(context(view, board, lang, paper))
