"""The build's one optional step: the modules that play simulated games compiled with mypyc, beside their sources.

An install is pure Python, and quick, unless `REFEREE_COMPILE=1` asks for the compiled modules: then `pip install`
(and `pip install -e`) fetches mypyc and compiles them through hatchling, which takes minutes and a C compiler, and
a compile that fails fails the install with its reason (it never goes on quietly without them). They are an
accelerator only, the same code as their sources (referee.native says which are in use; tests/test_native.py
compares the two). `python hatch_build.py` compiles them in place by hand, `python hatch_build.py --clean`
removes them.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "referee"
#: what is compiled: the rules engine's core, and the rules and computer players of each game that has them (the
#: hot paths of `simulate`)
COMPILED = (
    "core/board.py", "core/clock.py", "core/dice.py", "core/engine.py", "core/events.py", "core/state.py",
    "core/units.py", "game.py", "bounds.py", "knowledge/eyes.py",
    *(f"rulesets/n30/rules/{name}.py" for name in (
        "attack", "confrontation", "fold", "friction", "limits", "mood", "movement", "odds", "phases", "ruleset",
        "setup", "success", "turns")),
    *(f"rulesets/n30/players/{name}.py" for name in (
        "autoplay", "base", "belief", "boardinfo", "objective", "random_player")),
    *(f"rulesets/n30/knowledge/{name}.py" for name in ("markers", "record", "sightings", "watch")),
    *(f"rulesets/bos/rules/{name}.py" for name in (
        "arrivals", "board", "combat", "crt", "emergency", "events", "exposure", "fighting", "fold", "forces",
        "movement", "odds", "phases", "reinforcement", "ruleset", "sequence", "setup", "turn_end", "turns", "units",
        "victory")),
    *(f"rulesets/bos/players/{name}.py" for name in ("autoplay", "base", "legal", "odds", "random_player", "simple")),
    *(f"rulesets/chicago/rules/{name}.py" for name in (
        "attrition", "board", "conflict", "fighting", "fold", "forces", "movement", "odds", "ruleset", "sequence",
        "setup", "sizes", "steps", "tables", "units")),
    *(f"rulesets/chicago/players/{name}.py" for name in ("autoplay", "base", "odds", "random_player", "simple")),
)
SWITCH = "REFEREE_COMPILE"  # set to 1 at install: compile the modules
#: what compiling needs, fetched for the build only when it is asked for (the pure build needs hatchling alone)
COMPILER = ["mypy==2.4.1", "setuptools>=70"]
GROUP = "referee.native"  # the shared library of the compiled modules: referee/native__mypyc...
MANIFEST = PACKAGE / "native.json"  # the sources compiled and their modification times (a wheel's: none)


def compiled_files() -> list[Path]:
    """The compiled modules' extension files in the package, and the group's shared library."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return [PACKAGE / Path(name).with_suffix(suffix) for name in COMPILED] + [PACKAGE / f"native__mypyc{suffix}"]


def clean() -> None:
    """Remove the compiled modules: referee runs its pure-Python ones."""
    for path in [*compiled_files(), MANIFEST]:
        path.unlink(missing_ok=True)


def compile_in_place() -> list[Path]:
    """Compile the modules with mypyc into the package, beside their sources, and write the manifest."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    clean()
    sources = [f"referee/{name}" for name in COMPILED]
    with tempfile.TemporaryDirectory() as scratch:
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            extensions = mypycify([*sources, "--config-file=", "--ignore-missing-imports", "--follow-imports=silent"],
                                  group_name=GROUP,
                                  target_dir=str(Path(scratch) / "c"))
            dist = Distribution({"name": "referee-native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.inplace, command.build_temp = True, str(Path(scratch) / "temp")  # type: ignore[attr-defined]
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
    MANIFEST.write_text(json.dumps({name: (PACKAGE / name).stat().st_mtime_ns for name in COMPILED}), encoding="utf-8")
    return [path for path in compiled_files() if path.exists()]


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run by hand
    BuildHookInterface = object  # type: ignore[assignment,misc]


def asked() -> bool:
    """Whether this build was asked to compile the modules (REFEREE_COMPILE=1; 0 or unset: pure Python)."""
    return os.environ.get(SWITCH, "").strip().lower() not in ("", "0", "no", "false")


class NativeBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Compile the modules for a wheel or an editable install where REFEREE_COMPILE=1 asks it."""

    def dependencies(self) -> list[str]:
        return COMPILER if asked() else []

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or not asked():
            return
        try:
            built = compile_in_place()
        except (Exception, SystemExit) as error:
            clean()
            raise RuntimeError(f"referee: {SWITCH}=1 asked for the compiled modules and compiling them failed "
                               f"({type(error).__name__}: {error}); install without {SWITCH} for the pure-Python "
                               "modules, the same rules, slower in simulated games") from error
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":  # a wheel's files are what was built: its manifest asks for no check of them
            for path in built:
                build_data["force_include"][str(path)] = str(path.relative_to(ROOT))
            packaged = Path(self.directory) / "native.json"
            packaged.parent.mkdir(parents=True, exist_ok=True)
            packaged.write_text(json.dumps(dict.fromkeys(COMPILED)), encoding="utf-8")
            build_data["force_include"][str(packaged)] = "referee/native.json"

if __name__ == "__main__":
    if "--clean" in sys.argv[1:]:
        clean()
    else:
        for path in compile_in_place():
            print(path.relative_to(ROOT))
    shutil.rmtree(ROOT / "build", ignore_errors=True)
