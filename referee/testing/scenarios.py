"""A ruleset's scenarios as the kit finds them, and the check that each loads and its rules open a game of it."""

from __future__ import annotations

from pathlib import Path

from referee import rulesets
from referee.errors import RefereeError
from referee.game import Game
from referee.scenario.catalog import Scenario, load_file, scenario_files
from referee.testing.faults import Faults, said

SEED = 10**12
"""The seed of the games the check opens."""


def files(name: str) -> dict[str, Path]:
    """The scenario files of the ruleset `name`, by scenario id."""
    return {sid: path for sid, path in scenario_files().items() if sid.partition("/")[0] == name}


def scenarios(name: str) -> list[Scenario]:
    """Every scenario of the ruleset `name`, loaded (a RefereeError at the first that does not load)."""
    return [load_file(path, name) for path in files(name).values()]


def option_sets(scenario: Scenario) -> list[dict[str, str]]:
    """The options a game is opened under: the defaults, then each choice of each option with the rest at theirs."""
    return [{}] + [{option.name: choice} for option in scenario.options.values() for choice in option.choices
                   if choice != option.default]


def scenarios_load(name: str) -> None:
    """Every scenario of the installed ruleset `name` loads from its files, and its rules open a game of it under its
    default options and under each choice of each option."""
    faults = Faults(name, "its scenarios")
    plugin = rulesets.get(name)
    if plugin.scenarios is not None and not plugin.scenarios.is_dir():
        faults.add(f"its scenarios folder {plugin.scenarios} is not a folder")
    found = files(name)
    if plugin.rules is not None and not found:
        faults.add("it has rules but no scenario to play them on")
    for sid, path in found.items():
        try:
            scenario = load_file(path, name)
        except RefereeError as error:
            faults.add(str(error))
            continue
        for options in option_sets(scenario):
            try:
                Game.new(scenario, options, SEED)
            except Exception as error:  # a scenario the rules refuse, or rules that break on it
                faults.add(f"{sid}{''.join(f', {k}={v}' for k, v in options.items())}: no game opens: {said(error)}")
    faults.raise_any()
