"""`referee view PATH --player ID [--json]`: what one player knows, and nothing else."""

from __future__ import annotations

import json

from referee.knowledge.build import player_view
from referee.knowledge.export import view_json, view_text
from referee.store.location import Location


def view(path: Location, player: str, as_json: bool) -> int:
    """Print a player's view of a session; an unknown player is a RefereeError naming the known ones."""
    seen = player_view(path, player)
    if as_json:
        print(json.dumps(view_json(seen)))
    else:
        from referee.briefing.i18n import Strings

        print(view_text(seen, Strings("en", seen.scenario.partition("/")[0])))
    return 0
