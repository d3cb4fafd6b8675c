"""A player's view as JSON (the shape of `referee state --json`) and as a page of text."""

from __future__ import annotations

from referee import rulesets
from referee.knowledge.card import Words
from referee.knowledge.moods import EXPLAINED
from referee.knowledge.view import MarkerSeen, Mood, Pile, PlayerView, Sighting
from referee.text import printable


def _mood(mood: Mood | None) -> dict:
    """A crowd's mood as keys of its unit, as option mood_shown shows it; nothing for other units."""
    return {} if mood is None else {"mood": mood.name, "mood_words": mood.words}


def _sighted_units(sighting: Sighting) -> list[dict]:
    return [{"id": u.id, "name": u.name, "side": sighting.side, "type": u.type, "node": sighting.node,
             "seen": sighting.seen_turn, "time": sighting.seen_time, "current": sighting.current,
             "source": sighting.source, **_mood(u.mood)} | ({"notes": list(u.notes)} if u.notes else {})
            for u in sighting.units]


def view_json(view: PlayerView) -> dict:
    """`referee view --json`: own units (seen now) and identified opposing units (seen when last observed)."""
    own = [{"id": u.id, "name": u.name, "side": view.side, "type": u.type, "node": u.node, "stack": u.stack,
            "status": u.status, "strength": u.strength, "movement": u.movement, "notes": list(u.notes),
            "seen": view.turn, **_mood(u.mood)} for u in view.own]
    return {
        "scenario": view.scenario, "title": view.title, "player": view.player, "name": view.name or view.player,
        "side": view.side, "role": view.role, "objectives": list(view.objectives), "turn": view.turn, "turns": view.turns,
        "time": view.time, "phase": view.phase, "score": view.score, "target": view.target,
        "units": own + [unit for s in view.sightings for unit in _sighted_units(s)],
        "stacks": [{"node": s.node, "side": s.side, "count": s.count, "strength": s.strength,
                    "top": s.top.id if s.top else None, "units": [u.id for u in s.units], "seen": s.seen_turn,
                    "time": s.seen_time, "current": s.current, "source": s.source} for s in view.sightings],
        "reports": [{"text": r.text, "reliability": r.reliability, "turn": r.turn, "time": r.time}
                    for r in view.reports],
        "arrivals": [{"turn": a.turn, "time": a.time, "edge": a.edge, "units": list(a.units)} for a in view.arrivals],
        "announcements": list(view.announcements),
        "feed": [{"turn": e.turn, "time": e.time, "kind": e.kind, "line": e.line, "text": e.text,
                  "values": {field: value if isinstance(value, str) else list(value) for field, _, value in e.values}}
                 for e in view.feed],
        "seed_commitment": view.seed_commitment,
    } | ({"scores": dict(view.scores)} if view.scores else {}) | ({"facts": dict(view.facts)} if view.facts else {}) | (
        {"mood_shown": view.mood_shown} if view.mood_shown else {}) | (
        {"scene": [{"node": n.node, "subject": n.subject, "text": n.text, "seen": n.seen_turn, "time": n.seen_time,
                    "current": n.current} for n in view.scene]} if view.scene else {}) | (
        {"markers_seen": [{"node": m.node, "marker": m.marker, "side": m.side, "seen": m.seen_turn,
                           "time": m.seen_time, "current": m.current} for m in view.markers]} if view.markers else {}) | (
        {"unseen": list(view.unseen)} if view.unseen else {}) | (
        {"piles": [{"place": p.place, "name": p.name, "side": p.side, "turn": p.turn, "time": p.time,
                    "seen": p.units is not None, "units": _pile_units(p)} for p in view.piles]} if view.piles else {}) | (
        {"deadline": view.deadline} if view.deadline else {})


def _pile_units(pile: Pile) -> list[dict] | None:
    return None if pile.units is None else [{"id": u.id, "name": u.name, "type": u.type} for u in pile.units]


def _unknown(value: int | None) -> str:
    return "?" if value is None else str(value)


def _ago(turns: int) -> str:
    """How long ago a turn `turns` back was: 'earlier this turn', '1 turn ago', '2 turns ago'."""
    return "earlier this turn" if turns <= 0 else f"{turns} turn{'' if turns == 1 else 's'} ago"


def _sighting(s: Sighting, view: PlayerView, t: Words) -> str:
    """What was seen at a place, and when: 'last seen 8:10, 2 turns ago (observed): 3 counters; strength 9' (no
    strength where the other side's counters have none, as N30's protesters, as on the sheet)."""
    when = "now" if s.current else f"last seen {s.seen_time}, {_ago(view.turn - s.seen_turn)}"
    what = [f"{_unknown(s.count)} counter{'' if s.count == 1 else 's'}"]
    if view.their_strength:
        what.append(f"strength {_unknown(s.strength)}")
    if s.top:
        what.append(f"top {s.top.name}")
    names = ", ".join(f"{u.name} ({t.word('type', u.type)}{', ' + u.mood.name if u.mood else ''}"
                      f"{'; ' + '; '.join(u.notes) if u.notes else ''})" for u in s.units)
    return f"{when} ({s.source}): {'; '.join(what)}" + (f"; identified: {names}" if names else "")


def _unseen_line(node: str, view: PlayerView, t: Words) -> str:
    """A place the player cannot see now: not seen, with what he saw there last, if anything."""
    return f"  {t.place(node)}: not seen" + "".join(f"; {_sighting(s, view, t)}" for s in view.sightings
                                                    if s.node == node)


def _pile_line(pile: Pile, t: Words) -> str:
    """The other side's units in a place off the map: listed, none, or not seen."""
    where = pile.name + (f", {pile.time}" if pile.turn is not None else "")
    if pile.units is None:
        return f"  {where}: not seen"
    return f"  {where}: " + (", ".join(f"{u.name} ({t.word('type', u.type)})" for u in pile.units) or "none")


def _marker_line(m: MarkerSeen, t: Words) -> str:
    return f"  {t.place(m.node)}: {'Flo' if m.marker == 'flo' else m.marker} ({'now' if m.current else 'seen ' + m.seen_time})"


def _score_name(view: PlayerView) -> str:
    """What the view's ruleset calls its score ("success" in N30)."""
    return rulesets.get(view.scenario.partition("/")[0]).score_name


def view_text(view: PlayerView, t: Words) -> str:
    """`referee view`: a page the player (or the umpire checking a briefing) can read, in the words of his sheet
    (`t`, referee.briefing.i18n.Strings): places, types and counters as the game prints them."""
    lines = [
        f"{view.title} ({view.scenario}): {view.player}, {view.role} ({view.side})",
        f"Turn {view.turn}/{view.turns}, {view.time}, {view.phase} phase"
        + (f"; {_score_name(view)} {view.score} of {view.target}" if view.score is not None and not view.scores else "")
        + (f"; scores: {', '.join(f'{side} {score}' for side, score in view.scores)}" if view.scores else "")
        + "".join(f"; {kind} {value}" for kind, value in view.facts),
        "", "Objectives:", *(f"  - {o}" for o in view.objectives),
        "", "Your forces:",
    ]
    alike = {name for name in (u.name for u in view.own) if sum(v.name == name for v in view.own) > 1}
    places = [t.place(u.node) if u.node else u.status for u in view.own]
    width = max(map(len, places), default=0)
    for u, where in zip(view.own, places, strict=True):
        notes = f" [{', '.join(u.notes)}]" if u.notes else ""
        named = f"{u.name} ({u.id})" if u.name in alike else u.name
        feeling = f"; {u.mood.name}: {u.mood.words}" if u.mood else ""
        counter = t.counter(u) or f"{u.strength}-{u.movement}"
        lines.append(f"  {where:<{width}} {named}: {t.word('type', u.type)} {counter}{notes}{feeling}")
    lines += ["", "Expected reinforcements:"]
    lines += [f"  {a.time} at the {a.edge} edge: {', '.join(a.units)}" for a in view.arrivals] or ["  none"]
    heading = "The other side:" if all(s.side != view.side for s in view.sightings) else "Seen:"
    shown = [f"  {t.place(s.node)}: {_sighting(s, view, t)}" for s in view.sightings if s.node not in view.unseen]
    lines += ["", heading] + (shown or [f"  {'none in sight' if view.unseen else 'nothing seen'}"])
    if view.unseen:
        lines += ["", "Not seen now (what is there is not known):", *(_unseen_line(n, view, t) for n in view.unseen)]
    if view.piles:
        lines += ["", "The other side off the map:", *(_pile_line(pile, t) for pile in view.piles)]
    if view.markers:
        lines += ["", "Barricades and Flo:", *(_marker_line(m, t) for m in view.markers)]
    if view.scene:
        lines += ["", "Seen in the streets:"]
        lines += [f"  {t.place(n.node)}: {n.subject}: {n.text} ({'now' if n.current else 'last seen ' + n.seen_time})"
                  for n in view.scene]
    if view.mood_shown:
        lines += ["", f"Crowds' moods: {EXPLAINED[view.mood_shown]}"]
    lines += ["", "Reports:"]
    lines += [f"  {r.time} ({r.reliability}): {r.text}" for r in view.reports] or ["  none"]
    lines += ["", "Announcements:", *(f"  {a}" for a in view.announcements)]
    lines += ["", f"Seed commitment (SHA-256): {view.seed_commitment}"]
    return "\n".join(map(printable, lines))
