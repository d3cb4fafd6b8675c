"""Other revisions of referee beside the working tree, for benchmarks that compare them (not a test)."""

from __future__ import annotations

import compileall
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checked_out(revisions: list[str]) -> Iterator[dict[str, Path]]:
    """Each revision in a temporary git worktree, and the working tree as "now": name -> folder, each with its
    bytecode compiled (these machines set PYTHONDONTWRITEBYTECODE, and an installed copy has it)."""
    with tempfile.TemporaryDirectory() as scratch:
        roots = {"now": ROOT}
        for revision in revisions:
            tree = Path(scratch) / f"rev{len(roots)}"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), revision], check=True)
            roots[revision] = tree
        try:
            for root in roots.values():
                compileall.compile_dir(root / "referee", quiet=1)
            yield roots
        finally:
            for name, root in roots.items():
                if name != "now":
                    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(root)], check=False)
