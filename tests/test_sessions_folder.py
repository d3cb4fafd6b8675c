"""Where new sessions go: `sessions/` of a checkout, else the user's data folder; REFEREE_SESSIONS wins."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_path

from referee.paths import sessions_dir

ROOT = Path(__file__).resolve().parents[1]


def test_inside_a_checkout_sessions_go_to_its_sessions_folder(monkeypatch):
    monkeypatch.delenv("REFEREE_SESSIONS")
    monkeypatch.chdir(ROOT / "referee" / "core")
    assert sessions_dir() == ROOT / "sessions"


def test_elsewhere_sessions_go_to_the_user_s_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_SESSIONS")
    monkeypatch.chdir(tmp_path)
    assert sessions_dir() == user_data_path("referee") / "sessions"


def test_referee_sessions_overrides_both(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_SESSIONS", str(tmp_path / "club"))
    monkeypatch.chdir(ROOT)
    assert sessions_dir() == tmp_path / "club"


def test_help_and_the_start_screen_say_where(cli, tmp_path):
    assert str(tmp_path / "sessions") in " ".join(cli("--help").out.split())
