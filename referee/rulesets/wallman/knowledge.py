"""What each officer knows in a Wallman game: what his own eyes see, his command's radio, the umpire's reports.

"Their location and what they can see or be aware of is crucial to the game" (The Player Role). An
officer sees his own place and the places next to it; he knows his own command in full (its radio);
every other thing he knows is what he saw last, or what the umpire told him: the places out of his
sight are not seen, not empty. A crowd shows its mood as option mood_shown says and its size in
people, never its looters or its objective.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.engine import Context, Ruleset
from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.feed import Journal
from referee.knowledge.fog import unseen
from referee.knowledge.moods import mood, mood_shown
from referee.knowledge.own import arrivals
from referee.knowledge.told import Filed, told
from referee.knowledge.view import Mood, OwnUnit, PlayerView, Report, SceneNote, Sighting, UnitFact
from referee.rules.handing import commander, units_of
from referee.rulesets.wallman import feed
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.looks import ASSESSED, DOWN, FROM, HYDRANT, ON_FIRE, OVER, UNDER_FIRE, UNDER_WAY
from referee.rulesets.wallman.rules.moves import places_a_turn
from referee.rulesets.wallman.rules.phases import CROWD
from referee.scenario.catalog import Player

CROWD_SCALE = 5  # a crowd figure stands for five people


@dataclass(frozen=True, slots=True)
class Seen:
    """A unit or a scene as last observed: where, when, and what it looked like."""

    node: str
    turn: int
    notes: tuple[str, ...]
    mood: Mood | None = None


def eyes(ctx: Context, state: GameState, player: Player) -> set[str]:
    """The places a player's personal figure can see: its own and the next ones (none if it is off the table); a
    player handed another's share sees with that officer's figure too."""
    figures = [state.units[uid] for uid in mine(ctx, state, player) if state.units[uid].type == "officer"]
    board = ctx.scenario.board
    return {node for f in figures if f.status == ACTIVE and f.node is not None for node in (f.node, *board.adjacency[f.node])}


def mine(ctx: Context, state: GameState, player: Player) -> tuple[str, ...]:
    """The units an officer commands now: his own, unless handed away, and those of the shares handed to him."""
    return units_of(ctx.scenario.players, state, player) or ()


def crowd_looks(ctx: Context, crowd: Unit) -> tuple[str, ...]:
    """A crowd's size in people, and whether it is running or laden with loot."""
    notes = [f"about {crowd.factors['strength'] * CROWD_SCALE} people"]
    if crowd.attrs.get("running"):
        notes.append("running away")
    if crowd.attrs.get("burdened"):
        notes.append("people carrying stereos and TVs")
    return tuple(notes)


def unit_looks(ctx: Context, unit: Unit) -> tuple[str, ...]:
    """Any unit in sight: a crowd as it looks, a security unit's size (and a wounded officer)."""
    if unit.side == CROWD:
        return crowd_looks(ctx, unit)
    size = () if unit.type == "officer" else (f"{unit.factors['strength']} strong",)
    return size + ((unit.attrs["wounded"],) if unit.attrs.get("wounded") else ())


def building_looks(ctx: Context, name: str, place: dict) -> tuple[str, ...]:
    """A building as seen from the street: broken into, damaged or a wreck, on fire."""
    whole = ctx.scenario.board.buildings[name].value
    notes = []
    if place["value"] == 0:
        notes.append("a wreck")
    elif place["value"] < whole:
        notes.append("badly damaged" if place["value"] * 2 < whole else "damaged")
    if place["broken"]:
        notes.append("broken into")
    if place["fires"]:
        notes.append(f"{ON_FIRE} ({place['fires']} fire{'s' * (place['fires'] > 1)})")
    return tuple(notes)


def casualty_looks(casualty: dict) -> tuple[str, ...]:
    if not lying(casualty):
        return ()
    return (DOWN + (f"{ASSESSED}{casualty['triage']}" if casualty["triage"] else ""),)


class Eyes:
    """One player's accumulated sightings: units, buildings and casualties, each as last seen."""

    def __init__(self, player: Player):
        self.player = player
        self.units: dict[str, Seen] = {}
        self.scene: dict[str, Seen] = {}  # building name or casualty id

    def look(self, ctx: Context, state: GameState) -> None:
        """Refresh everything in sight; what was seen in sight and is gone is forgotten; the rest is kept."""
        sight, own = eyes(ctx, state, self.player), set(mine(ctx, state, self.player))
        for uid, seen in list(self.units.items()):
            if seen.node in sight:
                del self.units[uid]
        for key, seen in list(self.scene.items()):
            if seen.node in sight:
                del self.scene[key]
        for node in sight:
            for unit in state.at(node):
                if unit.id not in own:
                    self.units[unit.id] = Seen(node, state.turn, unit_looks(ctx, unit), mood(ctx, unit))
        for name, place in state.local["buildings"].items():
            node, notes = ctx.scenario.board.buildings[name].node, building_looks(ctx, name, place)
            if node in sight and notes:
                self.scene[name] = Seen(node, state.turn, notes)
        for cid, casualty in state.local["casualties"].items():
            notes = casualty_looks(casualty)
            if casualty["node"] in sight and notes:
                self.scene[cid] = Seen(casualty["node"], state.turn, notes)


class WallmanRecord:
    """Feeds on a Wallman game's events and gives any officer's view at that point."""

    def __init__(self, ctx: Context, rules: Ruleset, commitment: str):
        self.ctx, self.rules = ctx, rules
        self.state = rules.initial(ctx).thawed()
        self.commitment = commitment
        self.announced: list[tuple[int, str]] = []  # (turn, line) of each public announcement
        self.reports: list[Filed] = []
        self.journal = Journal(ctx.scenario.clock.label)  # each officer's feed
        self.eyes = {player.id: Eyes(player) for player in ctx.scenario.players}
        self._look()

    def _look(self) -> None:
        for eyes_ in self.eyes.values():
            eyes_.look(self.ctx, self.state)

    def _owner(self, uid: str) -> str | None:
        return next((commander(self.state, p.id) for p in self.ctx.scenario.players if uid in (p.units or ())), None)

    def _sees(self, player: str, uid: str) -> bool:
        """Whether a player's own eyes see a unit now."""
        return self.state.units[uid].node in eyes(self.ctx, self.state, self.ctx.scenario.player(player))

    def feed(self, event: Event) -> None:
        """Fold one event, note what it shows each officer, then let every officer look."""
        feed.write(self.journal, self._owner, self._sees, self.state.turn, event)
        self.rules.evolve(self.ctx, self.state, event)
        d, label = event.data, self.ctx.scenario.clock.label(self.state.turn)
        if event.kind == "turn-begun":
            self.announced.append((self.state.turn, f"{label}: turn {d['turn']} begins"))
        elif event.kind == "game-ended":
            self.announced.append((self.state.turn, f"{label}: {OVER}"))
        elif event.kind == "report-filed":
            self.reports.append(Filed(d["player"], d["text"], d["reliability"], d["due_turn"]))
        elif event.kind == "sniped" and (owner := self._owner(d["target"])):
            where = f"{FROM}{d['from']}" if d["spotted"] else ""
            self.reports.append(Filed(owner, f"{d['target']}{UNDER_FIRE}{where}", "certain", self.state.turn))
        elif event.kind == "ordered" and (owner := self._owner(d["to"])) is not None and owner != self._owner(d["officer"]):
            said = f"{d['officer']} to {d['to']}" + (f": {d['text']}" if d["text"] else "")
            self.reports.append(Filed(owner, said, "certain", self.state.turn))
        self.journal.follow(self.announced, self.reports, self.state.turn)
        self._look()

    def _own(self, player: Player) -> tuple[OwnUnit, ...]:
        units = [self.state.units[uid] for uid in mine(self.ctx, self.state, player)]
        return tuple(OwnUnit(u.id, u.name, u.type, u.node, None, u.status, u.factors["strength"],  # no stack order
                             places_a_turn(u), _own_notes(self.ctx, u)) for u in units)

    def view(self, player_id: str) -> PlayerView:
        """What an officer knows now (an unknown player is an error naming the known ones)."""
        scenario, state = self.ctx.scenario, self.state
        player = scenario.player(player_id)
        label, seen, sight = scenario.clock.label, self.eyes[player.id], eyes(self.ctx, state, player)
        commanded = set(mine(self.ctx, state, player))
        nodes = scenario.board.nodes
        order = {node: i for i, node in enumerate(sorted(nodes, key=lambda n: (nodes[n].y, nodes[n].x)))}
        sightings = []
        for (node, side), uids in sorted(_by_place(state, seen.units).items(), key=lambda item: (order[item[0][0]], item[0][1])):
            turn = max(seen.units[uid].turn for uid in uids)
            facts = tuple(UnitFact(uid, state.units[uid].name, "crowd" if side == CROWD else state.units[uid].type,
                                   seen.units[uid].mood, seen.units[uid].notes) for uid in uids)
            sightings.append(Sighting(node, side, turn, label(turn), "observed", len(uids), None, None, facts,
                                      node in sight))
        scene = tuple(SceneNote(s.node, key, "; ".join(s.notes), s.turn, label(s.turn), s.node in sight)
                      for key, s in sorted(seen.scene.items(), key=lambda item: (order[item[1].node], item[0])))
        return PlayerView(
            player=player.id, side=player.side, role=player.role, objectives=player.objectives,
            scenario=scenario.id, title=scenario.title, turn=state.turn, turns=scenario.clock.turns,
            time=label(state.turn), phase=state.phase, score=None, target=None, own=self._own(player),
            sightings=tuple(sightings),
            reports=tuple(Report(r.text, r.reliability, r.due, label(r.due)) for r in self.reports
                          if r.player == player.id and state.turn >= r.due),
            arrivals=tuple(a for a in arrivals(self.ctx, state, player.side) if set(a.units) <= commanded),
            announcements=tuple(text for _, text in self.announced),
            told=told(self.announced, self.reports, player.id, state.turn, label), seed_commitment=self.commitment, scene=scene,
            mood_shown=mood_shown(self.ctx), unseen=unseen(self.ctx, sight), feed=self.journal.of(player.id, state.turn),
        )


def _by_place(state: GameState, units: dict[str, Seen]) -> dict[tuple[str, str], list[str]]:
    grouped: dict[tuple[str, str], list[str]] = {}
    for uid, seen in sorted(units.items()):
        grouped.setdefault((seen.node, state.units[uid].side), []).append(uid)
    return grouped


def _own_notes(ctx: Context, unit: Unit) -> tuple[str, ...]:
    a, notes = unit.attrs, []
    if unit.status != ACTIVE and "arrives" not in a and not a.get("wounded"):  # a dead officer is "dead"
        notes.append(unit.status)
    if a.get("wounded"):
        notes.append(f"{a['wounded']}")
    if a.get("prisoners"):
        notes.append(f"{a['prisoners']} under arrest")
    if a.get("vehicle"):
        notes.append(UNDER_WAY)
    if "water" in a:
        notes.append(HYDRANT if a.get("hydrant") else f"water for {a['water']} turn{'s' * (a['water'] != 1)}")
    return tuple(notes)
