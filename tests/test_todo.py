"""The phase's checklist of every game: what the rules still require or leave to the players' choice, built from the
state alone, each item dropped once done; the status line saying it at 120x40 and 80x24 without cutting a word;
`n` going to the next item's place."""

from __future__ import annotations

import re

import pytest

from referee.core.events import ITEMS
from referee.core.units import ACTIVE
from referee.game import Game
from referee.rulesets.bos.rules.arrivals import losable
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.todo import todo as bos_todo
from referee.rulesets.chicago.rules import board as chicago_board
from referee.rulesets.chicago.rules.sequence import PARK_PENALTY
from referee.rulesets.chicago.rules.todo import todo as chicago_todo
from referee.rulesets.n30.rules.todo import todo as n30_todo
from referee.rulesets.wallman.rules import moves
from referee.rulesets.wallman.rules.crowds import CHART
from referee.rulesets.wallman.rules.rolls import owed
from referee.rulesets.wallman.rules.todo import todo as wallman_todo
from referee.tui.widgets.status_bar import checklist
from tests import test_bos_game as bos
from tests import test_chicago_game as chicago
from tests.n30_support import new_game as n30_game
from tests.tui_support import drive, make_session, press, screen_lines

END = {"do": "end-phase"}


def sections(items) -> list[tuple[str, bool]]:
    return [(item.section, item.required) for item in items]


# --- Battle of Seattle --------------------------------------------------------------------------------------------

def test_bos_3_2_the_event_4_1_then_reinforcements_4_21_then_emergency_4_22_each_dropped_once_done():
    game = bos.new_game()
    assert sections(bos_todo(game.ctx, game.state)) == [("4.1", True), ("4.21", True), ("4.22", False)]
    bos.play(game, bos.QUIET)
    assert sections(bos_todo(game.ctx, game.state)) == [("4.21", True), ("4.22", False)]
    bos.play(game, bos.DECLINE)
    assert sections(bos_todo(game.ctx, game.state)) == [("4.22", False)]  # the Authority's choice, until the phase ends
    bos.play(game, END)
    assert {(item.section, item.required) for item in bos_todo(game.ctx, game.state)} == {("5.0", False)}  # moves


def test_bos_5_0_and_5_1_the_areas_whose_units_may_still_move_or_reaction_move():
    """5.0: in a Movement Phase the areas holding a unit of the moving side with a move the rules allow are offered,
    optional; 5.1: in a Reaction Phase, likewise one area a step, until the Reaction Move Limit is used."""
    from referee.rulesets.bos.rules import movement

    game = bos.to_phase(bos.new_game(), "protester-movement")
    offered = [item.node for item in bos_todo(game.ctx, game.state)]
    expected = [node for node in game.ctx.scenario.board.nodes if any(
        movement.refused(game.ctx, game.state, unit, to) is None
        for unit in game.state.at(node, "protester") for to in movement.paths(game.ctx, game.state, unit))]
    assert offered == expected and offered
    game = bos.to_phase(game, "authority-reaction")
    items = bos_todo(game.ctx, game.state)
    assert items and {(item.what, item.section, item.key) for item in items} == {("a reaction move", "5.1", "m")}
    unit = next(u for u in game.state.at(items[0].node, "authority"))
    to = next(to for to in movement.paths(game.ctx, game.state, unit)
              if movement.refused(game.ctx, game.state, unit, to) is None)
    bos.play(game, {"do": "move", "unit": unit.id, "to": to})
    limit = movement.reinforcement.reaction_limit(game.state.scores["authority"])
    assert (bos_todo(game.ctx, game.state) == ()) == (game.state.local["reacted"] >= limit)


def test_bos_5_0_the_reserve_pool_is_named_while_a_unit_there_may_move_onto_the_map():
    """5.0: "the Authority may move units from the Reserve Pool to any area"; once they moved, no longer offered."""
    from referee.rulesets.bos.rules import movement
    from referee.rulesets.bos.rules.todo import POOL_NAME

    def pooled(game) -> list:
        return [(i.section, i.key, i.required) for i in bos_todo(game.ctx, game.state) if i.subject == POOL_NAME]

    game = bos.to_phase(bos._authority_turn_one(), "authority-movement")
    waiting = [u.id for u in game.state.units.values() if u.side == "authority" and u.status == "reserve"]
    assert waiting and pooled(game) == [("5.0", "m", False)]
    for uid in waiting:
        to = next(to for to in game.ctx.scenario.board.nodes
                  if movement.refused(game.ctx, game.state, game.state.units[uid], to) is None)
        bos.play(game, {"do": "move", "unit": uid, "to": to})
    assert pooled(game) == []


def test_bos_4_1_attrition_requires_a_crowd_removed_before_the_phase_ends():
    """Attrition (51-53): the Protester removes a Crowd of his choice; the checklist asks it, with key l."""
    tens, ones = EVENTS["attrition"].rolls[0] // 10, EVENTS["attrition"].rolls[0] % 10
    game = bos.play(bos.new_game(), {"do": "events", "dice": [tens, ones]})
    (loss,) = [item for item in bos_todo(game.ctx, game.state) if item.key == "l"]
    assert (loss.section, loss.required) == ("4.1", True) and "crowd" in loss.what
    bos.play(game, {"do": "lose", "unit": losable(game.state)[0]})
    assert all(item.key != "l" for item in bos_todo(game.ctx, game.state))


def test_bos_6_1_combat_offered_where_both_sides_stand_until_they_have_fought():
    """6.1: combat is voluntary, and a unit fights once a Combat Phase: optional items, the area dropped once its
    units have fought. Seed 3 opens with a Crowd beside SPD 1 in the Convention Centre and nowhere else."""
    game = bos.to_phase(bos.new_game(), "protester-combat")
    items = bos_todo(game.ctx, game.state)
    assert [(item.node, item.section, item.required, item.key) for item in items] == [
        ("convention-centre", "6.1", False, "c")]
    crowd = bos.crowd_at(game, "convention-centre")
    bos.play(game, {"do": "combat", "attackers": [crowd], "defenders": ["SPD 1"], "dice": [5, 1, 6]})
    assert bos_todo(game.ctx, game.state) == ()


# --- Chicago-Chicago ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("option, cost", [("once", "in all"), ("each", "a park")])
def test_chicago_step_4_on_a_c_turn_each_park_left_costs_what_the_penalty_then_takes(option, cost):
    """HOW TO PLAY step 4: blue must engage all green units in parks on a C turn, else green gets 5 points (once,
    or for each park: option park_penalty); the checklist names the parks the penalty then counts. Where blue
    cannot fight there (no police near Lincoln Park at the start), the cost is said as coming, with no key to press."""
    game = chicago.new_game({"park_penalty": option})
    chicago.next_turn(chicago.next_turn(game))
    chicago.to_step(game, "blue-conflict")
    items = [item for item in chicago_todo(game.ctx, game.state) if item.section == "HOW TO PLAY 4"]
    parks = [item.node for item in items]
    assert parks == ["lincoln-park"] and [(item.required, item.key) for item in items] == [(False, "")]
    assert f"+{PARK_PENALTY} {cost}" in items[0].what and "cannot engage" in items[0].what
    game.apply(END)
    penalty = chicago.last(game, "park-penalty")
    assert {k: v for k, v in penalty.items() if k != ITEMS} == {"parks": parks, "points": PARK_PENALTY,
                                                  "ei": {"police": 0, "demonstrators": PARK_PENALTY}}


def test_chicago_step_4_a_park_whose_green_units_blue_attacked_is_dropped():
    """HOW TO RESOLVE CONFLICT 3: blue attacks every green unit in a park; then the park is done."""
    game = chicago.play(chicago.new_game(), {"do": "place", "units": {"G1": 3, "G3": 6}, "from": "lincoln-park",
                                             "to": "grant-park-west"})
    chicago.next_turn(chicago.next_turn(game))
    chicago.to_step(game, "blue-move")
    for box in ("loop", "conrad-hilton"):  # 1:1 at least (HOW TO RESOLVE CONFLICT 6)
        chicago.play(game, {"do": "move", "units": {"P1": 3, "Tac": 2}, "from": box, "to": "grant-park-west"})
    chicago.to_step(game, "blue-conflict")
    assert [(i.node, i.required) for i in chicago_todo(game.ctx, game.state)] == [("grant-park-west", True)]
    chicago.play(game, {"do": "conflict", "box": "grant-park-west", "table": "harass"})
    assert all(item.node != "grant-park-west" or not item.required for item in chicago_todo(game.ctx, game.state))
    assert not [item for item in chicago_todo(game.ctx, game.state) if item.required]


def test_chicago_cpd_minimum_1_a_short_box_is_required_at_step_3_until_filled():
    """CPD MINIMUM: a platoon lost is spared until the next turn; at its step 3 the box is to be filled, else blue
    loses; filled, it is dropped."""
    game = chicago.lose_a_minimum_platoon()
    chicago.next_turn(game)  # the turn it was lost ends: spared
    chicago.to_step(game, "blue-move")
    items = chicago_todo(game.ctx, game.state)
    assert [(i.node, i.section, i.required) for i in items if i.required] == [("gold-coast", "CPD MINIMUM 1", True)]
    assert items[0].required and all(i.section == "HOW TO MOVE UNITS 1" for i in items[1:])  # required first
    assert len(chicago_board.in_minimum(game.state, "gold-coast")) < 3
    chicago.play(game, {"do": "move", "units": ["P1-19"], "path": ["north-michigan", "gold-coast"], "minimum": True})
    assert not [i for i in chicago_todo(game.ctx, game.state) if i.required]


def test_chicago_how_to_move_1_the_boxes_whose_units_may_still_move_this_step():
    """HOW TO MOVE UNITS 1, 2, 4: in a move step the boxes holding a unit of the moving side that can still enter a
    box next to it are offered, optional, each once, in the board's order."""
    from referee.rulesets.chicago.rules import movement

    game = chicago.new_game()
    board = game.ctx.scenario.board
    offered = [item.node for item in chicago_todo(game.ctx, game.state)]
    expected = [node for node in board.nodes if any(
        movement.out_of_reach(game.ctx, game.state, [unit], goal, False) is None
        for unit in game.state.at(node, "demonstrators") for goal in board.neighbours(node))]
    assert offered == expected and offered
    assert {(i.section, i.required, i.key) for i in chicago_todo(game.ctx, game.state)} == {
        ("HOW TO MOVE UNITS 1", False, "m")}


# --- N30 ----------------------------------------------------------------------------------------------------------

def lock_down(*commands: dict) -> Game:
    game = n30_game("n30/lock-down-hold-fast", seed=5)
    for command in commands:
        game.apply(command)
    return game


def test_n30_4_each_contact_the_police_may_still_attack_until_attacked():
    """4: the police may attack where they share an intersection with protesters (not required); 4.1: not the same
    unit twice, so an attacked contact is dropped."""
    game = lock_down(END, END)
    contacts = [node for node in game.state.stacks["protesters"] if game.state.stacks["police"].get(node)]
    items = n30_todo(game.ctx, game.state)
    assert sorted(item.node for item in items) == sorted(contacts) and contacts
    assert {(item.section, item.required, item.key) for item in items} == {("4", False, "a")}
    game.apply({"do": "confront", "node": items[0].node})
    assert items[0].node not in {item.node for item in n30_todo(game.ctx, game.state)}


def test_n30_3_the_unit_that_rolled_must_move_or_stay_and_each_stack_left_to_move():
    """3: one unit at a time; a unit that rolled moves or stays before another rolls or the phase ends."""
    game = lock_down()
    stacks = game.state.stacks["protesters"]
    assert {item.node for item in n30_todo(game.ctx, game.state) if item.node} == set(stacks)
    node, (unit, *rest) = next((node, ids) for node, ids in stacks.items() if len(ids) == 1)
    game.apply({"do": "roll", "unit": unit})
    (first, *others) = n30_todo(game.ctx, game.state)
    assert (first.section, first.required, first.node) == ("3", True, node) and unit in first.what
    assert not any(item.required for item in others)
    game.apply({"do": "stay", "unit": unit})
    assert node not in {item.node for item in n30_todo(game.ctx, game.state)}
    assert not any(item.required for item in n30_todo(game.ctx, game.state))


# --- Wallman ------------------------------------------------------------------------------------------------------

def riot(*commands: dict) -> Game:
    from referee.scenario.catalog import load

    game = Game.new(load("wallman/town-centre-riot"), {}, 3)
    for command in commands:
        game.apply(command)
    return game


def test_wallman_player_actions_each_officer_not_acted_until_he_acts():
    """Player Actions: one action a turn each, in the players' actions (Sequence of Action 5)."""
    game = riot(*[END] * 4)
    officers = [u.id for u in game.state.units.values() if u.type == "officer" and u.status == ACTIVE]
    items = wallman_todo(game.ctx, game.state)
    assert [item.subject for item in items] == officers and len(officers) > 1
    assert {(item.section, item.required) for item in items} == {("Player Actions", False)}
    game.apply({"do": "order", "officer": officers[0], "to": officers[1], "text": "Hold the square"})
    assert [item.subject for item in wallman_todo(game.ctx, game.state)] == officers[1:]


def test_wallman_crowds_each_crowd_not_moved_drifts_in_the_crowds_movement():
    """Crowds, Sequence of Action 2: the umpire moves every crowd; those that have not moved this turn are required,
    in the crowds' phase only, and a crowd moved by the umpire's hand counts as moved."""
    game = riot(END)
    assert game.state.phase == "crowds"
    crowds = [u for u in game.state.units.values() if u.side == "crowd" and u.status == ACTIVE]
    drifts = [item for item in wallman_todo(game.ctx, game.state) if item.key == "d"]
    assert [item.subject for item in drifts] == [u.id for u in crowds] and len(crowds) > 1
    assert [item.node for item in drifts] == [u.node for u in crowds]
    assert {(item.section, item.required) for item in drifts} == {("Crowds", True)}
    game.apply({"do": "drift", "crowd": crowds[0].id})
    to = game.ctx.scenario.board.neighbours(crowds[1].node)
    game.apply({"do": "crowd-move", "crowd": crowds[1].id, "to": next(
        t for t in to if moves.crowd_move_refused(game.ctx, game.state, game.state.units[crowds[1].id], t) is None)})
    left = [item.subject for item in wallman_todo(game.ctx, game.state) if item.key == "d"]
    assert left == [u.id for u in crowds[2:]]
    game.apply(END)
    assert not [item for item in wallman_todo(game.ctx, game.state) if item.key == "d"]


def test_wallman_rl_state_chart_the_crowds_an_event_calls_on_are_required():
    """RL State Chart: additional SF forces coming into view call on the crowds near to roll."""
    game = riot()
    game.apply({"do": "move", "unit": "Panda 1", "to": "Market Cross"})
    due = owed(game.state)
    items = wallman_todo(game.ctx, game.state)
    assert [item.subject for item in items] == list(due) and due
    assert {(item.section, item.required, item.key) for item in items} == {(CHART, True, "r")}
    assert [item.node for item in items] == [game.state.units[crowd].node for crowd in due]


# --- the status line ----------------------------------------------------------------------------------------------

COUNTS = re.compile(r"\+\d+|\d+|more|places?|items?")
"""The words a shortened line puts for what it leaves out."""


def vocabulary(items, place=str) -> set[str]:
    """Every word the checklist may say: its own, each item's words, short or not, its section, place (as `place`
    names it) and subject."""
    said = "to do: optional: · n: next checklist: " + " ".join(
        f"{i.what} {i.short} ({i.section}) {place(i.node) if i.node else ''} {i.subject}" for i in items)
    return {word.rstrip(",:") + end for word in said.split() for end in ("", ",", ":")}


def whole_words(line: str, items, place=str) -> bool:
    known = vocabulary(items, place)
    return all(word in known or COUNTS.fullmatch(word.rstrip(",")) for word in line.split())


@pytest.mark.parametrize("width", [120, 80, 60, 40])
def test_the_checklist_line_fits_its_width_and_cuts_no_word(width):
    """Every word on the line is a word of the whole checklist, or a count of what it leaves out."""
    game = lock_down()
    items = n30_todo(game.ctx, game.state)
    line = checklist(items, width).plain
    assert len(line) <= width and whole_words(line, items), line
    assert "(3)" in line  # the section, whatever is left out


def session(tmp_path, game: str, commands: tuple, seed: int):
    return make_session(tmp_path, {"bos": "bos/battle-of-seattle", "chicago": "chicago/chicago-1968",
                                   "n30": "n30/lock-down-hold-fast", "wallman": "wallman/town-centre-riot"}[game],
                        commands, seed=seed)


SESSIONS = [("bos", (), 3, "4.1"), ("chicago", (END,) * 11, 1, "HOW TO PLAY 4"), ("n30", (END, END), 5, "(4)"),
            ("wallman", (END,) * 4, 3, "Player Actions")]


@pytest.mark.parametrize("game, commands, seed, section", SESSIONS)
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_status_line_shows_the_checklist_whole_words(tmp_path, game, commands, seed, section, size):
    async def script(pilot, app):
        return screen_lines(app)[1], app.screen.checklist(), app.screen.game.ctx.scenario.place_name

    line, items, place = drive(session(tmp_path, game, commands, seed), script, size=size)
    assert section in line and whole_words(line, items, place), line


@pytest.mark.parametrize("game, commands, seed, expected", [
    ("bos", (bos.QUIET, bos.DECLINE, END, END, END), 3, "convention-centre"),
    ("chicago", (END,) * 11, 1, "lincoln-park"),
])
def test_n_selects_the_next_place_to_do(tmp_path, game, commands, seed, expected):
    """The place selected, and named in the notice as the sheets print it (its id never shown)."""
    async def script(pilot, app):
        await press(pilot, "n")
        return app.screen.area, [str(n.message) for n in app._notifications], app.screen.place(expected)

    area, said, name = drive(session(tmp_path, game, commands, seed), script)
    assert area == expected and said[-1].startswith(f"{name}: ") and name != expected


def test_n_starts_a_phase_at_its_first_item_then_goes_on_round(tmp_path):
    """6.1: the areas where the Authority may still fight, the first of them the area selected from the start: the
    phase's first `n` goes to that first one, then each press to the next, round; with an area of no item selected,
    to the first again."""
    from referee.rulesets.bos.tui.widgets import AreasTable
    from referee.session import Session
    from referee.simulate import play_game

    path = make_session(tmp_path, "bos/battle-of-seattle", seed=3)
    session = Session.open(path)
    for command in play_game("bos/battle-of-seattle", {}, 3)[1]:
        areas = [item.node for item in bos_todo(session.game.ctx, session.game.state) if item.node]
        if len(areas) > 2:
            break
        session.apply(command)
    elsewhere = next(node for node in session.game.ctx.scenario.board.nodes if node not in areas)
    session.close()

    async def script(pilot, app):
        selected, went = app.screen.area, []
        for _ in range(len(areas) + 1):
            await press(pilot, "n")
            went.append(app.screen.area)
        app.screen.query_one(AreasTable).pick(elsewhere)
        await press(pilot, "n")
        return selected, went, app.screen.area

    selected, went, after_elsewhere = drive(path, script)
    assert selected == areas[0] and went == [*areas, areas[0]] and after_elsewhere == areas[0]


def test_n_says_the_key_of_a_thing_with_no_place(tmp_path):
    """3.2, 4.1: the event is rolled first: `n` says so, and which key rolls it."""
    async def script(pilot, app):
        await press(pilot, "n")
        return [note.message for note in app._notifications]

    assert drive(session(tmp_path, "bos", (), 3), script)[-1] == "roll the random event (4.1); press r"


def test_n_visits_each_officer_still_to_act(tmp_path):
    """Player Actions: `n` goes to each officer's place in turn (his name said), round."""
    async def script(pilot, app):
        places, said = [], []
        for _ in range(6):
            await press(pilot, "n")
            places.append(app.screen.place)
            said.append(list(app._notifications)[-1].message.split(" at ")[0])
        return places, said, {u.id: u.node for u in app.session.game.state.units.values() if u.type == "officer"}

    places, said, officers = drive(session(tmp_path, "wallman", (END,) * 4, 3), script)
    assert said[:5] == list(officers) and said[5] == said[0]
    assert places[:5] == [officers[officer] for officer in said[:5]]
