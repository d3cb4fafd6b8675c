"""Wallman's reference card: what the Security Forces' rules give a player, the sequence of action and an officer's
one action a turn (Player Actions), the phase now marked. Nothing of the Game Control rules (the crowds' Response
Levels and their chart, looting, over-reaction) is on it: the players do not see those during the game.
"""

from __future__ import annotations

from referee.knowledge.card import Card, Table, Words, row_cells
from referee.knowledge.view import PlayerView
from referee.rulesets.wallman.rules.actions import PLAYER_ACTIONS
from referee.rulesets.wallman.rules.moves import RUN
from referee.rulesets.wallman.rules.phases import PHASES, SECTION

ACTIONS = ("talk", "shout", "personal", "run", "negotiate")  # the text's list, in its order


def card(view: PlayerView, t: Words) -> Card:
    """The card of a Security Forces player."""
    return Card(t("card.title", side=t.word("side", view.side)), (sequence(view, t), actions(t)))


def sequence(view: PlayerView, t: Words) -> Table:
    """The sequence of action, a guide the umpire may alter; the phase now marked."""
    rows = tuple((str(n), t.word("phase", phase), t(f"card.wallman.step.{phase}")) for n, phase in enumerate(PHASES, 1))
    now = PHASES.index(view.phase) if view.phase in PHASES else None
    return Table(t("card.wallman.sequence"), SECTION, (t("card.step"), t("card.phase"), t("card.what")), rows,
                 row_cells(now, range(3)) if now is not None else frozenset(), (t("card.wallman.guide"),))


def actions(t: Words) -> Table:
    """An officer's actions: one of them a turn."""
    rows = tuple((t(f"card.wallman.action.{action}"), t(f"card.wallman.does.{action}", run=RUN)) for action in ACTIONS)
    return Table(t("card.wallman.actions"), PLAYER_ACTIONS, (t("card.wallman.action"), t("card.what")), rows,
                 notes=(t("card.wallman.one"),))
