"""Reading a command's names: units, crowds, buildings and places, each checked, with a clear error."""

from __future__ import annotations

from difflib import get_close_matches

from referee.bounds import shown
from referee.core.engine import Context
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY


def unit(state: GameState, command: dict, key: str, side: str, section: str) -> Unit:
    """The active unit a command names under `key`, of `side` (a crowd for CROWD)."""
    name = command.get(key)
    if not isinstance(name, str) or name not in state.units:
        what = "crowd" if side == CROWD else "unit"
        raise RefereeError(f'"{key}" must name a {what} of the scenario, got {name!r}')
    found = state.units[name]
    if found.side != side:
        raise Refusal(section, f"{name} is {'a crowd' if found.side == CROWD else 'not a crowd'}")
    if found.status != ACTIVE or found.node is None:
        raise Refusal(section, f"{name} is not on the table ({found.status})")
    return found


def officer(state: GameState, command: dict, key: str, section: str) -> Unit:
    """A player's personal figure."""
    found = unit(state, command, key, SECURITY, section)
    if found.type != "officer":
        raise Refusal(section, f"{found.id} is not a player's personal figure")
    return found


def building(ctx: Context, command: dict, key: str = "building") -> str:
    """The building `key` names; else a RefereeError with the nearest name ("Church": St Mary's Church), or them all."""
    name, known = command.get(key), list(ctx.scenario.board.buildings)
    if not isinstance(name, str) or name not in known:
        lowered = {b.casefold(): b for b in known}
        near = [lowered[n] for n in get_close_matches(str(name).casefold(), lowered, n=1, cutoff=0.6)] or [
            b for b in known if isinstance(name, str) and name.strip() and name.casefold() in b.casefold()][:1]
        raise RefereeError(f'"{key}" must name a building of the map, got {shown(name)} '
                           + (f"(did you mean {near[0]}?)" if near else f'(known: {", ".join(known)})'))
    return name


def place(ctx: Context, command: dict, key: str) -> str:
    name = command.get(key)
    if not isinstance(name, str) or name not in ctx.scenario.board.nodes:
        raise RefereeError(f'"{key}" must name a place of the map, got {shown(name)}')
    return name


def at_building(ctx: Context, who: Unit, name: str, section: str) -> None:
    """Refuse unless a unit stands where a building is."""
    where = ctx.scenario.board.buildings[name].node
    if who.node != where:
        raise Refusal(section, f"{who.id} is at {who.node}, not at {name} ({where})")
