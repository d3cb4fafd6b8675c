"""What every ruleset's main screen shares: commands sent in a worker, the live log, undo and redo,
dice from the table, printing briefings, the theme and the help."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Group
from rich.text import Text
from textual import events, on, work
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import RichLog
from textual.worker import Worker, get_current_worker

from referee import rulesets
from referee.blind import END, laid_out
from referee.core.dice import Roll
from referee.core.events import MARKS, Event
from referee.core.state import GameState
from referee.errors import Disconnected, RefereeError
from referee.knowledge.build import ENDED, player_view
from referee.knowledge.view import PlayerView
from referee.messages import called, waiting
from referee.review.replay import Replay
from referee.rules.deadlines import DEADLINE_SET, clock
from referee.rules.place_names import in_place_names
from referee.rules.reports import RELIABILITIES, USUAL
from referee.rules.todo import Item
from referee.scenario.catalog import Player
from referee.session import Session, is_undone, narrated, stored_event
from referee.store.location import sibling
from referee.store.reading import MessageRecord
from referee.text import cut, plural, printable
from referee.tui.actions import UmpireAction
from referee.tui.dialogs.form import CommandForm, Field, kept_value
from referee.tui.dialogs.inbox import ANYONE, TOGETHER, InboxDialog, what_became
from referee.tui.messages import Applied, Connection, Followed, Mail, Refused
from referee.tui.widgets.log_entry import LogEntry

T = TypeVar("T")

LOG_SHOWN = 200
"""How many of the latest events the log panel shows when a session opens."""
FOLLOW_SECONDS = 0.4
"""How often the screen looks for commands other writers committed (a SQLite file)."""
SAFETY_SECONDS = 2.0
"""How often a screen on PostgreSQL looks all the same, beside the notifications (and tries a server gone again)."""
LISTEN_SECONDS = 0.5
"""How long a notification is waited for before the listener checks whether the screen is closing."""


IN_HISTORY = "the screen shows the past: press h to return to now first"
"""What an action that acts on the game says while the screen shows the history."""

HISTORY_STEPS = (("comma", "event", False), ("full_stop", "event", True), ("left_curly_bracket", "phase", False),
                 ("right_curly_bracket", "phase", True), ("less_than_sign", "turn", False),
                 ("greater_than_sign", "turn", True))
"""The keys that step through the history (see the History action)."""


def bindings(actions: tuple[UmpireAction, ...]) -> list[BindingType]:
    return [*(Binding(a.key, a.invoked, a.label, show=a.footer, tooltip=a.help) for a in actions),
            Binding("escape", "cancel", "Cancel", show=False),
            *(Binding(key, f"step('{by}', {forward})", f"{'forward' if forward else 'back'} one {by}", show=False)
              for key, by, forward in HISTORY_STEPS)]


TOLD_CHARS = 200
"""The most of a player's message a notification shows: the inbox holds it whole."""


class UmpireScreen(Screen):
    """A session's main screen; subclasses draw the game (`refresh_view`) and add their actions."""

    ACTIONS: tuple[UmpireAction, ...] = ()
    KEYS: tuple[tuple[str, str], ...] = ()  # the help's other keys: the map, the mouse, moving between panels
    STYLED: tuple[type, ...] = ()  # the widget kinds its own dialogs mount, given their styles before it opens

    def __init__(self, session: Session):
        super().__init__()
        self.session = session
        self.game = session.game
        self.table_dice = False
        self.note = ""
        self._lock = threading.Lock()
        self.offline = False  # the database server is gone: said once, tried again at each poll
        self._listening: Worker | None = None  # the thread waiting for a PostgreSQL session's notifications
        self.viewing: str | None = None  # the player whose knowledge the screen shows, if any
        self.log_of: tuple[str, tuple[str, ...]] | None = None  # the player's log the panel shows (None: the umpire's)
        self.view: PlayerView | None = None  # what that player knows (None while the screen shows the truth)
        self.history: Replay | None = None
        self.history_seqs: list[int] = []  # the log's seq of each event the history steps through
        self.asked: tuple[dict, Callable[[str], None]] | None = None  # a form's command sent, and how to ask again
        self.moment = 0
        self.seen = session.tip[0]
        """The latest command of the log the screen shows: commands are decided on it or refused."""
        self._read: dict[Callable, tuple[int, Any]] = {}  # what `from_log` read, and the command it was read at
        self.mail: list[MessageRecord] = []  # the messages between the players and the umpire, as last read
        self.due: tuple[int, str, str | None] | None = None  # the latest deadline set: (turn, phase, time or None)
        self._mail_end = -1  # the latest message read (-1: none read yet)
        self._standing: tuple[MessageRecord, ...] = ()  # the standing orders due again, as the inbox last found them

    def refresh_view(self) -> None:
        """Show the game as it now stands (or, in history, as it stood: `shown`)."""

    @property
    def shown(self) -> GameState:
        """The state on screen: the game as it stands, or the past moment the umpire stepped back to."""
        return self.history.state(self.moment) if self.history else self.game.state

    def status_note(self) -> str:
        """The status line's note: where in the history the screen is, else the latest refusal, else who the
        umpire at this screen is, where the session names its umpires."""
        if self.history is None:
            role = self.session.role
            note = self.note or (f"umpire {self.session.umpire} ({role})" if role else "")
            left = waiting(self.mail)
            orders = sum(1 for message in left if message.is_order)
            said = " and ".join(filter(None, (plural(orders, "order") if orders else "",
                                              plural(len(left) - orders, "message") if len(left) > orders else "")))
            state, due = self.game.state, self.due
            by = f"orders due by {clock(due[2])} (T)" if due and due[2] and due[:2] == (state.turn, state.phase) else ""
            return " · ".join(filter(None, (f"✉ {said} waiting (I)" if left else "", by, note)))
        event = self.history.events[self.moment - 1] if self.moment else None
        return f"HISTORY {self.moment}/{len(self.history)}" + (f": {self.game.narrate(event)}" if event else "")

    def viewing_note(self) -> str:
        """The status line's note while the screen shows a player's knowledge."""
        return f"VIEW AS {self.viewing}: only what this player knows (v: next player)"

    def notify(self, message: str, **options) -> None:
        """A notification shows the session's text as written: `printable`, no markup read."""
        super().notify(printable(message), **options, markup=False)

    def after(self, command: dict) -> None:
        """What a screen does once a command of its own is committed (before the view is refreshed)."""

    def action_act(self, run: str) -> object:
        """An umpire action (its `action_` method named by `run`): the umpire moves on, the last refusal's words go;
        while the screen shows the past, one that acts on the game is said not to be done."""
        self.moved_on()
        if self.history is not None and not any(action.looks for action in self.ACTIONS if action.run == run):
            self.refuse(IN_HISTORY)
            return None
        return getattr(self, f"action_{run}")()

    def action_cancel(self) -> None:
        """Escape: nothing in progress to stop by default."""

    def action_help(self) -> None:
        from referee.tui.dialogs.help import EVERYWHERE, HelpScreen

        self.app.push_screen(HelpScreen(self.ACTIONS, self.KEYS + EVERYWHERE))

    # --- the phase's checklist -----------------------------------------------------------

    went_to: tuple[tuple[int, str], Item] | None = None  # the item of the checklist `n` went to last, and its phase

    def checklist(self) -> tuple[Item, ...]:
        """What the rules still leave to do in this phase (the game's `todo`); nothing by default."""
        return ()

    def todo_shown(self) -> tuple[Item, ...] | None:
        """The checklist the status line shows: none in history or while viewing as a player (it is the umpire's
        now), none once the game is over."""
        return None if self.history or self.viewing or self.game.state.over else self.checklist()

    def selected_place(self) -> str | None:
        """The place the screen has selected: `n` looks for the next item's place from there."""
        return None

    def go_to(self, item: Item) -> None:
        """Select the place of an item of the checklist on the screen (its table, map or cursor; its unit)."""

    def action_next(self) -> None:
        """Go to the next thing to do, the first the rules require (else the first optional) and say which key does
        it: select its place; pressed again, the next item's place of those as required (round). The first press of
        a phase goes to the first, whatever is selected; so does one while the selection is no item's place."""
        items = self.checklist()
        if not items:
            self.notify("Nothing is left to do in this phase: e ends it")
            return
        first = next((item for item in items if item.required), items[0])
        if first.node is not None:
            alike = [item for item in items if item.node and item.required == first.required]
            here, nodes = self.selected_place(), [item.node for item in alike]
            phase = (self.game.state.turn, self.game.state.phase)
            last = self.went_to[1] if self.went_to and self.went_to[0] == phase else None
            if last in alike and last.node == here:  # the one `n` went to last: the one after it
                first = alike[(alike.index(last) + 1) % len(alike)]
            elif last and here in nodes:  # another item's place selected since: the one after it
                first = alike[(nodes.index(here) + 1) % len(alike)]
            self.went_to = (phase, first)
            self.go_to(first)
        where = " at ".join(name for name in (first.subject, self.game.ctx.scenario.place_name(first.node or "")) if name)
        self.notify((f"{where}: " if where else "") + f"{first.what} ({first.section})"
                    + (f"; press {first.key}" if first.key else ""), title="Next")

    # --- the log -------------------------------------------------------------------------

    @staticmethod
    def log_line(seq: int, text: str, undone: bool = False) -> LogEntry:
        return LogEntry(f"{seq:>5} ", text + ("  (undone)" if undone else ""), "dim strike" if undone else "")

    def load_log(self) -> None:
        """The log panel: the session's latest events, undone ones struck through. While viewing as a player,
        only what his knowledge says he was told (`told`: the public announcements, and his reports once they
        reached him), none of the umpire's lines: his own moves he knows from the map, the rest he was not told."""
        shown = (self.view.player, self.view.told) if self.view else None
        if shown and shown == self.log_of:
            return
        self.log_of = shown
        if self.view:
            entries = [LogEntry("", f"What {self.viewing} was told: the announcements and his reports", "bold"),
                       *(LogEntry(" " * 6, line) for line in self.view.told)]
        else:
            records, effective = self.session.log()
            entries = [self.log_line(record.seq, line, is_undone(record, effective))
                       for record, line in narrated(self.game.itemized, records, LOG_SHOWN)]
            self.due = next(((r.turn, r.phase, r.data["at"]) for r in reversed(records)
                             if r.kind == DEADLINE_SET and not is_undone(r, effective)), None)
            if len(records) > LOG_SHOWN:
                earlier = f"{len(records) - LOG_SHOWN} earlier events: `referee log` lists them all"
                entries.insert(0, LogEntry(" " * 6, earlier, "dim"))
        self.query_one("#log", RichLog).clear().write(Group(*entries))  # one write: a third of the time of one each

    def add_to_log(self, lines: list[tuple[int, str]], undoing: bool) -> None:
        """New events at the end of the log; after an undo or a redo the log is drawn again, so that the
        events it took back are struck through at once (and those it brought back no longer are)."""
        if undoing or self.viewing:
            self.load_log()
            return
        log = self.query_one("#log", RichLog)
        for seq, text in lines:
            log.write(self.log_line(seq, text))

    # --- commands ------------------------------------------------------------------------

    def send(self, command: dict) -> None:
        """Send a command (`_send`); one that would end the game or cost a side dearly is shown first, what makes
        it so at the top, and sent only once the umpire confirms it."""
        weighty = self.weighty(command)
        if weighty:
            self._confirm("This ends the game" if weighty[0] else "This costs a side dearly", command, weighty[1])
        else:
            self._send(command)

    def weighty(self, command: dict) -> tuple[bool, list[str]] | None:
        """Whether a command would end the game, and the lines of what it would do that end it or cost a side
        dearly (Game.weighty); None if nothing of the kind (or it would be refused: `_send` says why)."""
        if self.history is not None or command.get("do") in ("undo", "redo"):
            return None
        try:
            events = self.game.weighty(self.game.preview(command))
        except RefereeError:
            return None
        return (any(event.kind == ENDED for event in events), [self.game.narrate(e) for e in events]) if events else None

    @work(thread=True, group="commands")
    def _send(self, command: dict) -> None:
        """Hand a command to the engine in a worker thread; the answer comes back as a message.
        It is decided on the log the screen shows: if another writer committed meanwhile, it is refused
        and the screen shows what changed."""
        if self.history is not None:
            self.post_message(Refused(command, IN_HISTORY))
            return
        with self._lock:
            try:
                self.session.apply(command, expect=self.seen)
            except RefereeError as error:
                self.post_followed()
                self.post_message(Refused(command, str(error)))
                return
            self.post_followed()
            self.post_message(Applied(command, self._lines(self.session.last, command.get("do") in ("undo", "redo")),
                                      self.session.tip[0]))

    @on(Applied)
    def _applied(self, message: Applied) -> None:
        self.note, self.asked = "", None
        self.seen = message.tip
        self._load_view()
        self.add_to_log(message.lines, message.command.get("do") in ("undo", "redo"))
        self.after(message.command)
        self.refresh_view()

    # --- other writers --------------------------------------------------------------------

    @on(events.Mount)
    def _start_following(self) -> None:
        """Poll a SQLite file; on PostgreSQL, listen for the commits' notifications (and poll now and then, in
        case one was missed while the server was away)."""
        if self.session.path_is_served:
            self._listening = self._listen()
            self.set_interval(SAFETY_SECONDS, self._poll)
        else:
            self.set_interval(FOLLOW_SECONDS, self._poll)

    @on(events.Unmount)
    def _stop_listening(self) -> None:
        """The listener's thread ends within `LISTEN_SECONDS` of the screen closing (the app waits for it)."""
        if self._listening is not None:
            self._listening.cancel()

    def _poll(self) -> None:
        """Follow other writers, unless a dialog is open: what it shows must stay what its command is decided on.
        The inbox is the exception: it decides nothing itself, and shows the messages as they come."""
        if (self.app.screen is self or self._open_inbox()) and not self._lock.locked():
            self._follow()

    def _open_inbox(self) -> InboxDialog | None:
        """The inbox, if it is open over the screen."""
        screen = self.app.screen
        return screen if isinstance(screen, InboxDialog) and screen.is_mounted else None

    @work(thread=True, exclusive=True, group="listen")
    def _listen(self) -> None:
        """Wait for the server's notifications of commits and follow each; a listener lost listens again once the
        server is back (the polls say meanwhile that it is gone)."""
        worker = get_current_worker()
        listener = None
        while not worker.is_cancelled:
            try:
                listener = listener or self.session.listener()
                if listener is None:  # nothing to listen to: the polls follow
                    return
                if listener.wait(LISTEN_SECONDS) and not worker.is_cancelled:
                    self.app.call_from_thread(self._poll)
            except RefereeError:
                if listener is not None:
                    listener.close()
                listener = None
                time.sleep(LISTEN_SECONDS)
        if listener is not None:
            listener.close()

    @work(thread=True, exclusive=True, group="follow")
    def _follow(self) -> None:
        with self._lock:
            try:
                self.session.follow()
            except Disconnected as error:
                self.post_message(Connection(str(error)))
                return
            except RefereeError as error:
                self.post_message(Refused({}, str(error)))
            if self.offline:
                self.post_message(Connection(""))
            self.post_followed()
            self._read_mail()

    def _read_mail(self) -> None:
        """Read the messages again where a new one was written (called holding the lock)."""
        try:
            end = self.session.messages_end()
            if end != self._mail_end:
                self.post_message(Mail(self.session.messages(), end))
        except RefereeError:  # a server gone: said by the follow, tried again at the next poll
            return

    @on(Mail)
    def _mail(self, message: Mail) -> None:
        """New messages: each from a player told in a notification (not those there when the screen opened), or
        shown in the inbox if it is open, which no notification then hides."""
        inbox = self._open_inbox()
        known = {m.id for m in self.mail}
        if self._mail_end >= 0 and inbox is None:
            for new in (m for m in message.messages if m.from_player and m.id not in known
                        and not (m.is_order and m.standing not in (None, m.id))):  # a repeat: his own doing
                what = "Order" if new.is_order else "Message"
                said = cut(printable(new.on_one_line), TOLD_CHARS)  # the rest in the inbox
                self.notify(said, title=f"{what} from {new.player} (I: inbox)", timeout=10)
        before = len(waiting(self.mail))
        self.mail, self._mail_end = message.messages, message.end
        if inbox is not None:
            inbox.show(*self._inbox())
        if len(waiting(self.mail)) != before:  # the status line says how many wait
            self.refresh_view()

    def action_inbox(self) -> None:
        """The messages, each player's thread; answer one, or write to a player unasked. The notifications go: the
        inbox holds what they told of (and the status line what else they said)."""
        self.app.clear_notifications()
        messages, odds, due = self._inbox()
        self.app.push_screen(InboxDialog(messages, odds, self.game.state.names.get("players", {}), due),
                             self._write_in)

    def _inbox(self) -> tuple[list[MessageRecord], dict[int, tuple[str, ...]], list[int]]:
        """What the inbox shows: the messages, the exact odds of each order the umpire may decide now, and the
        standing orders due again in this phase, read afresh."""
        self._standing = self.session.due_again()
        return self.mail, {order.id: self.odds(order) for order in self._deciding()}, [o.id for o in self._standing]

    def _deciding(self) -> list[MessageRecord]:
        """The orders the umpire may decide now: those waiting, and the standing orders due again as the inbox
        last found them."""
        return [m for m in waiting(self.mail) if m.is_order] + list(self._standing)

    def odds(self, order: MessageRecord) -> tuple[str, ...]:
        """An order's exact odds against the game as it stands, every hidden fact counted (none where no dice
        decide it)."""
        return self.game.odds(order.command) if order.command else ()

    def _write_in(self, chosen: tuple[str, int | None] | None) -> None:
        """Ask for the words to the player chosen (answering his message, if one was chosen), then keep them."""
        if chosen is None:
            return
        player, answers = chosen
        if player == TOGETHER:
            self._together()
            return
        order = next((m for m in self._deciding() if m.id == answers), None)
        if order is not None:
            self._decide(order)
            return
        names = self.game.state.names.get("players", {})
        settled = next((m for m in self.mail if m.id == answers and m not in waiting(self.mail)), None)
        if settled is not None:  # answered meanwhile, from another dashboard
            self.notify(printable(what_became(settled, self.mail, names)), title="Waits no more")
            return
        title = f"Answer message #{answers} from {player}" if answers else "Write to a player"
        asked = next((m.text for m in self.mail if m.id == answers), None)
        to = [] if player != ANYONE else [Field("player", "To", choices=tuple(
            (f"{p.id} ({names[p.id]})" if p.id in names else p.id, p.id) for p in self.game.ctx.scenario.players))]

        def answered(values: dict | None) -> None:
            if values is not None:
                self.write_message(str(values.get("player", player)), str(values["text"]), answers)

        note = "It reaches his live page (referee serve) at once."
        self.app.push_screen(CommandForm(title, [*to, Field("text", "Message", "text", default="")],
                                         note=f"He asked: {printable(asked)}\n{note}" if asked else note), answered)

    def _decide(self, order: MessageRecord) -> None:
        """Ask what becomes of a player's order: carried out (its command as it stands, or as edited here) or sent
        back with a word to him."""
        command = json.dumps(order.command, ensure_ascii=False)
        fields = [Field("decision", "Decision", choices=(("Carry it out", "execute"), ("Send it back", "return")),
                      default="execute"),
                  Field("command", "Command", "text", default=command),
                  Field("text", "Word to him", "text", default="")]
        odds = "".join(f"\n{line}" for line in self.odds(order))
        note = (f"{order.text}{odds}\nEdit the command to amend it; the rules judge it against the whole game. Sending "
                "it back needs a word to him, which reaches his live page.")

        def decided(values: dict | None) -> None:
            if values is None:
                return
            said = str(values["text"])
            if values["decision"] == "return":
                self.decide_order(order.id, None, said, back=True)
                return
            try:
                given = json.loads(str(values["command"]))
            except ValueError:
                given = None
            if not isinstance(given, dict):
                self.post_message(Refused({}, 'the command must be a JSON object such as {"do": "move", ...}'))
                return
            self.decide_order(order.id, given if given != order.command else None, said)

        again = " (his standing order, due again)" if order in self._standing else ""
        self.app.push_screen(CommandForm(f"Order #{order.id} from {order.player}{again}", fields, note=note), decided)

    def _together(self) -> None:
        """Ask to carry out every waiting order together, laid out as the turn takes them (referee.blind), with a
        word to each player."""
        orders = self._deciding()
        items = laid_out(rulesets.get(self.game.ctx.scenario.ruleset), self.game.ctx, self.game.state.phase, orders)
        by_number = {order.id: order for order in orders}
        steps = ", ".join("end of the phase" if item == END else f"#{item} ({by_number[int(item)].player})"
                          for item in items)
        note = (f"In this order, in one go: {steps}. No page sees any of it before all is done; if the rules refuse "
                "one, none is carried out and you read why.")

        def decided(values: dict | None) -> None:
            if values is not None:
                self.decide_order(items, None, str(values["text"]))

        self.app.push_screen(CommandForm(f"Carry out {len(orders)} orders together",
                                         [Field("text", "Word to them", "text", default="")], note=note), decided)

    @work(thread=True, group="commands")
    def decide_order(self, number: int | list[int | str], amended: dict | None, said: str, back: bool = False) -> None:
        """Carry out an order (on the log the screen shows), or several together (`number` a list, with END between
        phases), or send one back; the rules' refusal is the umpire's to read, and the orders wait still."""
        with self._lock:
            try:
                if back:
                    assert isinstance(number, int)
                    self.session.return_order(number, said)
                elif isinstance(number, list):
                    self.session.execute_all(number, said, expect=self.seen)
                else:
                    self.session.execute(number, amended, said, expect=self.seen)
            except RefereeError as error:
                self.post_followed()
                self.post_message(Refused({}, str(error)))
                return
            self._read_mail()
            if not back:
                self.post_followed()
                command = amended or next((m.command for m in self.mail if m.id == number), None) or {}
                self.post_message(Applied(command, self._lines(self.session.last, False), self.session.tip[0]))
        if back:
            self.app.call_from_thread(self.notify, f"Order #{number} sent back", title="Sent")

    @work(thread=True, group="commands")
    def write_message(self, player: str, text: str, answers: int | None) -> None:
        with self._lock:
            try:
                number = self.session.write_to(player, text, answers)
            except RefereeError as error:
                self.post_message(Refused({}, str(error)))
                return
            self._read_mail()
        self.app.call_from_thread(self.notify, f"Message #{number} kept for {player}", title="Sent")

    @on(Connection)
    def _connection(self, message: Connection) -> None:
        """The server lost (said once, while the screen goes on trying) or back (and what it missed shown)."""
        if bool(message.lost) == self.offline:
            return
        self.offline = bool(message.lost)
        if self.offline:
            self.note = f"{message.lost}; trying again"
            self.notify(self.note, title="Connection lost", severity="error", timeout=10)
        else:
            self.note = "connected again"
            self.notify("connected again: the screen shows the session as it now stands", title="Connection back")
        self.refresh_view()

    def post_followed(self) -> None:
        """Tell the screen what other writers committed, if anything (called holding the lock)."""
        taken = self.session.take_followed()
        if taken:
            undoing = any(event.kind in MARKS for _, event in taken)
            self.post_message(Followed(self._lines(taken, undoing), undoing, self.session.tip[0]))

    def _lines(self, events: list[tuple[int, Event]], undoing: bool) -> list[tuple[int, str]]:
        """New events as log lines; none after an undo or a redo, whose log is drawn again from the store
        (`narrated`: the session, not the ruleset, says what an undo took back)."""
        for _, event in [] if undoing else events:
            if event.kind == DEADLINE_SET:  # the status line says it while its phase lasts
                self.due = (event.turn, event.phase, event.data["at"])
        return [] if undoing else [(seq, self.game.itemized(event)) for seq, event in events]

    @on(Followed)
    def _followed(self, message: Followed) -> None:
        self.seen = message.tip
        self.note = (f"{plural(len(message.lines), 'event')} committed elsewhere shown" if message.lines
                     else "an undo or redo committed elsewhere shown")
        self._load_view()
        self.add_to_log(message.lines, message.undoing)
        self.refresh_view()
        inbox = self._open_inbox()
        if inbox is not None:  # the odds of the orders waiting, against the game as it now stands
            inbox.show(*self._inbox())

    @on(Refused)
    def _refused(self, message: Refused) -> None:
        self.refuse(message.reason)
        asked, self.asked = self.asked, None
        if asked and asked[0] is message.command:
            asked[1](message.reason)

    def moved_on(self) -> None:
        """The umpire went on to something else: the status line no longer says why the last command was refused
        (a server lost it goes on saying, while it is)."""
        if self.note and not self.offline:
            self.note = ""
            self.refresh_view()

    def said(self, line: str) -> str:
        """A line of the rules' (a refusal, a closed choice) as the table says it: the places by their printed names."""
        return in_place_names(line, self.game.ctx)

    def refuse(self, reason: str) -> None:
        """Say why nothing was done: in the status line and in a notification (the places by their printed names)."""
        reason = self.said(reason)
        self.note = reason
        self.notify(reason, title="Refused", severity="error", timeout=6)
        self.refresh_view()

    # --- asking ---------------------------------------------------------------------------

    def ask(self, title: str, fields: list[Field], build: Callable[[dict], dict], note: str = "",
            rolls: bool = True, confirm: bool = False, sides: int = 6, error: str = "",
            live: Callable[[dict], Text] | None = None) -> None:
        """Ask for a command's parameters (and the table's dice of up to `sides`, when typed in), then send it;
        with `confirm`, show what it will do first (the generator's next dice are known, so the preview is what
        happens). Table dice left empty are no dice: a command that needs one is refused, never rolled.
        A refused command opens its form again, with the reason and every choice as it was, where it has one to
        change; `live` draws what the choices mean as they change (CommandForm). A form closed, the umpire moves on.
        A command to confirm that asks nothing (a drift, with no table dice) goes straight to what it will do."""
        if rolls and self.table_dice:
            fields = fields + [Field("dice", "Dice from the table", "dice", sides=sides,
                                     rolled=lambda v: self.rolled(build(v)))]

        def answered(values: dict | None) -> None:
            if values is None:
                self.moved_on()
                return
            kept = [replace(field, default=kept_value(field, values[field.name])) for field in fields]
            try:
                command = build(values)
            except RefereeError as error:  # what cannot be made a command (a deadline's time): asked again, with why
                self.ask(title, kept, build, note, rolls=False, confirm=confirm, error=str(error), live=live)
                return
            if "dice" in values:
                command["dice"] = values["dice"]
            if any(not field.barred for field in fields):
                self.asked = (command, lambda reason: self.ask(title, kept, build, note, rolls=False, confirm=confirm,
                                                               error=reason, live=live))
            refused = self.session.role_problem(command)  # before a preview shows the dice to come
            if refused:
                self.post_message(Refused(command, refused))
                return
            weighty = self.weighty(command)
            if confirm or weighty:
                self._confirm(title, command, weighty[1] if weighty else None)
            else:
                self._send(command)

        if confirm and not fields and not error:  # nothing to ask: straight to what it will do, to confirm
            answered({})
            return
        self.app.push_screen(CommandForm(title, fields, note, error, live, self.said), answered)

    def rolled(self, command: dict) -> tuple[Roll, ...]:
        """The dice a command would roll, in order, drawn from the generator (those typed in at the table are of
        the same sizes, though how many there are may hang on their faces); none if it would be refused."""
        try:
            return tuple(roll for event in self.game.preview(command) for roll in event.dice)
        except RefereeError:
            return ()

    def _confirm(self, title: str, command: dict, why: list[str] | None = None) -> None:
        """Show what a command will do (`why` it needs confirming first, if given), then send it if confirmed."""
        try:
            events = self.game.preview(command)
        except RefereeError as error:
            self._refused(Refused(command, str(error)))
            return
        lines = [self.game.narrate(event) for event in events]
        proposal = "; ".join(lines)
        if why:  # what makes it weighty at the top, a line each; what else it does under it, each said once
            rest = "; ".join(line for line in lines if line not in why)
            proposal = "\n".join(why) + (f"\n\nAlso: {rest}" if rest else "")

        def confirmed(values: dict | None) -> None:
            if values is not None:
                self._send(command)

        self.app.push_screen(CommandForm(f"{title}: confirm", [], proposal), confirmed)

    # --- shared actions ------------------------------------------------------------------

    def action_report(self) -> None:
        """File a report or rumour for one player; it reaches him after the delay (his view and briefings), given
        in the game's own time: turns where the text names its turns (Chicago-Chicago's 25A...), else minutes."""
        clock = self.game.ctx.scenario.clock
        players = tuple((f"{p.id}: {p.role}", p.id) for p in self.game.ctx.scenario.players)
        per = clock.minutes if clock.names else 1  # the command's delay is in minutes
        self.ask("Report to a player", [Field("player", "To", choices=players), Field("text", "Message", "text", default=""),
                                  Field("delay", "Delay (turns)" if clock.names else "Delay (minutes)", "number",
                                        default=0),
                                  Field("reliability", "Reliability", choices=tuple((r, r) for r in RELIABILITIES),
                                        default=USUAL)],
                 lambda v: {"do": "report", "player": v["player"], "text": v["text"], "delay": v["delay"] * per,
                            "reliability": v["reliability"]}, rolls=False)


    def action_hand(self) -> None:
        """Hand a player's share of his side's units to another player of his side, or give it back (`hand`); the
        form says who is yet to send orders in this phase (read in a worker: it builds every player's page)."""
        self._ask_hand()

    @work(thread=True, group="roster", exclusive=True)
    def _ask_hand(self) -> None:
        from referee.roster import waiting

        found = waiting(self.session.path)
        self.app.call_from_thread(self._hand_form, found.players, found.deadline)

    def _hand_form(self, yet: tuple[str, ...], deadline: str | None) -> None:
        scenario, handed = self.game.ctx.scenario, self.game.state.handed
        names = self.game.state.names.get("players", {})  # what the table calls them (`rename`)

        def seated(player: Player) -> str:
            return f"{called(player.id, names)}: {player.role}"

        shares = tuple((seated(p), p.id) for p in scenario.players if p.units is not None)
        players = tuple((seated(p), p.id) for p in scenario.players)
        missing = next((p.id for p in scenario.players if p.units is not None and p.id in yet), None)
        held = "; ".join(f"{by} commands {share}'s units" for share, by in handed.items())
        due = f" (due by {clock(deadline)}; T changes it)" if deadline else ""
        yet_line = f"Yet to send orders this phase{due}: {', '.join(yet) or 'nobody'}"
        if not shares:
            self.notify(f"{yet_line}. Each side here is played by one player: there is no share to hand (a scenario "
                        f"of teams, factions or commanders has)", timeout=10)
            return
        note = (f"{yet_line}\n"
                + (f"Handed now: {held}" if held else "Every player commands his own units.")
                + "\nHand a share to its own player to give it back.")
        self.ask("Hand a player's units", [Field("player", "Whose units", choices=shares, default=missing),
                                           Field("to", "To", choices=players)],
                 lambda v: {"do": "hand", "player": v["player"], "to": v["to"]}, note=note, rolls=False)

    def action_autopilot(self) -> None:
        """Ask which player a computer player writes this phase's orders for (the first yet to send any, to begin
        with) and of which kind, then write them into the inbox (referee.autopilot); a game without computer players
        says so."""
        from referee.simulate import autoplay

        try:
            autoplay(self.game.ctx.scenario)
        except RefereeError as error:
            self.notify(str(error), severity="warning", timeout=10)
            return
        self._ask_autopilot()

    @work(thread=True, group="roster", exclusive=True)
    def _ask_autopilot(self) -> None:
        from referee.roster import waiting

        found = waiting(self.session.path)
        self.app.call_from_thread(self._autopilot_form, found.players)

    def _autopilot_form(self, yet: tuple[str, ...]) -> None:
        from referee.simulate import autoplay

        kinds = autoplay(self.game.ctx.scenario).kinds
        names = self.game.state.names.get("players", {})
        players = tuple((called(p.id, names), p.id) for p in self.game.ctx.scenario.players)
        missing = next((p.id for p in self.game.ctx.scenario.players if p.id in yet), None)

        def chosen(values: dict | None) -> None:
            if values is not None:
                self._autopilot(str(values["player"]), str(values["kind"]))

        note = ("Its orders reach the inbox (I) as the player's, named as the computer player's: carry them out, amend "
                "or send back each. It writes only for a player yet to send orders in a phase his side acts in.")
        self.app.push_screen(CommandForm("A computer player's orders", [
            Field("player", "For", choices=players, default=missing),
            Field("kind", "Kind", choices=tuple((k, k) for k in kinds), default=kinds[0])], note=note), chosen)

    @work(thread=True, group="roster", exclusive=True)
    def _autopilot(self, player: str, kind: str) -> None:
        from referee.autopilot import send_orders

        try:
            sent = send_orders(self.session.path, player, kind)
        except RefereeError as error:
            self.post_message(Refused({}, str(error)))
            return
        said = (f"{len(sent.orders)} orders from the computer player for {player}: I, the inbox, has them"
                if sent.orders else f"No orders for {player}: {sent.why_none}")
        self.app.call_from_thread(self.notify, said, title="Computer player", timeout=10)
        with self._lock:
            self._read_mail()

    def action_deadline(self) -> None:
        """Give the players until a time to send their orders in this phase (`deadline`): their pages say it and
        take no order once it has passed."""
        from datetime import datetime

        from referee.roster import due_at

        def command(values: dict) -> dict:
            at = due_at(values["when"].strip(), datetime.now().astimezone())
            return {"do": "deadline"} | ({"at": at} if at else {})

        self.ask("Deadline for orders in this phase", [Field("when", "When", "text", default="5")], command,
                 note="Minutes from now (5), a time of today on this machine's clock (20:35), or off: no deadline. "
                      "A new deadline replaces the last; it ends with the phase.", rolls=False)

    def action_print_briefings(self) -> None:
        from referee.tui.dialogs.briefings import BriefingsDialog

        def chosen(choice: tuple[str, str, str] | None) -> None:
            if choice is not None:
                self.print_briefings(*choice)

        default = sibling(self.session.path, "-briefings") / f"turn-{self.game.state.turn:02d}"
        self.app.push_screen(BriefingsDialog(str(default)), chosen)

    @work(thread=True, group="commands")
    def print_briefings(self, fmt: str, lang: str, folder: str) -> None:
        """Write every player's briefing sheet and record it in the session."""
        from referee.briefing.commands import write_briefings

        with self._lock:
            try:
                written = write_briefings(self.session.path, None, fmt, lang, Path(folder), self.session.store,
                                           self.session.umpire)
            except RefereeError as error:
                self.post_message(Refused({"do": "brief"}, str(error)))
                return
        files = ", ".join(str(target) for _, _, target in written)
        self.app.call_from_thread(self.notify, f"Briefings written: {files}", title="Print briefings", timeout=12)

    @work(thread=True, group="commands")
    def action_player_links(self, player: str | None = None) -> None:
        """Show each player's live link and its QR code (read in a worker); renew or withdraw one from there."""
        from referee.tui.dialogs.links import LinksDialog

        with self._lock:
            try:
                base, tokens = self.session.served_at(), self.session.player_links()
            except RefereeError as error:
                self.post_message(Refused({"do": "links"}, str(error)))
                return
        links = {p.id: (p.side, tokens.get(p.id)) for p in self.game.ctx.scenario.players}
        self.app.call_from_thread(self.app.push_screen, LinksDialog(base, links, player), self._change_link)

    def _change_link(self, choice: tuple[str, str] | None) -> None:
        if choice is not None:
            self.change_link(*choice)

    @work(thread=True, group="commands")
    def change_link(self, change: str, player: str) -> None:
        """Renew or withdraw a player's link, then show the links again on that player."""
        with self._lock:
            try:
                if change == "renew":
                    self.session.issue_links([player])
                else:
                    self.session.revoke_links([player])
            except RefereeError as error:
                self.post_message(Refused({"do": "links"}, str(error)))
                return
        said = "a new link: the old one opens nothing any more" if change == "renew" else "his link withdrawn"
        self.app.call_from_thread(self.notify, f"{player}: {said}", title="Player links")
        self.app.call_from_thread(self.action_player_links, player)

    def action_table_dice(self) -> None:
        self.table_dice = not self.table_dice
        self.notify("Dice typed in from the table" if self.table_dice else "Dice from the session's generator")
        self.refresh_view()

    def action_undo(self) -> None:
        self.send({"do": "undo"})

    def action_redo(self) -> None:
        self.send({"do": "redo"})

    def _load_view(self) -> None:
        """What the player being viewed knows at the moment shown: now, or the history's moment."""
        if not self.viewing:
            self.view = None
        elif self.history:
            self.view = self.history.view(self.moment, self.viewing)
        else:
            self.view = player_view(self.session.path, self.viewing)

    def _show_moment(self) -> None:
        self._load_view()
        if self.viewing or self.log_of:
            self.load_log()
        self.refresh_view()

    def action_view_as(self) -> None:
        """Each player's knowledge in turn, then the umpire's truth again."""
        order = [None, *(p.id for p in self.game.ctx.scenario.players)]
        self.viewing = order[(order.index(self.viewing) + 1) % len(order)]
        self._show_moment()

    def action_history(self) -> None:
        if self.history is not None:
            self.history = None
        else:
            kept = self.kept_records()
            self.history_seqs = [r.seq for r in kept]
            self.history = Replay(self.game.ctx, self.game.rules, [stored_event(r) for r in kept], self.session.info.commitment,
                                  [r.command_id for r in kept])
            self.moment = len(kept)
        self._show_moment()

    def from_log(self, read: Callable[[Iterable[Event]], T]) -> T:
        """`read` of the events that count up to the moment shown (a game's indices by turn, say): in history the
        moment's, else the log's, read once a command."""
        if self.history:
            return read(self.history.events[: self.moment])
        cached = self._read.get(read)
        if cached is None or cached[0] != self.seen:
            cached = self._read[read] = (self.seen, read(stored_event(record) for record in self.kept_records()))
        return cached[1]

    def ending(self) -> str | None:
        """The log's line of the game's end, as of the moment shown; None while the game goes on."""
        last = self.from_log(_last_event)
        return self.game.narrate(last) if last is not None and last.kind == ENDED else None

    def kept_records(self) -> list:
        """The stored events that count now, oldest first: undone commands and the undo and redo marks left out."""
        records, effective = self.session.log()
        return [r for r in records if r.command_id in effective and r.kind not in MARKS]

    def action_step(self, by: str, forward: bool) -> None:
        """In history: an event, a phase or a turn back or forward."""
        if self.history is None:
            self.notify("Press h to step through the session's history", severity="warning")
            return
        self.moment = self.history.step(self.moment, by, forward)
        self._show_moment()

    def action_branch(self) -> None:
        """What-if: a new session file that starts at the moment the history shows (the whole command that
        made its last event), written beside this one; this one never changes."""
        if self.history is None or not self.moment:
            self.notify("Press h and step to a moment after the start first", severity="warning")
            return
        self.moment = self.history.command_end(self.moment)  # a branch holds whole commands: show what it holds
        self._show_moment()
        seq = self.history_seqs[self.moment - 1]
        target = sibling(self.session.path, f"-what-if-{seq}.db")
        self.write_branch(seq, target)

    @work(thread=True, group="commands")
    def write_branch(self, seq: int, target: Path) -> None:
        from referee.review.branch import branch

        try:
            branch(self.session.path, target, seq=seq)
        except RefereeError as error:
            self.post_message(Refused({"do": "branch"}, str(error)))
            return
        self.app.call_from_thread(self.notify, f"What-if session written: {target} (referee play opens it)",
                                  title="Branch", timeout=12)

    def action_theme(self) -> None:
        self.app.theme = "textual-light" if self.app.theme == "textual-dark" else "textual-dark"


def _last_event(events: Iterable[Event]) -> Event | None:
    """The last of `events` (the game's end, once it ended), if any."""
    return next(iter(deque(events, maxlen=1)), None)
