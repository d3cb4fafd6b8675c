"""Wallman's order forms (referee/rulesets/wallman/orders.py): each officer's forms for his figure and his command in
the Town Centre Riot, the orders they make taken by a session as the umpire would apply them, and no form offering
a crowd, an officer, a casualty or a target place its player does not see now, under every option that hides a
crowd's facts (mood_shown, looters)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record, player_view
from referee.knowledge.view import PlayerView
from referee.orders import OrderForm, checked
from referee.rulesets import get
from referee.rulesets.wallman import orders
from referee.rulesets.wallman.knowledge import eyes
from referee.rulesets.wallman.rules.looks import FROM, UNDER_FIRE, UNDER_WAY
from referee.rulesets.wallman.rules.phases import PHASES
from referee.session import Session
from tests.test_wallman_knowledge import random_command
from tests.wallman_game import SCENARIO, do, new_game

PLUGIN = get("wallman")
EN, ES = Strings("en", "wallman"), Strings("es", "wallman")
PLAYERS = ("hale", "okafor", "brennan", "price", "shah")
ACTORS = ("unit", "officer", "crowd", "engine", "medic", "ambulance")  # keys naming a unit; `to` too in an order
END = {"do": "end-phase"}


def view_of(game: Game, player: str) -> PlayerView:
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    return record.view(player)


def forms_of(game: Game, player: str, words: Strings = EN) -> dict[str, OrderForm]:
    return {form.do: form for form in PLUGIN.order_forms(view_of(game, player), game.ctx.scenario.board, words)}


def offered(form: OrderForm, key: str) -> list[str]:
    return [choice.value for choice in next(field for field in form.fields if field.key == key).choices]


def keys(form: OrderForm) -> list[str]:
    return [field.key for field in form.fields]


def test_sequence_of_action_the_forms_do_not_change_with_the_phase():
    """Sequence of Action: 'a guide', and docs/cli.md: the commands are not tied to phases; the forms of the
    opening position are the same in every phase of the turn. Brennan sees the Town Hall protest next door."""
    game, seen = new_game(), []
    for _ in PHASES:
        seen.append({player: set(forms_of(game, player)) for player in PLAYERS})
        do(game, "end-phase")
    assert all(phase == seen[0] for phase in seen)
    assert seen[0] == {"hale": {"move", "order"}, "okafor": {"move", "order"},
                       "brennan": {"move", "negotiate", "shoot"}, "price": {"move", "order"}, "shah": {"move", "order"}}


def test_sequence_of_action_nothing_once_the_game_is_over():
    """Sequence of Action: no order is given once the last turn is assessed and the game is over."""
    game = new_game()
    while not game.state.over:
        do(game, "end-phase")
    assert not any(forms_of(game, player) for player in PLAYERS)


def test_movement_his_units_on_the_table_once_a_turn_and_his_figure_runs_while_his_action_is_free():
    """Movement: a unit moves once a turn, a vehicle any distance once under way, an officer a place on foot;
    Player Actions: running, twice as far, is the officer's action, so the `run` flag goes once his feed shows
    his action taken (a negotiation)."""
    game = new_game()
    form = forms_of(game, "hale")["move"]
    assert offered(form, "unit") == ["Supt. Hale", "Panda 1", "Panda 2", "Foot Patrol"]
    assert set(offered(form, "to")) == set(game.ctx.scenario.board.nodes) and "run" in keys(form)
    run = next(field for field in form.fields if field.key == "run")
    assert run.label == "Run: Supt. Hale only, as his action this turn"  # not his vans: only a personal figure runs
    do(game, "move", unit="Panda 1", to="Market Cross")
    assert "Panda 1" not in offered(forms_of(game, "hale")["move"], "unit")
    far = game.ctx.scenario.board.distances(["Market Cross"])
    assert set(offered(forms_of(game, "brennan")["move"], "to")) == {node for node, d in far.items() if 0 < d <= 2}
    do(game, "negotiate", 6, officer="Sgt. Brennan", crowd="Town Hall protest", megaphone=True)
    walk = forms_of(game, "brennan")["move"]
    assert "run" not in keys(walk) and set(offered(walk, "to")) == set(game.ctx.scenario.board.adjacency["Market Cross"])
    assert not {"negotiate", "shoot"} & set(forms_of(game, "brennan")), "his one action is taken"
    assert "Mounted Section" not in offered(forms_of(game, "brennan")["move"], "unit"), "still on its way (22:06)"


def test_movement_the_places_offered_go_with_the_unit_chosen_and_one_beyond_its_pace_is_refused():
    """Movement: each unit within its own pace (its figure twice that, running: Player Actions), so the form's
    places are narrowed by the unit chosen, and an order to a place beyond that unit's reach is refused by the
    form, in one line."""
    game = new_game()
    form = forms_of(game, "hale")["move"]
    to = next(field for field in form.fields if field.key == "to")
    assert to.by == "unit"
    board = game.ctx.scenario.board
    mine = {unit.id: unit for unit in view_of(game, "hale").own}
    assert set(offered(form, "unit")) <= set(mine)
    for name in offered(form, "unit"):
        unit = mine[name]
        limit = 99 if UNDER_WAY in unit.notes else unit.movement * (2 if name == "Supt. Hale" else 1)
        far = board.distances([unit.node])
        fits = {choice.value for choice in to.choices if name in choice.fits}
        assert fits == {node for node, d in far.items() if 0 < d <= limit}, name
    foot = mine["Foot Patrol"]
    beyond = next(node for node, d in board.distances([foot.node]).items() if d > foot.movement)
    assert beyond in offered(form, "to"), "another of his units reaches it"
    with pytest.raises(RefereeError, match=f'Move: To "{beyond}" is not offered with the Unit chosen'):
        checked({"do": "move", "unit": "Foot Patrol", "to": beyond}, (form,))
    near = next(choice.value for choice in to.choices if "Foot Patrol" in choice.fits)
    assert checked({"do": "move", "unit": "Foot Patrol", "to": near}, (form,))["to"] == near


def test_player_actions_an_order_to_his_units_within_earshot_or_an_officer_he_sees():
    """Player Actions: 'Shout orders to a unit within earshot' (his place, the next with a megaphone), or talk
    with someone next to him: Hale at the Police Station reaches none of his units elsewhere, but sees Okafor
    beside him and Price next door; Brennan, his horses not yet come, sees no officer. Hale a place on, his
    units and Brennan are within earshot."""
    game = new_game()
    assert offered(forms_of(game, "hale")["order"], "to") == ["Insp. Okafor", "Stn Off. Price"]
    assert offered(forms_of(game, "okafor")["order"], "to") == ["Riot Van 1", "Riot Van 2", "Supt. Hale", "Stn Off. Price"]
    assert "order" not in forms_of(game, "brennan"), "no unit of his on the table, no officer in sight"
    do(game, "move", unit="Supt. Hale", to="High Street East")
    do(game, "move", unit="Panda 1", to="Market Cross")
    assert offered(forms_of(game, "hale")["order"], "to") == ["Panda 1", "Panda 2", "Foot Patrol", "Sgt. Brennan",
                                                             "Insp. Okafor"]


def test_negotiation_and_fighting_crowds_he_sees_now_and_his_units_with_them():
    """Negotiation: only player characters, with a crowd in earshot; Fighting: figures in contact, to beat or to
    arrest, mounted police at the charge. Crowds he saw once and no longer sees are not offered."""
    game = new_game()
    assert offered(forms_of(game, "brennan")["negotiate"], "crowd") == ["Town Hall protest"]
    assert "fight" not in forms_of(game, "brennan"), "the crowd is a place away"
    do(game, "move", unit="Sgt. Brennan", to="Ring Road")
    assert not {"negotiate", "fight"} & set(forms_of(game, "brennan")), "the crowd is seen no longer"
    do(game, "crowd-move", crowd="Town Hall protest", to="Market Cross")
    assert offered(forms_of(game, "brennan")["negotiate"], "crowd") == ["Town Hall protest"]
    assert "fight" not in forms_of(game, "brennan"), "the crowd is a place away"
    while game.state.turn < 4:
        do(game, "end-phase")
    assert "Mounted Section" in offered(forms_of(game, "brennan")["move"], "unit")
    do(game, "move", unit="Mounted Section", to="Market Cross")
    do(game, "move", unit="Sgt. Brennan", to="Market Cross")
    fight = forms_of(game, "brennan")["fight"]
    assert offered(fight, "unit") == ["Sgt. Brennan", "Mounted Section"] and offered(fight, "crowd") == ["Town Hall protest"]
    assert offered(fight, "intent") == ["beat", "arrest"] and "charging" in keys(fight)


def test_firearms_and_gas_armed_and_riot_equipped_units_near_a_crowd_he_sees():
    """Firearms: into a crowd in sight, in the unit's place or the next, up to the unit's strength; Types of
    Unit: riot gear (tear gas); fire crews and paramedics carry neither."""
    game = new_game()
    assert "gas" not in forms_of(game, "okafor") and "shoot" not in forms_of(game, "okafor")
    do(game, "crowd-move", crowd="Town Hall protest", to="Corn Exchange")
    assert offered(forms_of(game, "price")["shoot"], "unit") == ["Stn Off. Price"], "his engine carries no guns"
    assert "gas" not in forms_of(game, "price")
    do(game, "move", unit="Insp. Okafor", to="High Street East")
    do(game, "move", unit="Riot Van 1", to="High Street East")
    do(game, "crowd-move", crowd="Town Hall protest", to="Market Square")
    do(game, "crowd-move", crowd="Town Hall protest", to="Market Cross")
    mine = forms_of(game, "okafor")
    assert offered(mine["gas"], "unit") == ["Riot Van 1", "Riot Van 2"] and offered(mine["gas"], "at") == ["Market Cross"]
    assert offered(mine["gas"], "kind") == ["tear_gas", "cs_gas"]
    assert offered(mine["shoot"], "unit") == ["Insp. Okafor", "Riot Van 1"]
    firers = next(field for field in mine["shoot"].fields if field.key == "firers")
    assert (firers.least, firers.most) == (1, game.state.units["Riot Van 1"].factors["strength"])


def test_terrorists_and_snipers_return_fire_once_told_and_at_the_place_spotted():
    """Terrorists and Snipers: 'The target unit is always informed that it is under fire'; the first shot from a
    place is unobserved, a later one may spot it. Told, he returns fire at a place in the unit's sight where he
    has units or sees a crowd; once spotted, at the sniper's place too."""
    game = new_game()
    do(game, "move", unit="Riot Van 1", to="Market Cross")
    assert "return-fire" not in forms_of(game, "okafor")
    do(game, "snipe", 1, **{"from": "Ring Road", "target": "Riot Van 1"})
    form = forms_of(game, "okafor")["return-fire"]
    assert offered(form, "at") == ["Market Cross", "Police Station"] and "Riot Van 1" in offered(form, "unit")
    for _ in PHASES:
        do(game, "end-phase")
    do(game, "snipe", 1, 6, **{"from": "Ring Road", "target": "Riot Van 1"})
    assert offered(forms_of(game, "okafor")["return-fire"], "at") == ["Ring Road", "Market Cross", "Police Station"]
    for _ in PHASES:
        do(game, "end-phase")
    assert "return-fire" not in forms_of(game, "okafor"), "a report of an earlier turn"


def test_fires_and_firefighting_an_engine_at_a_fire_he_sees_and_at_a_hydrant():
    """Fires and Firefighting: an engine plays its hose on a building on fire where it stands; it connects to a
    hydrant (a turn) where there is one, once."""
    game = new_game()
    assert not {"firefight", "hydrant"} & set(forms_of(game, "price")), "no hydrant at the Fire Station"
    do(game, "move", unit="Engine 1", to="Corn Exchange")
    assert "firefight" not in forms_of(game, "price") and offered(forms_of(game, "price")["hydrant"], "engine") == ["Engine 1"]
    do(game, "fire", building="Corn Exchange")
    form = forms_of(game, "price")["firefight"]
    assert offered(form, "engine") == ["Engine 1"] and offered(form, "building") == ["Corn Exchange"]
    do(game, "hydrant", engine="Engine 1")
    for _ in PHASES:
        do(game, "end-phase")
    assert "hydrant" not in forms_of(game, "price"), "on a hydrant"


def test_medical_services_casualties_he_sees_where_his_crews_stand():
    """Medical Services: a paramedic crew assesses a casualty lying where it stands; an ambulance takes assessed
    casualties to hospital, a scratch stays."""
    game = new_game()
    do(game, "move", unit="Para. Shah", to="Riverside")
    do(game, "move", unit="Ambulance 1", to="Bridge Street")
    do(game, "move", unit="Sgt. Brennan", to="Market Square")
    do(game, "shoot", 6, 2, unit="Sgt. Brennan", crowd="Bridge Street crowd", firers=1)
    form = forms_of(game, "shah")["triage"]
    assert offered(form, "medic") == ["Ambulance 1"] and offered(form, "casualty") == ["C1"]
    assert "evacuate" not in forms_of(game, "shah")
    do(game, "triage", 2, medic="Ambulance 1", casualty="C1")
    mine = forms_of(game, "shah")
    assert "triage" not in mine and offered(mine["evacuate"], "casualties") == ["C1"]
    for _ in PHASES:
        do(game, "end-phase")
    do(game, "move", unit="Para. Shah", to="Hospital Road")
    assert "evacuate" not in forms_of(game, "shah"), "the casualty is out of his sight"


def test_labels_are_in_his_language():
    """The forms speak his sheet's language: Spanish labels, places and units named as his sheet names them."""
    game = new_game()
    spanish = forms_of(game, "brennan", ES)
    assert spanish["negotiate"].label == ES("order.wallman.negotiate") != EN("order.wallman.negotiate")
    crowd = next(field for field in spanish["negotiate"].fields if field.key == "crowd")
    assert crowd.label == ES("order.wallman.crowd") != EN("order.wallman.crowd")
    assert crowd.choices[0].label == ES("order.wallman.unit_at", unit="Town Hall protest", place=ES.place("Market Square"))


def test_orders_made_from_the_forms_are_commands_the_session_takes(tmp_path):
    """Each form filled with what it offers, checked against the player's forms, then applied as the umpire would,
    with the dice rolled at the table: a negotiation, an order, a run, gas, a fight, a shot, triage and the
    ambulance run (Medical Services), a hydrant and a hose (Fires and Firefighting), fire returned at a sniper."""
    path = tmp_path / "riot.db"
    session = Session.create(path, SCENARIO, {}, 3)

    def send(player: str, verb: str, dice: list[int] | None = None, **values: object) -> None:
        mine = PLUGIN.order_forms(player_view(path, player), session.game.ctx.scenario.board, EN)
        session.apply(checked({"do": verb, **values}, mine) | ({"dice": dice} if dice else {}))

    def next_turn() -> None:
        turn = session.game.state.turn
        while session.game.state.turn == turn:
            session.apply(END)

    try:
        send("brennan", "negotiate", [3], officer="Sgt. Brennan", crowd="Town Hall protest", megaphone=True)
        send("hale", "order", officer="Supt. Hale", to="Insp. Okafor", text="Clear the square")
        send("okafor", "move", unit="Insp. Okafor", to="Market Cross", run=True)
        send("okafor", "move", unit="Riot Van 1", to="Market Cross")
        session.apply({"do": "crowd-move", "crowd": "Town Hall protest", "to": "Market Cross"})
        send("okafor", "fight", [8, 2], unit="Riot Van 1", crowd="Town Hall protest", intent="arrest")
        send("okafor", "gas", unit="Riot Van 1", at="Market Cross", kind="tear_gas")
        send("price", "move", unit="Engine 1", to="Corn Exchange")
        send("price", "hydrant", engine="Engine 1")
        session.apply({"do": "fire", "building": "Corn Exchange"})
        send("shah", "move", unit="Para. Shah", to="Riverside")
        send("shah", "move", unit="Ambulance 1", to="Bridge Street")
        send("brennan", "move", unit="Sgt. Brennan", to="Market Square")
        session.apply({"do": "snipe", "from": "Ring Road", "target": "Riot Van 1", "dice": [1]})
        send("okafor", "return-fire", unit="Riot Van 1", at="Market Cross")
        next_turn()
        send("brennan", "shoot", [6, 2], unit="Sgt. Brennan", crowd="Bridge Street crowd", firers=1)
        send("shah", "triage", [2], medic="Ambulance 1", casualty="C1")
        send("price", "firefight", [1], engine="Engine 1", building="Corn Exchange")
        next_turn()
        send("shah", "evacuate", ambulance="Ambulance 1", casualties=["C1"])
        kinds = [event.kind for event in session.game.events]
        for kind in ("negotiated", "ordered", "fought", "gassed", "hydrant", "returned-fire", "shot", "triaged",
                     "fire-fought", "evacuated"):
            assert kind in kinds, kind
    finally:
        session.close()


def test_checked_refuses_what_the_forms_do_not_offer():
    """An order checked against his forms alone: a unit not his, a crowd he does not see, a missing key, an unknown
    key, a wrong type, a verb he has no form for are each refused in one line."""
    game = new_game()
    mine = tuple(PLUGIN.order_forms(view_of(game, "brennan"), game.ctx.scenario.board, EN))
    for wrong in ({"do": "move", "unit": "Panda 1", "to": "Ring Road"},
                  {"do": "negotiate", "officer": "Sgt. Brennan", "crowd": "Precinct crowd"},
                  {"do": "negotiate", "officer": "Sgt. Brennan"},
                  {"do": "negotiate", "officer": "Sgt. Brennan", "crowd": "Town Hall protest", "discretion": 1},
                  {"do": "shoot", "unit": "Sgt. Brennan", "crowd": "Town Hall protest", "firers": "1"},
                  {"do": "shoot", "unit": "Sgt. Brennan", "crowd": "Town Hall protest", "firers": 2},
                  {"do": "gas", "unit": "Sgt. Brennan", "at": "Market Square"}):
        with pytest.raises(RefereeError) as refused:
            checked(wrong, mine)
        assert "\n" not in str(refused.value)


# the leak test: over random games, every unit and target a form offers is his own or one he sees now

EVERY = 5  # commands between two looks


def leaks(game: Game, view: PlayerView, forms: tuple[OrderForm, ...]) -> list[str]:
    """What a player's forms offer beyond his knowledge: a unit neither his nor identified in a current sighting
    (nor truly in his figure's sight), a target place where he has no unit and sees nothing now (nor was told a
    sniper fires from this turn), a casualty or a burning building he does not see, anything once the game is
    over."""
    own = {unit.id for unit in view.own}
    current = [s for s in view.sightings if s.current]
    seen = {unit.id for s in current for unit in s.units}
    sight = eyes(game.ctx, game.state, game.ctx.scenario.player(view.player))
    truly = {unit.id for node in sight for unit in game.state.at(node)}
    places = {unit.node for unit in view.own if unit.node} | {s.node for s in current} | {
        node for r in view.reports if r.turn == view.turn and UNDER_FIRE in r.text
        for node in game.ctx.scenario.board.nodes if r.text.endswith(FROM + node)}
    lying = {note.subject for note in view.scene if note.current}
    found = [f"{view.player}: a form once the game is over" for _ in forms if game.state.over]
    for form in forms:
        for field in form.fields:
            values = {choice.value for choice in field.choices}
            if field.key in ACTORS or form.do == "order" and field.key == "to":
                found += [f"{view.player} {form.do}.{field.key}: {v}" for v in values - own - (seen & truly)]
            if field.key == "at":
                found += [f"{view.player} {form.do}.at: {v}" for v in values - places]
            if field.key in ("casualty", "casualties"):
                found += [f"{view.player} {form.do}: casualty {v}" for v in values - lying]
    return found


def random_order(game: Game, rng: random.Random, record) -> dict | None:
    """An order some officer's forms offer, filled at random."""
    player = rng.choice(PLAYERS)
    mine = PLUGIN.order_forms(record.view(player), game.ctx.scenario.board, EN)
    if not mine:
        return None
    form = rng.choice(mine)
    order: dict = {"do": form.do}
    for field in form.fields:
        if field.kind == "one":  # a place that goes with the unit chosen, where the unit narrows it
            order[field.key] = rng.choice([choice for choice in field.choices
                                           if not field.by or order[field.by] in choice.fits]).value
        elif field.kind == "many":
            order[field.key] = [rng.choice(field.choices).value]
        elif field.kind == "flag":
            order[field.key] = rng.random() < 0.5
        elif field.kind == "count":
            order[field.key] = rng.randint(field.least, field.most)
        else:
            order[field.key] = "Hold the line"
    return checked(order, mine)


def look_all(game: Game, seed: int, commands: int, **options: str) -> list[str]:
    """Play a random game of umpire's commands (a sniper's shot among them) and officers' orders; look at every
    officer's forms every few."""
    game, rng, found = new_game(seed, **options), random.Random(seed), []
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    for step in range(commands):
        if game.state.over:
            break
        command = random_order(game, rng, record) if rng.random() < 0.5 else random_command(game, rng)
        if rng.random() < 0.05:  # a sniper, so that fire may be returned
            command = {"do": "snipe", "from": rng.choice(list(game.ctx.scenario.board.nodes)),
                       "target": rng.choice([u.id for u in game.state.units.values() if u.side == "security"])}
        try:
            for event in game.apply(command or END):
                record.feed(event)
        except RefereeError:
            continue
        if step % EVERY == 0:
            for player in PLAYERS:
                view = record.view(player)
                found += leaks(game, view, PLUGIN.order_forms(view, game.ctx.scenario.board, EN))
    return found


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), shown=st.sampled_from(["words", "number", "behaviour"]),
       looters=st.sampled_from(["separate", "in-crowds"]))
def test_no_form_offers_what_its_officer_does_not_see_now(seed, shown, looters):
    """The Player Role: 'what they can see or be aware of is crucial'. Whatever the options hide of the crowds."""
    assert look_all(new_game(), seed, 150, mood_shown=shown, looters=looters) == []


def test_the_leak_check_bites(monkeypatch):
    """Deliberately leaky forms are caught: crowds from stale sightings, and gas offered into any place."""
    game = new_game()
    do(game, "move", unit="Sgt. Brennan", to="High Street West")
    do(game, "move", unit="Insp. Okafor", to="High Street East")
    do(game, "move", unit="Riot Van 1", to="High Street East")

    def found() -> list[str]:
        return [leak for player in PLAYERS for leak in leaks(game, view_of(game, player), PLUGIN.order_forms(
            view_of(game, player), game.ctx.scenario.board, EN))]

    assert found() == []
    monkeypatch.setattr(orders, "_seen", lambda view, side: [(unit, s.node) for s in view.sightings if s.side == side
                                                              for unit in s.units])
    assert any("Town Hall protest" in leak for leak in found())
    monkeypatch.undo()
    every = orders._places
    monkeypatch.setattr(orders, "_places", lambda board, words, nodes: every(board, words, board.nodes))
    assert any("gas.at" in leak for leak in found())
