"""What a player was told: the public announcements and the umpire's reports, each from when it reached him."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Filed:
    """A report the umpire filed for one player, shown from `due` on."""

    player: str
    text: str
    reliability: str
    due: int


def told(announced: list[tuple[int, str]], reports: list[Filed], player: str, turn: int, label) -> tuple[str, ...]:
    """What one player was told, in order: the public announcements (turn, line), and his reports from the
    turn each reached him; `label` names a turn's time."""
    lines = [(when, 0, text) for when, text in announced] + [
        (r.due, 1, f"{label(r.due)}: report ({r.reliability}): {r.text}") for r in reports
        if r.player == player and r.due <= turn]
    return tuple(text for *_, text in sorted(lines, key=lambda line: line[:2]))
