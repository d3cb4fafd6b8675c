"""Players that pursue their side's aims with cheap rules of thumb.

The Protester holds the Downtown Core areas of highest Exposure Value (they score at turn end, 3.4),
spreads his units one area each before doubling up, and fights only where the average result pays in EI.
The Authority gathers units from the Reserve Pool on the held areas of highest Exposure Value, attacks where
clearing them is worth the EI the counterattack may cost, sends idle units back to the Pool (SPD on the map
cost EI at turn end), goes to Stage Two when it may and never to Stage Three (7.3), uses Special Munitions
only where they pay for themselves, and orders emergency reinforcements only when it has nothing left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Set

from referee.core.board import Board
from referee.core.units import ACTIVE, Unit
from referee.rulesets.bos.players import legal
from referee.rulesets.bos.players.base import Game, Player
from referee.rulesets.bos.players.odds import worth
from referee.rulesets.bos.rules import arrivals, forces, turn_end
from referee.rulesets.bos.rules.movement import BARRICADE, POOL
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES

YAHOO = "yahoo"
THREAT = 2  # an Authority unit in an area weighs this much against holding it
FORCE, BARRICADED = 1, 2  # Authority units sent against a held area, without and with a Barricade ...
VALUE_PER_UNIT = 3  # ... and one more for every 3 points of its Exposure Value
WORTH_IT = 0.25  # the average EI a combat must gain to be fought
FINGERS = "pointing_fingers"  # the event that doubles the Authority's CF against Groups alone where Crowds stand
LAST_UNITS = 2  # the Authority orders emergency SPD only when it has fewer units than this in play


class Simple(Player):
    """What both simple players read of the map: the Exposure Values of the Downtown Core (2.2)."""

    kind = "simple"
    _values: dict[str, int] | None = None

    def values(self, board: Board) -> dict[str, int]:
        if self._values is None:
            self._values = turn_end.exposure_values(board)
        return self._values


class SimpleProtester(Simple):
    """Hold the most Exposure Value at turn end; fight when the average result gains EI."""

    def _holds(self, game: Game, unit: Unit) -> int:
        """The Exposure Value a unit alone keeps held (0 where others hold its area with it or off the core)."""
        here = game.state.stacks[PROTESTER].get(unit.node or "", ())
        return self.values(game.ctx.scenario.board).get(unit.site, 0) if len(here) == 1 else 0

    def _scorer(self, game: Game) -> Callable[[str], float]:
        """How much one more Protester unit in an area adds, as the state stands: most for an unheld area of
        high Exposure Value, less for each unit already there and each Authority unit."""
        values = self.values(game.ctx.scenario.board)
        protesters, police = game.state.stacks[PROTESTER], game.state.stacks[AUTHORITY]

        def score(node: str) -> float:
            value = values.get(node, 0)
            if not value:
                return -1.0
            held = len(protesters.get(node, ()))
            return (10.0 * value if not held else value / (1 + held)) - THREAT * len(police.get(node, ()))
        return score

    def _best(self, game: Game, nodes: Iterable[str]) -> tuple[float, str]:
        """The area among `nodes` where one more Protester unit adds most, and what it adds."""
        score = self._scorer(game)
        return max(((score(node), node) for node in nodes), default=(-1.0, ""))

    def reinforcement(self, game: Game) -> dict:
        """Take every unit due; remove the Groups that hold least, Yahoos first (4.21)."""
        state = game.state
        groups = [unit for unit in legal.own(state, PROTESTER) if TYPES[unit.type].kind == GROUP]
        groups.sort(key=lambda unit: (unit.type != YAHOO, self._holds(game, unit)))
        return {"remove": [unit.id for unit in groups[:legal.protester_removal(state)]]}

    def placing(self, game: Game) -> Iterator[dict]:
        """Each unit due where it adds most; a Yahoo only where it alone holds an area (each costs 1 EI a turn),
        unless Hey Beavis... brings it (26); a Crowd chosen at night is held until the Morning (7.1). An area where
        a placement is refused is closed for the phase: the umpire's refusal tells him only Authority units stand
        there, out of his sight under fog (4.2)."""
        board, closed = game.ctx.scenario.board, set[str]()
        for unit in sorted(legal.due(game.state), key=lambda unit: TYPES[unit.type].kind != CROWD):
            to = self._best_place(game, unit, closed=closed)
            if to is not None:
                yield {"do": "place", "unit": unit.id, "to": to}
                closed |= _refused(game, unit, to)
        while True:
            units = sorted(legal.choosable(game.state), key=_chosen_first)
            if units and arrivals.held(game.state, units[0]):
                yield {"do": "place", "unit": units[0].id}
                continue
            arrives = bool(arrivals.yahoos_arriving(game.ctx, game.state))
            to = self._best_place(game, units[0], arrives, closed) if units else None
            if to is None:
                return
            yield {"do": "place", "unit": units[0].id, "to": to}
            closed |= _refused(game, units[0], to)
            if not legal.placements(board, game.state, units[0]):
                return

    def _best_place(self, game: Game, unit: Unit, arrives: bool = False, closed: Set[str] = frozenset()) -> str | None:
        """Where a unit adds most, but the `closed` areas; None for a Yahoo that would not hold an area alone,
        unless it `arrives` (26)."""
        areas = [node for node in legal.placements(game.ctx.scenario.board, game.state, unit) if node not in closed]
        if not areas:
            return None
        score, to = self._best(game, areas)
        if unit.type == YAHOO and score < 10 and not arrives:
            return None
        return to

    def lost(self, game: Game, losing: list[Unit]) -> Unit:
        return min(losing, key=lambda unit: (self._holds(game, unit), unit.id))

    def movement(self, game: Game) -> Iterator[dict]:
        """Build barricades where the police stand in a held area (7.2), then spread the spare units."""
        board = game.ctx.scenario.board
        values = self.values(board)
        for unit in legal.movers(game.state, PROTESTER):
            state = game.state
            if values.get(unit.site) and state.stacks[AUTHORITY].get(unit.site) and legal.may_barricade(state, unit):
                yield {"do": "barricade", "unit": unit.id}
        units = sorted(legal.movers(game.state, PROTESTER), key=lambda unit: TYPES[unit.type].kind != CROWD)
        for unit in units:
            unit = game.state.units[unit.id]
            if self._holds(game, unit) and values.get(unit.site):
                continue
            paths = legal.destinations(board, game.state, unit)
            if not paths:
                continue
            here = self._scorer(game)(unit.site) if values.get(unit.site) else -2.0
            score, to = self._best(game, paths)
            if score > here + 1:
                yield {"do": "move", "unit": unit.id, "path": list(paths[to])}

    def reaction(self, game: Game) -> Iterator[dict]:
        """Groups step into an unheld Downtown Core area, leaving their own area held (5.1)."""
        board = game.ctx.scenario.board
        for unit in legal.movers(game.state, PROTESTER):
            state = game.state
            if not legal.reactions_left(state, PROTESTER):
                return
            if self._holds(game, state.units[unit.id]):
                continue
            areas = legal.reaction_destinations(board, state, state.units[unit.id])
            best = self._best(game, areas)
            if best[0] >= 10:
                yield {"do": "move", "unit": unit.id, "to": best[1]}

    def combat(self, game: Game) -> Iterator[dict]:
        """Attack every enemy unit in an area with the units whose attack gains most on average (6.1)."""
        for node, (ours, theirs) in sorted(legal.battles(game.state, PROTESTER).items()):
            state = game.state
            defenders = [unit.id for unit in theirs]
            best, gain = None, WORTH_IT
            for attackers in _teams(ours):
                command = {"do": "combat", "attackers": attackers, "defenders": defenders}
                fight = legal.allowed(state, PROTESTER, node, command)
                lead = worth(fight).lead if fight is not None else gain
                if lead > gain:
                    best, gain = command, lead
            if best is not None:
                yield best


def _refused(game: Game, unit: Unit, to: str) -> set[str]:
    """`{to}` if placing `unit` there was refused (the unit is not on the map), else nothing."""
    return {to} if game.state.units[unit.id].status != ACTIVE else set()


def _chosen_first(unit: Unit) -> tuple:
    """The units a Random Reinforcement picks first: Crowds of combat 2, then Crowds, then Groups, Yahoos last."""
    kind = TYPES[unit.type]
    return (kind.name == YAHOO, kind.kind != CROWD, -kind.combat, -kind.morale, unit.id)


def _teams(units: list[Unit]) -> list[list[str]]:
    """The attacking sets worth trying: all, each kind (Groups, Crowds), each faction."""
    teams = [units, [u for u in units if TYPES[u.type].kind == GROUP], [u for u in units if TYPES[u.type].kind == CROWD]]
    teams += [[u for u in units if u.type == kind] for kind in sorted({u.type for u in units})]
    found: dict[tuple[str, ...], list[str]] = {}
    for team in teams:
        if team:
            found.setdefault(tuple(sorted(u.id for u in team)), [u.id for u in team])
    return list(found.values())


class SimpleAuthority(Simple):
    """Clear the held areas of highest Exposure Value without paying the Protester in EI."""

    def reinforcement(self, game: Game) -> dict:
        """Take every SPD unit due; remove those standing where no Protester is (4.21)."""
        state = game.state
        due = legal.spd_due(state, game.ctx.options.get("spd_row", "table"))
        if due >= 0:
            return {}
        spd = [unit for unit in legal.own(state, AUTHORITY) if unit.type == "spd"]
        spd.sort(key=lambda unit: (bool(state.stacks[PROTESTER].get(unit.site)), unit.id))
        return {"remove": [unit.id for unit in spd[:legal.removals_due(state, AUTHORITY, "spd", -due)]]}

    def emergency(self, game: Game) -> Iterator[dict]:
        """Emergency SPD (4.22, 4 EI each) only with fewer than LAST_UNITS units in play."""
        state = game.state
        in_play = len(legal.own(state, AUTHORITY)) + len(legal.own(state, AUTHORITY, forces.RESERVE))
        wanted = min(LAST_UNITS - in_play, legal.emergency_available(state)["spd"])
        if wanted > 0:
            yield {"do": "emergency", "units": {"spd": wanted}}

    def lost(self, game: Game, losing: list[Unit]) -> Unit:
        state = game.state
        return min(losing, key=lambda unit: (unit.node is not None and bool(state.stacks[PROTESTER].get(unit.node)),
                                             unit.id))

    def _targets(self, game: Game) -> list[str]:
        """The areas Protesters hold, most Exposure Value first, then the most Protester units."""
        state, values = game.state, self.values(game.ctx.scenario.board)
        held = state.stacks[PROTESTER]
        return sorted((node for node, ids in held.items() if ids),
                      key=lambda node: (-values.get(node, 0), -len(held[node]), node))

    def movement(self, game: Game) -> Iterator[dict]:
        """Stage Two when allowed; then FORCE units (BARRICADED behind a Barricade), more for a high Exposure
        Value, on each target in turn: those already there first, then units on the map that reach it, then the
        Reserve Pool; idle units back to the Pool."""
        state = game.state
        if state.local["stage"] == 1 and legal.may_escalate(state):
            yield {"do": "escalate", "stage": 2}
        board = game.ctx.scenario.board
        free = {unit.id: unit for unit in legal.movers(game.state, AUTHORITY)}
        for node in self._targets(game):
            state = game.state
            need = BARRICADED if BARRICADE in state.markers.get(node, ()) else FORCE
            need += self.values(board).get(node, 0) // VALUE_PER_UNIT
            present = state.stacks[AUTHORITY].get(node, ())
            for uid in present[:need]:
                free.pop(uid, None)
            need -= len(present)
            for unit in sorted(free.values(), key=lambda unit: unit.status == forces.RESERVE):
                if need <= 0:
                    break
                unit = game.state.units[unit.id]
                if unit.status == forces.RESERVE:
                    yield {"do": "move", "unit": unit.id, "to": node}
                else:
                    path = legal.destinations(board, game.state, unit).get(node)
                    if path is None:
                        continue
                    yield {"do": "move", "unit": unit.id, "path": list(path)}
                del free[unit.id]
                need -= 1
        for unit in free.values():
            if game.state.units[unit.id].status != forces.RESERVE:
                yield {"do": "move", "unit": unit.id, "to": POOL}

    def combat(self, game: Game) -> Iterator[dict]:
        """Attack where the average gain in EI, with the Exposure Value the area stops scoring if cleared, pays
        (6.1); Special Munitions only if they add more than they cost (6.2)."""
        values = self.values(game.ctx.scenario.board)
        for node, (ours, theirs) in sorted(legal.battles(game.state, AUTHORITY).items()):
            state = game.state
            attackers = [unit.id for unit in ours]
            everyone = [unit.id for unit in theirs]
            groups = [unit.id for unit in theirs if TYPES[unit.type].kind == GROUP] if state.local["event"] == FINGERS else []
            best, gain = None, WORTH_IT
            for defenders in (everyone, groups):
                for munitions in ([], attackers) if state.local["stage"] > 1 else ([],):
                    command = {"do": "combat", "attackers": attackers, "defenders": defenders}
                    command |= {"munitions": munitions} if munitions else {}
                    fight = legal.allowed(state, AUTHORITY, node, command) if defenders else None
                    if fight is None:
                        continue
                    odds = worth(fight)
                    value = -odds.lead + values.get(node, 0) * odds.cleared * (len(defenders) == len(theirs))
                    if value > gain:
                        best, gain = command, value
            if best is not None:
                yield best | {"group_ei": AUTHORITY}

