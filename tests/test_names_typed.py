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
UNIT_KEY = {"bos": ("move", "unit"), "n30": ("move", "unit"), "wallman": ("crowd-move", "crowd"),
            "chicago": ("place", "units")}


def _schema(ruleset: str, verb: str):
    return checks(ruleset_for(ruleset).commands).schemas[verb]


def _spoken(name: str, data) -> str:
    """A name as someone might type it: each letter in either case, a hyphen said as a space."""
    flips = data.draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    return "".join((c.upper() if f else c.lower()) if c != "-" else " " for c, f in zip(name, flips, strict=True))


def _heard(name: str) -> str:
    return name.replace("-", " ").casefold()


@pytest.mark.parametrize("ruleset", sorted(PLACE_KEY))
def test_every_ruleset_marks_the_keys_that_hold_places_and_units(ruleset):
    verb, key = PLACE_KEY[ruleset]
    assert marked(_schema(ruleset, verb))[key] == (("one", PLACE),)
    verb, key = UNIT_KEY[ruleset]
    assert marked(_schema(ruleset, verb))[key] == (("one", UNIT),)


def test_keys_of_objects_lists_and_aliases_are_marked():
    """N30's retreats (4.1) map units to intersections, its refusals (4.4) list units; Wallman's sniper fires
    "from" a place (the schema's alias)."""
    assert marked(_schema("n30", "confront"))["retreats"] == (("keys", UNIT), ("values", PLACE))
    assert marked(_schema("n30", "confront"))["refuse"] == (("list", UNIT),)
    assert marked(_schema("wallman", "snipe")) == {"from": (("one", PLACE),), "target": (("one", UNIT),)}


@settings(max_examples=60, deadline=None)
@given(data=st.data(), scenario=st.sampled_from(sorted(SCENARIOS)))
def test_any_casing_of_a_place_or_a_unit_gives_its_id(data, scenario):
    game = Game.new(load(scenario), {}, 1, keep_events=False)
    places, ruleset = game.places(), SCENARIOS[scenario].ruleset
    verb, key = PLACE_KEY[ruleset]
    place = data.draw(st.sampled_from(sorted(places)))
    said = _spoken(data.draw(st.sampled_from((place, *places[place]))), data)
    bearers = {p for p, names in places.items() if _heard(said) in {_heard(n) for n in (p, *names)}}
    assert bearers == {place}  # no two places of a board print alike
    assert resolved(_schema(ruleset, verb), game.ctx, game.state, {"do": verb, key: said}, places)[key] == place
    verb, key = UNIT_KEY[ruleset]
    unit = data.draw(st.sampled_from(sorted(game.state.units)))
    name = game.state.units[unit].name
    bearers = {u.id for u in game.state.units.values() if _heard(name) in (_heard(u.name), _heard(u.id))}
    command = {"do": verb, key: _spoken(name, data)}
    if name in game.state.units or len(bearers) == 1:
        assert resolved(_schema(ruleset, verb), game.ctx, game.state, command, places)[key] == (name if name in game.state.units
                                                                                                else unit)
    else:  # N30's two Sea Turtle counters bear one name: the id tells them apart
        with pytest.raises(RefereeError, match="names more than one unit"):
            resolved(_schema(ruleset, verb), game.ctx, game.state, command, places)


N30 = "n30/lock-down-hold-fast"  # its first phase is the protesters' movement (tests/examples.py OPENING)


def _bodies(path) -> list[dict]:
    with sqlite3.connect(path) as db:
        return [json.loads(body) for (body,) in db.execute("SELECT body FROM command ORDER BY id")]


def _apply(cli, path, command: dict):
    return cli("apply", path, stdin=json.dumps(command) + "\n")


QUIET_MORNING = [{"do": "events", "dice": [3, 5]}, {"do": "reinforce", "take": {"group": 0, "crowd": 0, "spd": 0}},
                 {"do": "end-phase"}]  # Battle of Seattle: Solidarity Forever, none taken, to the Protester Movement
TYPED = [  # (scenario, commands before, the command as the table says it, the same by ids)
    ("n30/lock-down-hold-fast", [], {"do": "move", "unit": "BANANARCHY movement", "to": "5th & olive"},
     {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}),
    ("bos/battle-of-seattle", QUIET_MORNING, {"do": "move", "unit": "labor_12", "to": "CENTRO DE CONVENCIONES"},
     {"do": "move", "unit": "Labor 12", "to": "convention-centre"}),
    ("chicago/chicago-1968", [], {"do": "place", "units": ["tac platoon TAC-1"], "to": "the loop"},
     {"do": "place", "units": ["Tac-1"], "to": "loop"}),
    ("wallman/town-centre-riot", [], {"do": "crowd-move", "crowd": "precinct CROWD", "to": "tower-estate"},
     {"do": "crowd-move", "crowd": "Precinct crowd", "to": "Tower Estate"}),
]


@pytest.mark.parametrize("scenario, before, said, ids", TYPED, ids=[t[0] for t in TYPED])
def test_a_command_given_by_printed_names_is_logged_with_the_ids_and_decided_alike(cli, tmp_path, scenario, before,
                                                                                   said, ids):
    """Each game's move (N30 3, Battle of Seattle 5.0, Chicago's set-up, Wallman's crowd movement) named as the
    sheets print its unit and its place, in odd case (Spanish for Battle of Seattle's area)."""
    logs = []
    for name, command in (("said", said), ("ids", ids)):
        path = tmp_path / f"{name}.db"
        assert cli("new", scenario, "--db", path, "--seed", "11", "--predictable").code == 0
        run = cli("apply", path, stdin="".join(json.dumps(c) + "\n" for c in (*before, command)))
        assert run.code == 0, run.err
        assert _bodies(path)[-1] == ids
        logs.append(cli("log", path, "--json").out)
    assert logs[0] == logs[1]


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


def test_an_id_means_itself_though_another_unit_bears_it_for_the_table():
    game = Game.new(load(N30), {}, 1)
    game.apply({"do": "rename", "units": {"Bananarchy": "6/A"}})
    schema, places = _schema("n30", "move"), game.places()
    assert resolved(schema, game.ctx, game.state, {"do": "move", "unit": "6/A"}, places)["unit"] == "6/A"
    with pytest.raises(RefereeError, match=r"names more than one unit: 6/A, 6/A \(Bananarchy\)"):
        resolved(schema, game.ctx, game.state, {"do": "move", "unit": "6/a"}, places)


@pytest.mark.parametrize("scenario, place", [("bos/battle-of-seattle", "westlake"), ("chicago/chicago-1968", "loop")])
def test_a_near_miss_of_a_place_names_it_as_the_sheets_print_it(scenario, place):
    """The nearest place is given by its English printed name, with its id only where the two read differently
    (Battle of Seattle's Westlake is typed as printed; Chicago's The Loop is the box `loop`)."""
    game = Game.new(load(scenario), {}, 1)
    ruleset, places = SCENARIOS[scenario].ruleset, game.places()
    verb, key = PLACE_KEY[ruleset]
    printed = places[place][0]
    shown = printed if _heard(printed) == _heard(place) else f"{printed} ({place})"
    with pytest.raises(RefereeError) as refused:
        resolved(_schema(ruleset, verb), game.ctx, game.state, {"do": verb, key: printed[:-1]}, places)
    assert str(refused.value).endswith(f"(did you mean {shown}?)")


def test_rename_takes_a_unit_by_its_printed_name_and_logs_its_id(cli, tmp_path):
    path = tmp_path / "s.db"
    assert cli("new", N30, "--db", path).code == 0
    units = Game.new(load(N30), {}, 1).state.units.values()
    unit = next(u for u in units if _heard(u.name) != _heard(u.id) and [_heard(v.name) for v in units].count(_heard(u.name)) == 1)
    assert _apply(cli, path, {"do": "rename", "units": {unit.name.upper(): "Black Bloc"}}).code == 0
    assert _bodies(path)[-1] == {"do": "rename", "units": {unit.id: "Black Bloc"}}
