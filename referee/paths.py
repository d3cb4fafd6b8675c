"""Where the data folders are, in a checkout and in an installed wheel."""

from pathlib import Path

from referee.errors import RefereeError

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The `scenarios` or `templates` folder: bundled in a wheel, else the checkout's."""
    bundled = _PACKAGE / "_data" / name
    return bundled if bundled.is_dir() else _PACKAGE.parent / name


def player_file(player_id: str) -> str:
    """A player's id as the start of a file name in a folder; a RefereeError if it would name another folder."""
    if Path(player_id).name != player_id or player_id in (".", ".."):
        raise RefereeError(f"player id {player_id!r} cannot name a file")
    return player_id


def sessions_dir() -> Path:
    """The default folder for session databases: `sessions/` in the working directory."""
    return Path.cwd() / "sessions"


def new_session_path(scenario_id: str) -> Path:
    """A fresh file name under `sessions/` for a new session of a scenario."""
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return sessions_dir() / f"{scenario_id.replace('/', '-')}-{stamp}.db"
