"""Places and units named as the table says them (referee.rules.refs): any case, spaces for hyphens, the umpire's
names for the table; the log keeps the ids; a near miss is answered with the nearest, an ambiguous name with both."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.game import Game
from referee.rules.commands import PLACE, UNIT
from referee.rules.refs import marked, resolved
from referee.rules.table import checks
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import every_scenario, load

SCENARIOS = {s.id: s for s in every_scenario()}
# a verb of each ruleset with a key that holds a place and one that holds a unit
PLACE_KEY = {"bos": ("move", "to"), "chicago": ("guard", "to"), "n30": ("confront", "node"), "wallman": ("crowd-move", "to")}
UNIT_KEY = {"bos": ("move", "unit"), "n30": ("move", "unit"), "wallman": ("crowd-move", "crowd"), "chicago": None}


def _schema(ruleset: str, verb: str):
    return checks(ruleset_for(ruleset).commands).schemas[verb]


def _spoken(name: str, data) -> str:
    """A name as someone might type it: each letter in either case, a hyphen said as a space."""
    flips = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    return "".join((c.upper() if f else c.lower()) if c != "-" else " " for c, f in zip(name, flips, strict=True))


@pytest.mark.parametrize("ruleset", sorted(PLACE_KEY))
def test_every_ruleset_marks_the_keys_that_hold_places_and_units(ruleset):
    verb, key = PLACE_KEY[ruleset]
    assert marked(_schema(ruleset, verb))[key] == ("one", PLACE)
    if UNIT_KEY[ruleset]:
        verb, key = UNIT_KEY[ruleset]
        assert marked(_schema(ruleset, verb))[key] == ("one", UNIT)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), scenario=st.sampled_from(sorted(SCENARIOS)))
def test_any_casing_of_a_place_or_a_unit_gives_its_id(data, scenario):
    game = Game.new(load(scenario), {}, 1, keep_events=False)
    ruleset = SCENARIOS[scenario].ruleset
    verb, key = PLACE_KEY[ruleset]
    place = data.draw(st.sampled_from(sorted(game.ctx.scenario.board.nodes)))
    command = {"do": verb, key: _spoken(place, data)}
    assert resolved(_schema(ruleset, verb), game.ctx, game.state, command)[key] == place
    if UNIT_KEY[ruleset]:
        verb, key = UNIT_KEY[ruleset]
        unit = data.draw(st.sampled_from(sorted(game.state.units)))
        name = game.state.units[unit].name
        bearers = {u.id for u in game.state.units.values() if name.casefold() in (u.name.casefold(), u.id.casefold())}
        command = {"do": verb, key: _spoken(name, data)}
        if name in game.state.units or len(bearers) == 1:
            assert resolved(_schema(ruleset, verb), game.ctx, game.state, command)[key] == (name if name in game.state.units
                                                                                            else unit)
        else:  # N30's two Sea Turtle counters bear one name: the id tells them apart
            with pytest.raises(RefereeError, match="names more than one unit"):
                resolved(_schema(ruleset, verb), game.ctx, game.state, command)


N30 = "n30/lock-down-hold-fast"  # its first phase is the protesters' movement (tests/examples.py OPENING)


def _bodies(path) -> list[dict]:
    with sqlite3.connect(path) as db:
        return [json.loads(body) for (body,) in db.execute("SELECT body FROM command ORDER BY id")]


def _apply(cli, path, command: dict):
    return cli("apply", path, stdin=json.dumps(command) + "\n")


def test_3_a_move_given_by_printed_names_is_logged_with_the_ids_and_decided_alike(cli, tmp_path):
    said, ids = tmp_path / "said.db", tmp_path / "ids.db"
    for path in (said, ids):
        assert cli("new", N30, "--db", path, "--seed", "11", "--predictable").code == 0
    assert _apply(cli, said, {"do": "move", "unit": "BANANARCHY", "to": "5th & olive"}).code == 0
    assert _apply(cli, ids, {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}).code == 0
    assert _bodies(said)[-1] == {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}
    assert cli("log", said, "--json").out == cli("log", ids, "--json").out


def test_a_near_miss_is_answered_with_the_nearest_and_changes_nothing(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path).code == 0
    before = cli("log", path, "--json").out
    for command, words in (({"do": "move", "unit": "Bananarchy", "to": "5th & Olve"}, "did you mean 5th & Olive?"),
                           ({"do": "move", "unit": "Bananarchi", "to": "5th & Olive"},
                            "did you mean Bananarchy Movement (Bananarchy)?")):
        run = _apply(cli, path, command)
        assert run.code == 2 and run.err.count("\n") == 1 and words in run.err, run.err
    assert cli("log", path, "--json").out == before


def test_a_unit_is_found_by_its_name_for_the_table_and_a_name_two_units_bear_is_refused(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path).code == 0
    assert _apply(cli, path, {"do": "rename", "units": {"Bananarchy": "Black Bloc", "6/A": "Black Bloc"}}).code == 0
    run = _apply(cli, path, {"do": "move", "unit": "black bloc", "to": "5th & Olive"})
    assert run.code == 2 and "names more than one unit" in run.err and "Bananarchy" in run.err and "6/A" in run.err
    assert _apply(cli, path, {"do": "rename", "units": {"6/A": ""}}).code == 0
    assert _apply(cli, path, {"do": "move", "unit": "black bloc", "to": "5th & Olive"}).code == 0
    assert _bodies(path)[-1] == {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}


@pytest.mark.parametrize("scenario", ["n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968",
                                      "wallman/town-centre-riot"])
def test_view_prints_each_unit_by_its_name_and_its_counter_as_the_game_prints_it(cli, tmp_path, scenario):
    """`referee view`: the sheet's names (places, types) and counters ("4-4-3", "L-1", "4-3"), no "id (name)"
    except where two of the player's units bear one name."""
    from referee.briefing.i18n import Strings
    from referee.knowledge.build import player_view

    path = tmp_path / "s.db"
    assert cli("new", scenario, "--db", path).code == 0
    for player in SCENARIOS[scenario].players:
        page = cli("view", path, "--player", player.id).out
        view, t = player_view(path, player.id), Strings("en", SCENARIOS[scenario].ruleset)
        lines = page.split("Your forces:\n", 1)[1].split("\n\n", 1)[0].splitlines()
        assert len(lines) == len(view.own)
        for unit, line in zip(view.own, lines, strict=True):
            alike = sum(u.name == unit.name for u in view.own) > 1
            assert f" {unit.name} ({unit.id}): " in line if alike else f" {unit.name}: " in line, line
            assert f"{t.word('type', unit.type)} {t.counter(unit) or f'{unit.strength}-{unit.movement}'}" in line
            assert unit.node is None or line.startswith(f"  {t.place(unit.node)} ")
