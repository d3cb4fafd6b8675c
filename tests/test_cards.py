"""Each side's reference card: its tables read from the rules' own data, each citing its section, the cells that
apply to the player now marked (and the mark moving as his view changes), nothing of what his rules keep from him;
printed on the sheet (HTML, Markdown) in English and Spanish."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from referee.briefing.i18n import Strings
from referee.briefing.render import render
from referee.knowledge.build import new_record
from referee.knowledge.card import Card, Table
from referee.knowledge.view import OwnUnit, PlayerView, Sighting
from referee.rulesets import get
from referee.rulesets.bos.rules import crt, emergency, events, reinforcement
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, TYPES
from tests.sheet_text import visible
from tests.test_bos_game import new_game
from tests.test_bos_knowledge import COMMITMENT


def views(game) -> dict[str, PlayerView]:
    """Every player's view of a game, by side."""
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    return {player.side: record.view(player.id) for player in game.ctx.scenario.players}


def card_of(view: PlayerView, lang: str = "en") -> Card:
    ruleset = view.scenario.split("/")[0]
    card = get(ruleset).reference_card(view, Strings(lang, ruleset))
    assert card is not None
    return card


def table(card: Card, title: str) -> Table:
    return next(t for t in card.tables if t.title == title)


def span(heading: str) -> range:
    """The totals a printed heading covers: "4-6", "16+" (to 999), "7"."""
    low, plus, high = re.fullmatch(r"(\d+)(\+?)(?:-(\d+))?", heading).groups()
    return range(int(low), 1000 if plus else int(high or low) + 1)


@pytest.fixture(scope="module")
def bos() -> dict[str, PlayerView]:
    return views(new_game())


# Battle of Seattle


def test_bos_crt_is_the_rules_table_6_1(bos):
    """6.1, 6.3: every cell of the card's Combat Results Table is the rules' cell, under the printed headings."""
    for view in bos.values():
        crt_card = table(card_of(view), "Combat Results Table")
        assert crt_card.section == "6.1-6.3"
        assert crt_card.headers[1:] == tuple(heading for heading, _, _ in crt.COLUMNS)
        assert [row[1:] for row in crt_card.rows] == [tuple(row) for row in crt.ROWS]
        assert [row[0] for row in crt_card.rows] == [str(die) for die in range(1, 7)]


@pytest.mark.parametrize("ei", [0, 20, 21, 40, 41, 79, 100, 101, 250])
@pytest.mark.parametrize("side", [PROTESTER, AUTHORITY])
def test_bos_reinforcement_chart_marks_the_column_of_the_sides_ei_4_21_5_1(bos, side, ei):
    """4.21, 5.1: the marked column is the one whose printed range holds the side's EI, on its own rows only (the
    Protester's Groups, Crowds and Reaction Move Limit; the Authority's SPD and Reaction Move Limit)."""
    view = replace(bos[side], scores=((PROTESTER, ei), (AUTHORITY, ei)))
    chart = table(card_of(view), "Exposure Index Reinforcement Table")
    assert chart.section == "4.21, 5.1"
    columns = {column for _, column in chart.marked}
    assert len(columns) == 1 and chart.columns == columns
    (column,) = columns
    assert ei in span(chart.headers[column])
    rows = {chart.rows[row][0] for row, _ in chart.marked}
    own = {"Protester Group units", "Protester Crowd units"} if side == PROTESTER else {"SPD units"}
    assert rows == own | {"Reaction Move Limit"}
    limit = next(row for row in chart.rows if row[0] == "Reaction Move Limit")
    assert limit[1:] == tuple(str(n) for n in reinforcement.REACTION)
    assert f"Your Reaction Move Limit: {limit[column]}" in " ".join(chart.notes)


def test_bos_reinforcement_chart_cells_are_the_rules_entries_4_21(bos):
    """4.21: each cell reads the rules' entry: fixed units, or dice ("+2d6"), signed."""
    chart = table(card_of(bos[PROTESTER]), "Exposure Index Reinforcement Table")
    rows = {row[0]: row[1:] for row in chart.rows}
    for cells, entries in ((rows["Protester Group units"], reinforcement.GROUPS),
                           (rows["Protester Crowd units"], reinforcement.CROWDS)):
        for cell, entry in zip(cells, entries, strict=True):
            number, dice = re.fullmatch(r"([+-]?\d+)(d6)?", cell).groups()
            assert ((0, int(number)) if dice else (int(number), 0)) == (entry.fixed, entry.dice)
    assert tuple(int(cell) for cell in rows["SPD units"]) == reinforcement.SPD


def test_bos_random_events_table_marks_this_turns_event_4_1(bos):
    """4.1: every event of the table at its roll; the one rolled this turn marked, none before the roll."""
    view = bos[PROTESTER]
    before = table(card_of(view), "Random Events Table")
    assert before.section == "4.1"
    assert [row[0] for row in before.rows] == [event.roll for event in events.TABLE]
    assert before.marked == frozenset()
    for event in events.TABLE:
        rolled = replace(view, facts=(("stage", "1"), ("event", event.key)))
        marked = table(card_of(rolled), "Random Events Table")
        assert {marked.rows[row][0] for row, _ in marked.marked} == {event.roll}
    mayor = replace(view, facts=(("stage", "1"), ("event", "mayor_denounces")))
    effect = next(row[2] for row in table(card_of(mayor), "Random Events Table").rows if row[0] == "61-62")
    assert str(dict(events.EVENTS["mayor_denounces"].ei)[AUTHORITY]) in effect


def test_bos_emergency_reinforcements_are_on_the_authoritys_card_alone_4_22(bos):
    """4.22: only the Authority orders them: the Protester's card has no such table."""
    titles = {side: [t.title for t in card_of(view).tables] for side, view in bos.items()}
    assert "Emergency reinforcements" in titles[AUTHORITY]
    assert "Emergency reinforcements" not in titles[PROTESTER]


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_bos_emergency_marks_what_the_authority_may_take_at_this_stage_4_22_7_3(bos, stage):
    """7.3: at Stage One only SPD may be taken; from Stage Two every type. Cost and delay are the rules' own."""
    view = replace(bos[AUTHORITY], facts=(("stage", str(stage)), ("event", "none")))
    chart = table(card_of(view), "Emergency reinforcements")
    open_rows = {chart.rows[row][0] for row, _ in chart.marked}
    authority = [kind for kind in TYPES.values() if kind.side == AUTHORITY]
    expected = {"SPD"} if stage == 1 else {row[0] for row in chart.rows}
    assert open_rows == expected and len(chart.rows) == len(authority)
    assert all(str(emergency.COST) in row[2] for row in chart.rows)
    assert sum(str(emergency.DELAY) in row[1] for row in chart.rows) == len(authority) - len(emergency.AT_ONCE)


def test_bos_sequence_of_play_marks_the_phase_now_3_0(bos):
    """3.0: the eight phases in order, the one now marked, each citing its section."""
    view = bos[PROTESTER]
    for phase in ("events", "protester-combat", "turn-end"):
        steps = table(card_of(replace(view, phase=phase)), "Sequence of play")
        assert len(steps.rows) == 8 and all(re.fullmatch(r"[\d.]+(, [\d.]+)?", row[2]) for row in steps.rows)
        assert {steps.rows[row][0] for row, _ in steps.marked} == {Strings("en", "bos").word("phase", phase)}


def _in_contact(view: PlayerView, types: list[str], node: str, *, current: bool = True, turn: int = 1,
                stage: str = "2") -> PlayerView:
    """The view with the player's units of `types` at `node`, the other side seen there (now or earlier)."""
    own = tuple(OwnUnit(f"u{n}", kind, kind, node, None, "active", TYPES[kind].combat, TYPES[kind].movement, ())
                for n, kind in enumerate(types))
    seen = Sighting(node, "other", 1, "", "observed", 1, None, None, (), current)
    return replace(view, own=own, sightings=(seen,), turn=turn, facts=(("stage", stage), ("event", "nothing")),
                   markers=())


@pytest.mark.parametrize(("types", "turn"), [(["anarchist"], 1), (["anarchist", "radical", "liberal"], 1),
                                             (["radical"] * 6, 2), (["radical"] * 6, 3), (["liberal"] * 10, 1)])
def test_bos_crt_marks_the_column_his_units_would_attack_at_6_1_7_1(bos, types, turn):
    """6.1, 6.2, 7.1: the marked column holds his units' Combat Factors where they stand with the other side,
    each halved (rounded up) on a Night turn (turn 3: Night, 30 November)."""
    view = _in_contact(bos[PROTESTER], types, "westlake", turn=turn)
    night = turn % 3 == 0
    total = sum(-(-TYPES[kind].combat // 2) if night else TYPES[kind].combat for kind in types)
    chart = table(card_of(view), "Combat Results Table")
    (column,) = chart.columns
    assert total in span(chart.headers[column])
    assert {cell[1] for cell in chart.marked} == {column} and len(chart.marked) == 6
    assert f"Westlake ({total})" in " ".join(chart.notes)


def test_bos_crt_marks_nothing_where_the_other_side_is_not_seen_now_6_1(bos):
    """6.1: a column is marked only where his units stand with the other side as seen now: a sighting of earlier
    (under fog) tells him nothing of the area now."""
    view = _in_contact(bos[AUTHORITY], ["spd", "spd"], "westlake", current=False)
    chart = table(card_of(view), "Combat Results Table")
    assert chart.marked == frozenset() and chart.columns == frozenset()
    assert "None of your units stands with the other side's now." in chart.notes


def test_bos_stage_one_reads_x_as_a_on_the_card_7_3(bos):
    """7.3: at Stage One the card says an X reads as A; from Stage Two it does not."""
    notes = {stage: table(card_of(replace(bos[AUTHORITY], facts=(("stage", stage), ("event", "none")))),
                          "Combat Results Table").notes for stage in ("1", "2")}
    assert "Stage One escalation: read every X as A." in notes["1"]
    assert "Stage One escalation: read every X as A." not in notes["2"]


def test_bos_card_reads_in_spanish_with_the_translations_terms(bos):
    """With --lang es the card's titles are the Spanish translation's (Tabla de Resultado de Combate, Tabla de
    Refuerzos por Índice de Exposición, Tabla de Eventos Aleatorios) and its tables the same data."""
    english, spanish = card_of(bos[AUTHORITY]), card_of(bos[AUTHORITY], "es")
    titles = [t.title for t in spanish.tables]
    assert {"Tabla de Resultado de Combate", "Tabla de Refuerzos por Índice de Exposición",
            "Tabla de Eventos Aleatorios", "Refuerzos de Emergencia"} <= set(titles)
    assert spanish.title == "Tarjeta de referencia: Autoridad"
    for en, es in zip(english.tables, spanish.tables, strict=True):
        assert (en.section, en.marked, len(en.rows)) == (es.section, es.marked, len(es.rows))


@pytest.mark.parametrize("fmt", ["html", "md"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_bos_sheet_prints_the_card_with_every_table_and_its_section(bos, fmt, lang):
    """The sheet (HTML and Markdown) carries the card after the sheet's own sections: each table's title and its
    rule section, and a ▶ on every marked cell and heading."""
    board = new_game().ctx.scenario.board
    for view in bos.values():
        sheet = visible(render(view, board, fmt, lang), fmt, hidden=False)
        card, t = card_of(view, lang), Strings(lang, "bos")
        at = sheet.index(card.title)
        for chart in card.tables:
            assert sheet.index(f"{chart.title} ({t('card.cites', section=chart.section)})", at) > at
        assert sheet[at:].count("▶") == 1 + sum(len(chart.marked) + len(chart.columns) for chart in card.tables)


def test_bos_html_card_starts_a_page_and_scrolls_in_labelled_regions(bos):
    """Printed, the card starts a page of its own; on a phone each table scrolls in a focusable region named by
    its table, the marked cells said in words to a screen reader."""
    sheet = render(bos[PROTESTER], new_game().ctx.scenario.board)
    card = card_of(bos[PROTESTER])
    assert re.search(r"section\.card \{ break-before: page; \}", sheet) and '<section class="card"' in sheet
    for chart in card.tables:
        assert f'role="region" tabindex="0" aria-label="{chart.title} (scrolls sideways)"' in sheet
    assert sheet.count("(applies to you now)") == sum(len(c.marked) + len(c.columns) for c in card.tables)




# Chicago-Chicago, N30, Wallman


def session_views(scenario: str) -> dict[str, PlayerView]:
    """Every player's view of a fresh session of `scenario`, by player."""
    from referee.game import Game
    from referee.scenario.catalog import load

    game = Game.new(load(scenario), {}, 1)
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    return {player.id: record.view(player.id) for player in game.ctx.scenario.players}


def test_chicago_tables_are_each_sides_own_columns_and_assault_the_polices_alone():
    """HOW TO RESOLVE CONFLICT 6, 8: each side's HARASS columns are its own rows of the tables' data; only the
    police's card holds the ASSAULT table; both say the tables are reconstructed."""
    from referee.rulesets.chicago.rules import tables

    read = tables.load()
    for view in session_views("chicago/chicago-1968").values():
        card = card_of(view)
        harass = table(card, "HARASS table")
        assert [row[1:] for row in harass.rows] == [tuple(c.code for c in r) for r in read["harass"].rows[view.side]]
        assert harass.section == "HOW TO RESOLVE CONFLICT 6-8"
        titles = [t.title for t in card.tables]
        assert ("ASSAULT table" in titles) == (view.side == "police")
        assert any("reconstruction" in note for note in card.notes)


def test_chicago_harass_marks_the_odds_column_his_units_would_attack_at_6():
    """HOW TO RESOLVE CONFLICT 6, 8: where the other side's strength is known, the column of his odds (rounded
    down for the defender; the police's at most 4:1) is marked; none where it is not known."""
    view = next(v for v in session_views("chicago/chicago-1968").values() if v.side == "police")
    own = (OwnUnit("p1", "p1", "police", "loop", None, "active", 50, 3, ()),)
    for strength, column in ((10, "4:1"), (20, "2:1"), (40, "1:1"), (None, None), (60, None)):
        seen = Sighting("loop", "demonstrators", 1, "", "observed", 1, strength, None, (), True)
        harass = table(card_of(replace(view, own=own, sightings=(seen,))), "HARASS table")
        assert {harass.headers[c] for c in harass.columns} == ({column} if column else set())


def test_n30_confrontation_table_is_the_rules_die_result_4():
    """4: each cell is the rules' result of that die against that strength, without gas and with it."""
    from referee.rulesets.n30.rules import confrontation

    code = {"R": confrontation.RETREAT, "–": confrontation.UNAFFECTED, "X": confrontation.DESTROYED}
    for view in session_views("n30/close-the-ring").values():
        for title, gas in (("Confrontation without gas", False), ("Confrontation with gas", True)):
            chart = table(card_of(view), title)
            for row in chart.rows:
                assert [code[c] for c in row[1:]] == [confrontation.die_result(d, int(row[0]), gas) for d in range(1, 7)]


def test_n30_movement_marks_the_intersections_chosen_this_turn_3():
    """3: protesters choose two intersections a turn before 9:00 and one after; the police one before 11:00."""
    views_ = {v.side: v for v in session_views("n30/close-the-ring").values()}
    for side, time, allowed in (("protesters", "7:40", "2"), ("protesters", "9:10", "1"), ("police", "7:40", "1"),
                                ("police", "11:00", "2")):
        chart = table(card_of(replace(views_[side], time=time)), "Movement")
        (row,) = {r for r, _ in chart.marked}
        assert chart.rows[row] == ("Intersections you may choose this turn", allowed)


def test_wallman_card_holds_the_players_rules_and_no_game_control_chart():
    """Player Actions, Sequence of Action: the officer's card holds his five actions and the sequence; none of
    the Game Control rules' words (the Response Level chart's factors) is on it, in any language or format."""
    views_ = session_views("wallman/town-centre-riot")
    for view in views_.values():
        card = card_of(view)
        assert [t.title for t in card.tables] == ["Sequence of action", "Your action"]
        text = " ".join(" ".join(" ".join(row) for row in t.rows) + " ".join(t.notes) for t in card.tables)
        for word in ("Response Level", " RL", "rile", "looter", "outnumbered", "over-reaction", "soaked"):
            assert word.lower() not in text.lower()
        sheet = render(view, _board("wallman/town-centre-riot"), "md")
        assert "Response Level" not in sheet[sheet.index(card.title):]


def _board(scenario: str):
    from referee.scenario.catalog import load

    return load(scenario).board
