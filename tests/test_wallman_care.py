"""Casualties on the table (Wallman): triage, moving wounded, the dead, and men burned fighting fires."""

from __future__ import annotations

import pytest

from referee.errors import Refusal
from tests.wallman_game import do, new_game, put, unit


def next_turn(game):
    for _ in range(6):
        do(game, "end-phase")


def casualty(game, cid: str) -> dict:
    return game.state.local["casualties"][cid]


def test_medical_services_only_a_scratch_carries_on_as_before():
    """Medical Services: "'It's only a scratch' ... Just needs a turn patching up and can carry on as before":
    the man is back in his unit from the next turn, and never goes to hospital."""
    game = put(new_game(), {"Foot Patrol": "Market Square", "Ambulance 1": "Market Square"})
    do(game, "fight", 1, 10, unit="Foot Patrol", crowd="Town Hall protest")
    assert unit(game, "Foot Patrol").factors["strength"] == 9
    do(game, "triage", 1, medic="Ambulance 1", casualty="C1")
    assert unit(game, "Foot Patrol").factors["strength"] == 9, "a turn of patching up"
    next_turn(game)
    assert unit(game, "Foot Patrol").factors["strength"] == 10
    assert casualty(game, "C1")["returned"]
    assert "patched-up" in [e.kind for e in game.events]
    with pytest.raises(Refusal, match="C1 is not waiting"):
        do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])


def test_medical_services_an_officer_with_a_scratch_is_no_longer_marked():
    game = put(new_game(), {"Supt. Hale": "Market Square", "Ambulance 1": "Market Square"})
    do(game, "fight", 1, 10, unit="Supt. Hale", crowd="Town Hall protest")
    assert unit(game, "Supt. Hale").attrs["wounded"] == "wounded"
    do(game, "triage", 1, medic="Ambulance 1", casualty="C1")
    next_turn(game)
    assert not unit(game, "Supt. Hale").attrs.get("wounded")


def test_medical_services_the_dead_are_recovered_without_a_die():
    """Medical Services: 'Paramedics have the task of recovering all bodies dead or wounded': a body is
    assessed dead (no die), a turn goes on the stretcher, and the ambulance takes it."""
    game = put(new_game(), {"Riot Van 1": "Market Square", "Ambulance 1": "Market Square"})
    do(game, "shoot", 5, 4, unit="Riot Van 1", crowd="Town Hall protest", firers=1)
    assert casualty(game, "C1")["state"] == "dead"
    events = do(game, "triage", medic="Ambulance 1", casualty="C1")
    assert events[0].data["result"] == "dead" and not events[0].dice
    with pytest.raises(Refusal, match="ready to load from turn 2"):
        do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
    next_turn(game)
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
    assert casualty(game, "C1")["evacuated"]


def test_medical_services_one_who_dies_in_their_arms_is_carried_away_after_the_resuscitation():
    """Medical Services, 6: 'after two turns of frantic resuscitation attempts, the casualty dies'."""
    game = put(new_game(), {"Foot Patrol": "Market Square", "Ambulance 1": "Market Square"})
    do(game, "fight", 1, 10, unit="Foot Patrol", crowd="Town Hall protest")
    do(game, "triage", 6, medic="Ambulance 1", casualty="C1")
    for _turn in (1, 2, 3):
        with pytest.raises(Refusal, match="ready to load from turn 4"):
            do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])
        next_turn(game)
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1"])


def test_moving_wounded_an_ambulance_takes_4_walking_wounded_a_turn_however_many_loads():
    """Moving Wounded: 'An ambulance can take 2 stretcher cases or 4 walking wounded'; two loads in one turn
    cannot make five."""
    game = put(new_game(), {"Support Group": "Market Square", "Ambulance 1": "Market Square"})
    for cid in ("C1", "C2", "C3", "C4", "C5"):
        assert do(game, "fight", 5, 1, unit="Support Group", crowd="Town Hall protest")[0].data["casualty"] == cid
        do(game, "triage", 2, medic="Ambulance 1", casualty=cid)  # injured: walks to the ambulance
    next_turn(game)
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C1", "C2", "C3"])
    with pytest.raises(Refusal, match="4 walking wounded a turn"):
        do(game, "evacuate", ambulance="Ambulance 1", casualties=["C4", "C5"])
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C4"])
    next_turn(game)
    do(game, "evacuate", ambulance="Ambulance 1", casualties=["C5"])


def test_figures_are_wounded_or_dead_a_dead_officer_leaves_the_table():
    """Medical Services: 'figures are classified either wounded or dead': a dead officer neither moves nor dies
    again; his body lies where he fell."""
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    do(game, "snipe", 6, 4, target="Supt. Hale", **{"from": "Church Lane"})
    assert casualty(game, "C1") | {"state": "dead", "of": "Supt. Hale", "node": "Market Square"} == casualty(game, "C1")
    assert unit(game, "Supt. Hale").status == "destroyed" and unit(game, "Supt. Hale").node is None
    with pytest.raises(Refusal, match="Supt. Hale is not on the table"):
        do(game, "move", unit="Supt. Hale", to="Market Cross")
    with pytest.raises(Refusal, match="Supt. Hale is not on the table"):
        do(game, "snipe", 6, 6, target="Supt. Hale", **{"from": "Church Lane"})
    assert len(game.state.local["casualties"]) == 1


def test_figures_are_wounded_or_dead_an_officer_who_dies_in_the_paramedics_arms_is_dead():
    game = put(new_game(), {"Supt. Hale": "Market Square", "Ambulance 1": "Market Square"})
    do(game, "fight", 1, 10, unit="Supt. Hale", crowd="Town Hall protest")
    do(game, "triage", 6, medic="Ambulance 1", casualty="C1")
    assert unit(game, "Supt. Hale").status == "destroyed" and unit(game, "Supt. Hale").attrs["wounded"] == "dead"


def test_fire_fighters_burned_in_a_strong_fire_are_casualties():
    """Fires and Firefighting: at 3 fires the crew count as under petrol-bomb attack; a man burned is
    wounded, a casualty where he fell, as the reconstructed attack reads."""
    game = put(new_game(), {"Engine 1": "High Street East", "Ambulance 1": "High Street East"})
    for _ in range(3):
        do(game, "fire", building="Chemist")
    events = do(game, "firefight", 1, 2, 6, 3, 4, 5, 2, engine="Engine 1", building="Chemist")
    assert events[0].data["casualties"] == {"C1": "wounded"}
    assert unit(game, "Engine 1").factors["strength"] == 5
    assert casualty(game, "C1") | {"of": "Engine 1", "node": "High Street East", "state": "wounded"} == casualty(game, "C1")
    do(game, "triage", 3, medic="Ambulance 1", casualty="C1")


def test_figures_are_wounded_or_dead_a_wounded_officer_killed_is_one_body():
    """Medical Services: a man is wounded or dead, never both: a wounded officer who is killed is the same casualty."""
    game = put(new_game(), {"Supt. Hale": "Market Square"})
    do(game, "fight", 1, 10, unit="Supt. Hale", crowd="Town Hall protest")
    do(game, "snipe", 6, 4, target="Supt. Hale", **{"from": "Church Lane"})
    assert list(game.state.local["casualties"]) == ["C1"] and casualty(game, "C1")["state"] == "dead"
    assert unit(game, "Supt. Hale").status == "destroyed"
