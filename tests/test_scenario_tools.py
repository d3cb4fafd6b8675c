"""A club's own scenario from start to finish: copied (`scenario copy`), edited with mistakes that `scenario check`
lists all at once with their files and lines, fixed, previewed for the umpire (`scenario preview`, HTML and PDF),
played (`new`, `apply`, `brief`, `review`), simulated with a tunable set, packed (`scenario pack`) and unpacked into
another user's folder (`scenario unpack`), and played there; every refusal of an unpacking one line, exit 2, nothing
written."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tests.test_club_scenarios import played, referee


def line_of(text: str, start: str) -> int:
    """The number of the first line of `text` that starts with `start`."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_a_club_s_scenario_is_copied_checked_previewed_played_packed_and_played_in_another_folder(tmp_path):
    club = tmp_path / "club"
    copied = referee(tmp_path, "scenario", "copy", "chicago/two-days", "chicago/our-days", club=club)
    assert copied.returncode == 0, copied.stderr
    ours = Path(copied.stdout.strip())
    assert ours == club / "chicago" / "our-days.toml"  # $REFEREE_SCENARIOS, without --to
    text, setups = ours.read_text(encoding="utf-8"), ours.parent / "our-days" / "setups.toml"
    placed = setups.read_text(encoding="utf-8")

    ours.write_text(text.replace("\nturns = 6", '\nturns = "six"', 1), encoding="utf-8")
    mistake = referee(tmp_path, "scenario", "check", ours, club=club)
    assert mistake.returncode == 2
    assert mistake.stderr.splitlines() == [f"referee: {ours}:{line_of(text, 'turns = ')}: turns: Input should be a "
                                           "valid integer"]

    ours.write_text(text, encoding="utf-8")
    setups.write_text(placed.replace('old-town = ["P3-01"', 'old-towne = ["P3-01"', 1)
                      .replace('river-north = ["P3-07"', 'river-north = ["P3-7"', 1), encoding="utf-8")
    two = referee(tmp_path, "scenario", "check", ours, club=club)
    assert two.returncode == 2 and two.stdout == ""
    lines = two.stderr.splitlines()
    assert f"referee: {setups}:{line_of(placed, 'old-town = ')}: setups.8:00.units.old-towne: unknown intersection " \
           "'old-towne'" in lines
    assert f"referee: {setups}:{line_of(placed, 'river-north = ')}: setups.8:00.units.river-north.0: unknown unit " \
           "'P3-7'" in lines

    setups.write_text(placed, encoding="utf-8")
    fixed = referee(tmp_path, "scenario", "check", "chicago/our-days", club=club)
    assert fixed.returncode == 0 and fixed.stdout.startswith("chicago/our-days: ok: chicago/our-days, "), fixed.stderr

    players = next(item for item in json.loads(referee(tmp_path, "scenarios", "--json", club=club).stdout)
                   if item["id"] == "chicago/our-days")["players"]
    shown = referee(tmp_path, "scenario", "preview", "chicago/our-days", "--out", "ours.html", "--set", "fog=on", club=club)
    assert shown.returncode == 0 and shown.stdout.strip() == "ours.html", shown.stderr
    page = (tmp_path / "ours.html").read_text(encoding="utf-8")
    assert '<svg class="map areas"' in page and "Where they start" in page and "Lincoln Park" in page
    assert page.count('<main class="preview-sheet"') == len(players) == 2
    assert all(f"Sheet {n} of 2" in page for n in (1, 2)) and page.count("Briefing: ") >= 2
    assert "<td class=\"nowrap\"><b>on</b></td>" in page  # fog as set
    printed = referee(tmp_path, "scenario", "preview", "chicago/our-days", "--format", "pdf", club=club)
    assert printed.returncode == 0, printed.stderr
    assert (tmp_path / "our-days-preview.pdf").read_bytes().startswith(b"%PDF")

    played(tmp_path, "chicago/our-days", club)
    simulated = referee(tmp_path, "simulate", ours, "--games", "2", "--set", "assault_3to1_die3=DD2")
    assert simulated.returncode == 0 and json.loads(simulated.stdout)["scenario"] == "chicago/our-days", simulated.stderr

    packed = referee(tmp_path, "scenario", "pack", "chicago/our-days", "--out", "ours.zip", club=club)
    assert packed.returncode == 0 and packed.stdout.strip() == "ours.zip", packed.stderr
    assert sorted(zipfile.ZipFile(tmp_path / "ours.zip").namelist()) == [
        "chicago/our-days.toml", *(f"chicago/our-days/{name}.toml" for name in
                                   ("forces", "map", "reinforcements", "setups", "tables"))]
    elsewhere = tmp_path / "elsewhere"  # another user: his own data folder, no club's folder named
    elsewhere.mkdir()
    unpacked = referee(elsewhere, "scenario", "unpack", tmp_path / "ours.zip")
    mine = elsewhere / "data" / "referee" / "scenarios" / "chicago" / "our-days.toml"
    assert unpacked.returncode == 0 and unpacked.stdout.strip() == str(mine), unpacked.stderr
    assert mine.read_text(encoding="utf-8") == text
    made = referee(elsewhere, "new", "chicago/our-days", "--db", "theirs.db", "--seed", "2", "--predictable")
    assert made.returncode == 0, made.stderr
    assert "(chicago/our-days)" in referee(elsewhere, "state", "theirs.db").stdout


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    """A sound pack of a copy of chicago/two-days, `chicago/ours`."""
    folder = tmp_path_factory.mktemp("pack")
    assert referee(folder, "scenario", "copy", "chicago/two-days", "chicago/ours", "--to", folder / "club").returncode == 0
    assert referee(folder, "scenario", "pack", folder / "club" / "chicago" / "ours.toml", "--out", "ours.zip").returncode == 0
    return folder / "ours.zip"


def rewritten(pack: Path, target: Path, change=lambda name, data: (name, data)) -> Path:
    """The pack written again to `target`, each file's (name, data) as `change` makes them (None: left out)."""
    with zipfile.ZipFile(pack) as source, zipfile.ZipFile(target, "w") as out:
        for name in source.namelist():
            made = change(name, source.read(name))
            if made is not None:
                out.writestr(*made)
    return target


def faulty(name: str, data: bytes):
    return name, data.replace(b"\nturns = 6", b'\nturns = "six"') if name.endswith("ours.toml") else data


@pytest.mark.parametrize(("made", "said"), [
    (lambda pack, at: at.write_bytes(b"not a zip") or at, "is not a scenario's pack"),
    (lambda pack, at: rewritten(pack, at, lambda name, data: (name.replace("ours/map", "../map"), data)),
     "'chicago/../map.toml' lies outside the scenario's folder: refused"),
    (lambda pack, at: rewritten(pack, at, lambda name, data: (name.replace("chicago/ours/map", "/map"), data)),
     "'/map.toml' lies outside the scenario's folder: refused"),
    (lambda pack, at: rewritten(pack, at, lambda name, data: (name.replace("ours/map", "theirs/map"), data)),
     "'chicago/theirs/map.toml' lies outside the scenario's folder chicago/ours/: refused"),
    (lambda pack, at: rewritten(pack, at, faulty), "chicago/ours.toml:"),
    (lambda pack, at: rewritten(pack, at, lambda name, data: (name, data + b"\n" * 9_000_000 if "map" in name else data)),
     "would unpack to more than 8 MB"),
])
def test_an_unpacking_refused_is_one_line_exit_2_and_writes_nothing(tmp_path, pack, made, said):
    bad = made(pack, tmp_path / "bad.zip")
    refused = referee(tmp_path, "scenario", "unpack", bad, "--to", tmp_path / "club")
    assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1 and said in refused.stderr, refused.stderr
    assert not (tmp_path / "club").exists() and not (tmp_path / "data").exists()


def test_a_faulty_pack_names_its_first_fault_in_the_pack_with_its_line_and_how_many_more(tmp_path, pack):
    bad = rewritten(pack, tmp_path / "bad.zip", lambda name, data: faulty(
        name, data.replace(b'old-town = ["P3-01"', b'old-town = ["P3-1"') if name.endswith("setups.toml") else data))
    refused = referee(tmp_path, "scenario", "unpack", bad, "--to", tmp_path / "club")
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"referee: {bad}: chicago/ours.toml:")
    assert "turns: Input should be a valid integer" in refused.stderr and "str(tmp" not in refused.stderr


def test_a_scenario_there_already_or_an_id_taken_is_not_unpacked_over(tmp_path, pack):
    first = referee(tmp_path, "scenario", "unpack", pack, "--to", tmp_path / "club")
    assert first.returncode == 0, first.stderr
    before = sorted(path.stat().st_mtime_ns for path in (tmp_path / "club").rglob("*"))
    again = referee(tmp_path, "scenario", "unpack", pack, "--to", tmp_path / "club")
    assert again.returncode == 2 and len(again.stderr.splitlines()) == 1 and "already exists" in again.stderr
    taken = referee(tmp_path, "scenario", "unpack", pack, "--to", tmp_path / "other", club=tmp_path / "club")
    assert taken.returncode == 2 and "chicago/ours is taken already" in taken.stderr
    assert not (tmp_path / "other").exists()
    assert sorted(path.stat().st_mtime_ns for path in (tmp_path / "club").rglob("*")) == before
