"""Long work shows progress on a terminal and stays silent in a pipe."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from referee.simulate import simulate


def test_simulate_ticks_once_a_game_in_one_process_and_in_several():
    for workers in (1, 2):
        ticks: list[int] = []
        simulate("n30/close-the-ring", games=6, seed=3, workers=workers, progress=lambda ticks=ticks: ticks.append(1))
        assert len(ticks) == 6


def test_simulate_is_silent_on_stderr_when_it_is_not_a_terminal(referee_process):
    run = referee_process("simulate", "n30/close-the-ring", "--games", "4")
    assert run.code == 0 and run.err == ""


def test_simulate_shows_a_progress_bar_on_a_terminal(tmp_path):
    leader, follower = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "referee", "simulate", "n30/close-the-ring", "--games", "30"],
                          stdout=subprocess.PIPE, stderr=follower, timeout=120, cwd=tmp_path)
    os.close(follower)
    shown = os.read(leader, 65536).decode("utf-8", "replace")
    os.close(leader)
    assert done.returncode == 0 and '"games": 30' in done.stdout.decode()
    assert "games" in shown and "100%" in shown
