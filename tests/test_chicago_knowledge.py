"""What each Chicago-Chicago player knows: the whole board by default (HOW TO SET UP THE GAME 1: the board between
both players), option `fog` (a double-blind game: the boxes a side holds and those next to them, the rest as last
seen, dated), and the players of a side each commanding his counters (RULINGS.md, "Chicago-Chicago: what the
players know").

The leak test plays random legal games under fog and checks every player's `referee view --json` against what his
side could see, worked out plainly from the states after each event (tests/fog_support.py); the sheets' leak test
is in tests/test_chicago_briefing.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.rulesets.chicago.knowledge import MINIMUM, ChicagoKnowledge, built_up
from referee.scenario.catalog import load
from referee.simulate import play as autoplay
from tests.chicago_play import random_game
from tests.fog_support import Observed, in_sight, leaks
from tests.test_chicago_game import END, green_ahead, new_game, next_turn, play

COMMITMENT = "cd" * 32


def knowledge(game: Game) -> ChicagoKnowledge:
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(event)
    assert isinstance(record.knowledge.knowledge.knowledge, ChicagoKnowledge)  # under the deadline, the table's names, the values
    return record


def seen_notes(unit) -> tuple[str, ...]:
    """What a counter in sight shows besides its face: a platoon in its box's minimum box."""
    return (MINIMUM,) if unit.attrs.get("minimum") else ()


def observed(game: Game) -> Observed:
    seen = Observed(game, seen_notes)
    for event in game.events:
        seen.feed(event)
    return seen


def all_leaks(game: Game, moments: list[int]) -> list[str]:
    """Each player's view checked at each moment (a count of events) against the plain observer."""
    record, seen, fed, found = new_record(game.ctx, game.rules, COMMITMENT), Observed(game, seen_notes), 0, []
    for moment in moments:
        for event in game.events[fed:moment]:
            record.feed(event)
            seen.feed(event)
        fed = moment
        for player in game.ctx.scenario.players:
            found += leaks(view_json(record.view(player.id)), seen, player.side)
    return found


def test_set_up_1_the_open_board_shows_every_unit_on_it_both_indices_and_own_counters_everywhere():
    """HOW TO SET UP THE GAME 1: "both have easy access to all information on the board"."""
    game = new_game()
    record = knowledge(game)
    for side, other in (("police", "demonstrators"), ("demonstrators", "police")):
        view = record.view(side)
        on_board = {u.id for u in game.state.units.values() if u.side == other and u.status == ACTIVE}
        assert {u.id for s in view.sightings for u in s.units} == on_board and all(s.current for s in view.sightings)
        assert {u.id for u in view.own} == {u.id for u in game.state.units.values() if u.side == side}
        assert dict(view.scores) == {"police": 0, "demonstrators": 0} and view.target is None
    minimum = [u for s in record.view("demonstrators").sightings for u in s.units if MINIMUM in u.notes]
    assert len(minimum) == 51  # HOW TO SET UP THE GAME 4: 51 platoons in the minimum boxes, seen there


def test_breaking_down_and_building_up_1_own_counters_shown_as_the_board_shows_them():
    """Three alike in a box a company or crowd (12-3, 36-2), the rest single; Tac never built up (TAC UNITS)."""
    view = knowledge(new_game()).view("police")
    notes = {u.id: u.notes for u in view.own}
    assert notes["P1-16"] == ("counters 12-3",) and notes["Tac-1"] == ("counters 5-3 ×2",)
    assert notes["P1-01"] == (MINIMUM, "counters 12-3")
    assert notes["NG-01"] == () and {u.status for u in view.own} == {"active", "off-map"}
    green = {u.id: u.notes for u in knowledge(new_game()).view("demonstrators").own}
    assert green["G1-01"] == ("counters 36-2",) and green["G3-01"] == ("counters 18-1 ×2",)
    unit = new_game().state.units["P2-01"]
    assert [built_up(unit, n) for n in (1, 2, 3, 4, 7)] == ["3-3", "3-3 ×2", "9-3", "9-3, 3-3", "9-3 ×2, 3-3"]


def test_fog_shows_the_boxes_held_and_those_next_to_them():
    """Option fog: the demonstrators in Lincoln Park see it, Old Town and the Lincoln Park neighbourhood; the police,
    holding every minimum box, see the park from them."""
    game = new_game({"fog": "on"})
    record = knowledge(game)
    green = record.view("demonstrators")
    assert {s.node for s in green.sightings} == {"old-town", "lincoln-park-west"}
    assert in_sight(game.ctx, game.state, "demonstrators") == {"lincoln-park", "old-town", "lincoln-park-west"}
    assert all(MINIMUM in u.notes for s in green.sightings for u in s.units)
    assert [(s.node, s.count, s.source) for s in record.view("police").sightings] == [("lincoln-park", 9, "observed")]


def test_fog_dates_what_was_seen_once_out_of_sight():
    """Three level-1 groups go to the Gold Coast in 25A and see North Michigan; back in Old Town in 25B they keep
    its police as seen in 25B, and still so in 25C."""
    game = play(new_game({"fog": "on"}), {"do": "move", "units": ["G1-01", "G1-02", "G1-03"],
                                          "path": ["old-town", "gold-coast"]})
    now = {s.node: s for s in knowledge(game).view("demonstrators").sightings}
    assert now["north-michigan"].current and now["north-michigan"].seen_time == "25A"
    next_turn(game)
    groups = [u.id for u in game.state.at("gold-coast", "demonstrators")]
    play(game, {"do": "move", "units": groups, "to": "old-town"})
    stale = {s.node: s for s in knowledge(game).view("demonstrators").sightings}["north-michigan"]
    assert not stale.current and (stale.seen_turn, stale.seen_time) == (2, "25B")
    next_turn(game)
    data = view_json(knowledge(game).view("demonstrators"))
    north = [u for u in data["units"] if u["node"] == "north-michigan"]
    assert north and all(u["seen"] == 2 and u["time"] == "25B" and not u["current"] for u in north)
    assert all(u["seen"] == 3 for u in data["units"] if u["side"] == "demonstrators")  # own units: now
    assert all_leaks(game, [len(game.events)]) == []


def test_everyone_is_told_the_turn_each_conflict_and_the_guard_but_not_where_the_guard_went():
    """Under fog both sides are told each conflict (both stand in its box), the Exposure Index, the Guard's coming
    (the index moves: NATIONAL GUARD) but not its box, and each new turn."""
    game = play(green_ahead(), {"do": "guard", "units": 2, "to": "conrad-hilton"})
    next_turn(game)
    record = knowledge(game)
    for player in ("police", "demonstrators"):
        told = record.view(player).told
        assert told[0].startswith("25A: conflict in old-town, the demonstrators attacking on HARASS: DP2")
        assert told[1] == "25A: the National Guard comes in: 2 companies; Exposure Index police 0, demonstrators 6"
        assert told[-1] == "25B: turn 25B begins"
    assert not any("conrad-hilton" in line for line in record.view("demonstrators").told)


def test_an_unknown_player_is_an_error_naming_the_known_ones():
    with pytest.raises(RefereeError, match="police, demonstrators|demonstrators, police"):
        knowledge(new_game()).view("mayor")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=250),
       stops=st.lists(st.integers(0, 10**6), min_size=1, max_size=3))
def test_under_fog_no_view_shows_a_unit_out_of_sight(seed, picks, stops):
    """Random legal play under fog; at a few moments, each player's view as JSON: the other side's counters are
    those in sight now (every one, where it is, in its minimum box or not) or last sightings made, at the place and
    turn they were seen; never one off the board, never a hidden attribute."""
    game = random_game(seed, picks, {"fog": "on"})
    assert all_leaks(game, sorted({stop % (len(game.events) + 1) for stop in stops})) == []


def test_the_leak_check_bites(monkeypatch):
    """A view that sees the whole board under fog, or forgets the minimum box it saw, is caught."""
    game = random_game(3, list(range(3, 10**6, 7919))[:300], {"fog": "on"})
    moments = [len(game.events) // 3, len(game.events) // 2, len(game.events)]
    assert all_leaks(game, moments) == []
    monkeypatch.setattr(ChicagoKnowledge, "sight", lambda self, side: set(self.ctx.scenario.board.nodes))
    assert any("not in sight" in leak for leak in all_leaks(game, moments))
    monkeypatch.undo()
    monkeypatch.setattr("referee.rulesets.chicago.knowledge._seen", lambda unit: ())
    assert any("not as it is" in leak or "never seen" in leak for leak in all_leaks(game, moments))


def test_several_players_a_side_each_command_their_counters_and_know_the_sides_others_on_the_board():
    """chicago/chicago-1968-commanders: two police commanders and the Yippies and the Mobe; each knows his own
    counters wherever they are, his side's others on the board marked with their commander, and the counters in
    the box; a counter exchanged a level down stays with its commander (BREAKING DOWN AND BUILDING UP UNITS)."""
    scenario = load("chicago/chicago-1968-commanders")
    assert [(p.id, p.side) for p in scenario.players] == [
        ("yippies", "demonstrators"), ("mobe", "demonstrators"), ("police-north", "police"), ("police-south", "police")]
    game = random_game(5, list(range(5, 10**6, 7919))[:400], {"fog": "on"}, "chicago/chicago-1968-commanders")
    record = knowledge(game)
    views = {p.id: record.view(p.id) for p in scenario.players}
    for player in scenario.players:
        view = views[player.id]
        others = [p.id for p in scenario.players if p.side == player.side and p.id != player.id]
        mine = [u for u in view.own if not any(n.startswith("commanded by ") for n in u.notes)]
        theirs = [u for u in view.own if any(n.startswith("commanded by ") for n in u.notes)]
        assert all(game.state.units[u.id].status == ACTIVE for u in theirs)
        assert {n.removeprefix("commanded by ") for u in theirs for n in u.notes if n.startswith("commanded")} <= set(others)
        on_board = {u.id for u in game.state.units.values() if u.side == player.side and u.status == ACTIVE}
        assert on_board <= {u.id for u in view.own}
        assert {u.id for u in mine} & {u.id for u in views[others[0]].own if not any(
            n.startswith("commanded by ") for n in u.notes) and u.status == ACTIVE} == set()
    command = record.command
    assert {command[uid] for uid in ("P3-01", "P3-04")} == {"police-north"}
    assert all(command[u.id] in ("police-north", "police-south") for u in game.state.units.values()
               if u.side == "police" and u.status == ACTIVE)
    assert all_leaks(game, [len(game.events) // 2, len(game.events)]) == []
    yippies = {uid for uid, who in command.items() if who == "yippies" and game.state.units[uid].status == ACTIVE}
    marked = {u.id for u in views["mobe"].own if "commanded by yippies" in u.notes}
    assert marked == yippies


def test_a_commander_left_with_no_counter_on_the_board_takes_the_next_one_that_comes_on():
    """RULINGS.md, "Several players a side": a counter that comes onto the board commanded by nobody goes first to a
    player of its side who commands no counter there, so that no one sits out the rest of the game. In a game the
    computer players play, the Mobe loses every group and takes the next one added in a park."""
    played = autoplay("chicago/chicago-1968-commanders", {}, 0, "simple", "simple", keep_events=True)
    game = played.game
    record, moments = new_record(game.ctx, game.rules, COMMITMENT), 0
    for event in game.events:
        before = dict(record.command)
        holding = {who for uid, who in before.items() if record.state.units[uid].status == ACTIVE}
        record.feed(event)
        exchanged = {new for _, new in event.data.get("changes", ())}  # a level down: its commander's still
        for side in ("demonstrators", "police"):
            new = [uid for uid in record.command if uid not in before.keys() | exchanged and game.state.units[uid].side == side]
            idle = [p.id for p in game.ctx.scenario.players if p.side == side and p.id not in holding]
            if new and idle:
                moments += 1
                assert record.command[new[0]] == idle[0], (event.kind, new, idle)
    assert moments > 0, "the game has a commander left with nothing on the board"


def test_the_end_is_told_at_the_scenario_s_last_turn_not_the_text_s(cli, tmp_path):
    """HOW TO "WIN" at the end of the last turn: `chicago/two-days` ends at 26C, and its log and every player's
    announcements say so, never the text's 28C."""
    db = tmp_path / "two.db"
    assert cli("simulate", "chicago/two-days", "--seed", "2", "--games", "1", "--save", str(db)).code == 0
    told = [line for line in cli("view", str(db), "--player", "police").lines if "game over" in line]
    assert len(told) == 1 and told[0].strip().startswith("26C: game over:"), told
    last = cli("log", str(db)).lines[-1]
    assert "Game over:" in last and "28C" not in last and "28C" not in told[0]


def test_a_counter_exchanged_a_level_down_stays_with_its_commander():
    """A Yippies' level-1 group wins at Old Town (12:6, 2:1) on DD3: it goes down a level, exchanged for a level-2
    counter that the Yippies command (BREAKING DOWN AND BUILDING UP UNITS; RULINGS.md)."""
    game = Game.new(load("chicago/chicago-1968-commanders"), {}, 1)
    play(game, {"do": "move", "units": ["G1-01"], "to": "old-town"}, END,
         {"do": "conflict", "box": "old-town", "dice": [2]})
    (old, new), = [change for change in game.events[-1].data["changes"] if change[1]]
    view = knowledge(game).view("yippies")
    assert new.startswith("G2-") and new in {u.id for u in view.own if u.node == "old-town"}
    assert knowledge(game).command[new] == "yippies" and old not in knowledge(game).command
    assert "commanded by yippies" in {n for u in knowledge(game).view("mobe").own if u.id == new for n in u.notes}
