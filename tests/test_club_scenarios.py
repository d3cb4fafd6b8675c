"""The club's own scenarios: files in `$REFEREE_SCENARIOS` and the user's data folder, each in a folder named for its
ruleset, listed by `referee scenarios` beside the installed ones and marked as the club's, played by id; a scenario
file anywhere played and simulated by its path; a session made of one opens once the file is gone (its data is
kept in the session); a broken or clashing file said in one line and hiding no other scenario."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from referee.paths import data_dir

SCENARIOS = data_dir("scenarios")


def copied(into: Path, scenario: str, new_id: str) -> Path:
    """An installed scenario's file and board copied into a folder (`<ruleset>/`), its id changed: the file."""
    ruleset, name = scenario.split("/")
    folder = into / ruleset
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SCENARIOS / ruleset / "board", folder / "board", dirs_exist_ok=True)
    text = (SCENARIOS / ruleset / f"{name}.toml").read_text(encoding="utf-8")
    assert f'id = "{scenario}"' in text
    target = folder / f"{new_id.split('/')[1]}.toml"
    target.write_text(text.replace(f'id = "{scenario}"', f'id = "{new_id}"', 1), encoding="utf-8")
    return target


def referee(tmp_path: Path, *args: object, club: Path | None = None) -> subprocess.CompletedProcess:
    """The command line with the user's data folder in `tmp_path` (nothing of the machine's), and the club's folder."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("REFEREE_SCENARIOS", None)
    if club is not None:
        env["REFEREE_SCENARIOS"] = str(club)
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=tmp_path)


def played(tmp_path: Path, scenario: str, club: Path) -> None:
    """A scenario of the club's played by id: a session made (`new`), a command applied, its sheets printed (`brief`)
    and its review written, which names it."""
    (tmp_path / "commands.json").write_text('{"do": "end-phase"}\n', encoding="utf-8")
    for args in (("new", scenario, "--db", "ours.db", "--seed", "2", "--predictable"),
                 ("apply", "ours.db", "commands.json"), ("brief", "ours.db", "--all", "--out", "sheets"),
                 ("review", "ours.db", "--out", "review.html")):
        done = referee(tmp_path, *args, club=club)
        assert done.returncode == 0, (args, done.stderr)
    assert scenario in (tmp_path / "review.html").read_text(encoding="utf-8")


def test_a_club_s_scenario_is_listed_marked_and_played_by_id(tmp_path):
    club = tmp_path / "club"
    ours = copied(club, "wallman/town-centre-riot", "wallman/our-town")
    listed = referee(tmp_path, "scenarios", club=club)
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if line.startswith("wallman/our-town "))
    assert line.endswith(f"[the club's own: {ours}]")
    assert not any("[the club's own" in line for line in listed.stdout.splitlines() if not line.startswith("wallman/our-town "))
    catalogue = {item["id"]: item for item in json.loads(referee(tmp_path, "scenarios", "--json", club=club).stdout)}
    assert catalogue["wallman/our-town"]["club"] is True and catalogue["wallman/our-town"]["file"] == str(ours)
    assert catalogue["wallman/town-centre-riot"]["club"] is False
    made = referee(tmp_path, "new", "wallman/our-town", "--db", "s.db", club=club)
    assert made.returncode == 0, made.stderr
    shutil.rmtree(club)  # the session keeps the scenario's data: it opens without the file
    state = referee(tmp_path, "state", "s.db")
    assert state.returncode == 0 and "(wallman/our-town)" in state.stdout


def test_the_user_s_data_folder_holds_the_club_s_scenarios_too(tmp_path):
    copied(tmp_path / "data" / "referee" / "scenarios", "chicago/two-days", "chicago/our-days")
    listed = referee(tmp_path, "scenarios")
    assert any(line.startswith("chicago/our-days ") and "[the club's own: " in line for line in listed.stdout.splitlines())


def test_a_scenario_file_anywhere_is_played_and_simulated_by_its_path(tmp_path):
    ours = copied(tmp_path / "anywhere", "chicago/two-days", "chicago/our-days")
    made = referee(tmp_path, "new", ours, "--seed", "3", "--predictable")
    assert made.returncode == 0, made.stderr
    session = Path(made.stdout.strip().splitlines()[-1])
    assert session.name.startswith("chicago-our-days-")  # named for its id, not its path
    assert "(chicago/our-days)" in referee(tmp_path, "state", session).stdout
    simulated = referee(tmp_path, "simulate", ours, "--games", "4", "--seed", "1")
    assert simulated.returncode == 0, simulated.stderr
    assert json.loads(simulated.stdout)["games"] == 4 and json.loads(simulated.stdout)["scenario"] == "chicago/our-days"


def test_a_missing_broken_or_clashing_club_file_is_one_line_and_hides_nothing(tmp_path):
    missing = referee(tmp_path, "new", "nowhere/ours.toml")
    assert missing.returncode == 2 and missing.stderr.strip() == "referee: no scenario file 'nowhere/ours.toml'"
    club = tmp_path / "club"
    broken = copied(club, "chicago/two-days", "chicago/broken")
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text.replace("\nturns = ", '\nturns = "six" # ', 1), encoding="utf-8")
    line = text[:text.index("\nturns = ") + 1].count("\n") + 1
    clash = copied(club, "chicago/two-days", "chicago/two-days")
    listed = referee(tmp_path, "scenarios", club=club)
    assert listed.returncode == 2
    assert f"{broken}:{line}: turns:" in listed.stderr
    assert f"{clash}: chicago/two-days is already " in listed.stderr
    assert "chicago/two-days " in listed.stdout and "chicago/broken" not in listed.stdout
    refused = referee(tmp_path, "new", broken, "--db", "b.db")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "b.db").exists()


def test_a_copied_scenario_edited_with_a_mistake_is_refused_at_its_line_then_fixed_checked_and_played(tmp_path):
    """`scenario copy` into the club's folder, with every file it names (N30's Wallman tables too); a mistake made
    in the copy is refused by `scenario check` with its file and line; fixed, it is checked, played (`new`, `apply`,
    `brief`, `review`) by id, and simulated by its path with one of its tunables set."""
    club = tmp_path / "club"
    copied_to = referee(tmp_path, "scenario", "copy", "n30/first-hour", "n30/our-hour", "--to", club)
    assert copied_to.returncode == 0, copied_to.stderr
    ours = Path(copied_to.stdout.strip())
    assert ours == club / "n30" / "our-hour.toml"
    installed = (SCENARIOS / "n30" / "first-hour.toml").read_text(encoding="utf-8")
    text = ours.read_text(encoding="utf-8")
    assert text.count("\n") == installed.count("\n") and "# Close the Ring in a lesson" in text  # comments kept
    assert sorted(path.name for path in (club / "n30" / "our-hour").iterdir()) == [
        "forces.toml", "map.toml", "reinforcements.toml", "setups.toml", "tables.toml"]
    line = text[:text.index("\nturns = ")].count("\n") + 2
    ours.write_text(text.replace("\nturns = ", '\nturns = "six" # ', 1), encoding="utf-8")
    mistake = referee(tmp_path, "scenario", "check", ours)
    assert mistake.returncode == 2 and mistake.stderr.startswith(f"referee: {ours}:{line}: turns:")
    ours.write_text(text.replace("\nturns = 6", "\nturns = 4", 1), encoding="utf-8")
    fixed = referee(tmp_path, "scenario", "check", ours)
    assert fixed.returncode == 0 and "ok: n30/our-hour" in fixed.stdout and "4 turns" in fixed.stdout
    played(tmp_path, "n30/our-hour", club)
    chicago = Path(referee(tmp_path, "scenario", "copy", "chicago/two-days", "chicago/our-days", "--to", club).stdout.strip())
    simulated = referee(tmp_path, "simulate", chicago, "--games", "3", "--set", "assault_3to1_die3=DD2")
    assert simulated.returncode == 0 and json.loads(simulated.stdout)["scenario"] == "chicago/our-days", simulated.stderr


def test_a_copy_is_refused_in_one_line_where_its_id_is_wrong_taken_or_there_already(tmp_path):
    club = tmp_path / "club"
    assert referee(tmp_path, "scenario", "copy", "chicago/two-days", "chicago/ours", "--to", club).returncode == 0
    for new_id, said in [("Chicago/Ours", "is no scenario id"), ("bos/ours", "copy it as chicago/ours"),
                         ("chicago/two-days", "is taken already"), ("chicago/ours", "already exists")]:
        refused = referee(tmp_path, "scenario", "copy", "chicago/two-days", new_id, "--to", club)
        assert refused.returncode == 2 and said in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    assert referee(tmp_path, "scenario", "copy", "chicago/two-days", club=club).returncode == 2


def test_a_club_s_scenario_its_game_refuses_is_listed_faulty_with_its_problem_and_not_played(tmp_path):
    """The game's own checks (a crowd's RL off Wallman's RL State Chart) run as the club's scenarios are listed."""
    club = tmp_path / "club"
    ours = copied(club, "wallman/first-minutes", "wallman/wild")
    forces = ours.parent / "board" / "forces.toml"
    text = forces.read_text(encoding="utf-8")
    assert "rl = 6," in text
    text = text.replace("rl = 6,", "rl = 12,", 1).replace('objective = "Market Cross" }', 'objective = "Nowhere" }', 1)
    forces.write_text(text, encoding="utf-8")
    listed = referee(tmp_path, "scenarios", club=club)
    assert listed.returncode == 2
    line = next(line for line in listed.stdout.splitlines() if line.startswith("wallman/wild "))
    first = "RL State Chart: an RL runs from 1 to 8, got 12 (crowd Estate youths)"
    more = " (and 1 more: `referee scenario check` lists them)"
    assert line.endswith(f"[the club's own: {ours}] [faulty, not playable: {first}{more}]")
    assert "wallman/first-minutes " in listed.stdout and "faulty" not in listed.stdout.replace(line, "")
    assert listed.stderr.strip() == f"referee: {ours}: faulty: {first}{more}"
    item = next(item for item in json.loads(referee(tmp_path, "scenarios", "--json", club=club).stdout)
                if item["id"] == "wallman/wild")
    assert item["faulty"] == first + more
    checked = referee(tmp_path, "scenario", "check", ours)
    assert checked.returncode == 2 and checked.stderr.splitlines() == [  # every fault the game's own checks find
        f"referee: {ours}: {first}", f"referee: {ours}: wallman/wild: the objective of Precinct crowd, 'Nowhere', is "
                                     "neither a place nor a building"]
    refused = referee(tmp_path, "new", "wallman/wild", "--db", "w.db", club=club)
    assert refused.returncode == 2 and not (tmp_path / "w.db").exists()
