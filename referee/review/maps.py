"""The review's maps: at each turn's end, the map as it was and as each player believed it, with where he was wrong.

The truth is the umpire's state at the turn's end (`Gathered.ends`); a player's belief is his `PlayerView` then, his
knowledge fed the effective log up to that moment as `gather` feeds it. The two are compared place by place
(`differences`), and both are drawn by the sheet's map (`referee.briefing.svg_map`): the truth as a view that sees
every unit where it is (`referee.knowledge.truth.as_it_was`). templates/_review_maps.html.j2 shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.briefing.render import map_plan
from referee.briefing.svg_map import Drawing
from referee.core.board import Board
from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.knowledge.build import new_record
from referee.knowledge.public import public
from referee.knowledge.truth import as_it_was, strength
from referee.knowledge.view import PlayerView, Sighting
from referee.review.gather import Gathered

RIGHT, GONE, MISSED, WRONG, EMPTY = "right", "gone", "missed", "wrong", "empty"
"""How a place compares: seen right; believed there but gone (or moved); there but not seen; count, strength or units
wrong; not seen and empty."""
MARKED = (GONE, MISSED, WRONG)
"""The kinds marked on a player's map; a place seen right, or not seen and empty, is not."""
MISTAKES = (GONE, WRONG)
"""The kinds that are a belief wrong: a place where units were and he could not see (MISSED) is not seen, no
mistake of his."""
WORST = 2
"""How many turns besides the last are open on screen and printed: those where the beliefs were most wrong."""
FULL = 12
"""A game of up to this many turns has every turn's maps drawn in full; a longer one (N30's 36) only those of the turns
open, the rest as small multiples: each player's mistakes marked on the bare board."""
MARK_SIZE = {"grid": 30.0, "areas": 54.0}
MINI_SIZE = {"grid": 70.0, "areas": 60.0}
"""The half-width of a difference's mark around its place, by kind of map (an area is drawn larger), on a map drawn in
full and on a small multiple (larger there, where the map is drawn small)."""


@dataclass(frozen=True, slots=True)
class Believed:
    """What a player believed of the others at one place: his latest sightings there (those seen now, else the
    latest turn's) together; `count` and `strength` None where he could not tell."""

    count: int | None
    strength: int | None
    units: tuple[str, ...]  # the units he identified there
    time: str
    current: bool


@dataclass(frozen=True, slots=True)
class Place:
    """One place compared: its kind, what the player believed there, and the others' units that were there."""

    node: str
    kind: str
    believed: Believed | None
    there: tuple[Unit, ...]


def _total(values: list[int | None]) -> int | None:
    return None if any(value is None for value in values) else sum(value or 0 for value in values)


def believed(view: PlayerView) -> dict[str, Believed]:
    """By place, what the player believed was there: the latest of his sightings there."""
    found: dict[str, list[Sighting]] = {}
    for sighting in view.sightings:
        found.setdefault(sighting.node, []).append(sighting)
    beliefs = {}
    for node, sightings in found.items():
        latest = max((s.current, s.seen_turn) for s in sightings)
        group = [s for s in sightings if (s.current, s.seen_turn) == latest]
        beliefs[node] = Believed(_total([s.count for s in group]), _total([s.strength for s in group]),
                                 tuple(dict.fromkeys(unit.id for s in group for unit in s.units)),
                                 group[0].seen_time, group[0].current)
    return beliefs


def others(state: GameState, view: PlayerView) -> dict[str, list[Unit]]:
    """By place, the units on the map that are not the player's own (those his view lists as his)."""
    own = {unit.id for unit in view.own}
    there: dict[str, list[Unit]] = {}
    for unit in state.units.values():
        if unit.status == ACTIVE and unit.node is not None and unit.id not in own:
            there.setdefault(unit.node, []).append(unit)
    return there


def compare(belief: Believed | None, there: list[Unit]) -> str:
    """The kind of a place the player believed something of, where others were, or that he could not see."""
    if belief is None:
        return MISSED if there else EMPTY
    if not there:
        return GONE
    wrong = ((belief.count is not None and belief.count != len(there))
             or (belief.strength is not None and belief.strength != strength(there))
             or not set(belief.units) <= {unit.id for unit in there})
    return WRONG if wrong else RIGHT


def differences(view: PlayerView, state: GameState, board: Board) -> tuple[Place, ...]:
    """Every place where the player believed the others were, where they were, or that he could not see, compared
    (`compare`), in map order; a place he saw empty and that was empty is none of them."""
    beliefs, there, nodes = believed(view), others(state, view), board.nodes
    places = sorted(set(beliefs) | set(there) | set(view.unseen), key=lambda node: (nodes[node].y, nodes[node].x, node))
    return tuple(Place(node, compare(beliefs.get(node), there.get(node, [])), beliefs.get(node),
                       tuple(there.get(node, ()))) for node in places)


def turn_ends(g: Gathered) -> dict[int, dict[str, PlayerView]]:
    """Every player's view at each turn's end, by turn, as `Gathered.ends` holds the state then: his knowledge fed
    the effective log as `gather` feeds it, read as each turn begins and at the log's end."""
    record = new_record(g.ctx, rulesets.rules(g.scenario.ruleset), g.info.commitment)
    players = [player.id for player in g.scenario.players]
    ends: dict[int, dict[str, PlayerView]] = {}

    def read() -> None:
        views = {player: record.view(player) for player in players}
        ends[views[players[0]].turn] = views

    for played in g.played:
        if played.event.kind == "turn-begun":
            read()
        event = played.event
        record.feed(Event(event.kind, event.data, (), event.turn, event.phase))
    read()
    return ends


@dataclass(frozen=True, slots=True)
class Mark:
    """A difference's mark, centred on its place."""

    kind: str
    x: float
    y: float


@dataclass(frozen=True)
class Drawn:
    """One map of the review drawn in full: the sheet's drawing of a view, its title and label, and the differences
    marked on it."""

    key: str  # unique in the page: the drawing's ids are made its own with it
    title: str
    label: str
    plan: Drawing
    words: Callable[..., str]  # the sheet's words its drawing is made with (`t` of _map.svg.j2), its label changed
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Belief:
    """One player at a turn's end: the places compared, they in words, the mistakes marked, and his map drawn in full
    where the turn is."""

    player: str
    title: str  # "As police (Police) believed it"
    places: tuple[Place, ...]
    lines: tuple[tuple[str, str], ...]  # (kind, words): each place marked, then those seen right, those empty
    marks: tuple[Mark, ...]  # where he was wrong: on the bare board of the small multiples, and on his map
    tally: str  # the player and how many places he was wrong about, in words
    drawn: Drawn | None = None


@dataclass(frozen=True)
class TurnMaps:
    """A turn's end: each player's belief, the map as it was where the turn is drawn in full, and whether it is
    shown open (and printed)."""

    turn: int
    time: str
    beliefs: tuple[Belief, ...]
    wrong: int
    chosen: bool
    truth: Drawn | None = None
    in_play: bool = False  # the log's last turn, of a game not over: not ended yet


@dataclass(frozen=True)
class ReviewMaps:
    """Every turn's maps, the bare board their small multiples are drawn on, and the words they are told in."""

    t: Strings
    turns: tuple[TurnMaps, ...]
    side: str  # the side drawn black on the maps as they were
    board: Drawing  # the board with nothing on it
    size: float  # the marks' half-width on a map drawn in full
    mini: float  # and on a small multiple
    worst: int = WORST


def _words(t: Strings, label: str) -> Callable[..., str]:
    """The sheet's words for a map drawing, its label (`section.map`) changed to `label`."""
    return lambda key, **values: label if key == "section.map" else t(key, **values)


def _units(count: int | None, strength: int | None, names: list[str] | tuple[str, ...], t: Strings) -> str:
    """'3 units (SPD 1, SPD 2), strength 6': a strength of 0 (protesters) left out."""
    text = (t("maps.units.unknown") if count is None else
            t("maps.units.one") if count == 1 else t("maps.units.many", count=count))
    text += f" ({', '.join(names)})" if names else ""
    return text + (", " + t("maps.strength", strength=strength) if strength else "")


def _told(places: tuple[Place, ...], t: Strings) -> tuple[tuple[str, str], ...]:
    """The places in words: each one marked, then those seen right in one line, those not seen and empty in one."""
    lines = []
    for place in places:
        if place.kind in MARKED:
            belief = place.believed
            believed = "" if belief is None else (
                _units(belief.count, belief.strength, belief.units, t) + ", "
                + (t("maps.seen.now") if belief.current else t("maps.seen.then", time=t.data(belief.time))))
            there = _units(len(place.there), strength(place.there), [unit.id for unit in place.there], t)
            lines.append((place.kind, t(f"maps.line.{place.kind}", place=t.place(place.node), believed=believed,
                                        there=there)))
    if not lines:
        lines.append(("", t("maps.line.none")))
    for kind in (RIGHT, EMPTY):
        named = [t.place(place.node) for place in places if place.kind == kind]
        if named:
            lines.append((kind, t(f"maps.line.{kind}", places=", ".join(named))))
    return tuple(lines)


def _chosen(wrong: dict[int, int]) -> set[int]:
    """The last turn and the `WORST` turns where the most places were believed wrong (the later first, on a tie)."""
    last = max(wrong, default=0)
    return {last, *sorted((turn for turn in wrong if wrong[turn] and turn != last),
                          key=lambda turn: (-wrong[turn], -turn))[:WORST]}


def _tally(t: Strings, player: str, places: tuple[Place, ...]) -> str:
    """How many places a player believed wrong, and how many held units he could not see, where any did."""
    wrong = sum(place.kind in MISTAKES for place in places)
    missed = sum(place.kind == MISSED for place in places)
    if missed:
        return t("maps.count_missed", player=player, count=wrong, missed=missed)
    return t("maps.count", player=player, count=wrong)


def review_maps(g: Gathered, lang: str = "en") -> ReviewMaps:
    """Every turn's end of a session: the map as it was and each player's as he believed it, compared, in `lang`;
    drawn in full for every turn of a game of up to `FULL` turns, else for the turns chosen (`_chosen`)."""
    scenario = g.scenario
    t = Strings(lang, scenario.ruleset)

    def plan(view: PlayerView) -> Drawing:
        return map_plan(view, scenario.board, t)

    ends, first = turn_ends(g), scenario.players[0]
    board = plan(public(next(iter(ends.values()))[first.id]))
    spots = {spot.id: spot for spot in board.spots}
    compared = {turn: {player: differences(view, g.ends[turn][0], scenario.board) for player, view in views.items()}
                for turn, views in ends.items()}
    wrong = {turn: sum(place.kind in MISTAKES for places in players.values() for place in places)
             for turn, players in compared.items()}
    chosen = _chosen(wrong)
    turns = []
    for turn, views in sorted(ends.items()):
        full = len(ends) <= FULL or turn in chosen
        now = "_in_play" if g.in_play(turn) else ""
        beliefs = []
        for n, (player, places) in enumerate(compared[turn].items(), 1):
            marks = tuple(Mark(p.kind, spots[p.node].x, spots[p.node].y) for p in places if p.kind in MARKED)
            label = t(f"maps.belief_label{now}", player=player, turn=turn)
            title = t("maps.belief", player=player, side=t.word("side", views[player].side))
            drawn = Drawn(f"t{turn}p{n}", title, label, plan(views[player]), _words(t, label), marks) if full else None
            beliefs.append(Belief(player, title, places, _told(places, t), marks, _tally(t, player, places), drawn))
        label = t(f"maps.truth_label{now}", turn=turn)
        truth = Drawn(f"t{turn}", t("maps.truth"), label, plan(as_it_was(views[first.id], g.ends[turn][0], first.side)),
                      _words(t, label)) if full else None
        turns.append(TurnMaps(turn, t.data(scenario.clock.label(turn)), tuple(beliefs), wrong[turn], turn in chosen,
                              truth, bool(now)))
    kind = "areas" if rulesets.get(scenario.ruleset).sheet_map == "areas" else "grid"
    return ReviewMaps(t, tuple(turns), t.word("side", first.side), board, MARK_SIZE[kind], MINI_SIZE[kind])
