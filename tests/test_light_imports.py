"""Start-up stays light: `--help` and the calculator load no heavy library, and the layers keep to theirs."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from tests.examples import WORKED_CONFRONTATION

HEAVY = ("textual", "sqlalchemy", "sqlmodel", "pydantic", "jinja2")
PACKAGE = Path(referee.__file__).resolve().parent
EXAMPLE = WORKED_CONFRONTATION
BOS_COMBAT = json.dumps({"attacker": "authority", "attackers": [{"id": "SPD 1", "type": "spd"}],
                         "defenders": [{"id": "Radicals 1", "type": "radical"}], "dice": [1, 1]})
CHICAGO_CONFLICT = json.dumps({"attacker": "police", "table": "harass",
                               "attack": [{"id": "Co 1", "type": "police", "level": 1, "count": 3}],
                               "defend": [{"id": "G1", "type": "demonstrator", "level": 4}], "box": "P4/D1", "roll": 2})



def heavy(modules) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


@pytest.mark.parametrize("args, stdin", [(["--help"], ""), (["resolve", "n30"], EXAMPLE), (["resolve", "bos"], BOS_COMBAT),
                                         (["resolve", "chicago"], CHICAGO_CONFLICT)])
def test_importtime_shows_no_heavy_import(args, stdin):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert "referee.cli" in imported
    assert heavy(imported) == []


PROBE = """
import contextlib, io, json, sys
from referee.cli import main
sys.stdin = io.StringIO(sys.argv[1])
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(sys.argv[2:])
    except SystemExit as exit_:
        code = exit_.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


@pytest.mark.parametrize("args, stdin", [
    (["--help"], ""),
    (["resolve", "n30"], EXAMPLE),
    (["resolve", "n30", "--seed", "3"], json.dumps({k: v for k, v in json.loads(EXAMPLE).items() if k != "dice"})),
    (["resolve", "n30"], "{ not json"),
    (["resolve", "bos"], BOS_COMBAT),
    (["resolve", "bos"], '{"attacker": "police"}'),
    (["resolve", "chicago"], CHICAGO_CONFLICT),
    (["resolve", "chicago"], '{"attacker": "police"}'),
    (["frobnicate"], ""),
])
def test_modules_after_running_main(args, stdin):
    done = subprocess.run([sys.executable, "-c", PROBE, stdin, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] in (0, 2)
    assert heavy(result["modules"]) == []
    if args[0] == "resolve" and result["code"] == 0:
        assert json.loads(result["out"])["ruleset"] == args[1]


@pytest.mark.parametrize("calculator, stdin", [("wallman-rl", '{"rl": 5, "roll": 3}'),
                                                ("wallman-fight", '{"a": {"roll": 4}, "b": {"roll": 2}}')])
def test_pydantic_calculators_import_no_ui_or_database(calculator, stdin):
    """The Wallman charts check their input with pydantic, but load no Textual, SQLAlchemy or Jinja."""
    done = subprocess.run([sys.executable, "-c", PROBE, stdin, "resolve", calculator], capture_output=True, text=True,
                          timeout=60)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr[-2000:]
    answer = json.loads(result["out"])
    assert answer.get("calculator", answer.get("ruleset")) == calculator
    assert [m for m in heavy(result["modules"]) if not m.startswith("pydantic")] == []


@pytest.mark.parametrize("args, stdin, loaded, not_loaded", [
    (["--help"], "", (), ("referee.rulesets", "referee.testing", "pytest", "_pytest")),
    (["scenarios"], "", ("referee.rulesets.n30.plugin", "referee.rulesets.wallman.plugin"),
     ("referee.rulesets.n30.rules", "referee.rulesets.wallman.rules", "referee.rulesets.n30.tui")),
    (["resolve", "n30"], EXAMPLE, ("referee.rulesets.n30.rules.calculator",), ("referee.rulesets.wallman.rules",)),
    (["resolve", "wallman-rl"], '{"rl": 5, "roll": 3}', ("referee.rulesets.wallman.rules.calculator",),
     ("referee.rulesets.n30.rules",)),
    (["resolve", "bos"], BOS_COMBAT, ("referee.rulesets.bos.rules.calculator",),
     ("referee.rulesets.n30.rules", "referee.rulesets.wallman.rules")),
    (["resolve", "chicago"], CHICAGO_CONFLICT, ("referee.rulesets.chicago.rules.calculator",),
     ("referee.rulesets.n30.rules", "referee.rulesets.wallman.rules", "referee.rulesets.bos.rules")),
])
def test_a_ruleset_loads_only_when_asked_for(args, stdin, loaded, not_loaded):
    """The registry: `--help` reads no declaration (and loads neither the conformance kit nor pytest); listing reads
    every declaration but loads no game; a calculator loads its own game's rules and no other's."""
    done = subprocess.run([sys.executable, "-c", PROBE, stdin, *args], capture_output=True, text=True, timeout=60)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr[-2000:]
    modules = set(result["modules"])
    assert set(loaded) <= modules
    assert [m for m in modules if m.startswith(not_loaded)] == []


@pytest.mark.parametrize("command", [["brief", "--all", "--out", "{out}"], ["state"], ["log"],
                                     ["view", "--player", "police"], ["verify"]])
def test_read_only_commands_and_printing_load_no_sqlalchemy(tmp_path, command):
    """An SQLite session is read (and its briefings recorded) through the plain DB-API."""
    from referee.session import Session

    path = tmp_path / "s.db"
    Session.create(path, "n30/close-the-ring", {}, seed=2).close()
    args = [command[0], str(path), *(a.format(out=tmp_path / "sheets") for a in command[1:])]
    done = subprocess.run([sys.executable, "-c", PROBE, "", *args], capture_output=True, text=True, timeout=60)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr[-2000:]
    assert not [m for m in result["modules"] if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "textual")]


# --- the layers, from the source ----------------------------------------------------------------


def imports(path: Path) -> set[str]:
    """Every absolute module a source file imports, at any depth (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


SOURCES = sorted(PACKAGE.rglob("*.py"))


def where(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def within(place: str, folder: str) -> bool:
    """Whether a source lies in a folder of this name at any depth (`tui/`: referee/tui/, a ruleset's tui/)."""
    return f"/{folder}" in f"/{place}"


def offenders(allowed_under: tuple[str, ...], libraries: tuple[str, ...], only_under: str = "") -> list[str]:
    found = []
    for path in SOURCES:
        place = where(path)
        if only_under and not within(place, only_under):
            continue
        if any(within(place, folder) for folder in allowed_under):
            continue
        found += [f"{place}: {name}" for name in imports(path) if name.split(".")[0] in libraries]
    return found


def test_sources_were_found():
    assert any(where(p) == "cli.py" for p in SOURCES)
    assert any(where(p).startswith("rulesets/n30/rules/") for p in SOURCES)
    assert any(where(p).startswith("rulesets/wallman/rules/") for p in SOURCES)
    assert any(where(p).startswith("rulesets/bos/rules/") for p in SOURCES)
    assert any(where(p).startswith("rulesets/chicago/rules/") for p in SOURCES)


def test_only_the_tui_imports_textual():
    assert offenders(("tui/",), ("textual",)) == []


def test_only_the_store_imports_sqlalchemy_or_sqlmodel():
    assert offenders(("store/",), ("sqlalchemy", "sqlmodel")) == []


def test_pytest_is_imported_by_the_conformance_kit_s_plugin_alone_and_the_kit_by_nothing_of_referee():
    """pytest is no dependency of referee: only the plugin pytest loads imports it, and referee never imports the kit."""
    assert offenders(("testing/plugin.py",), ("pytest", "_pytest")) == []
    inward = [f"{where(p)}: {name}" for p in SOURCES if not within(where(p), "testing/") for name in imports(p)
              if name.startswith("referee.testing")]
    assert inward == []


def test_the_rules_import_no_ui_database_or_templates():
    assert offenders((), ("textual", "sqlmodel", "sqlalchemy", "jinja2"), only_under="rules/") == []
    inward = [f"{where(p)}: {name}" for p in SOURCES if within(where(p), "rules/") for name in imports(p)
              if name.startswith(("referee.store", "referee.session", "referee.tui", "referee.cli"))]
    assert inward == []
