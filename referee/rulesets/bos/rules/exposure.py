"""The Exposure Index: the combat lines of the EI Adjustment Chart, and 2.3 (no index below zero)."""

from __future__ import annotations

from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER

GROUP_REMOVED = 2  # +2 Authority or -2 Protester (the Authority player's choice) per Group permanently removed
CROWD_REMOVED = -1  # -1 Authority (and -1d6 Protester) per Crowd permanently removed
MUNITIONS = -1  # Authority, per unit attacking with Special Munitions
AUTHORITY_REMOVED = 1  # Protester, per Authority unit temporarily removed by a combat result


def settle(before: dict[str, int], change: dict[str, int]) -> dict[str, int]:
    """The indices after a combat's net changes, applied at once (2.3): an index stops at zero and the
    points beyond zero are added to the other side's index."""
    raw = {side: before[side] + change[side] for side in (AUTHORITY, PROTESTER)}
    beyond = {side: max(0, -points) for side, points in raw.items()}
    return {AUTHORITY: max(0, raw[AUTHORITY]) + beyond[PROTESTER], PROTESTER: max(0, raw[PROTESTER]) + beyond[AUTHORITY]}
