"""N30's order forms (referee/rulesets/n30/orders.py): each side's forms in each phase of a turn, the units and
places they offer, the orders they make taken by a session as the umpire would apply them, and no form offering a
unit or a target its player does not know now, in games of the computer players under every hidden-movement
option (6.2) and crowd mood."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.core.events import Event
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record, player_view
from referee.knowledge.view import OwnUnit, PlayerView
from referee.orders import OrderForm, checked
from referee.rulesets import get
from referee.rulesets.n30 import orders
from referee.rulesets.n30.rules.confrontation import ATTACKING_TYPES
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, PHASES, POLICE, PROTESTERS
from referee.session import Session
from referee.simulate import play
from tests.n30_support import new_game

PLUGIN = get("n30")
EN, ES = Strings("en", "n30"), Strings("es", "n30")
SCENARIO = "n30/close-the-ring"
MOVING = {"move", "barricade", "flo"}
END = {"do": "end-phase"}


def view_of(game: Game, player: str) -> PlayerView:
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    return record.view(player)


def forms_of(game: Game, player: str, words: Strings = EN) -> dict[str, OrderForm]:
    return {form.do: form for form in PLUGIN.order_forms(view_of(game, player), game.ctx.scenario.board, words)}


def field(form: OrderForm, key: str):
    return next(field for field in form.fields if field.key == key)


def offered(form: OrderForm, key: str) -> list[str]:
    return [choice.value for choice in field(form, key).choices]


def do(game: Game, verb: str, *dice: int, **keys: object) -> None:
    game.apply({"do": verb, **keys, **({"dice": list(dice)} if dice else {})})


def on_map(game: Game, side: str) -> set[str]:
    return {unit.id for unit in game.state.units.values() if unit.side == side and unit.status == "active"}


def test_2_3_each_side_moves_in_its_own_movement_phase_and_the_police_attack_in_the_confrontation():
    """2, 3, 4, 6.2: the protesters' forms to move, build and drop Flo in the protester movement phase only, the
    police's to move in theirs, the attack in the confrontation phase (the opening finds WSP-2 with a lockdown at
    6th & Seneca); a unit goes on top of its stack in any phase."""
    game, seen = new_game(SCENARIO), {}
    for phase in PHASES:
        assert game.state.phase == phase
        seen[phase] = {side: set(forms_of(game, side)) for side in (PROTESTERS, POLICE)}
        do(game, "end-phase")
    assert seen["protester-movement"] == {PROTESTERS: MOVING | {"top"}, POLICE: {"top"}}
    assert seen["police-movement"] == {PROTESTERS: {"top"}, POLICE: {"move", "top"}}
    assert seen["confrontation"] == {PROTESTERS: {"top"}, POLICE: {"confront", "top"}}
    assert seen["success"] == {PROTESTERS: {"top"}, POLICE: {"top"}}


def test_3_his_units_on_the_map_and_his_reinforcements_to_any_intersection_in_play():
    """3, 1.3, 11: the move form offers every unit of his on the map and every reinforcement waiting at its edge,
    none due later, to every intersection but 9th & Pine (out of play)."""
    game = new_game(SCENARIO)
    form = forms_of(game, PROTESTERS)["move"]
    ready = {unit.id for unit in game.state.units.values() if unit.side == PROTESTERS
             and unit.status in ("active", "off-map")}
    assert set(offered(form, "unit")) == ready and len(offered(form, "unit")) == len(ready)
    assert any(unit.status == "reserve" for unit in game.state.units.values() if unit.side == PROTESTERS)
    board = game.ctx.scenario.board
    assert offered(form, "to") == [node for node in board.nodes if node != "9th & Pine"]
    assert form.section == "3" and "this turn: 2," in form.note


def test_3_a_unit_moves_once_and_units_of_no_more_intersections_than_the_turn_allows():
    """3: 'She may move any units in one or two intersections of her choice, as well as all reinforcements'; 'each
    unit may only move once per turn, or build barricades'. Before 9:00 the protesters choose two: once a unit of
    7th & Olive has moved and one of 4th & Olive has built, only the unit left at 7th & Olive and the
    reinforcements are offered."""
    game = new_game(SCENARIO)
    do(game, "move", 6, unit="Sea Turtles (L)", to="7th & Pine")
    first = forms_of(game, PROTESTERS)
    assert "Sea Turtles (L)" not in offered(first["move"], "unit")
    assert "Bananarchy" in offered(first["move"], "unit"), "a second intersection may still be chosen"
    do(game, "barricade", unit="Bananarchy")
    after = forms_of(game, PROTESTERS)
    reinforcements = {unit.id for unit in game.state.units.values() if unit.side == PROTESTERS
                      and unit.status == "off-map"}
    assert set(offered(after["move"], "unit")) == {"Sea Turtles (T)"} | reinforcements
    assert offered(after["barricade"], "unit") == ["Sea Turtles (T)"]
    assert EN("order.n30.move_chosen", places="7th & Olive, 4th & Olive") in after["move"].note  # what is left, said
    assert ES("order.n30.move_chosen", places="7th & Olive, 4th & Olive") in forms_of(game, PROTESTERS, ES)["move"].note
    assert EN("order.n30.move_chosen", places="7th & Olive") in first["move"].note
    assert "Chosen so far" not in forms_of(new_game(SCENARIO), PROTESTERS)["move"].note


def test_3_a_side_of_several_players_is_told_its_intersections_are_shared_with_his_teammates():
    """3: the intersections a side may move from in a turn are the side's. Where his teammates command some of its
    units (1.2, seats), his move form says they share them, in both languages; alone, it does not."""
    team = new_game(SCENARIO, seats="4")
    for player in ("protesters-1", "protesters-2"):
        assert EN("order.n30.move_shared") in forms_of(team, player)["move"].note
        assert ES("order.n30.move_shared") in forms_of(team, player, ES)["move"].note
    assert EN("order.n30.move_shared") not in forms_of(new_game(SCENARIO), PROTESTERS)["move"].note


def test_3_a_unit_the_table_renamed_moves_once_too():
    """3: 'each unit may only move once per turn' holds for a unit the umpire renamed, which his view and feed
    name by its new name; the form offers it under that name."""
    game = new_game(SCENARIO)
    do(game, "rename", units={"Portland": "Spuds"})
    choice = next(c for c in field(forms_of(game, PROTESTERS)["move"], "unit").choices if c.value == "Portland")
    assert choice.label == EN("order.n30.unit_at", unit="Spuds", place="8th & Olive")
    do(game, "move", 6, unit="Portland", to="8th & Pine")
    assert "Portland" not in offered(forms_of(game, PROTESTERS)["move"], "unit")


def test_3_3_barricades_where_none_stands_and_flo_while_she_is_not_down():
    """3.3: a protester unit builds a barricade or drops Flo instead of moving; there is one Flo, and a barricade
    where one stands already is not offered."""
    game = new_game(SCENARIO)
    assert offered(forms_of(game, PROTESTERS)["flo"], "unit") == sorted(
        on_map(game, PROTESTERS), key=[unit.id for unit in view_of(game, PROTESTERS).own].index)
    do(game, "barricade", unit="Arizona")
    mine = forms_of(game, PROTESTERS)
    assert "Rad. Cheer." not in offered(mine["barricade"], "unit"), "6th & Union has its barricade"
    assert "Rad. Cheer." in offered(mine["flo"], "unit")
    do(game, "flo", unit="Bananarchy")
    mine = forms_of(game, PROTESTERS)
    assert "flo" not in mine and "barricade" not in mine, "Flo is down, and Rad. Cheer. stands by a barricade"
    assert "Rad. Cheer." in offered(mine["move"], "unit")


def below_the_top(game: Game, side: str) -> set[str]:
    """6.2: the units of `side` on the map under the top unit of their stacks."""
    return {uid for stack in game.state.stacks[side].values() for uid in stack[1:]}


def test_6_2_a_unit_below_the_top_of_its_stack_goes_on_top_and_nothing_once_the_game_is_over():
    """6.2: 'each player ... can choose which unit to place at the top of each stack'; the top unit is not offered.
    2: no order once the last turn has ended."""
    game = new_game(SCENARIO)
    for side in (PROTESTERS, POLICE):
        assert set(offered(forms_of(game, side)["top"], "unit")) == below_the_top(game, side)
    assert "Sea Turtles (T)" in below_the_top(game, PROTESTERS)
    do(game, "top", unit="Sea Turtles (T)")
    offered_now = set(offered(forms_of(game, PROTESTERS)["top"], "unit"))
    assert offered_now == below_the_top(game, PROTESTERS) and "Sea Turtles (L)" in offered_now
    while not game.state.over:
        do(game, "end-phase")
    assert forms_of(game, PROTESTERS) == {} and forms_of(game, POLICE) == {}


def confrontation_after(*moves: tuple[str, str]) -> Game:
    """The opening of Close the Ring, the police moves made (a 6 rolled for each), in the confrontation phase."""
    game = new_game(SCENARIO)
    do(game, "end-phase")
    for unit, to in moves:
        do(game, "move", 6, unit=unit, to=to)
    do(game, "end-phase")
    return game


def attacks(game: Game) -> list[str]:
    """4: where police squads and protester units occupy the same intersection, in map order."""
    return [node for node in game.ctx.scenario.board.nodes if game.state.stacks[PROTESTERS].get(node) and any(
        unit.type in ATTACKING_TYPES for unit in game.state.at(node, POLICE))]


def test_4_the_attack_where_his_squads_stand_with_protesters_and_gas_where_a_chemical_unit_does():
    """4: 'wherever police hard squads, soft squads, or mounted squads and protester units occupy the same
    intersection'; gas 'wherever chemical units accompany the attacking squads'. A chemical unit alone with
    protesters makes no attack, nor gas; once a squad joins it, the attack there may gas, and the note says where
    and what it costs (4.5)."""
    game = confrontation_after(("CART/30", "8th & Seneca"), ("31/30", "6th & Union"))
    form = forms_of(game, POLICE)["confront"]
    assert offered(form, "node") == attacks(game) == ["6th & Union", "6th & Seneca"]
    assert [asked.key for asked in form.fields] == ["node"] and form.note == EN("order.n30.confront_note")
    game = confrontation_after(("CART/30", "8th & Seneca"), ("32/30", "8th & Seneca"))
    form = forms_of(game, POLICE)["confront"]
    assert offered(form, "node") == attacks(game) == ["6th & Seneca", "8th & Seneca"]
    assert field(form, "gas").kind == "flag" and field(form, "gas").optional
    most = 1 + 3  # 4.5: 1 success for gassing, and 4 'with 3 or more theater/demonstration units'
    assert form.note == f'{EN("order.n30.confront_note")} {EN("order.n30.gas_note", places="8th & Seneca", most=most)}'


def test_1_2_a_commander_orders_the_units_he_commands():
    """1.2 (two police commanders): planning commands the reinforcement platoons, tactical the units on the line;
    at 7:40 the platoons are still to come, so planning has nothing to order, and tactical moves his own units."""
    game = new_game("n30/lock-down-hold-fast-two-commanders")
    do(game, "end-phase")
    assert forms_of(game, "police-planning") == {}
    tactical = set(game.ctx.scenario.player("police-tactical").units or ())
    assert set(offered(forms_of(game, "police-tactical")["move"], "unit")) == on_map(game, POLICE) <= tactical


def test_the_forms_speak_his_language():
    """The forms in Spanish: labels, notes and places as his sheet words them; units by their printed names."""
    game = new_game(SCENARIO)
    spanish, english = forms_of(game, PROTESTERS, ES), forms_of(game, PROTESTERS, EN)
    assert spanish["move"].label == ES("order.n30.move") != english["move"].label
    assert field(spanish["move"], "unit").label == "Unidad" and spanish["flo"].note == ES("order.n30.flo_note")
    turtle = next(c for c in field(spanish["move"], "unit").choices if c.value == "Sea Turtles (T)")
    printed = f"{ES.data(game.state.units['Sea Turtles (T)'].name)} [Sea Turtles (T)]"  # as the sheet prints it
    assert turtle.label == ES("order.n30.unit_at", unit=printed, place=ES.place("7th & Olive"))


def test_orders_from_the_forms_are_commands_the_session_takes(tmp_path):
    """3, 3.3, 4, 6.2: each form filled with what it offers, checked against the player's forms, then applied as the
    umpire would (he types in a die for the chemical unit's move): a barricade, Flo, a reinforcement's move, a unit
    on top, the police move and an attack with gas."""
    path = tmp_path / "n30.db"
    session = Session.create(path, SCENARIO, {}, 3)

    def send(player: str, verb: str, dice: list[int] | None = None, **values: object) -> None:
        mine = PLUGIN.order_forms(player_view(path, player), session.game.ctx.scenario.board, EN)
        session.apply(checked({"do": verb, **values}, mine) | ({"dice": dice} if dice else {}))

    try:
        send(PROTESTERS, "barricade", unit="Bananarchy")
        send(PROTESTERS, "flo", unit="Superstars")
        send(PROTESTERS, "move", unit="(A) Action", to="2nd & Pike")
        send(PROTESTERS, "top", unit="Rad. Cheer.")
        session.apply(END)
        send(POLICE, "move", [6], unit="CART/30", to="6th & Seneca")
        send(POLICE, "top", unit="CART/30")
        session.apply(END)
        send(POLICE, "confront", node="6th & Seneca", gas=True)
        kinds = [event.kind for event in session.game.events]
        assert kinds.count("marker-placed") == 2 and kinds.count("unit-topped") == 2
        assert session.game.state.units["CART/30"].node == "6th & Seneca"
        assert any(event.kind == "confrontation" and event.data["gas"] for event in session.game.events)
    finally:
        session.close()


def test_checked_refuses_what_his_forms_do_not_offer():
    """An order checked against his forms alone: a unit of the other side, a missing key, an unknown key, a wrong
    type, a place out of play, a verb of the other phase are each refused in one line."""
    game = new_game(SCENARIO)
    mine = PLUGIN.order_forms(view_of(game, PROTESTERS), game.ctx.scenario.board, EN)
    for wrong in ({"do": "move", "unit": "WSP-2", "to": "6th & Pike"}, {"do": "move", "unit": "Bananarchy"},
                  {"do": "move", "unit": "Bananarchy", "to": "5th & Olive", "path": ["5th & Olive"]},
                  {"do": "flo", "unit": ["Bananarchy"]}, {"do": "move", "unit": "Bananarchy", "to": "9th & Pine"},
                  {"do": "confront", "node": "6th & Seneca"}):
        with pytest.raises(RefereeError) as refused:
            checked(wrong, mine)
        assert "\n" not in str(refused.value)


# the leak test: in games of the computer players, every unit and target a form offers is known to its player now

LOOKS = 25  # moments looked at in a game


def leaks(view: PlayerView, forms: tuple[OrderForm, ...], phase: str | None = None) -> list[str]:
    """What a player's forms offer beyond his knowledge now: a unit neither his own nor identified in a current
    sighting, a target place where he has no unit and sees nothing now; or a form out of its phase (2, 3, 4): the
    phase the game is in, or the one his blind orders are written for (`phase`)."""
    phase = phase or view.phase
    own = {unit.id for unit in view.own}
    current = [sighting for sighting in view.sightings if sighting.current]
    identified = {unit.id for sighting in current for unit in sighting.units}
    places = {unit.node for unit in view.own if unit.node} | {sighting.node for sighting in current}
    found = []
    for form in forms:
        if form.do in MOVING and MOVER.get(phase) != view.side or form.do == "confront" and (
                phase, view.side) != (CONFRONTATION, POLICE):
            found.append(f"{view.player}: {form.do} in the {phase} phase")
        for asked in form.fields:
            values = {choice.value for choice in asked.choices}
            if asked.key == "unit":
                found += [f"{view.player} {form.do}.unit: {value}" for value in values - own - identified]
            if asked.key == "node":
                found += [f"{view.player} {form.do}.node: {value}" for value in values - places]
    return found


def look_all(scenario: str, options: dict[str, str], seed: int, kinds: tuple[str, str]) -> list[str]:
    """Play a game of the computer players; look at every player's forms at moments through it."""
    game = play(scenario, options, seed, *kinds, keep_events=True).game
    record, found = new_record(game.ctx, game.rules, "ab" * 32), []
    events: list[Event] = game.events
    moments = {len(events) * k // LOOKS for k in range(1, LOOKS + 1)}
    for index, event in enumerate(events, start=1):
        record.feed(event)
        if index in moments:
            for player in game.ctx.scenario.players:
                view, options = record.view(player.id), game.ctx.options
                found += leaks(view, PLUGIN.order_forms(view, game.ctx.scenario.board, EN, options),
                               PLUGIN.ordering_phase(view.side, view.phase, options))
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(["n30/close-the-ring", "n30/hold-the-line", "n30/reclaim-the-streets",
                                 "n30/lock-down-hold-fast-two-commanders"]),
       hidden=st.sampled_from(["none", "weak", "strong"]), mood=st.sampled_from(["off", "on"]),
       shown=st.sampled_from(["words", "number", "behaviour"]), seed=st.integers(0, 2**40),
       kinds=st.sampled_from([("objective", "objective"), ("random", "random"), ("objective", "random")]),
       blind=st.sampled_from(["open", "blind"]))
def test_6_2_no_form_offers_a_unit_or_a_target_its_player_does_not_know_now(scenario, hidden, mood, shown, seed, kinds,
                                                                            blind):
    """6.2: 'Either player can examine her own units but neither player can examine the other's': a form offers his
    own units, the other side's only as identified now, and attacks only where he has units or sees protesters
    now; whatever the hidden movement and the crowds' moods show, and with orders written blind (2)."""
    options = {"hidden": hidden, "crowd_mood": mood, "mood_shown": shown, "orders": blind}
    assert look_all(scenario, options, seed, kinds) == []


def test_the_leak_check_bites(monkeypatch):
    """Deliberately leaky forms are caught, under weak hidden movement: an attack offered wherever protesters were
    ever seen, and the other side's units as last seen offered to move."""
    game = ("n30/close-the-ring", {"hidden": "weak"}, 11, ("objective", "objective"))
    assert look_all(*game) == []
    monkeypatch.setattr(orders, "_confront", lambda view, board, words: OrderForm("confront", "", (
        orders._places(board, words, "node", {sighting.node for sighting in view.sightings}),)))
    assert any("confront.node" in leak for leak in look_all(*game))
    monkeypatch.undo()
    movers = orders._movers

    def last_seen(view: PlayerView, mine: list[OwnUnit]) -> tuple[list[OwnUnit], list[str]]:
        seen = [OwnUnit(unit.id, unit.name, unit.type, sighting.node, 0, "active", 0, 1, ())
                for sighting in view.sightings for unit in sighting.units]
        units, chosen = movers(view, mine)
        return units + seen, chosen

    monkeypatch.setattr(orders, "_movers", last_seen)
    assert any("move.unit" in leak for leak in look_all(*game))
