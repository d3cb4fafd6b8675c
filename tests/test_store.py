"""The session store: creating and opening databases, the atomic log, undo and redo, snapshots."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import IntegrityError

from referee.errors import RefereeError
from referee.store.reading import FORMAT, Epoch, SessionInfo
from referee.store.repository import SessionStore

SOURCES = {"scenario": {"id": "n30/hold-the-line"}}

OPTIONS = {"hidden": "weak", "faction_friction": True}


def event(kind: str, data: dict | None = None, dice: list | None = None) -> dict:
    return {"turn": 1, "phase": "movement", "kind": kind, "data": data or {}, "dice": dice or []}


def play(store: SessionStore, n: int = 0, dice_drawn: int = 0) -> int:
    return store.record({"do": "move", "n": n}, "play", [event("moved", {"n": n})], dice_drawn)[0]


def undo(store: SessionStore) -> None:
    undone = event("undone", {"command": store.undoable()})
    store.record({"do": "undo"}, "undo", [undone], store.dice_drawn())


def redo(store: SessionStore) -> None:
    redone = event("redone", {"command": store.redoable()})
    store.record({"do": "redo"}, "redo", [redone], store.dice_drawn())


@pytest.fixture
def store(session_at):
    """A new session's store, on each backend in turn."""
    with SessionStore.create(session_at, "n30/lock-down-hold-fast", OPTIONS, 1999, SOURCES) as store:
        yield store


def execute(where, sql: str) -> None:
    """Run one statement on a session's database behind referee's back, on either backend."""
    if isinstance(where, Path):
        with sqlite3.connect(where) as conn:
            conn.execute(sql)
        return
    import psycopg

    with psycopg.connect(str(where), autocommit=True) as conn:
        conn.execute(sql)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A closed session database holding a few hundred commands."""
    path = tmp_path / "saved.db"
    with SessionStore.create(path, "n30/close-the-ring", {}, 7, SOURCES) as store:
        for _n in range(300):
            store.record({"do": "move", "pad": "x" * 200}, "play", [event("moved", {"pad": "y" * 300})] * 3, 0)
    return path


def refusal(path: Path) -> str:
    with pytest.raises(RefereeError) as caught:
        SessionStore.open(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


# Creating and opening


def test_created_session_reopens_with_its_settings(tmp_path: Path):
    path = tmp_path / "deep" / "folder" / "session.db"
    SessionStore.create(path, "n30/hold-the-line", OPTIONS, 2**40, SOURCES).close()
    with SessionStore.open(path) as store:
        info = store.info
    assert info == SessionInfo("n30/hold-the-line", OPTIONS, 2**40, info.created, SOURCES, (Epoch(0, 2**40, None),))
    assert info.created.endswith("+00:00")


def test_create_refuses_an_existing_file(store: SessionStore):
    with pytest.raises(RefereeError, match="already (exists|holds a session)"):
        SessionStore.create(store.path, "n30/hold-the-line", {}, 1, SOURCES)


def test_create_with_options_that_are_not_json_leaves_no_file(tmp_path: Path):
    with pytest.raises(TypeError):
        SessionStore.create(tmp_path / "session.db", "n30/hold-the-line", {"when": object()}, 1, SOURCES)
    assert list(tmp_path.iterdir()) == []


def test_opening_a_missing_path_refuses_and_creates_no_file(tmp_path: Path):
    path = tmp_path / "nowhere.db"
    assert refusal(path) == f"no session database at {path}"
    assert list(tmp_path.iterdir()) == []


def test_opening_a_text_file_refuses(tmp_path: Path):
    path = tmp_path / "notes.db"
    path.write_text("umpire's notes\n" * 200)
    assert refusal(path) == f"{path} is not a referee session database (file is not a database)"


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_opening_a_truncated_database_refuses(saved: Path, keep: float):
    data = saved.read_bytes()
    saved.write_bytes(data[: int(len(data) * keep)])
    assert refusal(saved).startswith(f"{saved} is not a referee session database (")


def test_opening_a_database_with_a_damaged_page_refuses(saved: Path):
    data = bytearray(saved.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 2000] = bytes(range(250)) * 8
    saved.write_bytes(bytes(data))
    assert refusal(saved).startswith(f"{saved} is not a referee session database (")


def test_opening_an_empty_file_refuses(tmp_path: Path):
    path = tmp_path / "empty.db"
    path.touch()
    assert "missing tables: " in refusal(path)


def test_opening_another_programs_sqlite_database_refuses_and_leaves_it_alone(tmp_path: Path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE session (who TEXT)")
    before = path.read_bytes()
    assert "missing tables: " in refusal(path)
    assert path.read_bytes() == before


def test_opening_a_database_without_its_session_row_refuses(store: SessionStore):
    store.close()
    execute(store.path, "DELETE FROM session")
    assert refusal(store.path).endswith("(no session row)")


def test_opening_a_session_of_a_newer_format_refuses(store: SessionStore):
    store.close()
    execute(store.path, f"UPDATE session SET format = {FORMAT + 1}")
    assert refusal(store.path) == f"{store.path} was written by a newer referee (format {FORMAT + 1})"


# Recording


def test_record_returns_the_command_number_and_the_event_seqs(store: SessionStore):
    roll = [{"purpose": "confrontation", "faces": 6, "value": 5}]
    first = store.record({"do": "move", "unit": "6/B"}, "play", [event("moved"), event("observed")], 0)
    second = store.record({"do": "confront"}, "play", [event("confronted", {"node": "7th & Pike"}, roll)], 1)
    assert first == (1, [1, 2])
    assert second == (2, [3])
    assert [(e.seq, e.command_id, e.kind, e.data, e.dice) for e in store.log()] == [
        (1, 1, "moved", {}, []),
        (2, 1, "observed", {}, []),
        (3, 2, "confronted", {"node": "7th & Pike"}, roll),
    ]
    assert [(c.id, c.body, c.kind, c.dice_drawn) for c in store.commands()] == [
        (1, {"do": "move", "unit": "6/B"}, "play", 0),
        (2, {"do": "confront"}, "play", 1),
    ]


def test_a_command_without_events_is_still_recorded(store: SessionStore):
    assert store.record({"do": "note"}, "play", [], 0) == (1, [])


def test_events_are_filtered_by_command_and_by_a_starting_command(store: SessionStore):
    ids = [play(store, n) for n in range(4)]
    assert [e.command_id for e in store.events({ids[0], ids[2]})] == [ids[0], ids[2]]
    assert [e.command_id for e in store.events(after_command=ids[1])] == ids[2:]
    assert [e.command_id for e in store.events({ids[0], ids[3]}, after_command=ids[1])] == [ids[3]]


@pytest.mark.parametrize(
    ("bad_event", "error"),
    [(event("moved", {"unit": object()}), TypeError), (event(None), IntegrityError)],  # type: ignore[arg-type]
    ids=["data-not-json", "kind-missing"],
)
def test_a_record_that_fails_midway_stores_nothing_of_its_command(store: SessionStore, bad_event: dict, error):
    play(store, 1)
    with pytest.raises(error):
        store.record({"do": "move", "n": 2}, "play", [event("moved"), bad_event], 5)
    assert [c.body for c in store.commands()] == [{"do": "move", "n": 1}]
    assert [e.data for e in store.log()] == [{"n": 1}]
    assert store.dice_drawn() == 0
    assert play(store, 3) == 2


def test_record_refuses_an_unknown_kind_of_command(store: SessionStore):
    with pytest.raises(ValueError):
        store.record({"do": "undo"}, "rewind", [], 0)


def test_a_thousand_records_keep_every_event_in_order(store: SessionStore):
    roll = [{"purpose": "movement", "faces": 6, "value": 4}]
    command = {"do": "move", "unit": "6/B", "to": "7th & Pike"}
    for n in range(1000):
        store.record(command, "play", [event("moved", {"n": n}, roll)] * (1 + n % 3), n)
    log = store.log()
    assert len(log) == 1999
    assert [r.data["n"] for r in log] == sorted(r.data["n"] for r in log)


def test_dice_drawn_is_the_counter_after_the_latest_command(store: SessionStore):
    assert store.dice_drawn() == 0
    play(store, dice_drawn=3)
    play(store, dice_drawn=7)
    assert store.dice_drawn() == 7


# Undo and redo


def test_undo_takes_back_the_latest_play_and_redo_brings_it_back(store: SessionStore):
    a, b = play(store), play(store)
    undo(store)
    assert (store.effective(), store.undoable(), store.redoable()) == ([a], a, b)
    undo(store)
    assert (store.effective(), store.undoable(), store.redoable()) == ([], None, a)
    redo(store)
    assert (store.effective(), store.undoable(), store.redoable()) == ([a], a, b)
    undo(store)
    assert (store.effective(), store.redoable()) == ([], a)


def test_a_new_play_clears_what_could_be_redone(store: SessionStore):
    a, _ = play(store), play(store)
    undo(store)
    c = play(store)
    assert (store.effective(), store.undoable(), store.redoable()) == ([a, c], c, None)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["play", "undo", "redo"]), max_size=12))
def test_effective_commands_follow_a_stack_of_plays(steps: list[str]):
    effective: list[int] = []
    redoable: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        with SessionStore.create(Path(folder) / "session.db", "n30/hold-the-line", {}, 1, SOURCES) as store:
            for step in steps:
                if step == "play":
                    effective.append(play(store))
                    redoable.clear()
                elif step == "undo" and effective:
                    undo(store)
                    redoable.append(effective.pop())
                elif step == "redo" and redoable:
                    redo(store)
                    effective.append(redoable.pop())
            assert store.effective() == effective
            assert store.undoable() == (effective[-1] if effective else None)
            assert store.redoable() == (redoable[-1] if redoable else None)


# Snapshots and briefings


def test_the_latest_snapshot_is_the_newest_one_still_in_effect(store: SessionStore):
    a, b, c = play(store), play(store), play(store)
    store.save_snapshot(b, {"turn": 2})
    store.save_snapshot(c, {"turn": 3})
    assert store.latest_snapshot(store.effective()) == (c, {"turn": 3})
    undo(store)
    assert store.latest_snapshot(store.effective()) == (b, {"turn": 2})
    undo(store)
    assert store.latest_snapshot(store.effective()) is None
    redo(store)
    assert store.latest_snapshot(store.effective()) == (b, {"turn": 2})
    d = play(store)
    assert store.effective() == [a, b, d]
    assert store.latest_snapshot(store.effective()) == (b, {"turn": 2})


def test_saving_a_snapshot_again_replaces_it(store: SessionStore):
    a = play(store)
    store.save_snapshot(a, {"turn": 1})
    store.save_snapshot(a, {"turn": 9})
    assert store.latest_snapshot([a]) == (a, {"turn": 9})


def test_briefings_handed_out_are_kept_in_order(store: SessionStore):
    store.record_briefings([("police", 1, "ab" * 32, "html", "en")])
    store.record_briefings([("dan", 1, "cd" * 32, "md", "es")])
    assert [(b.id, b.player, b.turn, b.format, b.lang) for b in store.briefings()] == [
        (1, "police", 1, "html", "en"),
        (2, "dan", 1, "md", "es"),
    ]
