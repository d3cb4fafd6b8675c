"""Who is yet to send orders: the players whose pages offer orders in the phase the game is in, and who have sent
none since it opened (an order sent in the very second it opened counts for it). A player with nothing to order
now (every unit handed away), or of the other side in a phase the rules give to one side (a ruleset's
`phase_sides`), or whose page offers him only orders he may give at any time (its `anytime`: N30's top of a stack,
6.2), is not waited for.
Under blind orders (`RulesetPlugin.blind`) a side writing ahead for its own phase is waited for from the phase it
began writing in.

A player who has sent none but set a standing order (`referee.messages.standing_orders`) that has been carried out
once and that his forms still take as it stands is not waited for: his standing order is due again, for the umpire
to carry out, amend or return as any order."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from referee import rulesets
from referee.briefing.i18n import LANGUAGES, Strings
from referee.errors import RefereeError
from referee.knowledge.build import recorded_at
from referee.messages import answer_to, standing_orders
from referee.orders import OrderForm, described, takes
from referee.rulesets.plugin import RulesetPlugin
from referee.store.location import Location
from referee.store.reading import LogReader, MessageRecord, open_reader


@dataclass(frozen=True, slots=True)
class Waiting:
    """The phase the game is in, when it opened (None: the game began in it), who has not sent orders in it, when
    they are due (None: no deadline), and the standing orders due again in it (of players who sent none)."""

    turn: int
    phase: str
    opened: str | None
    players: tuple[str, ...]
    deadline: str | None
    standing: tuple[MessageRecord, ...] = ()


CARRIED_AS = "As carried out: "  # the first line of the answer to an amended order (`told_as`)


def yet_to_order(ordering: Iterable[str], messages: Sequence[MessageRecord], opened: str | None) -> tuple[str, ...]:
    """Of the players who may send orders now (`ordering`), those who sent none since the phase opened."""
    sent = {m.player for m in messages if m.is_order and (opened is None or m.created >= opened)}
    return tuple(player for player in ordering if player not in sent)


def waiting(path: Location) -> Waiting:
    """Who a session waits for orders from, as it stands."""
    reader = open_reader(path)
    try:
        return waiting_in(reader)
    finally:
        reader.close()


def waiting_in(reader: LogReader) -> Waiting:
    """Who the session `reader` reads waits for orders from, as it stands."""
    known = recorded_at(reader).knowledge
    scenario = known.ctx.scenario
    plugin, board = rulesets.get(scenario.ruleset), scenario.board
    words = Strings("en", scenario.ruleset)
    views = [known.view(player.id) for player in scenario.players]
    turn, phase, options = views[0].turn, views[0].phase, known.ctx.options
    messages = reader.messages()
    standing = standing_orders(messages)
    yet: list[str] = []
    due: list[MessageRecord] = []
    for view in views:
        written_for = plugin.ordering_phase(view.side, phase, options)
        acting = plugin.phase_sides.get(written_for)  # the side whose phase it is, where the rules give it one
        forms = plugin.order_forms(view, board, words, options) if acting in (None, view.side) else ()
        if any(form.do not in plugin.anytime for form in forms) and yet_to_order(
                [view.player], messages, reader.opened(turn, _window(plugin, view.side, written_for, options))):
            order = standing.get(view.player)
            if order is not None and answer_to(order, messages) is not None and takes(order.command or {}, forms):
                due.append(order)
            else:
                yet.append(view.player)
    return Waiting(turn, phase, reader.opened(turn, phase), tuple(yet), views[0].deadline, tuple(due))


def _forms_now(reader: LogReader, player: str) -> Iterator[tuple[OrderForm, ...]]:
    """The player's order forms as the session `reader` reads stands, in each language of the sheets, English
    first."""
    known = recorded_at(reader).knowledge
    scenario = known.ctx.scenario
    view, plugin = known.view(player), rulesets.get(scenario.ruleset)
    for lang in LANGUAGES:
        yield plugin.order_forms(view, scenario.board, Strings(lang, scenario.ruleset), known.ctx.options)


def told_as(reader: LogReader, player: str, command: dict, said: str) -> str:
    """The umpire's answer to an order he amended: the command carried out in the words of the player's forms
    (English) as the session `reader` reads stands, then `said`. Where his forms do not take it as it stands (it
    holds what they do not offer, which may be what he cannot see), `said` alone."""
    forms = next(_forms_now(reader, player))
    if not takes(command, forms):
        return said
    return "\n".join(line for line in (f"{CARRIED_AS}{described(command, forms)}", said) if line)


def worded_now(reader: LogReader, standing: MessageRecord) -> str:
    """A standing order's words for its repeat, a new order of the phase the session `reader` reads is in: its
    command in the words of the player's forms as they stand now (a unit renamed, moved on), in the language its
    words were first sent in (the one whose form's name they begin with); its first words where no form of his
    takes it so."""
    command = standing.command or {}
    for forms in _forms_now(reader, standing.player):
        form = next((form for form in forms if form.do == command.get("do")), None)
        if form is not None and standing.text.split(":")[0] == form.label and takes(command, forms):
            return described(command, forms)
    return standing.text


def _window(plugin: RulesetPlugin, side: str, written_for: str, options: Mapping[str, str]) -> str:
    """The first phase of the turn in which a side writes its orders for `written_for`: that phase itself, but
    under blind orders the other side's phase before it."""
    return next((phase for phase in plugin.phases if plugin.ordering_phase(side, phase, options) == written_for),
                written_for)


LONGEST = 24 * 60
"""The longest deadline from now, in minutes: a day."""


def due_at(when: str, now: datetime) -> str | None:
    """A deadline as the umpire gives it, as `deadline` takes it (ISO 8601 with its offset), from `now` (an aware
    time, the room's clock): "5" (or "5 min") five minutes from now, made the next whole minute, as the pages say it
    ("by 20:06", held to 20:06:00); "20:35" that time of today on the room's clock; "off" none."""
    if when == "off":
        return None
    minutes = re.fullmatch(r"(\d+)\s*(?:m|min|mins|minutes?)?", when.strip())
    if minutes is not None:
        if not 1 <= int(minutes[1]) <= LONGEST:
            raise RefereeError(f"a deadline is 1 to {LONGEST} minutes from now, not {minutes[1]}")
        due = now + timedelta(minutes=int(minutes[1]))
        whole = due.replace(second=0, microsecond=0)
        return (whole if whole == due else whole + timedelta(minutes=1)).isoformat()
    clock = re.fullmatch(r"([01]?\d|2[0-3]):([0-5]\d)", when)
    if clock is None:
        raise RefereeError(f"a deadline is minutes from now (5), a time of today (20:35) or off, not {when!r}")
    at = now.replace(hour=int(clock[1]), minute=int(clock[2]), second=0, microsecond=0)
    if at <= now:
        raise RefereeError(f"{when} has passed already (it is {now:%H:%M}): give a later time, or minutes from now")
    return at.isoformat()
