"""The review's first page, the debrief's handout: the result read by the game's rule with its section, the turning
points chosen by the size of the change, each side's key moments; the charts' words clear of each other, measured in
Chromium; the dice audit in one table; the whole review in Spanish."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.sync_api import sync_playwright

from referee.review.gather import gather
from referee.review.report import context
from referee.review.summary import swings
from referee.review.words import ReviewWords
from referee.rulesets.bos import review as bos_review
from tests.browser import ARGS, AVAILABLE, CHROMIUM


def _made_up(scores: dict[int, int]) -> SimpleNamespace:
    """A replayed N30 session reduced to what the turning points read: its score at each turn's end."""
    return SimpleNamespace(scenario=SimpleNamespace(ruleset="n30"), initial=SimpleNamespace(scores={"protesters": 0}),
                           scores=scores, played=[])


def test_turning_points_are_the_biggest_changes_not_the_latest_and_ties_go_to_the_earlier_turn():
    scores = {1: 1, 2: 9, 3: 10, 4: 4, 5: 5, 6: 6, 7: 7}  # +1, +8, +1, -6, +1, +1, +1: the last turns move least
    previous = {turn: scores.get(turn - 1, 0) for turn in scores}
    by_size = sorted(scores, key=lambda turn: (-abs(scores[turn] - previous[turn]), turn))
    found = swings(_made_up(scores), ReviewWords("en", "n30"))
    assert [s.turn for s in found] == sorted(by_size[:3]) == [1, 2, 4]
    assert [s.change for s in found] == [scores[t] - previous[t] for t in (1, 2, 4)] == [1, 8, -6]


def test_a_turn_without_events_does_not_reset_the_change_to_the_opening_score():
    """Turn 2 recorded nothing: turn 3's change is from turn 1's end, not from the opening score."""
    found = swings(_made_up({1: 10, 3: 12}), ReviewWords("en", "n30"))
    assert [(s.turn, s.change) for s in found] == [(1, 10), (3, 2)]


def _bos_end(protester: int, authority: int, stage_three: bool) -> SimpleNamespace:
    return SimpleNamespace(scores={"protester": protester, "authority": authority},
                           local={"stage_three": stage_three, "last_turn": 8})


@pytest.mark.parametrize("lang, level, stage", [("en", "Protester Marginal Victory", "Stage Three"),
                                                ("es", "Victoria Marginal de los Manifestantes", "Fase Tres")])
def test_stage_three_bars_the_authoritys_win_and_the_review_says_where_7_3(lang, level, stage):
    """7.3: an Authority that went to Stage Three cannot win; ending with the higher EI it is a Protester
    Marginal Victory, and the result says so with its section."""
    result, why = bos_review.verdict(_bos_end(10, 30, True), {}, None, lang)
    assert result == level and len(why) == 1 and stage in why[0] and "(7.3)" in why[0] and "20" in why[0]
    plain, reasons = bos_review.verdict(_bos_end(10, 30, False), {}, None, "en")
    assert plain == "Triumph for the Forces of Capitalist Darkness" and all("Stage Three" not in r for r in reasons)


@pytest.mark.parametrize("lead, band", [(0, "0-30"), (30, "0-30"), (31, "31-60"), (61, "61+")])
def test_the_protesters_lead_is_read_in_its_band_of_8_0(lead, band):
    _, (why,) = bos_review.verdict(_bos_end(20 + lead, 20, False), {}, None, "en")
    assert f"{lead} points more" in why and f"band of {band} (8.0)" in why


@pytest.fixture(scope="module")
def reviews(tmp_path_factory) -> dict[str, Path]:
    """A played game of each game with computer players, and its review in English and in Spanish."""
    folder = tmp_path_factory.mktemp("debrief")
    found = {}
    for scenario in ("n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968"):
        game = scenario.split("/")[0]
        path = folder / f"{game}.db"
        run = subprocess.run([sys.executable, "-m", "referee", "simulate", scenario, "--seed", "3", "--save", str(path)],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        found[game] = path
        for lang in ("en", "es"):
            out = folder / f"{game}-{lang}.html"
            run = subprocess.run([sys.executable, "-m", "referee", "review", str(path), "--out", str(out), "--lang", lang],
                                 capture_output=True, text=True)
            assert run.returncode == 0, run.stderr
            found[f"{game}-{lang}"] = out
    return found


BOXES = """() => [...document.querySelectorAll('svg.chart')].map(svg => [...svg.querySelectorAll('text, circle')]
    .map(e => { const r = e.getBoundingClientRect(); return [e.tagName === 'circle' ? '○' : e.textContent,
                r.left, r.top, r.right, r.bottom]; }))"""


def _overlaps(boxes: list) -> list[str]:
    """Pairs of words (or marks) whose boxes meet, a mark's own number inside it excepted."""
    found = []
    for i, (a, *ra) in enumerate(boxes):
        for b, *rb in boxes[i + 1:]:
            inside = "○" in (a, b) and (a.isdigit() or b.isdigit()) and (
                ra[0] <= rb[0] and rb[2] <= ra[2] or rb[0] <= ra[0] and ra[2] <= rb[2])
            if not inside and ra[0] < rb[2] - 0.5 and rb[0] < ra[2] - 0.5 and ra[1] < rb[3] - 0.5 and rb[1] < ra[3] - 0.5:
                found.append(f"{a!r} over {b!r}")
    return found


@pytest.mark.skipif(not AVAILABLE, reason="needs Chromium (REFEREE_REQUIRE_BROWSER=1 makes its absence a failure)")
def test_no_word_on_a_chart_is_written_over_another_on_paper_and_on_a_phone(reviews):
    """Measured in Chromium: the turns' names (Battle of Seattle's "Afternoon, 30 November"), the y axis's numbers,
    the lines' names, the target's and the numbered marks, in English and Spanish, at A4's width and a phone's."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for width in (703, 390):
                page = browser.new_page(viewport={"width": width, "height": 900})
                for name, path in reviews.items():
                    if path.suffix != ".html":
                        continue
                    page.goto(path.resolve().as_uri())
                    charts = page.evaluate(BOXES)
                    assert charts, name
                    for boxes in charts:
                        assert len(boxes) > 10 and not _overlaps(boxes), (name, width, _overlaps(boxes))
                page.close()
        finally:
            browser.close()


@pytest.mark.skipif(not AVAILABLE, reason="needs Chromium (REFEREE_REQUIRE_BROWSER=1 makes its absence a failure)")
def test_the_first_page_fits_one_a4_page_for_every_game_in_both_languages(reviews):
    """Printed at A4's width less its margins (186 mm), the first page is at most A4's height less its margins."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": round(186 / 25.4 * 96), "height": 1000})
            page.emulate_media(media="print")
            for name, path in reviews.items():
                if path.suffix == ".html":
                    page.goto(path.resolve().as_uri())
                    height = page.evaluate("() => document.querySelector('.debrief').getBoundingClientRect().height")
                    assert height * 25.4 / 96 <= 297 - 12 - 13, name
        finally:
            browser.close()


def test_the_spanish_review_speaks_spanish_in_the_translations_terms(reviews):
    page = reviews["bos-es"].read_text(encoding="utf-8")
    english = reviews["bos-en"].read_text(encoding="utf-8")
    assert '<html lang="es">' in page
    headings = re.findall(r"<h[123][^>]*>([^<]*)<", page)
    assert "La Batalla de Seattle · Revisión de la sesión" in headings  # its title, as the translation calls it
    for heading in ("Resultado", "Turno a turno", "Auditoría de los dados", "Jugadores", "Lo que pasó"):
        assert heading in headings
    for word in ("Turn by turn", "Dice audit", "What happened", "Turning points", "What became of every unit"):
        assert word in english and word not in page
    level = gather(reviews["bos"]).final.local["level"]
    debrief = page[:page.index("</section>")]  # the first page (the timeline tells events as the log does)
    assert bos_review.WORDS["es"][f"level.{level}"] in debrief and level not in debrief
    assert "Mañana," in debrief and "30 de noviembre" in debrief and "Morning" not in debrief


def test_the_dice_audit_is_one_table_with_a_verdict_only_where_enough_rolls(reviews):
    """Each kind of die with at least 5 rolls expected per face in the table, its mean beside a fair die's; the rest
    in one line."""
    g = gather(reviews["n30"])
    checked = context(g)["audit"]
    page = reviews["n30-en"].read_text(encoding="utf-8")
    audit = page[page.index("Dice audit"):]
    for sides in sorted({d.sides for d in checked.dice}):
        faces = [d.value for d in checked.dice if d.sides == sides]
        mean = f"{sum(faces) / len(faces):.2f}"
        if len(faces) >= 5 * sides:
            assert re.search(rf"<td>d{sides}</td><td class=\"num\">{len(faces)}</td>.*?<td class=\"num\">{mean}</td>"
                             rf"<td class=\"num\">{(sides + 1) / 2:.1f}</td><td>", audit)
        else:
            assert f"d{sides}: {len(faces)} rolls, mean {mean}" in audit
    assert audit.count("<h3>d") == 0, "no table a kind of die"
