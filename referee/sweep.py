"""`referee simulate --sweep`: the same games played under each setting of some options or tunables, side by side,
as a table for people, CSV or JSON."""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from referee.balance import shares
from referee.bounds import shown
from referee.errors import RefereeError
from referee.scenario.catalog import Scenario
from referee.scenario.tunables import parsed, unknown
from referee.simulate import simulate

#: the most settings a sweep may play (the product of every axis's values)
MAX_SETTINGS = 200


@dataclass(frozen=True, slots=True)
class Axis:
    """One swept name and the values it takes, and whether it is a session option or a tunable of the data."""

    name: str
    values: tuple[str, ...]
    option: bool


def axes(scenario: Scenario, given: list[str], fixed: dict[str, str]) -> list[Axis]:
    """The `--sweep NAME=a,b,c` arguments read against the scenario: each name an option or a tunable, each value
    one it may take (in the scenario's own words: `yes` is `on`, `01` is `1`), no name twice nor also `--set`
    (in `fixed`), no value twice."""
    found: list[Axis] = []
    for text in given:
        name, _, listed = text.partition("=")
        values = tuple(value.strip() for value in listed.split(",")) if listed else ()
        if not name or not values or not all(values):
            raise RefereeError(f"--sweep takes NAME=VALUE,VALUE,..., got {shown(text)}")
        if name in fixed:
            raise RefereeError(f"{name} is given both to --set and to --sweep: give it once")
        if any(axis.name == name for axis in found):
            raise RefereeError(f"{name} is swept twice: list all its values in one --sweep")
        values = tuple(normal(scenario, name, value) for value in values)
        if len(set(values)) < len(values):
            raise RefereeError(f"--sweep {name}: a value is listed twice ({', '.join(values)})")
        found.append(Axis(name, values, name in scenario.options))
    if settings(found) > MAX_SETTINGS:
        raise RefereeError(f"the sweep has {settings(found)} settings; at most {MAX_SETTINGS}")
    return found


def normal(scenario: Scenario, name: str, value: str) -> str:
    """A value of an option or a tunable as the scenario writes it; a bad one, or an unknown name, refused."""
    option = scenario.options.get(name)
    if option is not None:
        return scenario.option_values({name: value})[name]
    if name in scenario.tunables:
        return str(parsed(scenario.tunables[name], value))
    raise unknown(scenario, name)


def split(scenario: Scenario, given: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """`--set NAME=VALUE`s: the options, and the tunables (each checked)."""
    tuned = {name: normal(scenario, name, value) for name, value in given.items() if name in scenario.tunables}
    return {name: value for name, value in given.items() if name not in tuned}, tuned


def settings(found: list[Axis]) -> int:
    """How many settings a sweep plays."""
    count = 1
    for axis in found:
        count *= len(axis.values)
    return count


def sweep(scenario_id: str, found: list[Axis], games: int, seed: int, options: dict[str, str] | None = None, *,
          tuned: dict[str, str] | None = None, progress: Callable[[], None] | None = None, **run) -> dict:
    """Every setting of the swept names (`axes`) played with the same seeds: `{"scenario", "games", "seed",
    "sweep": {name: values}, "rows": [{"settings": {name: value}, ...simulate's summary}]}`. `run` goes on to
    `simulate` (`until_ci`, `workers`, `scheduler`, the kinds of player)."""
    options = dict(options or {})
    rows = []
    for values in itertools.product(*(axis.values for axis in found)):
        setting = dict(zip((axis.name for axis in found), values, strict=True))
        chosen = {**options, **{axis.name: setting[axis.name] for axis in found if axis.option}}
        tuning = {**(tuned or {}), **{axis.name: setting[axis.name] for axis in found if not axis.option}}
        result = simulate(scenario_id, games, seed, chosen, progress=progress, tuned=tuning, **run)
        rows.append({"settings": setting, **{k: v for k, v in result.items() if k not in ("scenario", "seed")}})
    return {"scenario": scenario_id, "games": games, "seed": seed,
            "sweep": {axis.name: list(axis.values) for axis in found}, "rows": rows}


def as_sweep(result: dict) -> dict:
    """One `simulate` summary as a sweep of nothing: one row, no setting (to print it as a table or CSV)."""
    row = {k: v for k, v in result.items() if k not in ("scenario", "seed")}
    return {"scenario": result["scenario"], "games": result["games"], "seed": result["seed"], "sweep": {},
            "rows": [{"settings": {}, **row}]}


def columns(result: dict, every: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> tuple[
        list[str], list[str], list[str]]:
    """A sweep's swept names, the results (sides, and "draw" where a game was drawn) and the levels of victory
    reached in any row (in alphabetical order, the same whatever the games); `every` adds the results and levels
    a game may end with (`referee.simulate.results`), so that every run of a scenario has the same ones."""
    names = list(result["sweep"])
    sides, levels = list(every[0]), list(every[1])
    for row in result["rows"]:
        sides += [side for side in row["win_rate"] if side not in sides]
        levels += [level for level in row.get("levels", {}) if level not in levels]
    return names, sides, sorted(levels)


def to_csv(result: dict, every: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> str:
    """A sweep as CSV: a header, then a line per setting; `every` as for `columns`."""
    names, sides, levels = columns(result, every)
    quartiles = ("min", "q1", "median", "q3", "max")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*names, "games", *(f"{side}_{what}" for side in sides for what in ("wins", "rate", "low", "high")),
                     "mean_final_score", *(f"score_{q}" for q in quartiles), *(f"level_rate:{level}" for level in levels)])
    for row in result["rows"]:
        rates = shares(dict.fromkeys(sides, 0), row["games"]) | row["win_rate"]  # a result no game gave: 0 of n, and
        # its interval, which is not 0 to 0
        writer.writerow([
            *(row["settings"][name] for name in names), row["games"],
            *(value for side in sides for value in (
                row["wins"].get(side, 0), *(rates[side][k] for k in ("rate", "low", "high")))),
            row["mean_final_score"], *(row["score_quartiles"][q] for q in quartiles),
            *(row.get("levels", {}).get(level, {}).get("rate", 0) for level in levels),
        ])
    return out.getvalue()


def to_table(result: dict, score_name: str = "score") -> str:
    """A sweep as a table for people: a line per setting, each result's share with its 95% interval, and the
    final scores' (`score_name`) median and middle half."""
    names, sides, _ = columns(result)
    header = [*names, "games", *("draws" if side == "draw" else f"{side} wins" for side in sides), f"mean {score_name}",
              "median [q1, q3]"]
    lines = [header]
    for row in result["rows"]:
        rates = row["win_rate"]
        q = row["score_quartiles"]
        lines.append([
            *(row["settings"][name] for name in names), str(row["games"]),
            *(_share(rates.get(side)) for side in sides),
            f"{row['mean_final_score']:g}", f"{q['median']:g} [{q['q1']:g}, {q['q3']:g}]",
        ])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = ["  ".join(cell.ljust(width) if i < len(names) else cell.rjust(width)
                      for i, (cell, width) in enumerate(zip(line, widths, strict=True))).rstrip() for line in lines]
    text.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(text) + "\n"


def _share(rate: dict | None) -> str:
    if rate is None:
        return "0%"
    return f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}-{100 * rate['high']:.1f}]"
