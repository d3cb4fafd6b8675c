"""Double-blind orders (N30 option `orders = "blind"`, RULINGS.md "Blind orders"): both sides write a turn's
movement orders at once (2, 3.1: the police theirs during the protesters' movement phase), neither sees the
other's until the umpire carries every waiting order out together (`referee execute --all`), in one transaction,
each in the phase it was written for, the phases between ended."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee import rulesets
from referee.blind import END
from referee.briefing.i18n import Strings
from referee.errors import RefereeError
from referee.knowledge.build import player_view
from referee.roster import waiting
from referee.rulesets.n30.rules.phases import MOVER, PHASES, POLICE_MOVEMENT, PROTESTER_MOVEMENT
from referee.session import Session
from referee.store.reading import open_reader
from referee.store.repository import SessionStore
from referee.web.book import PageBook
from tests.test_orders import raced
from tests.test_tui_inbox import until
from tests.test_tui_riot import fill
from tests.tui_support import drive, press

N30 = "n30/close-the-ring"
PLUGIN = rulesets.get("n30")
EN = Strings("en", "n30")


def session_at(tmp_path, orders: str, **options: str):
    """A fresh Close the Ring session under `orders`, its path."""
    path = tmp_path / f"{orders}.db"
    Session.create(path, N30, {"orders": orders, **options}, seed=3).close()
    return path


def forms(path, player: str) -> dict:
    """The player's forms now, as his page builds them: from his view and the session's options."""
    with Session.open(path) as session:
        ctx = session.game.ctx
    return {form.do: form for form in PLUGIN.order_forms(player_view(path, player), ctx.scenario.board, EN,
                                                        ctx.options)}


def move_of(path, player: str, nth: int = 0) -> dict:
    """A move his `move` form offers: its `nth` unit to the sixth place offered."""
    form = forms(path, player)["move"]
    return {"do": "move", "unit": form.fields[0].choices[nth].value, "to": form.fields[1].choices[5].value}


def send(path, player: str, order: dict) -> int:
    """An order as his live page keeps it."""
    with SessionStore.open(path) as store:
        return store.write_message(player, "an order", from_player=True, command=order)


def test_the_turn_and_its_movement_phases_are_those_of_section_2():
    """2: the plugin's declaration (data, importing nothing) says the turn's phases and the movers as the rules do."""
    assert PLUGIN.phases == PHASES
    assert dict(PLUGIN.blind) == MOVER


def test_blind_police_write_their_movement_orders_in_the_protesters_phase(tmp_path):
    """2, 3.1: open, the police have only the top of a stack (6.2) while the protesters move; blind, they write the
    moves of their own phase at once. The protesters' forms are the same either way."""
    open_, blind = session_at(tmp_path, "open"), session_at(tmp_path, "blind")
    assert "move" not in forms(open_, "police")
    police = forms(blind, "police")["move"]
    with Session.open(blind) as session:
        theirs = {uid for uid, unit in session.game.state.units.items() if unit.side == "police"}
    assert {choice.value for choice in police.fields[0].choices} <= theirs
    assert set(forms(open_, "protesters")) == set(forms(blind, "protesters"))


def test_the_police_page_says_its_blind_orders_are_for_their_phase(tmp_path):
    """The page's orders say which phase blind orders are for; the side in its own phase is told nothing more."""
    blind, open_ = PageBook(session_at(tmp_path, "blind")), PageBook(session_at(tmp_path, "open"))
    police = EN("orders.ahead", phase=EN("phase." + POLICE_MOVEMENT)).split(".")[0]  # "…the phase “Police movement”"
    assert EN("phase." + POLICE_MOVEMENT) in police
    assert police in blind.orders("police", "en")
    assert "Blind orders" not in blind.orders("protesters", "en")
    assert "Blind orders" not in open_.orders("police", "en")
    assert "Órdenes a ciegas" in blind.orders("police", "es")


def test_blind_orders_wait_for_both_sides_until_each_has_sent(tmp_path):
    """3.1 with blind orders: in the protesters' phase the police are waited for too, and an order either sends
    counts for his side's phase, so the police who sent theirs early are not waited for once it opens."""
    path = session_at(tmp_path, "blind", seats="4")
    assert waiting(path).players == ("protesters-1", "protesters-2", "police-1", "police-2")
    send(path, "police-1", move_of(path, "police-1"))
    send(path, "protesters-2", move_of(path, "protesters-2"))
    assert waiting(path).players == ("protesters-1", "police-2")
    with Session.open(path) as session:
        session.apply({"do": "end-phase"})
    assert waiting(path).players == ("police-2",), "police-1's order, sent in the protesters' phase, counts"


def test_every_waiting_order_is_laid_out_by_the_phase_it_was_written_for(tmp_path):
    """2: the protesters' orders first, oldest first, then the end of their phase, then the police's."""
    path = session_at(tmp_path, "blind")
    police = send(path, "police", move_of(path, "police"))
    first = send(path, "protesters", move_of(path, "protesters"))
    second = send(path, "protesters", move_of(path, "protesters", 1))
    with Session.open(path) as session:
        assert session.waiting_laid_out() == [first, second, END, police]
    with Session.open(session_at(tmp_path, "open")) as session:
        assert session.waiting_laid_out() == []


def test_orders_carried_out_together_are_one_transaction(tmp_path, monkeypatch):
    """Every order carried out, each answered with its command, the phase ended between them, and the session's
    head moved once: a page reading the session sees none of it or all."""
    path = session_at(tmp_path, "blind")
    police = send(path, "police", move_of(path, "police"))
    protesters = send(path, "protesters", move_of(path, "protesters"))
    moved: list[str] = []
    set_head = SessionStore._set_head
    monkeypatch.setattr(SessionStore, "_set_head", lambda store, conn, head: (moved.append(head), set_head(store, conn, head)))
    with Session.open(path) as session:
        before = session.tip[0]
        session.execute_all(session.waiting_laid_out(), "Done.")
        assert session.state.phase == POLICE_MOVEMENT
    assert len(moved) == 1
    reader = open_reader(path)
    try:
        commands = [command.body for command in reader.commands(after=before)]
        answers = {m.answers: m for m in reader.messages() if not m.from_player}
    finally:
        reader.close()
    assert [body["do"] for body in commands] == ["move", "end-phase", "move"]
    assert commands[0]["unit"] == move_of_unit(path, protesters) and commands[2]["unit"] == move_of_unit(path, police)
    assert answers[protesters].done == before + 1 and answers[police].done == before + 3
    assert answers[police].text == "Done."


def move_of_unit(path, number: int) -> str:
    with Session.open(path) as session:
        return next(m.command for m in session.messages() if m.id == number)["unit"]


def test_a_refused_order_among_them_leaves_everything_as_it_was(tmp_path):
    """3: the protesters may not move a police unit; carried out together, the refusal names the order and nothing
    of the others is kept."""
    path = session_at(tmp_path, "blind")
    good = send(path, "protesters", move_of(path, "protesters"))
    police_unit = forms(path, "police")["move"].fields[0].choices[0].value
    bad = send(path, "protesters", {"do": "move", "unit": police_unit, "to": move_of(path, "protesters")["to"]})
    with Session.open(path) as session:
        tip = session.tip
        with pytest.raises(RefereeError, match=f"order {bad} of protesters: .*nothing was carried out"):
            session.execute_all([good, bad])
        assert session.tip == tip and session.state.phase == PROTESTER_MOVEMENT
    with Session.open(path) as session:
        assert session.tip == tip
        assert not [m for m in session.messages() if not m.from_player]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *map(str, args)], capture_output=True, text=True)


def test_execute_all_at_the_command_line(tmp_path):
    """`referee execute PATH --all` and `execute PATH N N end N`; each mistake one line, exit 2, nothing kept."""
    path = session_at(tmp_path, "blind")
    police = send(path, "police", move_of(path, "police"))
    protesters = send(path, "protesters", move_of(path, "protesters"))
    for args, said in [((), "give an order's number"), ((police, "--all"), "not both"),
                       ((police, protesters, "--as", '{"do": "top"}'), "--as amends one order"),
                       ((police, police), "each number once"), (("x",), "or end, not 'x'"),
                       ((protesters, 99), "no order 99")]:
        refused = run("execute", path, *args)
        assert refused.returncode == 2 and said in refused.stderr, (args, refused.stderr)
        assert len(refused.stderr.strip().splitlines()) == 1
    done = run("execute", path, "--all")
    assert done.returncode == 0 and done.stdout.startswith("ok ")
    assert f"carried out together: {protesters} end {police}" in done.stderr
    listed = json.loads(run("orders", path, "--json").stdout)
    assert [order["state"] for order in listed] == ["carried out", "carried out"]
    nothing = run("execute", path, "--all")
    assert nothing.returncode == 2 and "no order is waiting" in nothing.stderr


def test_the_dashboard_carries_out_every_waiting_order_together(tmp_path):
    """The inbox's button lays the waiting orders out as `execute --all` does, says so, and carries them out at once."""
    path = session_at(tmp_path, "blind")
    police = send(path, "police", move_of(path, "police"))
    protesters = send(path, "protesters", move_of(path, "protesters"))

    async def script(pilot, app):
        await until(pilot, lambda: len(app.screen.mail) == 2)
        await press(pilot, "I")
        await pilot.click("#together")
        await pilot.pause(0.2)
        note = str(app.screen.note)
        await fill(pilot, app, text="All moved.")
        await until(pilot, lambda: app.screen.session.state.phase == POLICE_MOVEMENT)
        return note

    note = drive(path, script)
    assert f"#{protesters} (protesters), end of the phase, #{police} (police)" in note
    with Session.open(path) as session:
        answers = [m for m in session.messages() if not m.from_player]
        assert session.state.phase == POLICE_MOVEMENT
    assert sorted((m.answers, m.text, m.done is not None) for m in answers) == [
        (police, "All moved.", True), (protesters, "All moved.", True)]


TOGETHER = """
import sys
from referee.session import Session
from referee.store.location import location
from referee.errors import RefereeError
session = Session.open(location(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()
try:
    if sys.argv[2] == "all":
        print(session.execute_all(session.waiting_laid_out()))
    else:
        print(session.return_order(int(sys.argv[2]), "No."))
except RefereeError as error:
    print("refused", type(error).__name__)
session.close()
"""


def test_umpires_carrying_out_the_same_orders_at_once_decide_each_once(session_at):
    """On each backend: two processes carrying out every waiting order together and a third sending one of them back,
    all at once: one of them decides, the others are told the orders were decided meanwhile; each order answered
    once, and the log holds the commands of one batch at most; the chains verify."""
    Session.create(session_at, N30, {"orders": "blind"}, seed=3).close()
    police = send(session_at, "police", move_of(session_at, "police"))
    send(session_at, "protesters", move_of(session_at, "protesters"))
    with Session.open(session_at) as session:
        before = session.tip[0]
    said = raced(TOGETHER, [[str(session_at), how] for how in ("all", str(police), "all")])
    assert [err for _, err in said] == [""] * 3
    refused = [out for out, _ in said if out.startswith("refused")]
    assert len(refused) == 2 and set(refused) == {"refused Decided\n"}, said
    with Session.open(session_at) as session:
        answers = [m for m in session.messages() if not m.from_player]
        added = session.tip[0] - before
    assert sorted(m.answers for m in answers if m.answers is not None) == sorted({m.answers for m in answers})
    assert added == (3 if all(m.done for m in answers) and len(answers) == 2 else 0)
    verified = run("verify", session_at)
    assert verified.returncode == 0, verified.stderr


def test_a_word_to_the_players_with_orders_carried_out_together_reaches_each_once(tmp_path):
    """`execute N N --say`: the word is given to each player once, with the first of his orders; his other orders are
    answered without it, so that his thread does not say it again and again."""
    path = session_at(tmp_path, "open")
    first = send(path, "protesters", move_of(path, "protesters", 0))
    second = send(path, "protesters", {"do": "barricade", "unit": forms(path, "protesters")["barricade"].fields[0]
                                       .choices[1].value})  # 3.3: building instead of moving
    with Session.open(path) as session:
        session.execute_all([first, second], "The computer moved your units while you were away.")
        answers = {m.answers: m.text for m in session.messages("protesters") if not m.from_player}
    assert answers == {first: "The computer moved your units while you were away.", second: ""}
