"""Chicago-Chicago's computer players deciding on their own side's knowledge (`simulate --players-see own`, the
default under option `fog`; RULINGS.md "Chicago-Chicago: the computer players' knowledge"): no command of theirs
depends on a fact their side has not seen, their picture kept up event by event is the one read afresh, and whole
games keep Chicago-Chicago's invariants, the only commands refused being moves through boxes out of sight where the
other side stood (HOW TO MOVE UNITS 2, 4)."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest

from referee.autopilot import send_orders
from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.chicago.players.autoplay import AUTOPLAY
from referee.rulesets.chicago.players.base import blocked
from referee.rulesets.chicago.players.belief import FACE, Seen, Sight
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, TYPES
from referee.scenario.catalog import load
from referee.session import Session
from referee.simulate import ALL, OWN, game_seed, play, seeing, simulate
from tests.test_chicago_autoplay import SCENARIO, Watcher

FOG = {"fog": "on"}
KINDS = [("simple", "simple"), ("random", "random"), ("simple", "random"), ("random", "simple")]
LOOK = 60  # the commands of a step compared at each point (they are not applied, so a step may yield one again)
MOVES = "HOW TO MOVE UNITS 2"  # the refusal of a way that costs more than a unit has left


def table(options: dict[str, str], seed: int, kinds: tuple[str, str]) -> tuple[Game, dict, Callable]:
    """A new game (its events kept), its computer players, each with his side's knowledge as `eyes`, and the
    function that feeds that knowledge the events of each command applied."""
    game = Game.new(load(SCENARIO), options, seed)
    players = {side: AUTOPLAY.player(kind, side, seed) for side, kind in zip(AUTOPLAY.sides, kinds, strict=True)}
    return game, players, AUTOPLAY.own_eyes(game, players)


def points(options: dict[str, str], seed: int, kinds: tuple[str, str],
           refused: list[tuple[dict, str, bool]] | None = None) -> Iterator[tuple[Game, dict]]:
    """A game played by its computer players on their own knowledge, paused at the start of every step in which one
    side acts: the game and the players (each with `eyes`, his side's `Seen`). Each command the umpire refuses goes
    into `refused`: the command, why, and whether its way entered a box out of the mover's sight where the other
    side stood outside a minimum box (HOW TO MOVE UNITS 4)."""
    game, players, feed = table(options, seed, kinds)
    while not game.state.over:
        actor = AUTOPLAY.actor(game.state)
        if actor:
            yield game, players
        for command in players[actor].commands(game) if actor else ():
            try:
                feed(game.apply(command, shaped=False))
            except RefereeError as error:
                seen = players[actor].eyes
                dark = set(game.ctx.scenario.board.nodes) - seen.sight.knowledge.sight(actor)
                unseen = (blocked(game.state, actor) - blocked(seen.state, actor)) & dark
                (refused if refused is not None else []).append(
                    (command, str(error), bool(unseen & set(command.get("path", ())))))
        feed(game.apply({"do": "end-phase"}))


def scrambled(seen: Seen, rng: random.Random) -> Seen:
    """A copy of a side's knowledge whose game differs in every fact hidden from it: the other side's counters out of
    its sight now moved among the boxes it does not see, taken off the board or brought on, at other levels and in
    or out of minimum boxes; its counter box other counters; its infiltration and movement spent other ones. What the
    side sees is left as it is: its own counters, and the other side's in the boxes in its sight."""
    sight = copy.copy(seen.sight)
    knowledge = sight.knowledge = copy.copy(seen.sight.knowledge)
    truth = knowledge.state = knowledge.state.thawed()  # every container new: the game's own stays as it is
    sight.seen = {side: copy.copy(one) for side, one in seen.sight.seen.items()}
    for one in sight.seen.values():
        one.sight = sight
    side, other = seen.side, seen.other
    boxes = knowledge.sight(side)
    dark = sorted(node for node in knowledge.ctx.scenario.board.nodes if node not in boxes)
    stacks = {node: ids for node, ids in truth.stacks[other].items() if node in boxes}
    hidden = sorted(uid for uid, unit in truth.units.items()
                    if unit.side == other and (unit.status != ACTIVE or unit.node not in boxes))
    for uid in hidden:
        unit = truth.units[uid]
        kind = TYPES[unit.type]
        if kind.levels:
            unit = forces.at_level(unit, rng.randint(1, kind.lowest))
        node = rng.choice(dark) if dark and rng.random() < 0.6 else None
        status = ACTIVE if node else rng.choice([forces.OFF_MAP, forces.REMOVED])
        truth.units[uid] = unit.placed(node, status, {**unit.attrs, "minimum": bool(node) and rng.random() < 0.3})
        if node:
            stacks[node] = stacks.get(node, ()) + (uid,)
    truth.stacks[other] = stacks
    theirs = sorted(uid for uid, unit in truth.units.items() if unit.side == other)
    truth.local = {**truth.local, "infiltrating": [*truth.local["infiltrating"], *rng.sample(theirs, 3)],
                   "spent": {**truth.local["spent"], **{uid: rng.randint(1, 4) for uid in rng.sample(theirs, 3)}}}
    mine = sight.seen[side]
    mine.forget()
    return mine


def decisions(player, seen: Seen, game: Game, leak: bool = False) -> list[dict]:
    """The commands a twin of `player` (his generator in the same state) would send on `seen`, none applied; with
    `leak`, the twin decides on the game `seen` was built from instead."""
    twin = AUTOPLAY.player(player.kind, player.side, 0)
    twin.rng.setstate(player.rng.getstate())
    twin.eyes = SimpleNamespace(ctx=seen.ctx, state=seen.sight.knowledge.state) if leak else seen
    seen.forget()
    sent = []
    for command in twin.commands(game):
        sent.append(command)
        if len(sent) >= LOOK:
            break
    return sent


def compare(options: dict[str, str], seed: int, kinds: tuple[str, str], every: int = 1,
            leak: bool = False) -> tuple[int, list[str]]:
    """At every `every`th point of a game, each acting side's decisions on its knowledge against those on a copy
    whose hidden facts are scrambled (`leak`: the players read the games behind them, see `decisions`): how many
    points were compared whose hidden facts on the board the scrambling changed, and the points decided otherwise."""
    rng, compared, otherwise = random.Random(seed), 0, []
    for number, (game, playing) in enumerate(points(options, seed, kinds)):
        if number % every:
            continue
        side = AUTOPLAY.actor(game.state)
        player = playing[side]
        fresh = player.eyes.sight.seen[side]
        other = scrambled(fresh, rng)
        if decisions(player, other, game, leak) != decisions(player, copy.copy(fresh), game, leak):
            otherwise.append(f"{side}, turn {game.state.turn} {game.state.phase}")
        compared += other.sight.knowledge.state.stacks[fresh.other] != game.state.stacks[fresh.other]
    return compared, otherwise


@pytest.mark.parametrize(("kinds", "seed"), [(KINDS[0], 3), (KINDS[1], 4), (KINDS[2], 5), (KINDS[3], 6)])
def test_no_decision_reads_a_fact_hidden_from_the_side(kinds, seed):
    """Option `fog` (RULINGS.md, "Chicago-Chicago: what the players know"): the same knowledge, whatever the hidden
    facts behind it, gives the same commands, at points where the other side's counters out of sight stood
    elsewhere."""
    compared, otherwise = compare(FOG, seed, kinds)
    assert otherwise == [] and compared >= 30


def test_without_fog_only_the_counter_box_and_the_others_doings_are_hidden():
    """HOW TO SET UP THE GAME 1: without fog every counter on the board is seen; the other side's counter box, its
    infiltration and movement spent are not, and no decision reads them."""
    compared, otherwise = compare({}, 7, KINDS[0])
    assert otherwise == [] and compared == 0


def test_the_check_catches_a_player_who_reads_the_game():
    """The check bites: players handed the game their side's knowledge was built from, rather than that knowledge,
    decide otherwise at many points under fog."""
    compared, otherwise = compare(FOG, 3, KINDS[0], leak=True)
    assert len(otherwise) >= 5 and any(point.startswith(DEMONSTRATORS) for point in otherwise), otherwise


@pytest.mark.parametrize("options", [FOG, {}])
def test_the_picture_kept_event_by_event_is_the_one_read_afresh(options):
    """Each side's picture, its boxes read again only where their counters changed, is after every command the one a
    full reading of its knowledge gives, and at the start of each step the one knowledge built anew from the game's
    events gives."""
    game, players, feed = table(options, 8, KINDS[0])

    def agrees(anew: dict[str, Seen]) -> None:
        for side, player in players.items():
            kept, fresh = player.eyes.state, anew[side].state
            assert (kept.stacks, kept.units, kept.local, kept.scores, kept.turn, kept.phase) == \
                (fresh.stacks, fresh.units, fresh.local, fresh.scores, fresh.turn, fresh.phase), \
                f"{side}, turn {game.state.turn} {game.state.phase}"

    while not game.state.over:
        agrees(Sight(game, game.events).seen)
        actor = AUTOPLAY.actor(game.state)
        for command in players[actor].commands(game) if actor else ():
            try:
                feed(game.apply(command))
            except RefereeError:
                continue
            again = {side: copy.copy(player.eyes) for side, player in players.items()}
            for seen in again.values():
                seen.forget()
            agrees(again)
        feed(game.apply({"do": "end-phase"}))


def test_under_fog_a_side_sees_the_other_only_in_its_boxes_and_the_next_ones():
    """Option `fog`: a side's picture holds its own counters as they are, wherever they are, and of the other side's
    only those standing now in the boxes it holds and the next ones, with their faces (type, numbers, level) and the
    minimum box, nothing of its counter box; the demonstrators miss police somewhere."""
    missed = 0
    for game, players in points(FOG, 9, KINDS[0]):
        truth = game.state
        for side, player in players.items():
            seen = player.eyes
            state, other = seen.state, seen.other
            boxes = seen.sight.knowledge.sight(side)
            assert state.stacks[side] == truth.stacks[side]
            assert {uid: unit for uid, unit in state.units.items() if unit.side == side} == \
                {uid: unit for uid, unit in truth.units.items() if unit.side == side}
            assert {node: sorted(ids) for node, ids in state.stacks[other].items()} == \
                {node: sorted(ids) for node, ids in truth.stacks[other].items() if node in boxes and ids}
            for uid, unit in state.units.items():
                if unit.side == other:
                    real = truth.units[uid]
                    assert (unit.type, unit.factors, unit.node, unit.status) == (real.type, real.factors, real.node, ACTIVE)
                    face = {key: real.attrs[key] for key in FACE if key in real.attrs}
                    assert unit.attrs == {**face, "minimum": real.attrs["minimum"]}
            missed += side == DEMONSTRATORS and len(boxes) < len(game.ctx.scenario.board.nodes) and \
                state.stacks[other] != {node: ids for node, ids in truth.stacks[other].items() if ids}
    assert missed > 10


def test_the_only_commands_refused_are_moves_through_the_other_side_out_of_sight():
    """HOW TO MOVE UNITS 2, 4: a way through a box the mover does not see, where the other side stands outside a
    minimum box, costs two there, not the one he counted; the umpire judges against the truth and refuses it. It is
    the only refusal in these games, and the demonstrators meet it (they see least)."""
    found: list[tuple[dict, str, bool]] = []
    for seed in range(6):
        for kinds in KINDS:
            for _ in points(FOG, game_seed(seed, 5), kinds, found):
                pass
    assert found and all(command["do"] == "move" and why.startswith(MOVES) and unseen
                         for command, why, unseen in found), found
    assert any(command["units"][0].startswith("G") for command, _, _ in found)


@pytest.mark.parametrize("kinds", KINDS)
def test_whole_games_on_their_own_knowledge_keep_the_invariants(kinds):
    """THE PLAYING PIECES, EXPOSURE INDEX, HOW TO RESOLVE CONFLICT 4, CPD MINIMUM (tests/test_chicago_autoplay.py's
    checks after every command) over several seeds under fog, every game to its end with the winner the indices
    say (HOW TO "WIN"); without fog nothing is refused."""
    for index, options in enumerate([FOG, FOG, {**FOG, "counter_limit": "on"}, {**FOG, "park_penalty": "each"}, {}]):
        watcher = Watcher(options.get("counter_limit") == "on")
        played = play(SCENARIO, options, game_seed(index, 6), *kinds, on_command=watcher, checked=True, sees=OWN)
        state = played.game.state
        assert state.over and all(why.startswith(MOVES) for _, why in played.refusals)
        assert played.refusals == [] or options.get("fog") == "on"
        if state.local["reason"] == "28C":
            police, green = state.scores[POLICE], state.scores[DEMONSTRATORS]
            assert state.winner == (None if police == green else POLICE if police > green else DEMONSTRATORS)


def test_players_see_their_own_knowledge_by_default_under_fog():
    """Option `fog`: `own` where it is on, `all` where it is off (the text hides nothing); either as asked."""
    assert seeing(AUTOPLAY, {"fog": "on"}, None) == OWN
    assert seeing(AUTOPLAY, {"fog": "off"}, None) == ALL
    assert seeing(AUTOPLAY, {"fog": "on"}, ALL) == ALL
    assert seeing(AUTOPLAY, {"fog": "off"}, OWN) == OWN


def test_own_without_fog_plays_the_games_of_all_and_fog_changes_them():
    """HOW TO SET UP THE GAME 1: without fog a side's knowledge is the whole board, so `own` plays the games `all`
    does; `all` under fog plays them too (the players read the whole game), and the default under fog, `own`,
    plays others."""
    open_games = simulate(SCENARIO, 6, 1, {}, workers=1)
    own_open = simulate(SCENARIO, 6, 1, {}, workers=1, sees=OWN)
    seen_all = simulate(SCENARIO, 6, 1, FOG, workers=1, sees=ALL)
    default = simulate(SCENARIO, 6, 1, FOG, workers=1)
    assert own_open["score_quartiles"] == open_games["score_quartiles"] == seen_all["score_quartiles"]
    assert default["score_quartiles"] != seen_all["score_quartiles"]


def test_simulate_plays_chicago_on_the_players_own_knowledge(cli):
    """`referee simulate chicago/chicago-1968 --players-see own` is taken, with or without fog."""
    for options in ((), ("--set", "fog=on")):
        run = cli("simulate", SCENARIO, "--games", "2", "--seed", "3", "--players-see", "own", *options)
        assert run.code == 0, run.err
        assert sum(json.loads(run.out)["wins"].values()) == 2


def test_games_on_their_own_knowledge_are_the_same_in_any_process():
    """The same seed plays the same games on the players' knowledge whatever order a process gives its sets."""
    script = ("from referee.simulate import simulate; "
              f"r = simulate({SCENARIO!r}, 4, 7, {FOG!r}, workers=1); print(r['wins'], r['score_quartiles'])")
    found = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in (1, 2)}
    assert len(found) == 1 and "median" in found.pop()


@pytest.mark.parametrize(("fog", "sees_own"), [("on", True), ("off", False)])
def test_the_computer_player_at_the_table_decides_on_its_side_s_knowledge_under_fog(tmp_path, monkeypatch, fog,
                                                                                      sees_own):
    """Option `fog`: `referee autopilot`'s player decides on his side's knowledge, fed every event of the session
    from the opening, as `simulate --players-see own` does; without fog on the game."""
    given, own_eyes = [], AUTOPLAY.own_eyes

    def spied(game, players):
        given.append((len(game.events), set(players)))
        return own_eyes(game, players)

    monkeypatch.setattr(AUTOPLAY, "own_eyes", spied)
    path = tmp_path / "s.db"
    Session.create(path, SCENARIO, {"fog": fog}, seed=5).close()
    sent = send_orders(path, DEMONSTRATORS)
    with Session.open(path) as session:
        opening = len(session.log()[0])
    assert sent.orders and given == ([(opening, {DEMONSTRATORS})] if sees_own else [])
