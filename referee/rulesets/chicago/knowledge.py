"""What each Chicago-Chicago player knows, fed the game's events one by one (RULINGS.md, "Chicago-Chicago: what the
players know").

The rules hide nothing (HOW TO SET UP THE GAME 1: the board between both players, "easy access to all
information"): each player sees the whole board, both Exposure Indices and every conflict. Option `fog` makes the
game double-blind: a side sees the boxes where it has units (minimum platoons included) and those next to them; of
the rest it keeps what it saw last, dated, and the view names them not seen. Everyone is told the turn, each
conflict's box and result, the points the Guard and the parks give, and the end.

A side may have several players, each commanding the counters his scenario entry lists. A counter exchanged for
one a level down (BREAKING DOWN AND BUILDING UP UNITS) passes to the new counter's command; a counter that comes
onto the board commanded by nobody (groups added in a park, Guard companies brought in) goes first to a player of
its side who commands no counter on the board, else to the player commanding the units where it arrives, else to
the side's first player. A player knows his own counters in
full, his side's others on the board (each marked with its commander) and the counters in the box, off the board.
"""

from __future__ import annotations

from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.core.units import ACTIVE, Unit
from referee.knowledge import fog
from referee.knowledge.feed import Journal
from referee.knowledge.told import Filed, told
from referee.knowledge.view import OwnUnit, PlayerView, Report, Sighting
from referee.rules.handing import commander
from referee.rulesets.chicago import feed
from referee.rulesets.chicago.feed import INFILTRATING, MINIMUM, OVER
from referee.rulesets.chicago.rules import forces
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE, SIDES, other
from referee.scenario.catalog import Player
from referee.text import numbered, plural

FOG = "fog"
_STATUSES = {ACTIVE: 0, forces.OFF_MAP: 1, forces.REMOVED: 2}
_ORDER = {kind: n for n, kind in enumerate(forces.KINDS)}


def _seen(unit: Unit) -> tuple[str, ...]:
    """What anyone in sight sees of a counter besides its face: a platoon standing in its box's minimum box."""
    return (MINIMUM,) if unit.attrs.get("minimum") else ()


def truth(unit: Unit) -> list[str]:
    """A counter's facts beyond its face for the review's "It was", as a player in sight would see them."""
    return list(_seen(unit))


def _ei(d: dict) -> str:
    return f"Exposure Index police {d['ei'][POLICE]}, demonstrators {d['ei'][DEMONSTRATORS]}"


def _conflict(d: dict) -> str:
    forced = f"; forced assault: {d['forced']['result']}" if d["forced"] else ""
    return f"conflict in {d['box']}, the {d['attacker']} attacking on {d['table'].upper()}: {d['result']}{forced}; {_ei(d)}"


def _ended(d: dict) -> str:
    if d["reason"] == "CPD MINIMUM":
        return f"{OVER}: the police lose, a CPD MINIMUM box is short of three platoons"
    won = f"the {d['winner']} win" if d["winner"] else "nobody wins (a draw)"  # the turn: the line's own time
    return f"{OVER}: {won}; {_ei(d)}"


_PUBLIC = {  # what every player is told of an event, in a line: nothing of where units stand out of sight
    "turn-begun": lambda d: f"turn {d['name']} begins",
    "conflict": _conflict,
    "guard-in": lambda d: f"the National Guard comes in: {plural(len(d['units']), 'company', 'companies')}; {_ei(d)}",
    "guard-out": lambda d: f"the National Guard goes out: {plural(len(d['units']), 'company', 'companies')}; {_ei(d)}",
    "park-penalty": lambda d: f"demonstrators in the parks left alone on a C turn: +{d['points']} demonstrators; {_ei(d)}",
    "game-ended": _ended,
}


class ChicagoKnowledge:
    """Every player's knowledge of one game: `feed(event)` in log order, then `view(player)`."""

    def __init__(self, ctx: Context, rules: Ruleset, commitment: str):
        self.ctx, self.rules, self.commitment = ctx, rules, commitment
        self.state = rules.initial(ctx).thawed()
        self.fog = ctx.options.get(FOG, "off") == "on"
        self.eyes = {side: fog.Eyes(side, other(side), _seen) for side in SIDES}
        self.command = {uid: p.id for p in ctx.scenario.players for uid in p.units or ()}
        self.announced: list[tuple[int, str]] = []  # (turn, line): what everyone is told
        self.reports: list[Filed] = []
        self.journal = Journal(ctx.scenario.clock.label)  # each player's feed
        self._take_command()
        self._look()

    def sight(self, side: str) -> set[str]:
        """The boxes a side sees: every box, or under fog those it holds and the next ones."""
        return fog.sight(self.ctx, self.state, side, self.fog)

    def _look(self) -> None:
        for side, eyes in self.eyes.items():
            eyes.look(self.state, self.sight(side))

    def feed(self, event: Event) -> None:
        """Fold one event, pass command to exchanged counters, note what everyone is told and what it shows each
        player, then let each side look."""
        feed.write(self.journal, self._commanders, self.state.turn, event)
        self.rules.evolve(self.ctx, self.state, event)
        d, public = event.data, _PUBLIC.get(event.kind)
        for old, new in d.get("changes", ()) if event.kind in ("conflict", "attrition") else ():
            share = self.command.pop(old, None)
            if new is not None and share is not None:
                self.command[new] = share
        if public is not None:
            self.announced.append((self.state.turn, f"{self.ctx.scenario.clock.label(self.state.turn)}: {public(d)}"))
        elif event.kind == "report-filed":
            self.reports.append(Filed(d["player"], d["text"], d["reliability"], d["due_turn"]))
        self.journal.follow(self.announced, self.reports, self.state.turn)
        self._take_command()
        self._look()

    def _take_command(self) -> None:
        """A counter on the board commanded by nobody, on a side of several players: a player of the side who
        commands no counter on the board (the first such), so that no one sits out the rest of the game; else the
        commander of the units in its box (the top one's), else the side's first player."""
        players = self.ctx.scenario.players
        for side in SIDES:
            mine = [p.id for p in players if p.side == side]
            if len(mine) < 2:
                continue
            stacks = self.state.stacks[side].values()
            idle = [player for player in mine if player not in {self.command.get(uid) for ids in stacks for uid in ids}]
            for ids in stacks:
                commanders = [self.command[uid] for uid in ids if uid in self.command]
                for uid in ids:
                    if uid not in self.command:
                        self.command[uid] = idle.pop(0) if idle else commanders[0] if commanders else mine[0]

    def _commands(self, player: Player, unit: Unit) -> bool:
        """Whether the player commands the counter: his side's only player does; else his own, by `command`."""
        return player.units is None and sum(p.side == player.side for p in self.ctx.scenario.players) == 1 \
            or self._commander(unit.id) == player.id

    def _commander(self, uid: str) -> str | None:
        """The player commanding a counter now: the one its share was handed to (referee.rules.handing), else the
        share's own."""
        share = self.command.get(uid)
        return None if share is None else commander(self.state, share)

    def _commanders(self, *uids: str) -> list[str]:
        """The players commanding any of these counters."""
        units = [self.state.units[uid] for uid in uids]
        return [p.id for p in self.ctx.scenario.players if any(u.side == p.side and self._commands(p, u) for u in units)]

    def _side(self, player: Player) -> list[Unit]:
        """The player's counters wherever they are, his side's others on the board, and the counters off the board
        that nobody commands; on the board in map order, each box's minimum platoons last, by kind and number."""
        nodes = self.ctx.scenario.board.nodes

        def shown(unit: Unit) -> bool:
            return unit.side == player.side and (self._commands(player, unit) or unit.status == ACTIVE
                                                 or unit.id not in self.command)

        def place(unit: Unit) -> tuple:
            node = nodes[unit.node] if unit.node else None
            return (_STATUSES[unit.status], node.y if node else 0, node.x if node else 0, unit.node or "",
                    bool(unit.attrs.get("minimum")), _ORDER[forces.kind(unit)], numbered(unit.id))

        return sorted(filter(shown, self.state.units.values()), key=place)

    def _own(self, player: Player) -> tuple[OwnUnit, ...]:
        units = self._side(player)
        built: dict[tuple, list[Unit]] = {}
        for unit in units:
            built.setdefault(self._together(unit), []).append(unit)
        return tuple(OwnUnit(u.id, u.name, u.type, u.node, None, u.status, u.factors["strength"],
                             u.factors["movement"], self._notes(u, player, built[self._together(u)])) for u in units)

    def _together(self, unit: Unit) -> tuple:
        """What counters built up into companies or crowds share: box, kind, minimum box and commander."""
        return (unit.node, unit.status, forces.kind(unit), bool(unit.attrs.get("minimum")), self._commander(unit.id))

    def _notes(self, unit: Unit, player: Player, alike: list[Unit]) -> tuple[str, ...]:
        """In the minimum box; infiltrating; the counters its kind in its box make built up (BREAKING DOWN AND
        BUILDING UP UNITS 1: three alike a company, crowd or battalion; Tac has no companies); its commander."""
        notes = list(_seen(unit))
        if unit.id in self.state.local["infiltrating"]:
            notes.append(INFILTRATING)
        if unit.status == ACTIVE:
            notes.append(f"counters {built_up(unit, len(alike))}")
        by = self._commander(unit.id)
        if by is not None and by != player.id:
            notes.append(f"commanded by {by}")
        return tuple(notes)

    def _sightings(self, side: str) -> tuple[Sighting, ...]:
        return fog.sightings(self.ctx, self.state, self.eyes[side], self.sight(side))

    def view(self, player_id: str) -> PlayerView:
        """What one player knows now; an unknown player is a RefereeError naming the known ones."""
        scenario, state = self.ctx.scenario, self.state
        player = scenario.player(player_id)
        label = scenario.clock.label
        mine = [r for r in self.reports if r.player == player.id and r.due <= state.turn]
        return PlayerView(
            player=player.id, side=player.side, role=player.role, objectives=player.objectives,
            scenario=scenario.id, title=scenario.title, turn=state.turn, turns=scenario.clock.turns,
            time=label(state.turn), phase=state.phase, score=state.scores[player.side], target=None,
            own=self._own(player), sightings=self._sightings(player.side),
            reports=tuple(Report(r.text, r.reliability, r.due, label(r.due)) for r in mine),
            arrivals=(), announcements=tuple(line for _, line in self.announced), seed_commitment=self.commitment,
            told=told(self.announced, self.reports, player.id, state.turn, label),
            scores=tuple((side, state.scores[side]) for side in (DEMONSTRATORS, POLICE)),
            unseen=fog.unseen(self.ctx, self.sight(player.side)), feed=self.journal.of(player.id, state.turn),
        )


def built_up(unit: Unit, count: int) -> str:
    """`count` counters of a unit's kind as the table shows them: companies, crowds or battalions of three and the
    rest single, each by its numbers ("12-3 ×2, 4-3"); Tac platoons are never built up (TAC UNITS)."""
    strength, movement = unit.factors["strength"], unit.factors["movement"]
    threes, ones = (0, count) if unit.type == "tac" else divmod(count, 3)
    parts = [f"{3 * strength}-{movement}" + (f" ×{threes}" if threes > 1 else "")] if threes else []
    parts += [f"{strength}-{movement}" + (f" ×{ones}" if ones > 1 else "")] if ones else []
    return ", ".join(parts)
