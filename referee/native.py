"""The compiled modules (mypyc; built by `hatch_build.py` beside their sources) and when referee runs without them.

They are the same code as their sources. Python loads a compiled module before its source, so the sources are
loaded instead, all of them together, where `REFEREE_PURE` is set or any source has changed since it was
compiled (a stale build would run old rules). `IN_USE` says which run (benchmarks/simulate_bench.py prints it).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "native.json"  # written by the build: each compiled source and its modification time


def _compiled() -> dict[str, int | None]:
    try:
        return json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _stale(compiled: dict[str, int | None]) -> bool:
    """Whether a source changed since it was compiled (an installed wheel's sources, without times, never do)."""
    try:
        return any(mtime is not None and (PACKAGE / name).stat().st_mtime_ns != mtime for name, mtime in compiled.items())
    except OSError:
        return True


class _Sources:
    """A finder (sys.meta_path) of the compiled modules' sources, ahead of the compiled modules."""

    def __init__(self, names: dict[str, Path]):
        from importlib.util import spec_from_file_location  # now, not while finding: it would find itself

        self.names, self.spec = names, spec_from_file_location

    def find_spec(self, name, path=None, target=None):
        source = self.names.get(name)
        return self.spec(name, source) if source else None


def _module(name: str) -> str:
    return "referee." + name.removesuffix(".py").replace("/", ".")


def use() -> str:
    """Decide, before any of them is imported, whether the compiled modules are used: "compiled", "pure" (none
    built), or why the sources are used instead."""
    compiled = _compiled()
    if not compiled:
        return "pure"
    if os.environ.get("REFEREE_PURE"):
        why = "REFEREE_PURE is set"
    elif _stale(compiled):
        why = "sources changed since they were compiled"
    else:
        return "compiled"
    sys.meta_path.insert(0, _Sources({_module(name): PACKAGE / name for name in compiled}))
    return f"pure ({why})"


IN_USE = use()
