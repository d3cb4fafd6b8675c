"""Running the command line: in-process (fast) and as a real process (exit codes, stdout/stderr); the example
ruleset of docs/rulesets.md, installed for the tests that ask for it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser import AVAILABLE as BROWSER
from tests.pg_server import AVAILABLE, BACKENDS

collect_ignore = ([] if AVAILABLE else ["test_postgres.py"]) + (  # PostgreSQL's own faults, on a machine with the server
    [] if BROWSER else ["test_web_browser.py", "test_paper.py"])  # pages in Chromium, on a machine with it


MARKS = {
    "subprocess": "runs referee or another program as a real process",
    "tui": "drives the dashboard (Textual's Pilot, snapshots)",
    "postgres": "needs the throwaway PostgreSQL server (tests/pg_server.py)",
    "browser": "drives Chromium (Playwright, axe-core)",
    "slow": "any of the above, or a module whose tests play many whole games (SLOW): "
            "pytest -m 'not slow' is the inner loop",
}
SIGNS = {  # what in a test module's text puts its tests under a mark
    "subprocess": ("import subprocess", "referee_process"),
    "tui": ("tests.tui_support", "run_test(", "snap_compare"),
    "browser": ("tests.browser", "playwright"),
    "postgres": ("postgres_server", "tests.pg_server"),
}
SLOW = {  # the modules that took longest outside the marks above, measured with `pytest -m "not slow" --durations=0`
    "test_simulate_invariants.py", "test_cluster.py", "test_sheet_words.py", "test_knowledge_leaks.py",
    "test_wallman_knowledge.py", "test_chicago_autoplay.py", "test_bos_odds.py", "test_players.py", "test_door_fuzz.py",
    "test_review_maps.py", "test_bos_autoplay.py", "test_conformance.py",
}


def pytest_configure(config) -> None:
    for name, what in MARKS.items():
        config.addinivalue_line("markers", f"{name}: {what}")


def pytest_collection_modifyitems(items) -> None:
    """Mark every test by what it needs, read from its module's text (and a session on PostgreSQL by its
    parameter), so that no test has to remember to."""
    texts: dict[Path, str] = {}
    for item in items:
        path = Path(item.fspath)
        text = texts.setdefault(path, path.read_text(encoding="utf-8"))
        marks = {name for name, signs in SIGNS.items() if any(sign in text for sign in signs)}
        if "postgres" in getattr(getattr(item, "callspec", None), "id", ""):
            marks.add("postgres")
        if marks or path.name in SLOW:
            marks.add("slow")
        for name in sorted(marks):
            item.add_marker(name)


@dataclass
class Run:
    """What one run of `referee ...` did."""

    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


@pytest.fixture(autouse=True)
def recent_sessions(tmp_path_factory, monkeypatch):
    """Each test its own list of recent sessions (referee.recent), never the user's nor another test's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True, scope="session")
def user_folders(tmp_path_factory):
    """The registry's cache (referee.rulesets) and the umpire's key (referee.store.seal) go under the run's own
    folders, never the user's."""
    saved = {name: os.environ.get(name) for name in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    for name in saved:
        os.environ[name] = str(tmp_path_factory.mktemp(name.lower()))
    yield
    for name, value in saved.items():
        if value is None:
            del os.environ[name]
        else:
            os.environ[name] = value


@pytest.fixture(autouse=True)
def sessions_folder(tmp_path, monkeypatch):
    """New sessions go under the test's own folder, never the user's."""
    monkeypatch.setenv("REFEREE_SESSIONS", str(tmp_path / "sessions"))
    return tmp_path / "sessions"


@pytest.fixture
def cli():
    """`cli(*args, stdin="...")` runs referee.cli.main in this process and captures its output."""
    from referee.cli import main

    def run(*args: object, stdin: str = "") -> Run:
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as exit_:  # --help
            code = exit_.code or 0
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
        return Run(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def referee_process(tmp_path):
    """`referee_process(*args, stdin=..., cwd=...)` runs `python -m referee` as a subprocess."""

    def run(*args: object, stdin: str | bytes = "", cwd=None) -> Run:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        env = {k: v for k, v in os.environ.items() if k != "REFEREE_DEBUG"}
        done = subprocess.run([sys.executable, "-m", "referee", *map(str, args)], input=data,
                              capture_output=True, cwd=cwd or tmp_path, env=env, timeout=120)
        return Run(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))

    return run


PLUGINS = Path(__file__).parent / "plugins"
"""The example ruleset of docs/rulesets.md: the package `picket` and the metadata of its installation
(`picket_example-0.1.dist-info`, whose `entry_points.txt` declares it), as `pip install` would leave them."""


def _forget_rulesets() -> None:
    from referee import rulesets

    rulesets.forget()


@pytest.fixture
def picket(monkeypatch):
    """The example ruleset installed for one test, through the entry points alone: its folder on `sys.path`
    (and on `PYTHONPATH`, for real `referee` processes), the registry read again before and after. No other
    test sees it."""
    from referee import rulesets

    _forget_rulesets()
    monkeypatch.syspath_prepend(str(PLUGINS))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, (str(PLUGINS), os.environ.get("PYTHONPATH")))))
    try:
        yield rulesets.get("picket")
    finally:
        _forget_rulesets()


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL server for the whole run (tests/pg_server.py), stopped and removed at the end."""
    from tests import pg_server

    with pg_server.running() as server:
        yield server


@pytest.fixture(params=BACKENDS)
def session_at(request, tmp_path):
    """Where a new session goes, on each backend in turn: a file path for SQLite, an empty database's URL for
    PostgreSQL."""
    from referee.store.location import DatabaseUrl

    if request.param == "sqlite":
        return tmp_path / "session.db"
    return DatabaseUrl(request.getfixturevalue("postgres_server").new_database())
