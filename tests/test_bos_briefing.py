"""Battle of Seattle briefing sheets: the game's words in English and Spanish, the area map, the piles off the map,
and under option `fog` no sheet (HTML, Markdown, either language) naming a unit its player cannot see."""

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
from referee.core.events import Event
from referee.core.units import ACTIVE
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.rulesets.bos import texts
from referee.rulesets.bos.rules.units import TYPES, other
from tests.fog_support import Observed, in_sight, leaks
from tests.sheet_text import visible
from tests.test_bos_game import new_game, play, random_game
from tests.test_bos_knowledge import COMMITMENT
from tests.test_briefing import english_left_in

EN, ES = {**SHARED_EN, **texts.EN}, {**SHARED_ES, **texts.ES}
FORMATS = ("html", "md")


def sheets(game):
    """Every player's view of the game, and its sheets in both formats and languages."""
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    for player in game.ctx.scenario.players:
        view = record.view(player.id)
        yield player, view, {(fmt, lang): render(view, game.ctx.scenario.board, fmt, lang)
                             for fmt in FORMATS for lang in ("en", "es")}




def test_both_languages_hold_the_same_keys_and_fields():
    assert set(texts.EN) == set(texts.ES)
    fields = re.compile(r"\{(\w+)\}")
    assert [k for k in texts.EN if set(fields.findall(texts.EN[k])) != set(fields.findall(texts.ES[k]))] == []


def test_every_word_of_the_game_has_its_text():
    """Sides, unit types, phases, statuses off the map, turn names and areas, in both languages."""
    game = new_game()
    for lang in ("en", "es"):
        t = Strings(lang, "bos")
        for kind, values in (("type", TYPES), ("side", ("protester", "authority")),
                             ("status", ("off-map", "reserve", "scheduled", "removed"))):
            assert all(t.word(kind, value) for value in values)
        assert all(t.place(node) != node for node in game.ctx.scenario.board.nodes)
    es = Strings("es", "bos")
    assert es.data(game.ctx.scenario.clock.label(1)) == "Mañana, 30 de noviembre"
    assert es.data("Night, 2 December") == "Noche, 2 de diciembre"
    assert es.data("Liberals 12") == "Liberales 12" and es.data("Morale Factor 3") == "Factor de Moral 3"
    for player in game.ctx.scenario.players:
        assert es.data(player.role) != player.role and all(es.data(o) != o for o in player.objectives)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_spanish_sheet_has_no_english_left(fmt):
    game = random_game(5, list(range(0, 10**6, 7919))[:120], {"fog": "on"})
    for _, _, written in sheets(game):
        assert english_left_in(visible(written[fmt, "es"], fmt), EN, ES) == []
        assert english_left_in(visible(written[fmt, "en"], fmt), EN, ES) != []  # the check bites
        assert "Índice de Exposición" in written[fmt, "es"] and "Exposure Index" in written[fmt, "en"]


def test_the_sheet_shows_both_indices_the_stage_the_event_and_the_turn():
    game = play(new_game(), {"do": "events", "dice": [6, 3]})  # 63: Bill Clinton Admits Protesters Have a Point
    (_, view, written), *_ = sheets(game)
    es, en = visible(written["html", "es"], "html"), visible(written["html", "en"], "html")
    ei = dict(view.scores)
    assert f"Manifestantes {ei['protester']} · Autoridad {ei['authority']}" in es
    assert f"Protesters {ei['protester']} · Authority {ei['authority']}" in en
    assert "Fase Uno" in es and "Stage One" in en
    assert "Bill Clinton admite" in es and "Bill Clinton Admits" in en
    assert "Mañana, 30 de noviembre" in es and "Eventos Aleatorios y Fase de Refuerzo" in es


def test_the_area_map_draws_hexagons_with_their_values_circles_and_the_transit_lines():
    game = new_game()
    board = game.ctx.scenario.board
    (_, view, written), *_ = sheets(game)
    svg = written["html", "en"]
    core = [node for node in board.nodes.values() if "downtown-core" in node.features]
    assert svg.count('fill="#e6e6e6"') == len(core) + 1  # a hexagon each, and the key's
    assert svg.count('r="45"') == len(board.nodes) - len(core)  # a circle each
    assert svg.count('stroke="#9a9a9a" stroke-width="6"') == len(board.links)
    values = re.findall(r'<g class="box value">.*?font-style="italic" text-anchor="middle">(\d+)</text></g>', svg, re.S)
    assert sorted(map(int, values)) == sorted(node.value for node in core)
    for node in board.nodes:
        assert all(word in svg for word in Strings("en", "bos").place(node).split())
    markdown = written["md", "es"]
    assert "Centro de Convenciones" in markdown and "Líneas de Tránsito a" in markdown


def test_the_piles_off_the_map_are_listed_one_row_a_kind():
    game = new_game()
    for player, _, written in sheets(game):
        sheet = visible(written["html", "en"], "html")
        if player.side == "protester":
            assert "in the Group pile" in sheet and "in the Crowd pile" in sheet and "Radicals 1, 2, 3" in sheet
        else:
            assert "SPD 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15" in sheet and "set aside" in sheet


def test_emergency_reinforcements_on_the_way_and_the_reserve_pool():
    """A State Trooper ordered for turn 3 (4.22) and an SPD unit in the Reserve Pool, as the Authority's sheet
    shows them (the events fed as the log would hold them at Stage Two)."""
    game = play(new_game(), {"do": "events", "dice": [3, 5]}, {"do": "reinforce", "take": {"spd": 1}})
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in (*game.events, Event("emergency-ordered", {"units": {"State Troopers 1": 3}}, (), 1, "events")):
        record.feed(event)
    view = record.view("authority")
    assert [u.id for u in view.own if u.status == "scheduled"] == ["State Troopers 1"]
    assert [(a.turn, a.units) for a in view.arrivals] == [(3, ("State Troopers 1",))]
    english, spanish = (render(view, game.ctx.scenario.board, "md", lang) for lang in ("en", "es"))
    assert "Night, 30 November (turn 3), to the Reserve Pool" in english and "Reserve Pool" in english
    assert "Noche, 30 de noviembre (turno 3), a la Reserva" in spanish and "Pool de Reserva" in spanish


def names_of(uid: str, lang: str) -> set[str]:
    return {uid, Strings(lang, "bos").data(uid)}


def named_in(sheet: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", sheet) is not None


def sheet_leaks(game, seen: Observed) -> list[str]:
    """What the players' views and sheets show of the other side that they cannot see now and never saw there."""
    found = []
    for player, view, written in sheets(game):
        data = view_json(view)
        found += leaks(data, seen, player.side)
        stale = {u["id"] for u in data["units"] if u["side"] != player.side and not u["current"]}
        sight = in_sight(game.ctx, game.state, player.side)
        hidden = {u.id for u in game.state.units.values() if u.side == other(player.side)
                  and not (u.status == ACTIVE and u.node in sight)} - stale
        for (fmt, lang), sheet in written.items():
            found += [f"{player.id} {fmt} {lang}: {name}" for uid in sorted(hidden) for name in names_of(uid, lang)
                      if named_in(visible(sheet, fmt, feed=False), name)]
        now = json.dumps({key: value for key, value in data.items() if key != "feed"})  # the past: tests/test_feed.py
        found += [f"{player.id} json: {uid}" for uid in sorted(hidden) if f'"{uid}"' in now]
    return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=160))
def test_under_fog_no_sheet_names_a_unit_out_of_sight(seed, picks):
    """Random legal play under fog, then every player's HTML and Markdown sheets (English and Spanish) and his
    `referee view --json`: no unit of the other side out of sight now, but for the last sightings truly made."""
    game = random_game(seed, picks, {"fog": "on"})
    seen = Observed(game)
    for event in game.events:
        seen.feed(event)
    assert sheet_leaks(game, seen) == []


def test_the_sheet_leak_check_bites(monkeypatch):
    """A view that sees the whole map under fog is caught on the sheets too."""
    from referee.rulesets.bos.knowledge import BosKnowledge

    game = random_game(7, list(range(0, 10**6, 9973))[:90], {"fog": "on"})
    seen = Observed(game)
    for event in game.events:
        seen.feed(event)
    assert sheet_leaks(game, seen) == []
    monkeypatch.setattr(BosKnowledge, "sight", lambda self, side: set(self.ctx.scenario.board.nodes))
    assert any(" html es: " in leak for leak in sheet_leaks(game, seen))


def test_brief_and_view_through_the_command_line(cli, tmp_path):
    db, out = tmp_path / "b.db", tmp_path / "sheets"
    assert cli("new", "bos/battle-of-seattle", "--db", db, "--seed", 4, "--set", "fog=on").code == 0
    run = cli("brief", db, "--all", "--lang", "es", "--out", out)
    assert run.code == 0, run.err
    assert [line.split("\t")[1] for line in run.lines] == ["protester", "authority"]
    assert "Hoja de situación: Autoridad" in (out / "authority.html").read_text(encoding="utf-8")
    view = json.loads(cli("view", db, "--player", "authority", "--json").out)
    assert view["scores"] == {"protester": 0, "authority": 30} and view["facts"]["stage"] == "1"
