"""The registry of rulesets: every installed package's entry points in the group `referee.rulesets`.

An entry point names a ruleset's declaration (a `RulesetPlugin`), such as
`n30 = "referee.rulesets.n30.plugin:PLUGIN"` in `pyproject.toml`. A declaration is loaded when its
ruleset is first asked for, and its parts only when used (see `plugin.py`). Nothing else in referee
decides anything on a ruleset's name.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from typing import TYPE_CHECKING

from referee.errors import RefereeError
from referee.rulesets.plugin import RulesetPlugin, load

if TYPE_CHECKING:
    from pathlib import Path

    from referee.core.engine import Ruleset

GROUP = "referee.rulesets"


def _installed_key() -> list[list[object]]:
    """What the installed packages are read from: each `sys.path` entry with its modification time, which
    changes whenever a package is installed there or removed (its `.dist-info` folder comes or goes)."""
    key: list[list[object]] = []
    for entry in sys.path:
        try:
            key.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            key.append([entry, None])
    return key


def _cache_file() -> Path:
    from platformdirs import user_cache_path

    return user_cache_path("referee") / "rulesets.json"


def _scan() -> dict[str, str]:
    """The entry points of the group, read through importlib.metadata: name -> "module:attribute"."""
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for point in entry_points(group=GROUP):
        if point.name in found and found[point.name] != point.value:
            raise RefereeError(f"two installed packages declare the ruleset {point.name!r}: "
                               f"{found[point.name]} and {point.value}")
        found[point.name] = point.value
    return found


@functools.cache
def _entry_points() -> dict[str, str]:
    """The group's entry points, from a cache file while the installed packages are as they were when it was
    written (importing importlib.metadata and reading every distribution costs `referee resolve` a third of
    its start); else read afresh and the cache rewritten. A cache that cannot be read or written is ignored."""
    key = _installed_key()
    cache = _cache_file()
    try:
        cached = json.loads(cache.read_text(encoding="utf-8"))
        if cached["key"] == key and isinstance(cached["points"], dict):
            return {str(name): str(value) for name, value in cached["points"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        pass
    found = _scan()
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        fresh = cache.with_name(f"{cache.name}.{os.getpid()}")
        fresh.write_text(json.dumps({"key": key, "points": found}), encoding="utf-8")
        os.replace(fresh, cache)
    except OSError:
        pass
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
        plugin = load(point)
    except Exception as error:  # a broken package: say which, without a traceback
        raise RefereeError(f"the ruleset {name!r} ({point}) cannot be loaded: {type(error).__name__}: {error}") from None
    if not isinstance(plugin, RulesetPlugin) or plugin.id != name:
        raise RefereeError(f"the entry point {name!r} ({point}) is not the RulesetPlugin of a ruleset {name!r}")
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
