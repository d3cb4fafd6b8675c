"""Line charts for the review, placed for inline SVG: the score over the turns, and crowds' Response Levels.

Every word on a chart is placed so that none is written over another: the turns' names along the x axis are
thinned to every k-th turn where they would touch, and the names at the lines' right ends, with the target's,
are stacked one under the other where they would meet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

WIDTH, HEIGHT = 720, 276
LEFT, RIGHT, TOP, BOTTOM = 48, 104, 16, 52
FONT = 11  # the size of a chart's words, in SVG units
CHAR = 0.62 * FONT  # the width a character may take (Helvetica's capitals and digits are about 0.6 of the size)
LINE = 12  # from one line of a label to the next
BELOW = 22  # from the x axis to the baseline of a turn's name: clear of a mark (r 9) on the axis
GAP = 8  # the least room between two labels side by side
PAD = 12  # from the y axis to the first turn: a mark (r 9) there clear of the axis's numbers


@dataclass(frozen=True, slots=True)
class Line:
    """One series: its name (the game's, such as a side) and its points in SVG units."""

    name: str
    points: str  # "x,y x,y ..." for a polyline


@dataclass(frozen=True, slots=True)
class Label:
    """A word written on a chart at (x, y): its baseline's start (`anchor` "start"), middle or end."""

    text: str
    x: float
    y: float
    anchor: str = "start"


@dataclass(frozen=True, slots=True)
class Mark:
    """A numbered point on a chart (a turn where the score moved most)."""

    number: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    x_ticks: tuple[tuple[float, tuple[str, ...]], ...]  # (x, the turn's name in lines)
    y_ticks: tuple[tuple[float, str], ...]
    level: float | None  # the height of a horizontal line (the target)
    names: tuple[Label, ...]  # the lines' names and the target's, right of the plot
    marks: tuple[Mark, ...]
    x0: float
    x1: float
    y0: float
    below: float = BELOW  # from the x axis to the first line of a turn's name


class _Scale:
    def __init__(self, turns: int, top: float, bottom: float = 0):
        self.turns, self.top, self.bottom = max(turns, 1), top, bottom

    def x(self, turn: float) -> float:
        return round(LEFT + PAD + (turn - 1) * (WIDTH - LEFT - PAD - RIGHT) / max(self.turns - 1, 1), 1)

    def y(self, value: float) -> float:
        span = (self.top - self.bottom) or 1
        return round(HEIGHT - BOTTOM - (value - self.bottom) * (HEIGHT - TOP - BOTTOM) / span, 1)


def nice_ticks(low: float, high: float, wanted: int = 5) -> list[int]:
    step = max(1, round((high - low) / wanted))
    for nice in (1, 2, 5, 10, 20, 25, 50, 100):
        if nice >= step:
            step = nice
            break
    first = -(-int(low) // step) * step  # the first multiple of the step on the scale
    return list(range(first, int(high) + 1, step))


def text_width(text: str) -> float:
    """The most room a label's longest line takes, in SVG units."""
    return max(map(len, text.split("\n"))) * CHAR


def turn_ticks(scale: _Scale, name: Callable[[int], str]) -> tuple[tuple[float, tuple[str, ...]], ...]:
    """Each turn's name under the axis, in lines (split after its commas: "Morning," "30 November"), on every
    k-th turn from the first, k the least that keeps each name clear of the next."""
    names = {turn: tuple(part.strip() for part in name(turn).replace(", ", ",\n").split("\n"))
             for turn in range(1, scale.turns + 1)}
    widest = max(text_width("\n".join(lines)) for lines in names.values())
    spacing = (WIDTH - LEFT - PAD - RIGHT) / max(scale.turns - 1, 1)
    step = max(1, math.ceil((widest + GAP) / spacing))
    return tuple((scale.x(turn), names[turn]) for turn in range(1, scale.turns + 1, step))


def _stacked(wanted: list[tuple[float, str]], x: float, low: float) -> tuple[Label, ...]:
    """Labels at the heights they want, moved down one under the other where they would meet, and the whole
    stack up again where it would pass below `low`."""
    placed: list[float] = []
    for y, _ in sorted(wanted):
        placed.append(y if not placed else max(y, placed[-1] + LINE))
    overflow = max(0.0, (placed[-1] - low) if placed else 0.0)
    texts = [text for _, text in sorted(wanted)]
    return tuple(Label(text, x, round(y - overflow, 1)) for y, text in zip(placed, texts, strict=True))


def _points(scale: _Scale, series: list[tuple[int, int]]) -> list[tuple[float, float]]:
    return [(scale.x(turn), scale.y(value)) for turn, value in series]


def score_chart(scores: dict[int, int], turns: int, target: int | None, marked: list[int],
                indices: dict[str, dict[int, int]] | None = None, *, turn_name: Callable[[int], str] = str,
                words: Mapping[str, str] | None = None) -> Chart:
    """The score at the end of each turn, the target, and numbered marks on the `marked` turns; where a game
    keeps several indices (`indices`, by side), each of them too, named, and the score called the lead.
    `turn_name` names a turn on the axis; `words` prints a line's name ("lead", a side) and "target {n}"."""
    say = dict(words or {})
    series = sorted(scores.items())
    values = [value for _, value in series] + [value for index in (indices or {}).values() for value in index.values()]
    top, bottom = max([*values, target or 0, 1]), min([*values, 0])
    scale = _Scale(turns, top + (top - bottom) * 0.05, bottom)
    marks = tuple(Mark(i + 1, scale.x(turn), scale.y(scores[turn])) for i, turn in enumerate(marked))
    level = scale.y(target or 0) if target or (indices and bottom < 0) else None
    lines = [("lead" if indices else "score", series)] if series else []
    lines += [(side, sorted(index.items())) for side, index in (indices or {}).items() if index]
    drawn = [(name, _points(scale, points)) for name, points in lines]
    wanted = [(points[-1][1] + 4, say.get(name, name)) for name, points in drawn] if indices else []
    if level is not None:
        wanted.append((level + 4, say.get("target", "target {target}").format(target=target or 0)))
    return Chart(WIDTH, HEIGHT, tuple(Line(name, _polyline(points)) for name, points in drawn),
                 turn_ticks(scale, turn_name), tuple((scale.y(v), str(v)) for v in nice_ticks(bottom, top)),
                 level, _stacked(wanted, WIDTH - RIGHT + 14, HEIGHT - BOTTOM), marks,
                 LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM)


def _polyline(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def levels_chart(levels: dict[str, list[tuple[int, int]]], turns: int, highest: int, *,
                 turn_name: Callable[[int], str] = str) -> Chart:
    """Each crowd's Response Level, held from one change to the next, over the turns played."""
    scale = _Scale(turns, highest, 1)
    drawn = []
    for name, changes in levels.items():
        steps: list[tuple[int, int]] = []
        for i, (turn, value) in enumerate(changes):
            if steps:
                steps.append((turn, steps[-1][1]))
            steps.append((turn, value))
            if i == len(changes) - 1:
                steps.append((turns, value))
        drawn.append((name, _points(scale, steps)))
    return Chart(WIDTH, HEIGHT, tuple(Line(name, _polyline(points)) for name, points in drawn),
                 turn_ticks(scale, turn_name), tuple((scale.y(v), str(v)) for v in range(1, highest + 1)), None,
                 _stacked([(points[-1][1] + 4, name) for name, points in drawn], WIDTH - RIGHT + 14, HEIGHT - BOTTOM),
                 (), LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM)
