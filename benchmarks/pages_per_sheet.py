"""How many A4 pages each player's printed sheet takes, for every scenario, fresh and after a few turns of play.

    python benchmarks/pages_per_sheet.py [--turns N] [--scenario ID ...] [--weasyprint]

For every scenario `referee scenarios` lists: a fresh session, and one the computer players played for `--turns`
turns (more units placed, sightings, reports). `referee brief --all` writes each player's HTML sheet as a user's
would; Chromium (Debian's, driven by Playwright as tests/browser.py does) prints it to an A4 PDF and pypdf counts
its pages: once with the reference card (`section.card`, which starts its own page) hidden, once whole, the
difference being the card's pages. `--weasyprint` also counts the pages of `referee brief --format pdf`
(WeasyPrint, the `pdf` extra), card included. The referee it measures is the checkout this file lies in.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HIDE_CARD = "section.card, section.glossary { display: none !important; }"
"""The reference card starts a page of its own, the glossary after it: the sheet's pages are counted without them."""


def pages(pdf: bytes) -> int:
    """The number of pages of a PDF."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def build(path: Path, scenario_id: str, turns: int, seed: int = 7) -> int:
    """A session of `scenario_id` at `path`, played by the computer players until turn `turns + 1` begins (0: fresh;
    a game without computer players only has its phases ended); the turn it stands at."""
    from referee.errors import RefereeError
    from referee.session import Session
    from referee.simulate import play

    commands: list[dict] = []

    class Enough(Exception):
        """The game has reached the turn asked for."""

    def keep(game, command: dict) -> None:
        if game.state.turn > turns:
            raise Enough
        commands.append(command)

    try:
        play(scenario_id, {}, seed, on_command=keep) if turns else None
    except Enough:
        pass
    except RefereeError:  # no computer players: the umpire ends each phase
        commands.clear()
    session = Session.create(path, scenario_id, {}, seed)
    try:
        for command in commands:
            session.apply(command)
        while session.state.turn <= turns and not session.state.over:
            session.apply({"do": "end-phase"})
        return session.state.turn
    finally:
        session.close()


def brief(path: Path, out: Path, fmt: str) -> list[Path]:
    """`referee brief --all` of the checkout measured: the sheets it wrote, a player each."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "referee", "brief", str(path), "--all", "--format", fmt, "--out",
                           str(out)], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return [Path(line.split("\t")[2]) for line in done.stdout.splitlines() if line.count("\t") >= 2]


def printed(browser, sheet: Path) -> tuple[int, int]:
    """(pages of the sheet without its card, pages of the card) as Chromium prints the sheet on A4."""
    page = browser.new_page()
    try:
        page.goto(sheet.as_uri())
        whole = pages(page.pdf(format="A4"))
        page.add_style_tag(content=HIDE_CARD)
        without = pages(page.pdf(format="A4"))
    finally:
        page.close()
    return without, whole - without


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=3, help="turns the played sessions are played (default 3)")
    parser.add_argument("--scenario", action="append", help="only this scenario (repeat for several)")
    parser.add_argument("--weasyprint", action="store_true", help="also count `referee brief --format pdf`'s pages")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from referee.scenario.catalog import catalogue
    from tests.browser import ARGS, CHROMIUM

    scenarios = args.scenario or [item["id"] for item in catalogue([])]
    print(f"referee at {ROOT}; A4, Chromium {CHROMIUM}")
    header = ["scenario", "session", "player", "pages", "card"] + (["weasyprint"] if args.weasyprint else [])
    print("\t".join(header))
    totals: dict[int, int] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for scenario_id in scenarios:
                for turns in (0, args.turns):
                    work = Path(folder) / f"{scenario_id.replace('/', '-')}-{turns}"
                    work.mkdir()
                    turn = build(work / "s.db", scenario_id, turns)
                    label = "fresh" if not turns else f"turn {turn}"
                    woven = {sheet.stem: sheet for sheet in brief(work / "s.db", work / "pdf", "pdf")
                             } if args.weasyprint else {}
                    for sheet in brief(work / "s.db", work / "html", "html"):
                        count, card = printed(browser, sheet)
                        totals[count] = totals.get(count, 0) + 1
                        row = [scenario_id, label, sheet.stem, str(count), str(card)]
                        if args.weasyprint:
                            row.append(str(pages(woven[sheet.stem].read_bytes())))
                        print("\t".join(row), flush=True)
        finally:
            browser.close()
    print("sheets by pages (card apart): " + ", ".join(f"{n} pages: {totals[n]}" for n in sorted(totals)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
