"""The words of every sheet a player reads, in every scenario, in English and Spanish: names where the game has
names (never a side's, unit type's, place's, player's or option's id), units of one name in number order and named
once a row, the game's glossary, its citations explained before the first, its counters as the game prints them,
the clock read on a 24-hour dial, and no English of the game's vocabulary left on a Spanish sheet."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

import pytest

from referee import rulesets
from referee.briefing import i18n
from referee.briefing.i18n import Strings
from referee.briefing.render import grouped_names, natural, own_groups, render, seen_alike
from referee.briefing.words import TABLES as PART_TABLES
from referee.core.clock import parse_time
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record
from referee.knowledge.view import OwnUnit, PlayerView
from referee.rulesets.bos.rules.units import TYPES as BOS_TYPES
from referee.scenario.catalog import Scenario, every_scenario, load
from referee.simulate import play
from tests.sheet_text import visible
from tests.test_briefing import english_left_in

LANGS = ("en", "es")
FORMATS = ("html", "md")
SCENARIOS = {scenario.id: scenario for scenario in every_scenario()}
OPTIONS = {"n30": {"hidden": "weak", "crowd_mood": "on"}}  # the top unit named, crowds' moods: the most words
COMMITMENT = "0" * 64




def _game(scenario: Scenario) -> Game:
    """The scenario played to its end by the computer, or (Wallman's players are people) as it opens."""
    options = OPTIONS.get(scenario.ruleset, {})
    try:
        return play(scenario, options, 3, keep_events=True).game
    except RefereeError:
        return Game.new(scenario, options, 3)


@functools.cache
def views(scenario_id: str) -> tuple[PlayerView, ...]:
    """Every player's view at the start, a third of the way in and at the end of a played game."""
    scenario = SCENARIOS[scenario_id]
    game = _game(scenario)
    seen = []
    for cut in sorted({0, len(game.events) // 3, len(game.events)}):
        record = new_record(game.ctx, game.rules, COMMITMENT)
        for event in game.events[:cut]:
            record.feed(event)
        seen += [record.view(player.id) for player in scenario.players]
    return tuple(seen)


@functools.cache
def sheets(scenario_id: str) -> tuple[tuple[str, str, str], ...]:
    """(format, language, visible text) of every sheet of `views`."""
    board = SCENARIOS[scenario_id].board
    return tuple((fmt, lang, visible(render(view, board, fmt, lang), fmt, feed=False))
                 for view in views(scenario_id) for fmt in FORMATS for lang in LANGS)


def table(lang: str, ruleset: str) -> dict[str, str]:
    """Every word a sheet of `ruleset` prints in `lang`: the parts', the shared ones and the game's own."""
    return {**PART_TABLES[lang], **i18n.TABLES[lang], **rulesets.get(ruleset).texts_for(lang)}


def named_ids(scenario: Scenario, t: Strings) -> set[str]:
    """The scenario's ids that have a name of their own in `t`'s language: sides, unit types, places, players; and
    its options' names and choices that read as ids (with - or _)."""
    ids = {side for side in {p.side for p in scenario.players} if t.word("side", side) != side}
    ids |= {kind for kind in scenario.types if t.optional(f"type.{kind}") not in (None, kind)}
    ids |= {node for node in scenario.board.nodes if t.place(node) != node}
    ids |= {p.id for p in scenario.players if t.player(p.id) != p.id}
    options = set(scenario.options) | {choice for option in scenario.options.values() for choice in option.choices}
    return ids | {name for name in options if "_" in name or "-" in name}


def raw_ids(text: str, scenario: Scenario, lang: str) -> set[str]:
    """The ids printed in `text` as words, but for those the language's own words use as they are ("police")."""
    words = " ".join(table(lang, scenario.ruleset).values())
    found = set()
    for name in named_ids(scenario, Strings(lang, scenario.ruleset)):
        whole = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
        if whole.search(text) and not whole.search(words):
            found.add(name)
    return found


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_a_sheet_names_every_side_unit_type_place_player_and_option_by_its_name(scenario_id):
    scenario = SCENARIOS[scenario_id]
    for fmt, lang, text in sheets(scenario_id):
        assert raw_ids(text, scenario, lang) == set(), (fmt, lang)


def test_the_check_for_raw_ids_bites():
    scenario = SCENARIOS["bos/battle-of-seattle-factions"]
    assert raw_ids("Player: national-guard, at convention-centre; commanded by state-troopers", scenario, "en") == {
        "national-guard", "convention-centre", "state-troopers"}
    assert raw_ids("SPD 1, the police", SCENARIOS["n30/close-the-ring"], "en") == set()


def _number_runs(text: str) -> list[list[int]]:
    """Every list of plain numbers a sheet prints ("Liberals 2, 10, 11")."""
    return [[int(n) for n in run.split(", ")] for run in re.findall(r"(?<![\d:.\-/])\d+(?:, \d+)+(?![\d:.\-/])", text)]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_units_of_one_name_are_listed_in_number_order(scenario_id):
    for fmt, lang, text in sheets(scenario_id):
        assert [run for run in _number_runs(text) if run != sorted(set(run))] == [], (fmt, lang)


def _unit(uid: str, name: str, kind: str = "unorganized") -> OwnUnit:
    return OwnUnit(uid, name, kind, None, None, "off-map", 0, 1, ())


def test_units_of_one_name_read_in_number_order_not_in_the_order_of_their_ids():
    numbers = [10, 2, 11, 1]
    units = [_unit(f"U{n}", f"Unorganized {n}") for n in numbers]
    assert grouped_names(units, Strings("en", "n30")) == "Unorganized " + ", ".join(map(str, sorted(numbers)))
    assert sorted(["P1-10", "P1-9", "G2"], key=natural) == ["G2", "P1-9", "P1-10"]


def test_units_of_one_name_without_numbers_are_named_once_with_their_ids():
    """1.7: two Washington State Patrol half-platoons both named WSP, ids WSP-1 and WSP-2."""
    text = grouped_names([_unit("WSP-2", "WSP", "soft"), _unit("WSP-1", "WSP", "soft")], Strings("en", "n30"))
    assert text.count("WSP ") == 1 and text.index("WSP-1") < text.index("WSP-2")


def _rows(view: PlayerView, scenario: Scenario) -> list[str]:
    """The name of every row a sheet groups units in: own units alike, seen units alike, the piles off the map."""
    t = Strings("en", scenario.ruleset)
    rows = [unit.name for _, units in own_groups(view, scenario.board, t, by_kind=True) for unit in units]
    rows += [unit.name for s in view.sightings for unit in seen_alike(s.units, t)]
    return rows + [unit.name for pile in view.piles if pile.units for unit in seen_alike(pile.units, t)]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_no_grouped_row_names_a_unit_twice(scenario_id):
    scenario = SCENARIOS[scenario_id]
    for view in views(scenario_id):
        for row in _rows(view, scenario):
            names = [name for name in re.split(r", | \(|\)", row) if name]
            assert len(names) == len(set(names)), row


def proper_names(scenario_id: str, scenario: Scenario | None = None) -> set[str]:
    """The names the scenario's files give, printed as written in either language (RULINGS.md, "A town's names are
    proper names"): every unit's name and id and those the views print ("Radikal Cheerleaders", "Rad. Cheer."), the
    buildings, the edges and the places the game's words do not name ("Fire Station"), and the headings of a rule
    text in English alone that a card cites ("Sequence of Action")."""
    units: list = [unit for view in views(scenario_id) for unit in view.own]
    units += [unit for view in views(scenario_id) for s in view.sightings for unit in (*s.units, *([s.top] if s.top else []))]
    units += [unit for view in views(scenario_id) for pile in view.piles for unit in pile.units or ()]
    scenario = scenario or SCENARIOS[scenario_id]
    units += scenario.units.values()
    t = Strings("es", scenario.ruleset)
    places = {node for node in scenario.board.nodes if t.place(node) == node} | set(scenario.board.buildings)
    places |= {edge for edge in scenario.board.edges if t.edge(edge) == edge}
    cards = [rulesets.get(scenario.ruleset).reference_card(view, Strings("es", scenario.ruleset))
             for view in views(scenario_id)]
    headings = {table.section for card in cards if card for table in card.tables  # a rule text in English alone:
                if not re.fullmatch(r"[\d.,\- ]+", table.section)}  # its headings cited as it prints them
    return places | headings | {text for unit in units for text in (unit.name, unit.id)}


def test_the_proper_names_are_every_name_the_scenario_gives_not_only_those_seen():
    """A crowd no officer sees as the game opens, a building, an edge of the town's own: none is English left."""
    names = proper_names("wallman/two-bridges")
    assert {"Estate latecomers", "Guildhall", "Riverside Estate"} <= names
    assert not {"Crowd", "crowd", "county"} & names  # the game's words are not names: `county` has its own


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_a_spanish_sheet_holds_no_english_word_of_the_game(scenario_id):
    scenario = SCENARIOS[scenario_id]
    en, es = table("en", scenario.ruleset), table("es", scenario.ruleset)
    proper = re.compile("|".join(map(re.escape, sorted(proper_names(scenario_id), key=len, reverse=True))))
    for fmt, lang, text in sheets(scenario_id):
        text = proper.sub(" ", text)
        if lang == "es":
            assert english_left_in(text, en, es) == [], fmt
        else:
            assert english_left_in(text, en, es) != []  # the check bites


def test_battle_of_seattle_in_spanish_speaks_the_translations_words():
    """La Batalla de Seattle: its title, 3.4's Fase de Fin de Turno, 4.2.2's numbering."""
    es = Strings("es", "bos")
    assert es.data("The Battle of Seattle") == "La Batalla de Seattle"
    assert es.word("phase", "turn-end") == "Fase de Fin de Turno"
    assert "(4.2.2)" in es("sheet.sections") and "(4.2.2)" in es("section.arrivals")


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_every_sheet_ends_with_the_games_glossary(scenario_id):
    ruleset = SCENARIOS[scenario_id].ruleset
    for fmt, lang, text in sheets(scenario_id):
        t = Strings(lang, ruleset)
        glossary = t.glossary()
        assert 10 <= len(glossary) <= 15
        listed = text[text.index(t("section.glossary")):]
        assert all(term in listed and means in listed for term, means in glossary), (fmt, lang)


_CITED = re.compile(r"\d+\.\d[\d.]*\)|\([A-Z][A-Z \"]{3,}(?: \d+)?\)")
"""A citation: a section number closing a bracket ("(Protest Factions, 2.3)", "(5.1-5.3)") or a heading in
capitals ("(CPD MINIMUM)", "(HOW TO RESOLVE CONFLICT 5)")."""


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_first_citation_of_a_sheet_comes_after_what_a_citation_is(scenario_id):
    ruleset = SCENARIOS[scenario_id].ruleset
    for fmt, lang, text in sheets(scenario_id):
        first = _CITED.search(text)
        if first is not None:
            explained = Strings(lang, ruleset)("sheet.sections")
            assert explained in text and text.index(explained) <= first.start(), (fmt, lang, first.group())


def test_the_check_for_citations_bites():
    assert [m.group() for m in _CITED.finditer("The Anarchists (Protest Factions, 2.3); (CPD MINIMUM) (SHA-256)")] == [
        "2.3)", "(CPD MINIMUM)"]


def test_battle_of_seattles_counters_read_combat_morale_movement():
    """2.1 and the counter manifest: an SPD unit is 4-4-3, a Liberal Crowd 2-2-1."""
    t = Strings("en", "bos")
    for kind, rating in BOS_TYPES.items():
        unit = replace(_unit("x", "x", kind), strength=rating.combat, movement=rating.movement)
        assert t.counter(unit) == f"{rating.combat}-{rating.morale}-{rating.movement}"


def test_n30s_counters_print_a_clusters_letter_and_a_squads_strength():
    """1.6 and 1.7: a lockdown cluster rates L-1, a hard squad 2-1, an armored chemical unit G-3."""
    t = Strings("en", "n30")
    assert t.counter(_unit("x", "x", "lockdown")) == "L-1"
    assert t.counter(replace(_unit("x", "x", "hard"), strength=2)) == "2-1"
    assert t.counter(replace(_unit("x", "x", "chemical"), movement=3)) == "G-3"
    assert Strings("en", "wallman").counter(_unit("x", "x", "patrol")) is None  # miniatures: no counters


def test_the_clock_reads_past_noon_on_a_24_hour_dial_and_the_log_keeps_the_texts():
    """1.2: Lock Down, Hold Fast runs 7:40 to 1:40; a player reads 12:50 then 13:00, never 1:00 after 12:40."""
    clock = load("n30/lock-down-hold-fast").clock
    for turn in range(1, clock.turns + 1):
        assert parse_time(clock.reading(turn)) == clock.starts(turn)
    after_noon = next(turn for turn in range(1, clock.turns + 1) if clock.starts(turn) >= 13 * 60)
    assert (clock.reading(after_noon - 1), clock.reading(after_noon)) == ("12:50", "13:00")
    assert clock.label(after_noon) == "1:00"  # the log and the umpire's screen keep the rule text's dial


def test_a_sheet_after_noon_shows_the_24_hour_time():
    """Every time a player reads after noon (the turn, sightings, reports) is on a 24-hour dial."""
    scenario = SCENARIOS["n30/lock-down-hold-fast"]
    game = _game(scenario)
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    view = record.view("police")
    assert parse_time(view.time) == scenario.clock.starts(view.turn) >= 13 * 60
    text = visible(render(view, scenario.board, "md", "en"), "md")
    assert view.time in text
    assert all(parse_time(s.seen_time) == scenario.clock.starts(s.seen_turn) for s in view.sightings)
