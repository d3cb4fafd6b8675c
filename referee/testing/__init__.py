"""referee's conformance kit: what every ruleset must do for referee to umpire it, checked on an installed ruleset.

Each check is a plain function of the ruleset's name that raises `referee.testing.faults.Nonconformance`, listing
every fault it found, where the ruleset falls short; `CHECKS` names them, in order. `referee.testing.plugin` runs
them under pytest (docs/rulesets.md, "Checking a ruleset"). Nothing here is imported by referee itself, and pytest
only by the plugin.
"""

from __future__ import annotations

from referee.rulesets.plugin import load

CHECKS = {
    "declaration": "referee.testing.declaration:declaration_loads",
    "scenarios": "referee.testing.scenarios:scenarios_load",
    "replay": "referee.testing.log:games_replay",
    "json": "referee.testing.log:states_survive_json",
    "refusals": "referee.testing.refusals:refusals_change_nothing",
    "views": "referee.testing.leaks:views_hide_other_sides",
}
"""Each check by a short name: the function that makes it, by import path (imported when it is first run)."""


def check(which: str, ruleset: str) -> None:
    """Run the check `which` (a name of `CHECKS`) on the installed ruleset named `ruleset`."""
    load(CHECKS[which])(ruleset)
