"""Player Actions (Wallman): "Only one of these can be done in any given turn"; walking is not an action."""

from __future__ import annotations

import pytest

from referee.errors import Refusal
from tests.wallman_game import do, new_game, put, unit

ONE = "^Player Actions: Supt. Hale has already taken his action"


def next_turn(game):
    for _ in range(6):
        do(game, "end-phase")


def test_player_actions_an_officer_fights_once_a_turn_and_then_cannot_negotiate():
    """Player Actions: a fight is his personal action; a second fight or a negotiation must wait for next turn."""
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    do(game, "fight", 5, 5, unit="Supt. Hale", crowd="Town Hall protest")
    with pytest.raises(Refusal, match=ONE):
        do(game, "fight", 5, 5, unit="Supt. Hale", crowd="Town Hall protest")
    with pytest.raises(Refusal, match=ONE):
        do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")
    next_turn(game)
    assert do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")[0].kind == "negotiated"


def test_player_actions_a_fight_the_crowd_starts_is_not_his_action():
    """Player Actions: an officer who has negotiated can still be set upon, and defends himself."""
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")
    do(game, "fight", 5, 5, unit="Supt. Hale", crowd="Town Hall protest", defending=True)
    do(game, "fight", 5, 5, unit="Supt. Hale", crowd="Town Hall protest", defending=True)
    assert game.state.local["acted"] == ["Supt. Hale"]


def test_player_actions_firing_his_gun_is_his_action():
    """Player Actions: 'fire your gun' is a personal action; so a fight after it is refused."""
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    assert do(game, "shoot", 1, unit="Supt. Hale", crowd="Town Hall protest")[0].data["hits"] == 0
    with pytest.raises(Refusal, match=ONE):
        do(game, "fight", 5, 5, unit="Supt. Hale", crowd="Town Hall protest")


def test_player_actions_running_is_his_action_walking_is_not():
    """Player Actions: 'Moving about at the walk is not an action'; 'Run somewhere' is, and goes twice as far."""
    game = new_game()
    with pytest.raises(Refusal, match="on foot covers 1"):
        do(game, "move", unit="Supt. Hale", to="Corn Exchange")  # walking: one place
    do(game, "move", unit="Supt. Hale", to="Corn Exchange", run=True)  # two places, running
    assert unit(game, "Supt. Hale").node == "Corn Exchange"
    with pytest.raises(Refusal, match=ONE):
        do(game, "order", officer="Supt. Hale", to="Panda 2", text="Block the street")
    game = new_game()
    do(game, "move", unit="Sgt. Brennan", to="Market Square")  # a walk, then an action
    do(game, "negotiate", 6, officer="Sgt. Brennan", crowd="Town Hall protest")
    with pytest.raises(Refusal, match="^Player Actions: only a player's personal figure runs"):
        do(game, "move", unit="Foot Patrol", to="Church Lane", run=True)


def test_player_actions_run_after_an_action_is_refused():
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    do(game, "negotiate", 6, officer="Supt. Hale", crowd="Town Hall protest")
    with pytest.raises(Refusal, match=ONE):
        do(game, "move", unit="Supt. Hale", to="Bridge Street", run=True)
    do(game, "move", unit="Supt. Hale", to="Bridge Street")


def test_player_actions_shouting_an_order_within_earshot_is_his_action():
    """Player Actions: 'Shout orders to a unit within earshot' (his place; the next with a megaphone)."""
    game = new_game()
    with pytest.raises(Refusal, match="out of earshot"):
        do(game, "order", officer="Supt. Hale", to="Foot Patrol", text="Hold the Cross")
    events = do(game, "order", officer="Supt. Hale", to="Riot Van 1", text="Mount up")
    assert events[0].data == {"officer": "Supt. Hale", "to": "Riot Van 1", "text": "Mount up", "talk": False}
    with pytest.raises(Refusal, match=ONE):
        do(game, "order", officer="Supt. Hale", to="Insp. Okafor", text="Your vans, Inspector")
    do(game, "order", officer="Sgt. Brennan", to="Panda 1", text="Stay there", megaphone=True)  # the next place
    assert do(game, "order", officer="Insp. Okafor", to="Supt. Hale")[0].data["talk"], "a conversation"


def test_player_actions_what_is_said_reaches_the_other_player():
    """Player Actions: players discuss their situation only as an action; the one spoken to hears it."""
    from referee.rulesets.wallman.knowledge import WallmanRecord

    game = new_game()
    do(game, "order", officer="Supt. Hale", to="Insp. Okafor", text="Vans to the Cross")
    record = WallmanRecord(game.ctx, game.rules, "")
    for event in game.events:
        record.feed(event)
    assert [r.text for r in record.view("okafor").reports] == ["Supt. Hale to Insp. Okafor: Vans to the Cross"]
    assert record.view("brennan").reports == ()
