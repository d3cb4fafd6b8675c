"""The inbox and the dialogs it opens fit the screen, down to 80x24, however long the thread or the words in it:
their buttons stay in sight while the list or the form scrolls (referee/tui/dialogs/dialog.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Button, OptionList

from referee.tui.dialogs.form import CommandForm
from referee.tui.dialogs.inbox import InboxDialog
from tests.test_tui_inbox import from_player, until
from tests.test_tui_orders import MOVE, ordered
from tests.tui_support import drive, make_session, press, settle

SIZES = [(80, 24), (120, 40)]
LONG = "Move my groups through the park and up the street, keeping off the bridges, " * 12  # near the most a page takes


def in_sight(screen, widget) -> bool:
    """Whether the widget is drawn whole on the screen, nothing over it: what lies at each of its corners is it."""
    region = widget.region
    corners = ((region.x, region.y), (region.right - 1, region.y), (region.x, region.bottom - 1),
               (region.right - 1, region.bottom - 1))
    return screen.region.contains_region(region) and all(screen.get_widget_at(x, y)[0] is widget for x, y in corners)


def buttons_in_sight(screen) -> list[tuple[str, bool]]:
    return [(str(button.label), in_sight(screen, button)) for button in screen.query(Button) if button.display]


def long_thread(path, count: int = 30) -> None:
    """A long evening's thread: the players' orders and questions, turn about."""
    for number in range(count):
        player = ("protesters", "police")[number % 2]
        if number % 3:
            ordered(path, player, MOVE, f"Order {number}: U2 to 5th & Pike, by the shortest way there is")
        else:
            from_player(path, player, f"Question {number}: where are the cameras tonight, and who sees them?")


@pytest.mark.parametrize("size", SIZES)
def test_the_inbox_keeps_its_buttons_in_sight_however_long_the_thread(tmp_path, size):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    long_thread(path)

    async def script(pilot, app):
        await until(pilot, lambda: len(app.screen.mail) == 30)
        await press(pilot, "I")
        inbox = app.screen
        listed = inbox.query_one(OptionList)
        opened = buttons_in_sight(inbox)
        await press(pilot, "end")
        last = listed.highlighted, listed.scroll_offset.y, listed.max_scroll_y
        below = listed.region.bottom <= inbox.query_one(".buttons").region.y  # the list ends above the buttons
        await press(pilot, "tab")
        return opened, last, below, in_sight(inbox, app.focused), buttons_in_sight(inbox)

    opened, (highlighted, scrolled, most), below, tabbed, ended = drive(path, script, size=size)
    assert all(seen for _, seen in opened + ended)
    assert [label for label, _ in opened] == ["Carry out all 20 together", "Write to a player", "Close"]
    assert highlighted == 29 and scrolled == most > 0 and below  # the list scrolls inside the dialog, to its end
    assert tabbed  # the first button, reached by Tab


async def opened_from_inbox(pilot, app, how: str):
    """Open the inbox and, from it, the dialog `how` names: deciding an order, answering a question, writing to a
    player unasked, or carrying out every waiting order together."""
    await until(pilot, lambda: len(app.screen.mail) == 3)
    await press(pilot, "I")
    inbox = app.screen
    assert isinstance(inbox, InboxDialog)
    if how in ("together", "write"):
        inbox.query_one(f"#{how}", Button).press()
    else:
        inbox.query_one(OptionList).highlighted = {"order": 0, "question": 2}[how]
        await press(pilot, "enter")
    await settle(pilot)
    return app.screen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("how", ["order", "question", "write", "together"])
def test_each_dialog_the_inbox_opens_keeps_apply_and_cancel_in_sight(tmp_path, size, how):
    path = make_session(tmp_path, "n30/close-the-ring", seed=3)
    ordered(path, "protesters", MOVE, LONG)
    ordered(path, "police", MOVE, LONG)
    from_player(path, "police", LONG)

    async def script(pilot, app):
        form = await opened_from_inbox(pilot, app, how)
        assert isinstance(form, CommandForm)
        shown = buttons_in_sight(form)
        await press(pilot, "tab", "tab", "tab", "tab")  # through every field, whatever comes into sight
        return shown, buttons_in_sight(form)

    shown, tabbed = drive(path, script, size=size)
    assert shown == tabbed == [("Apply", True), ("Cancel", True)]
