"""Every nested key of every verb of every game is held to its schema: a key the verb does not read, added at any
level of any verb's sample, is refused at the door (nothing decided, no die rolled), naming it or the object it is
in. Objects keyed by the game's own names (units, kinds, modifiers) are checked by the rules against the scenario,
each with its section."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.rulesets.bos.rules import emergency
from referee.rulesets.chicago.rules.forces import KINDS
from tests.door_support import ALL_SAMPLES, BOS, CHICAGO, N30, WALLMAN, game

#: objects keyed by the names of the game's own things, which only the rules can check (see the tests below)
NAMED = {(N30, "confront", ("allocation",)), (N30, "confront", ("retreats",)), (WALLMAN, "rl", ("modifiers",)),
         (WALLMAN, "overreaction", ("modifiers",)), (BOS, "emergency", ("units",))}
NESTED = {  # the samples' keys that hold objects, where the shared samples leave them out
    (N30, "confront"): {"allocation": {"Sea Turtles": 2}, "retreats": {"Sea Turtles": "6th & Pike"}, "refuse": []},
    (WALLMAN, "rl"): {"modifiers": {"damp": 1}}, (WALLMAN, "overreaction"): {"modifiers": {"bricks": 1}},
}
SAMPLES = [(scenario, verb, {"do": verb} | keys | NESTED.get((scenario, verb), {}))
           for scenario, verbs in ALL_SAMPLES.items() for verb, keys in verbs.items()]


def levels(value: object, path: tuple = ()) -> Iterator[tuple]:
    """The path of every object (JSON object) in a command, itself first."""
    if isinstance(value, dict):
        yield path
        for key, inner in value.items():
            yield from levels(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from levels(inner, (*path, index))


def with_key(command: dict, path: tuple, key: str) -> dict:
    """The command with `key` (valued 1) added to the object at `path`."""
    if not path:
        return command | {key: 1}
    head, *rest = path
    copied = list(command) if isinstance(command, list) else dict(command)
    copied[head] = with_key(command[head], tuple(rest), key)
    return copied  # type: ignore[return-value]


def test_the_samples_reach_every_kind_of_nested_object():
    nested = {(scenario, verb, path) for scenario, verb, command in SAMPLES for path in levels(command) if path}
    assert len(nested) >= 10 and NAMED <= nested
    assert {scenario for scenario, _, _ in nested} == {N30, WALLMAN, BOS, CHICAGO}


@pytest.mark.parametrize("scenario, verb, command", SAMPLES, ids=[f"{s}:{v}" for s, v, _ in SAMPLES])
@settings(max_examples=15, deadline=None)
@given(key=st.text(st.characters(categories=("L", "N")), min_size=1, max_size=12))
def test_a_key_no_verb_reads_is_refused_at_every_level(scenario, verb, command, key):
    played = game(scenario)
    for path in levels(command):
        where = with_key(command, path, key)
        if (scenario, verb, path) in NAMED or key in _object(command, path) or key in KINDS:  # a kind of counter
            continue
        drawn, state = played.dice.drawn, played.state
        with pytest.raises(RefereeError) as refused:
            played.apply(where)
        said = str(refused.value)
        assert said.startswith(f"{verb}: ") and (key in said or (path and str(path[-1]) in said)), (path, said)
        assert (played.dice.drawn, played.state) == (drawn, state)


def _object(command: dict, path: tuple) -> object:
    for part in path:
        command = command[part]
    return command


def test_the_reinforcement_taken_names_only_groups_crowds_and_spd():
    """4.21: `take` says how many of each kind due a side takes; a misspelt kind took every unit due."""
    for take in ({"groups": 1}, {"Group": 1, "SPD": 0}):
        with pytest.raises(RefereeError, match='^reinforce: unknown key "take.(groups|Group)"$'):
            game(BOS).check({"do": "reinforce", "take": take})


def test_units_by_kind_name_only_kinds_of_the_counter_mix():
    with pytest.raises(RefereeError, match='^guard-out: "units" names no kind of counter "Guard"'):
        game(CHICAGO).check({"do": "guard-out", "units": {"Guard": 1}, "from": "loop"})


def test_named_objects_are_checked_by_the_rules_against_the_scenario():
    with pytest.raises(RefereeError, match="^4.22: emergency reinforcements are Authority units"):
        emergency.order({"riot_squad": 1}, {"spd": 9}, 2, 3)
    wallman = game(WALLMAN)
    crowd = next(u.id for u in wallman.state.units.values() if u.side == "crowd")
    with pytest.raises(RefereeError, match="unknown modifier 'bogus'"):
        wallman.apply({"do": "rl", "crowd": crowd, "modifiers": {"bogus": 1}})
