"""The players' orders on the dashboard: said on the status line and in a notification as they arrive, decided from
the inbox (key I): carried out as sent, amended, or sent back with a word; a refusal of the rules read by the umpire
with the order left waiting (docs/cli.md, `referee orders`; RULINGS.md, "Orders from the players' pages")."""

from __future__ import annotations

import json

from textual.widgets import OptionList

from referee.messages import answer_to, waiting
from referee.session import Session
from referee.tui.dialogs.inbox import InboxDialog
from tests.test_standing import keep, stop
from tests.test_tui_inbox import from_player, until
from tests.test_tui_riot import fill
from tests.tui_support import drive, make_session, press, screen_lines, settle

MOVE = {"do": "move", "unit": "U2", "to": "5th & Pike"}


def ordered(path, player: str, command: dict, said: str) -> int:
    """A player sends an order, as his live page does once it is checked against his forms."""
    return from_player(path, player, said, command)


async def decide(pilot, app, **values) -> str:
    """Open the inbox on the first waiting order and decide it with these values; the form's title."""
    await press(pilot, "I")
    await press(pilot, "enter")
    title = str(app.screen.query_one(".title").render())
    await fill(pilot, app, **values)
    await settle(pilot)
    return title


def test_orders_are_carried_out_amended_or_sent_back_from_the_inbox(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    first = ordered(path, "protesters", MOVE, "Move: U2 to 5th & Pike")

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        told = screen_lines(app)[0]
        done = await decide(pilot, app, text="On its way.")
        ordered(path, "protesters", {"do": "group-move", "units": ["U3", "U4"], "to": "5th & Pike"}, "Both to 5th")
        ordered(path, "police", MOVE, "Move their U2")
        await until(pilot, lambda: len(waiting(app.screen.mail)) == 2)
        both = screen_lines(app)[0]
        amended = await decide(pilot, app, command=json.dumps({"do": "move", "unit": "U3", "to": "5th & Pike"}))
        back = await decide(pilot, app, decision="return", text="Not your unit.")
        await until(pilot, lambda: not waiting(app.screen.mail))
        return told, done, both, amended, back, "\n".join(screen_lines(app))

    told, done, both, amended, back, screen = drive(path, script)
    assert "✉ 1 order waiting (I)" in told and "✉ 2 orders waiting (I)" in both
    assert (done, amended, back) == (f"Order #{first} from protesters", "Order #3 from protesters", "Order #4 from police")
    with Session.open(path) as session:
        messages = session.messages()
        answers = {m.id: answer_to(m, messages) for m in messages if m.is_order}
        records, effective = session.log()
        moved = [r.data["unit"] for r in records if r.kind == "unit-moved" and r.command_id in effective]
    told_him = answers[3].text  # the amended order told in the words of his forms, as `execute --as` does
    assert told_him.startswith("As carried out: ") and "[U3]" in told_him and "5th & Pike" in told_him
    assert [(a.done is not None, a.command, a.text) for a in answers.values()] == [
        (True, None, "On its way."), (True, {"do": "move", "unit": "U3", "to": "5th & Pike"}, told_him),
        (False, None, "Not your unit.")]
    assert moved == ["U2", "U3"] and "U3 moves" in screen  # what was carried out, on the log and the screen


def test_an_order_the_rules_refuse_is_read_by_the_umpire_and_still_waits(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    ordered(path, "police", {"do": "move", "unit": "U2", "to": "no such place"}, "Move to nowhere")

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        await decide(pilot, app)
        return app.screen.note, screen_lines(app)[0]

    note, status = drive(path, script)
    assert note == "1.3: there is no intersection 'no such place' on the map"  # the rule's refusal, with its section
    assert "✉ 1 order waiting (I)" in status
    with Session.open(path) as session:
        assert [m.id for m in waiting(session.messages())] == [1]


def test_an_order_or_message_that_waits_no_more_says_what_became_of_it_and_opens_nothing(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    done = ordered(path, "protesters", MOVE, "Move: U2 to 5th & Pike")
    back = ordered(path, "police", MOVE, "Move their U2")
    asked = from_player(path, "police", "Where are the cameras?")
    stopping = stop(path, keep(path, "police"), "police")
    with Session.open(path) as session:
        session.execute(done, said="On its way.")
        session.return_order(back, "Not your unit.")
        session.write_to("police", "Over every box.", asked)
        command = answer_to(session.messages()[0], session.messages()).done

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        await press(pilot, "I")
        inbox = app.screen
        said = []
        for number in (done, back, asked, stopping):
            inbox.query_one(OptionList).highlighted = [m.id for m in inbox.messages].index(number)
            await press(pilot, "enter")
            if app.screen is not inbox:
                return app.screen, said
            said.append(str(inbox.query_one("#inbox-head").render()).splitlines()[-1])
        return app.screen, said

    screen, said = drive(path, script)
    assert isinstance(screen, InboxDialog)  # no answer's form: none of them waits
    assert said[0].startswith(f"Order #{done} from protesters was carried out by command {command} (#")
    assert said[0].endswith("): On its way.")
    assert said[1].startswith(f"Order #{back} from police was returned (#") and said[1].endswith("): Not your unit.")
    assert said[2].startswith(f"Message #{asked} from police was answered (#") and said[2].endswith("): Over every box.")
    assert said[3] == (f"Message #{stopping} from police stops his standing order #{stopping - 1}: a notice, with "
                       "nothing to answer")


def test_an_order_chosen_as_another_dashboard_decides_it_is_said_decided_not_answered(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    number = ordered(path, "protesters", MOVE, "Move: U2 to 5th & Pike")

    async def script(pilot, app):
        umpire = app.screen
        await until(pilot, lambda: umpire.mail)
        with Session.open(path) as session:
            session.execute(number, said="Done.")
        await until(pilot, lambda: not waiting(umpire.mail))
        umpire._write_in(("protesters", number))  # what the inbox gave, chosen before it showed the order decided
        await settle(pilot)
        return app.screen is umpire, [(str(n.title), str(n.message)) for n in app._notifications]

    stays, told = drive(path, script)
    assert stays and len(told) == 1 and told[0][0] == "Waits no more"
    assert told[0][1].startswith(f"Order #{number} from protesters was carried out by command") and "Done." in told[0][1]
