"""Battle of Seattle's computer players deciding on their own side's knowledge (`simulate --players-see own`, option
`fog`; RULINGS.md "Battle of Seattle: the computer players' knowledge"): no command of theirs depends on a fact their
side has not seen, their picture kept up event by event is the one read afresh from the log, and whole games keep
Battle of Seattle's invariants, a command refused only where the truth differs from what the side saw (4.2, 5.0)."""

from __future__ import annotations

import copy
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from itertools import islice
from types import SimpleNamespace

import pytest

from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.bos.players.autoplay import AUTOPLAY
from referee.rulesets.bos.players.belief import Seen, Sight
from referee.rulesets.bos.rules import forces, victory
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import EVENTS, REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, PROTESTER
from referee.scenario.catalog import load
from referee.simulate import ALL, OWN, play, seeing, simulate
from tests.test_bos_autoplay import Watcher

SCENARIO = "bos/battle-of-seattle"
FOG = {"fog": "on"}
LOOK = 60  # the commands of a phase compared at each point (they are not applied, so a phase may yield one again)
#: the refusals a player deciding on what his side saw may meet: the truth out of his sight differs (4.2, 5.0)
BLIND = re.compile(r"^(4\.2: Protester reinforcements are not placed where there are only Authority units"
                   r"|5\.0: .* must stop in .*: it holds enemy units)")


def points(options: dict[str, str], seed: int, kinds: tuple[str, str]) -> Iterator[tuple[Game, dict]]:
    """A game played by its computer players on their own knowledge, paused at the start of every phase in which a
    side acts: the game (its events kept) and the players (each with `eyes`, his side's `Seen`)."""
    game = Game.new(load(SCENARIO), options, seed)
    players = {side: AUTOPLAY.player(kind, side, seed) for side, kind in zip(AUTOPLAY.sides, kinds, strict=True)}
    feed = AUTOPLAY.own_eyes(game, players)
    while not game.state.over:
        actors = AUTOPLAY.actor(game.state)
        if actors:
            yield game, players
        for actor in (actors,) if isinstance(actors, str) else actors or ():
            for command in players[actor].commands(game):
                try:
                    feed(game.apply(AUTOPLAY.prepare(game, command, players)))
                except RefereeError as error:
                    assert BLIND.match(str(error)), error
        feed(game.apply({"do": "end-phase"}))


def scrambled(seen: Seen, rng: random.Random) -> Seen:
    """A copy of a side's knowledge whose game differs in every fact hidden from it: the other side's units out of its
    sight put elsewhere out of it, in other piles, or out of the game; the hidden attributes and factors of those in
    sight; the other side's doings in the phase, the allowance a random event gives the Protester, the unit it takes
    from the other side, and which of the other side's unseen units fought; for the Authority, the Barricades out of
    its sight. What the side sees is left as it is: its own units, the other side's in its sight and where they
    stand, and (without fog) the Reserve Pool and the Turn Record track."""
    sight = copy.copy(seen.sight)
    knowledge = sight.knowledge = copy.copy(seen.sight.knowledge)
    knowledge.state = truth = knowledge.state.thawed()  # every container new: the game's own stays as it is
    sight.seen = {side: copy.copy(one) for side, one in seen.sight.seen.items()}
    for one in sight.seen.values():
        one.sight, one._state = sight, None
    side, enemy = seen.side, seen.other
    shown = set(seen.state.units)
    around = knowledge.sight(side)
    hidden_areas = sorted(knowledge.ctx.scenario.board.nodes.keys() - around)
    pools = (forces.RESERVE, forces.SCHEDULED) if enemy == AUTHORITY and knowledge.fog else ()  # else in sight
    places = [forces.OFF_MAP, forces.REMOVED, *pools]
    for uid, unit in list(truth.units.items()):
        if unit.side != enemy:
            continue
        attrs = {"due": rng.random() < 0.5, "nightfall": rng.randint(0, 3), "arrives": rng.randint(1, 12)}
        if uid in shown:  # seen: where it stands is known (and when it reaches the Pool, 4.22), nothing else
            kept = {"arrives": unit.attrs["arrives"]} if unit.status == forces.SCHEDULED else {}
            truth.units[uid] = unit.with_attrs(**{**attrs, **kept})
            truth.units[uid].factors = {name: rng.randint(0, 6) for name in unit.factors}
            continue
        if hidden_areas and rng.random() < 0.5:
            truth.units[uid] = unit.placed(rng.choice(hidden_areas), ACTIVE, attrs)
        else:
            truth.units[uid] = unit.placed(None, rng.choice(places), attrs)
    stacks: dict[str, list[str]] = {}
    for uid, unit in truth.units.items():
        if unit.side == enemy and unit.status == ACTIVE:
            stacks.setdefault(unit.node, []).append(uid)
    truth.stacks = {**truth.stacks, enemy: {node: tuple(rng.sample(ids, len(ids))) for node, ids in stacks.items()}}
    theirs = [uid for uid, unit in truth.units.items() if unit.side == enemy]
    unseen = [uid for uid in theirs if uid not in shown]
    local = truth.local
    truth.local = {**local, "moved": [*local["moved"], *rng.sample(theirs, 3)],
                   "fought": [*local["fought"], *rng.sample(unseen, 3)],
                   "reacted": local["reacted"] if REACTOR.get(truth.phase) == side else rng.randint(0, 5),
                   "allowance": local["allowance"] if side == PROTESTER else {"count": rng.randint(1, 3),
                                                                             "kinds": ["group", "crowd"]},
                   "loss": local["loss"] if local["loss"] and local["loss"][0] == side else [enemy, CROWD]}
    if side == AUTHORITY:
        truth.markers = {**{node: marks for node, marks in truth.markers.items() if node in around},
                         **{node: (BARRICADE,) for node in rng.sample(hidden_areas, min(2, len(hidden_areas)))}}
    return sight.seen[side]


def decisions(player, seen: Seen, game: Game, leak: bool = False) -> list[dict]:
    """The commands a twin of `player` (his generator in the same state) would send on `seen`, none applied, and in
    the Random Events and Reinforcement Phase the Authority's part of `reinforce` (4.21); with `leak`, the twin
    decides on the game `seen` was built from instead."""
    twin = AUTOPLAY.player(player.kind, player.side, 0)
    twin.rng.setstate(player.rng.getstate())
    twin.eyes = SimpleNamespace(ctx=seen.ctx, state=seen.sight.knowledge.state) if leak else seen
    sent = list(islice(twin.commands(game), LOOK))
    if twin.side == AUTHORITY and seen.state.phase == EVENTS:
        sent.append(twin.reinforcement(twin.decides_on(game)))
    return sent


def unchanged_by_hidden_facts(options: dict[str, str], seed: int, kinds: tuple[str, str], every: int = 2,
                              leak: bool = False) -> int:
    """Check, at every `every`th point of a game, each side's decisions on its knowledge against those on a copy whose
    hidden facts are scrambled (`leak`: the players read the games behind them, see `decisions`): the number of those
    whose game the scrambling changed (an AssertionError at the first that decides otherwise)."""
    rng, compared = random.Random(seed), 0
    for number, (game, playing) in enumerate(points(options, seed, kinds)):
        if number % every:
            continue
        for side, player in playing.items():
            fresh = player.eyes
            other = scrambled(fresh, rng)
            assert decisions(player, other, game, leak) == decisions(player, fresh, game, leak), \
                f"{side} decided otherwise on facts hidden from it, turn {game.state.turn} {game.state.phase}"
            compared += other.sight.knowledge.state.units != fresh.sight.knowledge.state.units
    return compared


@pytest.mark.parametrize(("options", "kinds", "seed"), [
    (FOG, ("simple", "simple"), 3),
    (FOG, ("random", "random"), 4),
    (FOG, ("simple", "random"), 5),
    ({}, ("random", "simple"), 6),
])
def test_no_decision_reads_a_fact_hidden_from_the_side(options, kinds, seed):
    """2.2 under fog, 4.2, 4.21: the same knowledge, whatever the hidden facts behind it, gives the same commands;
    without fog the other side's piles are still hidden."""
    assert unchanged_by_hidden_facts(options, seed, kinds) > 10


@pytest.mark.parametrize("kinds", [("simple", "simple"), ("random", "random")])
def test_the_check_catches_a_player_who_reads_the_game(kinds):
    """The check bites: players handed the game their side's knowledge was built from, rather than that knowledge,
    fail it under fog (2.2)."""
    with pytest.raises(AssertionError, match="decided otherwise"):
        unchanged_by_hidden_facts(FOG, 3, kinds, every=1, leak=True)


@pytest.mark.parametrize("options", [{}, FOG])
def test_the_picture_kept_event_by_event_is_the_one_read_afresh(options):
    """Each side's picture, kept up with the events of each command, is at every point the one a reading of the
    whole log gives."""
    for game, players in points(options, 8, ("simple", "simple")):
        again = Sight(game, game.events)
        for side, player in players.items():
            kept, fresh = player.eyes.state, again.seen[side].state
            assert (kept.units, kept.stacks, kept.markers, kept.scores, kept.local) == \
                (fresh.units, fresh.stacks, fresh.markers, fresh.scores, fresh.local), \
                f"{side}, turn {game.state.turn} {game.state.phase}"


def test_a_side_sees_its_own_in_full_and_of_the_other_what_its_view_shows():
    """2.1, 2.2 under fog: own units as they are; the other side's only those standing in sight now, with the
    factors their counter prints and no other attribute; the Authority's off-map units never in the Protester's
    picture under fog, the Protester's piles never in the Authority's."""
    for game, players in points(FOG, 9, ("simple", "simple")):
        if game.state.turn < 3:
            continue
        truth = game.state
        for side, player in players.items():
            seen = player.eyes
            state, knowledge = seen.state, seen.sight.knowledge
            around = knowledge.sight(side)
            assert {uid: unit for uid, unit in state.units.items() if unit.side == side} == \
                {uid: unit for uid, unit in truth.units.items() if unit.side == side}
            assert state.stacks[side] == truth.stacks[side]
            theirs = {uid: unit for uid, unit in state.units.items() if unit.side == seen.other}
            assert {uid: unit.node for uid, unit in theirs.items()} == \
                {uid: unit.node for uid, unit in truth.units.items() if unit.side == seen.other
                 and unit.status == ACTIVE and unit.node in around}
            assert all(unit.attrs == {} and unit.status == ACTIVE for unit in theirs.values())
        if len(around) < len(game.ctx.scenario.board.nodes):
            return
    pytest.fail("no side was ever blind to part of the map")


@pytest.mark.parametrize(("kinds", "options"), [(("simple", "simple"), FOG), (("random", "random"), FOG),
                                                (("simple", "random"), FOG), (("random", "simple"), {})])
def test_whole_games_on_their_own_knowledge_keep_the_invariants(kinds, options):
    """2.3, 5.2, 6.3, 8.0: no index below zero, stacking, every unit in one place, no return from removal, the game
    over with the level the indices give; a command refused only for the truth out of the side's sight (4.2, 5.0)."""
    for seed in range(4):
        watcher = Watcher()
        played = play(SCENARIO, options, seed, *kinds, keep_events=True, on_command=watcher, checked=True, sees=OWN)
        state = played.game.state
        assert all(BLIND.match(reason) for _, reason in played.refusals), played.refusals
        assert state.over and state.turn == played.game.ctx.scenario.clock.turns
        assert state.local["level"] == victory.level(state.scores, state.local["stage_three"])
        if not options:
            assert played.refusals == [], "without fog a side sees the whole map"


@pytest.mark.parametrize("scenario", ["bos/n30-day", "bos/battle-of-seattle-factions"])
def test_the_other_scenarios_play_on_their_own_knowledge(scenario):
    """The shorter day and the game of faction players, under fog, on each side's knowledge (2.2, 8.0)."""
    played = play(scenario, FOG, 2, "random", "simple", checked=True, sees=OWN)
    assert played.game.state.over and all(BLIND.match(reason) for _, reason in played.refusals)


def test_players_see_their_own_knowledge_by_default_under_fog():
    """`own` where `fog` is on, `all` where it is off; either as asked."""
    assert seeing(AUTOPLAY, {"fog": "on"}, None) == OWN
    assert seeing(AUTOPLAY, {"fog": "off"}, None) == ALL
    assert seeing(AUTOPLAY, {"fog": "on"}, ALL) == ALL
    assert seeing(AUTOPLAY, {"fog": "off"}, OWN) == OWN


def test_all_plays_the_open_games_and_own_others_under_fog():
    """`all` under fog plays the games of the open map (the players read the whole game); by default they play on
    their own knowledge, which changes them."""
    open_games = simulate(SCENARIO, 6, 1, {}, workers=1)
    seen_all = simulate(SCENARIO, 6, 1, FOG, workers=1, sees=ALL)
    default = simulate(SCENARIO, 6, 1, FOG, workers=1)
    own = simulate(SCENARIO, 6, 1, FOG, workers=1, sees=OWN)
    assert seen_all["score_quartiles"] == open_games["score_quartiles"]
    assert default["score_quartiles"] == own["score_quartiles"] != seen_all["score_quartiles"]


def test_games_on_their_own_knowledge_are_the_same_in_any_process():
    """The same seed plays the same games on the players' knowledge whatever order a process gives its sets."""
    script = ("from referee.simulate import simulate; "
              f"print(simulate({SCENARIO!r}, 3, 7, {FOG!r}, workers=1)['score_quartiles'])")
    found = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in (1, 2)}
    assert len(found) == 1 and "median" in found.pop()
