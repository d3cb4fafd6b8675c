"""What each Battle of Seattle player knows: the open map by default, option `fog` (a double-blind game), and a
player's own units in full wherever they are (RULINGS.md, "Battle of Seattle: what the players know").

The leak test plays random legal games under fog and checks every player's `referee view --json` against what
his side could see, worked out plainly from the states after each event (tests/fog_support.py); the sheets' leak
test is in tests/test_bos_briefing.py.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.rulesets.bos.knowledge import BosKnowledge
from tests.fog_support import Observed, in_sight, leaks
from tests.test_bos_game import new_game, play, random_game, to_phase

COMMITMENT = "ab" * 32


def knowledge(game: Game) -> BosKnowledge:
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    assert isinstance(record.knowledge.knowledge.knowledge, BosKnowledge)  # under the deadline, the table's names, the values
    return record


def all_leaks(game: Game, moments: list[int]) -> list[str]:
    """Feed the game's events to the players' knowledge and to the plain observer; at each moment (a count of
    events), every player's view checked."""
    record, seen, fed, found = new_record(game.ctx, game.rules, COMMITMENT), Observed(game), 0, []
    for moment in moments:
        for event in game.events[fed:moment]:
            record.feed(event)
            seen.feed(event)
        fed = moment
        for player in game.ctx.scenario.players:
            found += leaks(view_json(record.view(player.id)), seen, player.side)
    return found


def test_the_open_map_shows_every_unit_on_it_and_both_indices():
    game = play(new_game(), {"do": "events", "dice": [6, 1]})
    view = knowledge(game).view("authority")
    on_map = {u.id for u in game.state.units.values() if u.side == "protester" and u.status == ACTIVE}
    assert {u.id for s in view.sightings for u in s.units} == on_map and all(s.current for s in view.sightings)
    assert dict(view.scores) == {"protester": 0, "authority": 40} and view.score == 40
    assert dict(view.facts) == {"stage": "1", "event": "mayor_denounces"}
    assert {u.id for u in view.own} == {u.id for u in game.state.units.values() if u.side == "authority"}


def test_fog_shows_what_is_near_and_dates_what_was_seen():
    """Under fog the Authority, with SPD 1 in the Convention Centre, sees it and the areas next to it; a Crowd
    seen there stays on the sheet, dated, once the SPD unit has left for the Reserve Pool."""
    game = new_game(options={"fog": "on"})
    record = knowledge(game)
    sight = in_sight(game.ctx, game.state, "authority")
    assert sight == {"convention-centre", *game.ctx.scenario.board.neighbours("convention-centre")}
    seen = {u.id for s in record.view("authority").sightings for u in s.units}
    assert seen == {u.id for n in sight for u in game.state.at(n, "protester")} and seen
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 1", "to": "reserve-pool"})
    view = knowledge(game).view("authority")
    assert view.sightings and not any(s.current for s in view.sightings)
    assert {s.seen_turn for s in view.sightings} == {1}
    assert {u.id for s in view.sightings for u in s.units} <= seen


def test_own_units_are_known_wherever_they_wait():
    game = play(new_game(options={"fog": "on"}), {"do": "events", "dice": [3, 5]})
    view = knowledge(game).view("protester")
    statuses = {u.status for u in view.own}
    assert statuses == {"active", "off-map"} and len(view.own) == 62
    notes = {note for u in view.own for note in u.notes}
    assert {"in the Group pile", "in the Crowd pile", "Morale Factor 5"} <= notes


def test_an_unknown_player_is_an_error_naming_the_known_ones():
    try:
        knowledge(new_game()).view("mayor")
    except RefereeError as error:
        assert "protester" in str(error) and "authority" in str(error)
    else:
        raise AssertionError("no error")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=150),
       stops=st.lists(st.integers(0, 10**6), min_size=1, max_size=3))
def test_under_fog_no_view_shows_a_unit_out_of_sight(seed, picks, stops):
    """Random legal play under fog; at a few moments, each player's view as JSON: the other side's units are
    those in sight now (every one of them, where they are) or last sightings made, at the place and turn they were
    seen; never an off-map one of theirs, never their hidden attributes."""
    game = random_game(seed, picks, {"fog": "on"})
    assert all_leaks(game, sorted({stop % len(game.events) + 1 for stop in stops})) == []


def test_the_leak_check_bites(monkeypatch):
    """A view that sees the whole map under fog, or keeps a unit where it was never seen, is caught."""
    game = random_game(7, list(range(0, 10**6, 9973))[:90], {"fog": "on"})
    moments = [len(game.events) // 2, len(game.events)]
    assert all_leaks(game, moments) == []
    monkeypatch.setattr(BosKnowledge, "sight", lambda self, side: set(self.ctx.scenario.board.nodes))
    assert any("not in sight" in leak for leak in all_leaks(game, moments))


def test_a_faction_knows_its_own_units_in_full_and_its_sides_others_on_the_map():
    """bos/battle-of-seattle-factions: a player a Protest Faction or Authority Department (2.3), the counters
    his; the Liberals' player sees his Liberal Crowds wherever they wait, the other factions' only on the map."""
    from referee.scenario.catalog import load

    scenario = load("bos/battle-of-seattle-factions")
    assert [p.id for p in scenario.players] == ["anarchists", "radicals", "labor", "liberals", "environmentalists",
                                                "yahoos", "spd", "state-troopers", "national-guard"]
    assert sorted(uid for p in scenario.players for uid in p.units or ()) == sorted(scenario.units)
    game = play(Game.new(scenario, {"fog": "on"}, 3), {"do": "events", "dice": [3, 5]})
    record = knowledge(game)
    for player in scenario.players:
        view = record.view(player.id)
        mine = {u.id for u in view.own if u.id in (player.units or ())}
        assert mine == set(player.units or ())
        allies = [u for u in view.own if u.id not in mine]
        assert all(u.status == ACTIVE and game.state.units[u.id].side == player.side for u in allies)
        assert all(any(note.startswith("commanded by ") for note in u.notes) for u in allies)
    on_map = {u.id for u in game.state.units.values() if u.side == "protester" and u.status == ACTIVE}
    assert {u.id for u in record.view("anarchists").own} >= on_map
