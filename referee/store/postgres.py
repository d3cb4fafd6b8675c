"""A session in a PostgreSQL database: the driver (psycopg 3, the `postgres` extra), reading, and its errors in one line."""

from __future__ import annotations

import re
from typing import Any

from referee.errors import Disconnected, RefereeError
from referee.store.location import DatabaseUrl
from referee.store.reading import TABLES, LogReader, verified

CONNECT_SECONDS = 10
"""How long connecting waits for the server."""
EXTRA = "PostgreSQL sessions need the driver: pip install 'referee[postgres]'"
CHANNEL = "referee_log"
"""Every commit to a session's log notifies this channel of its database (NOTIFY, delivered on commit)."""


def driver() -> Any:
    """The psycopg module; a RefereeError naming the extra when it is not installed."""
    try:
        import psycopg
    except ImportError:
        raise RefereeError(EXTRA) from None
    return psycopg


def is_driver_error(error: BaseException) -> bool:
    """Whether an exception is the PostgreSQL driver's (without importing it when it was never loaded)."""
    import sys

    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(error, psycopg.Error)


class PostgresReader(LogReader):
    """A reader on a PostgreSQL database; its one write uses the driver's own placeholders."""

    def record_briefings(self, sheets: list[tuple[str, int, str, str, str]]) -> None:
        from datetime import UTC, datetime

        created = datetime.now(UTC).isoformat(timespec="seconds")
        try:
            with self._db.transaction(), self._db.cursor() as cursor:
                cursor.executemany("INSERT INTO briefing (player, turn, sha256, format, lang, created) "
                                   "VALUES (%s, %s, %s, %s, %s, %s)", [(*sheet, created) for sheet in sheets])
        except driver().Error as error:
            raise problem(self.path, error) from None  # type: ignore[arg-type]


def open_reader(url: DatabaseUrl) -> LogReader:
    """Open a session's database for reading (each query sees what is committed when it runs)."""
    psycopg = driver()
    try:
        connection = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS)
    except psycopg.Error as error:
        raise problem(url, error) from None
    try:
        return verified(url, connection, lambda: PostgresReader(connection, url))
    except BaseException:
        connection.close()
        raise


def integrity_problem(connection: Any) -> str | None:
    """What keeps the database from being a session's: the tables missing from its schema, or None."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
        names = {row[0] for row in cursor.fetchall()}
    missing = sorted(set(TABLES) - names)
    return f"missing tables: {', '.join(missing)}" if missing else None


def problem(url: DatabaseUrl, error: BaseException | None) -> RefereeError:
    """One line for an error of the server or the database: unreachable, refused, lost, or not a session."""
    text = " ".join(str(error).split())
    fatal = re.search(r"FATAL: +(.*)", text)
    if fatal:
        return RefereeError(f"{url}: the server refused the connection ({fatal[1]})")
    if "connection failed" in text or "could not connect" in text:
        reason = text.rpartition("failed: ")[2].split(" Is the server")[0]
        return Disconnected(f"{url}: cannot reach the PostgreSQL server ({reason})")
    if "closed the connection" in text or "terminating connection" in text or "server conn" in text or \
            "the connection is closed" in text or "the connection is lost" in text:
        return Disconnected(f"{url}: the connection to the PostgreSQL server was lost; a command under way was "
                            "committed whole or not at all (`referee log` shows which)")
    if getattr(error, "sqlstate", None) == "42P01":  # undefined table
        return RefereeError(f"{url} is not a referee session database ({text.split(' LINE ')[0]})")
    return RefereeError(f"{url}: {text}")


class Listener:
    """A connection of its own that LISTENs to the session's channel: `wait(seconds)` says whether a commit was
    notified meanwhile. A server lost is a Disconnected; a new Listener starts listening again."""

    def __init__(self, url: DatabaseUrl):
        psycopg = driver()
        self.url = url
        try:
            self._connection = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS)
            self._connection.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as error:
            raise problem(url, error) from None

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for a notification; True if any came (all that came are taken)."""
        psycopg = driver()
        try:
            came = any(True for _ in self._connection.notifies(timeout=seconds, stop_after=1))
            if came:
                for _ in self._connection.notifies(timeout=0):  # the rest that came meanwhile
                    pass
            return came
        except psycopg.Error as error:
            raise problem(self.url, error) from None

    def close(self) -> None:
        self._connection.close()
