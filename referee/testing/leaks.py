"""No player's view or sheet carries another side's hidden facts: what each player is shown, built by referee's own
knowledge machinery (`referee.knowledge`) from a game's log, checked against the game's true state."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from referee import rulesets
from referee.briefing.render import render
from referee.core.events import Event
from referee.core.state import GameState
from referee.knowledge.build import new_record
from referee.knowledge.export import view_json
from referee.knowledge.view import PlayerView, UnitFact
from referee.rulesets.plugin import RulesetPlugin
from referee.testing.faults import Faults, said
from referee.testing.games import Match, games, moments

VIEWS = 3
"""The moments of a game at which every player's view is checked, spread over it (its opening and end among them)."""
COMMITMENT = "0" * 64
"""The fingerprint of the seed the views print."""


def views_hide_other_sides(name: str) -> None:
    """At moments spread over each of the installed ruleset `name`'s games, every player's view (as `referee view
    --json` gives it) and sheet (in Markdown) holds no unit of another side as his own or among his reinforcements, no
    hidden fact of another side's unit in the words of the ruleset's `truth` (but as what he saw of a unit, in its
    sighting's notes and mood: the rules may show it him), and not the session's seed."""
    plugin, faults = rulesets.get(name), Faults(name, "what its players are shown")
    for match in games(name):
        game = match.ended()
        record, state = new_record(game.ctx, game.rules, COMMITMENT), game.rules.initial(game.ctx).thawed()
        fed = 0
        for moment in sorted(moments(len(game.events), VIEWS)):
            for event in game.events[fed:moment]:
                record.feed(Event(event.kind, event.data, (), event.turn, event.phase))  # no dice: nobody sees them
                game.rules.evolve(game.ctx, state, event)
            fed = moment
            found = [f"{match}, after event {moment}: {player.id} ({player.side}): {fault}"
                     for player in game.ctx.scenario.players for fault in leaks(plugin, match, state, record.view(player.id))]
            for fault in found:
                faults.add(fault)
            if found:  # the first moment a game's views leak at is the one to look into
                break
    faults.raise_any()


def leaks(plugin: RulesetPlugin, match: Match, state: GameState, view: PlayerView) -> Iterator[str]:
    """What a player's view and sheet tell him of another side that they must not (`state`: the game as it is)."""
    sides = {uid: unit.side for uid, unit in state.units.items()}
    for uid in [unit.id for unit in view.own] + [uid for arrival in view.arrivals for uid in arrival.units]:
        if sides.get(uid) != view.side:
            yield f"{uid}, a unit of the {sides.get(uid)}, is shown as his own"
    hidden, blind = hidden_facts(plugin, state, view.side), unseen(view)
    texts = {"view": json.dumps(view_json(blind), ensure_ascii=False)}
    try:
        texts["sheet"] = render(blind, match.scenario.board, "md", "en")
    except Exception as error:  # a word the sheet needs and the ruleset lacks, or worse
        yield f"his sheet cannot be printed: {said(error)}"
    for where, text in texts.items():
        for fact in told(hidden, text):
            yield f"his {where} tells {hidden[fact]}'s hidden {fact!r}"
        if str(match.seed) in text:
            yield f"his {where} prints the session's seed"


def hidden_facts(plugin: RulesetPlugin, state: GameState, side: str) -> dict[str, str]:
    """Each hidden fact of the other sides' units in the ruleset's words (its `truth`), with a unit it is of; but for
    those a unit of `side` has too, which may be his own."""
    own = {fact for unit in state.units.values() if unit.side == side for fact in plugin.hidden_facts(unit)}
    return {fact: unit.id for unit in state.units.values() if unit.side != side
            for fact in plugin.hidden_facts(unit) if fact not in own}


def told(facts: Iterable[str], text: str) -> list[str]:
    """The facts a text tells, each whole: "resolve 1" is not told by "resolve 12" nor "RL 1" by "RL 1-8"."""
    pattern = "|".join(rf"(?<![\w-]){re.escape(fact)}(?![\w-])" for fact in sorted(facts, key=len, reverse=True))
    return sorted(set(re.findall(pattern, text))) if pattern else []


def unseen(view: PlayerView) -> PlayerView:
    """The view without what the player saw of units (their sightings' notes and moods): the rest must tell nothing of
    another side's hidden facts, which a sighting may show where the rules let him see them."""
    def face(unit: UnitFact) -> UnitFact:
        return replace(unit, notes=(), mood=None)

    sightings = tuple(replace(s, top=s.top and face(s.top), units=tuple(map(face, s.units))) for s in view.sightings)
    piles = tuple(replace(p, units=None if p.units is None else tuple(map(face, p.units))) for p in view.piles)
    return replace(view, sightings=sightings, piles=piles)
