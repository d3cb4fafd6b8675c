"""Option `crowd_mood`: Wallman's Response Level (RL) on N30's unorganized and radicalized clusters.

A cluster's RL is its hidden attribute `rl`; after each police attack (4) every attacked cluster that
is still on the map rolls on Wallman's RL State Chart, and an unorganized cluster that reaches
Rioting is radicalized (4.3). The readings are in RULINGS.md, "N30 option crowd_mood".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.events import ITEMS
from referee.core.state import GameState
from referee.core.units import ACTIVE, DESTROYED, Unit
from referee.errors import RefereeError
from referee.rules.moods import TABLES, chart, level, roll_rl, score_lines
from referee.rulesets.n30.rules.confrontation import RADICALIZED, UNORGANIZED
from referee.rulesets.n30.rules.phases import PROTESTERS

if TYPE_CHECKING:
    pass

#: the readings of option crowd_mood, beside `free` (radicalized clusters' RL moves freely).
OFF, HELD = "off", "on"
#: Wallman's RL 7, "Rioting": from here on a crowd is a radicalized cluster.
RIOTING = 7
#: where a cluster's mood starts: unorganized clusters RL 4 "Agitated", radicalized ones RL 7 "Rioting".
START = {UNORGANIZED: 4, RADICALIZED: RIOTING}
#: the police who attack (4), strongest charge first: mounted squads, hard squads (riot police), soft squads.
CHARGES = (("mounted", "mounted_charging"), ("hard", "riot_charging"), ("soft", "police_charging"))


def reading(ctx: Context) -> str:
    """The session's reading: off, on (radicalized clusters held at RL 7 or more) or free."""
    return ctx.options.get("crowd_mood", OFF)


def starting(ctx: Context, unit_type: str) -> dict:
    """The attribute a cluster of this type starts with (none with the option off, or for other types)."""
    if reading(ctx) == OFF or unit_type not in START:
        return {}
    if TABLES not in ctx.scenario.sources:
        raise RefereeError(f"option crowd_mood needs Wallman's tables, and {ctx.scenario.id} names none")
    return {"rl": START[unit_type]}


def radicalized(unit: Unit) -> dict:
    """4.3's gassed 6 with the option on: the cluster's RL rises to Rioting if it was lower."""
    return {"rl": max(unit.attrs["rl"], RIOTING)} if "rl" in unit.attrs else {}


def charge(police_types: list[str]) -> str:
    """The RL factor of the police attack: the strongest charge among the squads (an attack has one: 4)."""
    return next(factor for kind, factor in CHARGES if kind in police_types)


def after_attack(ctx: Context, state: GameState, node: str, attacked: list[str], gas: bool,
                 police_types: list[str], emit: Emit, dice: Dice) -> GameState:
    """Every attacked cluster still on the map rolls on the RL chart, in the order attacked (one die each).

    Factors: the charge, tear gas, one `arrested` per protester unit destroyed in the attack, and
    each other crowd in the attacked intersection or next to it, by its RL before these rolls
    (`adjacent_higher`, `adjacent_lower`; `adjacent_running` if it retreated from the attack).
    """
    rolling = [uid for uid in attacked if state.units[uid].status == ACTIVE and "rl" in state.units[uid].attrs]
    if not rolling:
        return state
    near = {u.id: u.attrs["rl"] for n in (node, *ctx.scenario.board.adjacency[node])
            for u in state.at(n, PROTESTERS) if "rl" in u.attrs}
    running = {uid for uid in rolling if state.units[uid].node != node}
    shared = {charge(police_types): 1, "tear_gas": int(gas),
              "arrested": sum(state.units[uid].status == DESTROYED for uid in attacked)}
    for uid in rolling:
        rl, others = near[uid], [other for other in near if other != uid]
        counts = {**shared, "adjacent_higher": sum(near[o] > rl for o in others),
                  "adjacent_lower": sum(near[o] < rl for o in others),
                  "adjacent_running": sum(o in running for o in others)}
        state = _roll(ctx, state, state.units[uid], {k: n for k, n in counts.items() if n}, emit, dice)
    return state


def _roll(ctx: Context, state: GameState, unit: Unit, counts: dict[str, int], emit: Emit, dice: Dice) -> GameState:
    """One cluster's roll, and its radicalization if it reaches Rioting."""
    t, kept = chart(ctx.scenario), Tally(dice)
    result = roll_rl(t, unit.attrs["rl"], counts, kept)
    held = unit.type == RADICALIZED and reading(ctx) == HELD and result.rl < RIOTING
    rl = RIOTING if held else result.rl
    state = emit("crowd-mood", {
        "unit": unit.id, "node": unit.node, "was": result.was, "roll": result.roll, "modifiers": result.modifiers,
        "score": result.score, "rl": rl, "held": held, "running": result.running, "level": level(t, rl).name,
        ITEMS: score_lines(t, result, counts),
    }, tuple(kept.rolls))
    if unit.type == UNORGANIZED and rl >= RIOTING:
        state = emit("unit-radicalized", {"unit": unit.id, "rl": rl, "by": "mood"})
    return state

