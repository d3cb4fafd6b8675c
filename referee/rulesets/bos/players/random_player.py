"""A player that makes any legal command at random: the baseline, and a test of every rule's reach."""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.units import Unit
from referee.rulesets.bos.players import legal
from referee.rulesets.bos.players.base import Game, Player
from referee.rulesets.bos.rules import arrivals, forces
from referee.rulesets.bos.rules.movement import POOL
from referee.rulesets.bos.rules.units import AUTHORITY, GROUP, PROTESTER, TYPES

PLACE, CHOOSE, EMERGENCY, MOVE, BUILD, POOLED, REACT, FIGHT, MUNITIONS, ESCALATE = (
    0.85, 0.6, 0.05, 0.7, 0.1, 0.2, 0.5, 0.6, 0.3, 0.2)


class RandomPlayer(Player):
    """Every choice at random among those the rules allow, with the chances above."""

    kind = "random"

    def reinforcement(self, game: Game) -> dict:
        state, rng = game.state, self.rng
        if self.side == PROTESTER:
            groups = [unit.id for unit in legal.own(state, PROTESTER) if TYPES[unit.type].kind == GROUP]
            return {"remove": rng.sample(groups, legal.protester_removal(state))}
        due = legal.spd_due(state, game.ctx.options.get("spd_row", "table"))
        if due < 0:
            spd = [unit.id for unit in legal.own(state, AUTHORITY) if unit.type == "spd"]
            return {"remove": rng.sample(spd, legal.removals_due(state, AUTHORITY, "spd", -due))}
        return {"take": {"spd": rng.randint(0, min(due, legal.spd_available(state)))}}

    def placing(self, game: Game) -> Iterator[dict]:
        board, rng = game.ctx.scenario.board, self.rng
        for unit in legal.due(game.state):
            areas = legal.placements(board, game.state, unit)
            if areas and rng.random() < PLACE:
                yield {"do": "place", "unit": unit.id, "to": rng.choice(areas)}
        while True:  # Hey Beavis...'s Yahoos arrive (26); a Crowd chosen at night is held (7.1)
            units = legal.choosable(game.state)
            if not units or not (arrivals.yahoos_arriving(game.ctx, game.state) or rng.random() < CHOOSE):
                return
            chosen = rng.choice(units)
            if arrivals.held(game.state, chosen):
                yield {"do": "place", "unit": chosen.id}
                continue
            areas = legal.placements(board, game.state, chosen)
            if not areas:
                return
            yield {"do": "place", "unit": chosen.id, "to": rng.choice(areas)}

    def emergency(self, game: Game) -> Iterator[dict]:
        kinds = [kind for kind, count in legal.emergency_available(game.state).items() if count]
        if kinds and self.rng.random() < EMERGENCY:
            yield {"do": "emergency", "units": {self.rng.choice(kinds): 1}}

    def lost(self, game: Game, losing: list[Unit]) -> Unit:
        return self.rng.choice(losing)

    def movement(self, game: Game) -> Iterator[dict]:
        board, rng = game.ctx.scenario.board, self.rng
        if self.side == AUTHORITY and legal.may_escalate(game.state) and rng.random() < ESCALATE:
            yield {"do": "escalate", "stage": game.state.local["stage"] + 1}
        units = legal.movers(game.state, self.side)
        rng.shuffle(units)
        for unit in units:
            state = game.state
            unit = state.units[unit.id]
            if rng.random() >= MOVE:
                continue
            if unit.status == forces.RESERVE:
                yield {"do": "move", "unit": unit.id, "to": rng.choice(sorted(board.nodes))}
            elif unit.side == AUTHORITY and rng.random() < POOLED:
                yield {"do": "move", "unit": unit.id, "to": POOL}
            elif unit.side == PROTESTER and rng.random() < BUILD and legal.may_barricade(state, unit):
                yield {"do": "barricade", "unit": unit.id}
            else:
                paths = legal.destinations(board, state, unit)
                if paths:
                    yield {"do": "move", "unit": unit.id, "path": list(paths[rng.choice(sorted(paths))])}

    def reaction(self, game: Game) -> Iterator[dict]:
        board, rng = game.ctx.scenario.board, self.rng
        units = legal.movers(game.state, self.side)
        rng.shuffle(units)
        for unit in units:
            if not legal.reactions_left(game.state, self.side):
                return
            areas = legal.reaction_destinations(board, game.state, game.state.units[unit.id])
            if areas and rng.random() < REACT:
                yield {"do": "move", "unit": unit.id, "to": rng.choice(sorted(areas))}

    def combat(self, game: Game) -> Iterator[dict]:
        rng = self.rng
        for node, (ours, theirs) in sorted(legal.battles(game.state, self.side).items()):
            if rng.random() >= FIGHT:
                continue
            attackers = rng.sample([u.id for u in ours], rng.randint(1, len(ours)))
            defenders = rng.sample([u.id for u in theirs], rng.randint(1, len(theirs)))
            munitions = (rng.sample(attackers, rng.randint(1, len(attackers)))
                         if self.side == AUTHORITY and game.state.local["stage"] > 1 and rng.random() < MUNITIONS else [])
            for declared in (self._declared(attackers, defenders, munitions), self._declared(attackers[:1], defenders, [])):
                if legal.allowed(game.state, self.side, node, declared) is not None:
                    yield declared
                    break

    def _declared(self, attackers: list[str], defenders: list[str], munitions: list[str]) -> dict:
        """A `combat` command, the rollers' picks and the Authority's EI choice at random."""
        rng = self.rng
        command = {"do": "combat", "attackers": attackers, "defenders": defenders,
                   "choices": {"attack": rng.choice(defenders), "counterattack": rng.choice(attackers)},
                   "group_ei": rng.choice((AUTHORITY, PROTESTER))}
        return command | {"munitions": munitions} if munitions else command
