"""What each officer knows in the Town Centre Riot ("The Player Role"): his own eyes, his command, his reports.

Random sessions are checked against a plain reckoning of what each officer's figure could have seen;
the looters, the objectives and negotiators' quality never reach a player in any form, and a crowd's RL
only as option mood_shown allows (a marker of an RL the officer saw under `number`, never under `words`,
and not even the level's words under `behaviour`).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.briefing.render import render
from referee.core.events import Event
from referee.errors import RefereeError
from referee.knowledge import moods
from referee.knowledge.export import view_json
from referee.rules.mood_chart import Look
from referee.rules.moods import chart, level
from referee.rulesets.wallman import knowledge
from referee.rulesets.wallman.knowledge import WallmanRecord, eyes
from tests.sheet_text import view_page
from tests.test_knowledge_leaks import finer, readings
from tests.wallman_game import TOWNS, do, new_game, put

HIDDEN_KEYS = ("rl", "looters", "objective", "negotiator", "history", "carrying")
CROWD_COMMANDS = ("drift", "rl", "damage", "loot")


def record_of(game, events) -> WallmanRecord:
    knowledge_ = WallmanRecord(game.ctx, game.rules, "ab" * 32)
    for event in events:
        knowledge_.feed(event)
    return knowledge_


def outputs(game, record: WallmanRecord, player: str) -> list[str]:
    """Everything a player may be handed: the view as JSON and text, and the sheet as HTML and Markdown, en and es."""
    view = record.view(player)
    board = game.ctx.scenario.board
    return [json.dumps(view_json(view)), view_page(view)] + [
        render(view, board, fmt, lang) for fmt in ("html", "md") for lang in ("en", "es")]


def leaks(game, record: WallmanRecord, player: str, sight: Sight) -> list[str]:
    """Hidden facts in a player's outputs: hidden keys, RLs finer than mood_shown or never seen, looters, and
    crowds never in sight."""
    found, seen, rl_chart = [], sight.seen[player], chart(game.ctx.scenario)
    shown = game.ctx.options["mood_shown"]
    told, seen_rls = readings(rl_chart, shown), {rl for _, rl in sight.moods[player]}
    data = view_json(record.view(player))
    for unit in data["units"]:
        found += [f"{unit['id']}: key {key}" for key in HIDDEN_KEYS if key in unit]
        rls = told.get(unit.get("mood"), set()) & told.get(unit.get("mood_words"), set())
        if "mood" in unit and not {(unit["id"], rl) for rl in rls} & sight.moods[player]:
            found.append(f"{unit['id']}: a mood never seen: {unit['mood']}: {unit['mood_words']}")
    texts = outputs(game, record, player)
    too_fine = {Strings(lang, "wallman").data(text) for text in finer(rl_chart, shown) for lang in ("en", "es")}
    for text in texts:
        found += [f"RL number: {m}" for m in re.findall(r"\b(?:RL|NR) ?(\d)", text)
                  if shown != "number" or int(m) not in seen_rls]
        found += [f"finer than {shown}: {m}" for m in too_fine if re.search(rf"(?<!\w){re.escape(m)}(?!\w)", text)]
        found += [f"looters: {m}" for m in re.findall(r"\blooters?\b", text, re.I)]
        found += ["a negotiator's quality" for word in ("ordinary", "poor") if re.search(rf"\b{word}\b", text)]
    for uid, unit in game.state.units.items():
        if unit.side == "crowd" and uid not in seen and any(uid in text for text in texts):
            found.append(f"{uid} was never in sight")
    return found


class Sight:
    """A plain reckoning of which crowds each officer's figure has had in sight after any event, and at what RLs."""

    def __init__(self, game):
        self.ctx, self.rules = game.ctx, game.rules
        self.state = game.rules.initial(game.ctx).thawed()
        self.seen = {p.id: set() for p in game.ctx.scenario.players}
        self.moods = {p.id: set() for p in game.ctx.scenario.players}
        self.look()

    def feed(self, event: Event) -> None:
        self.rules.evolve(self.ctx, self.state, event)
        self.look()

    def look(self) -> None:
        for player in self.ctx.scenario.players:
            places = eyes(self.ctx, self.state, player)
            self.seen[player.id] |= {u.id for u in self.state.units.values() if u.node in places}
            self.moods[player.id] |= {(u.id, u.attrs["rl"]) for u in self.state.units.values()
                                      if u.node in places and "rl" in u.attrs}


def random_command(game, rng: random.Random) -> dict:
    state, board = game.state, game.ctx.scenario.board
    active = [u for u in state.units.values() if u.status == "active" and u.node]
    crowds = [u for u in active if u.side == "crowd"]
    security = [u for u in active if u.side == "security"]
    kind = rng.choice(("end-phase", "move", "crowd-move", "fight", "fire", "report", "negotiate") + CROWD_COMMANDS)
    crowd, unit = rng.choice(crowds), rng.choice(security)
    here = [b for b in board.buildings.values() if b.node == crowd.node]
    if kind == "move":
        return {"do": "move", "unit": unit.id, "to": rng.choice(board.adjacency[unit.node])}
    if kind == "crowd-move":
        return {"do": "crowd-move", "crowd": crowd.id, "to": rng.choice(board.adjacency[crowd.node])}
    if kind == "fight":
        return {"do": "fight", "unit": unit.id, "crowd": crowd.id, "intent": rng.choice(("beat", "arrest"))}
    if kind == "fire":
        return {"do": "fire", "building": rng.choice(list(board.buildings))}
    if kind == "report":
        return {"do": "report", "player": rng.choice(game.ctx.scenario.players).id, "text": "Control: all units.",
                "delay": 0, "reliability": "probable"}
    if kind == "negotiate":
        return {"do": "negotiate", "officer": unit.id, "crowd": crowd.id, "megaphone": True}
    if kind in ("damage", "loot"):
        building = rng.choice(here) if here else rng.choice(list(board.buildings.values()))
        return {"do": kind, "crowd": crowd.id, "building": building.id}
    if kind in ("drift", "rl"):
        return {"do": kind, "crowd": crowd.id}
    return {"do": "end-phase"}


def play(seed: int, commands: int, scenario: str = TOWNS[0], **options):
    game, rng, events = new_game(seed, scenario, **options), random.Random(seed), []
    while len(events) < commands and not game.state.over:
        try:
            events += game.apply(random_command(game, rng))
        except RefereeError:
            continue
    return game, events


@pytest.mark.parametrize("town", TOWNS)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["separate", "in-crowds"]), st.sampled_from(["dry", "soaked"]),
       st.sampled_from(["words", "number", "behaviour"]))
def test_no_officer_learns_what_he_could_not_see(town, seed, looters, weather, shown):
    """The Player Role, in every town of the package: each officer's outputs hold only what his figure saw."""
    game, events = play(seed, 120, town, looters=looters, weather=weather, mood_shown=shown)
    sight = sight_of(game, events)
    record = record_of(game, events)
    for player in game.ctx.scenario.players:
        assert leaks(game, record, player.id, sight) == [], player.id


def sight_of(game, events) -> Sight:
    sight = Sight(game)
    for event in events:
        sight.feed(event)
    return sight


def all_leaks(game, events) -> list[str]:
    record, sight = record_of(game, events), sight_of(game, events)
    return [leak for p in game.ctx.scenario.players for leak in leaks(game, record, p.id, sight)]


@pytest.mark.parametrize("town", TOWNS)
def test_the_leak_check_bites(monkeypatch, town):
    """Deliberate leaks are caught in every town: an RL shown in the crowd's description, crowds seen through walls,
    a mood told finer than mood_shown allows, and a marker under `number` that does not match."""
    game, events = play(3, 120, town)
    real = knowledge.crowd_looks
    monkeypatch.setattr(knowledge, "crowd_looks", lambda ctx, crowd: real(ctx, crowd) + (f"RL {crowd.attrs['rl']}",))
    assert any("RL number" in leak for leak in all_leaks(game, events))
    monkeypatch.setattr(knowledge, "crowd_looks", real)
    monkeypatch.setattr(knowledge, "eyes", lambda ctx, state, player: set(ctx.scenario.board.nodes))
    assert any("never in sight" in leak for leak in all_leaks(game, events))
    monkeypatch.undo()
    game, events = play(3, 120, town, mood_shown="behaviour")
    assert all_leaks(game, events) == []
    monkeypatch.setattr(moods, "looks", lambda rl_chart, rl: Look(name=level(rl_chart, rl).name, text=level(rl_chart, rl).words))
    assert any("finer than behaviour" in leak for leak in all_leaks(game, events))
    monkeypatch.undo()
    game, events = play(3, 120, town, mood_shown="number")
    assert all_leaks(game, events) == []
    monkeypatch.setattr(moods, "level", lambda rl_chart, rl: level(rl_chart, rl % 8 + 1))
    assert any("a mood never seen" in leak for leak in all_leaks(game, events))


def test_an_officer_sees_his_place_and_the_next_ones():
    """The Player Role: 'what they can see or be aware of is crucial'. Brennan at Market Cross sees Market
    Square's crowd (next door) but not the Precinct's."""
    game = new_game()
    view = record_of(game, []).view("brennan")
    seen = {u.id: u for s in view.sightings for u in s.units}
    assert "Town Hall protest" in seen and "Precinct crowd" not in seen
    assert seen["Town Hall protest"].mood.name == "Agitated"
    assert "about 125 people" in seen["Town Hall protest"].notes


def test_a_sighting_goes_stale_when_the_officer_moves_on():
    game = new_game()
    events = do(game, "move", unit="Sgt. Brennan", to="High Street West")
    view = record_of(game, events).view("brennan")
    (square,) = [s for s in view.sightings if s.node == "Market Square"]
    assert not square.current and square.seen_turn == 1


def test_the_mood_reaches_players_only_in_words():
    """RL State Chart note: players are told the mood; the tool gives only words, never the number."""
    game = new_game()
    events = do(game, "rl", 3, crowd="Town Hall protest", modifiers={"riot_withdrawing": 1})  # 3 + 2 + 1 (Bridge Street)
    assert game.state.units["Town Hall protest"].attrs["rl"] == 5
    view = view_json(record_of(game, events).view("brennan"))
    (crowd,) = [u for u in view["units"] if u["id"] == "Town Hall protest"]
    assert crowd["mood"] == "Angry" and crowd["notes"] == ["about 125 people"] and "rl" not in crowd


def test_looters_escaping_laden_look_like_people_with_stereos():
    """Looting: 'they will be told that it's a crowd of people carrying stereos and TVs'."""
    game = put(new_game(), {"Bridge Street crowd": "High Street West", "Sgt. Brennan": "Market Cross"},
               rl={"Bridge Street crowd": 7})
    events = do(game, "loot", 1, crowd="Bridge Street crowd", building="Bakery")
    game.state.local["buildings"]["Bakery"] = {**game.state.local["buildings"]["Bakery"], "loot": 30}
    game.state.local["acted"] = []
    events += do(game, "loot", crowd="Bridge Street crowd", building="Bakery")
    game.state.units["Bridge Street crowd"] = game.state.units["Bridge Street crowd"].with_attrs(carrying=19)
    game.state.local["acted"] = []
    events += do(game, "loot", crowd="Bridge Street crowd", building="Bakery")
    assert game.state.units["Bridge Street crowd"].attrs["burdened"]
    record = WallmanRecord(game.ctx, game.rules, "ab" * 32)
    record.state = game.state.thawed()
    record.eyes["brennan"].look(game.ctx, record.state)
    seen = {u.id: u for s in record.view("brennan").sightings for u in s.units}
    assert "people carrying stereos and TVs" in seen["Bridge Street crowd"].notes


def test_sniper_fire_is_told_to_the_target_and_no_one_else():
    """Terrorists and Snipers: 'The target unit is always informed that it is under fire.'"""
    game = new_game()
    events = do(game, "snipe", 6, 6, **{"from": "Ring Road", "target": "Engine 1"})
    record = record_of(game, events)
    assert [r.text for r in record.view("price").reports] == ["Engine 1 is under sniper fire"]
    assert record.view("hale").reports == ()


@pytest.mark.parametrize("player", ["hale", "okafor", "brennan", "price", "shah"])
def test_a_player_knows_his_own_command_and_only_that(player):
    game = new_game()
    view = record_of(game, []).view(player)
    commanded = set(game.ctx.scenario.player(player).units)
    assert {u.id for u in view.own} == commanded


def test_the_sheets_give_each_unit_the_places_the_engine_lets_it_move():
    """Movement: 'penalties for starting up from stationary': a vehicle's sheet says 2 places, as the engine
    allows from a standstill, and that it goes any distance once under way."""
    from referee.errors import Refusal
    from referee.rulesets.wallman.rules.moves import reach

    game = new_game()
    record = record_of(game, [])
    for player in game.ctx.scenario.players:
        for own in record.view(player.id).own:
            if own.node is None:
                continue
            dist = reach(game.ctx, game.state, own.node)
            farther = [node for node, links in dist.items() if links == own.movement + 1]
            if farther:
                with pytest.raises(Refusal, match="covers"):
                    new_game().apply({"do": "move", "unit": own.id, "to": farther[0]})
            within = [node for node, links in dist.items() if links == own.movement]
            new_game().apply({"do": "move", "unit": own.id, "to": within[0]})
            vehicle = game.state.units[own.id].attrs.get("vehicle", False)
            assert ("any distance once under way" in own.notes) == vehicle
