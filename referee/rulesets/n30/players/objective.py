"""Players that pursue their side's objectives (5.1-5.3) with simple, cheap heuristics."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.core.units import DESTROYED
from referee.rulesets.n30.players.base import (
    ATTACKERS,
    CHEMICAL,
    UNSEEN,
    Player,
    attack_strength,
    board_info,
    free_choices,
    ids_of_type,
    route,
    waiting_units,
)
from referee.rulesets.n30.players.boardinfo import GoalTable
from referee.rulesets.n30.players.random_player import eligible_refuser
from referee.rulesets.n30.rules.attack import retreat_options, targets
from referee.rulesets.n30.rules.confrontation import POLICE_FACTORS as FACTORS
from referee.rulesets.n30.rules.confrontation import POLITICAL_TYPES, UNORGANIZED
from referee.rulesets.n30.rules.friction import PEACE_POLICE_COUNT, peace_police_pool
from referee.rulesets.n30.rules.limits import RIVAL, STACKING, friction_barred
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS

if TYPE_CHECKING:
    from referee.core.units import Unit
    from referee.rulesets.n30.players.base import Game

FLYING = "flying"
#: protester units a held objective intersection should keep
HOLD = 3
#: which protester units stay to hold an intersection first (lockdowns can refuse to retreat, 4.4)
STAY_ORDER = {"lockdown": 0, "demonstration": 1, "theater": 2, "radicalized": 3, "flying": 5, "unorganized": 4}
#: the police attack protesters up to this many links from an objective (and wherever they score)
ATTACK_REACH = 1
#: turns ahead the police weigh a cleared intersection against the political cost of gas (4.5)
GAS_HORIZON = 3


class ObjectiveProtesters(Player):
    """Hold the hotel, Convention Center and Secret Service access intersections (5.1-5.3).

    Reinforcements go to the emptiest objective nearby; on the map the player moves from the
    intersections with the most units to spare (those with a flying cluster first, 3.1), moves
    the others before the flying clusters, builds barricades and drops Flo where it holds an
    objective, and locked lockdowns refuse to retreat from objectives.
    """

    kind = "objective"

    def factions(self, game: Game) -> dict:
        """6.1: name destroyed People's Delegation clusters as the peace police where it can."""
        state = game.state
        pool = peace_police_pool(state)
        pool.sort(key=lambda uid: (state.units[uid].status != DESTROYED, uid))
        return {"do": "factions", "peace_police": pool[:PEACE_POLICE_COUNT]}

    def movement(self, game: Game) -> Iterator[dict]:
        info = board_info(game)
        side = self.side
        stacks = game.state.stacks[side]
        have = dict(zip(stacks, map(len, stacks.values()), strict=True))  # units at each node, as the moves go
        for node in self._sources(game, info):
            command = self._build(game, info, node)
            if command:
                yield command
            state = game.state
            moved = state.local["moved"]
            staying = sorted((state.units[uid] for uid in state.stacks[side].get(node, ()) if uid not in moved),
                             key=_stay_rank)
            movers = staying[HOLD if node in info.key_set else 0:]
            movers.sort(key=_leave_rank)  # 3.1: flying clusters leave last, so the others move at full rate
            goals = info.goals_from(node)
            for unit in movers:
                goal = self._goal(goals, have, node, _barred(game.state, unit))
                if goal is None:
                    continue
                path = route(game, game.state.units[unit.id], goal, info)
                if path:
                    have[goal] = have.get(goal, 0) + 1
                    have[node] -= 1
                    yield {"do": "move", "unit": unit.id, "path": path}
        for unit in waiting_units(game.state, side):
            goal = self._goal(info.goals_entering(unit.attrs["edge"]), have, None, _barred(game.state, unit))
            if goal is None:
                continue
            path = route(game, game.state.units[unit.id], goal, info)
            if path:
                have[goal] = have.get(goal, 0) + 1
                yield {"do": "move", "unit": unit.id, "path": path}

    def _sources(self, game: Game, info) -> list[str]:
        """The intersections to move from: those chosen already, then those where moving is worth most:
        units to spare (3.1: more with a flying cluster among them), and a barricade to build at a held
        objective facing the police."""
        chosen, left = free_choices(game, self.side)
        if not left:
            return chosen
        state = game.state
        police, moved, key_set = state.stacks[POLICE], set(state.local["moved"]), info.key_set
        flying = ids_of_type(state, FLYING)
        scored = []
        for node, ids in state.stacks[self.side].items():
            if node in chosen:
                continue
            free = [uid for uid in ids if uid not in moved] if moved else ids
            if not free:
                continue
            key = node in key_set
            spare = len(free) - HOLD if key else len(free)
            score = float(spare) if spare > 0 else 0.0
            if score and not flying.isdisjoint(free):
                score *= 1.5
            if key and _wants_screen(state, info, node, police):
                score += 1.0
            if score > 0:
                scored.append((-score, node))
        scored.sort()
        return chosen + [node for _, node in scored[:left]]

    def _build(self, game: Game, info, node: str) -> dict | None:
        """3.3: a staying unit drops Flo (while she is free) or builds a barricade at a held objective near the police."""
        state = game.state
        if node not in info.key_set or not _wants_screen(state, info, node, state.stacks[POLICE]):
            return None
        moved, rolled = state.local["moved"], state.local["rolled"]
        builders = sorted((state.units[uid] for uid in state.stacks[self.side].get(node, ())
                           if uid not in moved and uid not in rolled), key=_stay_rank)
        if not builders:
            return None
        flo_free = not any("flo" in marks for marks in state.markers.values())
        return {"do": "flo" if flo_free else "barricade", "unit": builders[0].id}

    @staticmethod
    def _goal(table: GoalTable, have: dict[str, int], exclude: str | None, barred=()) -> str | None:
        """The objective intersection to head for: near, valuable and not yet well held (the first in
        `key` of the cheapest)."""
        best, best_cost, best_rank = None, 1e9, 0
        limit = STACKING[PROTESTERS]
        for floor, rank, links, weight2, goal in table:
            if floor > best_cost:
                break  # every goal from here on costs more
            count = have.get(goal, 0)
            if goal == exclude or count >= limit or goal in barred:
                continue
            cost = links + 2.5 * count - weight2
            if cost < best_cost or (cost == best_cost and rank < best_rank):
                best, best_cost, best_rank = goal, cost, rank
        return best

    def refusals(self, game: Game, node: str) -> list[str]:
        """4.4: locked lockdowns hold the objective intersections."""
        if node not in board_info(game).key_set:
            return []
        return [u.id for u in targets(game.state, node) if eligible_refuser(u)]


def _spare(node: str, units: list[Unit], targets: dict[str, list[float]]) -> list[Unit]:
    """Police units at a node not needed to attack the protesters there (one chemical unit stays with them)."""
    target = targets.get(node)
    if target is None:
        return sorted(units, key=_police_rank)
    want = target[1]
    kept, chemical, spare = 0, False, []
    for unit in sorted(units, key=_police_rank):
        if unit.type == CHEMICAL:
            if kept and not chemical:
                chemical = True
                continue
        elif kept < want:
            kept += FACTORS.get(unit.type, 0)
            continue
        spare.append(unit)
    return spare


def _reach(dist: dict[str, int], node: str, live: list[tuple[str, float]]) -> float:
    """What a squad leaving `node` could do: the best worth per link of a target still lacking strength
    (`live`: those targets and their worth)."""
    best = 0.0
    for target, worth in live:
        if target != node:
            value = worth / (1.0 + dist.get(target, 999))
            if value > best:
                best = value
    return best


def _police_rank(unit: Unit) -> tuple:
    """Squads before chemical units, the strongest first (1.7)."""
    return unit.type == CHEMICAL, -FACTORS.get(unit.type, 0), unit.id


def _barred(state, unit: Unit):
    """6.1: where a black bloc or peace police unit may not go (nowhere barred for the others)."""
    return friction_barred(state, unit) if unit.attrs.get("faction") in RIVAL else ()


def _stay_rank(unit: Unit) -> tuple:
    return STAY_ORDER.get(unit.type, 9), unit.id


def _leave_rank(unit: Unit) -> tuple:
    return unit.type == FLYING, unit.id


def _wants_screen(state, info, node: str, police) -> bool:
    """3.2, 3.3: a barricade or Flo is worth having where there is none and the police are here or next door."""
    markers = state.markers.get(node, ())
    if "barricade" in markers or "flo" in markers:
        return False
    return node in police or not police.keys().isdisjoint(info.adjacency[node])


class ObjectivePolice(Player):
    """Clear protesters from where they score (5.1-5.3) and send them away from the objectives.

    Movement: the police take the intersection with the most strength to spare and send its
    squads (and every reinforcement) to the protester-held intersections worth most per
    protester unit there. Confrontation: attack everywhere they can, most valuable first; gas
    only when the expected successes saved over a few turns outweigh the political cost (4.5);
    retreat each protester unit to the adjacent intersection farthest from the objectives.
    """

    kind = "objective"

    def movement(self, game: Game) -> Iterator[dict]:
        info = board_info(game)
        targets = self._targets(game.state, info)
        if not targets:
            return
        for node in self._sources(game, info, targets):
            state = game.state
            moved = state.local["moved"]
            here = [state.units[uid] for uid in state.stacks[POLICE].get(node, ()) if uid not in moved]
            dist = info.dist[node]
            for unit in _spare(node, here, targets):
                command = self._send(game, info, unit, dist, node, targets)
                if command:
                    yield command
        for unit in waiting_units(game.state, self.side):
            command = self._send(game, info, unit, info.entry_dist(unit.attrs["edge"]), None, targets)
            if command:
                yield command

    @staticmethod
    def _sources(game: Game, info, targets: dict[str, list[float]]) -> list[str]:
        """The intersections to move from: those chosen already, then those whose spare squads could do most."""
        chosen, left = free_choices(game, POLICE)
        if not left:
            return chosen
        state = game.state
        units, moved = state.units, set(state.local["moved"])
        live = [(node, worth) for node, (worth, _, lacking) in targets.items() if lacking > 0]
        scored = []
        for node, ids in state.stacks[POLICE].items():
            if node in chosen:
                continue
            if node in targets:
                spare = len(_spare(node, [units[uid] for uid in ids if uid not in moved], targets))
            else:
                spare = len(ids) if moved.isdisjoint(ids) else sum(uid not in moved for uid in ids)
            reach = _reach(info.dist[node], node, live) if spare else 0.0
            if reach > 0:
                scored.append((-reach * spare, node))
        scored.sort()
        return chosen + [node for _, node in scored[:left]]

    @staticmethod
    def _targets(state, info) -> dict[str, list[float]]:
        """Protester-held intersections worth attacking: [worth per protester unit, strength wanted, strength lacking]."""
        held, mine, units = state.stacks[PROTESTERS], state.stacks[POLICE], state.units
        values = info.analyse(held).values
        key_set = info.key_set
        targets = {}
        for node, ids in held.items():
            value = values.get(node, 0) + (0.3 if node in key_set else 0.0)
            if value <= 0 or not ids:
                continue
            # 4: a share of 6 makes a unit retreat on any roll; unorganized clusters face double
            want = sum([3.0 if units[uid].type == UNORGANIZED else 6.0 for uid in ids])
            present = attack_strength([units[uid] for uid in mine[node]]) if node in mine else 0
            targets[node] = [value / len(ids), want, want - present]
        return targets

    @staticmethod
    def _send(game, info, unit, dist, start, targets) -> dict | None:
        """Send a squad (or reinforcement) to the target it helps most for the links it takes."""
        best, best_score = None, 0.0
        for node, (worth, _, lacking) in targets.items():
            if node == start or lacking <= 0:
                continue
            score = worth * (1.0 + min(lacking, 6.0)) / (1.0 + dist.get(node, 999))
            if score > best_score:
                best, best_score = node, score
        if best is None:
            return None
        path = route(game, game.state.units[unit.id], best, info)
        if not path:
            return None
        targets[best][2] -= FACTORS.get(unit.type, 0)
        return {"do": "move", "unit": unit.id, "path": path}

    def confrontation(self, game: Game) -> Iterator[dict]:
        info = board_info(game)
        state = game.state
        protesters, mine, units = state.stacks[PROTESTERS], state.stacks[POLICE], state.units
        values = info.analyse(protesters).values
        turns_left = game.ctx.scenario.clock.turns - state.turn + 1
        key_set, to_key = info.key_set, info.to_key
        order = []
        for node, ids in mine.items():
            if node not in protesters:
                continue
            value = values.get(node, 0)
            if not value and node not in key_set and to_key.get(node, 99) > ATTACK_REACH:
                continue  # far from every objective: not worth an attack
            police = [units[uid] for uid in ids]
            if not ATTACKERS.isdisjoint([u.type for u in police]):
                order.append((-value, node, police))
        order.sort(key=lambda item: (item[0], item[1]))
        for minus_value, node, police in order:
            state = game.state
            attacked = targets(state, node)
            if not attacked:
                continue
            gas = any(u.type == CHEMICAL for u in police) and self._gas_pays(
                -minus_value, attack_strength(police), attacked, state.at(node, PROTESTERS), turns_left)
            command = {"do": "confront", "node": node, "gas": gas}
            retreats = self._retreats(game, info, node, attacked)
            if retreats:
                command["retreats"] = retreats
            yield command

    @staticmethod
    def _gas_pays(value: int, total: int, attacked: list[Unit], present: list[Unit], turns_left: int) -> bool:
        """4.5: gas when the successes it likely saves over a few turns exceed what it costs."""
        if value <= 0 or len(attacked) < len(present):
            return False
        cost = 1 + min(3, sum(1 for u in attacked if u.type in POLITICAL_TYPES))

        def clear(strength: int) -> float:
            share = strength / len(attacked)
            p = 1.0
            for unit in attacked:
                facing = share * (2 if unit.type == UNORGANIZED else 1)
                p *= min(6.0, facing) / 6.0
            return p

        gain = value * min(GAS_HORIZON, turns_left) * (clear(total * 2) - clear(total))
        return gain > cost

    @staticmethod
    def _retreats(game: Game, info, node: str, attacked: list[Unit]) -> dict[str, str]:
        """4.1: each unit he can name to the adjacent intersection farthest from the objectives, room permitting."""
        state = game.state
        police, protesters, to_key = state.stacks[POLICE], state.stacks[PROTESTERS], info.to_key
        incoming: dict[str, int] = {}
        retreats = {}
        for unit in attacked:
            if unit.type == UNSEEN:
                continue  # a unit he cannot name retreats where the umpire chooses (4.1)
            options = retreat_options(game.ctx, state, node, incoming)
            if not options:
                break
            to = max(options, key=lambda n: (to_key.get(n, 99), n in police, n in protesters, n))
            retreats[unit.id] = to
            incoming[to] = incoming.get(to, 0) + 1
        return retreats
