"""Battle of Seattle's order forms (referee/rulesets/bos/orders.py): the verbs each phase gives each side (3.0),
the units and areas each form offers, the orders they make taken by a session as the umpire would apply them,
and no form offering a unit its player has not identified, under both readings of option `fog`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record, player_view
from referee.knowledge.view import PlayerView
from referee.orders import Field, OrderForm, checked, choices
from referee.rulesets import get
from referee.rulesets.bos import orders
from referee.rulesets.bos.rules import forces, movement, reinforcement
from referee.rulesets.bos.rules.turn_end import CORE
from referee.rulesets.bos.rules.units import TYPES
from referee.scenario.catalog import load
from referee.session import Session
from referee.simulate import play as autoplay
from tests.test_bos_game import DECLINE, QUIET, new_game, play, to_phase, whole_turn

PLUGIN = get("bos")
EN = Strings("en", "bos")
END = {"do": "end-phase"}
MORALE_FAILS = [4, 1, 6]  # an attack at CF 2-3 rolls 4 (MC), the counterattack 1 (N), the unit checked rolls 6


def view_of(game: Game, player: str) -> PlayerView:
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    return record.view(player)


def forms_of(game: Game, player: str, words: Strings = EN) -> dict[str, OrderForm]:
    return {form.do: form for form in PLUGIN.order_forms(view_of(game, player), game.ctx.scenario.board, words)}


def offered(form: OrderForm, key: str) -> list[str]:
    return [choice.value for choice in next(field for field in form.fields if field.key == key).choices]


def on_map(game: Game, side: str) -> set[str]:
    return {u.id for u in game.state.units.values() if u.side == side and u.status == ACTIVE}


def test_3_0_each_phase_gives_its_side_its_own_orders():
    """3.0-3.4: the Protester places (Setup Instructions), moves and attacks in his player-turn; the Authority orders
    emergency reinforcements (4.22), reacts, moves and attacks, and may escalate at any point (7.3); the Protester,
    at EI 0, has no Reaction Move Limit (5.1)."""
    game, seen = new_game(), []
    while game.state.turn == 1:
        seen.append((game.state.phase, set(forms_of(game, "protester")), set(forms_of(game, "authority"))))
        play(game, *((QUIET, DECLINE) if game.state.phase == "events" else ()), END)
    assert seen == [
        ("events", {"place"}, {"emergency", "escalate"}),
        ("protester-movement", {"move"}, {"escalate"}),
        ("authority-reaction", set(), {"move", "escalate"}),
        ("protester-combat", {"combat"}, {"escalate"}),
        ("authority-movement", set(), {"move", "escalate"}),
        ("protester-reaction", set(), {"escalate"}),
        ("authority-combat", set(), {"combat", "escalate"}),
        ("turn-end", set(), {"escalate"}),
    ]


def test_5_0_his_units_on_the_map_within_their_movement_factor_and_once_a_phase():
    """5.0: every Protester unit on the map, to the areas within its Movement Factor along Transit Lines; a unit
    that has moved this phase is no longer offered."""
    game = to_phase(new_game(), "protester-movement")
    board, form = game.ctx.scenario.board, forms_of(game, "protester")["move"]
    assert set(offered(form, "unit")) == on_map(game, "protester")
    near = {n for u in on_map(game, "protester") for n in board.neighbours(game.state.units[u].node)}
    assert set(offered(form, "to")) == near  # the opening units are Crowds, Movement Factor 1
    mover = offered(form, "unit")[0]
    play(game, {"do": "move", "unit": mover, "to": board.neighbours(game.state.units[mover].node)[0]})
    assert set(offered(forms_of(game, "protester")["move"], "unit")) == on_map(game, "protester") - {mover}


def test_5_0_the_authority_moves_to_and_from_the_reserve_pool():
    """5.0: in his Movement Phase the Authority sends a unit on the map to the Reserve Pool, and one from the Pool
    to any area; the SPD of 4.21 wait there (4.2)."""
    game = to_phase(play(new_game(), QUIET, {"do": "reinforce"}), "authority-movement")
    form = forms_of(game, "authority")["move"]
    pool = {u.id for u in game.state.units.values() if u.status == forces.RESERVE}
    assert len(pool) == reinforcement.SPD[reinforcement.band(30)] and pool | {"SPD 1"} == set(offered(form, "unit"))
    assert set(offered(form, "to")) == {*game.ctx.scenario.board.nodes, "reserve-pool"}


def test_5_1_reaction_moves_within_the_reaction_move_limit_and_groups_only():
    """5.1: the Authority at EI 30 reaction-moves one unit one area; the Protester, at EI 21 or more, reaction-moves
    Group units only, one area each."""
    game = to_phase(new_game(), "authority-reaction")
    form = forms_of(game, "authority")["move"]
    assert offered(form, "unit") == ["SPD 1"]
    assert set(offered(form, "to")) == set(game.ctx.scenario.board.neighbours("convention-centre"))
    play(game, {"do": "move", "unit": "SPD 1", "to": offered(form, "to")[0]})
    assert "move" not in forms_of(game, "authority"), "a Reaction Move Limit of one, used"

    game = play(new_game(), QUIET, {"do": "reinforce"})
    for unit in offered(forms_of(game, "protester")["place"], "unit"):
        play(game, {"do": "place", "unit": unit, "to": "capitol-hill"})
    while game.state.scores["protester"] <= 20:
        whole_turn(game)
    to_phase(game, "protester-reaction")
    form = forms_of(game, "protester")["move"]
    groups = {u for u in on_map(game, "protester") if TYPES[game.state.units[u].type].kind == "group"}
    assert set(offered(form, "unit")) == groups and groups
    assert str(reinforcement.reaction_limit(game.state.scores["protester"])) in form.note


def test_7_2_barricades_from_stage_two_instead_of_moving():
    """7.2, 7.3: no Barricade at Stage One; once the Authority goes to Stage Two (after a unit of his failed a
    Morale Check), each Protester unit on the map may try instead of moving, one Barricade an area."""
    game = to_phase(new_game(), "protester-combat")
    play(game, {"do": "combat", "attackers": ["Liberals 4"], "defenders": ["SPD 1"], "dice": MORALE_FAILS})
    assert game.state.units["SPD 1"].status == forces.RESERVE
    play(game, {"do": "escalate", "stage": 2})
    whole_turn(game)
    to_phase(game, "protester-movement")
    form = forms_of(game, "protester")["barricade"]
    assert set(offered(form, "unit")) == on_map(game, "protester")
    builder = offered(form, "unit")[0]
    play(game, {"do": "barricade", "unit": builder, "dice": [1]})
    there = game.state.units[builder].node
    left = set(offered(forms_of(game, "protester")["barricade"], "unit"))
    assert left == {u for u in on_map(game, "protester") if game.state.units[u].node != there}


def test_7_3_escalation_offers_the_next_stage_only():
    """7.3: Stage Two then Stage Three, one at a time and only up; none beyond Stage Three, none to the Protester."""
    def stage(game: Game) -> tuple[int, int]:
        field = forms_of(game, "authority")["escalate"].fields[0]
        assert (field.key, field.kind) == ("stage", "count")
        return field.least, field.most

    game = new_game()
    assert stage(game) == (2, 2) and "escalate" not in forms_of(game, "protester")
    to_phase(game, "protester-combat")
    play(game, {"do": "combat", "attackers": ["Liberals 4"], "defenders": ["SPD 1"], "dice": MORALE_FAILS},
         {"do": "escalate", "stage": 2})
    assert stage(game) == (3, 3)
    whole_turn(whole_turn(game))
    play(game, {"do": "escalate", "stage": 3})
    assert "escalate" not in forms_of(game, "authority")


def test_4_2_reinforcements_due_anywhere_but_where_he_sees_only_authority_units():
    """4.2: the units due this phase, placed anywhere but in an area where only Authority units stand."""
    game = to_phase(new_game(), "protester-movement")
    play(game, {"do": "move", "unit": "Liberals 4", "to": "financial-district"})  # SPD 1 alone in the Convention Centre
    whole_turn(game)
    play(game, QUIET, {"do": "reinforce"})
    form = forms_of(game, "protester")["place"]
    due = {u.id for u in game.state.units.values() if u.attrs.get("due")}
    assert set(offered(form, "unit")) == due and due
    assert set(offered(form, "to")) == set(game.ctx.scenario.board.nodes) - {"convention-centre"}


def test_setup_the_opening_crowds_go_to_the_downtown_core_before_the_first_roll():
    """Setup Instructions: before game-turn 1's random event, his five Crowds to any areas of the Downtown Core."""
    game = new_game()
    form = forms_of(game, "protester")["place"]
    board = game.ctx.scenario.board
    assert set(offered(form, "unit")) == on_map(game, "protester")
    assert set(offered(form, "to")) == {n for n, node in board.nodes.items() if CORE in node.features}
    play(game, QUIET)
    assert "place" not in forms_of(game, "protester")  # nothing due: reinforcements not yet taken


@pytest.mark.parametrize(("roll", "side", "kind"), [([5, 1], "protester", "crowd"), ([5, 4], "authority", "spd")])
def test_51_56_attrition_and_paperwork_remove_the_unit_of_his_choice_once(roll, side, kind):
    """Random Events Table 51-53 (a Crowd of the Protester's on the map), 54-56 (an SPD unit of the Authority's)."""
    game = play(new_game(), {"do": "events", "dice": roll})
    form = forms_of(game, side)["lose"]
    mine = {u.id for u in game.state.units.values() if u.side == side and u.status in (ACTIVE, forces.RESERVE)
            and kind in (u.type, TYPES[u.type].kind)}
    assert set(offered(form, "unit")) == mine and form.section.startswith("Random Events Table 5")
    play(game, {"do": "lose", "unit": offered(form, "unit")[0]})
    assert "lose" not in forms_of(game, side)


def test_6_1_combat_offers_identified_units_where_his_units_stand_and_munitions_from_stage_two():
    """6.1: his units where he sees the other side now, and the units he has identified there; 6.2, 7.3: the
    Authority's Special Munitions from Stage Two, never before."""
    game = to_phase(new_game(), "protester-combat")
    form = forms_of(game, "protester")["combat"]
    assert (offered(form, "attackers"), offered(form, "defenders")) == (["Liberals 4"], ["SPD 1"])
    play(game, {"do": "combat", "attackers": ["Liberals 4"], "defenders": ["SPD 1"], "dice": MORALE_FAILS})
    assert "combat" not in forms_of(game, "protester"), "each unit in one combat a Combat Phase"
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 1", "to": "westin"})
    to_phase(game, "authority-combat")
    form = forms_of(game, "authority")["combat"]
    assert offered(form, "attackers") == ["SPD 1"] and offered(form, "defenders") == ["Labor 4"]
    assert "munitions" not in [f.key for f in form.fields]
    play(game, {"do": "escalate", "stage": 2})
    assert offered(forms_of(game, "authority")["combat"], "munitions") == ["SPD 1"]


def test_4_22_emergency_reinforcements_by_type_up_to_the_counters_left():
    """4.22, 7.3: SPD only at Stage One; each type with the counters of it left off the map."""
    game = new_game()
    field = forms_of(game, "authority")["emergency"].fields[0]
    spd = sum(u.type == "spd" and u.status == forces.OFF_MAP for u in game.state.units.values())
    assert ([c.value for c in field.choices], field.kind, field.most) == (["spd"], "counts", spd)
    assert "emergency" not in forms_of(to_phase(game, "protester-movement"), "authority")


def test_labels_are_in_his_language():
    """The Spanish sheet's words: the counters as La Batalla de Seattle names them, its areas."""
    form = forms_of(new_game(), "protester", Strings("es", "bos"))["place"]
    assert form.label == "Colocar una unidad" and "Centro de Convenciones" in [c.label for c in form.fields[1].choices]
    assert "Liberales 4 (Centro de Convenciones)" in [c.label for c in form.fields[0].choices]


def test_8_0_no_order_once_play_stops():
    """8.0: at the end of the Afternoon, 2 December game-turn play stops: no form for anyone."""
    game = autoplay("bos/battle-of-seattle", {}, 4, keep_events=True).game
    assert game.state.over
    assert not any(forms_of(game, player) for player in ("protester", "authority"))


def test_orders_made_from_the_forms_are_commands_the_session_takes(tmp_path):
    """Each form filled with what it offers, checked against the player's forms, then applied as the umpire
    would (with the dice rolled at the table): placing (Setup Instructions, 4.2), emergency reinforcements (4.22),
    a move and a reaction move (5.0, 5.1), combat (6.1), escalation (7.3), Special Munitions (6.2), a Barricade (7.2)."""
    path = tmp_path / "bos.db"
    session = Session.create(path, "bos/battle-of-seattle", {}, 3)

    def forms(player: str) -> tuple[OrderForm, ...]:
        return PLUGIN.order_forms(player_view(path, player), session.game.ctx.scenario.board, EN)

    def send(player: str, verb: str, dice: list[int] | None = None, **values: object) -> None:
        kept = checked({"do": verb, **values}, forms(player))
        session.apply(kept | ({"dice": dice} if dice else {}))

    def crowds(node: str) -> int:
        return sum(TYPES[u.type].kind == "crowd" for u in session.game.state.at(node, "protester"))

    try:
        place = next(f for f in forms("protester") if f.do == "place")
        send("protester", "place", unit="Labor 1", to=next(n for n in offered(place, "to") if crowds(n) == 0))
        session.apply(QUIET)
        session.apply({"do": "reinforce"})
        for unit in offered(next(f for f in forms("protester") if f.do == "place"), "unit"):
            send("protester", "place", unit=unit, to="capitol-hill" if TYPES[session.game.state.units[unit].type].kind
                 == "group" else "first-hill")
        send("authority", "emergency", units={"spd": 1})
        session.apply(END)
        group = next(u for u in session.game.state.at("capitol-hill", "protester"))
        send("protester", "move", unit=group.id, to="convention-centre")
        session.apply(END)
        send("authority", "move", unit="SPD 2", to="westin")
        session.apply(END)
        send("protester", "combat", MORALE_FAILS, attackers=["Liberals 4"], defenders=["SPD 1"])
        send("authority", "escalate", stage=2)
        session.apply(END)
        send("authority", "move", unit="SPD 1", to="westlake")
        session.apply(END)
        session.apply(END)
        send("authority", "combat", [1, 1], attackers=["SPD 2"], defenders=["Labor 4"], munitions=["SPD 2"])
        while session.game.state.phase != "protester-movement":
            rolled = session.game.state.phase != "events" or session.game.state.local["roll"] is not None
            for command in (END,) if rolled else (QUIET, DECLINE):
                session.apply(command)
        send("protester", "barricade", [1], unit="Liberals 4")
        assert "barricade" in {marker for marks in session.game.state.markers.values() for marker in marks}
    finally:
        session.close()


def test_checked_refuses_what_the_forms_do_not_offer():
    """An order checked against his forms alone: a unit not offered, a key missing, a key unknown, a wrong type, a
    type of emergency reinforcement not open at Stage One (7.3) are refused, each in one line."""
    game = to_phase(new_game(), "authority-movement")
    mine = tuple(PLUGIN.order_forms(view_of(game, "authority"), game.ctx.scenario.board, EN))
    for wrong in ({"do": "move", "unit": "Liberals 4", "to": "westin"}, {"do": "move", "unit": "SPD 1"},
                  {"do": "move", "unit": "SPD 1", "to": "westin", "path": ["westin"]}, {"do": "escalate", "stage": "2"},
                  {"do": "barricade", "unit": "SPD 1"}):
        with pytest.raises(RefereeError) as refused:
            checked(wrong, mine)
        assert "\n" not in str(refused.value)
    emergency = tuple(PLUGIN.order_forms(view_of(new_game(), "authority"), game.ctx.scenario.board, EN))
    for wrong in ({"spd": "1"}, {"spd": 99}, {"national_guard": 1}, {}, ["spd"]):
        with pytest.raises(RefereeError):
            checked({"do": "emergency", "units": wrong}, emergency)
    assert checked({"do": "emergency", "units": {"spd": 2}}, emergency) == {"do": "emergency", "units": {"spd": 2}}


# the leak test: over games the computer players play, every unit a form offers is his own or one he has identified

SCENARIOS = ("bos/battle-of-seattle", "bos/battle-of-seattle-factions")
EVERY = 7  # events between two looks


def leaks(game: Game) -> list[str]:
    """Each player's forms at many points of a played game: a unit offered that is neither one he commands nor one
    identified in a current sighting of his; an area offered other than where a unit may go (`to`), as a target."""
    record, board, found = new_record(game.ctx, game.rules, "ab" * 32), game.ctx.scenario.board, []
    counters = {u.id for u in game.state.units.values()}
    for index, event in enumerate(game.events, 1):
        record.feed(event)
        if index % EVERY:
            continue
        for player in game.ctx.scenario.players:
            view = record.view(player.id)
            his = {u.id for u in view.own if player.units is None or u.id in player.units}
            seen = {fact.id for s in view.sightings if s.current for fact in (*s.units, *((s.top,) if s.top else ()))}
            for form in PLUGIN.order_forms(view, board, EN):
                for field in form.fields:
                    values = {choice.value for choice in field.choices}
                    found += [f"{player.id} at event {index}: {form.do} offers {uid}" for uid in values & counters
                              if uid not in his | seen]
                    if values & set(board.nodes) and field.key != "to":
                        found.append(f"{player.id} at event {index}: {form.do}'s {field.key} offers areas")
    return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), fog=st.sampled_from(["off", "on"]), seed=st.integers(0, 2**31),
       kinds=st.sampled_from([("simple", "simple"), ("random", "random"), ("simple", "random")]))
def test_no_form_offers_a_unit_its_player_has_not_identified(scenario, fog, seed, kinds):
    """Knowledge (DESIGN principles 4, 10): forms built from his view alone, whatever the fog (2.2, option fog)."""
    game = autoplay(load(scenario), {"fog": fog}, seed, *kinds, keep_events=True).game
    assert leaks(game) == []


def test_the_leak_check_bites(monkeypatch):
    """A combat form offering the other side's whole counter mix, rather than the units he identified, is caught."""
    def leaky(view, words):
        enemy = [(c.id, c.id) for c in forces.COUNTERS if TYPES[c.type].side != view.side]
        mine = choices([(u.id, u.id) for u in view.own])
        return OrderForm("combat", "Attack", (Field("attackers", "Attackers", "many", mine),
                                              Field("defenders", "Defenders", "many", choices(enemy))))

    monkeypatch.setattr(orders, "_combat", leaky)
    game = autoplay(load(SCENARIOS[0]), {"fog": "on"}, 1, keep_events=True).game
    assert any("combat offers" in leak for leak in leaks(game))


def test_every_unit_offered_may_do_what_its_form_orders():
    """5.0, 5.1, 7.2, 6.1: through a game the computer players play on the open map, each unit the move form offers
    has an area offered with it that the rules let it reach now, and every area they let it reach is offered with
    it, each the barricade form offers may try, and each attacker
    the combat form offers stands with a unit it offers to attack."""
    record, fed, problems = None, 0, []

    def look(game: Game, command: dict) -> None:
        nonlocal record, fed
        record = record or new_record(game.ctx, game.rules, "ab" * 32)
        if len(game.events) % 2:
            return
        for event in game.events[fed:]:
            record.feed(event)
        fed, state = len(game.events), game.state
        for side in ("protester", "authority"):
            forms = {f.do: f for f in PLUGIN.order_forms(record.view(side), game.ctx.scenario.board, EN)}
            if "move" in forms:
                fits = {c.value: c.fits for c in next(f for f in forms["move"].fields if f.key == "to").choices}
                for u in offered(forms["move"], "unit"):
                    open_to = {to for to, units in fits.items() if u in units}
                    legal = {to for to in [*game.ctx.scenario.board.nodes, *((movement.POOL,) if side == "authority" else ())]
                             if not movement.refused(game.ctx, state, state.units[u], to)}
                    problems.extend([f"move {u}: none of {sorted(open_to)} legal"] if not open_to & legal else [])
                    problems.extend([f"move {u}: {sorted(legal - open_to)} not offered"] if legal - open_to else [])
            if "barricade" in forms:
                problems.extend(f"barricade {u}" for u in offered(forms["barricade"], "unit")
                                if movement.barricade_refused(state, state.units[u]))
            if "combat" in forms:
                targets = {state.units[u].node for u in offered(forms["combat"], "defenders")}
                problems.extend(f"combat {u}" for u in offered(forms["combat"], "attackers")
                                if state.units[u].node not in targets)

    autoplay("bos/battle-of-seattle", {}, 9, "random", "random", keep_events=True, on_command=look)
    assert problems == []
