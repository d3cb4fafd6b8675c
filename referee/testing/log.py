"""The log is the truth: a game rebuilt from its events as the log keeps them (JSON) is the game as played, and a
state read back from JSON is the state (sessions keep snapshots of states)."""

from __future__ import annotations

import json

from referee.core.engine import replay
from referee.core.events import Event
from referee.core.state import GameState
from referee.testing.faults import Faults, difference
from referee.testing.games import games, moments

SNAPSHOTS = 24
"""The moments of a game at which its state is checked, spread over it (its opening and its end among them)."""


def stored(event: Event) -> Event:
    """An event as the log gives it back: through JSON."""
    return Event.from_json(json.loads(json.dumps(event.to_json(), allow_nan=False)))


def games_replay(name: str) -> None:
    """Each game of the installed ruleset `name` (its computer players' where it has them), rebuilt from its events as
    the log keeps them, is the game as played at moments spread over it: every change of the state comes from an
    event."""
    faults = Faults(name, "its games rebuilt from their logs")
    for match in games(name):
        rebuilt: GameState | None = None
        folded, when = 0, moments(len(match.commands), SNAPSHOTS)
        for number, game in match.again():
            if number not in when:
                continue
            opening = game.rules.initial(game.ctx) if rebuilt is None else rebuilt
            rebuilt = replay(game.rules, game.ctx, opening, [stored(event) for event in game.events[folded:]])
            folded = len(game.events)
            if rebuilt != game.state:
                faults.add(f"{match}: after {match.named(number)}, the fold of the log is not the game: "
                           f"{difference(rebuilt, game.state)}")
                break
    faults.raise_any()


def states_survive_json(name: str) -> None:
    """Every state of the installed ruleset `name`'s games, at moments spread over each, is JSON and reads back from
    it as the same state (a tuple that comes back a list, a set, a number that is not JSON: each is a fault)."""
    faults = Faults(name, "its states through JSON")
    for match in games(name):
        when = moments(len(match.commands), SNAPSHOTS)
        for number, game in match.again():
            if number not in when:
                continue
            try:
                back = GameState.from_json(json.loads(json.dumps(game.state.to_json(), allow_nan=False)))
            except (TypeError, ValueError) as error:
                faults.add(f"{match}: after {match.named(number)}, the state is not JSON: {error}")
                break
            if back != game.state:
                faults.add(f"{match}: after {match.named(number)}, the state reads back from JSON otherwise: "
                           f"{difference(back, game.state)}")
                break
    faults.raise_any()
