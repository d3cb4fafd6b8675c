"""The compiled modules (hatch_build.py, mypyc): the wheel a user gets with REFEREE_COMPILE=1, built from the
project's files and installed as pip installs it, runs them and plays the same games as the pure-Python sources
(REFEREE_REQUIRE_NATIVE=1 makes a machine that cannot compile them fail, not skip); the sources run where they
changed since a build (a stale build never runs old rules); the hook fails loudly rather than build without them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import hatch_build
from referee import native

ROOT = Path(__file__).resolve().parents[1]
GAMES = """
import hashlib, json, sys, sysconfig
from referee import native
from referee.simulate import game_seed, play
from referee.core import dice
from referee.rulesets.bos.players import simple
from referee.rulesets.chicago.rules import conflict
from referee.rulesets.n30.players import objective
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
files = [module.__file__ for module in (dice, objective, simple, conflict)]
print(json.dumps({"in_use": native.IN_USE, "digest": digest.hexdigest(), "from": native.PACKAGE.as_posix(),
                  "extensions": [f.endswith(sysconfig.get_config_var("EXT_SUFFIX")) for f in files]}))
"""


def _games(env: dict[str, str], where: Path) -> dict:
    """The games played in a fresh process from the folder `where` (not the checkout, whose package it would find
    first)."""
    done = subprocess.run([sys.executable, "-c", GAMES], capture_output=True, text=True, env=env, cwd=where, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory) -> Path:
    """The wheel `REFEREE_COMPILE=1 pip install` builds, from a copy of the project's files (the checkout keeps no
    compiled module), installed into a folder of its own."""
    work = tmp_path_factory.mktemp("compiled")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode()
    source = work / "source"
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    env = {**os.environ, "REFEREE_COMPILE": "1"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(source), "-w", str(work)],
                           capture_output=True, text=True, env=env)
    if built.returncode != 0:
        if os.environ.get("REFEREE_REQUIRE_NATIVE"):
            pytest.fail(f"REFEREE_REQUIRE_NATIVE is set and the compiled wheel was not built:\n{built.stderr[-3000:]}")
        pytest.skip(f"this machine cannot compile the modules (a C compiler, Python's headers): {built.stderr[-300:]}")
    wheel = next(work.glob("referee-*.whl"))
    assert "py3-none-any" not in wheel.name  # a compiled wheel is tagged for its Python and platform
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True)
    return site


def test_the_compiled_wheel_runs_its_compiled_modules_and_plays_the_same_games_as_the_sources(compiled_site):
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_PURE"}
    compiled = _games({**env, "PYTHONPATH": str(compiled_site)}, compiled_site.parent)
    pure = _games({**env, "REFEREE_PURE": "1"}, compiled_site.parent)
    assert compiled["from"] == (compiled_site / "referee").as_posix()
    assert compiled["in_use"] == "compiled" and all(compiled["extensions"])
    assert pure["in_use"].startswith("pure") and not any(pure["extensions"])
    assert compiled["digest"] == pure["digest"]


def _hook() -> hatch_build.NativeBuildHook:
    """The hook as hatchling makes it for a wheel."""
    return hatch_build.NativeBuildHook(str(ROOT), {}, None, None, str(ROOT), "wheel")


def test_an_install_compiles_only_when_asked(monkeypatch):
    hook = _hook()
    monkeypatch.delenv("REFEREE_COMPILE", raising=False)
    assert hook.dependencies() == []
    monkeypatch.setenv("REFEREE_COMPILE", "0")
    assert hook.dependencies() == []
    monkeypatch.setenv("REFEREE_COMPILE", "1")
    assert hook.dependencies() == hatch_build.COMPILER


def test_a_compile_that_fails_fails_the_build_with_its_reason(monkeypatch):
    def no_compiler():
        raise OSError("no C compiler")

    hook = _hook()
    monkeypatch.setenv("REFEREE_COMPILE", "1")
    monkeypatch.setattr(hatch_build, "compile_in_place", no_compiler)
    monkeypatch.setattr(hatch_build, "clean", lambda: None)
    with pytest.raises(RuntimeError, match="REFEREE_COMPILE=1 asked .* failed .*no C compiler"):
        hook.initialize("standard", {})


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
