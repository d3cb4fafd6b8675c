"""A player's briefing sheet, HTML for print or Markdown, rendered from their PlayerView and the public map."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from markupsafe import Markup

from referee import rulesets
from referee.briefing.environment import environment
from referee.briefing.i18n import Strings
from referee.briefing.svg_map import Drawing, area_rows, areas, drawing, grid
from referee.core.board import Board
from referee.core.units import Unit
from referee.errors import RefereeError
from referee.knowledge.public import public
from referee.knowledge.view import MarkerSeen, Mood, OwnUnit, PlayerView, SceneNote, Sighting, UnitFact
from referee.links import JOIN, PAGES, join_code, local_only
from referee.messages import MESSAGE_CHARS, answer_to
from referee.orders import OrderForm, handed_to
from referee.rules.deadlines import clock
from referee.scenario.catalog import Scenario
from referee.store.reading import MessageRecord

TEMPLATES = {"html": "briefing.html.j2", "md": "briefing.md.j2"}
PAPERS = ("any", "a4", "letter")
"""`any` prints on the printer's paper (A4 or Letter); `a4` and `letter` name the page size for the browser."""
_OFF_MAP = ("off-map", "reserve", "destroyed")


def own_groups(view: PlayerView, board: Board, t: Strings, by_kind: bool = False) -> list[tuple[str, list[OwnUnit]]]:
    """The player's units by intersection in map order, then off the map (those still to arrive: see arrivals);
    `by_kind`: at each place too, units alike in one row."""
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
    if by_kind:
        groups = [(place, _alike(units, t)) for place, units in groups]
    return groups + [(t.word("status", status), _alike(units, t)) for status, units in away.items() if units]


def _alike(units: list[OwnUnit], t: Strings) -> list[OwnUnit]:
    """Units off the map, those alike (type, factors, notes) in one row named by them all: "Anarchists 1, 2, 5"."""
    rows: dict[tuple, list[OwnUnit]] = {}
    for unit in units:
        rows.setdefault((unit.type, unit.strength, unit.movement, unit.notes, unit.mood), []).append(unit)
    return [alike[0] if len(alike) == 1 else replace(alike[0], id=grouped_names(alike, t), name=grouped_names(alike, t))
            for alike in rows.values()]


def seen_alike(units: tuple[UnitFact, ...], t: Strings) -> list[UnitFact]:
    """Units of the other side seen at one place, those alike (type, notes, mood, name but for the number or id) in
    one named by them all."""
    rows: dict[tuple, list[UnitFact]] = {}
    for unit in units:
        name, _, last = unit.name.rpartition(" ")
        rows.setdefault((unit.type, unit.notes, unit.mood, name if last.isdigit() or last == unit.id else unit.name),
                        []).append(unit)
    return [alike[0] if len(alike) == 1 else replace(alike[0], id=grouped_names(alike, t), name=grouped_names(alike, t))
            for alike in rows.values()]


def grouped_names(units: Sequence[OwnUnit | UnitFact | Unit], t: Strings) -> str:
    """Units' names in one, each name once and the numbers in number order: those numbered under one name as the
    name and the numbers ("Radicals 2, 7, 11"), or named by a kind and their ids as the kind and the ids, a run of
    three or more as its ends ("Level 1 group G1-04 – G1-09, G1-12"); units of one name without a number as the
    name and their ids ("WSP (WSP-1, WSP-2)")."""
    numbered: dict[str, list[tuple[str, str]]] = {}
    for unit in units:
        text = t.data(unit.name)
        name, _, number = text.rpartition(" ")
        if not (name and (number.isdigit() or number == unit.id)):
            name, number = text, ""
        numbered.setdefault(name, []).append((number, unit.id))
    return ", ".join(_one_name(name, pairs) for name, pairs in numbered.items())


def _one_name(name: str, pairs: list[tuple[str, str]]) -> str:
    """One name and its units' (number, id) pairs: the name and the numbers, or the name and the ids."""
    if all(number for number, _ in pairs):
        return f"{name} {', '.join(_runs(sorted((number for number, _ in pairs), key=natural)))}"
    if len(pairs) == 1:
        return name
    return f"{name} ({', '.join(_runs(sorted((uid for _, uid in pairs), key=natural)))})"


_DIGITS = re.compile(r"(\d+)")


def natural(text: str) -> tuple:
    """The key that sorts names in number order: "Unorganized 2" before "Unorganized 10", "P1-9" before "P1-10"."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in _DIGITS.split(text) if part)


_SERIAL = re.compile(r"(.*\D)(\d+)")


def _runs(ids: list[str]) -> list[str]:
    """Ids such as G1-04, G1-05, G1-06 (a prefix and a number) in runs: three or more in a row as "G1-04 – G1-06";
    plain numbers as they are."""
    out: list[list[str]] = []
    for uid in ids:
        match, last = _SERIAL.fullmatch(uid), _SERIAL.fullmatch(out[-1][-1]) if out else None
        if match and last and match[1] == last[1] and int(match[2]) == int(last[2]) + 1:
            out[-1].append(uid)
        else:
            out.append([uid])
    return [f"{run[0]} – {run[-1]}" if len(run) > 2 else ", ".join(run) for run in out]


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


def map_plan(view: PlayerView, board: Board, t: Strings) -> Drawing:
    """The map of `view` as its ruleset draws it (`sheet_map`): areas at their places, or a grid of streets."""
    def letter(marker: str) -> str:
        return t.word("marker", marker)[0].upper()

    if rulesets.get(t.ruleset).sheet_map == "areas":
        return areas(view, board, t.place, lambda turn: t("map.turn", turn=turn), letter,
                     lambda feature: t.optional(f"feature.{feature}"))
    return drawing(view, board, lambda target: t.data(target.name), letter)


def _strings(view: PlayerView, lang: str) -> Strings:
    """The words of `lang` for the game of `view`."""
    return Strings(lang, view.scenario.split("/")[0])


def context(view: PlayerView, board: Board, lang: str, paper: str = "any", head: str = "", ended: str | None = None) -> dict:
    """Everything the briefing templates read: the view, the map drawn from it, the words of `lang`, the head of
    the log the view is of (its first 16 hex digits, printed at the foot), and the game's end once it ended."""
    if paper not in PAPERS:
        raise RefereeError(f"unknown paper {paper!r} (known: {', '.join(PAPERS)})")
    t = _strings(view, lang)
    plugin = rulesets.get(t.ruleset)
    by_kind = plugin.sheet_rows == "kind"
    plan = map_plan(view, board, t)
    rows: list = area_rows(plan, t("map.unseen")) if plugin.sheet_map == "areas" else grid(plan)
    return {
        "view": view, "t": t, "paper": paper, "head": head[:16], "ended": ended, "map": plan, "grid": rows,
        "side": t.word("side", view.side),
        "groups": own_groups(view, board, t, by_kind), "own_by_id": {unit.id: unit for unit in view.own},
        "identified": (lambda s: seen_alike(s.units, t)) if by_kind else (lambda s: s.units),
        "pile_units": lambda pile: seen_alike(pile.units, t),
        "seen": lambda sighting: seen_text(sighting, view, t),
        "strength": any(unit.strength for unit in view.own),  # a column of zeros (protesters) is left out
        "counters": any(t.counter(unit) for unit in view.own),  # the factors as the game's counters print them
        "stacks": any(unit.stack is not None for unit in view.own),  # rulesets without stack order leave it out
        "own_mood": any(unit.mood for unit in view.own), "moods": moods(view),
        "their_strength": view.their_strength,
        "card": plugin.reference_card(view, t),  # the side's reference card (its tables), where the game has one
    }


def render_live(view: PlayerView, board: Board, lang: str, script: str, head: str = "", ended: str | None = None, *,
                thread: Sequence[MessageRecord], key: str, forms: Sequence[OrderForm] = (), ahead: str | None = None,
                standing: MessageRecord | None = None) -> str:
    """A player's live page (`referee serve`): his HTML sheet as it stands, the `forms` of the orders he may send
    (blind orders for a phase `ahead` of this one, where they are) and his `standing` order in force, his `thread`
    of messages and orders with the umpire and the form that writes to him (each carrying `key`, the page's own),
    and `script`, which follows the page."""
    page = context(view, board, lang, head=head, ended=ended)
    return environment().get_template("live.html.j2").render({**page, **_thread(page["t"], thread, view), "script": script,
                                                              **_placed(_sections(page)),
                                                              "key": key, "message_chars": MESSAGE_CHARS,
                                                              "forms": forms, "ahead": ahead,
                                                              **_ordering(view, standing, ended)})


def render_thread(view: PlayerView, thread: Sequence[MessageRecord], lang: str) -> str:
    """A player's messages with the umpire alone, oldest first: what a live page is sent again when one is written."""
    return environment().get_template("_thread.html.j2").render(_thread(_strings(view, lang), thread, view))


def _thread(t: Strings, thread: Sequence[MessageRecord], view: PlayerView) -> dict:
    """What the thread's template reads: the words, the messages, each by its number (for the one answered), each
    order's answer, which decided it, and what came of each order carried out as the player's feed says it (his
    knowledge alone: the lines the command's events wrote him, oldest first)."""
    answer_of = {m.id: answer_to(m, thread) for m in thread if m.is_order}
    done = {message.done for message in thread if message.done}
    came: dict[int, list[str]] = {}
    for entry in view.feed:  # a command's lines fall in one turn, in the order they happened
        if entry.command in done:
            came.setdefault(entry.command, []).append(t.said(entry))
    return {"t": t, "thread": thread, "by_id": {message.id: message for message in thread}, "came": came,
            "answer_of": {number: answer for number, answer in answer_of.items() if answer is not None}}


def render_orders(view: PlayerView, forms: Sequence[OrderForm], lang: str, ahead: str | None = None,
                  standing: MessageRecord | None = None, ended: str | None = None) -> str:
    """The forms of the orders a player may send now (for a phase `ahead`, blind) and his `standing` order in
    force, or once the game has `ended` that no order is taken: what a live page is sent again when they change."""
    return environment().get_template("_orders.html.j2").render({"t": _strings(view, lang), "forms": forms,
                                                                  "ahead": ahead,
                                                                  **_ordering(view, standing, ended)})


def _ordering(view: PlayerView, standing: MessageRecord | None, ended: str | None) -> dict:
    """What his page says above his order forms: the phase the game is in (`now`), or that it is `over`; the
    deadline of his orders in this phase, if any, as a time (`due`) and in the hours and minutes of the room's
    clock, the server's (`due_time`); who commands his units where all were handed away (`handed`); and his
    standing order in force (`standing`)."""
    handed = {"handed": handed_to(view), "standing": standing, "now": view.phase, "over": ended is not None}
    if view.deadline is None:
        return {"due": None, **handed}
    return {"due": view.deadline, "due_time": clock(view.deadline), **handed}


def render_room(view: PlayerView, board: Board, lang: str, script: str | None, head: str = "",
                ended: str | None = None, join: str = "") -> str:
    """The room's page (a projector; its content alone without `script`): what everyone knows, from any player's
    view made public (referee.knowledge.public), nothing of either side's; with `join`, where the players open their
    pages by the code on their sheets, and its QR code."""
    page = context(public(view), board, lang, head=head, ended=ended)
    template = "room.html.j2" if script else "_room.html.j2"
    return environment().get_template(template).render({**page, "script": script, "join": join,
                                                        "join_qr": _qr(join) if join else ""})


def render_join(scenario: Scenario, lang: str, script: str) -> str:
    """The join page: a box for the code on a player's sheet, and `script`, which opens his page."""
    t = Strings(lang, scenario.ruleset)
    return environment().get_template("join.html.j2").render({"t": t, "title": scenario.title, "script": script,
                                                              "paper": "any"})


def _qr(url: str) -> Markup:
    """A QR code of an address, drawn inline."""
    import segno

    return Markup(segno.make(url, error="l").svg_inline(scale=2, title=url))


AFTER_ORDERS = ("card", "glossary", "footer")
"""The sheet's sections a live page shows below the player's orders and messages: the reference card, the
glossary, and the footer with the log's head and the seed's commitment."""


def render_sheet(view: PlayerView, board: Board, lang: str, head: str = "", ended: str | None = None) -> str:
    """The sheet alone, without its page."""
    return environment().get_template("_sheet.html.j2").render(context(view, board, lang, head=head, ended=ended))


def render_sections(view: PlayerView, board: Board, lang: str, head: str = "",
                    ended: str | None = None) -> dict[str, str]:
    """The sheet section by section (the top-level blocks of `_sheet.html.j2`, in order, each by its name): a live
    page is sent again only the sections that changed when the player learns more."""
    return _sections(context(view, board, lang, head=head, ended=ended))


def _sections(page: dict) -> dict[str, str]:
    template = environment().get_template("_sheet.html.j2")
    made = template.new_context(page)
    return {name: "".join(block(made)) for name, block in template.blocks.items()}


def _placed(sections: dict[str, str]) -> dict[str, Markup]:
    """A live page's sheet in two places: above his orders what he plays by (`sheet`), and below his messages
    (`after`) what he reads least at the table, so that on a phone his orders are not far down the page."""
    return {"sheet": sectioned({name: html for name, html in sections.items() if name not in AFTER_ORDERS}),
            "after": sectioned({name: sections[name] for name in AFTER_ORDERS if name in sections})}


def sectioned(sections: dict[str, str]) -> Markup:
    """A live page's sheet: each section in an element of its own (`data-part`, its name), which an update replaces;
    the elements take no room of their own (`display: contents`)."""
    return Markup("\n").join(Markup('<div class="part" data-part="{}">{}</div>').format(name, Markup(html))
                              for name, html in sections.items())


def render(view: PlayerView, board: Board, fmt: str = "html", lang: str = "en", *,
           templates: Path | None = None, paper: str = "any", link: str | None = None, head: str = "",
           ended: str | None = None) -> str:
    """The briefing of `view` as HTML or Markdown text; `templates` is a folder of templates that override ours;
    `link`, the player's own live page (`referee serve`), printed at its foot with its QR code; `head`, the head of
    the log the view is of."""
    if fmt not in TEMPLATES:
        raise RefereeError(f"unknown briefing format {fmt!r} (known: {', '.join(TEMPLATES)})")
    template = environment(templates).get_template(TEMPLATES[fmt])
    extra: dict = {}
    if link:  # where it opens on this machine alone, no QR code that no phone can open
        base, _, token = link.rpartition(PAGES)
        extra = {"link": link, "link_qr": "" if local_only(link) else _qr(link), "link_local": local_only(link),
                 "join": base + JOIN, "code": join_code(token)}
    return template.render({**context(view, board, lang, paper, head, ended), **extra})
