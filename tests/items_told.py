"""How the log writes an itemization, worked out here from its description (docs/cli.md, `log`) rather than
from the code that writes it: " = " and each line of the chart with what it gave, the section once after the
lines it made in a row, runs apart by "; "."""

from __future__ import annotations

import itertools
from typing import Any


def told(items: list[dict[str, Any]]) -> str:
    """The itemization at the end of an event's line in the log."""
    def gave(entry: dict[str, Any]) -> str:
        value = entry["value"]
        return f"{entry['line']} {value:+d}" if isinstance(value, int) else f"{entry['line']} {value}"

    runs = [f"{'; '.join(gave(e) for e in run)} ({section})"
            for section, run in itertools.groupby(items, key=lambda entry: entry["section"])]
    return " = " + "; ".join(runs)
