"""Chicago-Chicago's order forms (referee/rulesets/chicago/orders.py): the verbs each step of HOW TO PLAY gives each
side, the counters and boxes each form offers, the National Guard while the demonstrators lead, the orders they
make taken by a session as the umpire would apply them, and no form offering a counter its player does not command
or has not identified, on the open board and under option `fog`, one player a side or several."""

from __future__ import annotations

import html
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.briefing.render import render_orders
from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record, player_view
from referee.knowledge.view import PlayerView
from referee.orders import Field, OrderForm, checked, choices
from referee.rulesets import get
from referee.rulesets.chicago import orders
from referee.rulesets.chicago.rules import board as boxes
from referee.rulesets.chicago.rules.forces import BY_ID
from referee.rulesets.chicago.rules.units import TYPES
from referee.scenario.catalog import load
from referee.session import Session
from referee.simulate import play as autoplay
from tests.test_chicago_game import END, green_ahead, new_game, play, to_step

PLUGIN = get("chicago")
EN = Strings("en", "chicago")
FORWARD = {"do": "move", "units": {"G1": 3}, "from": "lincoln-park", "to": "gold-coast"}  # two boxes: a level-1 move


def view_of(game: Game, player: str) -> PlayerView:
    record = new_record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    return record.view(player)


def forms_of(game: Game, player: str, words: Strings = EN) -> dict[str, OrderForm]:
    return {form.do: form for form in PLUGIN.order_forms(view_of(game, player), game.ctx.scenario.board, words)}


def field(form: OrderForm, key: str) -> Field:
    return next(field for field in form.fields if field.key == key)


def offered(form: OrderForm, key: str) -> list[str]:
    return [choice.value for choice in field(form, key).choices]


def on_board(game: Game, side: str) -> set[str]:
    return {u.id for u in game.state.units.values() if u.side == side and u.status == ACTIVE}


def face_off() -> Game:
    """25A step 4: three level-1 groups at the Gold Coast (moved in step 1), two Tac platoons of the Loop sent there
    in step 3, beside the Gold Coast's three minimum platoons."""
    game = to_step(play(new_game(), FORWARD), "blue-move")
    return to_step(play(game, {"do": "move", "units": ["Tac-3", "Tac-4"], "to": "gold-coast"}), "blue-conflict")


def test_how_to_play_each_step_gives_its_side_its_own_orders():
    """HOW TO PLAY steps 1-4: green moves in step 1 and resolves conflict in step 2, blue in steps 3 and 4; a side
    has no form in the other's steps (the Guard aside, not called for while nobody leads)."""
    game, seen = play(new_game(), FORWARD), []
    for step in ("green-move", "green-conflict", "blue-move", "blue-conflict"):
        seen.append((game.state.phase, set(forms_of(game, "demonstrators")), set(forms_of(game, "police"))))
        if step == "blue-move":
            play(game, {"do": "move", "units": ["Tac-3"], "to": "gold-coast"})
        play(game, END)
    assert seen == [("green-move", {"move"}, set()), ("green-conflict", {"conflict"}, set()),
                    ("blue-move", set(), {"move"}), ("blue-conflict", set(), {"conflict"})]


def test_how_to_move_units_his_counters_on_the_board_to_the_boxes_within_reach():
    """HOW TO MOVE UNITS 1-2, INFILTRATION, CPD MINIMUM: green's counters on the board to the boxes within twice their
    movement number (infiltrating doubles it), with the flag to infiltrate; the police's, minimum platoons too, to
    the boxes within theirs and the boxes holding a minimum box that they stand in, with the flag to go into it."""
    game = new_game()
    board = game.ctx.scenario.board
    green = forms_of(game, "demonstrators")["move"]
    assert set(offered(green, "units")) == on_board(game, "demonstrators")
    fastest = 2 * max(TYPES["demonstrator"].movements)
    assert set(offered(green, "to")) == {n for n, far in board.distances(["lincoln-park"]).items() if 0 < far <= fastest}
    assert [f.key for f in green.fields] == ["units", "to", "infiltrate"] and field(green, "infiltrate").optional
    assert field(green, "to").by == "units"  # the boxes a page offers follow the counters chosen, each his own reach
    for unit in view_of(game, "demonstrators").own:
        if unit.id in offered(green, "units"):
            fits = {c.value for c in field(green, "to").choices if unit.id in c.fits}
            assert fits == {n for n, far in board.distances([unit.node]).items() if 0 < far <= 2 * unit.movement}
    blue = forms_of(to_step(game, "blue-move"), "police")["move"]
    assert set(offered(blue, "units")) == on_board(game, "police")
    assert [f.key for f in blue.fields] == ["units", "to", "minimum"]
    assert set(offered(blue, "to")) == set(board.nodes)  # platoons stand in every box with a minimum box
    held = next(c.label for c in field(blue, "units").choices if c.value == boxes.in_minimum(game.state, "loop")[0].id)
    assert held.endswith(EN("order.chicago.in_minimum", place=EN.place("loop")))


def test_how_to_move_units_the_page_lists_his_counters_under_their_boxes():
    """HOW TO MOVE UNITS 1 (counters move together from one box): the police's forty-odd counters are offered box by
    box, each box's once, under its name on the page, each counter there by its name alone."""
    game = to_step(new_game(), "blue-move")
    view = view_of(game, "police")
    blue = field(forms_of(game, "police")["move"], "units")
    where = {unit.id: unit.node for unit in view.own}
    runs = blue.grouped()
    assert len(blue.choices) > 40 and len(runs) > 10
    assert len({group for group, _ in runs}) == len(runs)  # a box's counters together
    for group, listed in runs:
        assert all(choice.group == group and choice.label.startswith(choice.within) for choice in listed)
        for choice in listed:  # its box, or the minimum box in it (CPD MINIMUM)
            place = EN.place(where[choice.value])
            assert group in (place, EN("order.chicago.in_minimum", place=place))
    page = render_orders(view, [forms_of(game, "police")["move"]], "en")
    found = re.findall(r'<fieldset class="group"><legend>([^<]*)</legend>(.*?)</fieldset>', page, flags=re.S)
    assert [html.unescape(group) for group, _ in found] == [group for group, _ in runs]
    for (_, boxes_there), (_, listed) in zip(found, runs, strict=True):
        assert re.findall(r'<label class="box"><input type="checkbox" name="units" value="([^"]*)"> ([^<]*)</label>',
                          boxes_there) == [(choice.value, html.escape(choice.within)) for choice in listed]


def test_infiltration_groups_infiltrating_start_no_conflict():
    """INFILTRATION: groups that infiltrate may not attack this turn: where only they stand with the police, green
    has no conflict to resolve."""
    game = to_step(play(new_game(), {**FORWARD, "infiltrate": True}), "green-conflict")
    assert "conflict" not in forms_of(game, "demonstrators")
    game = to_step(play(new_game(), FORWARD), "green-conflict")
    assert offered(forms_of(game, "demonstrators")["conflict"], "box") == ["gold-coast"]


def test_how_to_resolve_conflict_green_names_the_box_only():
    """HOW TO RESOLVE CONFLICT 1, 6: green attacks with all its units in a box, on HARASS only: the form asks the box
    where its groups stand with police seen now (the Gold Coast's minimum platoons, alone there, 2) and nothing else."""
    form = forms_of(to_step(play(new_game(), FORWARD), "green-conflict"), "demonstrators")["conflict"]
    assert [f.key for f in form.fields] == ["box"]
    assert str(5) in form.note  # 7: at 5:1 or better the police roll on ASSAULT


def test_how_to_resolve_conflict_blue_picks_table_attackers_and_the_groups_identified_there():
    """HOW TO RESOLVE CONFLICT 4, 6; CPD MINIMUM 2; NATIONAL GUARD: blue picks HARASS or ASSAULT, attackers among its
    units there outside the minimum box (never the Guard), and the groups it has identified in the box."""
    game = face_off()
    form = forms_of(game, "police")["conflict"]
    assert offered(form, "box") == ["gold-coast"]
    assert offered(form, "table") == ["harass", "assault"]
    assert offered(form, "attack") == ["Tac-3", "Tac-4"]  # the three minimum platoons there never attack
    assert set(offered(form, "defend")) == {u.id for u in game.state.at("gold-coast", "demonstrators")}
    assert all(field(form, key).optional for key in ("table", "attack", "defend"))


def test_how_to_resolve_conflict_3_in_a_park_blue_picks_no_groups():
    """HOW TO RESOLVE CONFLICT 3: in a park blue attacks every group there, so the form offers the park's box and
    the units to attack with, but no group to pick; elsewhere it still does (4)."""
    game = to_step(play(new_game(), FORWARD), "blue-move")
    play(game, {"do": "move", "units": ["Tac-3", "Tac-4"], "to": "gold-coast"},
         {"do": "move", "units": ["P3-01"], "to": "lincoln-park"})  # out of Old Town's minimum box, next to the park
    form = forms_of(to_step(game, "blue-conflict"), "police")["conflict"]
    assert set(offered(form, "box")) == {"lincoln-park", "gold-coast"}
    assert set(offered(form, "attack")) == {"P3-01", "Tac-3", "Tac-4"}
    assert set(offered(form, "defend")) == {u.id for u in game.state.at("gold-coast", "demonstrators")}
    alone = to_step(play(new_game(), {"do": "move", "units": ["G3-01"], "to": "old-town"}), "blue-move")  # released
    alone = to_step(play(alone, {"do": "move", "units": ["P3-01"], "to": "lincoln-park"}), "blue-conflict")
    assert [f.key for f in forms_of(alone, "police")["conflict"].fields] == ["box", "table", "attack"]


def test_national_guard_in_while_green_leads_out_at_any_step():
    """NATIONAL GUARD: the police bring in Guard companies only while the demonstrators are ahead on the public
    Exposure Index, as many as wait in the counter box, into any box; companies on the board may go out at any
    step; the demonstrators never have these forms."""
    assert not {"guard", "guard-out"} & set(forms_of(to_step(new_game(), "blue-move"), "police"))
    game = green_ahead()
    guard = forms_of(game, "police")["guard"]
    assert (field(guard, "units").least, field(guard, "units").most) == (1, 12)
    assert set(offered(guard, "to")) == set(game.ctx.scenario.board.nodes)
    play(game, {"do": "guard", "units": 3, "to": "loop"}, END)
    assert game.state.phase == "blue-conflict"
    out = forms_of(game, "police")["guard-out"]
    assert set(offered(out, "units")) == {"NG-01", "NG-02", "NG-03"}
    assert field(forms_of(game, "police")["guard"], "units").most == 9
    assert not {"guard", "guard-out"} & set(forms_of(game, "demonstrators"))


def test_several_players_a_side_each_order_only_the_counters_he_commands():
    """chicago/chicago-1968-commanders (RULINGS.md, "what the players know"): each player knows his side's counters
    on the board, but his forms offer only those he commands."""
    scenario = load("chicago/chicago-1968-commanders")
    game = Game.new(scenario, {}, 1)
    for player in scenario.players:
        if player.side == "police":
            to_step(game, "blue-move")
        form = forms_of(game, player.id)["move"]
        assert set(offered(form, "units")) == set(player.units or ()) & on_board(game, player.side)


def test_no_form_once_the_game_is_over():
    """HOW TO PLAY step 6 (the game ends with 28C) and CPD MINIMUM (a minimum box short of three platoons at the end
    of step 3: the police lose at once): no form for anyone."""
    played = autoplay("chicago/chicago-1968", {}, 2, keep_events=True).game
    short = to_step(new_game(), "blue-move")
    play(short, {"do": "move", "units": [u.id for u in boxes.in_minimum(short.state, "loop")], "to": "loop"}, END)
    for game, reason in ((played, "28C"), (short, "CPD MINIMUM")):
        assert game.state.over and game.state.local["reason"] == reason
        assert not any(forms_of(game, player.id) for player in game.ctx.scenario.players)


def test_labels_are_in_his_language_and_the_tables_names():
    """The forms speak the sheet's language: Spanish words and box names for a Spanish sheet; a counter the table
    has renamed (`rename`) goes by that name, his own or one he identified."""
    es = Strings("es", "chicago")
    game = play(face_off(), {"do": "rename", "units": {"Tac-3": "Chicago Blue", "G1-02": "Yippie Band"}})
    form = forms_of(game, "police", es)["conflict"]
    assert form.label == es("order.chicago.conflict") != EN("order.chicago.conflict")
    assert [c.label for c in field(form, "box").choices] == [es.place("gold-coast")]
    assert all(es.place("gold-coast") in c.label for c in field(form, "defend").choices)
    named = {c.value: c.label.removesuffix(", " + es.place("gold-coast")) for f in form.fields for c in f.choices}
    assert (named["Tac-3"], named["G1-02"]) == ("Chicago Blue", "Yippie Band")
    assert named["G1-01"] == es("unit.group", level=1, id="G1-01")


def test_orders_made_from_the_forms_are_commands_the_session_takes(tmp_path):
    """Each form filled with what it offers, checked against the player's forms, then applied as the umpire would:
    green's move and conflict (HOW TO MOVE UNITS, HOW TO RESOLVE CONFLICT 1), blue's move into a minimum box
    (CPD MINIMUM), the Guard in and out (NATIONAL GUARD), blue's conflict (4)."""
    path = tmp_path / "chicago.db"
    session = Session.create(path, "chicago/chicago-1968", {}, 3)

    def forms(player: str) -> tuple[OrderForm, ...]:
        return PLUGIN.order_forms(player_view(path, player), session.game.ctx.scenario.board, EN)

    def send(player: str, verb: str, dice: list[int] | None = None, **values: object) -> None:
        kept = checked({"do": verb, **values}, forms(player))
        session.apply(kept | ({"dice": dice} if dice else {}))

    try:
        groups = [u.id for u in session.game.state.at("lincoln-park", "demonstrators") if u.id.startswith("G1")]
        send("demonstrators", "move", units=groups, to="old-town")
        session.apply(END)
        send("demonstrators", "conflict", [4], box="old-town")  # 36:6 is 6:1: DP2 (tests/test_chicago_game.py)
        assert session.game.state.scores == {"police": 0, "demonstrators": 2}
        session.apply(END)
        send("police", "move", units=["Tac-1"], to="conrad-hilton", minimum=True)
        send("police", "move", units=["Tac-3", "Tac-4", "P1-19"], to="old-town")
        send("police", "guard", units=2, to="state-street")
        send("police", "guard-out", units=["NG-02"])
        session.apply(END)
        send("police", "conflict", [5], box="old-town", table="assault", attack=["Tac-3", "Tac-4", "P1-19"],
             defend=[groups[0]])
        state = session.game.state
        assert state.units["Tac-1"].attrs["minimum"] and state.units["NG-01"].node == "state-street"
        assert session.game.events[-1].kind == "conflict" and session.game.events[-1].data["defend"] == [groups[0]]
    finally:
        session.close()


def test_checked_refuses_what_the_forms_do_not_offer():
    """An order checked against his forms alone: a counter not offered (the other side's, or his own in another
    step), a key missing, a key unknown, a wrong type, each refused in one line."""
    game = face_off()
    mine = tuple(PLUGIN.order_forms(view_of(game, "police"), game.ctx.scenario.board, EN))
    for wrong in ({"do": "conflict", "box": "gold-coast", "attack": ["G1-01"]}, {"do": "conflict"},
                  {"do": "conflict", "box": "gold-coast", "path": ["loop"]}, {"do": "conflict", "box": ["gold-coast"]},
                  {"do": "conflict", "box": "loop"}, {"do": "move", "units": ["Tac-3"], "to": "loop"},
                  {"do": "conflict", "box": "gold-coast", "table": "assault", "defend": []}):
        with pytest.raises(RefereeError) as refused:
            checked(wrong, mine)
        assert "\n" not in str(refused.value)
    assert checked({"do": "conflict", "box": "gold-coast", "table": "assault"}, mine) == {
        "do": "conflict", "box": "gold-coast", "table": "assault"}


# the leak test: over games the computer players play, every counter a form offers is one he commands or one he has
# identified in a current sighting, and every box a conflict targets is one where he stands or sees the other side

SCENARIOS = ("chicago/chicago-1968", "chicago/chicago-1968-commanders")
EVERY = 3  # events between two looks


def leaks(game: Game) -> list[str]:
    """Each player's forms at many points of a played game, against the truth of those points (the state folded
    from the log) and his view: a counter offered that is neither one he commands (his side's, or his own counters
    where his side has several players) nor one identified in a current sighting of his; a box to fight in where
    neither a unit of his nor a current sighting of the other side stands."""
    ctx, board, found = game.ctx, game.ctx.scenario.board, []
    record, state = new_record(ctx, game.rules, "ab" * 32), game.rules.initial(ctx).thawed()
    alone = {side: sum(p.side == side for p in ctx.scenario.players) == 1 for side in ("police", "demonstrators")}
    for index, event in enumerate(game.events, 1):
        record.feed(event)
        game.rules.evolve(ctx, state, event)
        if index % EVERY:
            continue
        command = record.knowledge.command
        for player in ctx.scenario.players:
            view = record.view(player.id)
            his = {uid for uid, unit in state.units.items() if unit.side == player.side
                   and (alone[player.side] or command.get(uid) == player.id)}
            stands = {unit.node for uid, unit in state.units.items() if uid in his and unit.status == ACTIVE}
            sightings = [s for s in view.sightings if s.current]
            seen = {fact.id for s in sightings for fact in (*s.units, *((s.top,) if s.top else ()))}
            for form in PLUGIN.order_forms(view, board, EN):
                for one in form.fields:
                    values = {choice.value for choice in one.choices}
                    found += [f"{player.id} at event {index}: {form.do} offers {uid}" for uid in values & set(BY_ID)
                              if uid not in his | seen]
                    if one.key == "box":
                        found += [f"{player.id} at event {index}: conflict in {node}" for node in values
                                  if node not in stands and node not in {s.node for s in sightings}]
    return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), fog=st.sampled_from(["off", "on"]), seed=st.integers(0, 2**31),
       kinds=st.sampled_from([("simple", "simple"), ("random", "random"), ("simple", "random"), ("random", "simple")]))
def test_no_form_offers_a_counter_its_player_neither_commands_nor_has_identified(scenario, fog, seed, kinds):
    """Knowledge (DESIGN principles 4, 10): forms built from his view alone, on the open board (HOW TO SET UP THE
    GAME 1) and under option `fog`, one player a side or several."""
    game = autoplay(load(scenario), {"fog": fog}, seed, *kinds, keep_events=True).game
    assert leaks(game) == []


def test_the_leak_check_bites(monkeypatch):
    """A conflict form offering the other side's whole counter mix, rather than the counters he identified, is
    caught; so are forms offering the counters his side's other players command."""
    def leaky(view, board, words, on_board):
        enemy = [(c.id, c.id) for c in BY_ID.values() if TYPES[c.type].side != view.side]
        return OrderForm("conflict", "Conflict", (Field("box", "Box", choices=choices([(n, n) for n in board.nodes])),
                                                  Field("defend", "Attacked", "many", choices(enemy))))

    game = autoplay(load(SCENARIOS[1]), {"fog": "on"}, 1, keep_events=True).game
    assert leaks(game) == []
    monkeypatch.setattr(orders, "_conflict", leaky)
    assert any("conflict offers" in leak for leak in leaks(game))
    assert any("conflict in" in leak for leak in leaks(game))
    monkeypatch.undo()
    monkeypatch.setattr(orders, "his_units", lambda view: view.own)  # his teammates' counters offered too
    assert any("move offers" in leak for leak in leaks(game))
