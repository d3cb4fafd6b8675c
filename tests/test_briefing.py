"""Briefing sheets: golden files, escaping, print rules, fog of war on the map, both languages, `referee brief`.

The golden files under tests/golden/ are the sheets of one hand-made PlayerView on the real N30 board,
in HTML and Markdown, English and Spanish; the tests compare them exactly. After a deliberate change
to the templates or the string tables, regenerate them and review the diff:

    REFEREE_UPDATE_GOLDEN=1 /tmp/venv/bin/python -m pytest -q tests/test_briefing.py
"""

from __future__ import annotations

import hashlib
import html
import os
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from referee import rulesets
from referee.briefing.environment import md_escape
from referee.briefing.i18n import EN, ES, PHRASES, Strings
from referee.briefing.render import render
from referee.errors import RefereeError
from referee.knowledge.view import Arrival, MarkerSeen, Mood, OwnUnit, PlayerView, Report, Sighting, UnitFact
from referee.paths import data_dir
from referee.rules.moods import chart
from referee.scenario.catalog import catalogue, load
from tests.sheet_text import visible

GOLDEN = Path(__file__).parent / "golden"
SCENARIO = load("n30/lock-down-hold-fast")
BOARD = SCENARIO.board
HOSTILE = ("<script>alert(1)</script>", "{{ x }}", "*bold*", "\"quoted\" & 'single'", "line\n# Heading")


def _unit(uid: str, kind: str, node: str | None, stack: int | None, status: str = "active",
          notes: tuple[str, ...] = (), strength: int = 0) -> OwnUnit:
    return OwnUnit(uid, uid, kind, node, stack, status, strength, 1, notes)


def sample_view(**changes) -> PlayerView:
    """The protester player at 8:40 (turn 7) under weak hidden movement: every kind of fact once."""
    p = SCENARIO.player("protesters")
    view = PlayerView(
        player="protesters", side="protesters", role=p.role, objectives=p.objectives,
        scenario=SCENARIO.id, title=SCENARIO.title, turn=7, turns=36, time="8:40", phase="police-movement",
        score=23, target=160,
        own=(
            _unit("Sea Turtles (T)", "theater", "7th & Pine", 0),
            _unit("Bananarchy", "lockdown", "7th & Pine", 1, notes=("unlocked",)),
            _unit("U7", "unorganized", "6th & Union", 0),
            _unit("(A) Action", "flying", "8th & Pike", 0, notes=("black bloc", "face down")),
            _unit("U27", "unorganized", None, None, "off-map", notes=("waiting at the north edge",)),
            _unit("U28", "unorganized", None, None, "reserve", notes=("arrives 8:50 at a random edge",)),
            _unit("Cowborg", "lockdown", None, None, "destroyed"),
        ),
        sightings=(
            Sighting("5th & Olive", "police", 5, "8:20", "report", None, None, None, (), False),
            Sighting("7th & Pine", "police", 7, "8:40", "contact", 2, 3,
                     UnitFact("6/B", "6/B", "hard"), (UnitFact("6/B", "6/B", "hard"), UnitFact("9/A", "9/A", "soft")),
                     True),
            Sighting("8th & Pike", "police", 7, "8:40", "observed", None, 4, UnitFact("CC-3", "CC-3", "soft"), (),
                     True),
            Sighting("8th & Pike", "police", 3, "8:00", "observed", None, 2, UnitFact("MP-2", "MP-2", "mounted"), (),
                     False),
            Sighting("8th & Union", "police", 6, "8:30", "contact", 2, 2, UnitFact("CC-1", "CC-1", "soft"),
                     (UnitFact("CC-1", "CC-1", "soft"), UnitFact("CC-2", "CC-2", "soft")), False),
        ),
        reports=(
            Report("Buses massing on 4th Avenue.", "doubtful", 6, "8:30"),
            Report("A chemical team is moving up Pike.", "probable", 7, "8:40"),
        ),
        arrivals=(Arrival(8, "8:50", "random", ("U28",)), Arrival(10, "9:10", "east", ("Earth First", "U30"))),
        announcements=("8:40: turn 7 begins",),
        seed_commitment=hashlib.sha256(b"12345").hexdigest(),
        markers=(MarkerSeen("7th & Pine", "barricade", "protesters", 7, "8:40", True),
                 MarkerSeen("8th & Pike", "flo", "protesters", 7, "8:40", True)),
    )
    return replace(view, **changes)


# --- golden files --------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["html", "md"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_sheet_matches_its_golden_file(fmt, lang):
    text = render(sample_view(), BOARD, fmt, lang)
    golden = GOLDEN / f"briefing.{lang}.{fmt}"
    if os.environ.get("REFEREE_UPDATE_GOLDEN") == "1":
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_markdown_sheet_keeps_its_shape(lang):
    view = sample_view()
    sheet = markdown_to_html(render(view, BOARD, "md", lang))
    items = 5 + len(view.objectives) + len(BOARD.targets) + len(view.reports) + len(view.arrivals)  # 5 facts on top
    items += len(Strings(lang, "n30").glossary())  # the words of the game, one a line
    card = rulesets.get("n30").reference_card(view, Strings(lang, "n30"))  # the reference card: its tables' notes
    items += sum(len(table.notes) for table in card.tables)
    assert sheet.tags.count("li") == items
    assert sheet.tags.count("table") == 4 + len(card.tables) and sheet.tags.count("h2") == 9


def test_the_sheet_is_deterministic():
    assert render(sample_view(), BOARD) == render(sample_view(), BOARD)


# --- escaping ------------------------------------------------------------------------------------


def hostile_view() -> PlayerView:
    return sample_view(
        player=HOSTILE[0], role=HOSTILE[1], objectives=HOSTILE,
        own=tuple(_unit(name, "flying", "7th & Pine", i, notes=(name,)) for i, name in enumerate(HOSTILE)),
        sightings=(Sighting("8th & Pike", "police", 7, "8:40", "contact", len(HOSTILE), 2,
                            UnitFact(HOSTILE[0], HOSTILE[0], "soft"),
                            tuple(UnitFact(name, name, "soft") for name in HOSTILE), True),),
        reports=tuple(Report(name, "certain", 7, "8:40") for name in HOSTILE),
        arrivals=(Arrival(8, "8:50", "west", HOSTILE),),
    )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hostile_names_are_escaped_in_html(lang):
    page = render(hostile_view(), BOARD, "html", lang)
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "{{ x }}" in page  # data is printed, never evaluated
    assert '"quoted"' not in page and "'single'" not in page
    assert "&#34;quoted&#34; &amp; &#39;single&#39;" in page


class _Text(HTMLParser):
    """The text and the tags of an HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.tags = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def markdown_to_html(text: str) -> _Text:
    from markdown_it import MarkdownIt

    parsed = _Text()
    parsed.feed(MarkdownIt("commonmark").enable("table").render(text))
    return parsed


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hostile_names_render_literally_from_markdown(lang):
    sheet = markdown_to_html(render(hostile_view(), BOARD, "md", lang))
    shown = " ".join(sheet.text)
    assert "script" not in sheet.tags
    assert sheet.tags.count("h1") == 1 and "em" not in sheet.tags
    for name in HOSTILE:
        assert name.replace("\n", " ") in shown
    plain = markdown_to_html(render(sample_view(), BOARD, "md", lang))
    assert sheet.tags.count("table") == plain.tags.count("table")  # no name broke a table


def test_markdown_escape_covers_line_starts_and_entities():
    assert md_escape("1. first") == "1\\. first"
    assert md_escape("- item") == "\\- item"
    assert md_escape("&amp; & co") == "\\&amp; & co"
    assert md_escape("a\r\nb") == "a b"
    assert md_escape("[x](http://e.org)") == "\\[x\\](http://e.org)"


# --- print ---------------------------------------------------------------------------------------


def test_the_html_sheet_needs_nothing_from_outside():
    page = render(sample_view(), BOARD, "html", "en")
    assert "http" not in page and "src=" not in page and "<link" not in page and "<script" not in page
    assert "@import" not in page and "@font-face" not in page
    assert set(re.findall(r"url\(([^)]*)\)", page)) == {"#hatch"}
    assert "<svg" in page and "<img" not in page


def test_the_html_sheet_prints_on_a4_and_letter():
    page = render(sample_view(), BOARD, "html", "en")
    assert re.search(r"@page a4 \{ size: A4", page) and re.search(r"@page letter \{ size: letter", page)
    assert re.search(r"@page \{ margin:", page)
    assert '<body class="paper-any">' in page
    assert '<body class="paper-a4">' in render(sample_view(), BOARD, "html", "en", paper="a4")
    assert '<body class="paper-letter">' in render(sample_view(), BOARD, "html", "en", paper="letter")


def css_rules(page: str) -> dict[str, dict[str, str]]:
    """The sheet's stylesheet: each selector's declarations (comments left out)."""
    style = re.sub(r"/\*.*?\*/", "", re.search(r"<style>(.*?)</style>", page, re.S).group(1), flags=re.S)
    rules: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", style):
        declarations = dict(part.split(":", 1) for part in body.split(";") if ":" in part)
        for selector in selectors.split(","):
            rules.setdefault(selector.strip(), {}).update({k.strip(): v.strip() for k, v in declarations.items()})
    return rules


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_map_starts_on_page_one_in_every_language(lang):
    """Page 1 holds the header and the map: only the bounded drawing is kept whole, nothing breaks before it."""
    page = render(sample_view(), BOARD, "html", lang)
    rules = css_rules(page)
    keep_whole = [s for s, d in rules.items() if d.get("break-inside") == "avoid" and re.search(r"figure|\.key|\.map", s)]
    assert keep_whole == ["figure svg.map"]
    assert float(rules["figure svg.map"]["max-height"].removesuffix("mm")) <= 112
    assert rules[".key table td.target"]["white-space"] == "nowrap"
    assert page.count('<td class="target">') == len(BOARD.targets)
    assert re.findall(r'<section class="([^"]*)"', page)[:2] == ["map", "own page"]
    assert "<header>" in page and not any("break-before" in d or "break-after" in d for s, d in rules.items()
                                          if s in ("header", "h1", ".facts", "section.map", "figure"))


@pytest.mark.parametrize("arguments, message", [
    (("pdf", "en"), "unknown briefing format"),
    (("html", "fr"), "unknown language"),
])
def test_unknown_format_or_language_is_refused(arguments, message):
    with pytest.raises(RefereeError, match=message):
        render(sample_view(), BOARD, *arguments)


def test_unknown_paper_is_refused():
    with pytest.raises(RefereeError, match="unknown paper"):
        render(sample_view(), BOARD, "html", "en", paper="a3")


def test_a_template_in_the_override_folder_replaces_the_bundled_one(tmp_path):
    (tmp_path / "_footer.html.j2").write_text("<footer>club sheet {{ view.turn }}</footer>\n", encoding="utf-8")
    page = render(sample_view(), BOARD, "html", "en", templates=tmp_path)
    assert "<footer>club sheet 7</footer>" in page and "Seed commitment" not in page


# --- fog of war ----------------------------------------------------------------------------------


def _map(page: str) -> str:
    return re.search(r'<svg class="map".*?</svg>', page, re.S).group(0)


def police_names() -> set[str]:
    return {text for unit in SCENARIO.units.values() if unit.side == "police" for text in (unit.id, unit.name)}


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_no_opposing_unit_appears_that_the_view_does_not_hold(fmt):
    view = sample_view()
    known = {text for s in view.sightings for u in (*s.units, *([s.top] if s.top else [])) for text in (u.id, u.name)}
    sheet = render(view, BOARD, fmt, "en")
    assert {name for name in police_names() if name in sheet} == known
    blind = render(sample_view(sightings=()), BOARD, fmt, "en")
    assert {name for name in police_names() if name in blind} == set()


def test_the_map_marks_each_sighted_intersection_once_and_own_stacks_by_count():
    view = sample_view()
    svg = _map(render(view, BOARD, "html", "en"))
    assert svg.count('stroke-dasharray="5 3"') == 3  # 5th & Olive and 8th & Union (old), 8th & Pike (earlier too)
    assert len(re.findall(r'<g opacity="', svg)) == len({s.node for s in view.sightings})
    assert re.findall(r'<g opacity="([^"]+)"', svg) == ["0.62", "1", "1", "0.8"]  # 2 turns old, now, now, 1 turn
    own = re.findall(r'fill="#fff" text-anchor="middle">(\d+)</text>', svg)
    assert sorted(own) == ["1", "1", "2"]  # 6th & Union, 8th & Pike, 7th & Pine; none for units off the map
    blind = _map(render(sample_view(sightings=()), BOARD, "html", "en"))
    assert "<g opacity=" not in blind and "CC-3" not in blind


@pytest.mark.parametrize("lang, seen_then", [("en", "seen 8:10, 3 turns ago"), ("es", "visto 8:10, hace 3 turnos")])
def test_barricades_and_flo_print_with_when_they_were_seen(lang, seen_then):
    """Own markers now; the other side's as last seen: dashed on the map, their time in the list and the grid."""
    police = sample_view(player="police", side="police", markers=(
        MarkerSeen("6th & Pike", "barricade", "protesters", 4, "8:10", False),))
    page, sheet = render(police, BOARD, "html", lang), render(police, BOARD, "md", lang)
    assert seen_then in _visible(page, "html") and seen_then in sheet and "▲B 8:10" in sheet
    assert re.findall(r'<g class="marker"[^>]*>\n<line[^>]*/>\n<path[^>]*stroke-dasharray', _map(page))
    own = _visible(render(sample_view(), BOARD, "html", lang), "html")
    assert re.search(r"7th & Pine\s+(?:barricade|barricada)\s+(?:now|ahora)", own)
    assert re.search(r"8th & Pike\s+Flo \((?:the whale|la ballena)\)\s+(?:now|ahora)", own)
    none = render(sample_view(markers=()), BOARD, "html", lang)
    assert 'class="marker' not in none and 'class="markers' not in none


def test_the_map_shows_the_public_board():
    svg = _map(render(sample_view(), BOARD, "html", "en"))
    for label in ("2nd", "Boren", "Olive", "Seneca", "tunnel", "out of play", "Convention Center"):
        assert f">{label}<" in svg or label in svg
    assert svg.count('stroke-dasharray="10 6"') == 1  # the 8th Avenue tunnel
    assert svg.count('stroke-dasharray="0.1 8"') == 2  # the two diagonal ways


# --- languages -----------------------------------------------------------------------------------


def test_both_string_tables_hold_the_same_keys_with_text():
    assert set(EN) == set(ES)
    assert [key for key in EN if not EN[key].strip() or not ES[key].strip()] == []
    fields = re.compile(r"\{(\w+)\}")
    assert [key for key in EN if set(fields.findall(EN[key])) != set(fields.findall(ES[key]))] == []


def test_every_key_is_used():
    computed = ("side.", "phase.", "type.", "status.", "source.", "reliability.", "edge.", "marker.", "moods.") + PHRASES
    package = Path(render.__code__.co_filename).parent
    files = [*data_dir("templates").glob("*.j2"), *package.glob("*.py")]
    sources = "".join(path.read_text(encoding="utf-8") for path in files if path.name != "i18n.py")
    assert [key for key in EN if not key.startswith(computed) and f'"{key}"' not in sources] == []


def _visible(text: str, fmt: str) -> str:
    if fmt == "md":
        return " ".join(markdown_to_html(text).text)
    return visible(text, fmt)


def english_left_in(sheet: str, en: dict[str, str] = EN, es: dict[str, str] = ES) -> list[str]:
    """English table fragments (of four letters or more) in a sheet that the Spanish table does not share."""
    spanish = " ".join(es.values())
    found = []
    for key, english in en.items():
        if english == es[key]:
            continue
        for fragment in re.split(r"\{\w+\}", english):
            fragment = fragment.strip(" .,:;()")
            if len(fragment) >= 4 and fragment not in spanish and fragment in sheet:
                found.append(f"{key}: {fragment!r}")
    return found


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_spanish_sheet_has_no_english_left(fmt):
    assert english_left_in(_visible(render(sample_view(), BOARD, fmt, "es"), fmt)) == []
    assert english_left_in(_visible(render(sample_view(), BOARD, fmt, "en"), fmt)) != []  # the check bites


def mood_view() -> PlayerView:
    """The sample view with crowd_mood on: a mood in every place one prints (an own crowd, crowds identified)."""
    levels = {level.rl: Mood(level.name, level.words) for level in chart(SCENARIO).levels}
    seen = (UnitFact("U7", "Unorganized 7", "unorganized", levels[4]), UnitFact("U5", "U5", "radicalized", levels[8]))
    own = tuple(replace(unit, mood=levels[2]) if unit.id == "U7" else unit for unit in sample_view().own)
    return sample_view(own=own, sightings=(Sighting("6th & Union", "protesters", 7, "8:40", "contact", 2, 0, None,
                                                    seen, True),))


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_crowd_mood_prints_in_words_in_both_languages(fmt):
    """Option crowd_mood: each crowd's mood by name, its words listed once, English or Spanish; never an RL."""
    english, spanish = (_visible(render(mood_view(), BOARD, fmt, lang), fmt) for lang in ("en", "es"))
    assert "Agitated" in english and "Out of control: petrol bombs and fires." in english and "Calm" in english
    assert "Agitada" in spanish and "Fuera de control: cócteles molotov e incendios." in spanish
    assert english_left_in(spanish) == []
    assert [key for key in EN if key.startswith("mood.") and Strings("es").data(EN[key]) == EN[key]] == []
    assert not re.search(r"\bRL\b", english + spanish)


def test_every_role_objective_and_target_of_the_scenarios_is_translated():
    texts = {("n30", t.name) for t in BOARD.targets.values()}
    for entry in catalogue():
        scenario = load(entry["id"])
        texts |= {(scenario.ruleset, text) for p in scenario.players for text in (p.role, *p.objectives)}
    assert [text for ruleset, text in texts if Strings("es", ruleset).data(text) == text] == []
    assert [text for ruleset, text in texts if Strings("en", ruleset).data(text) != text] == []


def test_unit_notes_translate_with_their_edges_and_times():
    es = Strings("es")
    assert es.data("arrives 9:10 at the west edge") == "llega 9:10, por el borde oeste"
    assert es.data("waiting at a random edge") == "esperando en un borde al azar"
    assert es.data("commanded by police-planning") == "al mando de police-planning"
    assert es.data("Bananarchy") == "Bananarchy"


# --- the brief command ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def session_path(tmp_path_factory):
    """A Close the Ring session under strong hidden movement, played to its 5th turn by the computer players."""
    from referee.session import Session
    from referee.simulate import play_game

    options = {"hidden": "strong"}
    path = tmp_path_factory.mktemp("brief") / "ring.db"
    _, commands = play_game("n30/close-the-ring", options, 11)
    session = Session.create(path, "n30/close-the-ring", options, 11)
    try:
        for command in commands:
            session.apply(command)
            if session.state.turn == 5:
                break
        session.apply({"do": "report", "player": "protesters", "text": "Mounted police on 5th <Ave>",
                       "reliability": "doubtful"})
    finally:
        session.close()
    return path


def test_brief_writes_prints_and_records_every_players_sheet(cli, session_path, tmp_path):
    from referee.store.reading import open_reader

    out = tmp_path / "sheets"
    run = cli("brief", session_path, "--all", "--out", out)
    assert run.code == 0, run.err
    assert run.lines == [f"protesters\tprotesters\t{out / 'protesters.html'}", f"police\tpolice\t{out / 'police.html'}"]
    run = cli("brief", session_path, "--player", "police", "--format", "md", "--lang", "es", "--out", out)
    assert run.code == 0, run.err
    assert run.lines == [f"police\tpolice\t{out / 'police.md'}"]
    reader = open_reader(session_path)
    try:
        records = reader.briefings()
    finally:
        reader.close()
    assert [(r.player, r.format, r.lang, r.turn) for r in records] == [
        ("protesters", "html", "en", 5), ("police", "html", "en", 5), ("police", "md", "es", 5)]
    for record in records:
        content = (out / f"{record.player}.{record.format}").read_bytes()
        assert record.sha256 == hashlib.sha256(content).hexdigest()
    assert "Hoja de situación: Policía" in (out / "police.md").read_text(encoding="utf-8")


def test_brief_refuses_an_unknown_player_without_writing(cli, session_path, tmp_path):
    run = cli("brief", session_path, "--player", "mayor", "--out", tmp_path / "none")
    assert run.code == 2 and run.out == ""
    assert "unknown player 'mayor'" in run.err and len(run.err.strip().splitlines()) == 1
    assert not (tmp_path / "none").exists()


def test_a_real_sheet_names_only_the_opposing_units_its_player_saw(session_path):
    from referee.knowledge.build import record

    knowledge = record(session_path)
    scenario = knowledge.ctx.scenario
    for player in scenario.players:
        view = knowledge.view(player.id)
        seen = {u.id for s in view.sightings for u in (*s.units, *([s.top] if s.top else []))}
        others = {u.id for u in scenario.units.values() if u.side != view.side}
        for fmt in ("html", "md"):
            for lang in ("en", "es"):
                sheet = render(view, scenario.board, fmt, lang)  # its feed, the past, is held to tests/test_feed.py
                sheet = re.sub(r"<section class=\"feed\".*?</section>", " ", sheet, flags=re.S)
                escaped = md_escape if fmt == "md" else lambda text: str(html.escape(text))
                named = [uid for uid in others - seen
                         if re.search(rf"(?<![\w(]){re.escape(escaped(uid))}(?![\w)])", sheet)]
                assert named == []
                if lang == "es":
                    assert english_left_in(_visible(sheet, fmt)) == []
                    notes = {note for unit in view.own for note in unit.notes}
                    assert [note for note in notes if Strings("es", "n30").data(note) == note] == []
