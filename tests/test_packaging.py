"""The scenarios and templates folders are found from a checkout and from an installed wheel."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_bundles_the_data_and_the_installed_package_finds_it(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(tmp_path)],
                   check=True, capture_output=True, env={**os.environ, "REFEREE_COMPILE": "0"})  # pure: quick
    wheel = next(tmp_path.glob("referee-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "referee/_data/scenarios/n30/close-the-ring.toml" in names
    assert "referee/_data/scenarios/n30/board/map.toml" in names
    assert any(name.startswith("referee/_data/templates/") for name in names)
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = ("import referee.paths as p, referee.scenario.catalog as c;"
             "print(p.data_dir('scenarios')); print(c.load('n30/close-the-ring').title)")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                         check=True, capture_output=True, text=True).stdout.splitlines()
    assert out == [str(site / "referee" / "_data" / "scenarios"), "Close the Ring"]


def test_checkout_finds_the_top_level_folders():
    from referee.paths import data_dir

    assert data_dir("scenarios") == ROOT / "scenarios"
    assert data_dir("templates") == ROOT / "templates"
