"""What each player knows: own forces in full, the other side by the hidden-movement option (6.2), reports."""

import hashlib
import json
import re

import pytest

from referee.errors import RefereeError
from referee.knowledge.build import player_view, views
from referee.scenario.catalog import load
from referee.session import Session
from referee.store.repository import SessionStore

LDHF = "n30/lock-down-hold-fast"
TWO = "n30/lock-down-hold-fast-two-commanders"
RING = "n30/close-the-ring"
PIKE_8TH = ("9/A", "CC-3", "CC-4", "6/B", "9/B", "CART/B")  # the 7:40 setup, top first; strength 7
INTO_8TH_PIKE = {"do": "move", "unit": "Portland", "path": ["8th & Pine", "8th & Pike"], "dice": [4]}
END = {"do": "end-phase"}


@pytest.fixture
def session(tmp_path):
    """`session(hidden, *commands, scenario=..., seed=...)`: a session database with the commands applied."""

    def make(hidden: str = "none", *commands: dict, scenario: str = LDHF, seed: int = 11) -> Session:
        made = Session.create(tmp_path / f"{hidden}-{len(list(tmp_path.iterdir()))}.db", scenario,
                              {"hidden": hidden}, seed=seed)
        for command in commands:
            made.apply(command)
        return made

    return make


def at(view, node: str, current: bool = True):
    """The player's sighting at a node (the present one, or the latest last sighting)."""
    found = [s for s in view.sightings if s.node == node and s.current == current]
    return found[0] if found else None


def ids(sighting) -> list[str]:
    return [u.id for u in sighting.units]


# --- the other side, by option (6.2) ----------------------------------------------------------------


def test_without_hidden_movement_every_opposing_unit_is_known_and_current(session):
    seen = at(player_view(session("none").path, "protesters"), "8th & Pike")
    assert (seen.count, seen.strength, seen.top.id, seen.current, seen.source) == (6, 7, "9/A", True, "observed")
    assert ids(seen) == sorted(PIKE_8TH)


def test_weak_hidden_movement_shows_the_top_unit_and_the_total_strength(session):
    seen = at(player_view(session("weak").path, "protesters"), "8th & Pike")
    assert (seen.count, seen.strength, seen.top.id) == (6, 7, "9/A")
    assert ids(seen) == ["9/A"]


def test_strong_hidden_movement_shows_only_how_many_counters(session):
    seen = at(player_view(session("strong").path, "protesters"), "8th & Pike")
    assert (seen.count, seen.strength, seen.top, seen.units) == (6, None, None, ())


@pytest.mark.parametrize("hidden", ["weak", "strong"])
def test_moving_into_contact_shows_both_players_every_opposing_unit_there(session, hidden):
    seen = views(session(hidden, INTO_8TH_PIKE).path)
    police_stack = at(seen["protesters"], "8th & Pike")
    assert ids(police_stack) == sorted(PIKE_8TH) and police_stack.source == "contact"
    assert police_stack.strength == 7  # every counter identified: their strengths can be read
    assert ids(at(seen["police"], "8th & Pike")) == ["Portland"]
    assert at(seen["police"], "8th & Pike").source == "contact"


def test_a_move_out_of_the_stack_turns_contact_knowledge_into_a_last_sighting(session):
    game = session("weak", INTO_8TH_PIKE, END, {"do": "move", "unit": "9/A", "path": ["8th & Pine"], "dice": [3]})
    seen = player_view(game.path, "protesters")
    now, then = at(seen, "8th & Pike"), at(seen, "8th & Pike", current=False)
    assert (ids(now), now.count, now.strength, now.top.id) == (["CC-3"], 5, 6, "CC-3")
    assert ids(then) == ["6/B", "9/B", "CART/B", "CC-4"]
    assert (then.count, then.strength, then.seen_turn, then.seen_time, then.source) == (6, 7, 1, "7:40", "contact")
    assert ids(at(seen, "8th & Pine")) == ["9/A"]  # alone there, so on top


def test_last_sightings_keep_their_time_as_the_turns_go_by(session):
    game = session("weak", INTO_8TH_PIKE, END, {"do": "move", "unit": "9/A", "path": ["8th & Pine"], "dice": [3]},
                   END, END, END)
    seen = player_view(game.path, "protesters")
    assert seen.turn == 2 and seen.time == "7:50"
    assert at(seen, "8th & Pike").seen_turn == 2
    stale = at(seen, "8th & Pike", current=False)
    assert (stale.seen_turn, stale.seen_time, stale.current) == (1, "7:40", False)


def test_undone_commands_are_forgotten(session):
    game = session("weak", INTO_8TH_PIKE, {"do": "undo"})
    assert at(player_view(game.path, "police"), "8th & Pike") is None
    assert ids(at(player_view(game.path, "protesters"), "8th & Pike")) == ["9/A"]


@pytest.mark.parametrize("hidden", ["weak", "strong"])
def test_a_confrontation_reveals_the_units_and_the_police_see_where_they_retreat(session, hidden):
    confront = {"do": "confront", "node": "6th & Seneca", "retreats": {"Flaming Dildos": "5th & Seneca"}, "dice": [1]}
    seen = views(session(hidden, END, END, confront).path)
    assert ids(at(seen["police"], "5th & Seneca")) == ["Flaming Dildos"]
    assert at(seen["police"], "5th & Seneca").source == "contact"
    assert ids(at(seen["protesters"], "6th & Seneca")) == ["WSP-2"]


def test_a_unit_seen_destroyed_is_no_longer_sighted(session):
    confront = {"do": "confront", "node": "6th & Seneca", "refuse": ["Flaming Dildos"], "dice": [1, 5]}
    police = player_view(session("weak", END, END, confront).path, "police")
    assert all("Flaming Dildos" not in ids(s) for s in police.sightings)


def test_sightings_are_in_map_order(session):
    seen = player_view(session("weak", INTO_8TH_PIKE).path, "protesters")
    nodes = load(LDHF).board.nodes
    order = [s.node for s in seen.sightings]
    assert order == sorted(order, key=lambda n: (nodes[n].y, nodes[n].x))
    assert order != sorted(order) and order != sorted(order, key=lambda n: -at(seen, n).count)


# --- barricades and Flo (3.3, 6.2) -----------------------------------------------------------------------

BUILD = {"do": "barricade", "unit": "Bananarchy"}  # at 4th & Olive, where no police stand
INTO_4TH_OLIVE = {"do": "move", "unit": "(A) Action", "path": ["2nd & Olive", "3rd & Olive", "4th & Olive"], "dice": [6]}


def known_markers(view) -> list[tuple]:
    return [(m.node, m.marker, m.side, m.seen_time, m.current) for m in view.markers]


def test_a_side_always_knows_its_own_markers_and_without_hidden_movement_so_does_the_other(session):
    own = known_markers(player_view(session("strong", BUILD).path, "protesters"))
    assert own == [("4th & Olive", "barricade", "protesters", "7:40", True)]
    assert known_markers(player_view(session("none", BUILD).path, "police")) == own


@pytest.mark.parametrize("hidden", ["weak", "strong"])
def test_under_hidden_movement_a_marker_is_seen_when_its_intersection_is_looked_at(session, hidden):
    game = session(hidden, BUILD)
    assert known_markers(player_view(game.path, "police")) == []
    game.apply(INTO_4TH_OLIVE)
    assert known_markers(player_view(game.path, "police")) == [("4th & Olive", "barricade", "protesters", "7:40", False)]
    for command in (END, END, END, END, END):
        game.apply(command)
    later = player_view(game.path, "police")
    assert later.time == "7:50" and known_markers(later) == [("4th & Olive", "barricade", "protesters", "7:40", False)]


def test_a_marker_built_under_the_eyes_of_the_other_side_is_seen_and_its_removal_too(session):
    game = session("weak", {"do": "flo", "unit": "Flaming Dildos"})  # 6th & Seneca, beside WSP-2
    assert known_markers(player_view(game.path, "police")) == [("6th & Seneca", "flo", "protesters", "7:40", False)]
    for command in (END, END, END, END, {"do": "move", "unit": "Flaming Dildos", "to": "6th & University", "dice": [1]}):
        game.apply(command)
    assert known_markers(player_view(game.path, "police")) == []
    assert known_markers(player_view(game.path, "protesters")) == []


def test_view_json_and_text_say_when_a_marker_was_seen(cli, session):
    game = session("weak", BUILD, INTO_4TH_OLIVE, END)
    data = json.loads(cli("view", game.path, "--player", "police", "--json").out)
    assert data["markers_seen"] == [{"node": "4th & Olive", "marker": "barricade", "side": "protesters", "seen": 1,
                                     "time": "7:40", "current": False}]
    assert "Barricades and Flo:\n  4th & Olive: barricade (seen 7:40)" in cli("view", game.path, "--player", "police").out
    assert "4th & Olive: barricade (now)" in cli("view", game.path, "--player", "protesters").out
    assert "markers_seen" not in json.loads(cli("view", session("weak").path, "--player", "police", "--json").out)


# --- own side, public facts, reports ------------------------------------------------------------------


def test_own_forces_are_known_in_full_with_their_stack_order(session):
    seen = player_view(session("strong").path, "police")
    police = [u for u in load(LDHF).units.values() if u.side == "police"]
    assert sorted(u.id for u in seen.own) == sorted(u.id for u in police)
    pike = [u for u in seen.own if u.node == "8th & Pike"]
    assert [u.id for u in pike] == list(PIKE_8TH) and [u.stack for u in pike] == list(range(6))
    assert all("face down" in u.notes for u in pike)
    charlie = next(u for u in seen.own if u.id == "6/C")
    assert charlie.status == "reserve" and "arrives 9:10 at the west edge" in charlie.notes


def test_arrivals_are_only_the_players_own_side(session):
    seen = views(session("none").path)
    scenario = load(LDHF)
    for _player, view in seen.items():
        assert view.arrivals
        assert {scenario.units[uid].side for a in view.arrivals for uid in a.units} == {view.side}
    assert seen["police"].arrivals[0].units == ("6/C", "7/C", "8/C", "9/C", "CART/C")
    assert (seen["police"].arrivals[0].time, seen["police"].arrivals[0].edge) == ("9:10", "west")


def test_only_reinforcements_due_before_the_game_ends_are_expected(session):
    """Close the Ring's last turn is 8:50: nothing due from 9:00 on is expected, listed or printed."""
    from referee.briefing.render import render

    seen = views(session("none", scenario=RING).path)
    assert [a.time for a in seen["protesters"].arrivals] == ["7:50", "8:00", "8:20", "8:40"]
    assert seen["police"].arrivals == ()
    own = {u.id for view in seen.values() for u in view.own}
    assert {"U29", "Earth First"} <= own and not {"U30", "U47", "Ppls. Assembly 1", "6/C", "11/10"} & own
    for view in seen.values():
        for lang in ("en", "es"):
            sheet = render(view, load(RING).board, "md", lang)
            assert not re.search(r"\((?:turn|turno) (?:9|[1-9]\d)\)|(?:arrives|llega) (?:9|1[0-2]|1):", sheet)


def test_public_facts_are_shared_and_moves_are_not_announced(session):
    game = session("weak", INTO_8TH_PIKE, END, END, END, END)
    seen = views(game.path)
    assert {(v.turn, v.time, v.score, v.target) for v in seen.values()} == {(2, "7:50", game.state.scores["protesters"], 160)}
    assert seen["protesters"].announcements == seen["police"].announcements
    assert "7:50: turn 2 begins" in seen["police"].announcements
    assert not any("Portland" in line for line in seen["police"].announcements)
    nonce = SessionStore.open(game.path).info.epochs[0].nonce
    assert seen["police"].seed_commitment == hashlib.sha256(f"{nonce}:11".encode()).hexdigest()


def test_reports_reach_their_player_after_the_delay_with_their_reliability(session):
    filed = {"do": "report", "player": "protesters", "text": "Buses at 9th & Pine", "delay": 15,
             "reliability": "doubtful"}
    game = session("none", filed)
    turn_ends = [END] * 4
    for turn in (1, 2, 3):
        seen = views(game.path)
        assert not seen["police"].reports
        if turn < 3:
            assert not seen["protesters"].reports
            for command in turn_ends:
                game.apply(command)
    (report,) = seen["protesters"].reports
    assert (report.text, report.reliability, report.turn, report.time) == ("Buses at 9th & Pine", "doubtful", 3, "8:00")


def test_a_report_without_delay_is_due_at_once_and_probable_by_default(session):
    (report,) = player_view(session("none", {"do": "report", "player": "police", "text": "Quiet"}).path,
                            "police").reports
    assert (report.turn, report.reliability) == (1, "probable")


@pytest.mark.parametrize("bad, words", [
    ({"player": "mayor"}, "unknown player 'mayor'.*protesters, police"),
    ({"delay": -5}, "delay"),
    ({"delay": 2.5}, "delay"),
    ({"reliability": "rumour"}, "reliability"),
    ({"text": ""}, "text"),
])
def test_a_bad_report_is_refused(session, bad, words):
    game = session("none")
    with pytest.raises(RefereeError, match=words):
        game.apply({"do": "report", "player": "police", "text": "Quiet", **bad})


# --- two police commanders ------------------------------------------------------------------------------


def test_two_commanders_both_know_every_police_unit_and_who_commands_it(session):
    filed = {"do": "report", "player": "police-planning", "text": "Charlie is on its way", "reliability": "certain"}
    seen = views(session("weak", filed, scenario=TWO).path)
    planning, tactical = seen["police-planning"], seen["police-tactical"]
    assert [u.id for u in planning.own] == [u.id for u in tactical.own]
    notes = {view.player: {u.id: u.notes for u in view.own} for view in (planning, tactical)}
    assert "commanded by police-tactical" in notes["police-planning"]["6/A"]
    assert not any(n.startswith("commanded") for n in notes["police-tactical"]["6/A"])
    assert "commanded by police-planning" in notes["police-tactical"]["6/C"]
    assert planning.sightings == tactical.sightings
    assert [r.text for r in planning.reports] == ["Charlie is on its way"] and not tactical.reports
    assert planning.role == "Asst. Chief Ed Joiner, planning" and planning.objectives


def test_every_n30_player_has_objectives():
    from referee.scenario.catalog import scenario_files

    for scenario_id in scenario_files():
        for player in load(scenario_id).players:
            assert player.objectives, (scenario_id, player.id)


# --- referee view ------------------------------------------------------------------------------------------


def test_view_json_has_the_state_shape_with_seen(cli, session):
    game = session("weak", INTO_8TH_PIKE)
    run = cli("view", game.path, "--player", "protesters", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    for key in ("scenario", "player", "side", "turn", "time", "phase", "score", "target", "units", "stacks",
                "reports", "arrivals", "seed_commitment"):
        assert key in data
    own = [u for u in data["units"] if u["side"] == "protesters"]
    police = [u for u in data["units"] if u["side"] == "police"]
    assert own and all(u["seen"] == 1 for u in own)
    assert sorted(u["id"] for u in police if u["node"] == "8th & Pike") == sorted(PIKE_8TH)
    stack = next(s for s in data["stacks"] if s["node"] == "8th & Pike")
    assert {k: stack[k] for k in ("side", "count", "strength", "top", "seen", "current", "source")} == {
        "side": "police", "count": 6, "strength": 7, "top": "9/A", "seen": 1, "current": True, "source": "contact"}


def test_view_text_is_a_readable_page(cli, session):
    run = cli("view", session("strong").path, "--player", "police")
    assert run.code == 0, run.err
    assert "Lock Down, Hold Fast" in run.out and "8th & Seneca: now (observed): 1 counter; strength ?" in run.out


def test_view_text_leaves_out_a_strength_the_other_side_never_has(cli, session):
    """N30's protesters have no strength (their counters carry none): the police's view of them, every strength
    seen, says no "strength 0", as the sheet leaves the column out; the protesters' view of the police keeps it."""
    police = cli("view", session("none").path, "--player", "police").out
    seen = police.split("The other side:")[1].split("Reports:")[0]
    assert "now (observed): 1 counter" in seen and "strength" not in seen
    protesters = cli("view", session("none").path, "--player", "protesters").out
    assert "; strength 7" in protesters


def test_view_of_an_unknown_player_names_the_known_ones(cli, session):
    run = cli("view", session("none").path, "--player", "mayor")
    assert run.code == 2 and not run.out
    assert "mayor" in run.err and "protesters, police" in run.err and len(run.err.splitlines()) == 1


def test_a_stored_session_gives_the_views_its_game_gave_live(tmp_path):
    from referee.knowledge.names import Named
    from referee.knowledge.played import Played
    from referee.rulesets.n30.knowledge.record import Record
    from referee.simulate import play

    played = play("n30/close-the-ring", {"hidden": "strong"}, 21, "random", "random", keep_events=True)
    game = played.game
    stored = Session.create(tmp_path / "s.db", "n30/close-the-ring", {"hidden": "strong"}, seed=21)
    for command in played.commands:
        stored.apply(command)
    live = Named(Played(Record(game.ctx, game.rules, stored.info.commitment)))  # as every record is: the table's
    # names, the values it is played with
    for event in game.events:
        live.feed(event)
    assert views(stored.path) == {p.id: live.view(p.id) for p in game.ctx.scenario.players}


def test_view_reads_the_session_without_sqlalchemy_or_pydantic(session):
    import subprocess
    import sys

    probe = ("import sys; from referee.cli import main; main(['view', sys.argv[1], '--player', 'police']); "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', 'pydantic', 'jinja2'}))")
    done = subprocess.run([sys.executable, "-c", probe, str(session("weak").path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"
