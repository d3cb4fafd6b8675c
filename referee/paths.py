"""Where the data folders are, in a checkout and in an installed wheel."""

import os
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


def checkout() -> Path | None:
    """The referee checkout the working directory lies in, if any."""
    here = Path.cwd().resolve()
    return next((folder for folder in (here, *here.parents)
                 if (folder / "pyproject.toml").is_file() and (folder / "referee" / "__init__.py").is_file()), None)


def sessions_dir() -> Path:
    """The default folder for session databases: `$REFEREE_SESSIONS` if set; else `sessions/` of the
    checkout the working directory lies in; else the user's data folder (e.g. ~/.local/share/referee/sessions)."""
    chosen = os.environ.get("REFEREE_SESSIONS")
    if chosen:
        return Path(chosen).expanduser()
    root = checkout()
    if root is not None:
        return root / "sessions"
    from platformdirs import user_data_path

    return user_data_path("referee") / "sessions"


def new_session_path(scenario_id: str, folder: Path | None = None) -> Path:
    """A fresh file name for a new session of a scenario, in `folder` (default: `sessions_dir()`)."""
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    return (folder or sessions_dir()) / f"{scenario_id.replace('/', '-')}-{stamp}.db"
