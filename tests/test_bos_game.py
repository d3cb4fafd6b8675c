"""Battle of Seattle played in memory: the sequence of play, each rule with its section, the turn-end EI
changes, night and morning, victory, and invariants over random legal play."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError, Refusal
from referee.game import Game
from referee.rulesets.bos.rules import calculator, movement, turn_end
from referee.rulesets.bos.rules.forces import MANIFEST
from referee.rulesets.bos.rules.phases import PHASES
from referee.rulesets.bos.rules.setup import OPENING_AREAS
from referee.rulesets.bos.rules.units import TYPES
from referee.scenario.catalog import Scenario, load_file

PATH = Path(__file__).parent.parent / "scenarios" / "bos" / "battle-of-seattle.toml"
DECLINE = {"do": "reinforce", "take": {"group": 0, "crowd": 0, "spd": 0}}
MAYOR = {"do": "events", "dice": [6, 1]}  # 61: Mayor Denounces Protesters, +10 Authority EI
MORNING = ("paramount", "sheraton", "westin", "westlake", "pike-place-market")  # core areas SPD 1 is not in
QUIET = {"do": "events", "dice": [3, 5]}  # 35: Solidarity Forever, nothing done at once


@cache
def scenario() -> Scenario:
    return load_file(PATH, "bos")


def new_game(seed: int = 3, options: dict[str, str] | None = None) -> Game:
    """A fresh session's game."""
    return Game.new(scenario(), options or {}, seed)


def play(game: Game, *commands: dict) -> Game:
    for command in commands:
        game.apply(command)
    return game


def to_phase(game: Game, phase: str) -> Game:
    """End phases until `phase` opens (in the events phase, reinforcements declined but for the Crowds back)."""
    while game.state.phase != phase:
        if game.state.phase == "events" and game.state.local["roll"] is None:
            play(game, QUIET, DECLINE)
            due = [u.id for u in game.state.units.values() if u.attrs.get("due")]  # the Crowds back in the Morning
            play(game, *({"do": "place", "unit": uid, "to": to} for uid, to in zip(due, MORNING, strict=False)))
        game.apply({"do": "end-phase"})
    return game


def whole_turn(game: Game) -> Game:
    """Play a game-turn through: Solidarity Forever, reinforcements declined, every phase ended."""
    turn = game.state.turn
    while game.state.turn == turn and not game.state.over:
        to_phase(game, "turn-end")
        game.apply({"do": "end-phase"})
    return game


def crowd_at(game: Game, node: str) -> str:
    return next(u.id for u in game.state.at(node, "protester") if TYPES[u.type].kind == "crowd")


def refused(game: Game, command: dict) -> str:
    before = game.state
    with pytest.raises(Refusal) as caught:
        game.apply(command)
    assert game.state is before
    return caught.value.section


def test_a_new_session_is_ready_to_play():
    """Setup: SPD 1 in the Convention Centre, five Crowds in the Downtown Core, EI 30 and 0, Stage One."""
    game = new_game()
    assert [e.kind for e in game.events] == ["opening-crowds", "turn-begun"]
    assert game.events[1].data["turn"] == 1 and game.state.phase == "events"
    assert game.state.scores == {"protester": 0, "authority": 30}
    assert game.state.units["SPD 1"].node == "convention-centre"
    on_map = [u for u in game.state.units.values() if u.status == "active"]
    crowds = [u for u in on_map if u.side == "protester"]
    assert len(on_map) == 6 and len(crowds) == 5 and all(TYPES[u.type].kind == "crowd" for u in crowds)
    core = {n.id for n in scenario().board.nodes.values() if "downtown-core" in n.features}
    assert {u.node for u in crowds} <= core
    assert len(game.state.units) == 85 and game.state.local["stage"] == 1


def test_the_phases_follow_the_sequence_of_play():
    """3.0-3.4: events, the Protester player-turn, the Authority player-turn, turn end; then turn 2."""
    game = play(new_game(), MAYOR, DECLINE)
    seen = [game.state.phase]
    for _ in PHASES:
        game.apply({"do": "end-phase"})
        seen.append(game.state.phase)
    assert seen == [*PHASES, "events"] and game.state.turn == 2
    ended = [(e.data["from"], e.data["to"]) for e in game.events if e.kind == "phase-ended"]
    assert ended == list(zip(PHASES, PHASES[1:], strict=False))
    assert [e.data["turn"] for e in game.events if e.kind == "turn-begun"] == [1, 2]


@pytest.mark.parametrize(("commands", "command", "section"), [
    ((), {"do": "end-phase"}, "3.2"),
    ((), {"do": "reinforce"}, "3.2"),
    ((MAYOR,), {"do": "events"}, "4.1"),
    ((MAYOR,), {"do": "emergency", "units": {"spd": 1}}, "4.22"),
    ((MAYOR, DECLINE), {"do": "reinforce"}, "4.21"),
    ((MAYOR, DECLINE), {"do": "emergency", "units": {"state_trooper": 1}}, "7.3"),
    ((MAYOR, DECLINE), {"do": "emergency", "units": {"spd": 15}}, "4.22"),
    ((MAYOR, DECLINE), {"do": "emergency", "units": {"spd": 0, "state_trooper": 0}}, "4.22"),
    ((MAYOR, DECLINE), {"do": "place", "unit": "Anarchists 1", "to": "waterfront"}, "4.2"),
    ((MAYOR, DECLINE), {"do": "lose", "unit": "SPD 1"}, "4.1"),
    ((MAYOR, DECLINE), {"do": "move", "unit": "SPD 1", "to": "paramount"}, "5.0"),
    ((MAYOR, DECLINE), {"do": "combat", "attackers": ["SPD 1"], "defenders": ["Labor 1"]}, "6.1"),
    ((MAYOR, DECLINE), {"do": "escalate", "stage": 3}, "7.3"),
    ((MAYOR, DECLINE), {"do": "escalate", "stage": 2}, "7.3"),
])
def test_each_refusal_cites_its_section(commands, command, section):
    assert refused(play(new_game(), *commands), command) == section


def test_a_random_event_and_the_ei_reinforcements():
    """4.1: 61 adds 10 to the Authority EI; 4.21 at Protester EI 0 (+2d6 Groups, +1 Crowd) and Authority
    40 (+2 SPD): the Protester's drawn units are placed (4.2), the SPD go to the Reserve Pool."""
    game = play(new_game(), MAYOR)
    assert game.state.scores["authority"] == 40 and game.state.local["event"] == "mayor_denounces"
    # 2d6 Groups (1 + 1), one draw die per Group, one per Crowd: each the first of its pile
    (event,) = game.apply({"do": "reinforce", "dice": [1, 1, 1, 1, 1]})
    assert event.data["due"] == {"group": 2, "crowd": 1, "spd": 2}
    due = event.data["units"]
    assert due[:2] == ["Anarchists 1", "Anarchists 2"] and len(due) == 5
    assert [game.state.units[u].status for u in due[3:]] == ["reserve", "reserve"]
    play(game, {"do": "place", "unit": "Anarchists 1", "to": "waterfront"})
    assert game.state.units["Anarchists 1"].node == "waterfront"
    assert refused(game, {"do": "place", "unit": "Anarchists 1", "to": "belltown"}) == "4.2"


def test_reinforcements_may_be_declined_but_not_beyond_the_chart():
    game = play(new_game(), MAYOR)
    assert refused(game, {"do": "reinforce", "take": {"crowd": 2}, "dice": [1, 1, 1, 1, 1]}) == "4.21"


def test_stacking_allows_two_crowds_an_area():
    """5.2: no third Crowd counter in an area, placed or moved."""
    game = play(new_game(), MAYOR, {"do": "reinforce", "take": {"group": 0, "spd": 0}, "dice": [1, 1, 1]})
    crowd = game.events[-1].data["units"][0]
    play(game, {"do": "place", "unit": crowd, "to": "paramount"})
    assert len(game.state.at("paramount", "protester")) == 2
    to_phase(game, "protester-movement")
    assert refused(game, {"do": "move", "unit": crowd_at(game, "convention-centre"), "to": "paramount"}) == "5.2"


def _authority_turn_one() -> Game:
    """Turn 1 with SPD 2 and 3 in the Reserve Pool and two Anarchists on the map."""
    game = play(new_game(), MAYOR, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]},
                {"do": "place", "unit": "Anarchists 1", "to": "international-district"},
                {"do": "place", "unit": "Anarchists 2", "to": "waterfront"})
    return game


def test_movement_by_movement_factor_along_transit_lines():
    """5.0: the example's path (International District - Kingdome - Pioneer Square - Waterfront), no further,
    linked areas only, one move a phase; a Crowd moves one area."""
    game = to_phase(_authority_turn_one(), "protester-movement")
    assert refused(game, {"do": "move", "unit": "Anarchists 1", "path": ["kingdome", "pioneer-square", "waterfront",
                                                                          "pioneer-square"]}) == "5.0"
    assert refused(game, {"do": "move", "unit": "Anarchists 1", "to": "seattle-center"}) == "5.0"  # beyond 3 areas
    assert refused(game, {"do": "move", "unit": crowd_at(game, "sheraton"), "path": ["financial-district",
                                                                                       "pioneer-square"]}) == "5.0"
    play(game, {"do": "move", "unit": "Anarchists 1", "path": ["kingdome", "pioneer-square", "waterfront"]})
    assert game.state.units["Anarchists 1"].node == "waterfront"
    assert refused(game, {"do": "move", "unit": "Anarchists 1", "to": "pioneer-square"}) == "5.0"
    assert refused(game, {"do": "move", "unit": "SPD 1", "to": "paramount"}) == "5.0"


def test_to_moves_by_the_shortest_way_within_the_movement_factor():
    """5.0: `to` finds the shortest way along Transit Lines (International District to the Waterfront through
    Pioneer Square); an area beyond reach, or the one the unit stands in, is refused naming the rule."""
    game = to_phase(_authority_turn_one(), "protester-movement")
    with pytest.raises(Refusal, match="^5.0: Seattle Center is beyond Anarchists 1's reach: 3 areas"):
        game.apply({"do": "move", "unit": "Anarchists 1", "to": "seattle-center"})
    with pytest.raises(Refusal, match="^5.0: Anarchists 1 is already in International District"):
        game.apply({"do": "move", "unit": "Anarchists 1", "to": "international-district"})
    play(game, {"do": "move", "unit": "Anarchists 1", "to": "waterfront"})
    assert game.events[-1].data["path"] == ["pioneer-square", "waterfront"]


def test_units_stop_on_entering_enemy_units():
    """5.0: a unit must stop in an area holding enemy units."""
    game = to_phase(_authority_turn_one(), "protester-movement")
    path = ["financial-district", "convention-centre", "paramount"]
    play(game, {"do": "move", "unit": "Anarchists 2", "to": "pioneer-square"})
    assert refused(_to_convention(game), {"do": "move", "unit": "Anarchists 1", "path": path}) == "5.0"


def test_the_ways_a_unit_may_move_are_those_move_allows():
    """5.0: every area `paths` offers is reached by its path, up to the Movement Factor, stopping where enemy
    units stand (SPD 1 holds the Convention Centre); the example's Waterfront is within reach."""
    game = _to_convention(to_phase(_authority_turn_one(), "protester-movement"))
    unit = game.state.units["Anarchists 1"]
    ways = movement.paths(game.ctx, game.state, unit)
    assert ways["convention-centre"] == ["convention-centre"]
    assert all("convention-centre" not in path[:-1] for path in ways.values())
    assert all(len(path) <= 3 for path in ways.values()) and "waterfront" in ways
    for path in ways.values():
        Game(game.ctx, game.rules, game.state, game.dice.copy()).apply({"do": "move", "unit": unit.id, "path": path})


def _to_convention(game: Game) -> Game:
    """Anarchists 1 brought next to the Convention Centre: in the Financial District (by the umpire's moves)."""
    play(game, {"do": "move", "unit": "Anarchists 1", "path": ["pioneer-square", "financial-district"]})
    for _ in range(7):
        game.apply({"do": "end-phase"})
    play(game, MAYOR, DECLINE)
    return to_phase(game, "protester-movement")


def test_reaction_movement_and_the_reserve_pool():
    """5.1: the Authority at EI 40 reaction-moves one unit (one area, or from the Reserve Pool to any area);
    the Protester at EI 0 none; 5.0: in his Movement Phase the Authority moves any number to or from the Pool."""
    game = to_phase(_authority_turn_one(), "authority-reaction")
    assert refused(game, {"do": "move", "unit": "SPD 1", "path": ["paramount", "capitol-hill"]}) == "5.1"
    play(game, {"do": "move", "unit": "SPD 2", "to": "waterfront"})
    assert game.state.units["SPD 2"].node == "waterfront" and game.state.units["SPD 2"].status == "active"
    assert refused(game, {"do": "move", "unit": "SPD 1", "to": "paramount"}) == "5.1"
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 2", "to": "reserve-pool"}, {"do": "move", "unit": "SPD 3", "to": "belltown"})
    assert game.state.units["SPD 2"].status == "reserve" and game.state.units["SPD 2"].node is None
    to_phase(game, "protester-reaction")
    assert refused(game, {"do": "move", "unit": "Anarchists 1", "to": "kingdome"}) == "5.1"


def test_coffee_break_and_the_kids_stop_movement():
    """Random Events Table 23 and 21."""
    game = play(new_game(), {"do": "events", "dice": [2, 3]}, DECLINE)
    to_phase(game, "protester-movement")
    labor = next(u.id for u in game.state.units.values() if u.type == "labor" and u.status == "active")
    assert refused(game, {"do": "move", "unit": labor, "to": "financial-district"}).startswith("Random Events Table 23")


def test_a_combat_in_play_agrees_with_the_calculator():
    """6.1-6.4: the session resolves a combat exactly as `referee resolve bos` does; an Authority unit failing
    its Morale Check goes to the Reserve Pool, +1 Protester EI, and lets the Authority go to Stage Two (7.3)."""
    game = to_phase(new_game(), "protester-combat")
    crowd = crowd_at(game, "convention-centre")
    dice = [5, 1, 6]
    (event,) = game.apply({"do": "combat", "attackers": [crowd], "defenders": ["SPD 1"], "dice": dice})
    expected = calculator.calculate("bos", {
        "attacker": "protester", "attackers": [{"id": crowd, "type": game.state.units[crowd].type}],
        "defenders": [{"id": "SPD 1", "type": "spd"}], "crowds_present": True, "dice": dice,
        "ei": {"authority": 30, "protester": 0}}, None)
    assert event.data["units"] == expected["units"] and event.data["change"] == expected["ei"]
    assert event.data["ei"] == expected["ei_after"] == {"authority": 30, "protester": 1}
    assert game.state.units["SPD 1"].status == "reserve" and game.state.scores["protester"] == 1
    assert refused(game, {"do": "combat", "attackers": [crowd], "defenders": ["SPD 1"]}) == "6.1"
    play(game, {"do": "escalate", "stage": 2})
    assert game.state.local["stage"] == 2
    assert refused(game, {"do": "escalate", "stage": 3}) == "7.3"
    whole_turn(game)
    assert refused(game, {"do": "escalate", "stage": 3}) == "7.3"
    whole_turn(game)
    play(game, {"do": "escalate", "stage": 3})
    assert game.state.local["stage_three"]


def test_barricades_wait_for_stage_two():
    """7.2, 7.3: no barricade at Stage One."""
    game = to_phase(new_game(), "protester-movement")
    assert refused(game, {"do": "barricade", "unit": crowd_at(game, "westin")}) == "7.3"


def test_the_turn_end_ei_changes():
    """3.4 and the chart: +Exposure Value per Downtown Core area held (the five opening Crowds' areas), -1
    Authority per five SPD on the map, applied under 2.3."""
    game = to_phase(new_game(), "turn-end")
    held_value = sum(turn_end.exposure_values(scenario().board)[node] for node in OPENING_AREAS)
    change = next(e for e in reversed(game.events) if e.kind == "ei-changed")
    assert change.data["source"] == "turn end" and change.data["change"] == {"authority": -1, "protester": held_value}
    assert game.state.scores == {"authority": 29, "protester": held_value}
    held = {node: [u.type for u in game.state.at(node, "protester")] for node in game.state.occupied("protester")}
    assert change.data["change"] == turn_end.changes(scenario().board, held, 1, False)


def test_night_takes_the_crowds_and_the_morning_brings_them_back():
    """7.1: the Crowds leave the map after the Afternoon turn; no Crowd is placed at night, and CFs halve; in
    the Morning the Crowds removed at nightfall are reinforcements again."""
    game = whole_turn(new_game())
    to_phase(game, "turn-end")
    crowds = next(e for e in game.events if e.kind == "nightfall").data["units"]
    assert len(crowds) == 5 and all(game.state.units[u].status == "off-map" for u in crowds)
    game.apply({"do": "end-phase"})
    assert game.state.turn == 3
    opening = sum(turn_end.exposure_values(scenario().board)[node] for node in OPENING_AREAS)
    assert game.state.scores["protester"] == 2 * opening <= 40  # 21-40: +1d6 Groups (declined), +2 Crowds held to the Morning
    play(game, QUIET, {"do": "reinforce", "take": {"group": 0, "spd": 0}, "dice": [1, 1, 1]})
    held = game.events[-1].data["held"]
    assert len(held) == 2 and refused(game, {"do": "place", "unit": held[0], "to": "waterfront"}) == "4.2"
    whole_turn(game)
    assert game.state.turn == 4
    play(game, QUIET, DECLINE)
    back = game.events[-1].data["units"]
    assert set(back) == set(crowds) | set(held)
    play(game, {"do": "place", "unit": back[0], "to": "waterfront"})
    assert game.state.units[back[0]].node == "waterfront"


def test_victory_is_judged_at_the_end_of_the_last_turn():
    """8.0: after the Turn End Phase of turn 8 the game ends; nothing more is applied."""
    game = new_game()
    for _ in range(8):
        whole_turn(game)
    assert game.state.over and game.events[-1].kind == "game-ended"
    assert game.events[-1].data["level"] == turn_level(game)
    assert refused(game, {"do": "end-phase"}) == "8.0"


def turn_level(game: Game) -> str:
    from referee.rulesets.bos.rules.victory import level

    return level(game.state.scores)


def test_the_extension_runs_to_turn_eleven():
    game = new_game(options={"extend": "on"})
    for _ in range(8):
        whole_turn(game)
    assert not game.state.over and game.state.turn == 9


def _candidates(game: Game, pick: int) -> dict:
    """A command that the rules may take in this phase, chosen by `pick`."""
    state = game.state
    units = sorted(state.units.values(), key=lambda u: u.id)
    unit = units[pick % len(units)]
    if state.phase == "events":
        if state.local["roll"] is None:
            return {"do": "events"}
        if not state.local["reinforced"]:
            return {"do": "reinforce"}
        due = [u.id for u in units if u.attrs.get("due")]
        nodes = sorted(scenario().board.nodes)
        if due and pick % 3:
            return {"do": "place", "unit": due[pick % len(due)], "to": nodes[pick % len(nodes)]}
        if state.local["loss"]:
            eligible = [u.id for u in units if u.side == state.local["loss"][0] and u.status in ("active", "reserve")]
            return {"do": "lose", "unit": eligible[pick % len(eligible)] if eligible else unit.id}
        return {"do": "end-phase"}
    if pick % 4 == 0:
        return {"do": "end-phase"}
    side = "protester" if state.phase.startswith("protester") else "authority"
    ours = [u for u in units if u.side == side and u.status in ("active", "reserve")] or units
    unit = ours[pick % len(ours)]
    if "combat" in state.phase and unit.node:
        enemies = [u.id for u in state.at(unit.node) if u.side != unit.side]
        if enemies:
            return {"do": "combat", "attackers": [unit.id], "defenders": [enemies[pick % len(enemies)]]}
    if unit.node:
        near = sorted(scenario().board.neighbours(unit.node))
        return {"do": "move", "unit": unit.id, "to": near[pick % len(near)]}
    return {"do": "move", "unit": unit.id, "to": "westlake"}


def _check(game: Game) -> None:
    state = game.state
    assert min(state.scores.values()) >= 0, "2.3: no Exposure Index below zero"
    for node in scenario().board.nodes:
        assert sum(TYPES[u.type].kind == "crowd" for u in state.at(node)) <= 2, "5.2"
        assert state.markers.get(node, ()).count("barricade") <= 1, "5.2"
    for unit in state.units.values():
        places = [(side, node) for side, stacks in state.stacks.items() for node, ids in stacks.items() if unit.id in ids]
        assert places == ([(unit.side, unit.node)] if unit.status == "active" else []), unit.id
        assert (unit.node is None) == (unit.status != "active")
    replayed = game.rules.initial(game.ctx)
    for event in game.events:
        replayed = replayed.thawed()
        game.rules.evolve(game.ctx, replayed, event)
    assert replayed.to_json() == state.to_json(), "the fold of the events is the live state"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=120))
def test_random_legal_play_keeps_the_invariants(seed, picks):
    _check(random_game(seed, picks))


def random_game(seed: int, picks: list[int], options: dict[str, str] | None = None) -> Game:
    """A game played from `seed` by random legal commands, one a pick (those the rules refuse left out)."""
    game = new_game(seed, options)
    for pick in picks:
        if game.state.over:
            break
        try:
            game.apply(_candidates(game, pick))
        except (Refusal, RefereeError):
            continue
    return game


def test_the_extension_sets_the_games_length_and_the_turns_are_named():
    """2.4, 8.0: `extend=on` (or `yes`, `agreed`) is an 11-turn game; turns carry the text's names."""
    for word in ("on", "yes", "agreed"):
        assert new_game(options={"extend": word}).ctx.scenario.clock.turns == 11
    game = new_game()
    assert game.ctx.scenario.clock.turns == 8 and new_game(options={"extend": "tie"}).ctx.scenario.clock.turns == 8
    assert [game.ctx.scenario.clock.label(t) for t in (1, 3, 8, 11)] == [
        "Morning, 30 November", "Night, 30 November", "Afternoon, 2 December", "Afternoon, 3 December"]
    with pytest.raises(RefereeError, match="option extend must be one of off, on, tie"):
        new_game(options={"extend": "maybe"})


def test_the_umpire_may_place_the_opening_crowds_elsewhere_in_the_downtown_core_before_the_first_roll():
    """Setup Instructions: the five Crowds go to "any areas of the Downtown Core"; the default placement is
    the umpire's to change until the Random Event of game-turn 1 is rolled."""
    game = new_game()
    crowd = next(u for u in game.state.units.values() if u.status == "active" and u.side == "protester")
    target = next(n for n in ("pike-place-market", "financial-district") if n != crowd.node)
    play(game, {"do": "place", "unit": crowd.id, "to": target})
    assert game.state.units[crowd.id].node == target and crowd.id in game.state.stacks["protester"][target]
    with pytest.raises(Refusal, match="^Setup Instructions: .*Downtown Core, not Capitol Hill"):
        game.apply({"do": "place", "unit": crowd.id, "to": "capitol-hill"})
    play(game, QUIET)
    with pytest.raises(Refusal, match="^4.2: "):
        game.apply({"do": "place", "unit": crowd.id, "to": "westin"})


def test_folk_music_festival_sets_the_liberals_aside_until_the_next_morning():
    """Random Events Table 24: "Remove all Liberal units: they reappear in the Morning turn of the following
    day" — not drawn meanwhile, back as reinforcements to place on game-turn 4 (RULINGS.md)."""
    game = next(g for g in map(new_game, range(1, 40))
                if any(u.type == "liberal" and u.status == "active" for u in g.state.units.values()))
    liberals = [u.id for u in game.state.units.values() if u.type == "liberal" and u.status == "active"]
    play(game, {"do": "events", "dice": [2, 4]}, DECLINE)
    assert all(game.state.units[uid].status == "off-map" and game.state.units[uid].attrs["nightfall"] for uid in liberals)
    for _ in range(3):
        whole_turn(game)
    assert game.state.turn == 4
    play(game, QUIET, DECLINE)
    assert all(game.state.units[uid].attrs["due"] for uid in liberals)


def test_reinforcements_not_placed_are_declined_in_the_log():
    """4.21: a player may decline reinforcements; those not placed when the phase ends are named in the log."""
    game = play(new_game(), MAYOR, {"do": "reinforce", "take": {"crowd": 0}, "dice": [1, 1, 1, 1]})
    due = sorted(u.id for u in game.state.units.values() if u.attrs.get("due"))
    assert len(due) >= 2
    play(game, {"do": "place", "unit": due[0], "to": "waterfront"}, {"do": "end-phase"})
    assert sorted(game.events[-1].data["declined"]) == due[1:] and "not placed, declined: " in game.narrate(game.events[-1])
    assert all(not game.state.units[uid].attrs.get("due") for uid in due)


def test_41_42_faction_friction_the_combat_form_ticks_one_faction_and_the_rule_takes_it():
    """Random Events Table 41-42, Faction Friction: Protester units of different factions may not combine in attacks.
    The combat form's ticked attackers (fighting.attackers_together) are one faction, the most numerous, and a
    combat of them passes the rule that refuses the mixed ones; without the event, every unit is ticked."""
    from referee.rulesets.bos.rules.combat import Combat, Fighter, _check_protester_attack
    from referee.rulesets.bos.rules.events import EVENTS
    from referee.rulesets.bos.rules.fighting import attackers_together

    state = new_game().state.thawed()
    protesters = [u for u in state.units.values() if u.side == "protester"]
    by_faction: dict[str, list] = {}
    for unit in protesters:
        by_faction.setdefault(TYPES[unit.type].name, []).append(unit)
    two = [units for units in by_faction.values() if len(units) >= 2]
    mixed = [*two[0], by_faction[next(f for f in by_faction if f != TYPES[two[0][0].type].name)][0]]
    assert attackers_together(state, "protester", mixed) == [u.id for u in mixed]
    state.local = {**state.local, "event": "faction_friction"}
    ticked = attackers_together(state, "protester", mixed)
    assert ticked == [u.id for u in two[0]]
    combat = lambda ids: Combat(attacker="protester", attackers=tuple(  # noqa: E731
        Fighter(uid, TYPES[state.units[uid].type], False) for uid in ids), defenders=(), stage=1, night=False,
        barricade=False, events=(EVENTS["faction_friction"],), crowds_present=False)
    _check_protester_attack(combat(ticked))
    with pytest.raises(Refusal, match="different factions") as refused:
        _check_protester_attack(combat([u.id for u in mixed]))
    printed = dict((kind, name) for kind, name, _ in MANIFEST)  # as the counters name them, not the types' ids
    assert refused.value.reason.endswith(f"({', '.join(sorted({printed[u.type] for u in mixed}))})")
    assert attackers_together(state, "authority", mixed) == [u.id for u in mixed]
