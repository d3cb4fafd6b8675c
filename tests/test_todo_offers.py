"""The checklists of N30 and Chicago-Chicago offer only what the rules accept now: N30's stacks in the intersections
chosen once no more may be (3), the factions before any stack under faction friction (6.1), the contacts where a squad
may attack (4); Chicago-Chicago's boxes where a conflict may still be fought (HOW TO RESOLVE CONFLICT). Over random
legal play, every place the checklist offers is accepted by the command its key sends there, and every place that
command would be accepted at is offered."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.units import ACTIVE, OFF_MAP
from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.rulesets.chicago.rules.steps import FIGHTER
from referee.rulesets.chicago.rules.todo import todo as chicago_todo
from referee.rulesets.n30.rules.friction import PEACE_POLICE_COUNT, peace_police_pool
from referee.rulesets.n30.rules.movement import destinations, pending
from referee.rulesets.n30.rules.phases import CONFRONTATION, MOVER, POLICE, POLICE_MOVEMENT, PROTESTERS
from referee.rulesets.n30.rules.todo import todo as n30_todo
from tests import chicago_play
from tests import test_chicago_game as chicago
from tests.n30_support import arrange
from tests.n30_support import new_game as n30_game
from tests.test_n30_experimental import PEACE, reclaim_at_1110

END = {"do": "end-phase"}
N30 = ("n30/lock-down-hold-fast", "n30/close-the-ring", "n30/lock-down-hold-fast-two-commanders")


def accepted(game: Game, command: dict) -> bool:
    """Whether the rules accept `command` now (the game stays as it is)."""
    try:
        game.preview(command)
    except Refusal:
        return False
    return True


def offered(items, key: str) -> list[str]:
    """The places of the optional items done with `key`."""
    return [item.node for item in items if item.key == key and not item.required]


# --- N30 ----------------------------------------------------------------------------------------------------------

def unmoved(game: Game, side: str, node: str) -> list[str]:
    return [uid for uid in game.state.stacks[side][node] if uid not in game.state.local["moved"]]


def test_n30_3_once_the_protesters_chose_their_two_intersections_only_those_are_offered():
    """3: "She may move any units in one or two intersections of her choice, as well as all reinforcements she
    receives that turn"; two intersections a turn before 9:00. Once both are chosen, the other stacks are refused
    and no longer offered; the reinforcements still are."""
    game = n30_game("n30/lock-down-hold-fast", seed=5)
    stacks = list(game.state.stacks[PROTESTERS])
    first, second, other = stacks[0], stacks[1], stacks[2]
    assert other in offered(n30_todo(game.ctx, game.state), "m")
    game.apply({"do": "choose", "nodes": [first, second]})
    items = n30_todo(game.ctx, game.state)
    assert offered(items, "m") == [node for node in stacks if node in (first, second)]
    refusal = pytest.raises(Refusal, game.apply, {"do": "roll", "unit": unmoved(game, PROTESTERS, other)[0]})
    assert refusal.value.section == "3" and "may choose 2 intersections" in str(refusal.value)
    waiting = [u.id for u in game.state.units.values() if u.side == PROTESTERS and u.status == OFF_MAP]
    assert waiting and any(item.key == "p" for item in items)
    game.apply({"do": "roll", "unit": waiting[0]})  # a reinforcement moves whatever was chosen


@pytest.mark.parametrize("scenario", ["n30/close-the-ring", "n30/lock-down-hold-fast-two-commanders"])
def test_n30_3_once_the_police_chose_their_one_intersection_the_others_are_not_offered(scenario):
    """3: the police choose one intersection a turn before 11:00; the stack moved from it is offered while a unit
    there has not moved, and no other stack is."""
    game = n30_game(scenario, seed=5)
    game.apply(END)
    assert game.state.phase == POLICE_MOVEMENT and len(game.state.stacks[POLICE]) > 1
    node, ids = next((node, ids) for node, ids in game.state.stacks[POLICE].items() if len(ids) > 1)
    game.apply({"do": "roll", "unit": ids[0]})
    game.apply({"do": "stay", "unit": ids[0]})
    assert offered(n30_todo(game.ctx, game.state), "m") == [node]
    for uid in ids[1:]:
        game.apply({"do": "roll", "unit": uid})
        game.apply({"do": "stay", "unit": uid})
    assert offered(n30_todo(game.ctx, game.state), "m") == []


def test_n30_4_a_contact_where_the_police_have_only_a_chemical_unit_is_not_offered():
    """4: "The police player may attack protesters wherever police hard squads, soft squads, or mounted squads and
    protester units occupy the same intersection"; a chemical unit only accompanies them."""
    game = arrange(n30_game(), {"3rd & Pike": ["CART/B", "U1"], "4th & Pike": ["6/B", "CART/C", "U2"]},
                   phase=CONFRONTATION)
    assert offered(n30_todo(game.ctx, game.state), "a") == ["4th & Pike"]
    refusal = pytest.raises(Refusal, game.apply, {"do": "confront", "node": "3rd & Pike"})
    assert refusal.value.section == "4" and "hard, soft or mounted squad" in str(refusal.value)


def test_n30_6_1_under_faction_friction_the_factions_come_first_at_11_10():
    """6.1: "At 11:10, the protester player should divide her forces into three factions"; until she has, no protester
    unit moves: the checklist asks for the factions (key F) and offers no stack, then offers the stacks."""
    game = reclaim_at_1110()
    assert [(item.section, item.required, item.key) for item in n30_todo(game.ctx, game.state)] == [("6.1", True, "F")]
    refusal = pytest.raises(Refusal, game.apply, {"do": "roll", "unit": "U1"})
    assert refusal.value.section == "6.1"
    game.apply({"do": "factions", "peace_police": PEACE})
    items = n30_todo(game.ctx, game.state)
    assert "6.1" not in {item.section for item in items} and offered(items, "m")


def n30_command(game: Game, pick: int) -> dict:
    """One random command of the phase's side: choose, roll, move or stay in a movement phase (and divide the
    protesters into factions), an attack in the confrontation phase, or the end of the phase."""
    r, state = random.Random(pick), game.state
    side = MOVER.get(state.phase)
    if r.random() < 0.1 or (side is None and state.phase != CONFRONTATION):
        return END
    if side is None:
        contacts = [node for node in state.stacks[PROTESTERS] if state.stacks[POLICE].get(node)]
        return {"do": "confront", "node": r.choice(contacts)} if contacts else END
    rolled = pending(state, side)
    if rolled is not None:
        ways = destinations(game.ctx, state, state.units[rolled], state.local["rolled"][rolled])
        return {"do": "move", "unit": rolled, "path": r.choice(list(ways.values()))} if ways and r.random() < 0.8 \
            else {"do": "stay", "unit": rolled}
    if r.random() < 0.1 and side == PROTESTERS:
        return {"do": "factions", "peace_police": peace_police_pool(state)[:PEACE_POLICE_COUNT]}
    if r.random() < 0.1 and state.stacks[side]:
        return {"do": "choose", "node": r.choice(sorted(state.stacks[side]))}
    free = [u.id for u in state.units.values() if u.side == side and u.status in (ACTIVE, OFF_MAP)
            and u.id not in state.local["moved"]]
    return {"do": "roll", "unit": r.choice(free)} if free else END


def n30_offers_what_it_accepts(game: Game) -> None:
    """3, 4, 6.1: in the protesters' movement phase the factions are asked for while they may be divided; in a
    movement phase with no unit waiting to move (3: one at a time), the stacks offered are those where a unit's roll
    is accepted, and reinforcements are offered while one's roll is; in the confrontation phase the contacts offered
    are those where the police's attack is accepted."""
    state, items = game.state, n30_todo(game.ctx, game.state)
    side = MOVER.get(state.phase)
    if side == PROTESTERS:
        factions = {"do": "factions", "peace_police": peace_police_pool(state)[:PEACE_POLICE_COUNT]}
        assert any(item.key == "F" for item in items) == accepted(game, factions)
    if side is not None and pending(state, side) is None:
        rolls = {node: [{"do": "roll", "unit": uid} for uid in unmoved(game, side, node)] for node in state.stacks[side]}
        assert set(offered(items, "m")) == {node for node, tries in rolls.items() if any(accepted(game, c) for c in tries)}
        waiting = [u.id for u in state.units.values() if u.side == side and u.status == OFF_MAP
                   and u.id not in state.local["moved"]]
        assert any(item.key == "p" for item in items) == any(accepted(game, {"do": "roll", "unit": uid}) for uid in waiting)
    elif state.phase == CONFRONTATION:
        contacts = [node for node in state.stacks[PROTESTERS] if state.stacks[POLICE].get(node)]
        assert set(offered(items, "a")) == {node for node in contacts if accepted(game, {"do": "confront", "node": node})}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from((*N30, "n30/reclaim-the-streets")), friction=st.sampled_from(["off", "on"]),
       seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=120))
def test_n30_3_4_and_6_1_every_place_offered_is_accepted_and_every_place_accepted_is_offered(scenario, friction, seed,
                                                                                             picks):
    """Reclaim the Streets begins at 11:00: under faction friction its second turn asks for the factions (6.1)."""
    game = n30_game(scenario, seed=seed, faction_friction=friction)
    for pick in picks:
        if game.state.over:
            break
        n30_offers_what_it_accepts(game)
        try:
            game.apply(n30_command(game, pick))
        except (Refusal, RefereeError):
            continue


# --- Chicago-Chicago ----------------------------------------------------------------------------------------------

def conflicts(game: Game) -> list[str]:
    return offered(chicago_todo(game.ctx, game.state), "c")


def test_chicago_resolve_conflict_a_box_whose_green_units_attacked_this_step_is_dropped():
    """HOW TO RESOLVE CONFLICT 1: green attacks with all its units in a box; once they have attacked, a conflict there
    is refused for the rest of the step, and the checklist no longer offers the box."""
    game = chicago.lose_a_minimum_platoon()
    assert "gold-coast" not in conflicts(game)
    refusal = chicago.refused(game, {"do": "conflict", "box": "gold-coast"}, "HOW TO RESOLVE CONFLICT")
    assert "has attacked already this step" in str(refusal)


def test_chicago_resolve_conflict_6_green_is_not_offered_a_box_below_1_1():
    """HOW TO RESOLVE CONFLICT 6: "the odds must be at least one to one". A level-1 group (12) beside 4 + 4 + 5 blue
    in Old Town is below 1:1, and not offered; two level-1 groups (24) on Lincoln Park West's three level-3 minimum
    platoons (6) are at 4:1, and offered."""
    game = chicago.play(chicago.new_game(), {"do": "place", "units": ["P1-16", "P1-17", "Tac-1"], "to": "old-town"},
                        {"do": "move", "units": ["G1-01"], "to": "old-town"},
                        {"do": "move", "units": ["G1-02", "G1-03"], "to": "lincoln-park-west"})
    chicago.to_step(game, "green-conflict")
    assert conflicts(game) == ["lincoln-park-west"]
    chicago.refused(game, {"do": "conflict", "box": "old-town"}, "HOW TO RESOLVE CONFLICT 6")
    chicago.play(game, {"do": "conflict", "box": "lincoln-park-west"})


def blue_beside_two_groups(*units: str) -> Game:
    """Green's G1-01 (12) and G3-01 (6) in Old Town; blue moves `units` in from the Loop and fights (step 4)."""
    game = chicago.play(chicago.new_game(), {"do": "move", "units": ["G1-01", "G3-01"], "to": "old-town"})
    chicago.to_step(game, "blue-move")
    chicago.play(game, {"do": "move", "units": list(units), "path": ["river-north", "old-town"]})
    return chicago.to_step(game, "blue-conflict")


def test_chicago_resolve_conflict_4_and_6_blue_is_offered_a_box_where_a_group_it_may_pick_is_at_1_1():
    """HOW TO RESOLVE CONFLICT 4: outside the parks blue may attack single groups; 6: at 1:1 at least. P1-19 and
    Tac-3 (4 + 5 = 9) are below 1:1 on both groups (18) but not on G3-01 (6): Old Town is offered; once they have
    attacked it is not."""
    game = blue_beside_two_groups("P1-19", "Tac-3")
    assert conflicts(game) == ["old-town"]
    chicago.refused(game, {"do": "conflict", "box": "old-town"}, "HOW TO RESOLVE CONFLICT 6")
    chicago.play(game, {"do": "conflict", "box": "old-town", "defend": ["G3-01"]})
    assert conflicts(game) == []


def test_chicago_resolve_conflict_6_blue_is_not_offered_a_box_where_even_the_weakest_group_is_above_it():
    """HOW TO RESOLVE CONFLICT 6: Tac-3 alone (5) is below 1:1 on either group, the weaker at 6: not offered."""
    game = blue_beside_two_groups("Tac-3")
    assert conflicts(game) == []
    chicago.refused(game, {"do": "conflict", "box": "old-town", "defend": ["G3-01"]}, "HOW TO RESOLVE CONFLICT 6")


def chicago_offers_what_it_accepts(game: Game) -> None:
    """HOW TO RESOLVE CONFLICT 1-6: the boxes offered for a conflict are those where one is accepted: green's with all
    its units (1), blue's with every unit it has there against all the green ones or any one of them (3, 4). The
    parks blue must engage on a C turn are listed whatever the odds, for what leaving them costs (HOW TO PLAY 4)."""
    state, items = game.state, chicago_todo(game.ctx, game.state)
    if state.phase not in FIGHTER:
        return
    parks = {item.node for item in items if item.required}
    tries = {node: [{"do": "conflict", "box": node}] + ([{"do": "conflict", "box": node, "defend": [unit.id]}
                                                         for unit in state.at(node, "demonstrators")]
                                                        if FIGHTER[state.phase] == "police" else [])
             for node in game.ctx.scenario.board.nodes if node not in parks}
    assert set(offered(items, "c")) == {node for node, commands in tries.items()
                                        if any(accepted(game, command) for command in commands)}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=150))
def test_chicago_resolve_conflict_every_box_offered_is_accepted_and_every_box_accepted_is_offered(seed, picks):
    game = chicago.new_game(seed=seed)
    for pick in picks:
        if game.state.over:
            break
        chicago_offers_what_it_accepts(game)
        try:
            game.apply(chicago_play.command(game, pick))
        except (Refusal, RefereeError):
            continue
