"""The picket umpire's commands as schemas: the keys each verb reads, checked before any rule reads them.

`SHARED` gives the verbs every ruleset has (`end-phase`, `report`, `undo`, `redo`); `Command` allows
`dice` (dice typed in at the table); `Name` is an id or a name (at most 64 characters, no control characters).
"""

from __future__ import annotations

from typing import Any

from referee.rules.commands import SHARED, Checks, Command, Name


class Move(Command):
    """`{"do": "move", "unit", "to"}` (3)."""

    unit: Name
    to: Name


class Push(Command):
    """`{"do": "push", "node"}` (4)."""

    node: Name


SCHEMAS: dict[str, Any] = SHARED | {"move": Move, "push": Push}
CHECKS = Checks(SCHEMAS)
