"""Medical services: a paramedic's triage of a casualty, and the ambulance run to hospital."""

from __future__ import annotations

from referee.core.dice import Dice, Tally
from referee.core.engine import Context, Emit
from referee.core.state import GameState
from referee.core.units import Unit
from referee.errors import RefereeError, Refusal
from referee.rulesets.wallman.rules import lookup
from referee.rulesets.wallman.rules.medical import triage as triage_roll
from referee.rulesets.wallman.rules.phases import SECURITY
from referee.rulesets.wallman.rules.setup import tables

MEDICAL = "Medical Services"
STRETCHERS, WALKING = 2, 4  # an ambulance takes 2 stretcher cases or 4 walking wounded
STRETCHER_CREW = 2
DEAD = ("dead", "dies")  # a body the paramedics found dead, or one who died in their arms
TO_HOSPITAL = ("injured", "serious") + DEAD


def lying(casualty: dict) -> bool:
    """A casualty still where he fell: neither taken away nor back on his feet."""
    return not casualty["evacuated"] and not casualty.get("returned")


def casualty_ids(state: GameState, count: int) -> list[str]:
    """The next casualties' ids: C1, C2, ..."""
    known = len(state.local["casualties"])
    return [f"C{known + 1 + i}" for i in range(count)]


def casualty_id(state: GameState, of: str) -> str:
    """The id of a man of `of` going down: an officer already lying wounded keeps his own (one man, one body)."""
    mine = [cid for cid, c in state.local["casualties"].items() if c["of"] == of and lying(c)]
    return mine[-1] if mine and state.units[of].type == "officer" else casualty_ids(state, 1)[0]


def _casualty(state: GameState, command: dict) -> tuple[str, dict]:
    cid = command.get("casualty")
    if not isinstance(cid, str) or cid not in state.local["casualties"]:
        known = ", ".join(state.local["casualties"]) or "none yet"
        raise RefereeError(f'"casualty" must name a casualty (known: {known}), got {cid!r}')
    return cid, state.local["casualties"][cid]


def _paramedics(state: GameState, command: dict, key: str):
    unit = lookup.unit(state, command, key, SECURITY, MEDICAL)
    if unit.type != "paramedics":
        raise Refusal(MEDICAL, f"{unit.id} is not a paramedic crew")
    return unit


def assessing(state: GameState, command: dict) -> tuple[Unit, str, dict]:
    """The paramedic crew a `triage` command sends and the casualty it assesses, checked before any die."""
    medic = _paramedics(state, command, "medic")
    cid, casualty = _casualty(state, command)
    if casualty["node"] != medic.node or not lying(casualty):
        raise Refusal(MEDICAL, f"{cid} is not lying at {medic.node}, where {medic.id} is")
    if casualty.get("triage"):
        raise Refusal(MEDICAL, f"{cid} has been assessed already ({casualty['triage']})")
    return medic, cid, casualty


def triage(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "triage", "medic", "casualty"}`: a paramedic reaches a body and assesses it (1d6); the dead
    need no die, only the stretcher."""
    medic, cid, casualty = assessing(state, command)
    if casualty["state"] == "dead":
        emit("triaged", {"medic": medic.id, "casualty": cid, "result": "dead", "patch_turns": 0})
        return
    tally = Tally(dice)
    _, row = triage_roll(tables(ctx), tally)
    emit("triaged", {"medic": medic.id, "casualty": cid, "result": row.result, "patch_turns": row.patch_turns},
         tuple(tally.rolls))


def evacuate(ctx: Context, state: GameState, command: dict, emit: Emit, dice: Dice) -> None:
    """`{"do": "evacuate", "ambulance", "casualties": [...]}`: assessed casualties where the ambulance
    stands go to hospital, the dead too: 2 on stretchers or 4 walking wounded a turn, once patched up
    (and, for a stretcher case, a turn more to put him on the stretcher); loading is the turn's work."""
    ambulance = _paramedics(state, command, "ambulance")
    ids = command["casualties"]
    if len(set(ids)) != len(ids):
        raise RefereeError('"casualties" must list the casualties to take, each once')
    loads = dict(state.local.get("loaded", {}).get(ambulance.id, {"stretcher": 0, "walking": 0}))
    for cid in ids:
        cid, casualty = _casualty(state, {"casualty": cid})
        if casualty["node"] != ambulance.node or not lying(casualty):
            raise Refusal(MEDICAL, f"{cid} is not waiting at {ambulance.node}")
        if casualty.get("triage") not in TO_HOSPITAL:
            raise Refusal(MEDICAL, f"{cid} needs a paramedic's assessment first" if not casualty.get("triage")
                          else f"{cid} is only a scratch: patched up, he carries on as before")
        stretcher = casualty["triage"] != "injured"
        ready = casualty["triaged_turn"] + casualty["patch_turns"] + stretcher  # patching up, then the stretcher
        if state.turn < ready:
            raise Refusal(MEDICAL, f"{cid} is being patched up{' and put on a stretcher' if stretcher else ''}: "
                                   f"ready to load from turn {ready}")
        loads["stretcher" if stretcher else "walking"] += 1
    if loads["stretcher"] / STRETCHERS + loads["walking"] / WALKING > 1:
        raise Refusal(MEDICAL, f"an ambulance takes {STRETCHERS} stretcher cases or {WALKING} walking wounded a turn")
    if loads["stretcher"] and ambulance.factors["strength"] < STRETCHER_CREW:
        raise Refusal(MEDICAL, f"two paramedics are needed to man the stretcher; {ambulance.id} has one")
    emit("evacuated", {"ambulance": ambulance.id, "casualties": ids, "loaded": loads})
