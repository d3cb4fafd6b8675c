"""How large a value the games can mean: the limits every input is held to, and values shown short in messages.

Standard library only: the N30 calculator checks its input with these and must start fast.
"""

from __future__ import annotations

import re
import reprlib

NAME_CHARS = 64  # an id or a name: a unit, crowd, player, place, building, modifier
TEXT_CHARS = 2000  # free text: a report, the reason for a roll
ITEMS = 100  # entries in one list or object of an input: a path, the units of a confrontation, modifiers
FIGURES = 1000  # figures in a unit or a crowd (the text's crowds run to a few dozen)
SMALL = 999  # any other number: a die, an RL, a property's value, a share; the rules check the exact range
DICE = 1000  # dice typed in for one command or chart
SHOWN = 60  # characters of a value a message repeats
GAMES = 100_000  # the most games one run of `referee simulate` plays, `--until-ci` included

#: control characters (C0 with tab and newline, DEL, C1) and the Unicode line and paragraph separators
CONTROL = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
NO_CONTROL = f"^[^{CONTROL}]*$"
_CONTROL = re.compile(f"[{CONTROL}]")
NOT_PRINTABLE = "must not hold control characters (tab, newline and the like)"


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict = 2, 4, 4
_REPR.maxstring = _REPR.maxlong = _REPR.maxother = SHOWN


def cut(text: str) -> str:
    """A text as a message repeats it: control characters escaped, cut to SHOWN characters with an ellipsis."""
    body = repr(text[:SHOWN + 1])[1:-1]
    return body if len(body) <= SHOWN else body[:SHOWN - 1] + "…"


def shown(value: object) -> str:
    """A value as a message repeats it: a text in single quotes (see `cut`), anything else its repr, cut short."""
    if isinstance(value, str):
        return f"'{cut(value)}'"
    text = _REPR.repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def quoted(text: str) -> str:
    """A text in double quotes as a message repeats it (see `cut`)."""
    return f'"{cut(text)}"'


def name_problem(value: object) -> str | None:
    """What is wrong with `value` as an id or a name, or None."""
    if not isinstance(value, str):
        return "must be text"
    if not value:
        return "must not be empty"
    if len(value) > NAME_CHARS:
        return f"must be at most {NAME_CHARS} characters"
    if _CONTROL.search(value):
        return NOT_PRINTABLE
    return None
