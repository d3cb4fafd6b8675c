"""Each player's feed (referee.knowledge.feed): his own units' doings and the attacks on them with their results,
each in its turn; his reports from the turn they reached him; nothing of the other side he did not see; on his
live page, following the game.

Expectations come from the event log read plainly (which units each event names, whose they are) and, under fog,
from a plain observer of what each side could see (tests/fog_support.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.briefing.i18n import Strings
from referee.core.events import Event
from referee.game import Game
from referee.knowledge.build import new_record
from referee.knowledge.feed import ATTACKED, OWN, PUBLIC, REPORT, FeedEntry
from referee.knowledge.view import PlayerView
from tests.fog_support import Observed, in_sight
from tests.test_web import MOVE, served, updated  # noqa: F401 (served: the live pages' fixture)

COMMITMENT = "ab" * 32


def views_after(game: Game, upto: int | None = None) -> dict[str, PlayerView]:
    """Every player's view once the knowledge has been fed the game's first `upto` events (all by default)."""
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events[:upto]:
        record.feed(event)
    return {p.id: record.view(p.id) for p in game.ctx.scenario.players}


def named(entry: FeedEntry, kind: str = "unit") -> set[str]:
    """The values of one kind of word an entry names (units by default)."""
    return {one for _, how, value in entry.values if how == kind for one in ([value] if isinstance(value, str) else value)}


def entries(view: PlayerView, line: str) -> list[FeedEntry]:
    return [entry for entry in view.feed if entry.line == line]


def turn_of_events(game: Game) -> list[tuple[int, Event]]:
    """Each event with the turn it happened in (the turn after a turn-begun, as the knowledge folds it)."""
    turn, out = game.rules.initial(game.ctx).turn, []
    for event in game.events:
        turn = event.data["turn"] if event.kind == "turn-begun" else turn
        out.append((turn, event))
    return out


def test_the_feed_is_latest_turn_first_and_in_order_within_a_turn():
    from tests.test_bos_game import random_game

    view = views_after(random_game(5, list(range(300))))["protester"]
    turns = [entry.turn for entry in view.feed]
    assert turns == sorted(turns, reverse=True) and len(set(turns)) > 1
    assert view.feed[0].turn == view.turn


# --- Battle of Seattle ---------------------------------------------------------------------------------------


def _bos(options: dict[str, str] | None = None) -> Game:
    """Turn 1 played into the Authority's Combat Phase: the Protester moves a Crowd (5.0), the Authority moves SPD 1
    onto it and attacks it (6.1)."""
    from tests.test_bos_game import new_game, play, to_phase

    game = new_game(options=options)
    to_phase(game, "protester-movement")
    crowd = next(u for u in game.state.units.values() if u.side == "protester" and u.status == "active")
    near = sorted(game.ctx.scenario.board.neighbours(crowd.node))[0]
    play(game, {"do": "move", "unit": crowd.id, "to": near})
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 1", "to": near})
    to_phase(game, "authority-combat")
    play(game, {"do": "combat", "attackers": ["SPD 1"], "defenders": [crowd.id]})
    return game


def test_bos_each_player_reads_his_own_moves_and_the_combat_6_1():
    """5.0, 6.1: the moves of each side's units are in its own player's feed only, as "own", in turn 1; the combat
    is the Authority's "own" attack and the Protester's "attacked", each followed by the fates the event gives
    (6.3, 6.4) or no losses."""
    game = _bos()
    views = views_after(game)
    moves = [(e.data["unit"], game.state.units[e.data["unit"]].side) for e in game.events if e.kind == "unit-moved"]
    for uid, side in moves:
        mine = [entry for entry in entries(views[side], "moved") if uid in named(entry)]
        assert len(mine) == 1 and mine[0].kind == OWN and mine[0].turn == 1
        theirs = next(p for p in views if p != side)
        assert not [entry for entry in entries(views[theirs], "moved") if uid in named(entry)]
    (combat,) = [e.data for e in game.events if e.kind == "combat"]
    (attack,) = entries(views["authority"], "attack")
    (attacked,) = entries(views["protester"], "attacked")
    assert attack.kind == OWN and named(attack) == {"SPD 1", *combat["defenders"]}
    assert attacked.kind == ATTACKED and named(attacked) == named(attack) and attacked.turn == attack.turn == 1
    lost = {u["id"]: u["fate"] for u in combat["units"] if u["fate"] != "stays"}
    for view in views.values():
        fates = {next(iter(named(entry))): next(iter(named(entry, "status"))) for entry in entries(view, "fate")}
        assert fates == lost and bool(entries(view, "no-loss")) == (not lost)


def _bos_unseen_move() -> Game:
    """Option fog: SPD 1 goes to the Reserve Pool in turn 1, and in turn 2 to an area the Protester cannot see."""
    from tests.test_bos_game import new_game, play, to_phase, whole_turn

    game = new_game(options={"fog": "on"})
    to_phase(game, "authority-movement")
    play(game, {"do": "move", "unit": "SPD 1", "to": "reserve-pool"})
    whole_turn(game)
    to_phase(game, "authority-movement")
    far = sorted(set(game.ctx.scenario.board.nodes) - in_sight(game.ctx, game.state, "protester"))[0]
    play(game, {"do": "move", "unit": "SPD 1", "to": far})
    assert far not in in_sight(game.ctx, game.state, "protester")
    return game


def test_bos_under_fog_a_move_out_of_sight_never_reaches_the_other_side():
    """Option fog: SPD 1 goes to the Reserve Pool and comes back to an area the Protester cannot see; his feed
    never names SPD 1, while the Authority's holds both moves."""
    game = _bos_unseen_move()
    views = views_after(game)
    assert [named(entry) for entry in entries(views["authority"], "moved")] == [{"SPD 1"}, {"SPD 1"}]
    assert not [entry for entry in views["protester"].feed if "SPD 1" in entry.text]


def _unseen_named(game: Game, swapped: bool = False) -> list[str]:
    """Every feed entry that names a unit of the other side its player's side could not see in that entry's turn
    (worked out plainly from the states after every event); `swapped`: each side reading the other's feed."""
    record, seen, found = new_record(game.ctx, game.rules, COMMITMENT), Observed(game), []
    for event in game.events:
        seen.feed(event)
        record.feed(event)
    players = game.ctx.scenario.players
    for player in players:
        saw = {(uid, turn) for uid, _, turn, _ in seen.seen[player.side]}
        reader = next(p for p in players if p.side != player.side) if swapped else player
        for entry in record.view(reader.id).feed:
            theirs = {uid for uid in named(entry) if uid in game.state.units and game.state.units[uid].side != player.side}
            found += [f"{player.id}: {entry.text}" for uid in theirs if (uid, entry.turn) not in saw]
    return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), picks=st.lists(st.integers(0, 10_000), min_size=80, max_size=300))
def test_bos_under_fog_no_feed_names_a_unit_its_side_did_not_see(seed, picks):
    from tests.test_bos_game import random_game

    assert _unseen_named(random_game(seed, picks, {"fog": "on"})) == []


def test_the_leak_check_bites():
    """The check above finds what the Protester did not see: SPD 1's move out of his sight in turn 2, in the
    Authority's feed read as his; his own feed holds nothing of it."""
    game = _bos_unseen_move()
    assert _unseen_named(game) == []
    assert [line for line in _unseen_named(game, swapped=True) if "SPD 1" in line] == [
        f"protester: SPD 1 moved from reserve to {game.state.units['SPD 1'].node}"]


def test_bos_a_report_appears_from_the_turn_it_reached_him():
    """A report filed in turn 1 for turn 2 (a delay of one game-turn) is in the Protester's feed from turn 2 on,
    at the start of that turn; never in the Authority's."""
    from tests.test_bos_game import new_game, play, whole_turn

    game = new_game()
    minutes = game.ctx.scenario.clock.minutes
    play(game, {"do": "report", "player": "protester", "text": "Police massing at Westlake", "delay": minutes,
                "reliability": "doubtful"})
    first = views_after(game)
    assert not entries(first["protester"], "report")
    whole_turn(game)
    views = views_after(game)
    (report,) = entries(views["protester"], "report")
    assert (report.kind, report.turn, named(report, "text")) == (REPORT, 2, {"Police massing at Westlake"})
    turn_two = [entry for entry in views["protester"].feed if entry.turn == 2]
    assert turn_two[0].kind == PUBLIC and turn_two[1] == report  # after "game-turn 2 begins", before the rest
    assert not entries(views["authority"], "report")


# --- Chicago-Chicago -----------------------------------------------------------------------------------------


def _chicago(seed: int, picks: list[int], fog: str = "off") -> Game:
    from tests.chicago_play import random_game

    return random_game(seed, picks, {"fog": fog})


def test_chicago_moves_are_their_side_s_own_and_a_conflict_reaches_both_sides_in_its_turn():
    """HOW TO PLAY (movement), HOW TO RESOLVE CONFLICT: each move of counters is in its side's feed, in the turn
    it was made, and never in the other's; each conflict is one side's "own" attack and the other's "attacked",
    in the same turn, with its result on the table."""
    game = _chicago(5, list(range(300)))
    views = views_after(game)
    side = {p.id: p.side for p in game.ctx.scenario.players}
    moved = [(turn, e) for turn, e in turn_of_events(game) if e.kind == "moved" and e.data["path"]]
    conflicts = [(turn, e.data) for turn, e in turn_of_events(game) if e.kind == "conflict"]
    assert moved and conflicts
    for player, view in views.items():
        mine = [(turn, e.data["units"]) for turn, e in moved if game.state.units[e.data["units"][0]].side == side[player]]
        assert _same_turns(view, mine)
        attacks = [(turn, d["result"]) for turn, d in conflicts if d["attacker"] == side[player]]
        attacked = [(turn, d["result"]) for turn, d in conflicts if d["attacker"] != side[player]]
        assert sorted(entry.turn for entry in entries(view, "attack")) == sorted(turn for turn, _ in attacks)
        assert sorted(entry.turn for entry in entries(view, "attacked")) == sorted(turn for turn, _ in attacked)
        results = sorted((entry.turn, *named(entry, "result")) for entry in entries(view, "result"))
        assert set(attacks + attacked) <= set(results)


@pytest.mark.parametrize("lang, code, said", [
    # HOW TO RESOLVE CONFLICT 6: "3:1 on the HARASS table with a 2 rolled would give you DD3 (the demonstrators get
    # the points but are demoralized)"; 5: the first letter wins and scores; RULINGS.md, "The code": the second
    # letter the side whose units change level, 3 a third, 2 a half, a trailing + up one level, "-" no effect
    ("en", "DD3", "Result: the demonstrators win and score; a third of their units go down one level (DD3)"),
    ("en", "PD2", "Result: the police win and score; half of the demonstrators' units go down one level (PD2)"),
    ("en", "DP3", "Result: the demonstrators win and score; a third of the police units go down one level (DP3)"),
    ("en", "DD2+", "Result: the demonstrators win and score; half of their units go up one level (DD2+)"),
    ("en", "-", "Result: no effect: nobody scores (-)"),
    ("es", "PD2", "Resultado: la policía gana y puntúa; la mitad de las unidades de los manifestantes baja un nivel "
                  "(PD2)"),
])
def test_chicago_a_conflict_s_result_reads_in_words_with_its_table_code_in_brackets(lang, code, said):
    assert Strings(lang, "chicago").said(FeedEntry(1, "25A", OWN, "result", (("result", "result", code),))) == said


def test_chicago_every_result_in_a_game_s_feeds_reads_in_words():
    """HOW TO RESOLVE CONFLICT 5-6: each conflict's result, on every player's sheet and page, in words before its
    code."""
    t = Strings("en", "chicago")
    results = [entry for view in views_after(_chicago(5, list(range(300)))).values() for entry in entries(view, "result")]
    assert results
    for entry in results:
        code = next(iter(named(entry, "result")))
        assert re.fullmatch(rf"Result: the (police|demonstrators) win and score; .+ one level \({re.escape(code)}\)|"
                            r"Result: no effect: nobody scores \(-\)", t.said(entry)), t.said(entry)


def _same_turns(view: PlayerView, mine: list[tuple[int, list[str]]]) -> bool:
    """The moves of one turn in the order made, the turns latest first."""
    by_turn: dict[int, list[list[str]]] = {}
    for turn, units in mine:
        by_turn.setdefault(turn, []).append(sorted(units))
    return [(entry.turn, sorted(named(entry))) for entry in entries(view, "moved")] == [
        (turn, units) for turn in sorted(by_turn, reverse=True) for units in by_turn[turn]]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), picks=st.lists(st.integers(0, 10_000), min_size=80, max_size=250))
def test_chicago_under_fog_no_feed_names_a_counter_its_side_did_not_see(seed, picks):
    assert _unseen_named(_chicago(seed, picks, "on")) == []


# --- N30 -----------------------------------------------------------------------------------------------------


def _n30() -> Game:
    """Lock Down, Hold Fast under strong hidden movement (6.2): Portland moves into 8th & Pike (contact), 7/A moves
    out of the protesters' sight, and the police attack Portland (4)."""
    from referee.scenario.catalog import load

    game = Game.new(load("n30/lock-down-hold-fast"), {"hidden": "strong"}, 11)
    for command in ({"do": "move", "unit": "Portland", "path": ["8th & Pine", "8th & Pike"], "dice": [4]},
                    {"do": "end-phase"}, {"do": "move", "unit": "7/A", "path": ["7th & University"], "dice": [4]},
                    {"do": "end-phase"}, {"do": "confront", "node": "8th & Pike"}):
        game.apply(command)
    return game


def test_n30_a_confrontation_4_reaches_both_sides_with_the_units_in_contact_and_the_results():
    """4, 6.2: the police's attack is their "own", Portland's player is "attacked" by the police units in the
    intersection, each identified by the contact; each protester unit's result as the event gives it."""
    game = _n30()
    views = views_after(game)
    (confrontation,) = [e.data for e in game.events if e.kind == "confrontation"]
    police_there = {u.id for u in game.rules.initial(game.ctx).at("8th & Pike", "police")}
    (attack,) = entries(views["police"], "attack")
    (attacked,) = entries(views["protesters"], "attacked")
    assert attack.kind == OWN and attacked.kind == ATTACKED and attack.turn == attacked.turn == 1
    assert named(attacked) == named(attack) == police_there | {"Portland"}
    results = {u["id"]: u["result"] for u in confrontation["units"]}
    for view in views.values():
        assert {next(iter(named(entry))): next(iter(named(entry, "fate"))) for entry in entries(view, "fate")} == results


def test_n30_under_strong_hidden_movement_an_unseen_police_move_stays_out_of_the_protesters_feed():
    """6.2: 7/A's move away from every protester unit is the police's own; nothing of 7/A reaches the protesters."""
    views = views_after(_n30())
    assert [named(entry) for entry in entries(views["police"], "moved")] == [{"7/A"}]
    assert not [entry for entry in views["protesters"].feed if "7/A" in entry.text]
    assert [named(entry) for entry in entries(views["protesters"], "moved")] == [{"Portland"}]


def test_n30_a_player_reads_his_own_unit_s_movement_roll_3_1_and_not_the_other_side_s():
    """3.1: a unit's movement is its owner's die; he reads what it came to before the move, the other side not."""
    game = _n30()
    views = views_after(game)
    rolled = {e.data["unit"]: e.data["rate"] for e in game.events if e.kind == "movement-rolled"}
    assert set(rolled) == {"Portland", "7/A"}
    for side, unit in (("protesters", "Portland"), ("police", "7/A")):
        (entry,) = entries(views[side], "rolled")
        assert (entry.kind, named(entry)) == (OWN, {unit}) and entry.text == f"{unit} rolled a movement of {rolled[unit]}"
        assert views[side].feed.index(entry) < views[side].feed.index(entries(views[side], "moved")[0])


# --- Wallman -------------------------------------------------------------------------------------------------


def test_wallman_an_officer_reads_his_own_command_and_the_orders_he_gave_not_another_s():
    """The Player Role: an officer's feed holds his own units' moves and the order he gave; the officer ordered
    reads it as a report from that turn; another officer's move is not in his feed."""
    from tests.wallman_game import new_game

    game = new_game()
    record = new_record(game.ctx, game.rules, COMMITMENT)
    players = {p.id: p for p in game.ctx.scenario.players}
    hale, okafor = players["hale"], players["okafor"]
    board, state = game.ctx.scenario.board, game.state
    mover = next(uid for uid in hale.units or () if state.units[uid].status == "active" and state.units[uid].type != "officer")
    to = sorted(board.adjacency[state.units[mover].node])[0]
    game.apply({"do": "move", "unit": mover, "to": to})
    game.apply({"do": "order", "officer": "Supt. Hale", "to": "Insp. Okafor", "text": "Hold the square"})
    for event in game.events:
        record.feed(event)
    views = {pid: record.view(pid) for pid in ("hale", "okafor")}
    assert [(entry.kind, named(entry)) for entry in entries(views["hale"], "moved")] == [(OWN, {mover})]
    assert [named(entry) for entry in entries(views["hale"], "ordered")] == [{"Supt. Hale", "Insp. Okafor"}]
    (report,) = entries(views["okafor"], "report")
    assert report.turn == game.state.turn and "Hold the square" in report.text
    assert not entries(views["okafor"], "moved") and not [e for e in views["okafor"].feed if mover in e.text]
    assert okafor.units and mover not in okafor.units


# --- the live page -------------------------------------------------------------------------------------------


def _feed_of(page: str) -> str:
    return page[page.index('<section class="feed"'):].split("</section>")[0]


def test_the_live_page_shows_the_feed_and_follows_the_game(served):  # noqa: F811
    """A player's live page carries his feed inside the part its script replaces; a move he makes is in the sheet
    he is sent next, and not in the other side's feed."""
    session, links, client = served
    unit, to = MOVE["unit"], MOVE["to"]
    page = client.get(f"/p/{links['protesters']}").text
    assert page.index('id="sheet"') < page.index('<section class="feed"') and "What happened to you" in page
    with client.stream("GET", f"/p/{links['protesters']}/events") as stream:
        lines = stream.iter_lines()
        first, _ = updated(lines)
        assert unit not in _feed_of(first["feed"])
        session.apply(MOVE)
        second, _ = updated(lines, first)
    feed = _feed_of(second["feed"])
    assert f"{unit} moved from" in feed and f"to {to.replace('&', '&amp;')}" in feed
    assert unit not in _feed_of(client.get(f"/p/{links['police']}").text)
