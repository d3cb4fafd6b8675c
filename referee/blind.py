"""Orders carried out together: every waiting order laid out in the order the turn takes them, each at the phase it
was written for (under blind orders a side's next phase of them, `RulesetPlugin.ordering_phase`; else the phase
the game is in), with the ends of the phases between, so that one transaction carries out a whole blind turn's
movement and no page sees a side's orders before the other's are in."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.engine import Context
from referee.rulesets.plugin import RulesetPlugin
from referee.store.reading import MessageRecord

END = "end"
"""Among the orders carried out together, the end of the phase between them (`{"do": "end-phase"}`)."""


def laid_out(plugin: RulesetPlugin, ctx: Context, phase: str, waiting: Sequence[MessageRecord]) -> list[int | str]:
    """The waiting orders' numbers in the order the turn carries them out from `phase`: by the phase each was
    written for, the oldest first within a phase, and END before each later phase."""
    start = plugin.phases.index(phase) if phase in plugin.phases else 0

    def at(order: MessageRecord) -> int:
        written_for = plugin.ordering_phase(ctx.scenario.player(order.player).side, phase, ctx.options)
        return plugin.phases.index(written_for) if written_for in plugin.phases else start

    items: list[int | str] = []
    now = start
    for order in sorted(waiting, key=lambda order: (at(order), order.id)):
        items += [END] * (at(order) - now)
        now = max(now, at(order))
        items.append(order.id)
    return items
