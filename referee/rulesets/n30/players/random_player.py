"""A player that plays legally at random: the baseline the objective players must beat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.rulesets.n30.players.base import (
    ATTACKERS,
    CHEMICAL,
    UNSEEN,
    Player,
    free_choices,
    unmoved_at,
    waiting_units,
)
from referee.rulesets.n30.rules.attack import retreat_options, targets
from referee.rulesets.n30.rules.movement import destinations
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

if TYPE_CHECKING:
    from referee.core.units import Unit
    from referee.rulesets.n30.players.base import Game

MOVE_CHANCE = 0.8
ATTACK_CHANCE = 0.7
GAS_CHANCE = 0.5
REFUSE_CHANCE = 0.5
BUILD_CHANCE = 0.1
TOP_CHANCE = 0.2


class RandomPlayer(Player):
    """Random chosen intersections, random legal destinations, random attacks, gas and refusals."""

    kind = "random"

    def movement(self, game: Game) -> Iterator[dict]:
        rng, side = self.rng, self.side
        state = game.state
        chosen, left = free_choices(game, side)
        candidates = sorted(n for n, ids in state.stacks[side].items() if ids and n not in chosen)
        picks = chosen + (rng.sample(candidates, min(left, len(candidates))) if candidates else [])
        for node in picks:
            units = unmoved_at(game.state, side, node)
            rng.shuffle(units)
            for unit in units:
                if side == PROTESTERS and rng.random() < BUILD_CHANCE:
                    marker = "flo" if rng.random() < 0.3 else "barricade"
                    if _may_build(game, unit, marker):
                        yield {"do": marker, "unit": unit.id}
                        continue
                if rng.random() < MOVE_CHANCE:
                    yield from self._move(game, unit.id)
        units = waiting_units(game.state, side)
        rng.shuffle(units)
        for unit in units:
            if rng.random() < MOVE_CHANCE:
                yield from self._move(game, unit.id)
        if game.ctx.options.get("hidden", "none") != "none" and rng.random() < TOP_CHANCE:
            nodes = sorted(n for n, ids in game.state.stacks[side].items() if len(ids) > 1)
            if nodes:
                ids = game.state.stacks[side][rng.choice(nodes)]
                yield {"do": "top", "unit": rng.choice(ids)}

    def _move(self, game: Game, uid: str) -> Iterator[dict]:
        """Roll, then go to a random destination the rolled rate reaches, or stay (3)."""
        yield {"do": "roll", "unit": uid}
        state = game.state
        rate = state.local["rolled"].get(uid)
        if rate is None:
            return
        legal = destinations(game.ctx, state, state.units[uid], rate)
        if legal:
            to = self.rng.choice(sorted(legal))
            yield {"do": "move", "unit": uid, "path": legal[to]}
        else:
            yield {"do": "stay", "unit": uid}

    def confrontation(self, game: Game) -> Iterator[dict]:
        rng = self.rng
        for node in sorted(game.state.stacks[PROTESTERS]):
            state = game.state
            police = state.at(node, POLICE)
            if not any(u.type in ATTACKERS for u in police) or rng.random() >= ATTACK_CHANCE:
                continue
            attacked = targets(state, node)
            if not attacked:
                continue
            command = {"do": "confront", "node": node,
                       "gas": any(u.type == CHEMICAL for u in police) and rng.random() < GAS_CHANCE}
            retreats: dict[str, str] = {}
            incoming: dict[str, int] = {}
            for unit in attacked:
                if unit.type == UNSEEN:
                    continue  # a unit he cannot name retreats where the umpire chooses (4.1)
                options = retreat_options(game.ctx, state, node, incoming)
                if options and rng.random() < 0.8:
                    to = rng.choice(options)
                    retreats[unit.id] = to
                    incoming[to] = incoming.get(to, 0) + 1
            if retreats:
                command["retreats"] = retreats
            yield command

    def refusals(self, game: Game, node: str) -> list[str]:
        return [u.id for u in targets(game.state, node) if eligible_refuser(u) and self.rng.random() < REFUSE_CHANCE]


def eligible_refuser(unit: Unit) -> bool:
    """4.4: only locked lockdown clusters may refuse to retreat."""
    return unit.type == "lockdown" and unit.attrs.get("locked", True) is not False


def _may_build(game: Game, unit: Unit, marker: str) -> bool:
    """3.3: one barricade and one Flo per intersection, and only one Flo on the map."""
    state = game.state
    if unit.id in state.local["rolled"] or marker in state.markers.get(unit.site, ()):
        return False
    if marker == "flo":
        return not any("flo" in marks for marks in state.markers.values())
    return True
