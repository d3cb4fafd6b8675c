"""N30 experimental rules as session options: 6.1 faction friction, 6.2 hidden movement, 6.3 police barricades."""

import pytest

from referee.errors import Refusal
from referee.rulesets.n30.rules.phases import CONFRONTATION
from tests.n30_support import arrange, at, new_game

PEACE = ["Environment 1", "Environment 2", "Democracy 1"]


def reclaim_at_1110(**options):
    game = new_game("n30/reclaim-the-streets", faction_friction="on", **options)
    for _ in range(4):
        game.apply({"do": "end-phase"})
    assert game.ctx.scenario.clock.label(game.state.turn) == "11:10"
    return game


def test_factions_are_divided_at_11_10_not_before():
    """6.1: at 11:10 the protester player divides her forces into three factions."""
    game = new_game("n30/reclaim-the-streets", faction_friction="on")
    with pytest.raises(Refusal, match="^6.1: the protesters divide into factions at 11:10"):
        game.apply({"do": "factions", "peace_police": PEACE})


def test_factions_must_be_assigned_before_protesters_move_from_11_10():
    """6.1: from 11:10 the factions constrain movement, so they come first."""
    game = reclaim_at_1110()
    with pytest.raises(Refusal, match="^6.1:"):
        game.apply({"do": "move", "unit": "U1", "to": "3rd & Pike", "dice": [1]})


def test_black_blocs_are_the_named_units_and_peace_police_three_peoples_delegations():
    """6.1: the AAC, INB and SAR are black blocs; 3 People's Delegation clusters are peace police; the rest neutral."""
    game = reclaim_at_1110()
    with pytest.raises(Refusal, match="^6.1: 'Free Tibet' is not a People's Delegation"):
        game.apply({"do": "factions", "peace_police": ["Environment 1", "Environment 2", "Free Tibet"]})
    game.apply({"do": "factions", "peace_police": PEACE})
    factions = {uid: u.attrs["faction"] for uid, u in game.state.units.items() if u.side == "protesters"}
    assert {uid for uid, f in factions.items() if f == "black-bloc"} == {"(A) Action", "Inf. Noise Bde.", "(A) Response"}
    assert {uid for uid, f in factions.items() if f == "peace-police"} == set(PEACE)
    assert factions["U1"] == "neutral"


def test_peace_police_named_twice_is_refused():
    """6.1: the peace police are three different clusters; four names with one repeated are not three."""
    game = reclaim_at_1110()
    with pytest.raises(Refusal, match="^6.1: 'Environment 1' is named twice"):
        game.apply({"do": "factions", "peace_police": ["Environment 1", *PEACE]})
    assert not any("faction" in u.attrs for u in game.state.units.values())


def test_black_bloc_may_not_move_into_or_through_peace_police():
    """6.1: once black blocs or peace police move, they may not move into or through the opposing faction."""
    game = reclaim_at_1110()
    game.apply({"do": "factions", "peace_police": PEACE})
    game = arrange(game, {"2nd & Pike": ["(A) Action"], "3rd & Pike": ["Environment 1"], "2nd & Union": ["U1"]})
    with pytest.raises(Refusal, match="^6.1:"):
        game.apply({"do": "move", "unit": "(A) Action", "path": ["3rd & Pike", "4th & Pike"], "dice": [2]})
    game.apply({"do": "move", "unit": "(A) Action", "path": ["2nd & Union"], "dice": [1]})
    assert "(A) Action" in at(game, "2nd & Union")


def test_stack_order_and_top_unit_are_recorded():
    """6.2 weak: each player chooses which unit is on top of her stack."""
    game = arrange(new_game(hidden="weak"), {"3rd & Pike": ["U1", "Sea Turtles (T)", "Bananarchy"]})
    game.apply({"do": "top", "unit": "Bananarchy"})
    assert at(game, "3rd & Pike") == ["Bananarchy", "U1", "Sea Turtles (T)"]
    assert game.state.stack_index(game.state.units["Bananarchy"]) == 0


def test_strong_hidden_movement_puts_units_face_down_until_contact():
    """6.2 strong: units are placed face down; contact reveals them."""
    game = new_game(hidden="strong")
    assert all(u.attrs["face_down"] for u in game.state.units.values())
    game = arrange(game, {"3rd & Pike": ["6/B", "U1"]}, phase=CONFRONTATION)
    game.apply({"do": "confront", "node": "3rd & Pike", "dice": [6]})
    assert not game.state.units["U1"].attrs["face_down"] and not game.state.units["6/B"].attrs["face_down"]


@pytest.mark.parametrize("option,die,turned",
                         [("third", 2, True), ("third", 3, False), ("two-thirds", 4, True), ("two-thirds", 5, False)])
def test_police_barricades_turn_back_protesters_moving_into_contact(option, die, turned):
    """6.3: police barricades may turn back 1/3 to 2/3 of protester units moving into contact, a die each."""
    game = arrange(new_game(police_barricades=option), {"2nd & Pike": ["(A) Action"], "4th & Pike": ["6/A"]})
    game.apply({"do": "move", "unit": "(A) Action", "to": "4th & Pike", "dice": [2, die]})
    assert at(game, "3rd & Pike" if turned else "4th & Pike", "protesters") == ["(A) Action"]


def test_without_police_barricades_no_die_is_rolled():
    """6.3 is an option: off by default."""
    game = arrange(new_game(), {"2nd & Pike": ["(A) Action"], "3rd & Pike": ["6/A"]})
    events = game.apply({"do": "move", "unit": "(A) Action", "to": "3rd & Pike", "dice": [1]})
    assert [e.kind for e in events] == ["intersection-chosen", "movement-rolled", "unit-moved"]
