"""The players' orders as the session keeps them and the umpire decides them: an order checked against its forms
alone (referee.orders), kept in the player's thread and chained, carried out as it stands or amended (the command
and its answer in one transaction), or sent back with a word; `orders`, `execute` and `return` at the command line;
two umpires deciding one order at once; sessions kept before orders were."""

from __future__ import annotations

import html
import json
import re
import sqlite3
import subprocess
import sys

import pytest

from referee.briefing.i18n import Strings
from referee.briefing.render import render_thread
from referee.errors import Decided, RefereeError
from referee.knowledge.build import player_view
from referee.knowledge.feed import PUBLIC
from referee.orders import Choice, Field, OrderForm, checked, described
from referee.session import Session
from referee.store.reading import FORMAT, open_reader
from referee.store.repository import SessionStore

N30 = "n30/close-the-ring"
MOVE = OrderForm("move", "Move", (Field("unit", "Unit", choices=(Choice("U2", "U2"), Choice("U3", "U3"))),
                                  Field("to", "To", choices=(Choice("5th & Pike", "5th & Pike"),))))
SHOUT = OrderForm("order", "Order", (Field("officer", "Officer", choices=(Choice("hale", "Supt. Hale"),)),
                                     Field("text", "Words", "text", most=40),
                                     Field("megaphone", "With a megaphone", "flag", optional=True),
                                     Field("firers", "Firers", "count", optional=True, least=1, most=4),
                                     Field("units", "Units", "many", optional=True,
                                           choices=(Choice("a", "A"), Choice("b", "B")))))


@pytest.fixture
def path(tmp_path):
    """A fresh Close the Ring session (players protesters and police), dice as the seed gives them."""
    where = tmp_path / "s.db"
    Session.create(where, N30, {}, seed=7).close()
    return where


def send(where, player: str, order: dict, said: str = "an order") -> int:
    """A player's order, as his live page keeps it once checked against his forms."""
    with SessionStore.open(where) as store:
        return store.write_message(player, said, from_player=True, command=order)


def read(where, what):
    """`what(reader)` of a session read as it stands."""
    reader = open_reader(where)
    try:
        return what(reader)
    finally:
        reader.close()


def stored(where) -> list:
    return read(where, lambda reader: reader.messages())


def commands(where) -> list:
    return read(where, lambda reader: reader.commands())


# --- an order checked against the player's forms alone ----------------------------------------------------------

def test_an_order_is_kept_in_its_form_s_order_with_only_the_keys_the_form_has():
    assert checked({"to": "5th & Pike", "unit": "U2", "do": "move"}, [MOVE]) == {"do": "move", "unit": "U2",
                                                                                 "to": "5th & Pike"}
    kept = checked({"do": "order", "officer": "hale", "text": "  Hold the yard ", "megaphone": True, "firers": 2,
                    "units": ["b", "a"]}, [SHOUT])
    assert kept == {"do": "order", "officer": "hale", "text": "Hold the yard", "megaphone": True, "firers": 2,
                    "units": ["b", "a"]}
    assert described(kept, [SHOUT]) == "Order: Officer Supt. Hale; Words Hold the yard; With a megaphone; Firers 2; Units B, A"


@pytest.mark.parametrize("order, line", [
    ({"do": "move", "unit": "U9", "to": "5th & Pike"}, "Move: Unit: choose one of those offered"),
    ({"do": "move", "unit": "U2"}, "Move: To is needed"),
    ({"do": "move", "unit": "U2", "to": "5th & Pike", "path": ["x"]}, "Move: the form has no 'path'"),
    ({"do": "barricade", "unit": "U2"}, "'barricade' is not an order you may give now (yours: move, order)"),
    ({"do": "order", "officer": "hale", "text": "x" * 41}, "Order: Words: a line of at most 40 characters"),
    ({"do": "order", "officer": "hale", "text": "a\nb"}, "Order: Words: a line of at most 40 characters"),
    ({"do": "order", "officer": "hale", "text": "go", "megaphone": "yes"}, "Order: With a megaphone: yes or no"),
    ({"do": "order", "officer": "hale", "text": "go", "firers": 5}, "Order: Firers: a whole number from 1 to 4"),
    ({"do": "order", "officer": "hale", "text": "go", "firers": True}, "Order: Firers: a whole number from 1 to 4"),
    ({"do": "order", "officer": "hale", "text": "go", "units": ["a", "a"]},
     "Order: Units: choose among those offered, each once"),
    ({"do": "order", "officer": "hale", "text": "go", "units": []}, "Order: Units: choose at least one"),
    (["move"], 'an order is an object: {"do": "...", ...}'),
])
def test_an_order_its_forms_do_not_offer_is_refused_in_one_line_saying_nothing_beyond_them(order, line):
    with pytest.raises(RefereeError) as refused:
        checked(order, [MOVE, SHOUT])
    assert str(refused.value) == line


def test_a_choice_narrowed_by_another_field_is_taken_only_with_what_it_fits():
    """A destination narrowed by the units chosen (Field.by) goes with each of them, or the order is refused."""
    boxes = (Choice("park", "Grant Park", fits=("a", "b")), Choice("loop", "The Loop", fits=("b",)))
    go = OrderForm("move", "Move", (Field("units", "Units", "many", (Choice("a", "A"), Choice("b", "B"))),
                                    Field("to", "To", choices=boxes, by="units")))
    assert checked({"do": "move", "units": ["a", "b"], "to": "park"}, [go])["to"] == "park"
    assert checked({"do": "move", "units": ["b"], "to": "loop"}, [go])["to"] == "loop"
    with pytest.raises(RefereeError, match='^Move: To "The Loop" is not offered with the Units chosen$'):
        checked({"do": "move", "units": ["b", "a"], "to": "loop"}, [go])


# --- kept, chained, decided ---------------------------------------------------------------------------------

def test_an_order_carried_out_is_one_command_of_the_log_answered_in_the_player_s_thread(path):
    number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"}, "Move: U2 to 5th & Pike")
    before = len(commands(path))
    with Session.open(path) as session:
        session.umpire = None
        session.execute(number, said="Done.")
    order, answer = stored(path)
    kept = commands(path)
    assert order.is_order and order.command == {"do": "move", "unit": "U2", "to": "5th & Pike"}
    assert len(kept) == before + 1 and kept[-1].body == order.command
    assert (answer.answers, answer.done, answer.text, answer.command, answer.from_player) == (number, kept[-1].id, "Done.",
                                                                                              None, False)


def test_an_amended_order_keeps_what_was_carried_out_beside_what_was_asked(path):
    number = send(path, "protesters", {"do": "group-move", "units": ["U2", "U3"], "to": "5th & Pike"})
    with Session.open(path) as session:
        session.execute(number, {"do": "move", "unit": "U3", "to": "5th & Pike"})
    answer = stored(path)[-1]
    assert answer.command == {"do": "move", "unit": "U3", "to": "5th & Pike"} and answer.done == commands(path)[-1].id


def test_an_order_the_rules_refuse_stays_waiting_and_the_log_as_it_was(path):
    number = send(path, "police", {"do": "move", "unit": "U2", "to": "nowhere at all"})
    before = commands(path)
    with Session.open(path) as session, pytest.raises(RefereeError):
        session.execute(number)
    assert commands(path) == before and [m.id for m in stored(path)] == [number]


def test_an_order_is_decided_once_whether_carried_out_or_sent_back(path):
    first = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    second = send(path, "protesters", {"do": "move", "unit": "U3", "to": "5th & Pike"})
    with Session.open(path) as session:
        session.execute(first)
        session.return_order(second, "Not yet: wait for the march.")
        for number in (first, second):
            with pytest.raises(Decided):
                session.execute(number)
            with pytest.raises(Decided):
                session.return_order(number, "again")
        with pytest.raises(RefereeError, match="a returned order needs a reason for the player"):
            session.return_order(send(path, "protesters", {"do": "stay", "unit": "U4"}), "  ")


def test_orders_and_their_answers_are_chained_and_an_edited_order_is_found_out(cli, path):
    number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    assert cli("execute", path, number).code == 0
    assert ", 2 messages match their own chain, " in cli("verify", path).out
    with sqlite3.connect(path) as db:
        db.execute("UPDATE message SET command = ? WHERE id = ?", ('{"do":"move","unit":"U3","to":"5th & Pike"}', number))
    refused = cli("verify", path)
    assert refused.code == 2 and f"message {number} does not match its hash" in refused.err


def test_a_format_5_session_keeps_its_messages_chained_and_takes_orders_once_opened(cli, path):
    with SessionStore.open(path) as store:
        store.write_message("police", "Before orders.", from_player=True)
    with sqlite3.connect(path) as db:  # as format 5 left it: no columns of orders
        db.executescript("ALTER TABLE message DROP COLUMN command; ALTER TABLE message DROP COLUMN done; "
                         "ALTER TABLE message DROP COLUMN standing; UPDATE session SET format = 5;")
    assert cli("orders", path).out.startswith("No orders yet")
    assert ", 1 message matches its own chain, " in cli("verify", path).out
    number = send(path, "police", {"do": "move", "unit": "P1", "to": "5th & Pike"})
    assert read(path, lambda reader: (reader.format, reader.messages_problem())) == (FORMAT, None)
    assert [m.text for m in stored(path)] == ["Before orders.", "an order"] and stored(path)[1].id == number


# --- the command line -----------------------------------------------------------------------------------------

def test_orders_lists_each_order_with_what_became_of_it(cli, path):
    asked = {"do": "move", "unit": "U2", "to": "5th & Pike"}
    done, back, left = (send(path, "protesters", asked, f"Move {n}") for n in range(3))
    executed = cli("execute", path, done, "--say", "On its way.")
    assert executed.out.startswith("ok ")
    said, logged = executed.err.splitlines(), cli("log", path).lines  # what it did, as the log says it
    assert said and [line.endswith(did) for line, did in zip(logged[-len(said):], said, strict=True)] == [True] * len(said)
    assert any(" moves " in line for line in said)
    assert cli("return", path, back, "-", stdin="U2 has moved\nalready.").out == f"{left + 2}\n"
    command = commands(path)[-1].id
    assert cli("orders", path).lines == [
        f"#{done} {stored(path)[0].created[11:16]} protesters, carried out by command {command}: On its way. | Move 0 | "
        + json.dumps(asked),
        f"#{back} {stored(path)[1].created[11:16]} protesters, returned: U2 has moved / already. | Move 1 | " + json.dumps(asked),
        f"#{left} {stored(path)[2].created[11:16]} protesters, waiting | Move 2 | " + json.dumps(asked)]
    waiting = json.loads(cli("orders", path, "--waiting", "--json").out)
    assert [(o["id"], o["state"], o["order"], o["command"]) for o in waiting] == [(left, "waiting", asked, None)]
    listed = json.loads(cli("orders", path, "--json").out)
    assert [(o["state"], o["command"], o["carried_out"], o["answer"]) for o in listed] == [
        ("carried out", command, asked, "On its way."), ("returned", None, None, "U2 has moved\nalready."),
        ("waiting", None, None, None)]
    assert f"umpire → protesters, carrying out #{done} by command {command}: On its way." in cli("messages", path).out


@pytest.mark.parametrize("args, line", [
    (("execute", "{path}", 9), "no order 9: the order waiting is 1"),
    (("execute", "{path}", 0), "no order 0: the order waiting is 1"),
    (("execute", "{path}", "-3"), "no order -3: the order waiting is 1"),
    (("execute", "{path}", 1, "end", 0), "no order 0: the order waiting is 1"),
    (("return", "{path}", "99999999999999999999999", "no"), "no order 99999999999999999999999: the order waiting is 1"),
    (("execute", "{path}", "first"), "execute: argument N: must be an order's number (`referee orders` lists them) "
                                     "or end, not 'first'"),
    (("execute", "{path}", 1, "--as", "[1]"), '--as: a command must be a JSON object such as {"do": "move", ...}'),
    (("execute", "{path}", 1, "--as", '{"do": "undo"}'), "an order is carried out by a command of the game, not by undo or redo"),
    (("return", "{path}", 1, ""), "a returned order needs a reason for the player: TEXT is empty"),
    (("return", "{path}", 1, " \n "), "a returned order needs a reason for the player: TEXT is empty"),
    (("return", "{path}", 1, "x" * 1001), "the reason for returning the order holds at most 1000 characters, not 1001"),
    (("return", "{path}", 1, "a\x1bb"),
     "the reason for returning the order must not hold control characters (a line break is fine)"),
    (("execute", "{path}", 1, "--say", "x" * 1001),
     "the word to the player with his order holds at most 1000 characters, not 1001"),
    (("return", "{path}", 2, "no"), "no order 2: the order waiting is 1"),
    (("orders", "{path}", "--player", "mayor"), "no player 'mayor' (players: protesters, police)"),
])
def test_a_decision_refused_is_one_line_exit_2_and_nothing_kept(cli, path, args, line):
    send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    with SessionStore.open(path) as store:
        store.write_message("protesters", "Just a question.", from_player=True)
    before = stored(path), commands(path)
    done = cli(*(str(path) if arg == "{path}" else arg for arg in args))
    assert (done.code, done.err) == (2, f"referee: {line}\n")
    assert (stored(path), commands(path)) == before


def test_a_return_read_from_standard_input_with_no_words_says_so(cli, path):
    number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    done = cli("return", path, number, "-", stdin="\n  \n")
    assert (done.code, done.err) == (2, "referee: a returned order needs a reason for the player: standard input is "
                                        "empty\n")
    assert cli("orders", path, "--waiting").out.startswith(f"#{number} ")


def test_a_number_that_is_no_order_names_the_orders_waiting_for_this_umpire(cli, path):
    for unit in ("U2", "U3"):
        send(path, "protesters", {"do": "move", "unit": unit, "to": "5th & Pike"})
    with SessionStore.open(path) as store:
        store.write_message("protesters", "Just a question.", from_player=True)
    police = send(path, "police", {"do": "move", "unit": "P1", "to": "5th & Pike"})
    assert cli("return", path, 2, "Not that one.").code == 0
    assert cli("umpires", path, "--set", "ann=all", "--set", "bob=police").code == 0
    assert cli("execute", path, 0, "--umpire", "ann").err == f"referee: no order 0: the orders waiting are 1, {police}\n"
    assert cli("execute", path, 0, "--umpire", "bob").err == f"referee: no order 0: the order waiting is {police}\n"
    assert cli("return", path, police, "No.", "--umpire", "bob").code == 0
    assert cli("execute", path, 7, "--umpire", "bob").err == "referee: no order 7: no order is waiting\n"


# --- two umpires at once ----------------------------------------------------------------------------------------

DECIDE = """
import sys
from referee.session import Session
from referee.store.location import location
from referee.errors import RefereeError
session = Session.open(location(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()
try:
    print(session.execute(int(sys.argv[2])) if sys.argv[3] == "execute" else session.return_order(int(sys.argv[2]), "No."))
except RefereeError as error:
    print("refused", type(error).__name__)
session.close()
"""


def raced(script: str, arguments: list[list[str]]) -> list[tuple[str, str]]:
    """Processes running `script` with each of `arguments`, each held until all are ready, then let go at once:
    what each printed (standard output, standard error)."""
    deciders = [subprocess.Popen([sys.executable, "-c", script, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for args in arguments]
    assert [d.stdout.readline() for d in deciders] == ["ready\n"] * len(deciders)
    for decider in deciders:
        decider.stdin.write("go\n")
        decider.stdin.flush()
    return [decider.communicate(timeout=300) for decider in deciders]


def test_two_umpires_deciding_one_order_at_once_decide_it_once(session_at):
    """On each backend: processes carrying out and sending back the same order at once: one decides it, the
    others are told it was decided meanwhile; one command, one answer, both chains intact."""
    with Session.create(session_at, N30, {}, seed=7):
        pass
    number = send(session_at, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    before = len(commands(session_at))
    said = raced(DECIDE, [[str(session_at), str(number), how] for how in ("execute", "return", "execute", "return")])
    assert [err for _, err in said] == [""] * 4
    refused = [out for out, _ in said if out.startswith("refused")]
    assert len(refused) == 3 and set(refused) == {"refused Decided\n"}
    answers = [m for m in stored(session_at) if m.answers == number]
    assert len(answers) == 1 and len(commands(session_at)) == before + (answers[0].done is not None)
    verified = subprocess.run([sys.executable, "-m", "referee", "verify", str(session_at)], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr


# --- the review -----------------------------------------------------------------------------------------------

def test_the_review_shows_each_order_beside_what_its_command_did_or_that_it_was_sent_back(cli, path, tmp_path):
    done = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"}, "Move: U2 to 5th & Pike")
    back = send(path, "police", {"do": "move", "unit": "U2", "to": "5th & Pike"}, "Move: their U2")
    assert cli("execute", path, done).code == 0 and cli("return", path, back, "Not your unit.").code == 0
    command = commands(path)[-1].id
    moved = [line for line in cli("log", path).lines if "U2 moves" in line]
    assert cli("review", path, "--out", tmp_path / "r.html").code == 0
    page = (tmp_path / "r.html").read_text()
    section = page[page.index('id="messages"'):page.index("</section>", page.index('id="messages"'))]
    carried = section[section.index(f"carrying out #{done} by command {command}"):]
    assert len(moved) == 1 and moved[0].split(None, 3)[3].strip() in carried.replace("&amp;", "&")
    assert section.count(" · order") == 2
    assert f"answering #{back}" in section and "Not your unit." in section


def test_an_amended_order_tells_the_player_what_was_carried_out_in_the_words_of_his_forms(path):
    """The player reads how his order was changed, as his own forms word it, before the umpire's word (2, 3: a
    protester's move in his movement phase)."""
    number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    with Session.open(path) as session:
        session.execute(number, {"do": "move", "unit": "U3", "to": "5th & Pike"}, "Only U3 goes.")
    text = stored(path)[-1].text
    assert text.startswith("As carried out: ") and "U3" in text.splitlines()[0] and "5th & Pike" in text
    assert text.splitlines()[1:] == ["Only U3 goes."]


def test_an_amendment_his_forms_do_not_offer_is_not_worded_for_him(path):
    """A command his forms do not take as it stands (here choosing an intersection without moving, 3.2, which no
    form of his offers) is not described to him: he reads the umpire's word alone, and nothing of the command."""
    number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
    with Session.open(path) as session:
        node = next(node for node, ids in session.state.stacks["protesters"].items() if ids)
        session.execute(number, {"do": "choose", "node": node}, "Changed.")
    answer = stored(path)[-1]
    assert answer.text == "Changed." and answer.command == {"do": "choose", "node": node}


def test_an_order_carried_out_shows_on_his_page_what_came_of_it_as_his_feed_has_it(path):
    """His thread gives, under the umpire's answer, the lines his own feed has of the command that carried the order
    out, those alone: where his unit went (the dice may stop it short of where he asked), never another command's."""
    with Session.open(path) as session:
        session.umpire = None
        session.apply({"do": "move", "unit": "U3", "to": "5th & Pike"})  # the umpire's own command: not the order's
        number = send(path, "protesters", {"do": "move", "unit": "U2", "to": "5th & Pike"})
        session.execute(number, said="Done.")
        returned = send(path, "protesters", {"do": "move", "unit": "U4", "to": "5th & Pike"})
        session.return_order(returned, "Not now.")
    done = stored(path)[-3].done
    view = player_view(path, "protesters")
    words = Strings("en", "n30")
    lines = [words.said(entry) for entry in view.feed if entry.command == done]
    others = [words.said(entry) for entry in view.feed if entry.command not in (done, 0)]
    assert any(line.startswith("U2 moved from") for line in lines), lines
    assert any(line.startswith("U3 moved from") for line in others), others
    page = render_thread(view, [m for m in stored(path) if m.player == "protesters"], "en")
    came = re.findall(r'<ul class="came">(.*?)</ul>', page, flags=re.S)
    assert came == ["".join(f"<li>{html.escape(line)}</li>" for line in lines)]  # one list: the order carried out
    police = player_view(path, "police")
    assert not [entry for entry in police.feed if entry.command == done and entry.kind != PUBLIC]
