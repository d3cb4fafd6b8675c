"""A session in PostgreSQL: a refused login, a missing database, another program's database, a server stopped
mid-command. Collected wherever PostgreSQL's `initdb` is found, and always in CI (tests/pg_server.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import psycopg
import pytest

from referee.session import Session
from referee.store.location import DatabaseUrl
from referee.store.reading import open_reader
from tests import pg_server

SCENARIO = "n30/lock-down-hold-fast"


def one_line(done, message: str) -> None:
    assert (done.code, done.out, done.err) == (2, "", f"referee: {message}\n")


def test_a_wrong_password_is_one_line_and_exit_2(cli, postgres_server):
    url = postgres_server.url("postgres", password="not-the-password")
    for args in (("state", url), ("new", SCENARIO, "--db", url)):
        one_line(cli(*args), f"{DatabaseUrl(url)}: the server refused the connection "
                             '(password authentication failed for user "postgres")')


def test_a_database_that_is_not_there_is_one_line(cli, postgres_server):
    url = postgres_server.url("no_such_game")
    one_line(cli("log", url), f'{DatabaseUrl(url)}: the server refused the connection (database "no_such_game" does '
                              "not exist)")


def test_another_program_s_database_is_refused_and_left_alone(cli, postgres_server):
    url = postgres_server.new_database()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE TABLE event (id integer, what text)")
    one_line(cli("state", url), f"{DatabaseUrl(url)} is not a referee session database "
                                "(missing tables: briefing, command, session, snapshot)")
    one_line(cli("new", SCENARIO, "--db", url), f"{DatabaseUrl(url)} already holds tables named like a session's (event)")
    with psycopg.connect(url) as connection:
        names = [row[0] for row in connection.execute("SELECT table_name FROM information_schema.tables "
                                                      "WHERE table_schema = 'public'")]
    assert names == ["event"]


def test_a_database_holding_a_session_takes_no_second(cli, postgres_server):
    url = postgres_server.new_database()
    assert cli("new", SCENARIO, "--seed", 4, "--db", url).code == 0
    one_line(cli("new", SCENARIO, "--seed", 5, "--db", url), f"{DatabaseUrl(url)} already holds a session")
    reader = open_reader(DatabaseUrl(url))
    try:
        assert reader.info.seed == 4
    finally:
        reader.close()


def test_without_the_driver_a_url_says_which_extra_to_install(cli, monkeypatch, postgres_server):
    url = postgres_server.new_database()
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if `referee[postgres]` were not installed
    for args in (("state", url), ("new", SCENARIO, "--db", url)):
        one_line(cli(*args), "PostgreSQL sessions need the driver: pip install 'referee[postgres]'")


@pytest.fixture
def own_server():
    """A server of the test's own, to stop and start again."""
    with pg_server.running() as server:
        yield server


def test_a_server_stopped_mid_command_leaves_whole_commands_and_one_line(own_server, tmp_path):
    url = DatabaseUrl(own_server.new_database())
    Session.create(url, SCENARIO, {}, seed=9).close()
    writer = subprocess.Popen([sys.executable, "-m", "referee", "apply", url, "-"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert writer.stdin is not None and writer.stdout is not None
    report = json.dumps({"do": "report", "player": "police", "text": "seen"}) + "\n"
    for _ in range(20):  # some commands committed before the server goes
        writer.stdin.write(report)
        writer.stdin.flush()
        assert writer.stdout.readline().startswith("ok ")
    writer.stdin.write(report * 2000)  # more than are committed by the time the server stops
    writer.stdin.flush()
    time.sleep(0.2)
    own_server.stop()
    try:
        out, err = writer.communicate(timeout=60)
    except BrokenPipeError:
        out, err = writer.stdout.read(), writer.stderr.read() if writer.stderr else ""
        writer.wait(timeout=60)
    assert writer.returncode == 2, err
    assert len(err.splitlines()) == 1 and "the connection to the PostgreSQL server was lost" in err
    acknowledged = 20 + len(out.split()) // 2
    own_server.start()
    reader = open_reader(url)
    try:
        assert reader.chain_problem() is None  # nothing half-written
        commands = reader.commands()
    finally:
        reader.close()
    # every command acknowledged is there; at most the one under way when the server stopped is there unacknowledged
    assert acknowledged <= len(commands) - 1 <= acknowledged + 1


def test_a_session_locked_elsewhere_past_the_wait_is_one_line_and_nothing_changed(cli, postgres_server, monkeypatch):
    """As on SQLite: a transaction elsewhere holding the session's row is waited for, then one line."""
    from referee.store import reading

    monkeypatch.setattr(reading, "BUSY_SECONDS", 0.5)
    url = postgres_server.new_database()
    assert cli("new", SCENARIO, "--db", url).code == 0
    with psycopg.connect(url) as holder:
        holder.execute("SELECT head FROM session FOR UPDATE")  # an open transaction locking the row writers take
        one_line(cli("apply", url, stdin='{"do": "end-phase"}\n'),
                 f"line 1: {DatabaseUrl(url)} is locked by another program (waited 0.5 s); nothing was changed, try again")
    again = cli("apply", url, stdin='{"do": "end-phase"}\n')  # once let go, the same command goes in
    assert again.code == 0 and again.out.startswith("ok ")
