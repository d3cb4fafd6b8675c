"""How each Wallman event changes the state (the only place it changes)."""

from __future__ import annotations

from referee.core.engine import Context
from referee.core.events import Event
from referee.core.state import GameState, relocate
from referee.core.units import ACTIVE, DESTROYED, OFF_MAP, RESERVE, Unit
from referee.rules import deadlines, handing, names
from referee.rulesets.wallman.rules import rolls
from referee.rulesets.wallman.rules.phases import CROWD
from referee.rulesets.wallman.rules.setup import DAMAGE, fresh_turn


def _attrs(state: GameState, uid: str, **changes) -> Unit:
    state.units[uid] = state.units[uid].with_attrs(**changes)
    return state.units[uid]


def _strength(state: GameState, uid: str, change: int) -> None:
    """Figures lost or gained; a crowd never hides more looters than it has figures, and with none left it
    has dispersed."""
    unit = state.units[uid]
    strength = max(unit.factors["strength"] + change, 0)
    attrs = {**unit.attrs, "looters": min(unit.attrs["looters"], strength)} if "looters" in unit.attrs else unit.attrs
    state.units[uid] = Unit(unit.id, unit.name, unit.side, unit.type, {**unit.factors, "strength": strength},
                            unit.node, unit.status, attrs)
    if strength == 0 and unit.side == CROWD:
        relocate(state, state.units[uid], None, DESTROYED)


def _add(state: GameState, key: str, item) -> None:
    if item not in state.local.get(key, []):
        state.local[key] = state.local.get(key, []) + [item]


def _set(state: GameState, key: str, name: str, value) -> None:
    state.local[key] = {**state.local[key], name: value}


def _acted(state: GameState, uid: str) -> None:
    """A player's personal figure has taken his one action this turn (Player Actions)."""
    if state.units[uid].type == "officer":
        _add(state, "acted", uid)


def _building(ctx: Context, state: GameState, name: str, **changes) -> None:
    _set(state, "buildings", name, {**state.local["buildings"][name], **changes})
    whole = ctx.scenario.board.buildings
    state.scores = {DAMAGE: sum(whole[b].value - v["value"] for b, v in state.local["buildings"].items())}


def _casualty(state: GameState, cid: str, node: str, of: str, fate: str) -> None:
    """A man down: a crowd member, or one of a unit's figures (an officer stays, wounded, or is dead)."""
    unit = state.units[of]
    _set(state, "casualties", cid, {"node": node, "of": of, "side": unit.side, "state": fate, "turn": state.turn,
                                    "triage": None, "evacuated": False})
    if unit.type != "officer":
        _strength(state, of, -1)
    elif fate == "dead":
        _dead_officer(state, of)
    else:
        _attrs(state, of, wounded=fate)


def _dead_officer(state: GameState, uid: str) -> None:
    """A dead officer is out of the game: his body lies as a casualty, his figure leaves the table."""
    unit = state.units[uid]
    relocate(state, unit, None, DESTROYED, {**unit.attrs, "wounded": "dead"})


def _patched_up(ctx: Context, state: GameState, d: dict) -> None:
    """'It's only a scratch': patched up, the man carries on as before, back in his unit or crowd."""
    for cid, of in d["casualties"].items():
        _set(state, "casualties", cid, {**state.local["casualties"][cid], "returned": True})
        unit = state.units[of]
        if unit.type == "officer":
            _attrs(state, of, wounded=None)
        elif unit.status == ACTIVE:
            _strength(state, of, 1)


def _rl(state: GameState, uid: str, rl: int, running: bool | None = None) -> None:
    crowd = state.units[uid]
    changes = {"rl": rl, "history": crowd.attrs["history"] + [[state.turn, rl]]}
    if running is not None:
        changes["running"] = running
    _attrs(state, uid, **changes)


def _turn(ctx: Context, state: GameState, d: dict) -> None:
    state.turn, state.phase = d["turn"], d["phase"]
    state.local = {**state.local, **fresh_turn(state.local["moved"])}
    for uid, unit in list(state.units.items()):
        if unit.side == CROWD and unit.attrs.get("running"):
            _attrs(state, uid, running=False)


def _arrived(ctx: Context, state: GameState, d: dict) -> None:
    for uid in d["units"]:
        unit = state.units[uid]
        attrs = {k: v for k, v in unit.attrs.items() if k not in ("arrives", "edge")}
        relocate(state, unit, d["node"], ACTIVE, attrs)


def _moved(ctx: Context, state: GameState, d: dict) -> None:
    uid = d.get("unit") or d["crowd"]
    relocate(state, state.units[uid], d["to"])
    _add(state, "moved", uid)
    if state.units[uid].attrs.get("hydrant") or state.units[uid].attrs.get("connecting"):
        _attrs(state, uid, hydrant=False, connecting=0)  # the hose stays at the hydrant
    if d.get("run"):
        _acted(state, uid)


def _fought(ctx: Context, state: GameState, d: dict) -> None:
    if not d.get("defending"):
        _acted(state, d["unit"])
    winner, loser = d["winner"], d["crowd"] if d["winner"] == d["unit"] else d["unit"]
    if winner == d["unit"] and d["result"] == "arrested":
        _set(state, "arrests", d["crowd"], state.local["arrests"].get(d["crowd"], 0) + 1)
        _attrs(state, d["unit"], prisoners=state.units[d["unit"]].attrs.get("prisoners", 0) + 1)
        _strength(state, d["crowd"], -1)
    elif d["casualty"]:
        _casualty(state, d["casualty"], d["node"], loser, d["result"])


def _shot(ctx: Context, state: GameState, d: dict) -> None:
    _acted(state, d["unit"])
    for cid, fate in d["casualties"].items():
        _casualty(state, cid, d["node"], d["crowd"], fate)
    _add(state, "shooting", d["node"])
    _add(state, "shooting", d["from"])
    state.local["firearm_casualties"] += len(d["casualties"])
    before = state.local["fired_on"].get(d["crowd"], {"casualties": 0, "first": False})
    _set(state, "fired_on", d["crowd"], {"weapon": "automatic_fire" if d["automatic"] else "single_shot",
                                         "first": before["first"] or d["first"],
                                         "casualties": before["casualties"] + len(d["casualties"])})


def _sniped(ctx: Context, state: GameState, d: dict) -> None:
    _set(state, "sniper_shots", d["from"], d["shot"])
    _add(state, "sniped", d["from"])
    if d["spotted"]:
        _add(state, "spotted", d["from"])
    if d["casualty"]:
        _casualty(state, d["casualty"], d["node"], d["target"], d["fate"])


def _returned_fire(ctx: Context, state: GameState, d: dict) -> None:
    """Fire at a sniper's place: he keeps his head down this turn; the shots are gunfire crowds hear."""
    _acted(state, d["unit"])
    _add(state, "under_fire", d["at"])
    _add(state, "shooting", d["at"])
    _add(state, "shooting", d["from"])
    if d["hit"]:
        _add(state, "snipers_down", d["at"])


def _property(ctx: Context, state: GameState, d: dict) -> None:
    """Damage, a break-in or looting: the building's value, any fire, and the crowd's turn spent."""
    place = state.local["buildings"][d["building"]]
    changes = {"value": d["value"], "fires": place["fires"] + bool(d.get("fire"))}
    if "taken" in d:
        changes["loot"] = place["loot"] - d["taken"]
    _building(ctx, state, d["building"], broken=place["broken"] or d.get("broke", False), **changes)
    _add(state, "acted", d["crowd"])


def _broke_in(ctx: Context, state: GameState, d: dict) -> None:
    _property(ctx, state, {**d, "broke": True})


def _looted(ctx: Context, state: GameState, d: dict) -> None:
    _property(ctx, state, d)
    crowd = state.units[d["crowd"]]
    carrying = crowd.attrs.get("carrying", 0) + d["taken"]
    if not d["full"]:
        _attrs(state, crowd.id, carrying=carrying)
    elif crowd.type == "looters":  # the looter crowd leaves burdened
        _attrs(state, crowd.id, carrying=carrying, burdened=True)
    else:  # looters in a normal crowd break off for good
        _attrs(state, crowd.id, carrying=0, looters=0)
        _strength(state, crowd.id, -crowd.attrs["looters"])


def _fire(ctx: Context, state: GameState, d: dict) -> None:
    _building(ctx, state, d["building"], fires=state.local["buildings"][d["building"]]["fires"] + 1)
    if d.get("by"):
        _add(state, "acted", d["by"])
    if d.get("why") == "petrol bomb":
        _attrs(state, d["by"], bombed=state.turn)


def _fire_fought(ctx: Context, state: GameState, d: dict) -> None:
    _building(ctx, state, d["building"], fires=d["fires"])
    engine = state.units[d["engine"]]
    if "casualties" not in d:  # logged before burned fire-fighters were casualties
        _strength(state, engine.id, d["crew"] - engine.factors["strength"])
    for cid, fate in d.get("casualties", {}).items():
        _casualty(state, cid, engine.site, engine.id, fate)
    _attrs(state, engine.id, water=d["water"])
    _add(state, "acted", engine.id)


def _burned(ctx: Context, state: GameState, d: dict) -> None:
    for name, changes in d["buildings"].items():
        _building(ctx, state, name, **changes)


def _split(ctx: Context, state: GameState, d: dict) -> None:
    crowd = state.units[d["crowd"]]
    _strength(state, crowd.id, -d["figures"])
    crowd = _attrs(state, crowd.id, looters=crowd.attrs["looters"] - d["looters"])
    attrs = {**crowd.attrs, "looters": d["looters"], "carrying": 0}
    state.units[d["new"]] = Unit(d["new"], d["new"], CROWD, crowd.type, {**crowd.factors, "strength": d["figures"]},
                                 None, RESERVE, attrs)
    relocate(state, state.units[d["new"]], crowd.node)


def _merged(ctx: Context, state: GameState, d: dict) -> None:
    crowd, into = state.units[d["crowd"]], state.units[d["into"]]
    _strength(state, into.id, crowd.factors["strength"])
    _attrs(state, into.id, looters=into.attrs["looters"] + crowd.attrs["looters"])
    _rl(state, into.id, d["rl"])
    relocate(state, crowd, None, OFF_MAP, {**crowd.attrs, "merged_into": into.id})


def _triaged(ctx: Context, state: GameState, d: dict) -> None:
    casualty = state.local["casualties"][d["casualty"]]
    dies = d["result"] == "dies"
    _set(state, "casualties", d["casualty"], {**casualty, "triage": d["result"], "triaged_turn": state.turn,
                                              "patch_turns": d["patch_turns"],
                                              "state": "dead" if dies else casualty["state"]})
    if dies and state.units[casualty["of"]].type == "officer" and state.units[casualty["of"]].status == ACTIVE:
        _dead_officer(state, casualty["of"])


def _evacuated(ctx: Context, state: GameState, d: dict) -> None:
    for cid in d["casualties"]:
        _set(state, "casualties", cid, {**state.local["casualties"][cid], "evacuated": True})
    if "loaded" in d:
        state.local["loaded"] = {**state.local.get("loaded", {}), d["ambulance"]: d["loaded"]}


def _negotiated(ctx: Context, state: GameState, d: dict) -> None:
    _rl(state, d["crowd"], d["rl"])
    _acted(state, d["officer"])


def _hydrant(ctx: Context, state: GameState, d: dict) -> None:
    _attrs(state, d["engine"], hydrant=d["connected"], connecting=d["connecting"])
    _add(state, "acted", d["engine"])


def _ended(ctx: Context, state: GameState, d: dict) -> None:
    state.over, state.winner = True, d["winner"]


def _phase(ctx: Context, state: GameState, d: dict) -> None:
    state.phase = d["to"]


FOLDS = {
    "phase-ended": _phase,
    "turn-begun": _turn,
    "reinforcements-arrived": _arrived,
    "game-ended": _ended,
    "unit-moved": _moved,
    "crowd-moved": _moved,
    "rl-rolled": lambda ctx, state, d: _rl(state, d["crowd"], d["rl"], d["running"]),
    "negotiated": _negotiated,
    "ordered": lambda ctx, state, d: _acted(state, d["officer"]),
    "crowd-split": _split,
    "crowds-merged": _merged,
    "fought": _fought,
    "shot": _shot,
    "gassed": lambda ctx, state, d: _set(state, "gas", d["node"], d["kind"]),
    "sniped": _sniped,
    "returned-fire": _returned_fire,
    "damaged": _property,
    "broke-in": _broke_in,
    "looted": _looted,
    "fire-started": _fire,
    "fire-fought": _fire_fought,
    "hydrant": _hydrant,
    "fires-burned": _burned,
    "triaged": _triaged,
    "evacuated": _evacuated,
    "patched-up": _patched_up,
    "looters-hidden": lambda ctx, state, d: [_attrs(state, uid, looters=n) for uid, n in d["looters"].items()],
    names.RENAMED: lambda ctx, state, d: names.fold(state, d),
    handing.HANDED: lambda ctx, state, d: handing.fold(state, d),
    deadlines.DEADLINE_SET: lambda ctx, state, d: None,
}
NOTHING = ("over-reaction", "report-filed")  # facts for the log and the players' knowledge only


def evolve(ctx: Context, state: GameState, event: Event) -> None:
    """Fold one event into a thawed state, and the RL rolls it calls for (`rolls.fold`)."""
    if event.kind not in NOTHING:
        FOLDS[event.kind](ctx, state, event.data)
        rolls.fold(ctx, state, event)
