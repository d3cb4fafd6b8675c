"""Players that pursue their side's aims with cheap rules of thumb.

The demonstrators gather in the parks, go out for the boxes where a conflict pays most in points (the cameras:
high D codes), attack where the average result pays, sometimes infiltrate from a remote park to one downtown,
and are back in a park by the end of every C turn (HOW TO PLAY, step 5). The police keep three platoons in every
minimum box they must hold (CPD MINIMUM), attack the parks on C turns when they can reach them all (step 4),
attack groups outside the parks at good odds, stack where the demonstrators can reach the cameras next, and bring
in the National Guard where it stops a conflict worth more than the two points each company costs.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.core.state import GameState
from referee.core.units import Unit
from referee.rulesets.chicago.players import odds
from referee.rulesets.chicago.players.base import Facts, Game, Player, budget, facts, mobile, movers, police_kind, strength
from referee.rulesets.chicago.rules import board, forces, steps, tables
from referee.rulesets.chicago.rules.board import PLATOONS_IN_MINIMUM, in_minimum
from referee.rulesets.chicago.rules.movement import GUARD_IN, allowance
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

INFILTRATE = 0.5  # how often a stack in a remote park infiltrates to a park downtown on an A turn
CAMERAS = 0.3  # what a box is worth to stand in for each point of the best D code next to it
POLICE_ODDS = 4  # the police gather this many times the strength of the groups they mean to attack
GUARD_STACK = 3  # the most Guard companies brought in at once
GUARD_TURNS = 2  # the turns a Guard company is counted on to stop a conflict ...
ATTACKED = 0.5  # ... which would have been fought this often and won


def _defenders(state: GameState, node: str) -> list[Unit]:
    """The blue units green attacks in a box: all but the minimum platoons, or those alone (HOW TO RESOLVE CONFLICT 1-2)."""
    theirs = state.at(node, POLICE)
    return [unit for unit in theirs if not unit.attrs["minimum"]] or theirs


def _green_gain(known: Facts, node: str, attack: int, defenders: list[Unit], groups: int) -> float:
    forced = any(not unit.attrs["minimum"] and unit.type != "guard" for unit in defenders)
    return odds.gain(DEMONSTRATORS, known.columns, tables.HARASS, attack, strength(defenders), known.codes[node],
                     {DEMONSTRATORS: groups, POLICE: len(defenders)}, forced)


class SimpleDemonstrators(Player):
    """Seek the cameras, attack where it pays, be in a park at the end of each C turn."""

    kind = "simple"

    def movement(self, game: Game) -> Iterator[dict]:
        known = facts(game.ctx.scenario)
        c_turn = steps.letter(game.state.turn) == "C"
        a_turn = steps.letter(game.state.turn) == "A"
        for node, units in sorted(movers(game.state, DEMONSTRATORS).items()):
            for speed in sorted({unit.factors["movement"] for unit in units}, reverse=True):
                stack = [unit for unit in units if unit.factors["movement"] == speed]
                command = (self._to_park(game, known, node, stack) if c_turn
                           else self._outing(game, known, node, stack, speed, a_turn))
                if command is not None:
                    yield command

    def _to_park(self, game: Game, known: Facts, node: str, stack: list[Unit]) -> dict | None:
        """C turn: the park of the highest multiplier within reach, infiltrating if only that reaches one."""
        if node in known.parks:
            return None
        state = game.state
        for infiltrate in (False, True):
            reach = budget(state, stack) * (2 if infiltrate else 1)
            found = self.ways(game, node, reach)
            parks = [park for park in found if park in known.parks]
            if parks:
                park = max(parks, key=lambda park: (known.parks[park], park))
                return _move(stack, found[park], infiltrate)
        return None

    def _outing(self, game: Game, known: Facts, node: str, stack: list[Unit], speed: int, a_turn: bool) -> dict | None:
        """A or B turn: the box within reach, and near enough a park to be back by the C turn, where the stack adds
        most; a stack in a remote park sometimes infiltrates to a park nearer the cameras instead."""
        state = game.state
        if a_turn and node in known.parks and self.rng.random() < INFILTRATE:
            found = self.ways(game, node, 2 * budget(state, stack))
            parks = [park for park in found if park in known.parks]
            best = max(parks, key=lambda park: (known.cameras[park], park))
            if known.cameras[best] > known.cameras[node]:
                return _move(stack, found[best], True)
        limit = speed * (2 if a_turn else 1)
        found = self.ways(game, node, budget(state, stack))
        ids = {unit.id for unit in stack}

        def worth(box: str) -> float:
            there = [unit for unit in state.at(box, DEMONSTRATORS)
                     if unit.id not in ids and unit.id not in state.local["infiltrating"]]
            value = CAMERAS * known.cameras[box]
            defenders = _defenders(state, box)
            if defenders:
                value += max(0.0, _green_gain(known, box, strength(there) + strength(stack), defenders,
                                              len(there) + len(stack)))
            return value

        choices = [box for box in found if known.to_park[box] <= limit]
        if not choices:  # too far out already: nearer a park
            nearest = min(known.to_park[box] for box in found)
            choices = [box for box in found if known.to_park[box] == nearest]
        best = max(choices, key=lambda box: (worth(box), box == node, box))
        return _move(stack, found[best], False) if best != node else None

    def conflict(self, game: Game) -> Iterator[dict]:
        """Attack every box where the average result gains points (HOW TO RESOLVE CONFLICT 1-2, 7)."""
        known = facts(game.ctx.scenario)
        for node in sorted(game.state.stacks[DEMONSTRATORS]):
            state = game.state
            ours = [unit for unit in state.at(node, DEMONSTRATORS) if unit.id not in state.local["infiltrating"]]
            defenders = _defenders(state, node)
            if ours and defenders and _green_gain(known, node, strength(ours), defenders, len(ours)) > 0:
                yield {"do": "conflict", "box": node}


def _move(units: list[Unit], path: list[str], infiltrate: bool) -> dict:
    command = {"do": "move", "units": [unit.id for unit in units], "path": path}
    return command | {"infiltrate": True} if infiltrate else command


class SimplePolice(Player):
    """Hold the minimum boxes, attack the parks on C turns and groups in the streets at good odds, guard the
    cameras."""

    kind = "simple"

    def movement(self, game: Game) -> Iterator[dict]:
        known = facts(game.ctx.scenario)
        busy: set[str] = set()  # the units given a task this step
        yield from self._release(game)
        yield from self._minimum(game, busy)
        if steps.letter(game.state.turn) == "C":
            yield from self._parks(game, known, busy)
        yield from self._streets(game, known, busy)
        yield from self._cameras(game, known, busy)

    @staticmethod
    def _free(game: Game, busy: set[str]) -> list[Unit]:
        """The police units that may still move somewhere: outside minimum boxes, with movement left, no task."""
        state = game.state
        return [unit for units in movers(state, POLICE).values() for unit in units
                if not unit.attrs["minimum"] and unit.id not in busy and allowance(state, unit) > 0]

    @staticmethod
    def _release(game: Game) -> Iterator[dict]:
        """The platoons of a released CONDITIONAL box leave it (CPD MINIMUM 3)."""
        for node in game.state.local["released"]:
            held = in_minimum(game.state, node)
            if held:
                yield {"do": "move", "units": [unit.id for unit in held], "to": node, "minimum": False}

    def _minimum(self, game: Game, busy: set[str]) -> Iterator[dict]:
        """Three platoons in every minimum box that must hold them, the nearest free ones sent in, Tac and level 1
        first (they are never, or last, out of the game); each sent once (under fog a move may be refused for police
        out of sight, and the platoon not come)."""
        board_ = game.ctx.scenario.board
        for node in board.bound(board_, game.state.local["released"]):
            while len(in_minimum(game.state, node)) < PLATOONS_IN_MINIMUM:
                state = game.state
                found = None
                for unit in sorted((u for u in self._free(game, busy) if police_kind(u)),
                                   key=lambda u: (u.node != node, u.type != "tac", -u.attrs["strength"], u.id)):
                    path = self.ways(game, unit.site, allowance(state, unit)).get(node)
                    if path is not None:
                        found = {"do": "move", "units": [unit.id], "path": path, "minimum": True}
                        busy.add(unit.id)
                        break
                if found is None:
                    break
                yield found

    def _send(self, game: Game, node: str, need: int, busy: set[str]) -> Iterator[dict]:
        """Free units that reach `node` sent there until `need` strength stands there, the ones already there
        counted first, then the strongest; those of one box sent together."""
        state = game.state
        have = 0
        for unit in mobile(state, node, POLICE):
            if police_kind(unit):
                busy.add(unit.id)
                have += unit.attrs["strength"]
        if have >= need:
            return
        going: dict[tuple[str, int], list[Unit]] = {}
        paths: dict[tuple[str, int], list[str] | None] = {}
        for unit in sorted(self._free(game, busy), key=lambda u: (-u.attrs["strength"], u.id)):
            if have >= need:
                break
            key = (unit.site, allowance(state, unit))
            if key not in paths:
                paths[key] = self.ways(game, key[0], key[1]).get(node)
            if police_kind(unit) and paths[key]:
                going.setdefault(key, []).append(unit)
                have += unit.attrs["strength"]
        for key, units in sorted(going.items()):
            busy.update(unit.id for unit in units)
            yield {"do": "move", "units": [unit.id for unit in units], "path": paths[key]}

    def _parks(self, game: Game, known: Facts, busy: set[str]) -> Iterator[dict]:
        """C turn: twice the strength of the groups on every park box that has some, if the free units that reach
        each give 1:1 or better on all (the penalty is paid once for any left alone: step 4), else none; each park
        on its own with the option `each`."""
        state = game.state
        free = [unit for unit in self._free(game, busy) if police_kind(unit)]
        reach: dict[tuple[str, int], dict[str, list[str]]] = {}
        for unit in free:
            key = (unit.site, allowance(state, unit))
            if key not in reach:
                reach[key] = self.ways(game, key[0], key[1])
        occupied = {}
        for park in known.parks:
            groups = state.at(park, DEMONSTRATORS)
            if groups:
                within = sum(unit.attrs["strength"] for unit in free if park in reach[(unit.site, allowance(state, unit))])
                occupied[park] = (strength(groups), within)
        each = game.ctx.options.get("park_penalty") == "each"
        if not each and any(need > within for need, within in occupied.values()):
            return
        for park, (need, within) in sorted(occupied.items(), key=lambda item: (item[1][0], item[0])):
            if need <= within:
                yield from self._send(game, park, 2 * need, busy)

    def _streets(self, game: Game, known: Facts, busy: set[str]) -> Iterator[dict]:
        """Groups outside the parks: police sent to POLICE_ODDS times their strength, highest P code first."""
        state = game.state
        targets = [node for node, ids in state.stacks[DEMONSTRATORS].items() if ids and node not in known.parks]
        for node in sorted(targets, key=lambda node: (-known.codes[node].police, node)):
            groups = game.state.at(node, DEMONSTRATORS)
            weakest = min(unit.attrs["strength"] for unit in groups)
            yield from self._send(game, node, POLICE_ODDS * max(weakest, strength(groups) // 3), busy)

    def _cameras(self, game: Game, known: Facts, busy: set[str]) -> Iterator[dict]:
        """The boxes the groups may reach next turn, highest D code first: enough strength that they cannot attack
        at 1:1, the Guard brought in where that stops a conflict worth more than it costs (NATIONAL GUARD)."""
        threat: dict[str, int] = {}
        for node, ids in game.state.stacks[DEMONSTRATORS].items():
            for uid in ids:
                unit = game.state.units[uid]
                for box, hops in known.hops[node].items():
                    if hops <= unit.factors["movement"] and box not in known.parks:
                        threat[box] = threat.get(box, 0) + unit.attrs["strength"]
        for node in sorted(threat, key=lambda box: (-known.codes[box].demonstrators, box)):
            need = threat[node] + 1
            yield from self._send(game, node, need, busy)
            state = game.state
            short = need - strength(mobile(state, node, POLICE))
            if short <= 0 or state.scores[DEMONSTRATORS] <= state.scores[POLICE]:
                continue
            companies = -(-short // 3)
            left = sum(1 for unit in state.units.values() if unit.type == "guard" and unit.status == forces.OFF_MAP)
            turns = min(GUARD_TURNS, game.ctx.scenario.clock.turns - state.turn)
            pays = known.codes[node].demonstrators * ATTACKED * turns > GUARD_IN * companies
            if companies <= min(GUARD_STACK, left) and pays:
                yield {"do": "guard", "units": companies, "to": node}

    def conflict(self, game: Game) -> Iterator[dict]:
        """Every park box with groups on a C turn (at 1:1 or better, when every one can be: step 4), and groups
        outside the parks at the best odds the free platoons give, one conflict a group, where the average result
        pays."""
        known = facts(game.ctx.scenario)
        c_turn = steps.letter(game.state.turn) == "C" and (game.ctx.options.get("park_penalty") == "each"
                                                           or _every_park_attackable(game.state, known))
        for node in sorted(game.state.stacks[DEMONSTRATORS]):
            state = game.state
            ours = _attackers(state, node)
            theirs = [unit for unit in state.at(node, DEMONSTRATORS) if unit.id not in state.local["attacked"]]
            if not ours or not theirs:
                continue
            if node in known.parks:
                command = _police_attack(known, node, ours, theirs, c_turn)
                if command is not None:
                    yield command
                continue
            yield from _street_attacks(known, node, ours, theirs)


def _attackers(state: GameState, node: str) -> list[Unit]:
    """The police units in a box that may still attack this step: platoons outside the minimum box (CPD MINIMUM 2),
    no Guard (NATIONAL GUARD), none that has attacked."""
    return [unit for unit in mobile(state, node, POLICE) if police_kind(unit) and unit.id not in state.local["attackers"]]


def _every_park_attackable(state: GameState, known: Facts) -> bool:
    """Whether the police may attack every park box with groups at 1:1 or better (HOW TO RESOLVE CONFLICT 3, 6)."""
    return all(strength(_attackers(state, park)) >= strength(state.at(park, DEMONSTRATORS))
               for park in known.parks if state.at(park, DEMONSTRATORS))


def _police_attack(known: Facts, node: str, attack: list[Unit], defend: list[Unit], anyway: bool) -> dict | None:
    """The conflict on the better table, if it pays (or `anyway`, at 1:1 or better)."""
    forces = {POLICE: len(attack), DEMONSTRATORS: len(defend)}
    value, table = max((odds.gain(POLICE, known.columns, table, strength(attack), strength(defend), known.codes[node],
                                  forces), table)
                       for table in tables.NAMES)
    if value == float("-inf") or (value <= 0 and not anyway):
        return None
    return {"do": "conflict", "box": node, "table": table, "attack": [unit.id for unit in attack],
            "defend": [unit.id for unit in defend]}


def _street_attacks(known: Facts, node: str, attack: list[Unit], defend: list[Unit]) -> Iterator[dict]:
    """One conflict a group, the weakest first, each with the strongest platoons left up to POLICE_ODDS:1."""
    left = sorted(attack, key=lambda unit: (-unit.attrs["strength"], unit.id))
    for group in sorted(defend, key=lambda unit: (unit.attrs["strength"], unit.id)):
        team: list[Unit] = []
        while left and strength(team) < POLICE_ODDS * group.attrs["strength"]:
            team.append(left.pop(0))
        command = _police_attack(known, node, team, [group], False)
        if command is None:
            return
        yield command
