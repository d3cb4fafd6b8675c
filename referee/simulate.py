"""Computer players play whole games: `referee simulate` and the replayable last game for `--save`."""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee import rulesets
from referee.balance import margin, shares, spread
from referee.bounds import GAMES
from referee.core.state import GameState
from referee.errors import RefereeError
from referee.game import Game
from referee.scenario import catalog
from referee.scenario.catalog import Scenario, from_sources, load

#: a player that sends this many commands in one phase is stopped there (a safety net, never reached in play)
MAX_COMMANDS_PER_PHASE = 500
DRAW = "draw"  # where `wins` counts the games that ended without a winner (Chicago-Chicago: equal indices)
#: runs of at least this many games are spread over the cores
PARALLEL_FROM = 40
#: games in each task sent to a Dask cluster
BATCH = 50
OWN, ALL = "own", "all"
SEES = (OWN, ALL)
"""What the computer players decide on (`--players-see`): their own side's knowledge, or the whole game."""


class Autoplay(Protocol):
    """A ruleset's computer players (its declaration's `autoplay`): who plays, who acts when, and how."""

    sides: tuple[str, ...]  # the sides computer players take, in the order `play` is given their kinds
    kinds: tuple[str, ...]  # the kinds of player, the first the default ("objective", "random")

    def player(self, kind: str, side: str, seed: int) -> Any:
        """A player of `kind` for `side` in the game of `seed`: `commands(game)` yields its commands for a phase."""

    def actor(self, state: GameState) -> str | tuple[str, ...] | None:
        """The side whose player acts in the phase the game is in, or the sides that act in it one after the
        other (None: the phase just ends)."""

    def prepare(self, game: Game, command: dict, players: dict[str, Any]) -> dict:
        """A command as applied: the other side may answer it first (N30: lockdowns refusing to retreat)."""

    # A ruleset whose players can decide on their own side's knowledge also has (N30's, Battle of Seattle's and
    # Chicago-Chicago's do):
    #   hides(options) -> bool: whether the options hide anything from a player;
    #   own_eyes(game, players) -> feed: gives each player his side's knowledge of the game, which `feed(events)`
    #   keeps up with the events of each command applied (referee.knowledge.eyes.hand_out hands it out).
    # One whose games may end otherwise than in a side's win says how (`results`), by
    #   draws: bool: whether a game may end without a winner (Chicago-Chicago's, at equal indices);
    #   levels: tuple[str, ...]: the levels of victory a game may end at (Battle of Seattle's, 8.0).


def autoplay(scenario: Scenario) -> Autoplay:
    """The computer players of a scenario's ruleset; a RefereeError for a ruleset without them."""
    found = rulesets.get(scenario.ruleset).computer_players()
    if found is None:
        raise RefereeError(f"no computer players for {scenario.ruleset} scenarios: its players are people "
                           f"(simulate plays {', '.join(p.id for p in rulesets.plugins() if p.autoplay) or 'none'})")
    return found


def results(scenario: Scenario) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every result a game of the scenario may end with, as `wins` counts them (each side's win, then `DRAW` where
    its rules allow one), and every level of victory it may end at, in alphabetical order."""
    computer = autoplay(scenario)
    draws = (DRAW,) if getattr(computer, "draws", False) else ()
    return (*computer.sides, *draws), tuple(sorted(getattr(computer, "levels", ())))


def _kinds(play: Autoplay, given: dict[str, str]) -> dict[str, str]:
    """Each side's kind of player: those given by side, the rest the default; an unknown side or kind refused."""
    for side, kind in given.items():
        if side not in play.sides:
            raise RefereeError(f"no computer player for the side {side!r} (sides: {', '.join(play.sides)})")
        if kind not in play.kinds:
            raise RefereeError(f"unknown player kind {kind!r} (one of: {', '.join(play.kinds)})")
    return {side: given.get(side, play.kinds[0]) for side in play.sides}


def chosen(scenario: Scenario, given: dict[str, str]) -> dict[str, str]:
    """Each side's kind of player in the scenario's games: those `given` by side, the rest its ruleset's first."""
    return _kinds(autoplay(scenario), given)


def seeing(computer: Autoplay, options: dict[str, str], sees: str | None) -> str:
    """What the players decide on, `OWN` or `ALL`: as asked, else their own knowledge where the options (all of
    them, defaults included) hide anything and the ruleset's players can; a RefereeError for what they cannot."""
    eyes = getattr(computer, "own_eyes", None)
    if sees is None:
        return OWN if eyes is not None and computer.hides(options) else ALL  # type: ignore[attr-defined]
    if sees not in SEES:
        raise RefereeError(f"--players-see must be one of {', '.join(SEES)}, got {sees!r}")
    if sees == OWN and eyes is None:
        raise RefereeError("--players-see own: this game's computer players see the whole game "
                           f"(those of {', '.join(_seeing_games())} see their own side's knowledge)")
    return sees


def _seeing_games() -> list[str]:
    """The rulesets whose computer players can decide on their own side's knowledge."""
    return [p.id for p in rulesets.plugins() if p.autoplay and hasattr(p.computer_players(), "own_eyes")]


def _score(game: Game) -> int:
    return rulesets.get(game.ctx.scenario.ruleset).score(game.state.scores)


@dataclass
class Played:
    """One game played to its end: the game, the commands that were applied, and any refused."""

    game: Game
    commands: list[dict] = field(default_factory=list)
    refusals: list[tuple[dict, str]] = field(default_factory=list)

    @property
    def score(self) -> int:
        return _score(self.game)

    @property
    def winner(self) -> str | None:
        return self.game.state.winner


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run started with `seed` (63 bits, from a hash of both)."""
    digest = hashlib.blake2b(f"simulate:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _scenario(scenario: Scenario | str) -> Scenario:
    return load(scenario) if isinstance(scenario, str) else scenario


def play(scenario: Scenario | str, options: dict[str, str] | None, seed: int, *kinds: str,
         keep_events: bool = False, on_command: Callable[[Game, dict], None] | None = None,
         checked: bool = False, sees: str | None = None) -> Played:
    """Play one game to its end, each side's player of the kind given in the order of the ruleset's
    `Autoplay.sides` (default: its first kind); `on_command(game, command)` is called after every applied command.
    The players' commands skip the check of their keys unless `checked` (the tests play games both ways). `sees`:
    what the players decide on (`seeing`)."""
    scenario = _scenario(scenario)
    computer = autoplay(scenario)
    chosen = _kinds(computer, dict(zip(computer.sides, kinds, strict=False)))
    options = dict(options or {})
    own = seeing(computer, scenario.option_values(options), sees) == OWN
    game = Game.new(scenario, options, seed, keep_events=keep_events or own)  # their knowledge starts at the opening
    players = {side: computer.player(kind, side, seed) for side, kind in chosen.items()}
    feed = computer.own_eyes(game, players) if own else None  # type: ignore[attr-defined]
    if not keep_events:
        game.events, game.keep_events = [], False
    played = Played(game)
    commands, refusals = played.commands, played.refusals
    def apply(command: dict) -> None:
        events = game.apply(command, shaped=not checked)
        if feed is not None:
            feed(events)

    while not game.state.over:
        actors = computer.actor(game.state)
        for actor in (actors,) if isinstance(actors, str) else actors or ():
            sent = 0
            for command in players[actor].commands(game):
                command = computer.prepare(game, command, players)
                try:
                    apply(command)
                except RefereeError as error:
                    refusals.append((command, str(error)))
                else:
                    commands.append(command)
                    if on_command is not None:
                        on_command(game, command)
                sent += 1
                if sent >= MAX_COMMANDS_PER_PHASE:
                    break
        end = {"do": "end-phase"}
        apply(end)
        commands.append(end)
        if on_command is not None:
            on_command(game, end)
    return played


def play_game(scenario: Scenario | str, options: dict[str, str] | None, seed: int, *kinds: str) -> tuple[Game, list[dict]]:
    """One game played to its end and the commands that replay it from `Game.new(scenario, options, seed)`."""
    played = play(scenario, options, seed, *kinds)
    return played.game, played.commands


@dataclass(frozen=True)
class Batch:
    """Games to play, here or on another machine: the scenario as data (`key` names that data), the options,
    each side's kind of player, and each game's seed."""

    key: str
    sources: dict[str, dict]
    options: dict[str, str]
    kinds: tuple[str, ...]
    seeds: tuple[int, ...]
    sees: str | None = None  # what the players decide on (`seeing`)


_LOADED: dict[str, Scenario] = {}


def outcomes(batch: Batch, tick: Callable[[], None] | None = None) -> list[tuple[str | None, int, str | None]]:
    """Each game of a batch played: (winner, final score, the level of victory where the game names one, as
    Battle of Seattle's 8.0 does). `tick` is called as each game ends."""
    scenario = _LOADED.get(batch.key)
    if scenario is None:
        scenario = _LOADED[batch.key] = from_sources(batch.sources)
    played = []
    for seed in batch.seeds:
        game = play(scenario, batch.options, seed, *batch.kinds, sees=batch.sees).game
        played.append((game.state.winner, _score(game), game.state.local.get("level")))
        if tick is not None:
            tick()
    return played


def _auto_workers(games: int) -> int:
    """Worker processes for a run: one per core once there are enough games to pay for them."""
    if games < PARALLEL_FROM or threading.active_count() > 1:
        return 1  # forking a process that runs threads (the dashboard) is not safe
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def simulate(scenario_id: str, games: int = 100, seed: int = 0, options: dict[str, str] | None = None,
             *, workers: int | None = None, progress: Callable[[], None] | None = None, until_ci: float | None = None,
             tuned: dict[str, str] | None = None, scheduler: str | None = None, sees: str | None = None,
             **kinds: str) -> dict:
    """Play `games` games; the documented summary object (same seed, same result but for `seconds`).

    `kinds` give a side's kind of player by the side's name (`protesters="random"`); the others play
    their ruleset's first kind. Game i is played with seed `game_seed(seed, i)`. `tuned` sets some of the
    scenario's tunables (`{name: value}`). `workers` > 1 spreads the games over that many processes (None: one
    per core for long runs), and `scheduler` (a Dask scheduler's address) over a cluster's; the result depends
    on neither. `progress` is called once each game is over. With `until_ci`, the games are doubled until every
    result's 95% interval reaches no further than that from its share (or `GAMES` are played). `sees`: what the
    players decide on, `OWN` or `ALL` (None: `seeing` chooses by the options).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RefereeError(f"--games must be a whole number of at least 1, got {games!r}")
    base = load(scenario_id)
    computer = autoplay(base)
    options = dict(options or {})
    seeing(computer, base.option_values(options), sees)  # a bad option is refused before any game is played
    scenario = catalog.tuned(base, dict(tuned or {}))  # and so is a bad tunable
    chosen = tuple(_kinds(computer, kinds).values())  # and a bad side or kind of player
    key = hashlib.blake2b(json.dumps(scenario.sources, sort_keys=True).encode(), digest_size=16).hexdigest()
    _LOADED[key] = scenario
    tick = progress or (lambda: None)

    def played(first: int, last: int) -> list[tuple]:
        """The outcomes of games `first` to `last` - 1, in order, wherever they are played."""
        seeds = [game_seed(seed, index) for index in range(first, last)]
        count = _auto_workers(len(seeds)) if workers is None else max(1, int(workers))

        def batches(parts: int) -> list[Batch]:
            size = -(-len(seeds) // parts)
            return [Batch(key, scenario.sources, options, chosen, tuple(seeds[at:at + size]), sees)
                    for at in range(0, len(seeds), size)]

        if scheduler is not None:
            from referee.cluster import on_cluster

            return on_cluster(scheduler, batches(max(1, len(seeds) // BATCH)), tick, outcomes)
        found = _in_processes(batches(count * 4), count, tick) if count > 1 else None
        return found if found is not None else outcomes(batches(1)[0], tick)

    started = time.perf_counter()
    played_games = played(0, games)
    while until_ci is not None and len(played_games) < GAMES and margin(_wins(computer, played_games)[0],
                                                                         len(played_games)) > until_ci:
        played_games += played(len(played_games), min(2 * len(played_games), GAMES))
    seconds = time.perf_counter() - started
    games = len(played_games)
    wins, levels = _wins(computer, played_games)
    scores = [score for _, score, _ in played_games]
    return {
        "scenario": scenario.id,
        "games": games,
        "seed": seed,
        "wins": wins,
        "mean_final_score": round(sum(scores) / games, 3),
        "seconds": round(seconds, 3),
        "win_rate": shares(wins, games),
        "score_quartiles": spread(scores),
        **({"levels": shares(levels, games)} if levels else {}),
        **({"until_ci": until_ci} if until_ci is not None else {}),
    }


def _wins(computer: Autoplay, played: list[tuple]) -> tuple[dict[str, int], dict[str, int]]:
    """Games won by each side (and drawn), and games ended at each level of victory the game names."""
    wins: dict[str, int] = dict.fromkeys(computer.sides, 0)
    levels: dict[str, int] = {}
    for winner, _, level in played:
        key = DRAW if winner is None else winner
        wins[key] = wins.get(key, 0) + 1
        if level is not None:
            levels[level] = levels.get(level, 0) + 1
    return wins, levels


def _in_processes(batches: list[Batch], workers: int, tick: Callable[[], None]) -> list[tuple] | None:
    """The outcomes of the batches, in order, from forked worker processes (None where forking is not possible)."""
    import multiprocessing

    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        return None
    played = []
    with context.Pool(min(workers, len(batches))) as pool:
        for batch in pool.imap(outcomes, batches):
            played += batch
            for _ in batch:
                tick()
    return played


def last_game(scenario_id: str, games: int, seed: int, options: dict[str, str] | None = None,
              tunings: dict[str, str] | None = None, sees: str | None = None, **kinds: str) -> tuple[Game, list[dict]]:
    """The last game of `simulate(scenario_id, games, seed, ...)` (with its tunables set to `tunings`) and its
    commands (for `--save`).

    Its seed is `game_seed(seed, games - 1)`: a session created with that seed (and those tunings) and fed the
    commands in order replays it exactly.
    """
    scenario = catalog.tuned(load(scenario_id), tunings or {})
    chosen = _kinds(autoplay(scenario), kinds)
    played = play(scenario, options, game_seed(seed, games - 1), *chosen.values(), sees=sees)
    return played.game, played.commands
