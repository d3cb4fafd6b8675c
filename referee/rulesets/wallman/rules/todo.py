"""The turn's checklist (RL State Chart, Crowds, Player Actions, Sequence of Action 2 and 5): the crowds the turn's
doings call on to roll the RL chart, in the crowds' movement the crowds that have not moved yet, and in the players'
actions the officers who have not taken theirs."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.rules.todo import Item
from referee.rulesets.wallman.rules.actions import PLAYER_ACTIONS
from referee.rulesets.wallman.rules.crowds import CHART
from referee.rulesets.wallman.rules.moves import CROWDS
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.rolls import owed

MOVING = "crowds"  # Sequence of Action 2: "Movement (by the umpire) of all non-player and crowd figures"
ACTIONS = "actions"  # Sequence of Action 5: "Players may take an action"
OFFICER = "officer"


def todo(ctx: Context, state: GameState) -> tuple[Item, ...]:
    """What the rules leave to do: the RL rolls the crowds still on the table owe (`rolls.owed`), required; in
    the crowds' movement, each crowd on the table not moved this turn (it drifts, or the umpire moves it),
    required; in the players' actions, each officer's one action not taken yet, his choice."""
    if state.over:
        return ()
    crowds = [state.units[uid] for uid in owed(state) if uid in state.units]
    items = [Item("roll RL", CHART, node=crowd.node, key="r", subject=crowd.id)
             for crowd in crowds if crowd.side == CROWD and crowd.status == ACTIVE]
    if state.phase == MOVING:
        items += [Item("drift", CROWDS, node=unit.node, key="d", subject=unit.id) for unit in state.units.values()
                  if unit.side == CROWD and unit.status == ACTIVE and unit.id not in state.local["moved"]]
    if state.phase == ACTIONS:
        items += [Item("action not taken", PLAYER_ACTIONS, required=False, node=unit.node, key="O", subject=unit.id)
                  for unit in state.units.values() if unit.side == SECURITY and unit.type == OFFICER
                  and unit.status == ACTIVE and unit.id not in state.local["acted"]]
    return tuple(items)
