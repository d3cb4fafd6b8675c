"""Names for the table: the umpire renames units and players (`rename`), every ruleset alike.

A table's name is not a move of the game: it rolls no die, no rule reads it, and it may be given after the
game has ended (for the debrief). The event `renamed` records the names as they stand after it, so that
folding it needs nothing but its data: `{"units": {id: name}, "players": {id: name}}`, where a name equal
to the text's own (an empty one given) takes the table's name back.
"""

from __future__ import annotations

from referee.bounds import quoted
from referee.core.dice import Dice
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError

RENAME, RENAMED = "rename", "renamed"
UNITS, PLAYERS = "units", "players"


def unit_name(state: GameState, unit: Unit) -> str:
    """The name the table calls a unit: the umpire's, else the rules' own."""
    return state.names.get(UNITS, {}).get(unit.id, unit.name)


def player_name(state: GameState, player: str) -> str:
    """The name the table calls a player: the umpire's, else his id in the scenario."""
    return state.names.get(PLAYERS, {}).get(player, player)


def _unknown(key: str, given: dict, known) -> None:
    """Refuse an id the scenario does not hold, naming the key (`units.U99`) and a few known ones."""
    for ident in given:
        if ident not in known:
            some = ", ".join(list(known)[:8]) + (", ..." if len(known) > 8 else "")
            raise RefereeError(f"rename: unknown {key[:-1]} {quoted(f'{key}.{ident}')} (known: {some})")


def rename(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "rename", "units": {id: name}, "players": {id: name}}` (its schema in referee.rules.commands: each
    name at most 64 characters, no control characters; "" gives the text's name back). Two units of one side
    called alike are refused, as is a rename that changes nothing."""
    units, players = command.get(UNITS, {}), command.get(PLAYERS, {})
    if not units and not players:
        raise RefereeError('rename: give "units" or "players", each an object of ids and names')
    _unknown(UNITS, units, state.units)
    _unknown(PLAYERS, players, [player.id for player in ctx.scenario.players])
    before = {UNITS: state.names.get(UNITS, {}), PLAYERS: state.names.get(PLAYERS, {})}
    table = {key: dict(names) for key, names in before.items()}
    for key, given, own in ((UNITS, units, lambda i: state.units[i].name), (PLAYERS, players, lambda i: i)):
        for ident, name in given.items():
            if name and not name.strip():
                raise RefereeError(f'rename: "{key}.{ident}" must not be only spaces ("" gives the text\'s name back)')
            if name and name != own(ident):
                table[key][ident] = name
            else:
                table[key].pop(ident, None)
    _alike(state, table[UNITS], units)
    if table == before:
        raise RefereeError("rename: the table already calls them so")
    emit(RENAMED, {key: names for key, names in table.items() if names})


def _alike(state: GameState, table: dict[str, str], given: dict) -> None:
    """Refuse two units of one side the table would call by one name (a renamed one among them)."""
    called: dict[tuple[str, str], str] = {}
    for unit in state.units.values():
        name = table.get(unit.id, unit.name)
        other = called.setdefault((unit.side, name.casefold()), unit.id)
        if other != unit.id and (unit.id in given or other in given):
            renamed, alike = (unit.id, other) if unit.id in given else (other, unit.id)
            raise RefereeError(f"rename: {quoted(f'units.{renamed}')} would be called {quoted(name)} like "
                               f"{alike}, of the same side")


def fold(state: GameState, data: dict) -> None:
    """Fold `renamed`: the table's names as they stand after it."""
    state.names = {key: dict(names) for key, names in data.items()}


def line(data: dict) -> str:
    """`renamed` as one line of the log: every name the table gives, or that it gave back."""
    named = [f"{ident} is called {name}" for key in (UNITS, PLAYERS) for ident, name in data.get(key, {}).items()]
    return "Names for the table: " + ("; ".join(named) or "the text's names throughout")
