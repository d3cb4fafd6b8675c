"""Faction friction (6.1): at 11:10 the protesters divide into black blocs, peace police and neutrals."""

from __future__ import annotations

from referee.core.clock import parse_time
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.errors import RefereeError, Refusal
from referee.rulesets.n30.rules.limits import BLACK_BLOC, PEACE_POLICE
from referee.rulesets.n30.rules.phases import PROTESTERS

FRICTION_FROM = parse_time("11:10")
#: 6.1: the Anarchist Action Collective, the Infernal Noise Brigade and the Seattle Anarchist Response.
BLACK_BLOCS = ("(A) Action", "Inf. Noise Bde.", "(A) Response")
PEOPLES_DELEGATION = "People's Delegation"
PEACE_POLICE_COUNT = 3


def peace_police_pool(state: GameState) -> list[str]:
    """6.1: demonstration clusters of the People's Delegations, destroyed ones included."""
    return [u.id for u in state.units.values() if u.type == "demonstration" and u.name.startswith(PEOPLES_DELEGATION)]


def assign(ctx: Context, state: GameState, command: dict, emit: Emit) -> None:
    """Record the protester player's factions (6.1); every other protester unit is neutral."""
    if ctx.options.get("faction_friction") != "on":
        raise Refusal("6.1", "faction friction is not in use in this session")
    if ctx.scenario.clock.starts(state.turn) < FRICTION_FROM:
        raise Refusal("6.1", "the protesters divide into factions at 11:10")
    if any("faction" in u.attrs for u in state.units.values() if u.side == PROTESTERS):
        raise Refusal("6.1", "the factions have already been assigned")
    chosen = command["peace_police"]
    pool = peace_police_pool(state)
    for n, uid in enumerate(chosen):
        if uid not in pool:
            raise Refusal("6.1", f"{uid!r} is not a People's Delegation demonstration cluster")
        if uid in chosen[:n]:
            raise Refusal("6.1", f"{uid!r} is named twice: the peace police are {PEACE_POLICE_COUNT} different clusters")
    if len(chosen) != PEACE_POLICE_COUNT:
        raise RefereeError(f'"peace_police" must list {PEACE_POLICE_COUNT} units from: {", ".join(pool)}')
    emit("factions-assigned", {"side": PROTESTERS, "factions": {BLACK_BLOC: list(BLACK_BLOCS), PEACE_POLICE: chosen}})
