"""A session in PostgreSQL: a refused login, a missing database, another program's database, a server stopped
mid-command. Collected wherever PostgreSQL's `initdb` is found, and always in CI (tests/pg_server.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import psycopg
import pytest

from referee.errors import Disconnected
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
    # lost during a command; or between two, when the writer, finding it lost, tries once to connect again (to a
    # server gone, or still shutting down)
    assert len(err.splitlines()) == 1
    assert any(said in err for said in ("the connection to the PostgreSQL server was lost",
                                        "cannot reach the PostgreSQL server", "the database system is shutting down"))
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


def test_a_commit_is_notified_to_listeners_on_its_database_and_no_other(postgres_server):
    url, elsewhere = (DatabaseUrl(postgres_server.new_database()) for _ in range(2))
    Session.create(url, SCENARIO, {}, seed=9).close()
    Session.create(elsewhere, SCENARIO, {}, seed=9).close()
    with Session.open(url) as session, Session.open(elsewhere) as other:
        listener = session.listener()
        try:
            assert not listener.wait(0.2)  # nothing committed yet
            other.apply({"do": "end-phase"})
            assert not listener.wait(0.3)  # another database's commit is not this session's
            since = time.monotonic()
            session.apply({"do": "end-phase"})
            assert listener.wait(2) and time.monotonic() - since < 1
            assert not listener.wait(0.2)  # each commit is told once
        finally:
            listener.close()


def test_a_session_whose_server_was_stopped_says_so_in_one_line_and_connects_again_once_it_is_back(own_server):
    url = DatabaseUrl(own_server.new_database())
    Session.create(url, SCENARIO, {}, seed=9).close()
    with Session.view(url) as session:
        session.apply({"do": "end-phase"})
        own_server.stop()
        for attempt in (session.follow, lambda: session.apply({"do": "end-phase"})):
            with pytest.raises(Disconnected) as lost:
                attempt()
            assert "\n" not in str(lost.value) and session.lost
        own_server.start()
        with Session.open(url) as other:  # another umpire commits while the first is away
            other.apply({"do": "end-phase"})
            expected = other.state.to_json()
        assert session.follow() and not session.lost
        assert session.state.to_json() == expected
        session.apply({"do": "end-phase"})  # and commands go in again
        assert len(session.log()[1]) == 4


def test_a_listener_whose_server_was_stopped_is_disconnected_and_a_new_one_listens_again(own_server):
    url = DatabaseUrl(own_server.new_database())
    Session.create(url, SCENARIO, {}, seed=9).close()
    with Session.open(url) as session:
        listener = session.listener()
        own_server.stop()
        with pytest.raises(Disconnected):
            listener.wait(1)
        listener.close()
        with pytest.raises(Disconnected):
            session.listener()
        own_server.start()
        listener = session.listener()
        try:
            session.apply({"do": "end-phase"})
            assert listener.wait(2)
        finally:
            listener.close()


def test_a_dashboard_whose_server_was_stopped_says_so_once_and_follows_again_once_it_is_back(own_server, monkeypatch):
    from referee.tui.screens import umpire
    from tests.tui_support import drive, make_session, press

    told: list[str] = []
    monkeypatch.setattr(umpire.UmpireScreen, "notify", lambda self, message, **options: told.append(options.get("title")))
    url = DatabaseUrl(own_server.new_database())
    make_session(None, at=url)
    move = {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}

    async def until(pilot, done, seconds: float) -> float:
        since = time.monotonic()
        while not done() and time.monotonic() - since < seconds:
            await pilot.pause(0.05)
        return time.monotonic() - since

    async def script(pilot, app):
        screen = app.screen
        own_server.stop()
        lost_after = await until(pilot, lambda: screen.offline, 2 * umpire.SAFETY_SECONDS + 1)
        await pilot.pause(2 * umpire.SAFETY_SECONDS)  # polls go on failing: said once
        await press(pilot, "e")  # a command meanwhile is refused in one line
        refused = screen.note
        own_server.start()
        with Session.open(url) as other:
            other.apply(move)
        back_after = await until(pilot, lambda: screen.game.state.units["Bananarchy"].node == "5th & Olive",
                                 2 * umpire.SAFETY_SECONDS + 2)
        return lost_after, refused, back_after, screen.offline

    lost_after, refused, back_after, offline = drive(url, script)
    assert lost_after <= umpire.SAFETY_SECONDS + 1 and told.count("Connection lost") == 1
    assert "PostgreSQL server" in refused and "\n" not in refused
    assert back_after <= umpire.SAFETY_SECONDS + 1 and not offline and told.count("Connection back") == 1
