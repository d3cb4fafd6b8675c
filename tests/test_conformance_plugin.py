"""The conformance kit as pytest runs it for a ruleset's author, in a folder of his own: a real `pytest` process given
the ruleset's name on its command line or in its configuration, the plugin loaded by `-p` or by referee's entry point
(`pyproject.toml`, installed here as `pip install` would leave it)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from referee.testing import CHECKS

ROOT = Path(__file__).parent.parent


def pytest_process(folder: Path, *args: str, site: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m pytest ARGS` run in `folder`, `site` (a folder of installed packages) first on its path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(site or ""), os.environ.get("PYTHONPATH"))))}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)


def results(done: subprocess.CompletedProcess) -> list[str]:
    """Each test's id and outcome, as `pytest -v` prints them."""
    return [line.split(" [")[0].strip() for line in done.stdout.splitlines() if line.startswith("referee[")]


def test_the_kit_checks_a_ruleset_named_on_the_command_line(picket, tmp_path):
    done = pytest_process(tmp_path, "-p", "referee.testing.plugin", "--referee-ruleset", "picket")
    assert done.returncode == 0, done.stdout + done.stderr
    assert results(done) == [f"referee[picket]::{which} PASSED" for which in CHECKS]


def test_the_kit_checks_the_rulesets_the_configuration_names_and_k_chooses_among_its_checks(picket, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\nreferee_rulesets = ["picket"]\n')
    done = pytest_process(tmp_path, "-p", "referee.testing.plugin", "-k", "json or views")
    assert done.returncode == 0, done.stdout + done.stderr
    assert results(done) == ["referee[picket]::json PASSED", "referee[picket]::views PASSED"]
    assert "2 passed, 4 deselected" in done.stdout


def test_a_ruleset_that_is_not_installed_fails_every_check_in_a_line(tmp_path):
    done = pytest_process(tmp_path, "-p", "referee.testing.plugin", "--referee-ruleset", "pickets")
    assert done.returncode == 1
    assert results(done) == [f"referee[pickets]::{which} FAILED" for which in CHECKS]
    said = "unknown ruleset 'pickets' (installed: bos, chicago, n30, wallman)"
    assert done.stdout.count(f"\n{said}\n") == len(CHECKS) and "Traceback" not in done.stdout


def test_referee_s_entry_point_loads_the_plugin_with_or_without_p(picket, tmp_path):
    """The entry point `pytest11` of pyproject.toml, installed: pytest loads the kit of itself, and a `-p` naming it
    too loads it once."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["pytest11"]
    installed = tmp_path / "site" / "referee_entry-0.dist-info"
    installed.mkdir(parents=True)
    (installed / "METADATA").write_text("Metadata-Version: 2.1\nName: referee-entry\nVersion: 0\n")
    (installed / "entry_points.txt").write_text("[pytest11]\n" + "".join(f"{k} = {v}\n" for k, v in declared.items()))
    for args in ((), ("-p", "referee.testing.plugin")):
        done = pytest_process(tmp_path, *args, "--referee-ruleset", "picket", "-k", "declaration", site=tmp_path / "site")
        assert done.returncode == 0, done.stdout + done.stderr
        assert results(done) == ["referee[picket]::declaration PASSED"]
