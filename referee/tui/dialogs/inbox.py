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

from referee.messages import answer_to, called, direction, order_state, waiting
from referee.store.reading import MessageRecord
from referee.text import cut, printable
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

SAID_CHARS = 200
"""The most of the umpire's answer the inbox quotes in saying what became of a message: the list holds it whole."""


def what_became(message: MessageRecord, messages: Sequence[MessageRecord], names: Mapping[str, str] | None = None) -> str:
    """What became of a player's message that waits no more, in a sentence: an order carried out (by which command)
    or returned, a message answered, each with the umpire's answer (its number, time and words); a player's word
    that stops his standing order is a notice, with nothing to answer."""
    said = f"{'Order' if message.is_order else 'Message'} #{message.id} from {called(message.player, names)}"
    if message.is_stop:
        return f"{said} stops his standing order #{message.standing}: a notice, with nothing to answer"
    answer = answer_to(message, messages)
    assert answer is not None  # a player's message waits until the umpire answers it (`waiting`)
    how = order_state(answer) if message.is_order else "answered"
    how += f" by command {answer.done}" + (", amended" if answer.command else "") if answer.done else ""
    by = f" by the {answer.umpire}" if answer.umpire else ""
    words = f": {cut(answer.on_one_line, SAID_CHARS)}" if answer.text else ""
    return f"{said} was {how} (#{answer.id} at {answer.created[11:16]}{by}){words}"


class InboxDialog(Dialog[tuple[str, int | None] | None]):
    """Every message, oldest first, the cursor on the first waiting, and new ones as they come (`show`); returns
    (player, the message answered) for the one chosen from a player, (ANYONE, None) to write to a player unasked,
    (TOGETHER, None) to carry out every waiting order (and standing order due again, `due`) together, or None when
    closed. A player's message chosen that waits no more says what became of it, and the inbox stays open."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close")]

    def __init__(self, messages: Sequence[MessageRecord], odds: Mapping[int, Sequence[str]] | None = None,
                 names: Mapping[str, str] | None = None, due: Sequence[int] = ()):
        super().__init__()
        self.names = dict(names or {})  # what the table calls the players (`rename`), by id
        self.said = ""  # what became of the message last chosen that waits no more
        self._take(messages, odds, due)

    def _take(self, messages: Sequence[MessageRecord], odds: Mapping[int, Sequence[str]] | None,
              due: Sequence[int]) -> None:
        self.messages, self.odds, self.due = list(messages), dict(odds or {}), set(due)
        self.waiting = {message.id for message in waiting(self.messages)} | self.due

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._head(), id="inbox-head", classes="title")
            yield OptionList(*self._options(), id="inbox-list")
            yield Static("No messages yet: the players write from their live pages (referee serve).",
                         id="inbox-empty")
            with Horizontal(classes="buttons"):
                yield Button("", id="together", compact=True)
                yield Button("Write to a player", id="write", compact=True)
                yield Button("Close", variant="primary", id="close", compact=True)

    def on_mount(self) -> None:
        self._shown()
        if self.messages:
            self._place(None)
            self.query_one(OptionList).focus()

    def show(self, messages: Sequence[MessageRecord], odds: Mapping[int, Sequence[str]] | None = None,
             due: Sequence[int] = ()) -> None:
        """The messages as they now stand (a new one come, one answered elsewhere), the cursor kept on the message
        it was on."""
        found = self.query_one(OptionList)
        on = None if found.highlighted is None else self.messages[found.highlighted].id
        self._take(messages, odds, due)
        found.set_options(self._options())
        self._place(on)
        self._shown()

    def _place(self, on: int | None) -> None:
        """The cursor on message `on` if it is there, else on the first waiting, else on the last (none if none)."""
        numbers = [message.id for message in self.messages]
        self.query_one(OptionList).highlighted = numbers.index(on) if on in numbers else next(
            (n for n, m in enumerate(self.messages) if m.id in self.waiting), len(numbers) - 1) if numbers else None

    def _options(self) -> list[Option]:
        return [Option(message_line(m, m.id in self.waiting, self.odds.get(m.id, ()), self.names, m.id in self.due),
                       id=str(m.id)) for m in self.messages]

    def _head(self) -> Text:
        head = Text.assemble(("Messages and orders", "bold"), f": {len(self.waiting)} waiting for an answer. Enter "
                             "on a player's message answers it, on his order decides it (carry it out, amend it or "
                             "send it back); the answer reaches his live page.")
        if self.said:
            head.append("\n" + printable(self.said), style="bold cyan")
        return head

    def _shown(self) -> None:
        """The head, the list (or the words saying it is empty) and the button that carries out every waiting
        order together (where more than one waits), as the messages now stand."""
        self.query_one("#inbox-head", Static).update(self._head())
        self.query_one(OptionList).set_class(not self.messages, "hidden")
        self.query_one("#inbox-empty").set_class(bool(self.messages), "hidden")
        orders = sum(1 for m in self.messages if m.id in self.waiting and m.is_order)
        together = self.query_one("#together", Button)
        together.label = f"Carry out all {orders} together"
        together.set_class(orders < 2, "hidden")

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        message = next(m for m in self.messages if str(m.id) == event.option.id)
        if message.from_player and message.id not in self.waiting:
            self.said = what_became(message, self.messages, self.names)
            self.query_one("#inbox-head", Static).update(self._head())
            return
        self.dismiss((message.player, message.id if message.from_player else None))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        chosen = {"together": TOGETHER, "write": ANYONE}.get(str(event.button.id))
        self.dismiss(None if chosen is None else (chosen, None))
