"""The printed sheet's map in a real browser (Chromium through Playwright, tests/browser.py), laid out as on A4
paper: every text label of every scenario's map, for every player, fresh and after a played game, stays inside the
drawing and the page, and overlaps no other label, no unit box or symbol, and no tunnel line, in the font Chromium
picks and in the widest the map may print in."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from playwright.sync_api import sync_playwright

from referee.briefing.render import render
from referee.knowledge.build import record
from referee.scenario.catalog import catalogue
from referee.session import Session
from tests.browser import ARGS, CHROMIUM

A4_CONTENT = 703
"""The width of A4 paper less the sheet's margins (186 mm), in CSS pixels: the width the sheet is printed at."""
PLAYED = {"bos": "bos/battle-of-seattle", "chicago": "chicago/chicago-1968", "n30": "n30/close-the-ring",
          "wallman": "wallman/town-centre-riot"}
"""For each game, the scenario played through before its maps are looked at (more units, sightings, markers)."""

FAULTS = """() => {
  const svg = document.querySelector('section.map svg.map');
  const frame = svg.getBoundingClientRect(), page = document.documentElement.clientWidth;
  const rect = (e) => { const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const name = (e) => e.textContent.trim() || e.getAttribute('class') || e.tagName;
  const labels = [...svg.querySelectorAll('text')].filter(t => !t.closest('.box, .marker') && t.textContent.trim())
    .map(t => [name(t), rect(t)]);
  const boxes = [...svg.querySelectorAll('.box, .marker, line.tunnel')].map(b => [name(b), rect(b)]);
  const cross = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
  const faults = [];
  if (frame.right > page + 0.5 || frame.left < -0.5) faults.push(`the map runs off the page (${frame.right} of ${page})`);
  labels.forEach(([text, r], i) => {
    if (r.l < frame.left - 0.5 || r.r > frame.right + 0.5 || r.t < frame.top - 0.5 || r.b > frame.bottom + 0.5)
      faults.push(`"${text}" leaves the map`);
    labels.slice(i + 1).forEach(([other, o]) => { if (cross(r, o)) faults.push(`"${text}" overlaps "${other}"`); });
    boxes.forEach(([other, o]) => { if (cross(r, o)) faults.push(`"${text}" is under the box or line "${other}"`); });
  });
  return faults;
}"""


def sheets(folder, scenario_id: str, played: bool) -> dict[str, str]:
    """Every player's HTML sheet of a session of `scenario_id`: fresh, or a game the computer players played
    through (Wallman's, with no computer players: three turns' phases ended)."""
    path = folder / f"{scenario_id.replace('/', '-')}-{played}.db"
    if played and scenario_id.startswith("wallman"):
        session = Session.create(path, scenario_id, {}, 3)
        try:
            while session.state.turn <= 3:
                session.apply({"do": "end-phase"})
        finally:
            session.close()
    elif played:
        done = subprocess.run([sys.executable, "-m", "referee", "simulate", scenario_id, "--seed", "2", "--save",
                               str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    else:
        Session.create(path, scenario_id, {}, 1).close()
    knowledge = record(path)
    scenario = knowledge.ctx.scenario
    return {f"{player.id} {lang}": render(knowledge.view(player.id), scenario.board, "html", lang)
            for player in scenario.players for lang in ("en", "es")}


@pytest.fixture(scope="module")
def printed():
    """A Chromium page laid out as the sheet prints on A4: print styles, the page's width less its margins."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": A4_CONTENT, "height": 1000})
            page.emulate_media(media="print")
            yield page
        finally:
            browser.close()


WIDEST = 'svg.map text { font-family: "DejaVu Sans", sans-serif !important; }'
"""The widest font of the map's list, which a printer without Helvetica or Arial (WeasyPrint's PDF) falls back to."""


def faults(page, html: str) -> list[str]:
    """What is wrong with the map's labels, in the font Chromium picks and in the widest one the map may print in."""
    page.set_content(html)
    found = page.evaluate(FAULTS)
    page.add_style_tag(content=WIDEST)
    return found + [f"{fault} (DejaVu Sans)" for fault in page.evaluate(FAULTS)]


@pytest.mark.parametrize("scenario_id", [item["id"] for item in catalogue([])])
def test_every_label_of_a_fresh_scenario_s_map_stays_on_the_map_and_clear_of_the_others(printed, tmp_path, scenario_id):
    found = {player: faults(printed, html) for player, html in sheets(tmp_path, scenario_id, False).items()}
    assert {player: found for player, found in found.items() if found} == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("scenario_id", PLAYED.values())
def test_every_label_of_a_played_game_s_map_stays_on_the_map_and_clear_of_the_others(printed, tmp_path, scenario_id):
    found = {player: faults(printed, html) for player, html in sheets(tmp_path, scenario_id, True).items()}
    assert {player: found for player, found in found.items() if found} == {}, json.dumps(found, indent=1)


def test_the_check_finds_a_label_cut_off_at_the_right_edge_and_one_under_a_unit_box(printed, tmp_path):
    """The check itself: a map whose drawing is narrowed, and a unit box moved onto a place's name, are faults."""
    html = next(iter(sheets(tmp_path, "wallman/town-centre-riot", False).values()))
    svg = html.index('<svg class="map')
    width = html[svg:].index('viewBox="0 0 ') + svg + len('viewBox="0 0 ')
    narrowed = html[:width] + "700" + html[html.index(" ", width):]
    assert any("leaves the map" in fault for fault in faults(printed, narrowed))
    boxed = html.replace("</svg>", '<rect class="box" x="0" y="0" width="2000" height="2000" fill="none"/></svg>', 1)
    assert any("is under the box" in fault for fault in faults(printed, boxed))
