"""The messages between the players and the umpire: what a message may hold, and whose thread it is in.

A player writes from his live page (a question, a request to negotiate with a crowd); the umpire answers him, from
the dashboard's inbox or `referee message`. Each message is kept in the session, chained by hash of its own
(`referee.store.reading.message_link`), and is part of the player's page and of the review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol, TypeVar

from referee.bounds import CONTROL, shown
from referee.errors import RefereeError

MESSAGE_CHARS = 1000
"""The longest message, in characters: a few sentences, read at the table."""
_CONTROL = re.compile(f"[{CONTROL}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


S = TypeVar("S", bound="Said")


class Wording(NamedTuple):
    """How the lines that refuse a text name it, after what its writer is doing: `what` the text is, and what is
    said of a text with no words."""

    what: str
    empty: str


MESSAGE = Wording("a message", "a message needs some words")
WRITING = Wording("the message to the player", "a message to a player needs some words")
RETURNING = Wording("the reason for returning the order", "a returned order needs a reason for the player")
SAYING = Wording("the word to the player with his order", "a word to the player with his order needs some words")


class Said(Protocol):
    """A message as kept (referee.store.reading.MessageRecord): its number, who wrote it, what it answers."""

    @property
    def id(self) -> int: ...

    @property
    def from_player(self) -> bool: ...

    @property
    def answers(self) -> int | None: ...

    @property
    def done(self) -> int | None: ...

    @property
    def player(self) -> str: ...

    @property
    def standing(self) -> int | None: ...

    @property
    def is_order(self) -> bool: ...

    @property
    def is_stop(self) -> bool: ...


class Directed(Protocol):
    """A message that says who wrote to whom (referee.store.reading.MessageRecord)."""

    @property
    def player(self) -> str: ...

    @property
    def direction(self) -> str: ...


def checked(text: object, wording: Wording = MESSAGE, given: str = "") -> str:
    """A message's text as kept: its lines stripped at the ends, holding words, at most MESSAGE_CHARS characters,
    no control character but the line break; else a RefereeError naming the problem in `wording`, and where the
    text was `given` ("TEXT"), if said."""
    if not isinstance(text, str):
        raise RefereeError(f"{wording.what} is text, not {shown(text)}")
    text = "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").strip().split("\n"))
    if not text:
        raise RefereeError(wording.empty + (f": {given} is empty" if given else ""))
    if len(text) > MESSAGE_CHARS:
        raise RefereeError(f"{wording.what} holds at most {MESSAGE_CHARS} characters, not {len(text)}")
    if _CONTROL.search(text.replace("\n", "")):
        raise RefereeError(f"{wording.what} must not hold control characters (a line break is fine)")
    if _SURROGATE.search(text):  # half of a character (JSON's "\ud800"): no text, and no database would keep it
        raise RefereeError(f"{wording.what} must be whole characters, not half of one")
    return text


def player_named(player: str, players: Iterable[str], names: Mapping[str, str] | None = None) -> str:
    """`player` if the scenario has him, or the one the table calls so (`names`, by id: `rename`, in any case);
    else a RefereeError naming those it has."""
    known = list(players)
    if player in known:
        return player
    named = [ident for ident, name in (names or {}).items() if name.casefold() == player.strip().casefold()]
    if len(named) == 1 and named[0] in known:
        return named[0]
    raise RefereeError(f"no player {shown(player)} (players: {', '.join(called(ident, names) for ident in known)})")


def called(player: str, names: Mapping[str, str] | None) -> str:
    """A player's id, and the name the table calls him (`rename`) where it calls him one: "police-2 (Dev)"."""
    return f"{player} ({names[player]})" if names and player in names else player


def direction(message: Directed, names: Mapping[str, str] | None) -> str:
    """Who wrote to whom, as the message says it (MessageRecord.direction), the player with his name (`called`)."""
    return message.direction.replace(message.player, called(message.player, names), 1)


def waiting(messages: Sequence[S]) -> list[S]:
    """The players' messages the umpire has not answered yet, in order: those no later message answers (a player's
    word that stops his standing order is a notice, not a question)."""
    answered = {message.answers for message in messages if message.answers is not None}
    return [message for message in messages if message.from_player and message.id not in answered
            and not message.is_stop]


def standing_orders(messages: Sequence[S]) -> dict[str, S]:
    """Each player's standing order in force, by player: the latest he set, unless he has stopped it since or the
    umpire returned it (or a repeat of it)."""
    belongs = {message.id: message.standing for message in messages if message.standing is not None}
    ended = {message.standing for message in messages if message.is_stop}
    ended |= {belongs[message.answers] for message in messages
              if not message.from_player and message.done is None and message.answers in belongs}
    latest = {message.player: message for message in messages if message.is_order and message.standing == message.id}
    return {player: order for player, order in latest.items() if order.id not in ended}


def answer_to(message: Said, messages: Sequence[S]) -> S | None:
    """The umpire's first answer to a player's message, if any: to an order, what decided it (it was carried
    out where the answer names the command that did, else returned)."""
    return next((m for m in messages if m.answers == message.id and not m.from_player), None)


def order_state(answer: Said | None) -> str:
    """What became of an order, by the umpire's answer to it (`answer_to`): waiting, carried out or returned."""
    return "waiting" if answer is None else "carried out" if answer.done else "returned"
