"""`referee export PATH --player ID --out DIR`: the player's own view only, safe to hand him; no hidden fact
(the other side's units he has not identified, a crowd's RL or hidden looters, the seed) reaches it."""

from __future__ import annotations

import csv
import json
import re

import pytest

from tests.hostile import new_session, split

SEED = 8675309
HIDDEN_KEYS = {"rl", "looters", "locked", "faction", "face_down", "objective", "negotiator", "history", "dice", "seed"}


def exported(cli, path, player: str, out) -> dict[str, list]:
    """Every file the player export writes, in both formats: its name and its content as rows or an object."""
    files = {}
    for fmt in ("json", "csv"):
        run = cli("export", path, "--player", player, "--out", out / fmt, "--format", fmt)
        assert run.code == 0, run.err
        assert sorted(run.lines) == sorted(str(p) for p in (out / fmt).iterdir())
        for written in (out / fmt).iterdir():
            text = written.read_text(encoding="utf-8")
            assert str(SEED) not in text
            with written.open(newline="", encoding="utf-8") as handle:
                files[written.name] = json.loads(text) if fmt == "json" else list(csv.DictReader(handle))
    return files


def strings_and_keys(value) -> tuple[set[str], set[str]]:
    """Every string value and every key in a JSON value or a table of rows."""
    if isinstance(value, dict):
        parts = [strings_and_keys(v) for v in value.values()]
        return set().union(*(s for s, _ in parts)), set(value).union(*(k for _, k in parts))
    if isinstance(value, list):
        parts = [strings_and_keys(v) for v in value]
        return set().union(*(s for s, _ in parts)), set().union(*(k for _, k in parts))
    return ({value} if isinstance(value, str) else set()), set()


def test_the_police_export_names_no_protester_unit_it_has_not_identified(cli, tmp_path):
    """Under strong hidden movement every protester counter starts face down: the police know stacks, not units."""
    path = new_session(tmp_path / "s.db", seed=SEED, hidden="strong")
    protesters = {u["id"] for u in json.loads(cli("state", path, "--json").out)["units"] if u["side"] == "protesters"}
    files = exported(cli, path, "police", tmp_path / "out")
    assert set(files) == {"police.json", "police-units.csv", "police-stacks.csv", "police-reports.csv"}
    view = json.loads(cli("view", path, "--player", "police", "--json").out)
    assert files["police.json"] == view
    strings, keys = strings_and_keys(list(files.values()))
    assert not strings & protesters and not keys & HIDDEN_KEYS
    assert {row["node"] for row in files["police-stacks.csv"]} == {s["node"] for s in view["stacks"]}


def test_a_security_player_export_holds_no_rl_or_hidden_looters(cli, tmp_path):
    path = new_session(tmp_path / "s.db", "wallman/town-centre-riot", seed=SEED, looters="in-crowds")
    split(path, "Breakaway", crowd="Town Hall protest", looters=1)  # in Sergeant Brennan's sight
    files = exported(cli, path, "brennan", tmp_path / "out")
    strings, keys = strings_and_keys(list(files.values()))
    assert "Breakaway" in strings and not keys & HIDDEN_KEYS
    assert not [s for s in strings if re.search(r"\bRL ?\d|\blooters?\b", s, re.IGNORECASE)]


def test_the_barricades_and_flo_a_player_knows_go_into_his_export(cli, tmp_path):
    path = new_session(tmp_path / "s.db", "n30/hold-the-line", seed=SEED, hidden="weak")  # 9:00: barricades, Flo
    files = exported(cli, path, "police", tmp_path / "out")
    known = files["police.json"]["markers_seen"]
    assert {m["marker"] for m in known} == {"barricade", "flo"} and not any(m["current"] for m in known)
    assert [row["node"] for row in files["police-markers_seen.csv"]] == [m["node"] for m in known]


@pytest.mark.parametrize("player, message", [("nobody", "nobody"), ("", "player")])
def test_an_unknown_player_is_refused(cli, tmp_path, player, message):
    path = new_session(tmp_path / "s.db")
    run = cli("export", path, "--player", player, "--out", tmp_path / "out")
    assert run.code == 2 and message in run.err and len(run.err.splitlines()) == 1
    assert not (tmp_path / "out").exists()
