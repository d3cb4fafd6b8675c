"""N30 confrontation phase on the map: sections 4, 4.1-4.5 carried out by the session engine."""

import pytest

from referee.errors import Refusal
from referee.rulesets.n30.rules.phases import CONFRONTATION, SUCCESS
from tests.n30_support import arrange, at, new_game


def attack(placement, command, **options):
    game = arrange(new_game(**options), placement, phase=CONFRONTATION)
    return game, {e.kind: e for e in game.apply({"do": "confront", **command})}


def test_police_attack_only_in_the_confrontation_phase():
    """2, 4: attacks happen in the confrontation phase."""
    game = arrange(new_game(), {"3rd & Pike": ["6/B", "U1"]})
    with pytest.raises(Refusal, match="^2:"):
        game.apply({"do": "confront", "node": "3rd & Pike"})


def test_every_police_unit_attacks_every_protester_unit_in_the_intersection():
    """4: the police total their factors in the intersection and divide them among the protester units."""
    _, events = attack({"3rd & Pike": ["6/B", "6/A", "U1", "Sea Turtles (T)"]}, {"node": "3rd & Pike", "dice": [6, 6]})
    data = events["confrontation"].data
    assert data["police_total"] == 3 and data["allocation"] == {"U1": 2, "Sea Turtles (T)": 1}
    assert [u["facing"] for u in data["units"]] == [4, 1]


def test_gas_needs_a_chemical_unit_in_the_intersection():
    """4: the police may gas only where chemical units accompany the attacking squads."""
    with pytest.raises(Refusal, match="^4:"):
        attack({"3rd & Pike": ["6/B", "U1"]}, {"node": "3rd & Pike", "gas": True, "dice": [6]})


def test_forced_retreat_goes_where_the_police_player_chooses():
    """4.1: the police player moves the protester unit into an adjacent intersection of her choice."""
    game, events = attack({"3rd & Pike": ["6/B", "U1"]}, {"node": "3rd & Pike", "retreats": {"U1": "3rd & Union"}, "dice": [2]})
    assert events["unit-retreated"].data == {"unit": "U1", "from": "3rd & Pike", "to": "3rd & Union"}
    assert at(game, "3rd & Union") == ["U1"]


def test_retreat_destination_must_be_adjacent_and_is_checked_before_the_dice():
    """4.1: an adjacent intersection; a wrong choice is refused before any die is rolled."""
    game = arrange(new_game(), {"3rd & Pike": ["6/B", "U1"]}, phase=CONFRONTATION)
    drawn = game.dice.drawn
    with pytest.raises(Refusal, match="^4.1:"):
        game.apply({"do": "confront", "node": "3rd & Pike", "retreats": {"U1": "6th & Seneca"}})
    assert game.dice.drawn == drawn


def test_4_1_default_retreat_never_scores_for_the_protesters_while_another_choice_exists():
    """4.1, 5.1 (ruling): where the police player names no destination, the engine chooses for her, and not
    9th & Pike, the first in map order, which reaches the Convention Center and would score in the success phase."""
    game, events = attack({"Terry & Pike": ["6/B", "7/B", "U1"]}, {"node": "Terry & Pike", "dice": [1]})
    assert events["unit-retreated"].data["to"] in ("Boren & Pike", "Terry & Pine")
    assert game.ctx.scenario.board.adjacency["Terry & Pike"][0] == "9th & Pike"
    game.apply({"do": "end-phase"})
    assert game.state.scores["protesters"] == 0


def test_4_1_default_retreat_scores_only_where_nothing_else_is_legal():
    """4.1, 4 (option retreat_into_police off): with police on the other two sides, 9th & Pike is the one choice."""
    game, events = attack({"Terry & Pike": ["6/B", "7/B", "U1"], "Boren & Pike": ["6/A"], "Terry & Pine": ["7/A"]},
                          {"node": "Terry & Pike", "dice": [1]}, retreat_into_police="off")
    assert events["unit-retreated"].data["to"] == "9th & Pike"


def test_retreat_even_into_police_by_4_1_or_not_by_section_4():
    """4.1 says even into an intersection with police; section 4 says free of police: option retreat_into_police."""
    placement = {"3rd & Pike": ["6/B", "U1"], "3rd & Union": ["7/A"]}
    _, events = attack(placement, {"node": "3rd & Pike", "retreats": {"U1": "3rd & Union"}, "dice": [2]})
    assert events["unit-retreated"].data["to"] == "3rd & Union"
    with pytest.raises(Refusal, match="^4.1:"):
        attack(placement, {"node": "3rd & Pike", "retreats": {"U1": "3rd & Union"}, "dice": [2]}, retreat_into_police="off")


def test_no_protester_unit_is_attacked_twice_in_a_confrontation_phase():
    """4.1: the police may not attack the same protester unit twice in the same confrontation phase."""
    game, _ = attack({"3rd & Pike": ["6/B", "U1"], "3rd & Union": ["7/B"]},
                     {"node": "3rd & Pike", "retreats": {"U1": "3rd & Union"}, "dice": [1]})
    with pytest.raises(Refusal, match="^4.1:"):
        game.apply({"do": "confront", "node": "3rd & Union", "dice": [1]})


def test_surrounded_unit_with_nowhere_to_retreat_is_destroyed():
    """4.1 (ruling): a unit forced back with no legal intersection to go to is destroyed."""
    full = [f"U{i}" for i in range(2, 12)]
    game = arrange(new_game(retreat_into_police="off"),
                   {"2nd & Pine": ["6/B", "U1"], "2nd & Pike": full, "3rd & Pine": ["7/B"], "2nd & Olive": ["8/B"]},
                   phase=CONFRONTATION)
    events = {e.kind: e for e in game.apply({"do": "confront", "node": "2nd & Pine", "dice": [1]})}
    assert events["unit-destroyed"].data == {"unit": "U1", "node": "2nd & Pine", "section": "4.1"}
    assert game.state.units["U1"].status == "destroyed"


def test_gas_roll_of_one_destroys_and_the_unit_leaves_the_map():
    """4, 4.2: a gassed 1 removes the unit from play."""
    game, events = attack({"3rd & Pike": ["6/B", "CART/B", "Bananarchy"]}, {"node": "3rd & Pike", "gas": True, "dice": [1]})
    assert game.state.units["Bananarchy"].status == "destroyed" and at(game, "3rd & Pike", "protesters") == []


def test_gassed_six_replaces_unorganized_with_radicalized_cluster():
    """4.3: replace the unorganized cluster with a radicalized cluster."""
    game, events = attack({"3rd & Pike": ["6/B", "CART/B", "U1"]}, {"node": "3rd & Pike", "gas": True, "dice": [6]})
    assert game.state.units["U1"].type == "radicalized"


def test_gas_political_cost_raises_the_success_level():
    """4.5: 1 success per gassing, +1 per theater/demonstration unit up to 4."""
    game, events = attack({"3rd & Pike": ["6/B", "CART/B", "Sea Turtles (T)", "Environment 1"]},
                          {"node": "3rd & Pike", "gas": True, "dice": [6, 6]})
    assert events["success"].data["points"] == 3 and game.state.scores["protesters"] == 3
    assert "3rd & Pike" in game.state.local["gassed"]


def test_4_5_political_cost_counts_every_theater_or_demonstration_unit_in_the_gassed_intersection():
    """4.5 (ruling): a demonstration cluster that retreated into the intersection earlier in the phase is not
    attacked again (4.1), but it is there when the police gas it, so it counts: 1 + 2, not 1 + 1."""
    game = arrange(new_game(), {"4th & Pike": ["6/B", "Environment 1"],
                                "3rd & Pike": ["6/A", "CART/B", "Sea Turtles (T)", "U1"]}, phase=CONFRONTATION)
    game.apply({"do": "confront", "node": "4th & Pike", "retreats": {"Environment 1": "3rd & Pike"}, "dice": [1]})
    assert at(game, "3rd & Pike", "protesters") == ["Sea Turtles (T)", "U1", "Environment 1"]
    events = {e.kind: e for e in game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [6, 6]})}
    assert [u["id"] for u in events["confrontation"].data["units"]] == ["Sea Turtles (T)", "U1"]
    assert events["confrontation"].data["successes"] == 3 and events["success"].data["points"] == 3


def test_locked_lockdown_may_refuse_to_retreat():
    """4.4: a locked lockdown refusing to retreat stays on 1-3 and is destroyed on 4-6."""
    game, events = attack({"3rd & Pike": ["6/B", "Bananarchy"]}, {"node": "3rd & Pike", "refuse": ["Bananarchy"], "dice": [2, 3]})
    assert events["confrontation"].data["units"][0]["result"] == "stays"
    assert at(game, "3rd & Pike", "protesters") == ["Bananarchy"]
    game, events = attack({"3rd & Pike": ["6/B", "Bananarchy"]}, {"node": "3rd & Pike", "refuse": ["Bananarchy"], "dice": [2, 4]})
    assert game.state.units["Bananarchy"].status == "destroyed"


def test_a_lockdown_named_twice_in_refuse_is_refused():
    """4.4: `refuse` names each refusing lockdown once."""
    with pytest.raises(Refusal, match="^4.4: 'Bananarchy' is named twice"):
        attack({"3rd & Pike": ["6/B", "Bananarchy"]}, {"node": "3rd & Pike", "refuse": ["Bananarchy"] * 2, "dice": [2, 3]})


def test_barricade_goes_when_the_last_protester_unit_is_forced_out():
    """3.3: the barricade is removed when all protester units leave or are destroyed."""
    game = arrange(new_game(), {"3rd & Pike": ["6/B", "U1"]}, phase=CONFRONTATION, markers={"3rd & Pike": ("barricade",)})
    game.apply({"do": "confront", "node": "3rd & Pike", "dice": [1]})
    assert "3rd & Pike" not in game.state.markers


def test_the_success_phase_follows_the_confrontation_phase():
    """2: protester movement, police movement, confrontation, success."""
    game = arrange(new_game(), {}, phase=CONFRONTATION)
    game.apply({"do": "end-phase"})
    assert game.state.phase == SUCCESS
