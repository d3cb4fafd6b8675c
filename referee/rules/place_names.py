"""A line for the umpire in the places' printed names: "Combat at Convention Centre", not "convention-centre".

The events keep the ids (the log is data); a line made of them names each place as the sheets do, in English
(`Scenario.place_names`). Only whole ids are replaced: never part of another word or id.
"""

from __future__ import annotations

import functools
import re

from referee.core.engine import Context


@functools.cache
def _pattern(ids: tuple[str, ...]) -> re.Pattern:
    """Any of the ids as a whole word, the longest first (so that "grant-park" never eats "grant-park-east")."""
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)) + r")(?![\w-])")


def in_place_names(line: str, ctx: Context | None) -> str:
    """`line` with every place's id given by its printed name, where the scenario (`ctx`) gives one."""
    names = ctx.scenario.place_names if ctx else {}
    return _pattern(tuple(names)).sub(lambda found: names[found.group(1)], line) if names else line
