"""A club's own Wallman town (docs/wallman-town.md): what its files may name that the package's towns do not, and
how the loader, the game and the sheets take it: an edge named "random" refused at its line, a unit type of its
own printed by its id, an engine without its `water` carrying what the tables give it, its names printed as written
in either language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.briefing.render import render
from referee.errors import RefereeError
from referee.game import Game, scenario_faults
from referee.knowledge.build import new_record
from referee.scenario.catalog import load
from referee.scenario.club import copy
from referee.scenario.toml_lines import read_toml
from tests.sheet_text import visible
from tests.test_briefing import english_left_in
from tests.test_sheet_words import proper_names, table


@pytest.fixture
def town(tmp_path) -> Path:
    """The Two Bridges copied into a club's folder as `wallman/our-town`: its scenario file."""
    return copy("wallman/two-bridges", "wallman/our-town", tmp_path / "club")


def edit(town: Path, name: str, old: str, new: str) -> Path:
    """One of the town's files with `old` replaced by `new`: the file."""
    path = town.parent / "our-town" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_group_arriving_on_a_random_edge_is_refused_at_its_line(town):
    """Wallman's text names no way in for latecomers (Rule Structure: the umpire sets up the scenario), so a group
    names its edge: "random" is refused by `scenario check`, file and line, not when the group is due."""
    path = edit(town, "reinforcements.toml", 'edge = "police"', 'edge = "random"')
    faults = scenario_faults(str(town))
    assert len(faults) == 1 and re.match(rf"{re.escape(str(path.resolve()))}:(\d+): reinforcements\.0\.edge: wallman has "
                                         r"no random edges: name one of the map's edges \(.*police.*\)", faults[0]), faults
    line = int(faults[0].split(":")[1])
    assert path.read_text().splitlines()[line - 1] == 'edge = "random"'
    with pytest.raises(RefereeError, match="no random edges"):
        load(str(town))


def test_a_list_of_random_edges_is_refused_too(town):
    path = edit(town, "reinforcements.toml", 'section = "Scenario"', 'section = "Scenario"\nrandom_edges = ["police"]')
    faults = scenario_faults(str(town))
    assert faults == [f"{path.resolve()}:3: random_edges.0: wallman has no random edges: leave random_edges out"]


def sheets(town: Path, player: str) -> dict[str, str]:
    """A player's sheet as the game opens, in English and Spanish, HTML and Markdown: its visible text."""
    scenario = load(str(town))
    game = Game.new(scenario, {}, 3)
    view = new_record(game.ctx, game.rules, "0" * 64).view(player)
    return {f"{fmt}-{lang}": visible(render(view, scenario.board, fmt, lang), fmt)
            for fmt in ("html", "md") for lang in ("en", "es")}


def test_a_unit_type_of_the_towns_own_is_printed_by_its_id(town):
    """Types of Unit: a town may name a type of its own; the words have none for it, so the sheets print its id
    (as an edge of its own), in either language."""
    edit(town, "forces.toml", '{ id = "Ambulance 1", type = "paramedics"', '{ id = "Ambulance 1", type = "first_aid"')
    edit(town, "forces.toml", "[types.paramedics]", '[types.first_aid]\nside = "security"\nlabel = "First aiders"\n'
                                                      'strength = 2\nmovement = 1\nsection = "Types of Unit"\n\n'
                                                      "[types.paramedics]")
    for which, text in sheets(town, "lindqvist").items():
        assert re.search(r"Ambulance 1.*first_aid", text), which


def test_an_engine_without_its_water_carries_what_the_tables_give(town):
    """Fires and Firefighting: "enough onboard water for 2 turns" (the tables' `fires.water_turns`)."""
    edit(town, "forces.toml", '{ id = "Pump 1", type = "firefighters", attrs = { vehicle = true, water = 2 } }',
         '{ id = "Pump 1", type = "firefighters", attrs = { vehicle = true } }')
    tables = edit(town, "tables.toml", "water_turns = 2", "water_turns = 3")
    assert tables.name == "tables.toml"
    game = Game.new(load(str(town)), {}, 3)
    assert game.state.units["Pump 1"].attrs["water"] == 3 and game.state.units["Pump 2"].attrs["water"] == 2
    assert "water for 3 turns" in sheets(town, "adeyemi")["md-en"]


def test_a_crowds_name_holding_a_word_of_the_game_is_printed_as_written_in_spanish(town):
    """A name the town gives is a proper name (RULINGS.md, "A town's names are proper names"): "Crowd of the car
    park" stays so on a Spanish sheet, its type in Spanish beside it, and is no English left of the game's words;
    the check still finds the game's own words in English."""
    for name in ("forces.toml", "setups.toml"):
        edit(town, name, '"Gasworks gang"', '"Crowd of the car park"')
    scenario = load(str(town))
    text = sheets(town, "lindqvist")["md-es"]
    assert "Crowd of the car park (Multitud;" in text
    en, es = table("en", "wallman"), table("es", "wallman")
    names = re.compile("|".join(map(re.escape, sorted(proper_names("wallman/two-bridges", scenario), key=len,
                                                      reverse=True))))
    assert english_left_in(names.sub(" ", text), en, es) == []
    assert "type.crowd: 'Crowd'" in english_left_in(text, en, es)


def test_a_place_given_twice_in_a_set_up_is_said_so_with_its_line(tmp_path):
    """A writer adding units at a place the set-up already fills writes its key a second time, which TOML refuses:
    the line says which key and what to do, not TOML's own words."""
    written = tmp_path / "setups.toml"
    written.write_text('[[setups]]\n"Corn Exchange" = ["Students"]\n"Corn Exchange" = ["Lads"]\n', encoding="utf-8")
    with pytest.raises(RefereeError) as refused:
        read_toml(written)
    assert str(refused.value) == (f'{written}:3: "Corn Exchange" is given twice in this table: give it once (a '
                                  "place's units all in one list)")
