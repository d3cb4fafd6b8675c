"""A sweep's chart (`referee simulate --sweep ... --chart FILE.html`): for each result, its share under each setting
with the 95% interval, and the final scores' spread, drawn as inline SVG on one HTML page."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup, escape

from referee.balance import overlap
from referee.errors import RefereeError
from referee.review.chart import nice_ticks
from referee.scenario.catalog import Scenario
from referee.sweep import columns

WIDTH, LABEL, RIGHT, ROW, TOP, BOTTOM = 720, 200, 64, 22, 22, 30


@dataclass(frozen=True, slots=True)
class Bar:
    """One setting's row: its label, its height, and the x of the marks drawn on it (low, middle, high; and for
    scores the box's ends)."""

    label: str
    y: float
    low: float
    middle: float
    high: float
    text: str
    box: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Panel:
    """One chart: a title, its rows, its scale's ticks, and where the scale runs."""

    title: str
    names: str  # the swept names, heading the rows' labels
    height: int
    bars: tuple[Bar, ...]
    ticks: tuple[tuple[float, str], ...]
    x0: float
    x1: float
    axis_y: float
    reference: float | None  # an x to mark (an even chance, 50%; a score of 0)


def _x(value: float, low: float, high: float) -> float:
    return round(LABEL + (value - low) * (WIDTH - LABEL - RIGHT) / ((high - low) or 1), 1)


def _label(settings: dict[str, str]) -> str:
    """A row's label: its values in the order of the swept names, which head the column."""
    return ", ".join(settings.values()) or "as the scenario stands"


def _names(result: dict) -> str:
    return ", ".join(result["sweep"])


def _height(rows: int) -> tuple[int, float]:
    axis = TOP + rows * ROW + 4
    return int(axis + BOTTOM), axis


def share_panel(result: dict, key: str, rates: str = "win_rate") -> Panel:
    """How often a result came under each setting, with its interval: a side's wins or the draws (`win_rate`),
    or a level of victory (`levels`)."""
    height, axis = _height(len(result["rows"]))
    bars = []
    for i, row in enumerate(result["rows"]):
        rate = row.get(rates, {}).get(key, {"rate": 0.0, "low": 0.0, "high": 0.0})
        bars.append(Bar(_label(row["settings"]), TOP + (i + 0.5) * ROW, _x(rate["low"], 0, 1), _x(rate["rate"], 0, 1),
                        _x(rate["high"], 0, 1), f"{100 * rate['rate']:.1f}%"))
    ticks = tuple((_x(p / 100, 0, 1), f"{p}%") for p in range(0, 101, 25))
    title = "Games drawn" if key == "draw" else f"Games won by the {key}" if rates == "win_rate" else f"Games ended: {key}"
    return Panel(title, _names(result), height, tuple(bars), ticks, _x(0, 0, 1), _x(1, 0, 1), axis, _x(0.5, 0, 1))


def score_panel(result: dict, score_name: str) -> Panel:
    """The final scores under each setting: lowest to highest, the middle half as a box, the median marked."""
    height, axis = _height(len(result["rows"]))
    low = min(row["score_quartiles"]["min"] for row in result["rows"])
    high = max(row["score_quartiles"]["max"] for row in result["rows"])
    bars = []
    for i, row in enumerate(result["rows"]):
        q = row["score_quartiles"]
        bars.append(Bar(_label(row["settings"]), TOP + (i + 0.5) * ROW, _x(q["min"], low, high),
                        _x(q["median"], low, high), _x(q["max"], low, high), f"{q['median']:g}",
                        (_x(q["q1"], low, high), _x(q["q3"], low, high))))
    ticks = tuple((_x(value, low, high), str(value)) for value in nice_ticks(low, high) if low <= value <= high)
    reference = _x(0, low, high) if low < 0 < high else None
    return Panel(f"Final {score_name}", _names(result), height, tuple(bars), ticks, _x(low, low, high),
                 _x(high, low, high), axis, reference)


def write_chart(result: dict, scenario: Scenario, score_name: str, out: Path) -> Path:
    """Write a sweep's chart page (in a folder that exists)."""
    from referee.briefing.environment import environment

    _, sides, levels = columns(result)
    panels = [share_panel(result, side) for side in sides]
    level_panels = [share_panel(result, level, "levels") for level in levels]
    swept = [(name, scenario.tunables[name].help if name in scenario.tunables else
              f"the option {name} ({scenario.options[name].section})") for name in result["sweep"]]
    page = environment().get_template("sweep.html.j2").render(
        result=result, title=scenario.title, sides=sides, swept=swept, panels=panels, level_panels=level_panels,
        score=score_panel(result, score_name), score_name=score_name, width=WIDTH, label_x=LABEL - 8,
        overlap=Markup(overlap("bars")),  # our own words, printed as the table's are (its apostrophe unescaped)
        headings=[Markup("_<wbr>").join(map(escape, name.split("_"))) for name in result["sweep"]])  # may break at _
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as error:
        raise RefereeError(f"cannot write {out}: {error.strerror}") from None
    return out
