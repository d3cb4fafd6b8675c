"""Chicago-Chicago briefing sheets: the game's words in English and Spanish, the box map (codes, parks, minimum
boxes), the counters built up, `referee brief` and `referee view` on the command line, and under option `fog` no
sheet (HTML, Markdown, either language) naming a counter its player cannot see."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import EN as SHARED_EN
from referee.briefing.i18n import ES as SHARED_ES
from referee.briefing.i18n import Strings
from referee.briefing.render import render
from referee.core.units import ACTIVE
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.rulesets.chicago import texts
from referee.rulesets.chicago.knowledge import ChicagoKnowledge
from referee.rulesets.chicago.rules.forces import BY_ID
from referee.rulesets.chicago.rules.steps import STEPS
from referee.rulesets.chicago.rules.units import TYPES
from referee.scenario.catalog import load
from tests.chicago_play import random_game
from tests.fog_support import in_sight, leaks, other
from tests.sheet_text import visible
from tests.test_briefing import english_left_in
from tests.test_chicago_game import new_game
from tests.test_chicago_knowledge import COMMITMENT, observed

EN, ES = {**SHARED_EN, **texts.EN}, {**SHARED_ES, **texts.ES}
FORMATS = ("html", "md")
SCENARIOS = ("chicago/chicago-1968", "chicago/chicago-1968-commanders")


def sheets(game):
    """Every player's view of the game, and its sheets in both formats and languages."""
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    for player in game.ctx.scenario.players:
        view = record.view(player.id)
        yield player, view, {(fmt, lang): render(view, game.ctx.scenario.board, fmt, lang)
                             for fmt in FORMATS for lang in ("en", "es")}




_ID = re.compile(r"\b(P[123]|Tac|NG|G[1-4])-(\d+)(?:\s*–\s*\1-(\d+))?")


def ids_in(text: str) -> set[str]:
    """Every counter id a text names, runs such as "G4-01 – G4-05" read as all the ids in them."""
    found = set()
    for kind, first, last in _ID.findall(text):
        digits = len(first)
        found |= {f"{kind}-{n:0{digits}d}" for n in range(int(first), int(last or first) + 1)}
    return found & set(BY_ID)


def test_both_languages_hold_the_same_keys_and_fields():
    assert set(texts.EN) == set(texts.ES)
    fields = re.compile(r"\{(\w+)\}")
    assert [k for k in texts.EN if set(fields.findall(texts.EN[k])) != set(fields.findall(texts.ES[k]))] == []


def test_every_word_of_the_game_has_its_text():
    """Sides, unit types, the steps of a turn (HOW TO PLAY), statuses off the board, boxes, features, turn names,
    counter names, notes, and both scenarios' roles and objectives, in both languages."""
    game = new_game()
    board = game.ctx.scenario.board
    for lang in ("en", "es"):
        t = Strings(lang, "chicago")
        for kind, values in (("type", TYPES), ("side", ("police", "demonstrators")), ("phase", STEPS),
                             ("status", ("off-map", "removed"))):
            assert all(t.word(kind, value) for value in values)
        assert all(t.place(node) != node for node in board.nodes)
        assert all(t.optional(f"feature.{feature}") for node in board.nodes.values() for feature in node.features
                   if feature != "park")
    es = Strings("es", "chicago")
    assert es.data("Level 1 platoon P1-01") == "Pelotón de nivel 1 P1-01"
    assert es.data("Level 4 group G4-12") == "Grupo de nivel 4 G4-12"
    assert es.data("Tac platoon Tac-1") == "Pelotón Tac Tac-1"
    assert es.data("Guard company NG-01") == "Compañía de la Guardia NG-01"
    assert es.data("in the CPD MINIMUM box") == "en la casilla CPD MINIMUM"
    assert es.data("counters 12-3 ×2, 4-3") == "fichas 12-3 ×2, 4-3" and es.data("infiltrating") == "infiltrándose"
    assert es.data("commanded by yippies") == "al mando de Yippies"  # the player by his name, not his id
    for scenario in map(load, SCENARIOS):
        for player in scenario.players:
            assert es.data(player.role) != player.role and all(es.data(o) != o for o in player.objectives)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_spanish_sheet_has_no_english_left(fmt):
    game = random_game(2, list(range(2, 10**6, 7919))[:300], {"fog": "on"}, "chicago/chicago-1968-commanders")
    for _, _, written in sheets(game):
        assert english_left_in(visible(written[fmt, "es"], fmt), EN, ES) == []
        assert english_left_in(visible(written[fmt, "en"], fmt), EN, ES) != []  # the check bites
        assert "Índice de Exposición" in written[fmt, "es"] and "Exposure Index" in written[fmt, "en"]


def test_the_box_map_draws_parks_with_their_multipliers_boxes_with_their_codes_and_minimum_boxes():
    """THE PLAYING BOARD: the four parks hexagons with their multipliers (DEMONSTRATOR ATTRITION AND
    MULTIPLICATION 2), every other box a circle, a line between boxes next to each other, and over each name its
    code (HOW TO RESOLVE CONFLICT 5) and its minimum box (CPD MINIMUM)."""
    game = new_game()
    board = game.ctx.scenario.board
    (_, _, written), *_ = sheets(game)
    svg = written["html", "en"]
    parks = [node for node in board.nodes.values() if "park" in node.features]
    assert '<svg class="map areas"' in svg and '<section class="map areas">' in svg
    assert svg.count('fill="#e6e6e6"') == len(parks) + 1  # a hexagon each, and the key's
    assert svg.count('r="45"') == len(board.nodes) - len(parks)  # a circle each
    assert svg.count('stroke="#9a9a9a" stroke-width="6"') == len(board.links)
    values = re.findall(r'<g class="box value">.*?font-style="italic" text-anchor="middle">(\d+)</text></g>', svg, re.S)
    assert sorted(map(int, values)) == [2, 3, 3, 4]
    tags = re.findall(r'font-size="11" text-anchor="middle">([^<]+)</text>', svg)
    assert len(tags) == len(board.nodes) and "MIN · P4/D6" in tags and "MIN C · P2/D2" in tags and "P2/D1" in tags
    assert "MIN a CPD MINIMUM box in it" in svg
    markdown = written["md", "es"]
    assert "| **Conrad Hilton (MIN, P4/D6)** |" in markdown and "| **Parque Lincoln (P2/D1)** | 4 |" in markdown


def test_breaking_down_and_building_up_own_counters_alike_in_a_box_in_one_row():
    """BREAKING DOWN AND BUILDING UP UNITS 1: the police at the Conrad Hilton as a company of level-1 platoons,
    two Tac platoons and the minimum box's company; the counters in the box in runs, a row a kind."""
    green, police = (written for *_, written in sheets(new_game()))
    sheet = visible(police["html", "en"], "html")
    assert "Level 1 platoon P1-16 – P1-18" in sheet and "Tac platoon Tac-1, Tac-2" in sheet
    assert "in the CPD MINIMUM box, counters 12-3" in sheet and "counters 5-3 ×2" in sheet
    assert "Guard company NG-01 – NG-12" in sheet and "In the counter box, off the board" in sheet
    spanish = visible(green["md", "es"], "md")
    assert "Grupo de nivel 3 G3-01 – G3-06" in spanish and "fichas 18-1 ×2" in spanish
    assert "Grupo de nivel 4 G4-01 – G4-34" in spanish
    assert ids_in(spanish) >= {f"G4-{n:02d}" for n in range(1, 35)}


def sheet_leaks(game) -> list[str]:
    """What the players' views and sheets show of the other side that they cannot see now and never saw there."""
    seen, found = observed(game), []
    for player, view, written in sheets(game):
        data = view_json(view)
        found += leaks(data, seen, player.side)
        stale = {u["id"] for u in data["units"] if u["side"] != player.side and not u["current"]}
        sight = in_sight(game.ctx, game.state, player.side)
        hidden = {u.id for u in game.state.units.values() if u.side == other(game.ctx, player.side)
                  and not (u.status == ACTIVE and u.node in sight)} - stale
        for (fmt, lang), sheet in written.items():
            shown = ids_in(visible(sheet, fmt, feed=False))
            found += [f"{player.id} {fmt} {lang}: {uid}" for uid in sorted(hidden & shown)]
        now = json.dumps({key: value for key, value in data.items() if key != "feed"})  # the past: tests/test_feed.py
        found += [f"{player.id} json: {uid}" for uid in sorted(hidden) if f'"{uid}"' in now]
    return found


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=250),
       scenario=st.sampled_from(SCENARIOS))
def test_under_fog_no_sheet_names_a_counter_out_of_sight(seed, picks, scenario):
    """Random legal play under fog, then every player's HTML and Markdown sheets (English and Spanish) and his
    `referee view --json`: no counter of the other side out of sight now, but for the last sightings truly made."""
    assert sheet_leaks(random_game(seed, picks, {"fog": "on"}, scenario)) == []


def test_the_sheet_leak_check_bites(monkeypatch):
    """A view that sees the whole board under fog is caught on the sheets too."""
    game = random_game(3, list(range(3, 10**6, 7919))[:300], {"fog": "on"})
    assert sheet_leaks(game) == []
    monkeypatch.setattr(ChicagoKnowledge, "sight", lambda self, side: set(self.ctx.scenario.board.nodes))
    assert any(" html es: " in leak for leak in sheet_leaks(game))


def test_brief_and_view_through_the_command_line(cli, tmp_path):
    """CONTRACT.md: `referee brief --all` writes a sheet a player; `referee view --json` the state's shape, each
    unit with the turn it was seen."""
    db, out = tmp_path / "c.db", tmp_path / "sheets"
    assert cli("new", "chicago/chicago-1968", "--db", db, "--seed", 4, "--set", "fog=on").code == 0
    for fmt in FORMATS:
        run = cli("brief", db, "--all", "--lang", "es", "--format", fmt, "--out", out)
        assert run.code == 0, run.err
        assert [line.split("\t")[:2] for line in run.lines] == [["demonstrators"] * 2, ["police"] * 2]
    assert "Hoja de situación: Policía" in (out / "police.html").read_text(encoding="utf-8")
    assert "Parque Lincoln" in (out / "demonstrators.md").read_text(encoding="utf-8")
    view = json.loads(cli("view", db, "--player", "police", "--json").out)
    assert view["scores"] == {"demonstrators": 0, "police": 0} and view["score"] == 0
    green = [u for u in view["units"] if u["side"] == "demonstrators"]
    assert len(green) == 9 and {(u["node"], u["seen"], u["current"]) for u in green} == {("lincoln-park", 1, True)}
    assert all(u["seen"] == 1 for u in view["units"])
