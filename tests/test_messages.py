"""The messages between the players and the umpire at the command line (`message`, `messages`), in `verify`,
`copy` and the review; sessions kept before messages were."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from markupsafe import escape

from referee.messages import MESSAGE_CHARS
from referee.session import Session
from referee.store.reading import FORMAT, open_reader
from referee.store.repository import SessionStore
from referee.text import printable
from tests.hostile import HOSTILE, unsafe

N30 = "n30/lock-down-hold-fast"


@pytest.fixture
def path(tmp_path):
    """A fresh Lock Down, Hold Fast session (players protesters and police)."""
    where = tmp_path / "s.db"
    Session.create(where, N30, {}, seed=5).close()
    return where


def player_writes(where, player: str, text: str) -> int:
    """A player's message, as his live page keeps it."""
    with SessionStore.open(where) as store:
        return store.write_message(player, text, from_player=True)


def read(where, what):
    """`what(reader)` of a session read as it stands."""
    reader = open_reader(where)
    try:
        return what(reader)
    finally:
        reader.close()


def stored(where) -> list:
    return read(where, lambda reader: reader.messages())


def time_of(where, number: int) -> str:
    """The hour and minute a message was kept (UTC), as the session keeps it."""
    return next(m.created for m in stored(where) if m.id == number)[11:16]


# --- message and messages ------------------------------------------------------------------------------------

def test_each_message_is_one_line_in_order_with_who_wrote_to_whom_and_what_it_answers(cli, path):
    assert cli("message", path, "--to", "police", "Your barricade is seen.").out == "1\n"
    asked = player_writes(path, "protesters", "Can we talk\nto the crowd at Westlake?")
    answered = cli("message", path, "--to", "protesters", "--answers", asked, "--umpire", "ann", "-",
                   stdin="Yes,\nin ten minutes.\n")
    assert (answered.code, answered.out, answered.err) == (0, "3\n", "")
    listed = cli("messages", path)
    assert listed.code == 0 and listed.lines == [
        f"#1 {time_of(path, 1)} umpire → police: Your barricade is seen.",
        f"#2 {time_of(path, 2)} protesters → umpire: Can we talk / to the crowd at Westlake?",
        f"#3 {time_of(path, 3)} umpire (ann) → protesters, answering #2: Yes, / in ten minutes.",
    ]
    assert cli("messages", path, "--player", "police").lines == listed.lines[:1]


def test_a_players_message_waits_until_a_message_answers_it(cli, path):
    first, second = player_writes(path, "police", "Is 6th & Union clear?"), player_writes(path, "police", "Hello?")
    assert cli("message", path, "--to", "police", "Not yet.").code == 0  # written, but answering nothing
    waiting = [line for line in cli("messages", path).lines if ", waiting: " in line]
    assert [line.split()[0] for line in waiting] == [f"#{first}", f"#{second}"]
    assert cli("message", path, "--to", "police", "--answers", first, "Clear now.").code == 0
    assert [m["id"] for m in json.loads(cli("messages", path, "--json").out) if m["waiting"]] == [second]


def test_messages_json_holds_every_field_as_kept(cli, path):
    asked = player_writes(path, "police", "Line one\nline two")
    assert cli("message", path, "--to", "police", "--answers", asked, "--umpire", "ann", "Seen.").code == 0
    listed = json.loads(cli("messages", path, "--player", "police", "--json").out)
    kept = stored(path)
    assert listed == [{"id": m.id, "player": m.player, "from_player": m.from_player, "umpire": m.umpire,
                       "answers": m.answers, "text": m.text, "created": m.created, "command": m.command, "done": m.done,
                       "standing": m.standing, "waiting": False} for m in kept]
    assert [(m.text, m.umpire, m.answers) for m in kept] == [("Line one\nline two", None, None), ("Seen.", "ann", asked)]


def test_no_messages_is_one_line_and_an_empty_json_array(cli, path):
    assert cli("messages", path).lines[0].startswith("No messages yet")
    assert json.loads(cli("messages", path, "--json").out) == []


BAD = {
    "an unknown player": (("--to", "mayor", "Hello"), "referee: no player 'mayor' (players: protesters, police)\n"),
    "no words": (("--to", "police", "  \n "), "referee: a message to a player needs some words: TEXT is empty\n"),
    "too long": (("--to", "police", "x" * (MESSAGE_CHARS + 1)), f"referee: the message to the player holds at most "
                 f"{MESSAGE_CHARS} characters, not {MESSAGE_CHARS + 1}\n"),
    "a tab": (("--to", "police", "a\tb"),
              "referee: the message to the player must not hold control characters (a line break is fine)\n"),
    "an escape": (("--to", "police", "\x1b[2Jx"),
                  "referee: the message to the player must not hold control characters (a line break is fine)\n"),
    "a byte not UTF-8": (("--to", "police", "a\udcffb"),
                         "referee: the message to the player is not text: byte 0xff is not UTF-8\n"),
    "no such message": (("--to", "police", "--answers", "9", "Yes"),
                        "referee: no message 9 from police to answer: he has written none\n"),
    "another player's": (("--to", "police", "--answers", "1", "Yes"),
                         "referee: no message 1 from police to answer: he has written none\n"),
    "the umpire's own": (("--to", "protesters", "--answers", "2", "Yes"),
                         "referee: no message 2 from protesters to answer: his message waiting for an answer is 1\n"),
    "a number that is none": (("--to", "protesters", "--answers", "0", "Yes"),
                              "referee: no message 0 from protesters to answer: his message waiting for an answer is 1\n"),
    "a number far beyond": (("--to", "protesters", "--answers", "-99999999999999999999999", "Yes"),
                            "referee: no message -99999999999999999999999 from protesters to answer: his message "
                            "waiting for an answer is 1\n"),
    "not a number": (("--to", "protesters", "--answers", "first", "Yes"), "referee: message: argument --answers: must "
                     "be a message's number (`referee messages` lists them), not 'first'\n"),
    "no player": (("Hello",), "referee: message: the following arguments are required: --to\n"),
    "no text": (("--to", "police"), "referee: message: the following arguments are required: TEXT\n"),
    "an id too long": (("--to", "p" * 65, "Hello"), None),
}


@pytest.mark.parametrize("bad", BAD, ids=list(BAD))
def test_every_bad_message_is_one_line_exit_2_and_nothing_kept(cli, path, bad):
    player_writes(path, "protesters", "Can we talk?")  # 1
    assert cli("message", path, "--to", "protesters", "Wait.").code == 0  # 2, the umpire's
    before = stored(path)
    args, said = BAD[bad]
    run = cli("message", path, *args)
    assert (run.code, run.out) == (2, "") and run.err.startswith("referee: ") and run.err.count("\n") == 1
    assert said is None or run.err == said
    assert stored(path) == before


def test_an_unknown_player_is_refused_in_one_line(cli, path):
    for args in (("--player", "mayor"), ("--player", "mayor", "--json")):
        run = cli("messages", path, *args)
        assert (run.code, run.out, run.err) == (2, "", "referee: no player 'mayor' (players: protesters, police)\n")


def test_an_umpire_reads_and_writes_only_the_threads_of_his_players(cli, path):
    player_writes(path, "protesters", "Can we talk?")
    player_writes(path, "police", "Backup?")
    assert cli("umpires", path, "--set", "ann=all", "--set", "bob=police").code == 0
    assert cli("messages", path).err == ("referee: this session names its umpires (ann, bob): say which you are with "
                                         "--umpire NAME\n")
    assert [line.split()[0] for line in cli("messages", path, "--umpire", "bob").lines] == ["#2"]
    assert [line.split()[0] for line in cli("messages", path, "--umpire", "ann").lines] == ["#1", "#2"]
    refused = "referee: bob: the role police prints only the police's players' briefings\n"
    assert cli("messages", path, "--umpire", "bob", "--player", "protesters").err == refused
    before = stored(path)
    assert (cli("message", path, "--umpire", "bob", "--to", "protesters", "Hi").err) == refused
    assert stored(path) == before
    assert cli("message", path, "--umpire", "bob", "--to", "police", "--answers", 2, "On its way.").out == "3\n"
    assert stored(path)[-1].umpire == "bob"


def test_a_hostile_message_is_shown_harmlessly_each_on_its_line(cli, path):
    """Text an altered or old session holds, kept without the checks a message gets: shown, never obeyed."""
    for text in HOSTILE:
        player_writes(path, "police", text)
    run = cli("messages", path)
    assert run.code == 0 and unsafe(run.out) == [] and len(run.lines) == len(HOSTILE)
    for line, text in zip(run.lines, HOSTILE, strict=True):
        assert line.endswith(": " + printable(" / ".join(text.split("\n"))))


# --- verify and copy -------------------------------------------------------------------------------------------

def test_verify_counts_the_messages_and_finds_one_edited_in_the_database(cli, path, tmp_path):
    player_writes(path, "police", "Backup at 6th & Union?")
    assert cli("message", path, "--to", "police", "--answers", 1, "On its way.").code == 0
    assert ", 2 messages match their own chain, " in cli("verify", path).out
    with sqlite3.connect(path) as db:
        db.execute("UPDATE message SET text = 'No backup.' WHERE id = 2")
    changed = f"referee: {path}: the log was changed outside referee (message 2 does not match its hash)"
    for args in (("verify", path), ("messages", path), ("copy", path, tmp_path / "copy.db")):
        run = cli(*args)
        assert (run.code, run.err) == (2, changed + "; `referee verify` says more\n"), args
    assert not (tmp_path / "copy.db").exists()
    assert cli("review", path, "--out", tmp_path / "review.html").code == 0
    assert "changed outside referee: message 2 does not match its hash" in (tmp_path / "review.html").read_text()


def test_a_copy_holds_the_messages_verifies_and_numbers_on(cli, path, session_at, tmp_path):
    """A file copied into the backend under test and back: every message as it was, its chain intact."""
    player_writes(path, "police", "Backup?")
    assert cli("message", path, "--to", "police", "--answers", 1, "--umpire", "ann", "On its way.").code == 0
    back = tmp_path / "back.db"
    assert cli("copy", path, session_at).code == 0 and cli("copy", session_at, back).code == 0
    rows = [read(where, lambda reader: reader.table_rows("message")) for where in (path, session_at, back)]
    assert rows[0] == rows[1] == rows[2] and len(rows[0]) == 2
    assert ", 2 messages match their own chain, " in cli("verify", session_at).out
    assert cli("message", session_at, "--to", "protesters", "Hold at Westlake.").out == "3\n"  # the copy writes on
    assert ", 3 messages match their own chain, " in cli("verify", session_at).out
    assert [(m["id"], m["waiting"]) for m in json.loads(cli("messages", session_at, "--json").out)] == [
        (1, False), (2, False), (3, False)]


# --- sessions kept before messages were --------------------------------------------------------------------

def test_a_format_4_session_lists_no_messages_and_is_brought_up_to_date_by_the_first(cli, path):
    with sqlite3.connect(path) as db:  # as format 4 left it: no table of messages
        db.executescript("DROP TABLE message; UPDATE session SET format = 4;")
    assert cli("messages", path).lines[0].startswith("No messages yet")
    assert json.loads(cli("messages", path, "--json").out) == []
    assert ", 0 messages match their own chain, " in cli("verify", path).out
    assert read(path, lambda reader: reader.format) == 4  # reading it changed nothing
    assert cli("message", path, "--to", "police", "Welcome.").out == "1\n"
    assert read(path, lambda reader: reader.format) == FORMAT
    assert [m.text for m in stored(path)] == ["Welcome."]
    assert cli("verify", path).code == 0


# --- the review ---------------------------------------------------------------------------------------------

def messages_section(page: str) -> str:
    found = re.search(r'<section class="timeline" aria-labelledby="messages">(.*?)</section>', page, re.S)
    assert found, "the review has a section of messages"
    return found[1]


@pytest.mark.parametrize("lang, words", [
    ("en", ("Messages between the players and the umpire", "protesters to the umpire",
            "the umpire (ann) to protesters", "answering #1", "the umpire to police", "not answered")),
    ("es", ("Mensajes entre los jugadores y el árbitro", "protesters al árbitro", "el árbitro (ann) a protesters",
            "en respuesta al #1", "el árbitro a police", "sin respuesta")),
])
def test_the_review_prints_each_players_thread_in_its_language(cli, path, tmp_path, lang, words):
    title, asked, answer, answering, unasked, waits = words
    player_writes(path, "protesters", "Can we talk\nto the crowd?")
    assert cli("message", path, "--to", "protesters", "--answers", 1, "--umpire", "ann", "Yes.").code == 0
    assert cli("message", path, "--to", "police", "Hold the line.").code == 0
    player_writes(path, "police", "How long?")
    out = tmp_path / "review.html"
    assert cli("review", path, "--out", out, "--lang", lang).code == 0
    section = messages_section(out.read_text(encoding="utf-8"))
    threads = re.findall(r"<h3>([^<]*)</h3>\s*<ul>(.*?)</ul>", section, re.S)
    assert f'<h2 id="messages">{title}</h2>' in section
    assert [player for player, _ in threads] == ["protesters", "police"]  # the scenario's order of players
    protesters, police = (re.findall(r"<li>(.*?)</li>", items, re.S) for _, items in threads)
    assert [item.split("</span>")[0] for item in protesters + police] == [
        '<span class="seq">#1', '<span class="seq">#2', '<span class="seq">#3', '<span class="seq">#4']
    assert asked in protesters[0] and "Can we talk<br>to the crowd?" in protesters[0]
    assert answer in protesters[1] and answering in protesters[1] and waits not in "".join(protesters)
    assert unasked in police[0] and waits not in police[0] and waits in police[1]
    for item, number in zip(protesters + police, range(1, 5), strict=True):
        assert f"<b>{time_of(path, number)} · " in item


def test_a_review_without_messages_leaves_the_section_out(cli, path, tmp_path):
    out = tmp_path / "review.html"
    assert cli("review", path, "--out", out).code == 0
    assert 'id="messages"' not in out.read_text(encoding="utf-8")


def test_the_review_shows_hostile_messages_harmlessly(cli, path, tmp_path):
    for text in HOSTILE:
        player_writes(path, "police", text)
    out = tmp_path / "review.html"
    assert cli("review", path, "--out", out).code == 0
    section = messages_section(out.read_text(encoding="utf-8"))
    assert unsafe(section) == [] and "<script" not in section
    for text in HOSTILE:
        assert "<br>".join(escape(printable(line)) for line in text.split("\n")) in section


def test_answering_a_message_that_is_not_his_names_those_that_wait(cli, path):
    """A number that is none of the player's messages is refused naming those still waiting, or that none waits."""
    player_writes(path, "protesters", "Can we talk?")  # 1
    player_writes(path, "protesters", "Still there?")  # 2
    run = cli("message", path, "--to", "protesters", "--answers", "7", "Yes")
    assert (run.code, run.err) == (2, "referee: no message 7 from protesters to answer: his messages waiting for an "
                                      "answer are 1-2\n")
    for number in ("1", "2"):
        assert cli("message", path, "--to", "protesters", "--answers", number, "Yes").code == 0
    run = cli("message", path, "--to", "protesters", "--answers", "7", "Yes")
    assert (run.code, run.err) == (2, "referee: no message 7 from protesters to answer: none of his messages waits "
                                      "for an answer\n")
