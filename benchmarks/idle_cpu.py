"""An idle dashboard's CPU: every game's screen opened in a real terminal (a pseudo-terminal of 120x40), left
alone, then after a burst of arrow keys, its CPU time over a quiet spell as a share of one core.

    python benchmarks/idle_cpu.py            # every game, 10 s quiet each
    python benchmarks/idle_cpu.py --quiet 30
Target: under 2% of a core while nobody touches the keyboard.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import struct
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SCENARIOS = ("n30/close-the-ring", "bos/battle-of-seattle", "chicago/chicago-1968", "wallman/town-centre-riot")
DOWN = b"\x1b[B"
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (/proc/PID/stat, fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def share(pid: int, seconds: float) -> float:
    """The process's CPU over the next `seconds`, as a percentage of one core."""
    before, started = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - before) / (time.monotonic() - started)


def measure(scenario: str, folder: Path, quiet: float) -> tuple[float, float]:
    """(idle, idle after 12 quick arrow keys) CPU of `referee play` on a new session of `scenario`."""
    from referee.session import Session

    path = folder / f"{scenario.replace('/', '-')}.db"
    Session.create(path, scenario, {}, 7)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", COLUMNS="120", LINES="40")
        os.execv(sys.executable, [sys.executable, "-m", "referee", "play", str(path)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    threading.Thread(target=_drain, args=(fd,), daemon=True).start()  # a terminal that reads what is drawn
    try:
        time.sleep(6)  # opened and drawn
        idle = share(pid, quiet)
        os.write(fd, DOWN * 12)
        time.sleep(2)
        return idle, share(pid, quiet)
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", type=float, default=10.0, help="seconds of each quiet spell measured")
    args = parser.parse_args()
    print(f"{'scenario':28} {'idle':>7} {'after keys':>11}   (% of one core over {args.quiet:g} s)")
    with tempfile.TemporaryDirectory() as folder:
        for scenario in SCENARIOS:
            idle, after = measure(scenario, Path(folder), args.quiet)
            print(f"{scenario:28} {idle:6.1f}% {after:10.1f}%")


if __name__ == "__main__":
    main()
