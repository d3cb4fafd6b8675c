"""docs/wallman-town.md, the guide to writing a town for Wallman's crowd rules: every field the loader reads is
explained in it, its way of copying, checking and playing a town works, and every town of the package prints a map
whose names stand clear of each other, of the streets and of the places."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.briefing.i18n import Strings
from referee.briefing.render import map_plan
from referee.briefing.svg_map import LABEL_EM, _meets, _text
from referee.game import Game
from referee.knowledge.build import new_record
from referee.scenario import models
from referee.scenario.catalog import every_scenario, load

GUIDE = (Path(__file__).resolve().parents[1] / "docs" / "wallman-town.md").read_text()
MODELS = (models.ScenarioFile, models.OptionSpec, models.PlayerSpec, models.TunableSpec, models.MapFile,
          models.NodeSpec, models.LinkSpec, models.BuildingSpec, models.ForcesFile, models.TypeSpec, models.UnitSpec,
          models.SetupsFile, models.SetupSpec, models.ReinforcementsFile, models.GroupSpec)
ATTRS = ("rl", "objective", "looters", "negotiator", "vehicle", "water")  # the hidden facts the rules read of a unit
TOWNS = sorted({s.id for s in every_scenario() if s.ruleset == "wallman" and s.board.id} - {"wallman/first-minutes"})
STREET = 3.5  # half a street's width on the map (`_map.svg.j2`: stroke-width 7)


def explained(name: str) -> bool:
    """Whether the guide names a field in code: `name`, or within a `[table.name]` or `{ name = ... }`."""
    return re.search(rf"`[^`\n]*\b{re.escape(name)}\b[^`\n]*`", GUIDE) is not None


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_the_guide_explains_every_field_the_loader_reads(model):
    assert [name for name in model.model_fields if not explained(name)] == []


def test_the_guide_explains_every_hidden_fact_and_option_the_rules_read():
    """Response Level (RL), Looting, Negotiation, Movement, Fires and Firefighting; the five options."""
    options = {name for town in TOWNS for name in load(town).options}
    assert [name for name in (*ATTRS, *sorted(options)) if f"| `{name}` |" not in GUIDE] == []


def test_the_check_bites():
    assert not explained("no_such_field") and explained("place_inches")


def test_a_town_copied_edited_and_checked_as_the_guide_says_plays(tmp_path, referee_process):
    """The guide's way, each step a command of its own as at the umpire's shell: copy a town, edit it, `scenario
    check` it (a fault named by its file and line, exit status 2), play it."""
    run = referee_process
    copied = run("scenario", "copy", "wallman/two-bridges", "wallman/our-town", "--to", tmp_path / "club")
    assert copied.code == 0, copied.err
    path = Path(copied.out.strip())
    town = path.parent / "our-town" / "town.toml"
    text = town.read_text()
    town.write_text(text.replace('{ a = "Quay Street", b = "Custom House" }', '{ a = "Quay St", b = "Custom House" }'))
    broken = run("scenario", "check", path)
    assert broken.code == 2 and re.search(r"town\.toml:\d+: links\.\d+\.a: unknown node 'Quay St'", broken.err)
    town.write_text(text.replace('"Youth club"', '"Boxing club"').replace("county = ", "ringway = "))
    arrivals = path.parent / "our-town" / "reinforcements.toml"
    arrivals.write_text(arrivals.read_text().replace('edge = "county"', 'edge = "ringway"'))
    checked = run("scenario", "check", path)
    assert checked.code == 0 and "ok: wallman/our-town, The Two Bridges, 20 turns" in checked.out, checked.err
    db = tmp_path / "ours.db"
    assert run("new", path, "--seed", "3", "--predictable", "--db", db).code == 0
    assert run("apply", db, stdin='{"do": "damage", "crowd": "Riverside lads", "building": "Boxing club"}\n').code == 0
    assert run("brief", db, "--all", "--out", tmp_path / "sheets").code == 0
    assert "Boxing club" in run("state", db).out and len(list((tmp_path / "sheets").glob("*.html"))) == 4
    assert run("brief", db, "--player", "delaney", "--lang", "es", "--format", "md", "--out", tmp_path / "es").code == 0
    assert "por ringway:" in (tmp_path / "es" / "delaney.md").read_text(), "an edge of the town's own, by its name"


def boxes(scenario_id: str) -> tuple[dict[str, tuple], list[tuple], list[tuple]]:
    """The map of an officer's sheet as the game opens: each place's name as drawn, the streets and the places'
    dots."""
    scenario = load(scenario_id)
    game = Game.new(scenario, {}, 3)
    view = new_record(game.ctx, game.rules, "0" * 64).view(scenario.players[0].id)
    plan = map_plan(view, scenario.board, Strings("en", "wallman"))
    names = {spot.id: _text(spot.x + 9, spot.y - 9, spot.label, 12) for spot in plan.spots if spot.label}
    streets = [(min(s.x1, s.x2) - STREET, min(s.y1, s.y2) - STREET, max(s.x1, s.x2) + STREET, max(s.y1, s.y2) + STREET)
               for s in plan.streets]
    dots = [(spot.x - 6, spot.y - 6, spot.x + 6, spot.y + 6) for spot in plan.spots]
    return names, streets, dots


@pytest.mark.parametrize("scenario_id", TOWNS)
def test_every_towns_map_prints_its_names_clear_of_each_other_the_streets_and_the_places(scenario_id):
    """The sheet's map (docs/wallman-town.md, "Places"): every place named, no name on another, on a street or on a
    place's dot."""
    names, streets, dots = boxes(scenario_id)
    assert set(names) == set(load(scenario_id).board.nodes)
    crossed = [(a, b) for a in names for b in names if a < b and _meets(names[a], names[b])]
    crossed += [(a, "a street") for a, box in names.items() for street in streets if _meets(box, street)]
    crossed += [(a, "a place") for a, box in names.items() for dot in dots if _meets(box, dot)]
    assert crossed == []


def test_the_map_check_bites():
    """A name that ran onto its neighbour's, or a street drawn across a name, is found."""
    names, streets, _ = boxes("wallman/two-bridges")
    west, market = names["West Quay"], names["Old Market"]
    assert not _meets(west, market)
    assert _meets((west[0], west[1], west[2] + (market[0] - west[2]) + LABEL_EM, west[3]), market)
    assert any(_meets((west[0], west[1] + 20, west[2], west[3] + 20), street) for street in streets)
