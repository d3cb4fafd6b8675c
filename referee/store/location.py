"""Where a session lives: a SQLite file's path, or a PostgreSQL database's URL (light: no driver imported)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from referee.errors import RefereeError

SCHEMES = ("postgresql", "postgres")


class DatabaseUrl(str):
    """A PostgreSQL database's URL, `postgresql://user[:password]@host[:port]/dbname`. Formatted into a message
    (f"{url}") it shows no password; `str(url)` is the whole URL, to connect with."""

    __slots__ = ()

    @property
    def shown(self) -> str:
        """The URL with its password, if any, as ***."""
        parts = urlsplit(self)
        if parts.password is None:
            return str(self)
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))

    def __format__(self, spec: str) -> str:
        return format(self.shown, spec)

    @property
    def driver_url(self) -> str:
        """The URL as SQLAlchemy names the psycopg driver."""
        return "postgresql+psycopg://" + self.split("://", 1)[1]


Location = Path | DatabaseUrl
"""A session's database: a SQLite file or a PostgreSQL database."""


def sibling(where: Location, suffix: str) -> Path:
    """A file named after the session with `suffix`: beside a SQLite file, or in the working folder for a
    PostgreSQL database (named after the database)."""
    if isinstance(where, Path):
        return where.with_name(where.stem + suffix)
    return Path(urlsplit(where).path.strip("/") + suffix)


def is_url(text: str) -> bool:
    """Whether the text names a database by URL rather than a file by path."""
    return "://" in text


def location(text: str) -> Location:
    """The session database a command-line argument names; a URL of another kind is refused on one line."""
    if not is_url(text):
        return Path(text)
    try:
        parts = urlsplit(text)
    except ValueError:  # a stray [ or ], a bracketed host that is no IPv6 address, characters NFKC would change
        raise RefereeError("a PostgreSQL URL's user@host:port is malformed (an IPv6 host goes in [brackets]): "
                           "postgresql://user@host:port/dbname") from None
    if parts.scheme not in SCHEMES:
        raise RefereeError(f"{parts.scheme}:// is not a session database: give a file path or a postgresql:// URL")
    if not parts.hostname or not parts.path.strip("/"):
        raise RefereeError("a PostgreSQL URL names a host and a database: postgresql://user@host:port/dbname")
    try:
        parts.port  # noqa: B018 - a port that is not a number from 0 to 65535 raises here
    except ValueError:
        raise RefereeError(f"{DatabaseUrl(text)}: the port is not a number from 0 to 65535") from None
    return DatabaseUrl(text)
