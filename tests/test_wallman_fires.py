"""Fires and Firefighting, and Property Damage (Wallman): several turns of a fire fought by one engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.errors import Refusal
from referee.rulesets.wallman.rules.damage import damage, damage_dice
from referee.rulesets.wallman.rules.fires import Building, Engine, fire_turn
from tests.wallman_game import do, new_game, put, unit
from tests.wallman_support import TABLES, dice


def street():
    return {"Shop": Building("Shop", 20, 2, ("Bank",)), "Bank": Building("Bank", 40, 0, ("Shop",))}


def test_fires_spread_and_firefighting_over_five_turns():
    # Turn 1: no engine. Shop's 2 fires cost 2 points; a 2 (at or under 2) grows a fire; a 1 (under 2) spreads one.
    t1 = fire_turn(TABLES, street(), [], dice(2, 1))
    assert (t1.buildings["Shop"].value, t1.buildings["Shop"].fires, t1.buildings["Bank"].fires) == (18, 3, 1)
    assert t1.buildings["Bank"].value == 40, "a fire that spread this turn burns from the next"

    # Turn 2: an engine (6 crew, 2 turns of water) at the Shop. 3 fires: the crew count as under
    # petrol-bomb attack (a 6 burns one); the engine puts out 2; the Shop's last fire and the Bank's burn.
    engine = Engine("Engine 1", "Shop", crew=6, water=2)
    t2 = fire_turn(TABLES, t1.buildings, [engine], dice(1, 2, 3, 4, 5, 6, 2, 4, 1))
    (engine,) = t2.engines
    assert (engine.crew, engine.water) == (5, 1)
    assert (t2.buildings["Shop"].value, t2.buildings["Shop"].fires) == (17, 1)
    assert (t2.buildings["Bank"].value, t2.buildings["Bank"].fires) == (39, 2)

    # Turn 3: the engine moves to the Bank: 2 fires, the crew are immune; it puts out both. Last of its water.
    t3 = fire_turn(TABLES, t2.buildings, [replace(engine, at="Bank")], dice(3, 6))
    (engine,) = t3.engines
    assert engine.water == 0 and engine.crew == 5
    assert t3.buildings["Bank"].fires == 0 and t3.buildings["Shop"].value == 16

    # Turn 4: out of water, it must connect to a hydrant (a turn), while the Shop's fire grows.
    with pytest.raises(Refusal, match="^Fires and Firefighting: Engine 1 is out of water"):
        fire_turn(TABLES, t3.buildings, [replace(engine, at="Shop")], dice(1, 1))
    t4 = fire_turn(TABLES, t3.buildings, [replace(engine, at="Shop", action="connect")], dice(1))
    (engine,) = t4.engines
    assert engine.hydrant and t4.buildings["Shop"].fires == 2

    # Turn 5: on the hydrant the water does not run out; both fires are put out.
    t5 = fire_turn(TABLES, t4.buildings, [replace(engine, action="fight")], dice(5))
    assert t5.buildings["Shop"].fires == 0 and t5.engines[0].water == 0
    assert t5.buildings["Shop"].value == 15


def test_fires_a_spent_property_keeps_burning_and_growing():
    burnt = fire_turn(TABLES, {"Shed": Building("Shed", 1, 2)}, [], dice(1))
    assert (burnt.buildings["Shed"].value, burnt.buildings["Shed"].fires) == (0, 3)


def test_fires_spread_picks_among_neighbours_with_a_die():
    block = {"A": Building("A", 50, 4, ("B", "C")), "B": Building("B", 50), "C": Building("C", 50)}
    turn = fire_turn(TABLES, block, [], dice(6, 3, 2))
    assert (turn.buildings["B"].fires, turn.buildings["C"].fires) == (0, 1)


def test_fires_it_takes_four_to_man_the_hose():
    with pytest.raises(Refusal, match="takes 4 fire-fighters"):
        fire_turn(TABLES, street(), [Engine("E", "Shop", crew=3, water=2)], dice(1, 1, 1))


def test_fires_an_engine_puts_out_at_most_the_fires_there():
    turn = fire_turn(TABLES, street(), [Engine("E", "Shop", crew=6, water=2)], dice(6))
    assert turn.buildings["Shop"].fires == 0 and turn.buildings["Shop"].value == 20


def test_property_damage_one_die_per_ten_figures():
    assert [damage_dice(TABLES, n) for n in (3, 14, 15, 25, 30)] == [1, 1, 2, 3, 3]
    hit = damage(TABLES, 30, dice(4, 5, 3), figures=25)
    assert (hit.points, hit.value, hit.wreck) == (12, 18, False)


def test_property_damage_to_a_wreck_and_then_fire_on_a_one():
    wrecked = damage(TABLES, 5, dice(6), break_in=True)
    assert (wrecked.value, wrecked.wreck, wrecked.points) == (0, True, 5)
    assert damage(TABLES, 0, dice(1), figures=20).fire
    assert not damage(TABLES, 0, dice(2), figures=20).fire


def test_hydrant_connection_stays_with_the_hydrant_not_the_engine():
    """Fires and Firefighting: 'After that they need to connect to a fire hydrant ... the location of the
    hydrant is significant': an engine that drives off leaves its hydrant, and its empty tank stays empty."""
    game = put(new_game(), {"Engine 1": "Market Cross"})
    game.state.units["Engine 1"] = unit(game, "Engine 1").with_attrs(water=0)
    do(game, "hydrant", engine="Engine 1")
    assert unit(game, "Engine 1").attrs["hydrant"]
    for _ in range(6):
        do(game, "end-phase")
    do(game, "move", unit="Engine 1", to="High Street East")
    assert not unit(game, "Engine 1").attrs["hydrant"]
    do(game, "fire", building="Chemist")
    with pytest.raises(Refusal, match="out of water"):
        do(game, "firefight", 1, engine="Engine 1", building="Chemist")
