"""The README's quick start for a class or a club: every command it shows runs as written (the server and the
dashboard, which wait for the room, are started by the tests of the live pages and of the dashboard)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
WAITING = ("serve", "play")  # they run until the umpire stops them


def quick_start() -> tuple[str, list[list[str]]]:
    """The quick start's table and each of its commands, as words, comments dropped."""
    section = README.read_text(encoding="utf-8").split("## A quick start for a class or a club", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)[1]
    return section, [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def test_the_quick_start_runs_from_a_new_session_to_its_review(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _, commands = quick_start()
    assert [words[1] for words in commands] == ["new", "brief", "serve", "play", "review"]
    for words in commands:
        if words[1] not in WAITING:
            run = cli(*words[1:])
            assert run.code == 0, (words, run.err)
    assert (tmp_path / "review.html").stat().st_size > 0 and any((tmp_path / "sheets").glob("*.html"))


def test_the_quick_start_names_every_scenario_with_its_players_and_turns():
    """Each scenario has its row, with the players its file names (and how many may play in teams) and its number of
    turns."""
    from referee.scenario.catalog import every_scenario

    table, _ = quick_start()
    rows = {cells[1].strip("` "): cells[2:4] for cells in (line.split("|") for line in table.splitlines())
            if len(cells) > 4 and "`" in cells[1]}
    for scenario in every_scenario():
        players, turns = rows[scenario.id]
        teams = "".join(f", or {min(counts.values())} to {max(counts.values())} in teams"
                        for counts in scenario.teams.values())
        assert players.strip() == f"{len(scenario.players)}{teams}", scenario.id
        assert turns.split()[0] == str(scenario.clock.turns), scenario.id
