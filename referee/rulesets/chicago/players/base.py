"""What both kinds of player share: a generator of its own, the step each side acts in, what it decides on (the
game, or its side's knowledge of it), the board's facts and the ways a stack may go this step (HOW TO MOVE UNITS)."""

from __future__ import annotations

import hashlib
import heapq
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.core.board import Board
from referee.core.state import GameState
from referee.core.units import Unit
from referee.knowledge.eyes import Picture as Game
from referee.rulesets.chicago.players import odds
from referee.rulesets.chicago.rules import board as chicago_board
from referee.rulesets.chicago.rules import tables
from referee.rulesets.chicago.rules.conflict import Box
from referee.rulesets.chicago.rules.movement import allowance
from referee.rulesets.chicago.rules.steps import ACTOR, FIGHTER, MOVER
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, TYPES
from referee.scenario.catalog import Scenario

if TYPE_CHECKING:
    pass


@dataclass(frozen=True)
class Facts:
    """What the players read of the board once: codes, parks and their multipliers, minimum boxes, and how many
    boxes each box is from the nearest park."""

    codes: dict[str, Box]
    parks: dict[str, int]
    minimum: dict[str, str]
    to_park: dict[str, int]
    hops: dict[str, dict[str, int]]  # boxes apart, by box and box
    cameras: dict[str, int]  # the best D code in a box or next to it, by box
    columns: odds.Columns  # the game's Conflict Resolution Tables, read for the odds


_FACTS: dict[tuple[int, int], tuple[Board, dict, Facts]] = {}


def facts(scenario: Scenario) -> Facts:
    """The facts of a scenario's board and tables (worked out once for each pair of them)."""
    board, read = scenario.board, tables.of(scenario)
    found = _FACTS.get((id(board), id(read)))
    if found is not None and found[0] is board and found[1] is read:
        return found[2]
    parks, codes = chicago_board.parks(board), chicago_board.codes(board)
    known = Facts(
        codes, parks, chicago_board.minimum(board), board.distances(parks),
        {node: board.distances([node]) for node in board.nodes},
        {node: max(codes[near].demonstrators for near in (node, *board.neighbours(node))) for node in board.nodes},
        odds.columns(read))
    _FACTS[id(board), id(read)] = (board, read, known)
    return known




class Player:
    """One side's player. `commands(game)` yields its commands for the step the game is in, reading the live state
    after each (the caller applies each before asking for the next). Given `eyes` (his side's knowledge, `Seen`),
    he decides on them and never on the game he is handed."""

    kind = "base"

    def __init__(self, side: str, seed: int):
        digest = hashlib.blake2b(f"chicago-player:{seed}:{side}:{self.kind}".encode(), digest_size=8).digest()
        self.side, self.rng = side, random.Random(int.from_bytes(digest, "big"))
        self.eyes: Any = None
        self._step: tuple[int, str] | None = None
        self._enemy: dict[str, tuple[str, ...]] | None = None
        self._ways: dict[tuple[str, int], dict[str, list[str]]] = {}

    def decides_on(self, game: Game) -> Game:
        """What the player reads to decide: his side's knowledge where he has `eyes`, else `game`."""
        return game if self.eyes is None else self.eyes

    def ways(self, game: Game, start: str, budget: int) -> dict[str, list[str]]:
        """`ways` for this side, kept while the step and the enemy's stacks as he knows them last: the enemy does not
        move while this side moves, but under fog this side's moves may bring more of it into sight."""
        state = game.state
        step, enemy = (state.turn, state.phase), state.stacks[DEMONSTRATORS if self.side == POLICE else POLICE]
        if step != self._step or (enemy is not self._enemy and enemy != self._enemy):
            self._step, self._enemy, self._ways = step, enemy, {}
        key = (start, budget)
        if key not in self._ways:
            self._ways[key] = ways(game.ctx.scenario.board, state, start, self.side, budget)
        return self._ways[key]

    def commands(self, game: Game) -> Iterator[dict]:
        """This side's commands for the step the game is in, decided on what it reads (`decides_on`)."""
        game = self.decides_on(game)
        phase = game.state.phase
        if ACTOR.get(phase) != self.side:
            return iter(())
        return self.movement(game) if MOVER.get(phase) else self.conflict(game) if FIGHTER.get(phase) else iter(())

    def movement(self, game: Game) -> Iterator[dict]:
        return iter(())

    def conflict(self, game: Game) -> Iterator[dict]:
        return iter(())


def strength(units: list[Unit]) -> int:
    """The conflict strength of units (HOW TO RESOLVE CONFLICT 6)."""
    return sum(unit.attrs["strength"] for unit in units)


def mobile(state: GameState, node: str, side: str) -> list[Unit]:
    """A side's units in a box outside its minimum box."""
    return [unit for unit in state.at(node, side) if not unit.attrs["minimum"]]


def ways(board: Board, state: GameState, start: str, side: str, budget: int) -> dict[str, list[str]]:
    """The boxes a unit of `side` at `start` with `budget` movement factors reaches this step, each with its
    cheapest path (HOW TO MOVE UNITS 1-4); `start` itself with an empty path."""
    enemy = blocked(state, side)
    best = {start: 0}
    found: dict[str, list[str]] = {start: []}
    queue: list[tuple[int, str, list[str]]] = [(0, start, [])]
    while queue:
        cost, here, way = heapq.heappop(queue)
        if cost > best.get(here, cost):
            continue
        for near in board.neighbours(here):
            spent = cost + (2 if near in enemy else 1)
            if spent <= budget and spent < best.get(near, budget + 1):
                best[near] = spent
                found[near] = [*way, near]
                heapq.heappush(queue, (spent, near, found[near]))
    return found


def blocked(state: GameState, side: str) -> set[str]:
    """The boxes that cost a unit of `side` two movement factors to enter: an enemy unit outside a minimum box
    stands there (HOW TO MOVE UNITS 3-4; `movement.entry_cost`)."""
    enemy = DEMONSTRATORS if side == POLICE else POLICE
    return {node for node, ids in state.stacks[enemy].items() if any(not state.units[uid].attrs["minimum"] for uid in ids)}


def budget(state: GameState, units: list[Unit]) -> int:
    """What the slowest of units may still spend this step."""
    return min(allowance(state, unit) for unit in units)


def movers(state: GameState, side: str) -> dict[str, list[Unit]]:
    """A side's units on the board that may move, by box (regular and Tac platoons, Guard, groups)."""
    found: dict[str, list[Unit]] = {}
    for node, ids in state.stacks[side].items():
        units = [state.units[uid] for uid in ids]
        if units:
            found[node] = units
    return found


def police_kind(unit: Unit) -> bool:
    """A platoon that may stand in a minimum box and attack: regular or Tac, not the Guard (NATIONAL GUARD)."""
    return unit.side == POLICE and TYPES[unit.type].name != "guard"
