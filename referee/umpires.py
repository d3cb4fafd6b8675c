"""An umpire team's roles: who may do what in a session that names its umpires, and whose action a command is.

A session names no umpires by default, and then anyone may do anything. Once it names them, every command is
issued by one of them and checked against his role:

- `all`: everything, the umpires' roles included;
- a side's name (`police`): that side's actions (the verbs its ruleset declares that side's, see `actor`),
  reports to that side's players, that side's players' briefings, and taking back his own commands;
- `reports`: reports to any player and every briefing (a press desk), and taking back his own reports.

The roles guard an umpire team against slips, not against a cheat: an umpire says who he is (`--umpire`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from referee.bounds import name_problem
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.core.engine import Context
    from referee.core.state import GameState
    from referee.rulesets.plugin import RulesetPlugin

ALL, REPORTS = "all", "reports"
SIDE = "side:"
"""In a ruleset's `actors`, a verb always acted by one side: "side:police"."""
PHASE = "phase"
"""In a ruleset's `actors`, a verb acted by the side whose phase it is (its `phase_sides`)."""


def sides(ctx: Context) -> tuple[str, ...]:
    """The scenario's sides, in the order its unit types first name them."""
    return tuple(dict.fromkeys(kind.side for kind in ctx.scenario.types.values()))


def roles_named(ctx: Context, given: Mapping[str, str]) -> dict[str, str]:
    """Umpires' roles as given (name -> role, "" to name him no more), checked; a RefereeError says what is wrong."""
    known = (ALL, *sides(ctx), REPORTS)
    for name, role in given.items():
        problem = name_problem(name)
        if problem:
            raise RefereeError(f"an umpire's name {problem}")
        if role and role not in known:
            raise RefereeError(f"{role!r} is not a role: give one of {', '.join(known)}")
    return dict(given)


def change_problem(now: Mapping[str, str], changes: Mapping[str, str], by: str | None) -> str | None:
    """Why `by` may not make these changes to the roles `now`, or None. Naming the first umpires is anyone's;
    after that only an umpire with `all` changes them, and the team always keeps one. Removing an umpire not
    named is a slip, said as such."""
    gone = sorted(name for name, role in changes.items() if not role and name not in now)
    if gone:
        return f"{', '.join(gone)}: not one of this session's umpires ({', '.join(sorted(now)) or 'none named'})"
    if now:
        if by is None:
            return who_problem(now, None)
        if now.get(by) != ALL:
            return f"{by} may not change the umpires' roles: only an umpire with the role {ALL} may"
    after = {name: role for name, role in {**now, **changes}.items() if role}
    if after and ALL not in after.values():
        return f"the umpires would have nobody with the role {ALL}, who changes the roles and runs what is no side's"
    return None


def who_problem(roles: Mapping[str, str], umpire: str | None) -> str | None:
    """Why the umpire given cannot act in a session with these roles (none given, or not one of them), or None."""
    if not roles or umpire in roles:
        return None
    names = ", ".join(sorted(roles))
    if umpire is None:
        return f"this session names its umpires ({names}): say which you are with --umpire NAME"
    return f"{umpire} is not one of this session's umpires ({names})"


def actor(plugin: RulesetPlugin, ctx: Context, state: GameState, command: Mapping[str, Any]) -> str | None:
    """The side whose action a command is, or None for the umpire's own (the sequence of play, what concerns
    both sides). A report is the side of the player it goes to."""
    verb = command.get("do")
    if verb == "report":
        player = next((p for p in ctx.scenario.players if p.id == command.get("player")), None)
        return player.side if player else None
    how = plugin.actors.get(str(verb))
    if how is None:
        return None
    if how.startswith(SIDE):
        return how[len(SIDE):]
    if how == PHASE:
        return plugin.phase_sides.get(state.phase)
    named = command.get(how)
    names = [named] if isinstance(named, str) else list(named) if isinstance(named, list | dict) else []
    found = set()
    for name in names:
        if name in state.units:
            found.add(state.units[name].side)
        elif name in ctx.scenario.types:  # a kind of unit, counted ("P1": 3)
            found.add(ctx.scenario.types[name].side)
    return found.pop() if len(found) == 1 else None


def command_problem(role: str, command: Mapping[str, Any], acting: str | None, own: bool) -> str | None:
    """Why an umpire with this role may not issue the command, or None. `acting`: whose action it is (`actor`);
    `own`: for an undo or a redo, whether the command it takes back or brings back was his."""
    verb = command.get("do")
    if role == ALL:
        return None
    if verb in ("undo", "redo"):
        return None if own else f"the role {role} takes back or brings back its own commands only, and that one was another's"
    if role == REPORTS:
        return None if verb == "report" else f"the role {REPORTS} files reports and prints briefings only"
    if acting == role:
        return None
    whose = f"here {possessive(acting)}" if acting else f"no side's: it needs the role {ALL}"
    return f"the role {role} gives {possessive(role)} commands only, and {verb!r} is {whose}"


def possessive(side: str) -> str:
    """"the police's", "the protesters'"."""
    return f"the {side}'" if side.endswith("s") else f"the {side}'s"


def briefing_problem(role: str, player_side: str) -> str | None:
    """Why an umpire with this role may not print a briefing for a player of this side, or None."""
    if role in (ALL, REPORTS) or role == player_side:
        return None
    return f"the role {role} prints only {possessive(role)} players' briefings"


def refusal(roles: Mapping[str, str], umpire: str | None, within: Callable[[str], str | None]) -> str | None:
    """Why this umpire may not do something, or None: who he is (where the session names its umpires), then
    `within(his role)`, said with his name."""
    problem = who_problem(roles, umpire)
    if problem is None and roles and umpire is not None:
        problem = within(roles[umpire])
        return f"{umpire}: {problem}" if problem else None
    return problem


def sheets_problem(roles: Mapping[str, str], umpire: str | None, sides: list[str]) -> str | None:
    """Why this umpire may not print (or give live links to) the briefings of players of these sides, or None."""
    return refusal(roles, umpire, lambda role: next(filter(None, (briefing_problem(role, side) for side in sides)), None))
