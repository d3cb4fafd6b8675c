"""The conformance kit (referee.testing) on every game of referee and on the example ruleset of docs/rulesets.md,
as a ruleset's author runs it on his own; and each of its checks catching the fault it looks for, planted in the
example. How pytest runs it from the command line: tests/test_conformance_plugin.py."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest

from referee import rulesets
from referee.errors import Refusal
from referee.scenario.catalog import load
from referee.testing import check
from referee.testing.faults import Nonconformance
from referee.testing.plugin import RulesetConformance

GAMES = ("bos", "chicago", "n30", "wallman")
SCENARIO = "picket/factory-gate"


class TestEveryRuleset(RulesetConformance):
    """Each check of the kit, on each game and on the example (installed for its own tests: tests/conftest.py)."""

    @pytest.fixture(params=[*GAMES, "picket"])
    def referee_ruleset(self, request: pytest.FixtureRequest) -> str:
        if request.param == "picket":
            request.getfixturevalue("picket")
        return request.param


def test_every_game_of_referee_is_checked():
    assert rulesets.names() == GAMES


def declared(monkeypatch: pytest.MonkeyPatch, plugin: rulesets.RulesetPlugin) -> None:
    """The registry gives `plugin` for its ruleset's name (cached, as the registry's own is: the `picket` fixture clears
    the cache at its end)."""
    installed = rulesets.get
    monkeypatch.setattr(rulesets, "get", functools.cache(lambda name: plugin if name == plugin.id else installed(name)))


def test_a_part_of_a_declaration_that_does_not_load_is_named(picket, monkeypatch):
    """A misspelt import path, a verb without a schema, a review text with a field it is not given."""
    from picket.rules import Picket, move

    broken = replace(picket, texts="picket.texts:TEXTES", reasons={"pushed": "the police push at {node}"})
    declared(monkeypatch, broken)
    monkeypatch.setitem(Picket.table, "march", move)
    with pytest.raises(Nonconformance) as caught:
        check("declaration", "picket")
    head, *faults = str(caught.value).splitlines()
    assert head == "the ruleset 'picket': its declaration:" and len(faults) == 3
    assert faults[0].startswith("- its texts 'picket.texts:TEXTES' cannot be loaded: AttributeError: ")
    assert faults[1] == "- its rules decide 'march', which has no schema in picket.commands"
    assert faults[2].startswith("- its reason 'pushed' ('the police push at {node}') cannot be filled in with {names}")


def test_a_scenario_that_does_not_load_is_named_with_its_file(picket, monkeypatch, tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "night-shift.toml").write_text('id = "picket/night-shift"\nruleset = "picket"\n')
    declared(monkeypatch, replace(picket, scenarios=folder))
    with pytest.raises(Nonconformance, match=r"- .*night-shift\.toml.*title"):
        check("scenarios", "picket")


def test_a_change_of_the_state_that_no_event_makes_is_caught(picket, monkeypatch):
    """A move that also notes the unit in the state its events are folded into: the game's log does not hold it."""
    from picket.rules import Picket, move

    def noting(ctx, state, command, emit, dice):
        def emitted(kind, data, rolls=()):
            after = emit(kind, data, rolls)
            after.local = {**after.local, "last": command["unit"]}
            return after

        move(ctx, state, command, emitted, dice)

    monkeypatch.setitem(Picket.table, "move", noting)
    with pytest.raises(Nonconformance, match=r"the fold of the log is not the game: local\['last'\] is absent, not '"):
        check("replay", "picket")


def test_a_state_that_reads_back_from_json_otherwise_is_caught(picket, monkeypatch):
    """A fold that keeps a tuple in `local`: JSON gives back a list, and a session reopened from a snapshot would hold
    another state than the one played."""
    from picket.rules import FOLDS

    moved = FOLDS["unit-moved"]

    def kept(ctx, state, data):
        moved(ctx, state, data)
        state.local = {**state.local, "last": (data["unit"], data["to"])}

    monkeypatch.setitem(FOLDS, "unit-moved", kept)
    with pytest.raises(Nonconformance, match=r"reads back from JSON otherwise: local\['last'\] is \['"):
        check("json", "picket")


def test_a_refusal_that_changes_the_state_is_caught(picket, monkeypatch):
    """A move that counts its tries in the state it was given, before the rule refuses it."""
    from picket.rules import Picket, move

    def counted(ctx, state, command, emit, dice):
        state.local["tries"] = state.local.get("tries", 0) + 1
        move(ctx, state, command, emit, dice)

    monkeypatch.setitem(Picket.table, "move", counted)
    with pytest.raises(Nonconformance, match=r'refusing \{"do": "move", .*\} changed the state'):
        check("refusals", "picket")


def unsectioned(state):
    """A refusal of the game's end that names no rule."""
    if state.over:
        raise Refusal("", "the game is over")


@pytest.mark.parametrize("check_not_over, fault", [
    (unsectioned, r'\{"do": "end-phase"\} is refused without a rule\'s section: : the game is over'),
    (lambda state: None, r'the game over takes \{"do": "end-phase"\}'),
])
def test_a_game_over_must_refuse_to_go_on_citing_its_rule(picket, monkeypatch, check_not_over, fault):
    from picket.rules import Picket

    monkeypatch.setattr(Picket, "check_not_over", staticmethod(check_not_over))
    with pytest.raises(Nonconformance, match=fault):
        check("refusals", "picket")


def test_a_view_that_tells_the_police_the_pickets_resolve_is_caught(picket, monkeypatch):
    """Every picket's resolve (a hidden fact, RULES.md 5.2) among the notes of each unit of a view: the police's view
    and sheets carry it from the opening, and the kit names whose it is; the pickets' own is theirs to know."""
    from picket.knowledge import PicketKnowledge

    view = PicketKnowledge.view

    def telling(self, player_id):
        told = tuple(f"{unit.id} has resolve {unit.attrs['resolve']}" for unit in self.state.units.values()
                     if "resolve" in unit.attrs)
        shown = view(self, player_id)
        return replace(shown, own=tuple(replace(unit, notes=unit.notes + told) for unit in shown.own))

    monkeypatch.setattr(PicketKnowledge, "view", telling)
    with pytest.raises(Nonconformance) as caught:
        check("views", "picket")
    resolve = {unit.id: unit.attrs["resolve"] for unit in load(SCENARIO).units.values() if unit.side == "pickets"}
    assert {line.partition(": his ")[2] for line in str(caught.value).splitlines()[1:]} == {
        f"{where} tells {uid}'s hidden 'resolve {value}'" for where in ("view", "sheet")
        for uid, value in resolve.items()}
    assert all(", after event 0: inspector (police): his " in line for line in str(caught.value).splitlines()[1:])


def test_a_unit_of_the_other_side_shown_as_ones_own_is_caught(picket, monkeypatch):
    from picket.knowledge import PicketKnowledge

    own = PicketKnowledge._own
    monkeypatch.setattr(PicketKnowledge, "_own", lambda self, side: own(self, "pickets") + own(self, "police"))
    with pytest.raises(Nonconformance, match=r"strike-committee \(pickets\): Serial \d, a unit of the police, is shown as his"):
        check("views", "picket")
