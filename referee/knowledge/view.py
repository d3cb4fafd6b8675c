"""A player's view: everything a briefing, a player screen or an export may show, and nothing else.

Built only by `referee.knowledge` from what the player observed; renderers read nothing but this.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.knowledge.feed import FeedEntry


@dataclass(frozen=True, slots=True)
class Mood:
    """A crowd's mood as players see it (option mood_shown): a name (or the RL marker) and words."""

    name: str
    words: str


@dataclass(frozen=True, slots=True)
class UnitFact:
    """An opposing unit as the player identified it (a counter seen face up), with its mood as then seen."""

    id: str
    name: str
    type: str
    mood: Mood | None = None
    notes: tuple[str, ...] = ()  # what else could be seen of it: a crowd's size, running, laden with loot
    renamed: bool = False  # `name` is the table's (referee.knowledge.names), printed as it is, without the id


@dataclass(frozen=True, slots=True)
class SceneNote:
    """Something seen at a place other than units: a building broken into or burning, a man down."""

    node: str
    subject: str
    text: str
    seen_turn: int
    seen_time: str
    current: bool


@dataclass(frozen=True, slots=True)
class Sighting:
    """What the player knows of the other side at one intersection, as last observed.

    `count` and `strength` are None where the player could not tell; `units` lists the units
    identified (all of them in contact, the top one under weak hidden movement, none face down).
    """

    node: str
    side: str
    seen_turn: int
    seen_time: str
    source: str  # "observed" (on the map), "contact" (blocking or confrontation), "report"
    count: int | None
    strength: int | None
    top: UnitFact | None
    units: tuple[UnitFact, ...]
    current: bool  # describes the intersection as it is now; otherwise "last seen at `seen_time`"


@dataclass(frozen=True, slots=True)
class MarkerSeen:
    """A barricade or Flo (3.3) at an intersection: the player's own side's as it is, the other side's as last seen."""

    node: str
    marker: str  # "barricade" or "flo"
    side: str  # the side whose units built it
    seen_turn: int
    seen_time: str
    current: bool  # known as it is now; otherwise as seen at `seen_time`


@dataclass(frozen=True, slots=True)
class OwnUnit:
    """One of the player's own units, known in full."""

    id: str
    name: str
    type: str
    node: str | None
    stack: int | None
    status: str
    strength: int
    movement: int
    notes: tuple[str, ...]  # e.g. "unlocked", "black bloc", "face down", "arrives 9:10 west edge"
    mood: Mood | None = None  # a cluster on the map, under crowd_mood
    renamed: bool = False  # `name` is the table's (referee.knowledge.names), printed as it is, without the id


@dataclass(frozen=True, slots=True)
class Report:
    """A report or rumour from the umpire, once its time has come."""

    text: str
    reliability: str  # "certain", "probable", "doubtful"
    turn: int
    time: str


@dataclass(frozen=True, slots=True)
class Arrival:
    """Reinforcements the player's side expects (never the other side's)."""

    turn: int
    time: str
    edge: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pile:
    """The other side's units off the map where the rules let both players see them (Battle of Seattle's Reserve
    Pool, a space of its Turn Record track): `units` None where the player cannot see the place, () where he sees
    it empty."""

    place: str  # the status of the units there ("reserve", "scheduled"): a sheet names it t.word("status", place)
    name: str  # the place in words ("Reserve Pool")
    side: str
    units: tuple[UnitFact, ...] | None
    turn: int | None = None  # a space of a track: the turn its units arrive
    time: str = ""


@dataclass(frozen=True, slots=True)
class PlayedWith:
    """A value the game is played with other than the scenario's printed one, that the players may know: an
    option's choice other than its default (`option`), or a tunable set (`value`; `printed`, as its file gives it)."""

    name: str
    value: str
    printed: str
    option: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one player knows at one moment."""

    player: str
    side: str
    role: str
    objectives: tuple[str, ...]
    scenario: str
    title: str
    turn: int
    turns: int
    time: str
    phase: str
    score: int | None  # public where the scenario makes it so
    target: int | None
    own: tuple[OwnUnit, ...]
    sightings: tuple[Sighting, ...]  # in map order (north to south, west to east), never by anything hidden
    reports: tuple[Report, ...]
    arrivals: tuple[Arrival, ...]
    announcements: tuple[str, ...]  # public events: turns begun, scores, game over
    seed_commitment: str  # SHA-256 of the session seed, revealed after the game
    scene: tuple[SceneNote, ...] = ()  # buildings and casualties seen, where the ruleset has them
    mood_shown: str | None = None  # how crowds' moods are shown (option mood_shown); None where crowds have none
    markers: tuple[MarkerSeen, ...] = ()  # barricades and Flo known, in map order, where the ruleset has them
    told: tuple[str, ...] = ()  # what the player was told, in order: announcements, and his reports once they reached him
    scores: tuple[tuple[str, int], ...] = ()  # every side's public score, where each side keeps one (side, score)
    facts: tuple[tuple[str, str], ...] = ()  # the game's further public facts (kind, value): a sheet prints
    # t("fact.<kind>") and t.word(kind, value)
    unseen: tuple[str, ...] = ()  # the places he cannot see now, in map order: not known to be empty (option fog)
    piles: tuple[Pile, ...] = ()  # the other side's units off the map that the rules show, or not seen (units None)
    name: str = ""  # what the table calls him (`rename`; referee.knowledge.names sets it): his id unless renamed
    feed: tuple[FeedEntry, ...] = ()  # what happened to him, latest turn first (referee.knowledge.feed)
    deadline: str | None = None  # when his orders are due in the phase the game is in (ISO 8601, UTC), where the
    # umpire set a deadline (`deadline`; referee.knowledge.due sets it)
    played_with: tuple[PlayedWith, ...] = ()  # the public values the game is played with other than the printed
    # ones, options first (referee.knowledge.played sets them)

    @property
    def their_strength(self) -> bool:
        """Whether the other side's strength is worth a word: a strength seen or not known, not only zeros (N30's
        protesters carry none)."""
        return any(sighting.strength != 0 for sighting in self.sightings)
