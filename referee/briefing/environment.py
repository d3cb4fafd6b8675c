"""The one Jinja environment of the briefings: its loader, escaping and filters."""

from __future__ import annotations

import functools
import re
from datetime import datetime
from pathlib import Path

from jinja2 import (
    BytecodeCache,
    ChoiceLoader,
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    pass_eval_context,
    select_autoescape,
)
from markupsafe import Markup

from referee.briefing.partials import once
from referee.briefing.played import played, tuned
from referee.paths import data_dir
from referee.text import printable

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])|&(?=[#A-Za-z0-9])")
_LINE_BREAKS = re.compile(r"[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+")
_MD_LIST_MARK = re.compile(r"^(?:([-+])|(\d+)([.)]))")


def md_escape(value: object) -> str:
    """Text that Markdown renders literally: significant characters backslash-escaped, on one line."""
    text = _MD_SPECIAL.sub(lambda m: "\\" + m[0], _LINE_BREAKS.sub(" ", str(value)))
    return _MD_LIST_MARK.sub(lambda m: "\\" + m[1] if m[1] else m[2] + "\\" + m[3], text)


@pass_eval_context
def _finalize(eval_ctx, value: object) -> object:
    """Every `{{ }}` not marked safe shows its control characters (`printable`); without HTML autoescape
    (Markdown) it is Markdown-escaped first."""
    if isinstance(value, Markup):
        return value
    return printable(value if eval_ctx.autoescape else md_escape(value))


def _clip(text: str, size: int) -> str:
    """A name cut to `size` characters for the map, with an ellipsis if cut."""
    return text if len(text) <= size else text[: size - 1].rstrip() + "…"


def _groups(text: str, size: int = 8) -> str:
    """A long code (a hash) in groups of `size` characters, easier to read out and compare."""
    return " ".join(text[i:i + size] for i in range(0, len(text), size))


def _clock(stamp: str) -> str:
    """A stored moment (ISO 8601, as the store writes it) as this machine's clock shows it: "14:05"."""
    return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")


def _lines(text: str) -> Markup:
    """A player's text on its lines (a page keeps them with `white-space: pre-wrap`): each line made harmless,
    escaped and its control characters shown, before they are joined by line breaks."""
    return Markup("\n").join(Markup.escape(printable(line)) for line in text.split("\n"))


FILTERS = {"clip": _clip, "groups": _groups, "clock": _clock, "lines": _lines}
"""Every filter the templates may use, registered in `environment()` and nowhere else."""


GLOBALS = {"once": once, "played": played, "tuned": tuned}
"""Every function the templates may call, registered in `environment()` and nowhere else."""


def _compiled_cache() -> BytecodeCache | None:
    """Compiled templates kept in the user's temporary folder (checked against the source), so that a new
    process need not compile them again; none where that folder is unusable."""
    try:
        return FileSystemBytecodeCache()
    except (OSError, RuntimeError):
        return None


@functools.lru_cache(maxsize=8)
def environment(override: Path | None = None) -> Environment:
    """The Jinja environment: templates from `override` first (a user's own), then the bundled ones."""
    loaders = [FileSystemLoader(str(override))] if override is not None else []
    loaders.append(FileSystemLoader(str(data_dir("templates"))))
    env = Environment(
        loader=ChoiceLoader(loaders),
        undefined=StrictUndefined,
        autoescape=select_autoescape(enabled_extensions=("html.j2", "svg.j2")),
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_compiled_cache(),
    )
    env.filters.update(FILTERS)
    env.globals.update(GLOBALS)
    return env
