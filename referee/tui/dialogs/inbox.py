"""The umpire's inbox: every message and order between the players and the umpire, in order, those waiting for an
answer marked (a waiting order with its exact odds); choosing one answers it (an order: decides it), and a button
writes to a player unasked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from referee.messages import direction, waiting
from referee.store.reading import MessageRecord
from referee.text import printable
from referee.tui.dialogs.dialog import Dialog

WAITING_MARK = "● waiting"
DUE_MARK = "● due again: his standing order"


def message_line(message: MessageRecord, waits: bool, odds: Sequence[str] = (), names: Mapping[str, str] | None = None,
                 due: bool = False) -> Text:
    """A message on one line: its number, time, who wrote to whom (and what it answers; the player by the name the
    table calls him too, `names`), its words; a player's message not answered yet marked (a standing order due again
    in this phase, `due`, so), and under a waiting order its exact odds, a line each."""
    line = Text.assemble((f"#{message.id} {message.created[11:16]} ", "dim"),
                         (printable(direction(message, names)), "bold"),
                         f": {printable(message.on_one_line)}" if message.text else "")
    if waits or due:
        line.append(f"  {DUE_MARK if due else WAITING_MARK}", style="bold magenta")
    for chance in odds:
        line.append("\n    " + printable(chance), style="cyan")
    return line


TOGETHER, ANYONE = "", "*"
"""What the inbox returns in place of a player: to carry out every waiting order together; to write to a player
unasked, chosen next."""


class InboxDialog(Dialog[tuple[str, int | None] | None]):
    """Every message, oldest first, the cursor on the first waiting; returns (player, the message answered) for
    the one chosen from a player, (ANYONE, None) to write to a player unasked, (TOGETHER, None) to carry out every
    waiting order (and standing order due again, `due`) together, or None when closed."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close")]

    def __init__(self, messages: Sequence[MessageRecord], odds: Mapping[int, Sequence[str]] | None = None,
                 names: Mapping[str, str] | None = None, due: Sequence[int] = ()):
        super().__init__()
        self.messages, self.odds = list(messages), dict(odds or {})
        self.names = dict(names or {})  # what the table calls the players (`rename`), by id
        self.due = set(due)
        self.waiting = {message.id for message in waiting(self.messages)} | self.due

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text.assemble(("Messages and orders", "bold"), f": {len(self.waiting)} waiting for an answer. "
                                       "Enter on a player's message answers it, on his order decides it (carry it "
                                       "out, amend it or send it back); the answer reaches his live page."))
            if self.messages:
                yield OptionList(*(Option(message_line(m, m.id in self.waiting, self.odds.get(m.id, ()), self.names,
                                                       m.id in self.due), id=str(m.id))
                                   for m in self.messages), id="inbox-list")
            else:
                yield Static("No messages yet: the players write from their live pages (referee serve).",
                             id="inbox-empty")
            with Horizontal(classes="buttons"):
                orders = sum(1 for m in self.messages if m.id in self.waiting and m.is_order)
                if orders > 1:
                    yield Button(f"Carry out all {orders} orders together", id="together", compact=True)
                yield Button("Write to a player", id="write", compact=True)
                yield Button("Close", variant="primary", id="close", compact=True)

    def on_mount(self) -> None:
        if self.messages:
            found = self.query_one(OptionList)
            first = next((n for n, m in enumerate(self.messages) if m.id in self.waiting), len(self.messages) - 1)
            found.highlighted = first
            found.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        message = next(m for m in self.messages if str(m.id) == event.option.id)
        self.dismiss((message.player, message.id if message.from_player else None))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        chosen = {"together": TOGETHER, "write": ANYONE}.get(str(event.button.id))
        self.dismiss(None if chosen is None else (chosen, None))
