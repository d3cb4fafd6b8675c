"""The database engine: the one place that knows which database (SQLite or PostgreSQL) a session is in."""

from __future__ import annotations

from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL

from referee.store import reading
from referee.store.location import DatabaseUrl, Location

_PRAGMAS = ("synchronous=NORMAL", "foreign_keys=ON")


def make_engine(path: Location, *, new: bool = False) -> Engine:
    """An engine on the SQLite file at `path`: `new` creates it in WAL mode, else it must exist. On a
    PostgreSQL URL, an engine on that database (which must exist) through psycopg."""
    if isinstance(path, DatabaseUrl):
        from referee.store import postgres

        postgres.driver()
        # Every transaction ends itself (the reading connection commits each query), so the pool has nothing to
        # roll back: left to it, a server gone would be a logged traceback on top of the one-line message.
        waits = {"connect_timeout": postgres.CONNECT_SECONDS, "options": f"-c lock_timeout={int(reading.BUSY_SECONDS * 1000)}"}
        return create_engine(path.driver_url, connect_args=waits, pool_reset_on_return=None)
    url = URL.create(
        "sqlite",
        database="file:" + quote(str(path.resolve())),
        query={"mode": "rwc" if new else "rw", "uri": "true"},
    )
    engine = create_engine(url)
    pragmas = (*(("journal_mode=WAL",) if new else ()), *_PRAGMAS, f"busy_timeout={int(reading.BUSY_SECONDS * 1000)}")

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection, _record) -> None:
        # The driver's own transaction handling skips BEGIN before DDL; `begin` below takes over.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine
