"""The registry of rulesets: every installed package's entry points in the group `referee.rulesets`.

An entry point names a ruleset's declaration (a `RulesetPlugin`), such as
`n30 = "referee.rulesets.n30.plugin:PLUGIN"` in `pyproject.toml`. A declaration is loaded when its
ruleset is first asked for, and its parts only when used (see `plugin.py`). Nothing else in referee
decides anything on a ruleset's name.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.rulesets.plugin import RulesetPlugin

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from referee.core.engine import Ruleset

GROUP = "referee.rulesets"


@functools.cache
def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        if point.name in found and found[point.name].value != point.value:
            raise RefereeError(f"two installed packages declare the ruleset {point.name!r}: "
                               f"{found[point.name].value} and {point.value}")
        found[point.name] = point
    return found


def names() -> tuple[str, ...]:
    """The installed rulesets' names, sorted (nothing of them is imported)."""
    return tuple(sorted(_entry_points()))


@functools.cache
def get(name: str) -> RulesetPlugin:
    """The declaration of the ruleset `name`; an unknown one is a RefereeError naming the known ones."""
    point = _entry_points().get(name)
    if point is None:
        raise RefereeError(f"unknown ruleset {name!r} (installed: {', '.join(names()) or 'none'})")
    try:
        plugin = point.load()
    except Exception as error:  # a broken package: say which, without a traceback
        raise RefereeError(f"the ruleset {name!r} ({point.value}) cannot be loaded: {type(error).__name__}: {error}") from None
    if not isinstance(plugin, RulesetPlugin) or plugin.id != name:
        raise RefereeError(f"the entry point {name!r} ({point.value}) is not the RulesetPlugin of a ruleset {name!r}")
    return plugin


def plugins() -> tuple[RulesetPlugin, ...]:
    """Every installed ruleset's declaration, by name."""
    return tuple(get(name) for name in names())


def rules(name: str) -> Ruleset:
    """The pure rules of the ruleset `name` (referee.core.engine.Ruleset)."""
    return get(name).ruleset()


def forget() -> None:
    """Read the installed rulesets again when next asked (after installing one into a running program)."""
    _entry_points.cache_clear()
    get.cache_clear()


def calculator(name: str) -> RulesetPlugin:
    """The ruleset that offers the calculator `name` to `referee resolve`; two offering it is an error."""
    offering = [plugin for plugin in plugins() if name in plugin.calculators]
    if len(offering) > 1:
        raise RefereeError(f"the calculator {name!r} is offered by two rulesets: {', '.join(p.id for p in offering)}")
    if not offering:
        raise KeyError(name)
    return offering[0]


def calculators() -> tuple[str, ...]:
    """Every calculator `referee resolve` offers, ruleset by ruleset."""
    return tuple(calculator for plugin in plugins() for calculator in plugin.calculators)
