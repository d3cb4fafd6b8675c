"""The review's maps (referee/review/maps.py, templates/_review_maps.html.j2): each turn's end as it was and as each
player believed it, compared place by place. What was true is worked out here from the session's log replayed plainly
(the rules folding its stored events), and what a side could see from its units' places (tests/fog_support.py), never
from the maps under test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import rulesets
from referee.core.engine import Context
from referee.core.units import ACTIVE, Unit
from referee.knowledge.build import views
from referee.review.gather import gather
from referee.review.maps import (
    EMPTY,
    FULL,
    GONE,
    MISSED,
    MISTAKES,
    RIGHT,
    WORST,
    WRONG,
    Believed,
    compare,
    review_maps,
)
from referee.review.report import write_review
from referee.scenario.catalog import from_sources
from referee.session import Session, stored_event
from referee.store.reading import open_reader
from tests.fog_support import in_sight
from tests.test_bos_game import QUIET, play, to_phase

BOS = "bos/battle-of-seattle"
GAMES = {"n30": ("n30/lock-down-hold-fast", {"hidden": "strong"}), "bos": (BOS, {"fog": "on"}),
         "chicago": ("chicago/chicago-1968", {"fog": "on"}), "wallman": ("wallman/town-centre-riot", {})}


@pytest.fixture(scope="module")
def unseen_move(tmp_path_factory) -> Path:
    """Battle of Seattle under fog: Anarchists 6 taken in the first Morning (4.2) and placed in the Paramount, next to
    SPD 1 in the Convention Centre; SPD 1 then leaves for the Reserve Pool (5.0), and in the Afternoon, out of the
    Authority's sight, Anarchists 6 moves on to Capitol Hill; the session played on to the Night (3.4)."""
    path = tmp_path_factory.mktemp("maps") / "unseen.db"
    session = Session.create(path, BOS, {"fog": "on"}, seed=3)
    try:
        play(session, QUIET, {"do": "reinforce", "take": {"group": 1, "crowd": 0, "spd": 0}},
             {"do": "place", "unit": "Anarchists 6", "to": "paramount"})
        to_phase(session, "authority-movement")
        play(session, {"do": "move", "unit": "SPD 1", "to": "reserve-pool"})
        to_phase(session, "protester-movement")
        play(session, {"do": "move", "unit": "Anarchists 6", "to": "capitol-hill"})
        to_phase(session, "events")
    finally:
        session.close()
    return path


def turn_ends(path: Path) -> dict[int, dict]:
    """The state at each turn's end, by turn, from the session's effective log folded by its rules, as each new turn
    begins and at the log's end."""
    reader = open_reader(path)
    try:
        info, events = reader.info, [stored_event(r) for r in reader.events(set(reader.effective()))]
    finally:
        reader.close()
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    rules = rulesets.rules(scenario.ruleset)
    state, ends = rules.initial(ctx).thawed(), {}
    for event in events:
        if event.kind == "turn-begun":
            ends[state.turn] = state.thawed()
        rules.evolve(ctx, state, event)
    ends[state.turn] = state
    return ends


def kinds(maps, turn: int, player: str) -> dict[str, str]:
    belief = next(b for t in maps.turns if t.turn == turn for b in t.beliefs if b.player == player)
    return {place.node: place.kind for place in belief.places}


def test_a_move_out_of_sight_is_there_but_not_seen_and_its_old_sighting_believed_there_but_gone(unseen_move):
    """5.0 under option fog (a side sees the areas it holds and those next to them): the Authority saw the Paramount
    from the Convention Centre and lost sight of it with SPD 1; Anarchists 6's move to Capitol Hill in the Afternoon
    is marked there but not seen, the Paramount, where the Authority last saw it, believed there but gone."""
    g = gather(unseen_move)
    ends = turn_ends(unseen_move)
    board = g.scenario.board
    assert "paramount" in board.neighbours("convention-centre")  # in SPD 1's sight in the Morning
    assert in_sight(g.ctx, ends[2], "authority") == set()  # nothing of the Authority's on the map in the Afternoon
    assert ends[2].units["Anarchists 6"].node == "capitol-hill"
    assert not ends[2].at("paramount", "protester")
    maps = review_maps(g)
    found = kinds(maps, 2, "authority")
    assert found["capitol-hill"] == MISSED and found["paramount"] == GONE
    belief = next(b for t in maps.turns if t.turn == 2 for b in t.beliefs if b.player == "authority")
    assert belief.drawn is not None and belief.drawn.marks == belief.marks
    spots = {spot.id: (spot.x, spot.y) for spot in belief.drawn.plan.spots}
    marks = {(mark.kind, mark.x, mark.y) for mark in belief.marks}
    assert {(MISSED, *spots["capitol-hill"]), (GONE, *spots["paramount"])} <= marks
    said = dict(belief.lines)
    assert "Anarchists 6" in said[MISSED] and "Capitol Hill" in said[MISSED]
    wrong, missed = (sum(kind in kinds_ for kind in found.values()) for kinds_ in (MISTAKES, (MISSED,)))
    assert wrong >= 1 and missed >= 1  # a place not seen is told apart from a belief wrong
    assert belief.tally == f"authority {wrong} ({missed} more with units he could not see)"


def test_a_place_seen_right_is_not_marked_and_one_never_seen_is_there_but_not_seen(unseen_move):
    """At the Morning's end (the Authority's sight under fog gone with SPD 1, what it saw kept and dated), every place
    in the Convention Centre's sight that held Protesters is seen right and unmarked; every other place that held
    them is there but not seen; the rest the Authority could not see, empty, is not seen and empty, unmarked."""
    g = gather(unseen_move)
    state = turn_ends(unseen_move)[1]
    sight = {"convention-centre", *g.scenario.board.neighbours("convention-centre")}
    held = {u.node for u in state.units.values() if u.side == "protester" and u.status == ACTIVE}
    maps = review_maps(g)
    found = kinds(maps, 1, "authority")
    assert held & sight and held - sight
    assert {node for node, kind in found.items() if kind == RIGHT} == held & sight
    assert {node for node, kind in found.items() if kind == MISSED} == held - sight
    assert {node for node, kind in found.items() if kind == EMPTY} == set(g.scenario.board.nodes) - held
    belief = next(b for t in maps.turns if t.turn == 1 for b in t.beliefs if b.player == "authority")
    spots = {(spot.x, spot.y): spot.id for spot in maps.board.spots}
    assert {spots[(mark.x, mark.y)] for mark in belief.marks} == held - sight


@pytest.mark.parametrize(("belief", "there", "kind"), [
    (None, [], EMPTY),
    (None, ["a"], MISSED),
    (Believed(1, 2, ("a",), "8:10", False), [], GONE),
    (Believed(1, 2, ("a",), "8:10", True), ["a"], RIGHT),
    (Believed(None, None, (), "8:10", True), ["a", "b"], RIGHT),  # how many not told: nothing believed wrong
    (Believed(1, None, ("a",), "8:10", False), ["a", "b"], WRONG),  # one more than believed
    (Believed(1, 3, ("a",), "8:10", False), ["a"], WRONG),  # strength 2, not 3
    (Believed(1, None, ("c",), "8:10", False), ["a"], WRONG),  # another unit
])
def test_a_place_compares_by_what_was_believed_there_and_who_was(belief, there, kind):
    units = [Unit(uid, uid, "other", "crowd", {"strength": 2, "movement": 1}, "x") for uid in there]
    assert compare(belief, units) == kind


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A session of each game under its option that hides places or units: a computer game, or Wallman's opening and
    two turns' ends (it has no computer players)."""
    from referee.cli import main

    folder = tmp_path_factory.mktemp("games")

    def session(game: str) -> Path:
        scenario, options = GAMES[game]
        path = folder / f"{game}.db"
        if not path.exists():
            if game == "wallman":
                made = Session.create(path, scenario, options, seed=3)
                try:
                    while made.state.turn < 3:
                        made.apply({"do": "end-phase"})
                finally:
                    made.close()
            else:
                sets = [arg for name, value in options.items() for arg in ("--set", f"{name}={value}")]
                assert main(["simulate", scenario, "--games", "1", "--seed", "4", *sets, "--save", str(path)]) == 0
        return path

    return session


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_review_draws_every_turn_as_it_was_and_as_each_player_believed_it(played, game, tmp_path):
    """The review has, for every turn's end of the log, a small multiple a player with his mistakes marked; and the
    map as it was and one map a player drawn in full, each with ids of its own, for every turn of a game of up to
    FULL turns, else for the turns open and printed: the last and those with the most places believed wrong (a place
    with units he could not see is no mistake of his)."""
    path = played(game)
    ends = turn_ends(path)
    g = gather(path)
    maps = review_maps(g)
    assert [t.turn for t in maps.turns] == sorted(ends)
    players = [p.id for p in g.scenario.players]
    assert all([b.player for b in t.beliefs] == players for t in maps.turns)
    wrong = {t.turn: sum(len([p for p in b.places if p.kind in MISTAKES]) for b in t.beliefs) for t in maps.turns}
    worst = sorted((turn for turn in wrong if wrong[turn] and turn != max(ends)), key=lambda t: (-wrong[t], -t))[:WORST]
    assert {t.turn for t in maps.turns if t.chosen} == {max(ends), *worst}
    full = set(ends) if len(ends) <= FULL else {max(ends), *worst}
    assert len(ends) > FULL or game != "n30"  # (a long game: its 36 turns)
    page = write_review(path, tmp_path / "review.html").read_text(encoding="utf-8")
    chosen = [t for t in maps.turns if t.chosen]  # printed: their small maps draw the board whole, for a PDF's sake
    assert page.count('<use href="#maps-board"') == (len(ends) - len(chosen)) * len(players)
    for summary in re.findall(r"<details open>\s*<summary>(.*?)</summary>", page, re.S):
        minis = re.findall(r'<span class="mini"><svg[^>]*>(.*?)</svg>', summary, re.S)
        assert len(minis) == len(players) and all("<line " in mini and "<use" not in mini for mini in minis)
    assert len(re.findall(r"<details open>", page)) == len(chosen)
    in_play = max(ends) if game == "wallman" else None  # the computer games are played to their end; Wallman's not
    for turn in ends:
        was, believed = ("it is in turn {turn}, in play", "believes it in turn {turn}, in play") if turn == in_play else (
            "it was at the end of turn {turn}", "believed it at the end of turn {turn}")
        assert page.count(f'aria-label="The map as {was.format(turn=turn)}"') == (turn in full)
        for player in players:
            assert page.count(f'aria-label="The map as {player} {believed.format(turn=turn)}"') == (turn in full)
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)[:5]


@pytest.mark.parametrize("game", GAMES)
def test_the_map_as_it_was_holds_the_umpire_s_state_at_each_turn_s_end(played, game):
    """Each side's units counted by place on the map as it was, at every turn's end, are those of the state the log
    folds to then; and the last turn's map as each player believed it is his sheet's map now."""
    path = played(game)
    ends = turn_ends(path)
    g = gather(path)
    maps = review_maps(g)
    first = g.scenario.players[0].side
    drawn = [turn for turn in maps.turns if turn.truth is not None]
    assert drawn and drawn[-1] == maps.turns[-1]
    for turn in drawn:
        state = ends[turn.turn]
        counts: dict[bool, dict[str, int]] = {True: {}, False: {}}
        for unit in state.units.values():
            if unit.status == ACTIVE and unit.node is not None:
                side = counts[unit.side == first]
                side[unit.node] = side.get(unit.node, 0) + 1
        assert turn.truth is not None
        plan = turn.truth.plan
        assert {stack.spot.id: stack.count for stack in plan.stacks} == counts[True], turn.turn
        assert {seen.spot.id: int(seen.count) for seen in plan.seen} == counts[False], turn.turn
        assert all(spot.seen for spot in plan.spots) and all(seen.current for seen in plan.seen)
    now = views(path)
    for belief in maps.turns[-1].beliefs:
        assert belief.drawn is not None
        sheet, view = belief.drawn.plan, now[belief.player]
        own: dict[str, int] = {}
        for unit in view.own:
            if unit.status == ACTIVE and unit.node is not None:
                own[unit.node] = own.get(unit.node, 0) + 1
        assert {stack.spot.id: stack.count for stack in sheet.stacks} == own
        assert sorted((s.spot.id, s.count, s.current) for s in sheet.seen) == sorted(
            (s.node, "?" if s.count is None else str(s.count), s.current) for s in _latest(view.sightings))
        assert {spot.id for spot in sheet.spots if not spot.seen} == set(view.unseen)


def _latest(sightings) -> list:
    """The latest sighting at each place, as the sheet's map shows it (seen now before seen earlier)."""
    found: dict[str, object] = {}
    for s in sightings:
        if s.node not in found or (s.current, s.seen_turn) > (found[s.node].current, found[s.node].seen_turn):
            found[s.node] = s
    return list(found.values())


@pytest.mark.parametrize("lang, ended, now", [("en", "End of turn {turn} ({time})", "Turn {turn} ({time}, in play)"),
                                              ("es", "Final del turno {turn} ({time})", "Turno {turn} ({time}, en juego)")])
def test_a_turn_not_yet_ended_is_called_in_play_and_a_game_s_last_turn_once_over_ended(played, tmp_path, lang, ended,
                                                                                        now):
    """Wallman's session stops in turn 3 of 30: turns 1 and 2 have ended, turn 3 is in play; a computer game played
    to its end has ended its last turn too."""
    page = write_review(played("wallman"), tmp_path / "riot.html", at=[2, 3], lang=lang).read_text(encoding="utf-8")
    assert re.findall(r"<summary><h3>([^<]*)</h3>", page) == [ended.format(turn=1, time="22:00"),
                                                             ended.format(turn=2, time="22:02"),
                                                             now.format(turn=3, time="22:04")]
    knew = ("What you knew and what was true: end of turn 2 (22:02)", "What you knew and what was true: turn 3 (22:04, "
            "in play)") if lang == "en" else ("Lo que sabías y lo que era verdad: final del turno 2 (22:02)",
                                              "Lo que sabías y lo que era verdad: turno 3 (22:04, en juego)")
    assert [h for h in re.findall(r"<h2>([^<]*)</h2>", page) if h.startswith(knew[0][:12])] == list(knew)
    over = write_review(played("chicago"), tmp_path / "chicago.html").read_text(encoding="utf-8")
    assert "in play" not in over and "End of turn 12 (" in over


def test_the_maps_speak_spanish(unseen_move):
    """With lang "es" every word of the maps is Spanish: its kinds and lines from their Spanish table."""
    maps = review_maps(gather(unseen_move), "es")
    belief = next(b for t in maps.turns if t.turn == 2 for b in t.beliefs if b.player == "authority")
    said = dict(belief.lines)
    assert said[MISSED].endswith("no vistas.") and "no había nadie" in said[GONE]
    assert belief.title == "Tal como lo creyó authority (Autoridad)"
