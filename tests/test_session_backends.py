"""A session in a SQLite file or a PostgreSQL database: the same commands, the same tables, the same game."""

from __future__ import annotations

import json

import pytest

from referee.store.location import DatabaseUrl, location, sibling

SCENARIO = "n30/lock-down-hold-fast"
COMMANDS = [{"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}, {"do": "end-phase"}, {"do": "end-phase"},
            {"do": "undo"}, {"do": "report", "player": "police", "text": "crowd at Westlake"}]


def played(cli, where) -> tuple[list[str], dict, list[str]]:
    """`new`, `apply`, `state --json` and `log` on one session: apply's lines, the state, the log's lines."""
    made = cli("new", SCENARIO, "--seed", 12, "--db", where)
    assert made.code == 0, made.err
    applied = cli("apply", where, stdin="".join(json.dumps(c) + "\n" for c in COMMANDS))
    assert applied.code == 0, applied.err
    state, log = cli("state", where, "--json"), cli("log", where)
    assert state.code == 0 and log.code == 0, state.err + log.err
    return applied.lines, json.loads(state.out), log.lines


def test_new_apply_state_and_log_work_on_either_backend(cli, session_at):
    lines, state, log = played(cli, session_at)
    assert lines == ["ok 5", "ok 6", "ok 7", "ok 8", "ok 9"]  # the opening wrote events 1-4; one event a command
    assert state["phase"] == "police-movement"  # two phases ended, one undone
    assert any("crowd at Westlake" in line for line in log) and any("(undone)" in line for line in log)


def test_the_backends_hold_the_same_game(cli, session_at, tmp_path):
    """The same seed and commands in a PostgreSQL database and a SQLite file give the same state and log."""
    elsewhere = tmp_path / "reference.db"
    assert played(cli, session_at) == played(cli, elsewhere)


def test_a_url_prints_without_its_password(cli, session_at):
    made = cli("new", SCENARIO, "--db", session_at)
    assert made.code == 0 and made.out.strip() == f"{session_at}"
    if isinstance(session_at, DatabaseUrl):
        assert ":***@" in made.out and session_at.split("@")[0].split(":")[-1] not in made.out


@pytest.mark.parametrize("url, said", [
    ("mysql://umpire@localhost/game", "mysql:// is not a session database: give a file path or a postgresql:// URL"),
    ("postgresql://localhost", "a PostgreSQL URL names a host and a database: postgresql://user@host:port/dbname"),
    ("postgresql://umpire@localhost:port/game",
     "postgresql://umpire@localhost:port/game: the port is not a number from 0 to 65535"),
    ("postgresql://umpire:pw@[::1]:99999/game",
     "postgresql://umpire:***@[::1]:99999/game: the port is not a number from 0 to 65535"),
    *((url, "a PostgreSQL URL's user@host:port is malformed (an IPv6 host goes in [brackets]): "
            "postgresql://user@host:port/dbname")
      for url in ("postgresql://x@[::1", "postgresql://x@::1]/game", "postgresql://x:pw@[zz]/game")),
])
def test_a_url_that_names_no_postgresql_database_is_one_line(cli, url, said):
    for args in (("state", url), ("new", SCENARIO, "--db", url), ("log", url)):
        done = cli(*args)
        assert (done.code, done.err) == (2, f"referee: {said}\n")


def test_an_unreachable_server_is_one_line_and_exit_2(referee_process):
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://umpire:secret@127.0.0.1:{port}/game"
    for args in (("state", url), ("apply", url), ("new", SCENARIO, "--db", url)):
        done = referee_process(*args)
        assert done.code == 2 and done.out == ""
        assert done.err == (f"referee: postgresql://umpire:***@127.0.0.1:{port}/game: cannot reach the PostgreSQL "
                            "server (Connection refused)\n")


def test_files_named_after_a_session_go_beside_its_file_or_after_its_database(tmp_path):
    assert sibling(tmp_path / "tuesday.db", "-briefings") == tmp_path / "tuesday-briefings"
    assert str(sibling(location("postgresql://umpire@host/tuesday"), "-what-if-4.db")) == "tuesday-what-if-4.db"


def test_every_command_that_reads_a_session_reads_either_backend(cli, session_at, tmp_path):
    """view, brief, review, export, verify and branch on a session in a file or a PostgreSQL database."""
    played(cli, session_at)
    runs = {
        "view": cli("view", session_at, "--player", "police", "--json"),
        "brief": cli("brief", session_at, "--all", "--format", "md", "--out", tmp_path / "sheets"),
        "review": cli("review", session_at, "--out", tmp_path / "review.html"),
        "export": cli("export", session_at, "--out", tmp_path / "export"),
        "verify": cli("verify", session_at),
        "branch": cli("branch", session_at, "--seq", 6, "--db", tmp_path / "what-if.db"),
    }
    assert {name: (run.code, run.err) for name, run in runs.items() if run.code} == {}
    assert "intact: 6 commands, 9 events" in runs["verify"].out
    assert sorted(p.name for p in (tmp_path / "sheets").iterdir()) == ["police.md", "protesters.md"]
    branched = cli("state", tmp_path / "what-if.db", "--json")
    assert json.loads(branched.out)["phase"] == "police-movement"  # the move and the first end-phase


def rows_of(where) -> dict[str, list[dict]]:
    from referee.store.reading import TABLES, open_reader

    reader = open_reader(where)
    try:
        return {table: reader.table_rows(table) for table in TABLES}
    finally:
        reader.close()


def test_copy_moves_a_session_row_for_row_between_the_backends(cli, session_at, tmp_path):
    """A file copied into the backend under test and back: every row as it was, the chain intact, sheets recorded."""
    source, back = tmp_path / "source.db", tmp_path / "back.db"
    played(cli, source)
    assert cli("brief", source, "--all", "--format", "md", "--out", tmp_path / "sheets").code == 0
    there = cli("copy", source, session_at)
    assert (there.code, there.err, there.out) == (0, "6 commands copied\n", f"{session_at}\n")
    assert cli("copy", session_at, back).code == 0
    assert rows_of(source) == rows_of(session_at) == rows_of(back)
    assert "intact: 6 commands" in cli("verify", back).out
    more = cli("apply", session_at, stdin='{"do": "end-phase"}\n')  # the copy plays on
    assert more.code == 0 and cli("brief", session_at, "--all", "--format", "md", "--out", tmp_path / "s2").code == 0
    assert len(rows_of(session_at)["briefing"]) == 4


def test_copy_refuses_a_target_that_exists_and_an_altered_source(cli, session_at, tmp_path):
    import sqlite3

    source = tmp_path / "source.db"
    played(cli, source)
    assert cli("new", SCENARIO, "--db", session_at).code == 0
    refused = cli("copy", source, session_at)
    assert refused.code == 2 and refused.err.startswith("referee: ") and ("already" in refused.err)
    with sqlite3.connect(source) as connection:
        connection.execute("UPDATE event SET data = replace(data, 'Westlake', 'Eastlake')")
    altered = cli("copy", source, tmp_path / "copy.db")
    assert altered.code == 2 and altered.err.startswith(f"referee: {source}: the log was changed outside referee")
    assert not (tmp_path / "copy.db").exists()
