"""A computer player at the live table (`referee autopilot`, the dashboard's `A`): in a phase in which its player
is yet to send orders, it writes the commands a computer player of its kind would give (referee.simulate's players)
as his orders, named as the computer player's, for the umpire to carry out, amend or send back as any player's.

It plans the phase on a copy of the game with dice of its own (the umpire's carry the orders out on the real one),
and in a game of teams leaves out what it would give a teammate's units: it orders only the player's own. Where the
scenario's options hide anything and the game's computer players can, it decides on his side's knowledge alone,
as `referee simulate --players-see own` does (referee.simulate.seeing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.core.dice import SeededDice
from referee.core.events import MARKS, Event
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import recorded_at
from referee.orders import his_units
from referee.roster import waiting
from referee.session import Session, is_undone, stored_event
from referee.simulate import MAX_COMMANDS_PER_PHASE, OWN, autoplay, seeing
from referee.store.location import Location
from referee.store.reading import open_reader
from referee.store.repository import SessionStore
from referee.text import strings_in

COMPUTER = "computer player"
"""How a computer player's orders name their writer (`MessageRecord.umpire` of the player's message): "computer
player (objective)"."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What the computer player did for its player now: the numbers of the orders it wrote, and why it wrote none
    where it wrote none."""

    orders: tuple[int, ...]
    why_none: str = ""


def writer(kind: str) -> str:
    """The name a computer player of `kind` writes its orders under."""
    return f"{COMPUTER} ({kind})"


def send_orders(path: Location, player: str, kind: str | None = None, seed: int = 0) -> Sent:
    """Write the orders of a computer player of `kind` (the ruleset's first, if None) for `player`, where he is yet
    to send orders in the phase the game is in and his side acts in it; else Sent((), why)."""
    session = Session.view(path)
    try:
        game, scenario = session.game, session.game.ctx.scenario
        computer = autoplay(scenario)
        kind = kind or computer.kinds[0]
        if kind not in computer.kinds:
            raise RefereeError(f"no computer player {kind!r} (kinds: {', '.join(computer.kinds)})")
        side = scenario.player(player).side
        if game.state.over:
            return Sent((), "the game is over")
        if player not in waiting(path).players:
            return Sent((), f"{player} is not waited for in this phase: he sent orders, or has none to give now")
        actors = computer.actor(game.state)
        if side not in ((actors,) if isinstance(actors, str) else actors or ()):
            return Sent((), f"the {side} give no orders in this phase")
        seen = None
        if seeing(computer, game.ctx.options, None) == OWN:  # his side's knowledge, from the opening on
            records, effective = session.log()
            seen = [stored_event(record) for record in records if not is_undone(record, effective)
                    and record.kind not in MARKS]
        planned = plan(game, side, kind, seed, _teammates_units(path, player), seen)
    finally:
        session.close()
    if not planned:
        return Sent((), f"the computer player gives {player}'s units no orders in this phase: they hold, and "
                        f"`orders --missing` still names him")
    with SessionStore.open(path) as store:
        numbers = tuple(store.write_message(player, said(command), from_player=True, command=command,
                                            umpire=writer(kind)) for command in planned)
    return Sent(numbers)


def _teammates_units(path: Location, player: str) -> frozenset[str]:
    """The units of his side that his teammates command (none where he plays his side alone)."""
    reader = open_reader(path)
    try:
        view = recorded_at(reader).knowledge.view(player)
    finally:
        reader.close()
    mine = {unit.id for unit in his_units(view)}
    return frozenset(unit.id for unit in view.own if unit.id not in mine)


def plan(game: Game, side: str, kind: str, seed: int, others: frozenset[str] = frozenset(),
         seen: list[Event] | None = None) -> list[dict]:
    """The commands a computer player of `kind` for `side` gives in the phase the game is in, planned on a copy of
    the game with dice of its own, but those that name a unit of `others`; given the events `seen` from the
    opening, it decides on his side's knowledge of them (and of its own planned commands) alone."""
    computer = autoplay(game.ctx.scenario)
    player = computer.player(kind, side, seed)
    scratch = Game(game.ctx, game.rules, game.state, SeededDice(seed), list(seen or ()), keep_events=False)
    feed = computer.own_eyes(scratch, {side: player}) if seen is not None else None  # type: ignore[attr-defined]
    planned: list[dict] = []
    for command in player.commands(scratch):
        try:
            events = scratch.apply(command, shaped=True)
        except RefereeError:
            continue
        if feed is not None:
            feed(events)
        if not others.intersection(strings_in(command)):  # the units and places it names among them
            planned.append(command)
        if len(planned) >= MAX_COMMANDS_PER_PHASE:
            break
    return planned


def said(command: dict) -> str:
    """A computer player's order in words, its keys as the command has them: "move: unit Cowborg; path 2nd &
    University, 3rd & University"."""
    def words(value: object) -> str:
        if isinstance(value, list):
            return ", ".join(map(words, value))
        if isinstance(value, dict):
            return ", ".join(f"{key} {words(held)}" for key, held in value.items())
        return str(value).lower() if isinstance(value, bool) else str(value)

    parts = [f"{key} {words(value)}" for key, value in command.items() if key != "do"]
    return f"{command.get('do')}: " + "; ".join(parts) if parts else str(command.get("do"))


def follow(path: Location, player: str, kind: str | None, seed: int, told: Callable[[Sent], None],
           stop: Callable[[float], bool], every: float = 2) -> None:
    """Send the computer player's orders each time the session moves on, until the game is over or `stop(every)`
    (which waits that long) says to stop; `told` hears what it did each time it looked."""
    seen: tuple[object, ...] | None = None
    while True:
        now, over = _where(path)
        if now != seen:
            told(send_orders(path, player, kind, seed))
            now, over = _where(path)  # its own orders seen: it looks again once the session moves on
        seen = now
        if over or stop(every):
            return


def _where(path: Location) -> tuple[tuple[object, ...], bool]:
    """Where the session stands (its log's tip and its latest message), and whether its game is over."""
    session = Session.view(path)
    try:
        return (session.tip, session.messages_end()), session.game.state.over
    finally:
        session.close()
