"""The dashboard's inbox: the players' messages from their live pages reach the umpire at his screen, waiting ones
said on the status line, each answered from the inbox (docs/cli.md, `referee play`)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, OptionList

from referee.messages import waiting
from referee.session import Session
from referee.store.repository import SessionStore
from referee.tui.dialogs.form import CommandForm
from referee.tui.dialogs.inbox import InboxDialog
from referee.tui.screens.umpire import TOLD_CHARS
from tests.test_tui_riot import fill
from tests.test_tui_snapshots import CHICAGO_MEET
from tests.tui_support import drive, make_session, press, screen_lines, settle


def from_player(path, player: str, text: str, command: dict | None = None) -> int:
    """A player writes, as his live page does (an order, given its `command`)."""
    store = SessionStore.open(path)
    try:
        return store.write_message(player, text, from_player=True, command=command)
    finally:
        store.close()


async def until(pilot, done) -> None:
    """Let the screen poll until `done()` (the poll reads the messages again); it must come to pass."""
    for _ in range(600):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never read the messages")


@pytest.mark.parametrize("scenario", ["n30/lock-down-hold-fast", "bos/battle-of-seattle", "chicago/chicago-1968",
                                      "wallman/town-centre-riot"])
def test_a_message_written_meanwhile_is_said_waiting_and_answered_from_the_inbox(tmp_path, scenario):
    path = make_session(tmp_path, scenario, seed=3)
    player = Session.open(path).game.ctx.scenario.players[0].id
    first = from_player(path, player, "Can we talk to the crowd?")

    async def script(pilot, app):
        await until(pilot, lambda: app.screen.mail)
        opened = screen_lines(app)[0]
        second = from_player(path, player, "[b]Are[/b] you there?")
        await until(pilot, lambda: len(app.screen.mail) == 2)
        told = [str(n.message) for n in app._notifications]
        await press(pilot, "I")
        inbox = app.screen
        assert isinstance(inbox, InboxDialog)
        highlighted = inbox.query_one(OptionList).highlighted
        await press(pilot, "enter")
        title, note = str(app.screen.query_one(".title").render()), app.screen.note
        await fill(pilot, app, text="Yes: next turn.")
        await settle(pilot)
        return opened, second, told, highlighted, (title, note), screen_lines(app)[0]

    opened, second, told, highlighted, (title, note), after = drive(path, script)
    assert note.startswith("He asked: Can we talk to the crowd?")  # the question beside the answer's box
    assert "✉ 1 message waiting (I)" in opened
    assert "[b]Are[/b] you there?" in told  # a new one told, as written (no markup obeyed)
    assert highlighted == 0 and title == f"Answer message #{first} from {player}"  # the first waiting one
    messages = Session.open(path).messages(player)
    assert [(m.from_player, m.answers, m.text) for m in messages[2:]] == [(False, first, "Yes: next turn.")]
    assert [m.id for m in waiting(messages)] == [second]
    assert "✉ 1 message waiting (I)" in after


def test_the_umpire_writes_to_a_player_unasked(tmp_path):
    path = make_session(tmp_path, "bos/battle-of-seattle", seed=3)

    async def script(pilot, app):
        await press(pilot, "I")
        empty = str(app.screen.query_one("#inbox-empty").render())
        await pilot.click("#write")
        await settle(pilot)
        assert isinstance(app.screen, CommandForm)
        await fill(pilot, app, text="  ")  # no words: refused, nothing kept
        refused = app.screen.note
        authority = app.screen.game.ctx.scenario.players[1].id
        await press(pilot, "I")
        await pilot.click("#write")
        await settle(pilot)
        await fill(pilot, app, player=authority, text="The Mayor calls you.")
        return empty, refused

    empty, refused = drive(path, script)
    assert "No messages yet" in empty and refused == "a message to a player needs some words"
    session = Session.open(path)
    authority = session.game.ctx.scenario.players[1].id
    assert [(m.player, m.from_player, m.answers, m.text) for m in session.messages()] == [
        (authority, False, None, "The Mayor calls you.")]


def test_a_long_message_is_cut_in_its_notification_and_whole_in_the_inbox(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    written = "x" * 1000

    async def script(pilot, app):
        await until(pilot, lambda: app.screen._mail_end >= 0)
        from_player(path, "police", written)
        await until(pilot, lambda: app.screen.mail)
        await settle(pilot)
        return [str(n.message) for n in app._notifications], app.screen.mail[-1].text

    told, kept = drive(path, script)
    assert kept == written
    assert told and all(len(said) <= TOLD_CHARS for said in told) and told[-1].endswith("…")


def test_the_open_inbox_shows_messages_as_they_come_and_no_notification_hides_it(tmp_path):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    move = {"do": "move", "unit": "U2", "to": "5th & Pike"}
    first = from_player(path, "police", "Where are the cameras?")

    async def script(pilot, app):
        umpire = app.screen
        await until(pilot, lambda: umpire.mail)
        second = from_player(path, "protesters", "Can we talk?")
        await until(pilot, lambda: len(umpire.mail) == 2)
        told = [str(n.title) for n in app._notifications]
        await press(pilot, "I")
        inbox = app.screen
        cleared = list(app._notifications)  # the inbox holds what they told of
        orders = [from_player(path, player, "Move: U2 to 5th & Pike", move) for player in ("protesters", "police")]
        await until(pilot, lambda: len(umpire.mail) == 4)
        await settle(pilot)
        listed = inbox.query_one(OptionList)
        together = inbox.query_one("#together", Button)
        shown = ([option.id for option in listed.options], listed.highlighted, str(inbox.query_one("#inbox-head").render()),
                 str(together.label) if together.display else None, list(app._notifications))
        await press(pilot, "escape")
        from_player(path, "police", "Still there?")
        await until(pilot, lambda: len(umpire.mail) == 5)
        return told, cleared, [first, second, *orders], shown, [str(n.title) for n in app._notifications]

    told, cleared, written, (listed, highlighted, head, together, told_open), told_later = drive(path, script, (80, 24))
    assert told == ["Message from protesters (I: inbox)"] and cleared == []
    assert listed == [str(number) for number in written] and highlighted == 0  # the cursor stays where it was
    assert "4 waiting for an answer" in head and together == "Carry out all 2 together"
    assert told_open == [] and told_later == ["Message from police (I: inbox)"]  # told again once it is closed


def test_the_open_inbox_gives_the_odds_of_a_waiting_order_against_the_game_as_it_now_stands(tmp_path):
    path = make_session(tmp_path, "chicago/chicago-1968", CHICAGO_MEET, seed=3)
    from_player(path, "police-south", "Assault Old Town", {"do": "conflict", "box": "old-town", "table": "assault",
                                                           "defend": ["G3-04"]})

    async def script(pilot, app):
        umpire = app.screen
        await until(pilot, lambda: umpire.mail)
        await press(pilot, "I")
        inbox = app.screen
        before = dict(inbox.odds)
        with Session.open(path) as session:  # another dashboard takes back the end of the blue move phase
            session.apply({"do": "undo"})
        await until(pilot, lambda: umpire.game.state.phase == "blue-move")
        await settle(pilot)
        return before, dict(inbox.odds)

    before, after = drive(path, script)
    assert any("ASSAULT at 3:1" in line for line in before[1])  # HOW TO RESOLVE CONFLICT 6
    assert after == {1: ()}  # no conflict in a move phase: no odds to give
