"""The session files this user made or opened lately, wherever they lie: their paths, newest first, one a line in
the user's state folder (e.g. ~/.local/state/referee/recent-sessions), for the dashboard's start screen."""

from __future__ import annotations

from pathlib import Path

KEPT = 30


def _list() -> Path:
    from platformdirs import user_state_path

    return user_state_path("referee") / "recent-sessions"


def remember(path: Path) -> None:
    """Put a session file first in the list (a server's database is not listed: it has no file)."""
    try:
        lines = [str(path.resolve()), *(line for line in remembered() if line != str(path.resolve()))]
        _list().parent.mkdir(parents=True, exist_ok=True)
        _list().write_text("\n".join(lines[:KEPT]) + "\n", encoding="utf-8")
    except OSError:  # a read-only home: the list is a convenience, never a reason to fail
        return


def remembered() -> list[str]:
    """The paths listed, newest first, whether or not their files are still there."""
    try:
        return _list().read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def recent(folder: Path, limit: int = 12) -> list[Path]:
    """The session files of `folder` and those made or opened elsewhere that are still there, newest first (by
    when each was last written)."""
    found = {path.resolve() for path in folder.glob("*.db")}
    found |= {path for path in map(Path, remembered()) if path.suffix == ".db" and path.is_file()}
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
