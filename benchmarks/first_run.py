"""A newcomer's first command (not a test): from a fresh clone to the dashboard on its demo session, as the
README's first line does it, with pip's cache off so that every package is fetched as on a fresh machine.

    python benchmarks/first_run.py [--compile]

It clones this checkout's HEAD into a temporary folder, makes the venv, installs (`--compile`: with
REFEREE_COMPILE=1, as those who simulate do) and starts `referee demo` in a terminal of 120x40 until its first
screen shows the turn. Prints the seconds of each step. Target: the dashboard within 60 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_SCREEN = b"turn 1/"  # the status bar of the demo's first screen


def first_screen(folder: Path, limit: float = 300.0) -> float:
    """Seconds from starting `referee demo` in a pseudo-terminal to its first screen."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(folder)
        os.environ.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
        os.execv(str(folder / ".venv/bin/referee"), ["referee", "demo"])
    seen = b""
    try:
        while time.perf_counter() - start < limit:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                seen = (seen + os.read(fd, 65536))[-65536:]
                if FIRST_SCREEN in seen:
                    return time.perf_counter() - start
        raise SystemExit(f"no first screen within {limit:.0f} s")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compile", action="store_true", help="install with REFEREE_COMPILE=1")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="referee-first-run-"))
    try:
        start = time.perf_counter()
        subprocess.run(["git", "clone", "-q", str(ROOT), str(folder / "referee")], check=True)
        folder = folder / "referee"
        cloned = time.perf_counter()
        subprocess.run([sys.executable, "-m", "venv", ".venv"], cwd=folder, check=True)
        env = {**os.environ, "PIP_NO_CACHE_DIR": "1", "REFEREE_COMPILE": "1" if args.compile else "0"}
        subprocess.run([".venv/bin/pip", "install", "-q", "-e", "."], cwd=folder, env=env, check=True,
                       stderr=subprocess.DEVNULL)
        installed = time.perf_counter()
        shown = first_screen(folder)
        print(f"clone {cloned - start:.1f} s, venv and install {installed - cloned:.1f} s, "
              f"first screen {shown:.1f} s: {installed - start + shown:.1f} s in all "
              f"({os.cpu_count()} cores, {'compiled' if args.compile else 'pure Python'})")
    finally:
        shutil.rmtree(folder.parent if folder.name == "referee" else folder, ignore_errors=True)


if __name__ == "__main__":
    main()
