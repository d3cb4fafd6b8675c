"""What the review adds to N30's log: each confrontation's odds, unit by unit, before the dice fell."""

from __future__ import annotations

from referee.core.events import Event
from referee.rulesets.n30.rules.odds import unit_odds


def odds_before(event: Event) -> tuple[str, ...]:
    """N30 4: each unit's chances before the dice, from what the confrontation recorded."""
    if event.kind != "confrontation":
        return ()
    lines = []
    for unit in event.data["units"]:
        odds = unit_odds(unit["facing"], unit["type"], event.data["gas"], unit["refusal_roll"] is not None)
        parts = [f"{name} {share}" for name, share in (("unaffected", odds.unaffected), ("retreat", odds.retreat),
                 ("destroyed", odds.destroyed), ("stays", odds.stays), ("radicalized", odds.radicalized)) if share]
        lines.append(f"{unit['id']} facing {unit['facing']}: " + ", ".join(parts))
    return tuple(lines)
