"""The layers of the code (CONTRIBUTING.md, "The layers"; [tool.importlinter] in pyproject.toml): each imports only
those below it, no game imports another, and no package's modules import each other round in a cycle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def test_every_contract_is_kept():
    done = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:]
    assert "0 broken" in done.stdout


def test_a_shared_layer_importing_a_game_or_a_layer_above_it_breaks_the_contracts(tmp_path):
    """The contracts can fail: a copy of the package where the shared rules import the dashboard, and one game
    another game, is refused on both counts."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "referee", copy / "referee", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (copy / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    with open(copy / "referee" / "rules" / "charts.py", "a", encoding="utf-8") as charts:
        charts.write("\nimport referee.tui.app  # noqa\n")
    with open(copy / "referee" / "rulesets" / "bos" / "rules" / "crt.py", "a", encoding="utf-8") as crt:
        crt.write("\nimport referee.rulesets.n30.rules.odds  # noqa\n")
    done = subprocess.run([str(LINT), "--no-cache"], cwd=copy, capture_output=True, text=True,
                          env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1
    assert "referee.rules is not allowed to import referee.tui" in done.stdout
    assert "referee.rulesets.bos is not allowed to import referee.rulesets.n30" in done.stdout
