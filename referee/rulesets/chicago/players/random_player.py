"""A player that makes legal commands at random: moves of random stacks to random boxes within reach (the
demonstrators sometimes infiltrating, the police sometimes filling a minimum box or leaving a released one: the
platoons in the others stay, or the game would end at the first step 3, CPD MINIMUM), the Guard brought in or
taken out now and then, conflicts in random boxes at odds of 1:1 or better on a random table."""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.units import Unit
from referee.rulesets.chicago.players.base import Game, Player, budget, facts, mobile, movers, police_kind, strength
from referee.rulesets.chicago.rules import tables
from referee.rulesets.chicago.rules.board import PLATOONS_IN_MINIMUM, in_minimum
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

MOVE, ATTACK, INFILTRATE, MINIMUM, GUARD = 0.5, 0.5, 0.2, 0.3, 0.1  # how often each is tried


class RandomPlayer(Player):
    """Any legal command, at random."""

    kind = "random"

    def movement(self, game: Game) -> Iterator[dict]:
        rng = self.rng
        if self.side == POLICE:
            yield from self._guard(game)
        for node, units in sorted(movers(game.state, self.side).items()):
            state = game.state
            stack = [unit for unit in units if not unit.attrs["minimum"] and rng.random() < MOVE]
            if not stack:
                continue
            if self.side == POLICE and rng.random() < MINIMUM:
                yield from self._minimum(game, node, stack)
                continue
            infiltrate = self.side == DEMONSTRATORS and rng.random() < INFILTRATE
            found = self.ways(game, node, budget(state, stack) * (2 if infiltrate else 1))
            to = rng.choice(sorted(found))
            if to != node:
                command = {"do": "move", "units": [unit.id for unit in stack], "path": found[to]}
                yield command | {"infiltrate": True} if infiltrate else command

    def _minimum(self, game: Game, node: str, stack: list[Unit]) -> Iterator[dict]:
        """Platoons into their box's minimum box while there is room; out of a released one."""
        known, state = facts(game.ctx.scenario), game.state
        if node not in known.minimum:
            return
        if node in state.local["released"] and in_minimum(state, node):
            yield {"do": "move", "units": [unit.id for unit in in_minimum(state, node)], "to": node, "minimum": False}
            return
        room = PLATOONS_IN_MINIMUM - len(in_minimum(state, node))
        going = [unit for unit in stack if police_kind(unit)][:room]
        if going:
            yield {"do": "move", "units": [unit.id for unit in going], "to": node, "minimum": True}

    def _guard(self, game: Game) -> Iterator[dict]:
        state, rng = game.state, self.rng
        if rng.random() >= GUARD:
            return
        on = sorted(uid for uid, unit in state.units.items() if unit.type == "guard" and unit.status == "active")
        off = sum(1 for unit in state.units.values() if unit.type == "guard" and unit.status == "off-map")
        if on and rng.random() < 0.5:
            yield {"do": "guard-out", "units": rng.sample(on, rng.randint(1, len(on)))}
        elif off and state.scores[DEMONSTRATORS] > state.scores[POLICE]:
            yield {"do": "guard", "units": rng.randint(1, off), "to": rng.choice(sorted(game.ctx.scenario.board.nodes))}

    def conflict(self, game: Game) -> Iterator[dict]:
        rng = self.rng
        parks = facts(game.ctx.scenario).parks
        for node in sorted(game.state.stacks[self.side]):
            state = game.state
            if rng.random() >= ATTACK:
                continue
            if self.side == DEMONSTRATORS:
                ours = [unit for unit in state.at(node, DEMONSTRATORS) if unit.id not in state.local["infiltrating"]]
                theirs = state.at(node, POLICE)
                defend = [unit for unit in theirs if not unit.attrs["minimum"]] or theirs
                if ours and defend and strength(ours) >= strength(defend):
                    yield {"do": "conflict", "box": node}
                continue
            ours = [unit for unit in mobile(state, node, POLICE) if police_kind(unit)
                    and unit.id not in state.local["attackers"]]
            theirs = state.at(node, DEMONSTRATORS)
            fresh = [unit for unit in theirs if unit.id not in state.local["attacked"]]
            if not ours or not fresh:
                continue
            attack = rng.sample(ours, rng.randint(1, len(ours)))
            defend = fresh if node in parks else rng.sample(fresh, rng.randint(1, len(fresh)))
            if strength(attack) >= strength(defend):
                yield {"do": "conflict", "box": node, "table": rng.choice(tables.NAMES),
                       "attack": [unit.id for unit in attack], "defend": [unit.id for unit in defend]}
