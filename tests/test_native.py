"""The compiled modules (hatch_build.py, mypyc) and their pure-Python sources: the same games either way, the
compiled ones in use where they were built (REFEREE_REQUIRE_NATIVE=1 makes their absence a failure), and the
sources in use where they changed since (a stale build never runs old rules)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from referee import native

ROOT = Path(__file__).resolve().parents[1]
GAMES = """
import hashlib, json, sys
from referee import native
from referee.simulate import game_seed, play
digest = hashlib.sha256()
N30 = [("objective", "objective"), ("random", "objective"), ("objective", "random")]
OTHERS = [("simple", "simple"), ("random", "simple"), ("simple", "random")]
for scenario, options, pairs in [
        ("n30/lock-down-hold-fast", {}, N30), ("n30/close-the-ring", {}, N30),
        ("n30/reclaim-the-streets", {"faction_friction": "on", "police_barricades": "third", "hidden": "strong",
                                     "crowd_mood": "on"}, N30),
        ("bos/battle-of-seattle", {}, OTHERS), ("bos/battle-of-seattle", {"extend": "tie", "reading": "spanish"}, OTHERS),
        ("chicago/chicago-1968", {}, OTHERS), ("chicago/chicago-1968", {"park_penalty": "each"}, OTHERS)]:
    for kinds in pairs:
        for index in range(3):
            played = play(scenario, options, game_seed(3, index), *kinds, keep_events=True)
            digest.update(json.dumps([event.to_json() for event in played.game.events], sort_keys=True).encode())
print(json.dumps({"in_use": native.IN_USE, "digest": digest.hexdigest()}))
"""


def _games(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_PURE"}
    if pure:
        env["REFEREE_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", GAMES], capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    return json.loads(done.stdout)


def test_the_compiled_modules_are_in_use_where_they_were_built():
    if os.environ.get("REFEREE_REQUIRE_NATIVE"):
        assert native.IN_USE == "compiled"
    if native.IN_USE == "compiled":
        from referee.core import dice
        from referee.rulesets.bos.players import simple
        from referee.rulesets.chicago.rules import conflict
        from referee.rulesets.n30.players import objective

        for module in (dice, objective, simple, conflict):
            assert module.__file__.endswith(sysconfig.get_config_var("EXT_SUFFIX"))


def test_compiled_and_pure_modules_play_the_same_games():
    compiled, pure = _games(pure=False), _games(pure=True)
    assert pure["in_use"].startswith("pure")
    assert compiled["in_use"] == native.IN_USE
    assert compiled["digest"] == pure["digest"]


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package folder of two compiled sources, its manifest as the build writes it."""
    for name in ("core/dice.py", "game.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    manifest = tmp_path / "native.json"
    manifest.write_text(json.dumps({name: (tmp_path / name).stat().st_mtime_ns for name in ("core/dice.py", "game.py")}))
    monkeypatch.setattr(native, "PACKAGE", tmp_path)
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.delenv("REFEREE_PURE", raising=False)
    finders = list(sys.meta_path)
    yield tmp_path
    sys.meta_path[:] = finders


def test_a_build_as_it_was_made_is_used(package):
    assert native.use() == "compiled"
    assert not any(isinstance(finder, native._Sources) for finder in sys.meta_path)


def test_a_source_changed_since_the_build_runs_every_source(package):
    os.utime(package / "game.py", ns=(1, 1))
    assert native.use() == "pure (sources changed since they were compiled)"
    finder = sys.meta_path[0]
    assert isinstance(finder, native._Sources)
    assert finder.find_spec("referee.core.dice").origin == str(package / "core" / "dice.py")
    assert finder.find_spec("referee.game").origin == str(package / "game.py")
    assert finder.find_spec("referee.cli") is None


def test_referee_pure_runs_the_sources(package, monkeypatch):
    monkeypatch.setenv("REFEREE_PURE", "1")
    assert native.use() == "pure (REFEREE_PURE is set)"


def test_without_a_build_there_is_nothing_to_choose(package):
    (package / "native.json").unlink()
    assert native.use() == "pure"
