"""The registry's cache of the installed rulesets (referee.rulesets): read while the installed packages are as they
were, read afresh when one comes or goes, and never in the way when it cannot be read or written."""

from __future__ import annotations

import json
import os

import pytest

from referee import rulesets
from tests.conftest import PLUGINS

BUILT_IN = {"n30", "wallman", "bos", "chicago"}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The registry with an empty cache of its own, read again before and after the test."""
    path = tmp_path / "cache" / "rulesets.json"
    monkeypatch.setattr(rulesets, "_cache_file", lambda: path)
    rulesets.forget()
    yield path
    rulesets.forget()


def scanned(monkeypatch) -> list[int]:
    """Count the times the installed distributions are read."""
    calls: list[int] = []
    scan = rulesets._scan

    def counting() -> dict[str, str]:
        calls.append(1)
        return scan()

    monkeypatch.setattr(rulesets, "_scan", counting)
    return calls


def test_the_first_discovery_writes_the_cache_and_the_next_reads_it(cache, monkeypatch):
    calls = scanned(monkeypatch)
    assert BUILT_IN <= set(rulesets.names())
    written = json.loads(cache.read_text())
    assert written["points"]["n30"] == "referee.rulesets.n30.plugin:PLUGIN"
    rulesets.forget()
    assert BUILT_IN <= set(rulesets.names()) and len(calls) == 1
    assert rulesets.get("n30").id == "n30"


def test_a_package_installed_since_is_found(cache, monkeypatch):
    """Installing a package changes the folder it goes into: the cache no longer answers."""
    assert "picket" not in rulesets.names()
    rulesets.forget()
    monkeypatch.syspath_prepend(str(PLUGINS))
    assert "picket" in rulesets.names() and rulesets.get("picket").id == "picket"


def test_a_package_removed_since_is_forgotten(cache, monkeypatch, tmp_path):
    site = tmp_path / "site"
    (site / "picket_example-0.1.dist-info").mkdir(parents=True)
    for name in ("METADATA", "entry_points.txt"):
        (site / "picket_example-0.1.dist-info" / name).write_text((PLUGINS / "picket_example-0.1.dist-info" / name).read_text())
    monkeypatch.syspath_prepend(str(site))
    assert "picket" in rulesets.names()
    for name in ("METADATA", "entry_points.txt"):
        (site / "picket_example-0.1.dist-info" / name).unlink()
    (site / "picket_example-0.1.dist-info").rmdir()
    os.utime(site, ns=(0, 0))  # as a clock that does not move between the two would leave it otherwise
    rulesets.forget()
    assert "picket" not in rulesets.names()


@pytest.mark.parametrize("text", ["", "{not json", "[]", '{"key": 1}', '{"key": [], "points": []}'])
def test_a_cache_that_cannot_be_read_is_read_afresh_and_rewritten(cache, monkeypatch, text):
    cache.parent.mkdir()
    cache.write_text(text)
    calls = scanned(monkeypatch)
    assert BUILT_IN <= set(rulesets.names()) and len(calls) == 1
    assert json.loads(cache.read_text())["points"]["chicago"] == "referee.rulesets.chicago.plugin:PLUGIN"


def test_a_cache_that_cannot_be_written_is_no_error(cache, monkeypatch):
    cache.parent.write_text("a file where the folder should be")
    calls = scanned(monkeypatch)
    assert BUILT_IN <= set(rulesets.names())
    rulesets.forget()
    assert BUILT_IN <= set(rulesets.names()) and len(calls) == 2


def test_a_cache_of_other_packages_is_not_believed(cache, monkeypatch):
    """A cache written for another set of installed packages (here: one naming a ruleset that is not there)."""
    rulesets.names()
    written = json.loads(cache.read_text())
    written["key"][0][1] = -1
    written["points"]["ghost"] = "nowhere:PLUGIN"
    cache.write_text(json.dumps(written))
    rulesets.forget()
    assert "ghost" not in rulesets.names()
