"""A scenario's tunables set for a live session (`referee new --set NAME=VALUE`, as `simulate` takes them: Battle of
Seattle's Exposure Values (2.2), Chicago-Chicago's table cells): the rules read the values set, the session keeps
them in the scenario's data it stores (so it reopens and verifies with them), and the review says which values were
set and what the files print; `simulate --save` keeps a tuned game likewise."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.briefing.render import render, render_sheet
from referee.game import Game
from referee.knowledge.build import new_record
from referee.scenario.catalog import load, tuned
from referee.session import Session
from tests.sheet_text import visible

BOS = "bos/battle-of-seattle"


def referee(*args: object, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True, cwd=cwd)


def test_2_2_an_exposure_value_set_at_new_is_the_one_the_rules_read_and_the_review_says(tmp_path):
    printed = load(BOS).tunables["ev_convention_centre"].value
    chosen = printed + 3
    made = referee("new", BOS, "--set", f"ev_convention_centre={chosen}", "--set", "fog=on", "--db", tmp_path / "s.db")
    assert made.returncode == 0, made.stderr
    with Session.open(tmp_path / "s.db") as session:
        scenario = session.game.ctx.scenario
        assert scenario.board.nodes["convention-centre"].value == chosen  # the map the rules score with (2.2)
        assert scenario.tuned == {"ev_convention_centre": {"value": chosen, "printed": printed}}
        assert session.game.ctx.options["fog"] == "on"
    assert referee("verify", tmp_path / "s.db").returncode == 0
    review = referee("review", tmp_path / "s.db", "--out", tmp_path / "r.html")
    assert review.returncode == 0, review.stderr
    assert f"ev_convention_centre {chosen} (printed {printed})" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_a_value_set_as_printed_is_not_said_and_a_bad_one_makes_no_session(tmp_path):
    printed = load(BOS).tunables["ev_convention_centre"].value
    assert referee("new", BOS, "--set", f"ev_convention_centre={printed}", "--db", tmp_path / "same.db").returncode == 0
    with Session.open(tmp_path / "same.db") as session:
        assert session.game.ctx.scenario.tuned == {}
    bad = referee("new", BOS, "--set", "ev_convention_centre=many", "--db", tmp_path / "bad.db")
    assert bad.returncode == 2 and "ev_convention_centre is a whole number" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and not (tmp_path / "bad.db").exists()
    unknown = referee("new", BOS, "--set", "ev_nowhere=3", "--db", tmp_path / "bad.db")
    assert unknown.returncode == 2 and "referee scenarios --json" in unknown.stderr


def test_simulate_save_keeps_a_tuned_game_that_replays_exactly(tmp_path):
    """HOW TO RESOLVE CONFLICT 6-8: a table cell set for every game; the last one kept replays under `verify`."""
    cell = load("chicago/two-days").tunables["assault_3to1_die3"]
    chosen = "DD2" if cell.value != "DD2" else "PD2"
    saved = referee("simulate", "chicago/two-days", "--games", "2", "--seed", "4", "--set",
                    f"assault_3to1_die3={chosen}", "--save", tmp_path / "sim.db")
    assert saved.returncode == 0, saved.stderr
    verified = referee("verify", tmp_path / "sim.db")
    assert verified.returncode == 0 and "the rules give every command's events again" in verified.stdout
    with Session.open(tmp_path / "sim.db") as session:
        assert session.game.ctx.scenario.tuned == {"assault_3to1_die3": {"value": chosen, "printed": cell.value}}


def sheet_texts(scenario, options: dict[str, str], player: str) -> dict[str, str]:
    """A player's sheet as the game opens, HTML and Markdown, English and Spanish, and his live page's sheet."""
    game = Game.new(scenario, options, 3)
    view = new_record(game.ctx, game.rules, "0" * 64).view(player)
    texts = {f"{fmt}-{lang}": visible(render(view, scenario.board, fmt, lang), fmt)
             for fmt in ("html", "md") for lang in ("en", "es")}
    return texts | {"live-es": visible(render_sheet(view, scenario.board, "es"), "html")}


def test_2_2_every_sheet_says_the_values_the_game_is_played_with_in_its_own_words():
    """The options chosen other than the defaults (public at the table) and the tunables set that the players'
    map and card print (an Exposure Value, 2.2), as the review says them."""
    scenario = tuned(load(BOS), {"ev_convention_centre": "5"})
    texts = sheet_texts(scenario, {"fog": "on"}, "protester")
    for which, text in texts.items():
        assert "ev_convention_centre 5 (" in text, which
    assert "Played with:** Fog of war: on: each side sees near its units; ev_convention_centre 5 (printed 8)\n" in texts["md-en"]
    for which in ("html-es", "md-es", "live-es"):
        assert "Se juega con" in texts[which] and "Niebla de guerra: sí" in texts[which], which
        assert "ev_convention_centre 5 (impreso 8)" in texts[which], which


def test_what_the_players_may_not_know_is_not_on_their_sheets():
    """Wallman: a crowd's starting RL and a building's value are the umpire's (Response Level (RL), Property
    Damage), and so is how the looters play (Looting; Rule Structure: the players do not see the Game Control
    Rules); the weather is for all to see."""
    scenario = tuned(load("wallman/two-bridges"), {"lads_rl": "4", "guildhall_value": "90"})
    texts = sheet_texts(scenario, {"looters": "in-crowds", "weather": "soaked"}, "marsh")
    assert "Played with:** Weather: soaked\n" in texts["md-en"] and "Se juega con:** Tiempo: empapado\n" in texts["md-es"]
    for which, text in texts.items():
        assert not any(word in text for word in ("lads_rl", "guildhall_value", "in-crowds", "Looters")), which


def test_a_game_played_as_printed_says_nothing_of_values():
    texts = sheet_texts(load(BOS), {}, "protester")
    assert not any("Played with" in text or "Se juega con" in text for text in texts.values())


def test_a_session_made_with_values_set_prints_them_on_its_sheets(tmp_path):
    made = referee("new", BOS, "--set", "ev_convention_centre=5", "--set", "fog=on", "--db", tmp_path / "s.db")
    assert made.returncode == 0, made.stderr
    brief = referee("brief", tmp_path / "s.db", "--player", "authority", "--format", "md", "--lang", "es",
                    "--out", tmp_path / "sheets")
    assert brief.returncode == 0, brief.stderr
    text = (tmp_path / "sheets" / "authority.md").read_text(encoding="utf-8")
    assert "ev\\_convention\\_centre 5 (impreso 8)" in text or "ev_convention_centre 5 (impreso 8)" in text


@pytest.mark.parametrize("command", ["new", "simulate"])
def test_an_unknown_name_set_is_refused_naming_the_options_alone_and_counting_the_tunables(cli, tmp_path, command):
    where = ("--db", tmp_path / "s.db") if command == "new" else ("--save", tmp_path / "s.db")
    run = cli(command, "chicago/chicago-1968", "--set", "nope=1", *where)
    assert (run.code, run.out) == (2, "") and not (tmp_path / "s.db").exists()
    assert run.err == ("referee: unknown option 'nope' for chicago/chicago-1968 (options: fog, park_penalty, "
                       "counter_limit, seats; and 4 tunables, which `referee scenarios --json` lists)\n")


def test_a_bad_value_of_an_option_names_that_option_s_choices_alone(cli, tmp_path):
    run = cli("new", "chicago/chicago-1968", "--set", "fog=maybe", "--db", tmp_path / "s.db")
    assert (run.code, run.err) == (2, "referee: option fog must be one of off, on, not 'maybe'\n")
