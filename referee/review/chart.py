"""Line charts for the review, placed for inline SVG: the score over the turns, and crowds' Response Levels."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 720, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 36


@dataclass(frozen=True, slots=True)
class Line:
    """One series: its name and its points in SVG units."""

    name: str
    points: str  # "x,y x,y ..." for a polyline
    end: tuple[float, float]  # where its name is written (moved apart from other names at the same height)


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
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    level: tuple[float, str] | None  # a horizontal line (the target), with its label
    marks: tuple[Mark, ...]
    x0: float
    x1: float
    y0: float


class _Scale:
    def __init__(self, turns: int, top: float, bottom: float = 0):
        self.turns, self.top, self.bottom = max(turns, 1), top, bottom

    def x(self, turn: float) -> float:
        return round(LEFT + (turn - 1) * (WIDTH - LEFT - RIGHT) / max(self.turns - 1, 1), 1)

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


def _line(scale: _Scale, name: str, series: list[tuple[int, int]]) -> Line:
    points = [(scale.x(turn), scale.y(value)) for turn, value in series]
    return Line(name, " ".join(f"{x},{y}" for x, y in points), points[-1])


def _spread(lines: list[Line], gap: float = 12) -> tuple[Line, ...]:
    """Names that would be written over each other are moved down, one under the other."""
    placed, last = [], None
    for line in sorted(lines, key=lambda line: line.end[1]):
        y = line.end[1] if last is None else max(line.end[1], last + gap)
        placed.append(Line(line.name, line.points, (line.end[0], y)))
        last = y
    return tuple(placed)


def score_chart(scores: dict[int, int], turns: int, target: int | None, marked: list[int],
                indices: dict[str, dict[int, int]] | None = None) -> Chart:
    """The score at the end of each turn, the target, and numbered marks on the `marked` turns; where a game
    keeps several indices (`indices`, by side), each of them too, named, and the score called the lead."""
    series = sorted(scores.items())
    values = [value for _, value in series] + [value for index in (indices or {}).values() for value in index.values()]
    top, bottom = max([*values, target or 0, 1]), min([*values, 0])
    scale = _Scale(turns, top + (top - bottom) * 0.05, bottom)
    marks = tuple(Mark(i + 1, scale.x(turn), scale.y(scores[turn])) for i, turn in enumerate(marked))
    level = (scale.y(target or 0), f"target {target or 0}") if target or (indices and bottom < 0) else None
    lines = [_line(scale, "lead" if indices else "score", series)] if series else []
    lines += [_line(scale, side, sorted(index.items())) for side, index in (indices or {}).items() if index]
    return Chart(WIDTH, HEIGHT, _spread(lines) if indices else tuple(lines),
                 tuple((scale.x(t), str(t)) for t in nice_ticks(1, turns, 12)),
                 tuple((scale.y(v), str(v)) for v in nice_ticks(bottom, top)), level, marks,
                 LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM)


def levels_chart(levels: dict[str, list[tuple[int, int]]], turns: int, highest: int) -> Chart:
    """Each crowd's Response Level, held from one change to the next, over the turns played."""
    scale = _Scale(turns, highest, 1)
    lines = []
    for name, changes in levels.items():
        steps: list[tuple[int, int]] = []
        for i, (turn, value) in enumerate(changes):
            if steps:
                steps.append((turn, steps[-1][1]))
            steps.append((turn, value))
            if i == len(changes) - 1:
                steps.append((turns, value))
        lines.append(_line(scale, name, steps))
    return Chart(WIDTH, HEIGHT, _spread(lines), tuple((scale.x(t), str(t)) for t in nice_ticks(1, turns, 12)),
                 tuple((scale.y(v), str(v)) for v in range(1, highest + 1)), None, (),
                 LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM)
