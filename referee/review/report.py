"""`referee review PATH --out FILE.html`: the post-session report, one self-contained page.

The page is built from `gather` (the log replayed) and `audit` (the dice checked) alone; this module
arranges them for the template `review.html.j2`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from referee import rulesets
from referee.core.units import ACTIVE, LOST, Unit
from referee.errors import RefereeError
from referee.messages import waiting
from referee.review.chart import levels_chart, score_chart
from referee.review.dice_audit import audit
from referee.review.gather import Gathered, Moment, gather
from referee.review.maps import review_maps
from referee.review.summary import summary, swings
from referee.review.words import ReviewWords
from referee.rules.moods import TABLES, chart
from referee.store.location import Location
from referee.store.reading import MessageRecord, roles_of
from referee.text import numbered

QUIET = ("unit-moved", "crowd-moved", "phase-ended", "turn-begun", "movement-rolled", "intersection-chosen")
"""Events the timeline counts instead of listing."""

@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of the timeline: its events as lines in log order (undone ones in their place), how many moves."""

    turn: int
    time: str
    score: int | None
    lines: tuple[tuple[int, str, tuple[str, ...], bool, tuple[str, ...]], ...]
    """(seq, line, notes such as the odds beforehand, undone, the itemization of the numbers it changed)"""
    moves: tuple[str, ...]  # each move in short: "U7 → 5th & Pike"


def timeline(g: Gathered, words: ReviewWords) -> list[Turn]:
    """Every turn's events in log order, undone ones in their place, each command signed by its umpire."""
    turns: dict[int, dict] = {}
    notes = rulesets.get(g.scenario.ruleset).review_notes

    def at(turn: int) -> dict:
        return turns.setdefault(turn, {"lines": [], "moves": []})

    signed: set[int] = set()

    def by(command: int, text: str) -> str:
        """Who issued a command, where recorded: said after the first thing the timeline shows of it."""
        if command not in g.issuers or command in signed:
            return text
        signed.add(command)
        return f"{text} · {words('review.by', who=g.issuers[command])}"

    for p in g.played:
        entry = at(p.event.turn)
        if p.event.kind in QUIET:
            data = p.event.data
            if p.event.kind in ("unit-moved", "crowd-moved") and data["to"] != data.get("from"):
                to = words.place(data["to"]) if data["to"] else "off the map"
                entry["moves"].append(by(p.command, f"{data.get('unit') or data['crowd']} → {to}"))
        else:
            entry["lines"].append((p.seq, by(p.command, p.line), notes(p.event), False, p.items))
    for record, line in g.undone:
        at(record.turn)["lines"].append((record.seq, by(record.command_id, line), (), True, ()))
    label = g.scenario.clock.label
    return [Turn(t, words.turn(label(t)), g.scores.get(t), tuple(sorted(e["lines"])), tuple(e["moves"]))
            for t, e in sorted(turns.items())]


def umpire_team(g: Gathered) -> list[tuple[str, str, int, int]]:
    """Each umpire named or recorded: (name, role at the end, "" if none, commands issued, of which undone)."""
    roles = roles_of((change.name, change.role) for change in g.umpire_changes)
    effective = {p.command for p in g.played}
    issued: dict[str, list[int]] = {}
    for command, umpire in g.issuers.items():
        if g.commands[command][0].get("do") not in ("undo", "redo"):
            issued.setdefault(umpire, []).append(command)
    return [(name, roles.get(name, ""), len(issued.get(name, [])),
             sum(command not in effective for command in issued.get(name, [])))
            for name in sorted({change.name for change in g.umpire_changes} | set(issued))]


class Said(NamedTuple):
    """A message or an order in the review: whether it was a player's still waiting for an answer at the end, the
    command it asks for (or an umpire's amended) as JSON, and for the umpire's answer that carried out an order,
    what its command did (its events' lines; none where undone)."""

    message: MessageRecord
    waits: bool
    did: tuple[str, ...]
    command: str


def threads(g: Gathered) -> list[tuple[str, list[Said]]]:
    """Each player's messages and orders with the umpire in order, by the scenario's order of players (one without
    any left out)."""
    unanswered = {message.id for message in waiting(g.messages)}
    done: dict[int, list[str]] = {}
    for played in g.played:
        done.setdefault(played.command, []).append(played.line)
    by_player = {player.id: [Said(m, m.id in unanswered, tuple(done.get(m.done, ())) if m.done else (),
                                  json.dumps(m.command, ensure_ascii=False) if m.command else "")
                             for m in g.messages if m.player == player.id]
                 for player in g.scenario.players}
    return [(player, thread) for player, thread in by_player.items() if thread]


def _mentioned(data: object, ids: dict) -> set[str]:
    """The unit ids an event's data names, at any depth (`unit`, `units`, `attack`, a counter exchanged...)."""
    if isinstance(data, str):
        return {data} if data in ids else set()
    if isinstance(data, dict):
        return set().union(*(_mentioned(value, ids) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(_mentioned(value, ids) for value in data))
    return set()


def fates(g: Gathered) -> tuple[list[tuple], int]:
    """Every unit that came into play: where it is at the end or what became of it, and the turn it was last in
    the log; and how many never did (never on the map, never named by an event: a counter left in its box)."""
    units = g.final.units
    last: dict[str, int] = {}
    for p in g.played:
        for uid in _mentioned(p.event.data, units):
            last[uid] = p.event.turn
    states = [g.initial, *(state for state, _ in g.ends.values()), g.final]
    in_play = set(last) | {uid for state in states for uid, unit in state.units.items() if unit.status == ACTIVE}
    rows = []
    for unit in units.values():
        if unit.id in in_play:
            place = unit.node if unit.status == ACTIVE else unit.status
            rows.append((unit.side, unit.id, unit.type.replace("_", " "), unit.status, place, last.get(unit.id)))
    return sorted(rows, key=lambda row: (row[0], numbered(row[1]))), len(units) - len(rows)


def _unit_text(unit, facts: Callable[[Unit], list[str]]) -> str:
    return f"{unit.id} ({unit.type}" + "".join(f", {fact}" for fact in facts(unit)) + ")"


def _seen_text(unit) -> str:
    """A unit as the player saw it: its mood as option mood_shown showed it, and what else could be seen."""
    seen = ([unit.mood.name] if unit.mood else []) + list(unit.notes)
    return unit.id + (f" ({'; '.join(seen)})" if seen else "")


def knew_and_true(g: Gathered, moment: Moment, words: ReviewWords) -> dict[str, list[tuple[str, str, str]]]:
    """For each player at a moment: (place, what the player knew of it, what was there) side by side."""
    comparison = {}
    facts = rulesets.get(g.scenario.ruleset).hidden_facts
    for player in g.scenario.players:
        view = moment.views[player.id]
        own = {u.id for u in view.own}
        known: dict[str, list[str]] = {}
        for s in view.sightings:
            when = words("review.seen_now") if s.current else words("review.seen", time=words.turn(s.seen_time))
            units = ", ".join(_seen_text(u) for u in s.units) or words(
                "review.unidentified", count=s.count if s.count is not None else "?")
            known.setdefault(s.node, []).append(f"{units} [{when}]")
        truth: dict[str, list[str]] = {}
        for unit in moment.state.units.values():
            if unit.status == ACTIVE and unit.node and unit.id not in own:
                truth.setdefault(unit.node, []).append(_unit_text(unit, facts))
        nodes = [n for n in g.scenario.board.nodes if n in known or n in truth]
        comparison[player.id] = [(n, "; ".join(known.get(n, [])) or words("review.nothing"),
                                  ", ".join(truth.get(n, [])) or words("review.nobody"))
                                 for n in nodes]
    return comparison


def context(g: Gathered, lang: str = "en") -> dict:
    """Everything the review template reads, its words in `lang`."""
    scenario, final = g.scenario, g.final
    plugin = rulesets.get(scenario.ruleset)
    words = ReviewWords(lang, scenario.ruleset)
    played = [p.event for p in g.played]
    moves = swings(g, words)
    rl = {uid: changes for uid, changes in g.rl.items() if changes and final.units[uid].status != "reserve"}
    in_play, unused = fates(g)
    checked = audit(g)
    turns = max(g.scores or {1: 0})
    name = functools.partial(_turn_name, scenario.clock.label, words)
    chart_words = {"lead": words("review.lead"), "score": words("review.score"), "target": words("review.target"),
                   **{side: words.side(side) for side in final.scores}}
    return {
        "g": g, "t": words, "scenario": scenario, "final": final, "score": plugin.score(final.scores),
        "table_names": final.names.get("players", {}),  # what the table called the players (`rename`)
        "score_name": words.score_name(),
        "summary": summary(g, words, len(checked.dice), checked.typed_in),
        "tallies": [(words.tally(label), sum(map(test, played))) for label, test in plugin.tallies],
        "lost": _lost(final),
        "chart": score_chart(g.scores, turns, scenario.target, [s.turn for s in moves],
                             _indices(g) if plugin.lead else None, turn_name=name, words=chart_words),
        "moves": moves, "timeline": timeline(g, words), "fates": in_play, "unused": unused, "audit": checked,
        "moments": [(m, knew_and_true(g, m, words)) for _, m in sorted(g.moments.items())],
        "maps": review_maps(g, lang),
        "rl_chart": levels_chart(rl, turns, len(chart(scenario).levels), turn_name=name)
        if rl and TABLES in scenario.sources else None,
        "rl": rl, "umpires": umpire_team(g), "threads": threads(g),
    }


def _turn_name(label: Callable[[int], str], words: ReviewWords, turn: int) -> str:
    """A turn as the chart's axis names it: the scenario clock's name for it, in the review's language."""
    return words.turn(label(turn))


def _indices(g: Gathered) -> dict[str, dict[int, int]]:
    """Each side's index at the end of each turn."""
    return {side: {turn: scores[side] for turn, scores in g.indices.items()} for side in g.final.scores}


def _lost(final) -> list[tuple[str, str, int]]:
    """Units lost (out of the game for good) by side and type."""
    counts: dict[tuple[str, str], int] = {}
    for unit in final.units.values():
        if unit.status in LOST:
            counts[(unit.side, unit.type)] = counts.get((unit.side, unit.type), 0) + 1
    return [(side, kind, n) for (side, kind), n in sorted(counts.items())]


def write_review(path: Location, out: Path, at: list[int] | None = None, fmt: str = "html", lang: str = "en",
                 unfinished: Callable[[], None] | None = None) -> Path:
    """Write the report of a session as one HTML page, or as its PDF (`fmt` "pdf"), its words in `lang`;
    `unfinished()` is called once it is written, where the game is not over (the review reveals the seed, and every
    die to come); a write refused is its one line alone."""
    from referee.briefing.environment import environment

    gathered = gather(path, at)
    page = environment().get_template("review.html.j2").render(context(gathered, lang))
    if fmt == "pdf":
        from referee.briefing.pdf import to_pdf

        content = to_pdf(page)
    else:
        content = page.encode("utf-8")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(content)
    except OSError as error:
        raise RefereeError(f"cannot write {out}: {error.strerror}") from None
    if unfinished is not None and not gathered.final.over:
        unfinished()
    return out
