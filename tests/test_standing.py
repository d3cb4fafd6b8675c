"""Standing orders: a player keeps an order as his standing order, and in each later phase in which he sends no
other and his forms still take it, it is due again for the umpire to carry out (by a repeat kept as the player's
order of that phase), amend or return; it stands until he stops it, sets another or the umpire returns it. The
roster, `orders`, `execute` (one, or `--all`), the live page's forms and the umpire's inbox; racing processes."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from textual.widgets import OptionList

from referee.errors import Decided
from referee.messages import standing_orders, waiting
from referee.roster import waiting as roster
from referee.session import Session
from referee.store import repository
from referee.store.reading import MessageRecord
from referee.store.repository import NEW, SessionStore
from referee.tui.dialogs.inbox import DUE_MARK, InboxDialog
from referee.web.book import PageBook
from referee.web.inbox import PAGE_HEADER
from tests.test_orders import commands, raced, stored
from tests.test_tui_inbox import until
from tests.test_tui_riot import fill
from tests.test_web import page_key
from tests.test_web_messages import serving
from tests.tui_support import drive, press

N30 = "n30/close-the-ring"
MOVE = {"do": "move", "unit": "U2", "to": "5th & Pike"}


@pytest.fixture(autouse=True)
def ticking(monkeypatch):
    """Every time this process keeps (a command's, a message's) a second after the last, from an hour ago: a phase
    and the orders sent in it never share a second, and another process's time comes after them all."""
    moments = itertools.count()
    start = datetime.now(UTC) - timedelta(hours=1)
    monkeypatch.setattr(repository, "_now",
                        lambda: (start + timedelta(seconds=next(moments))).isoformat(timespec="seconds"))


@pytest.fixture
def path(tmp_path):
    """A fresh Close the Ring session (players protesters and police), dice as the seed gives them."""
    where = tmp_path / "s.db"
    Session.create(where, N30, {}, seed=7).close()
    return where


def keep(where, player: str = "protesters", order: dict | None = None, standing: int | None = NEW) -> int:
    """A player's order as his live page keeps it, kept as his standing order (or, `standing` None, not)."""
    with SessionStore.open(where) as store:
        return store.write_message(player, "Move: U2 to 5th & Pike", from_player=True, command=order or MOVE,
                                   standing=standing)


def stop(where, number: int, player: str = "protesters") -> int:
    """A player's word that stops his standing order, as his live page keeps it."""
    with SessionStore.open(where) as store:
        return store.write_message(player, f"Stop my standing order #{number}", from_player=True, standing=number)


def next_turn(where) -> None:
    """End the phases of a turn (N30 2: protesters' movement, police movement, confrontation, success)."""
    with Session.open(where) as session:
        for _ in range(4):
            session.apply({"do": "end-phase"})


def due(where) -> list[int]:
    return [order.id for order in roster(where).standing]


def message(number: int, player: str = "a", *, mine: bool = True, command: dict | None = None, answers: int | None = None,
            done: int | None = None, standing: int | None = None) -> MessageRecord:
    return MessageRecord(number, player, mine, None, answers, "", "2026-11-29T20:00:00+00:00", command, done, standing)


# --- which standing order is in force ---------------------------------------------------------------------------

def test_the_latest_standing_order_stands_until_stopped_replaced_or_returned():
    set_a = message(1, command=MOVE, standing=1)
    done = message(2, mine=False, answers=1, done=3)
    plain = message(3, command=MOVE)
    assert standing_orders([set_a, done, plain]) == {"a": set_a}  # an order of one phase leaves it standing
    set_b = message(4, command=MOVE, standing=4)
    assert standing_orders([set_a, done, plain, set_b]) == {"a": set_b}
    stopped = message(5, standing=4)
    assert standing_orders([set_a, done, plain, set_b, stopped]) == {}
    assert stopped.is_stop and stopped not in waiting([set_a, done, plain, set_b, stopped])  # a notice, not a question
    other = message(6, "b", command=MOVE, standing=6)
    repeat = message(7, "b", command=MOVE, standing=6)
    assert standing_orders([other, repeat]) == {"b": other}
    assert standing_orders([other, repeat, message(8, "b", mine=False, answers=7)]) == {}  # its repeat sent back
    assert standing_orders([other, repeat, message(8, "b", mine=False, answers=7, done=9)]) == {"b": other}


# --- due again, carried out by its repeat ----------------------------------------------------------------------

def test_a_standing_order_is_due_again_each_turn_its_player_sends_no_other(cli, path):
    number = keep(path)
    assert roster(path).players == () and due(path) == []  # sent in this phase: an order like any
    assert cli("execute", path, number).code == 0
    assert cli("execute", path, number).err.startswith("referee: standing order 1 is not due in this phase")
    next_turn(path)
    found = roster(path)
    assert (found.turn, found.phase, found.players, due(path)) == (2, "protester-movement", (), [number])
    listed = cli("orders", path, "--waiting").lines
    assert listed[0].startswith(f"#{number} ") and " protesters (standing), carried out by command " in listed[0]
    assert "; due again in this phase | " in listed[0]
    assert cli("orders", path, "--missing").lines[-1] == f"standing orders due again: protesters #{number}"
    before = len(commands(path))
    run = cli("execute", path, number)
    assert run.code == 0 and " moves " in run.err
    repeat, answer = stored(path)[-2:]
    assert (repeat.from_player, repeat.command, repeat.standing, repeat.player) == (True, MOVE, number, "protesters")
    assert (answer.answers, answer.done, len(commands(path))) == (repeat.id, commands(path)[-1].id, before + 1)
    assert due(path) == [] and roster(path).players == ()  # the repeat is his order of this phase
    assert json.loads(cli("orders", path, "--json").out)[-1]["standing"] == number
    assert cli("verify", path).code == 0
    assert cli("review", path, "--out", path.parent / "r.html").code == 0
    review = (path.parent / "r.html").read_text(encoding="utf-8")
    assert "order (kept as his standing order)" in review
    assert f"order (his standing order #{number}, carried out again)" in review


def test_another_order_in_the_phase_puts_the_standing_order_aside_for_that_phase_alone(path):
    number = keep(path)
    with Session.open(path) as session:
        session.execute(number)
    next_turn(path)
    keep(path, order={"do": "move", "unit": "U3", "to": "5th & Pike"}, standing=None)
    assert due(path) == [] and roster(path).players == ()
    with Session.open(path) as session, pytest.raises(Decided, match="sent another order"):
        session.execute(number)
    next_turn(path)
    assert due(path) == [number]


def test_a_stopped_or_returned_standing_order_is_due_no_more_and_its_player_is_waited_for(cli, path):
    first = keep(path)
    with Session.open(path) as session:
        session.execute(first)
    stopped = stop(path, first)
    assert stored(path)[-1].direction == f"protesters → umpire, stopping standing order #{first}"
    assert " protesters (standing no more), carried out " in cli("orders", path).lines[0]
    assert json.loads(cli("orders", path, "--json").out)[0]["stands"] is False
    next_turn(path)
    assert (due(path), roster(path).players) == ([], ("protesters",))
    second = keep(path)
    assert stopped < second
    with Session.open(path) as session:
        session.execute(second)
    next_turn(path)
    assert due(path) == [second]
    assert cli("return", path, second, "U2 is where you sent it.").code == 0
    assert (due(path), roster(path).players, standing_orders(stored(path))) == ([], ("protesters",), {})
    next_turn(path)
    assert (due(path), roster(path).players) == ([], ("protesters",))


def test_a_standing_order_his_forms_take_no_more_is_not_due(path):
    number = keep(path, order={"do": "move", "unit": "U99", "to": "5th & Pike"})  # no unit of his, as if lost
    with Session.open(path) as session:
        session.execute(number, amended=MOVE)
    next_turn(path)
    assert standing_orders(stored(path))["protesters"].id == number
    assert (due(path), roster(path).players) == ([], ("protesters",))


def test_execute_all_carries_out_the_standing_orders_due_with_the_waiting_ones(cli, path):
    number = keep(path)
    assert cli("execute", path, number).code == 0
    next_turn(path)
    run = cli("execute", path, "--all")
    assert run.code == 0 and run.err.splitlines()[0] == f"carried out together: {number}"
    assert stored(path)[-2].standing == number and due(path) == []
    assert cli("execute", path, "--all").err == "referee: no order is waiting: `referee orders` lists them\n"


# --- the live page -----------------------------------------------------------------------------------------------

def test_the_live_page_keeps_a_standing_order_says_it_and_stops_it(path):
    session = Session.open(path)
    token = session.issue_links(["protesters"])["protesters"]
    book = PageBook(path)
    try:
        with serving(book) as client:
            page = client.get(f"/p/{token}").text
            assert 'name="standing"' in page and "Your standing order" not in page

            def post(body: object):
                return client.post(f"/p/{token}/orders", content=json.dumps(body),
                                   headers={"Content-Type": "application/json", PAGE_HEADER: page_key(page)})

            assert post({"order": MOVE, "standing": False}).status_code == 400
            assert post({"stop": 1}).text.startswith("no standing order 1 of yours to stop")
            number = post({"order": MOVE, "standing": True}).json()["id"]
            assert standing_orders(stored(path))["protesters"].id == number
            book.refresh()
            shown = client.get(f"/p/{token}").text
            assert "Your standing order: Move a unit: Unit Unorganized 2 [U2]" in shown
            assert f'data-stop="{number}"' in shown and f"#{number} (standing order)" in shown
            assert post({"stop": True}).status_code == 400
            assert post({"stop": number}).status_code == 201
            assert standing_orders(stored(path)) == {} and stored(path)[-1].is_stop
            book.refresh()
            assert "Your standing order" not in client.get(f"/p/{token}").text
    finally:
        book.close()
        session.close()


# --- the umpire's inbox ------------------------------------------------------------------------------------------

def test_the_inbox_marks_a_standing_order_due_again_and_carries_it_out(path):
    number = keep(path)
    with Session.open(path) as session:
        session.execute(number)
    next_turn(path)

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        await press(pilot, "I")
        inbox = app.screen
        assert isinstance(inbox, InboxDialog)
        line = str(inbox.query_one(OptionList).get_option(str(number)).prompt)
        await press(pilot, "enter")
        title = str(app.screen.query_one(".title").render())
        await fill(pilot, app)  # carried out as it stands
        await until(pilot, lambda: len(app.screen.mail) == 4)  # the repeat and its answer, read again
        return inbox.due, line, title, [str(told.title) for told in app._notifications]

    shown, line, title, told = drive(path, script)
    assert shown == {number} and DUE_MARK in line and title.endswith("(his standing order, due again)")
    assert not any(title.startswith("Order from") for title in told)  # the repeat is the umpire's own doing
    assert stored(path)[-2].standing == number and stored(path)[-1].done == commands(path)[-1].id


# --- racing processes --------------------------------------------------------------------------------------------

RACE = """
import sys
from referee.session import Session
from referee.store.location import location
from referee.store.repository import SessionStore
from referee.errors import RefereeError
where, number, how = location(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
session = Session.open(where) if how != "order" else None
store = SessionStore.open(where) if how == "order" else None
print("ready", flush=True)
sys.stdin.readline()
try:
    if how == "order":
        print(store.write_message("protesters", "Move", from_player=True,
                                  command={"do": "move", "unit": "U3", "to": "5th & Pike"}))
    else:
        print(session.execute(number) if how == "execute" else session.return_order(number, "No."))
except RefereeError as error:
    print("refused", type(error).__name__)
(session or store).close()
"""


def test_a_standing_order_due_again_is_decided_once_whoever_races(session_at):
    """On each backend: two umpires carry out a standing order due again while a third sends it back and the
    player sends another order: at most one repeat is kept, before the player's order if at all; a return
    after it is refused; both chains stay intact."""
    Session.create(session_at, N30, {}, seed=7).close()
    number = keep(session_at)
    with Session.open(session_at) as session:
        session.execute(number)
    next_turn(session_at)
    said = raced(RACE, [[str(session_at), str(number), how] for how in ("execute", "execute", "return", "order")])
    assert [err for _, err in said] == [""] * 4
    kept = stored(session_at)
    repeats = [m for m in kept if m.standing == number and m.id != number and m.is_order]
    sent = next(m for m in kept if m.is_order and m.standing is None)
    assert len(repeats) <= 1 and all(repeat.id < sent.id for repeat in repeats)
    executed = [out for out, _ in said[:2] if not out.startswith("refused")]
    assert len(executed) == len(repeats)
    assert [answer.done for answer in kept if repeats and answer.answers == repeats[0].id] == (
        [commands(session_at)[-1].id] if repeats else [])
    verified = subprocess.run([sys.executable, "-m", "referee", "verify", str(session_at)], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stderr


def test_a_format_6_session_takes_standing_orders_once_opened(cli, path):
    import sqlite3

    with sqlite3.connect(path) as db:  # as format 6 left it: no column of standing orders
        db.executescript("ALTER TABLE message DROP COLUMN standing; UPDATE session SET format = 6;")
    assert cli("orders", path).out.startswith("No orders yet")
    number = keep(path)
    assert standing_orders(stored(path))["protesters"].id == number and cli("verify", path).code == 0


@pytest.mark.parametrize("first, now", [
    ("Move a unit: Unit Unorganized 2 [U2], Waiting at the map edge; To 5th & Pike", "Move a unit: Unit Group B, "),
    ("Mover una unidad: Unidad Unorganized 2 [U2], Esperando en el borde del mapa; Hacia 5th & Pike",
     "Mover una unidad: Unidad Group B, "),
])
def test_a_standing_order_repeated_is_a_new_order_worded_as_it_stands_now_in_the_words_it_was_sent_in(cli, path, first,
                                                                                                      now):
    """The repeat is the player's order of its phase: his unit under the name the table gave it since (`rename`)
    and where it stands now, in the language of his page; the standing order keeps the words he sent."""
    with SessionStore.open(path) as store:
        number = store.write_message("protesters", first, from_player=True, command=MOVE, standing=NEW)
    assert cli("execute", path, number).code == 0
    with Session.open(path) as session:
        session.apply({"do": "rename", "units": {"U2": "Group B"}})
    next_turn(path)
    assert cli("execute", path, number).code == 0
    standing, repeat = [m for m in stored(path) if m.from_player]
    assert standing.text == first
    assert repeat.standing == number and repeat.text.startswith(now) and repeat.text.endswith(" 5th & Pike")
    assert "Unorganized 2" not in repeat.text and "Waiting" not in repeat.text and "Esperando" not in repeat.text
    assert cli("verify", path).code == 0
