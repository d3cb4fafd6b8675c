"""A throwaway PostgreSQL server for the tests: `initdb` and `pg_ctl` in a temporary folder, on a free loopback
port, with password authentication; run as the `postgres` user when the tests run as root (PostgreSQL refuses root).

CI sets REFEREE_REQUIRE_POSTGRES=1 (see `.ci/run`): the PostgreSQL side of the store and session tests is then
always collected, and a machine without the server fails them instead of leaving them out. Without that variable
a developer lacking `initdb` runs the SQLite side only.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

PASSWORD = "umpire-" + secrets.token_hex(4)
REQUIRED = os.environ.get("REFEREE_REQUIRE_POSTGRES", "") not in ("", "0")
AVAILABLE = REQUIRED or shutil.which("initdb") is not None
BACKENDS = ("sqlite", "postgres") if AVAILABLE else ("sqlite",)
"""The backends the store and session tests run on."""


@dataclass
class Server:
    """A running server: its data folder and port, and the URL of a database on it."""

    folder: Path
    port: int
    runner: tuple[str, ...]
    options: str

    def url(self, database: str, password: str = PASSWORD) -> str:
        return f"postgresql://postgres:{password}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        import psycopg

        name = "t_" + secrets.token_hex(6)
        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def pg_ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run([*self.runner, "pg_ctl", "-D", str(self.folder / "data"), "-w", *args],
                       check=check, capture_output=True, timeout=60)

    def start(self) -> None:
        self.pg_ctl("-o", self.options, "-l", str(self.folder / "log"), "start")

    def stop(self, check: bool = True) -> None:
        """Stop at once, as a crash would: open connections are cut, nothing is shut down cleanly."""
        self.pg_ctl("-m", "immediate", "stop", check=check)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running() -> Iterator[Server]:
    """A server for the block, stopped and removed after it (even if the block stopped it)."""
    server = launch()
    try:
        yield server
    finally:
        server.stop(check=False)
        shutil.rmtree(server.folder, ignore_errors=True)


def launch() -> Server:
    """Initialise and start a server; the caller stops it with `stop()` and removes `folder`."""
    if shutil.which("initdb") is None:
        raise RuntimeError("REFEREE_REQUIRE_POSTGRES is set but PostgreSQL's initdb is not on PATH")
    folder = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    runner: tuple[str, ...] = ()
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        shutil.chown(folder, "postgres")
        runner = ("runuser", "-u", "postgres", "--")
    secret = folder / "password"
    secret.write_text(PASSWORD)
    if runner:
        shutil.chown(secret, "postgres")
    subprocess.run([*runner, "initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=scram-sha-256",
                    f"--pwfile={secret}", "-E", "UTF8", "--no-sync"], check=True, capture_output=True, timeout=120)
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories='{folder}'"
    server = Server(folder, port, runner, options)
    server.start()
    return server
