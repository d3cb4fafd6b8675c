"""The review's first page, the debrief's handout: the result and the rule that decided it, the final scores, the
turning points (the turns the score moved most, by how much and why), each side's key moments, and how many dice,
undos and reports the session saw.

Everything comes from the replayed log (`Gathered`); the words are the review's (`ReviewWords`).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import rulesets
from referee.core.units import LOST
from referee.review.gather import Gathered, Played
from referee.review.words import ReviewWords


@dataclass(frozen=True, slots=True)
class Swing:
    """A turn the score moved: by how much, and what moved it (each reason once, with what it gave)."""

    turn: int
    change: int
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """One thing that moved the score a side's way: when, what, and by how much."""

    turn: int
    reason: str
    points: int


@dataclass(frozen=True, slots=True)
class Summary:
    result: str  # the result, or where the game stands if it is not finished
    why: tuple[str, ...]  # the rule that decided it, each reading with its section
    scores: tuple[tuple[str, str], ...]  # (whose, the final figure in words)
    swings: tuple[Swing, ...]
    sides: tuple[tuple[str, tuple[Moment, ...], int], ...]  # (side, its key moments, units it lost)
    dice: int
    typed_in: int
    undos: int
    reports: int


def changes(g: Gathered) -> list[tuple[int, int]]:
    """The score's change over each turn that ended with a score, from the end of the turn before (the
    opening score before the first)."""
    before = rulesets.get(g.scenario.ruleset).score(g.initial.scores)
    found = []
    for turn, score in sorted(g.scores.items()):
        found.append((turn, score - before))
        before = score
    return found


def swings(g: Gathered, words: ReviewWords, count: int = 3) -> list[Swing]:
    """The turns where the score moved most, by the size of the change (the earlier turn first where two moved
    alike), in the order played."""
    moved = [(turn, change) for turn, change in changes(g) if change]
    biggest = sorted(moved, key=lambda each: (-abs(each[1]), each[0]))[:count]
    return [Swing(turn, change, tuple(why(g, turn, words))) for turn, change in sorted(biggest)]


def _reason(g: Gathered, p: Played, words: ReviewWords) -> tuple[str, list[str]]:
    """What an event that moved the score was, in the game's words for its "source" (else its kind), and the
    names it concerns (the target, building, place, or its `names`). An event without words of its own is told
    as the log tells it."""
    d = p.event.data
    targets = g.scenario.board.targets
    name = targets[d["target"]].name if d.get("target") in targets else d.get("building") or d.get("node") or d.get("box")
    names = [words.place(each) for each in [name, *d.get("names", ())] if each]
    return words.reason(d.get("source", p.event.kind), p.line), list(dict.fromkeys(names))


def _told(reason: str, names: list[str], points: int) -> str:
    return reason.format(names=", ".join(names)) + f": {points:+d}"


def why(g: Gathered, turn: int, words: ReviewWords) -> list[str]:
    """What moved the score in a turn, in words, each reason once with what it gave: "the protesters' ring cut
    Roosevelt Hotel, ... off from the venues (5.2): +5"."""
    reasons: dict[str, list] = {}  # reason: [points, the names it concerns]
    for p in g.played:
        if p.event.turn != turn or p.score_after == p.score_before:
            continue
        reason, names = _reason(g, p, words)
        entry = reasons.setdefault(reason, [0, []])
        entry[0] += p.score_after - p.score_before
        entry[1].extend(name for name in names if name not in entry[1])
    return [_told(reason, names, points) for reason, (points, names) in reasons.items()]


def key_moments(g: Gathered, words: ReviewWords, count: int = 3) -> dict[str, list[Moment]]:
    """For each side, what moved the score its way most (a rising score serves the game's first side, a falling
    one its second): each reason of a turn taken whole for each side, never net of what the same reason gave the
    other side that turn, the biggest first, the earlier first where two gave alike."""
    plugin = rulesets.get(g.scenario.ruleset)
    sides = plugin.rising or plugin.lead or tuple(g.final.scores)[:2]
    gains: dict[tuple[int, str, str], list] = {}  # each side's gains apart: one side's never net of the other's
    for p in g.played:
        if p.score_after != p.score_before:
            reason, names = _reason(g, p, words)
            gainer = sides[0] if p.score_after > p.score_before else sides[-1]
            entry = gains.setdefault((p.event.turn, reason, gainer), [0, []])
            entry[0] += p.score_after - p.score_before
            entry[1].extend(name for name in names if name not in entry[1])
    found: dict[str, list[Moment]] = {side: [] for side in sides}
    for (turn, reason, side), (points, names) in sorted(gains.items(),
                                                        key=lambda item: (-abs(item[1][0]), item[0][0])):
        if len(found[side]) < count:  # told as that side's gain: +2 for the Authority, not -2
            found[side].append(Moment(turn, _told(reason, names, abs(points)), points))
    return found


def summary(g: Gathered, words: ReviewWords, dice: int, typed_in: int) -> Summary:
    """The first page of the review."""
    plugin = rulesets.get(g.scenario.ruleset)
    final = g.final
    ended = next((p.event.data for p in reversed(g.played) if p.event.kind == "game-ended"), None)
    result, reasons = plugin.review_verdict(final, ended if final.over else None, g.scenario.target, words.lang)
    if not result:  # a game that reads no verdict of its own: its score against its target, and who won
        score = plugin.score(final.scores)
        result = words("review.standing_target" if g.scenario.target else "review.standing",
                       name=words.score_name(), score=score, target=g.scenario.target)
        if final.over and final.winner:
            result = words("review.won", standing=result, side=words.side(final.winner))
    if not final.over:
        result = words("review.unfinished", turn=final.turn, turns=g.scenario.clock.last(final.local), result=result)
    if plugin.lead or len(final.scores) > 1:
        scores = tuple((words.side(side), str(value)) for side, value in final.scores.items())
    else:
        score = plugin.score(final.scores)
        scores = ((words.score_name(), words("review.score_of", score=score, target=g.scenario.target)
                   if g.scenario.target else str(score)),)
    moments = key_moments(g, words)
    lost = {side: sum(u.side == side and u.status in LOST for u in final.units.values()) for side in moments}
    return Summary(result, tuple(reasons), scores, tuple(swings(g, words)),
                   tuple((side, tuple(found), lost[side]) for side, found in moments.items()), dice, typed_in,
                   sum(body.get("do") == "undo" for body, _ in g.commands.values()),
                   sum(p.event.kind == "report-filed" for p in g.played))
