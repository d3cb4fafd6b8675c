"""Who is yet to send orders: the players whose pages offer orders in the phase the game is in, and who have sent
none since it opened (an order sent in the very second it opened counts for it). A player with nothing to order
now (every unit handed away), or of the other side in a phase the rules give to one side (a ruleset's
`phase_sides`: an order he may give at any time, as N30's top of a stack, is not waited for), is not waited for."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.knowledge.build import recorded_at
from referee.store.location import Location
from referee.store.reading import MessageRecord, open_reader


@dataclass(frozen=True, slots=True)
class Waiting:
    """The phase the game is in, when it opened (None: the game began in it) and who has not sent orders in it."""

    turn: int
    phase: str
    opened: str | None
    players: tuple[str, ...]


def yet_to_order(ordering: Iterable[str], messages: Sequence[MessageRecord], opened: str | None) -> tuple[str, ...]:
    """Of the players who may send orders now (`ordering`), those who sent none since the phase opened."""
    sent = {m.player for m in messages if m.is_order and (opened is None or m.created >= opened)}
    return tuple(player for player in ordering if player not in sent)


def waiting(path: Location) -> Waiting:
    """Who a session waits for orders from, as it stands."""
    reader = open_reader(path)
    try:
        known = recorded_at(reader).knowledge
        scenario = known.ctx.scenario
        plugin, board = rulesets.get(scenario.ruleset), scenario.board
        words = Strings("en", scenario.ruleset)
        views = [known.view(player.id) for player in scenario.players]
        turn, phase = views[0].turn, views[0].phase
        acting = plugin.phase_sides.get(phase)  # the side whose phase it is, where the rules give it one
        ordering = [view.player for view in views
                    if (acting is None or view.side == acting) and plugin.order_forms(view, board, words)]
        opened = reader.opened(turn, phase)
        return Waiting(turn, phase, opened, yet_to_order(ordering, reader.messages(), opened))
    finally:
        reader.close()
