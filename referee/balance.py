"""What a run of simulated games says, honestly: each result's share with its 95% confidence interval (Wilson's
score interval, sound at shares near 0 or 1 and with few games), and the final scores' spread."""

from __future__ import annotations

import math
import statistics

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def overlap(marks: str) -> str:
    """What a 95% interval tells, in words for a class, the `marks` that show it named ("bars" on a chart)."""
    return f"where two settings' {marks} do not overlap, the difference is more than chance"


def wilson(count: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of the share `count / games` (the whole of 0-1 before any game)."""
    if games == 0:
        return 0.0, 1.0
    share, z2 = count / games, Z95 * Z95
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    low, high = centre - half, centre + half  # exactly 0 and 1 at the ends, which rounding would miss
    return (0.0 if count == 0 else max(0.0, low)), (1.0 if count == games else min(1.0, high))


def shares(counts: dict[str, int], games: int) -> dict[str, dict[str, float]]:
    """Each result's share of the games with its 95% interval: {result: {"rate", "low", "high"}}, four decimals."""
    return {result: {"rate": round(count / games, 4), **dict(zip(("low", "high"), (round(x, 4) for x in wilson(count, games)),
                                                                  strict=True))}
            for result, count in counts.items()}


def spread(scores: list[int]) -> dict[str, float]:
    """The final scores' minimum, quartiles and maximum (the quartiles as the inclusive method reads them)."""
    q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else scores * 3
    return {"min": min(scores), "q1": q1, "median": median, "q3": q3, "max": max(scores)}


def margin(counts: dict[str, int], games: int) -> float:
    """How far the widest 95% interval of these results reaches from its share, at most (0 for no results)."""
    return max((max(share - low, high - share) for share, (low, high) in
                ((count / games, wilson(count, games)) for count in counts.values())), default=0.0)
