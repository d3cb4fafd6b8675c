"""Shared by the tests of input refused at the door: a command of every verb, fresh games, one-line refusals."""

from __future__ import annotations

from referee.game import Game
from referee.scenario.catalog import load

N30 = "n30/lock-down-hold-fast"
WALLMAN = "wallman/town-centre-riot"

#: a command of the right shape for every verb of each ruleset (the rules may still refuse it)
SAMPLES = {
    N30: {
        "end-phase": {}, "choose": {"node": "7th & Pike"}, "roll": {"unit": "6/A"},
        "move": {"unit": "6/A", "to": "7th & Pike"}, "barricade": {"unit": "U1"}, "flo": {"unit": "U1"},
        "top": {"unit": "U1"}, "stay": {"unit": "U1"}, "group-move": {"units": ["U1", "U2"], "to": "7th & Pike"},
        "confront": {"node": "6th & Pike"},
        "factions": {"peace_police": ["Environment 1", "Democracy 1", "Human Rights 2"]},
        "report": {"player": "police", "text": "Crowds on Pine"}, "undo": {}, "redo": {},
        "rename": {"units": {"U1": "Group A"}, "players": {"police": "Team Blue"}},
        "hand": {"player": "police", "to": "protesters"},
        "deadline": {"at": "2026-11-28T20:35:00+00:00"},
    },
    WALLMAN: {
        "end-phase": {}, "move": {"unit": "Panda 1", "to": "Market Cross"},
        "order": {"officer": "Supt. Hale", "to": "Panda 1", "text": "Hold the line"},
        "return-fire": {"unit": "Panda 1", "at": "Market Cross"},
        "crowd-move": {"crowd": "Precinct crowd", "to": "Church Lane"}, "drift": {"crowd": "Precinct crowd"},
        "rl": {"crowd": "Precinct crowd"}, "negotiate": {"officer": "Supt. Hale", "crowd": "Precinct crowd"},
        "split": {"crowd": "Precinct crowd", "figures": 5, "new": "Precinct stragglers"},
        "merge": {"crowd": "Precinct crowd", "into": "Station crowd"},
        "fight": {"unit": "Support Group", "crowd": "Precinct crowd"},
        "shoot": {"unit": "Support Group", "crowd": "Precinct crowd"},
        "gas": {"unit": "Riot Van 1", "at": "Market Cross"}, "overreaction": {"unit": "Support Group"},
        "snipe": {"from": "Market Cross", "target": "Panda 1"},
        "damage": {"crowd": "Precinct crowd", "building": "Bank"}, "loot": {"crowd": "Precinct crowd", "building": "Bank"},
        "fire": {"building": "Bank"}, "firefight": {"engine": "Engine 1", "building": "Bank"},
        "hydrant": {"engine": "Engine 1"}, "triage": {"medic": "Ambulance 1", "casualty": "C1"},
        "evacuate": {"ambulance": "Ambulance 1", "casualties": ["C1"]},
        "report": {"player": "hale", "text": "Crowds in the precinct"}, "undo": {}, "redo": {},
        "rename": {"units": {"Panda 1": "Car A"}, "players": {"hale": "Team Blue"}},
        "hand": {"player": "okafor", "to": "hale"},
        "deadline": {"at": "2026-11-28T20:35:00+00:00"},
    },
}

BOS = "bos/battle-of-seattle"
CHICAGO = "chicago/chicago-1968"

#: the same for the games of areas and boxes, with every nested object their verbs read
AREA_SAMPLES = {
    BOS: {
        "end-phase": {}, "events": {}, "reinforce": {"take": {"group": 1, "crowd": 0, "spd": 2}, "remove": ["SPD 1"]},
        "place": {"unit": "Labor 1", "to": "westlake"}, "emergency": {"units": {"spd": 1, "state_trooper": 1}},
        "lose": {"unit": "SPD 1"}, "move": {"unit": "SPD 1", "to": "westlake"}, "barricade": {"unit": "Radicals 1"},
        "combat": {"attackers": ["SPD 1"], "defenders": ["Radicals 1"], "munitions": ["SPD 1"],
                   "choices": {"attack": "Radicals 1", "counterattack": "SPD 1"}, "group_ei": "authority"},
        "escalate": {"stage": 2}, "report": {"player": "authority", "text": "Crowds at Westlake"}, "undo": {}, "redo": {},
        "extend": {}, "rename": {"units": {"Labor 1": "Group A"}, "players": {"authority": "Team Blue"}},
        "hand": {"player": "authority", "to": "protester"},
        "deadline": {"at": "2026-11-28T20:35:00+00:00"},
    },
    CHICAGO: {
        "end-phase": {}, "move": {"units": {"P1": 3}, "from": "loop", "to": "grant-park-east", "minimum": False},
        "place": {"units": ["P1-01"], "to": "loop", "minimum": True},
        "conflict": {"box": "old-town", "table": "harass", "attack": {"G1": 2}, "defend": ["P1-01"]},
        "guard": {"units": 1, "to": "loop"}, "guard-out": {"units": {"NG": 1}, "from": "loop"},
        "report": {"player": "police", "text": "Crowds in Lincoln Park"}, "undo": {}, "redo": {},
        "rename": {"units": {"P1-01": "Platoon A"}, "players": {"police": "Team Blue"}},
        "hand": {"player": "police", "to": "demonstrators"},
        "deadline": {"at": "2026-11-28T20:35:00+00:00"},
    },
}
ALL_SAMPLES = SAMPLES | AREA_SAMPLES

#: every (scenario, verb, command) of SAMPLES
COMMANDS = [(scenario, verb, {"do": verb} | keys) for scenario, verbs in SAMPLES.items() for verb, keys in verbs.items()]

_GAMES: dict[str, Game] = {}


def game(scenario: str) -> Game:
    """A fresh game of a scenario (made once; Game.check never changes it)."""
    if scenario not in _GAMES:
        _GAMES[scenario] = Game.new(load(scenario), {}, 1)
    return _GAMES[scenario]


def new_session(cli, folder) -> object:
    """A fresh Lock Down, Hold Fast session database in a folder."""
    path = folder / "s.db"
    assert cli("new", N30, "--db", path, "--seed", 3).code == 0
    return path


def one_line(run) -> str:
    """A refusal's one line: exit 2, one line on stderr, no traceback, no internal error."""
    assert run.code == 2, (run.code, run.out[-300:], run.err[-300:])
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err[-600:]
    assert "internal error" not in run.err and "Traceback" not in run.err, run.err[-600:]
    return lines[0]
