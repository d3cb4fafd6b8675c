"""A session: a game whose every command and event is committed to its database before it counts."""

from __future__ import annotations

import dataclasses
import secrets
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from referee import rulesets, umpires
from referee.blind import END, laid_out
from referee.bounds import shown
from referee.core.dice import SeededDice
from referee.core.engine import Context, Ruleset
from referee.core.events import MARKS, Event
from referee.core.state import GameState
from referee.errors import Decided, Disconnected, RefereeError, Stale, replaying
from referee.game import Game
from referee.messages import RETURNING, SAYING, WRITING, answer_to, checked, player_named, standing_orders, waiting
from referee.rulesets import rules as ruleset_for
from referee.scenario.catalog import from_sources
from referee.store.location import DatabaseUrl, Location
from referee.store.reading import (
    FORMAT,
    ROLES,
    EventRecord,
    LogReader,
    MessageRecord,
    changed_outside,
    listener,
    open_reader,
)
from referee.text import which_are

if TYPE_CHECKING:
    from referee.store.repository import Carried, SessionStore

T = TypeVar("T")

SNAPSHOT_EVERY = 250
SEED_BITS = 128
"""Seeds drawn for a new session are this wide: too many to search."""
START = {"do": "start"}
END_PHASE = {"do": "end-phase"}


def stored_event(record) -> Event:
    """An event from its stored record."""
    return Event.from_json({"kind": record.kind, "data": record.data, "dice": record.dice,
                            "turn": record.turn, "phase": record.phase})


TOLD = 3
"""How many of the events it took back (or brought back) an undo's (or a redo's) line tells; the rest it counts."""


def is_undone(record, effective: set[int]) -> bool:
    """Whether a stored event's command is undone now (an undo's or a redo's own mark never is)."""
    return record.command_id not in effective and record.kind not in MARKS


def narrated(narrate: Callable[[Event], str], records: list[EventRecord], last: int = 0) -> list[tuple[EventRecord, str]]:
    """The last `last` stored events (all with 0) and their lines for the log: an undo or a redo says
    what it took back or brought back, in the words of that command's events."""
    commands: dict[int, list[EventRecord]] = {}
    for record in records:
        commands.setdefault(record.command_id, []).append(record)

    def line(record: EventRecord) -> str:
        if record.kind in MARKS:
            taken = commands.get(record.data["command"], [])
            more = f"; and {len(taken) - TOLD} more events" if len(taken) > TOLD else ""
            return f"{MARKS[record.kind]}: " + "; ".join(narrate(stored_event(r)) for r in taken[:TOLD]) + more
        return narrate(stored_event(record))

    return [(record, line(record)) for record in records[-last if last else 0:]]


def fold(rules: Ruleset, ctx: Context, state: GameState, records: list[EventRecord]) -> GameState:
    """Stored events folded into a copy of a state. An event the rules cannot fold (a unit that never existed,
    a field missing) is one line naming it: such a log was written outside referee."""
    state = state.thawed()
    for record in records:
        with replaying(record.seq):
            rules.evolve(ctx, state, stored_event(record))
    return state


def rebuild(reader: LogReader, game: Game, upto: int) -> int:
    """Set the game's state to the fold of the effective log up to command `upto` (from its latest valid
    snapshot), whatever others commit meanwhile; returns the number of events folded."""
    effective = reader.effective(upto)
    snapshot = reader.latest_snapshot(effective)
    state = game.state.from_json(snapshot[1]) if snapshot else game.rules.initial(game.ctx)
    records = reader.events(set(effective), after_command=snapshot[0] if snapshot else 0)
    game.state = fold(game.rules, game.ctx, state, records)
    return len(records)


def _game(reader: LogReader) -> tuple[Game, int, tuple[int, str]]:
    """The game a session database holds (with the scenario stored when it was created), how many
    events were folded since the snapshot it started from, and the log's tip it is the fold of. A log
    whose chain of hashes is broken is refused: it was changed outside referee."""
    info = reader.intact().info
    tip = reader.tip()  # first: the game is the fold of the log up to here, whoever commits meanwhile
    scenario = from_sources(info.sources)
    ctx = Context.of(scenario, info.options)
    rules = ruleset_for(scenario.ruleset)
    game = Game(ctx, rules, rules.initial(ctx), SeededDice(info.seeds, reader.dice_drawn(tip[0])))
    return game, rebuild(reader, game, tip[0]), tip


def read(path: Location) -> Game:
    """A session's game as it stands, read without opening it for writing (and without SQLAlchemy)."""
    reader = open_reader(path)
    try:
        return _game(reader)[0]
    finally:
        reader.close()


def _roles(reader: LogReader, changed: int) -> tuple[int, dict[str, str]]:
    """The umpires' roles as of their latest change, numbered `changed` (0: none ever named)."""
    return changed, reader.umpires() if changed else {}


ATTEMPTS = 100
"""How often a command is decided again when other writers keep committing first."""


class Session:
    """A game bound to a session database: the log is the truth, snapshots make opening fast.

    Several processes may write one session. Before deciding, a session follows what others
    committed (`follow`); a command is committed only on the log head it was decided on, and is
    decided again on the new head if another writer got there first.
    """

    def __init__(self, path: Location, game: Game, since_snapshot: int, reader: LogReader, tip: tuple[int, str],
                 store: SessionStore | None = None):
        self.path, self.game = path, game
        self.since_snapshot = since_snapshot
        self._reader, self._store = reader, store
        self.tip = tip
        """(latest command id, the chain's hash after it) of the log the state is the fold of."""
        self._connecting = threading.Lock()
        self._using = threading.RLock()  # one thread at a time on the database connections
        self.last: list[tuple[int, Event]] = []
        """The (seq, event) pairs the latest command committed."""
        self.followed: list[tuple[int, Event]] = []
        """The (seq, event) pairs other writers committed, as followed, until a screen takes them."""
        self._roles = _roles(reader, reader.log_end()[2])  # the umpires' roles, as of their latest change
        self.umpire: str | None = None
        """Who issues the commands given through this session (recorded with each; checked where roles are named)."""
        self.lost = False
        """Whether the connection to the database server was lost: the next use connects again, or says it cannot."""

    @property
    def store(self) -> SessionStore:
        """The database open for writing; a session opened with `view` opens it on first use."""
        with self._connecting:
            if self._store is None:
                from referee.store.repository import SessionStore

                self._store = SessionStore.open(self.path)
            return self._store

    @classmethod
    def view(cls, path: Location) -> Session:
        """Open a session quickly: read it without SQLAlchemy; the writing side is opened when first needed."""
        reader = open_reader(path)
        if reader.format < FORMAT:  # an older session: opening it for writing brings it up to date
            reader.close()
            return cls.open(path)
        try:
            game, folded, tip = _game(reader)
        except BaseException:
            reader.close()
            raise
        return cls(path, game, folded, reader, tip)

    def log(self) -> tuple[list, set[int]]:
        """Every stored event and the commands that currently count."""
        with self._using:
            return self._connected(lambda: (self._reader.log(), set(self._reader.effective())))

    def _connected(self, use: Callable[[], T]) -> T:
        """`use()` the database, connecting again first if the server was lost; a loss marks the session lost."""
        if self.lost:
            self._reconnect()
        try:
            return use()
        except Disconnected:
            self.lost = True
            raise

    def _reconnect(self) -> None:
        """Open the database again after the server was lost (Disconnected while it is still gone). The game
        stays the fold of the tip it held: the next `follow` brings in what was committed meanwhile."""
        reader = open_reader(self.path)
        for connection in {id(c): c for c in (self._reader, self._store) if c is not None}.values():
            try:
                connection.close()
            except Exception:  # noqa: BLE001 - a connection to a server gone may fail to close; it is dropped anyway
                pass
        self._reader, self._store, self.lost = reader, None, False

    @property
    def path_is_served(self) -> bool:
        """Whether the session lives on a database server (PostgreSQL) rather than in a file."""
        return isinstance(self.path, DatabaseUrl)

    def listener(self):
        """Something to wait on for other writers' commits (referee.store.reading.listener), or None: poll."""
        return listener(self.path)

    @property
    def info(self):
        """What the session was created with."""
        return self._reader.info

    @property
    def state(self):
        return self.game.state

    @classmethod
    def create(cls, path: Location, scenario_id: str, options: dict[str, str], seed: int | None = None,
               tunings: dict[str, str] | None = None) -> Session:
        """Create a session database and record the opening of the game, with some of the scenario's tunables set
        (`tunings`: kept in the scenario's data the session stores, and what they were set from).

        A seed not given is drawn at 128 bits; either way a random 128-bit nonce salts the commitment
        printed on the sheets, so that nobody can find the seed from it.
        """
        from referee.scenario.catalog import load, tuned
        from referee.store.repository import SessionStore

        scenario = tuned(load(scenario_id), tunings or {})
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        game = Game.new(scenario, options, seed)
        opening = [event.to_json() for event in game.events]
        store = SessionStore.create(path, scenario.id, game.ctx.options, seed, scenario.sources,
                                    nonce=secrets.token_hex(16),
                                    fill=lambda s: s.record(START, "play", opening, game.dice.drawn))
        return cls(path, game, len(game.events), store, (1, store.hash_after(1) or ""), store)

    @classmethod
    def open(cls, path: Location) -> Session:
        """Open a session for commands and replay its log."""
        from referee.store.repository import SessionStore

        store = SessionStore.open(path)
        try:
            game, folded, tip = _game(store)
        except BaseException:
            store.close()
            raise
        return cls(path, game, folded, store, tip, store)

    def follow(self) -> bool:
        """Catch up with commands other writers committed: fold them in (or rebuild after their undo or
        redo) and take the dice counter from the log. True if there were any."""
        with self._using:
            return self._connected(self._follow_again)

    def _follow_again(self) -> bool:
        """`_follow`, connecting again once if the server was lost since the database was last used: its first
        read finds out, before anything is written."""
        try:
            return self._follow()
        except Disconnected:
            self._reconnect()
            return self._follow()

    def _follow(self) -> bool:
        last, head, roles_changed = self._reader.log_end()
        if roles_changed != self._roles[0]:  # read the roles again only when they changed
            self._roles = _roles(self._reader, roles_changed)
        tip = (last, head)
        if tip == self.tip:
            return False
        last = self.tip[0]
        commands = [c for c in self._reader.commands(after=last) if c.id <= tip[0]]
        problem = self._reader.chain_problem(after=self.tip)
        if problem:
            raise changed_outside(self.path, problem)
        records = [r for r in self._reader.events(after_command=last) if r.command_id <= tip[0]]
        events = [stored_event(r) for r in records]
        if all(c.kind in ("play", ROLES) for c in commands):
            self.game.state = fold(self.game.rules, self.game.ctx, self.game.state, records)
            self.since_snapshot += len(records)
        else:
            self.since_snapshot = rebuild(self._reader, self.game, tip[0])
        self.followed += [(r.seq, e) for r, e in zip(records, events, strict=True)]
        if commands:
            self.game.dice.drawn = commands[-1].dice_drawn
        self.tip = tip
        return True

    def last_outcome(self) -> Event:
        """The last event the latest command brought about: its own, or for a redo, the redone command's last."""
        event = self.last[-1][1]
        if event.kind != "redone":
            return event
        records, _ = self.log()
        return stored_event([r for r in records if r.command_id == event.data["command"]][-1])

    def take_followed(self) -> list[tuple[int, Event]]:
        """The events other writers committed since last asked."""
        with self._using:
            taken, self.followed = self.followed, []
            return taken

    def apply(self, command: dict, expect: int | None = None) -> int:
        """Apply and commit one command (undo and redo included), issued by `self.umpire`; returns the seq of
        its last event (a player's order is carried out by `execute`).

        It is decided on the log as committed; with `expect` (the latest command id the caller showed
        its user), a log that moved on since is refused rather than decided again. Where the session names
        its umpires, the command must be within the role of the umpire who issues it (referee.umpires).
        """
        with self._using:
            return self._connected(lambda: self._apply(command, expect, self.umpire))

    def _apply(self, command: dict, expect: int | None, umpire: str | None) -> int:
        def decided() -> int:
            resolved = command
            if not isinstance(command, dict) or command.get("do") not in ("undo", "redo"):
                resolved = self.game.resolve(command)
            self._may(umpire, resolved)
            return self._commit(resolved, umpire)

        return self._retried(expect, decided)

    def _retried(self, expect: int | None, decided: Callable[[], int]) -> int:
        """Decide and commit on the log as committed, again where another writer committed first meanwhile."""
        for _ in range(ATTEMPTS):
            self._follow_again()
            if expect is not None and self.tip[0] != expect:
                raise Stale("the session changed meanwhile (another writer committed); look again and retry")
            try:
                return decided()
            except Stale:
                continue
        raise RefereeError("the session is busy: other writers kept committing first; nothing was changed")

    def umpires(self) -> dict[str, str]:
        """The umpires the session names and each one's role (none: anyone may do anything)."""
        with self._using:
            return self._connected(self._reader.umpires)

    def name_umpires(self, changes: dict[str, str]) -> dict[str, str]:
        """Give umpires roles ("": name him no more), as `self.umpire`; returns the roles as they then stand."""
        changes, by = umpires.roles_named(self.game.ctx, changes), self.umpire
        with self._using:
            self._connected(lambda: self.store.change_umpires(changes, by, lambda now: umpires.change_problem(now, changes, by)))
            self._follow_again()  # the change is a command of the log: this session stands after it
            return self._roles[1]

    def player_links(self) -> dict[str, str]:
        """Each player's live link token (`referee serve`), by player, where one was issued and not withdrawn."""
        with self._using:
            return self._connected(self._reader.player_links)

    def served_at(self) -> str | None:
        """Where `referee serve` last said it serves the players' pages, if it ever did."""
        with self._using:
            return self._connected(self._reader.served_at)

    def issue_links(self, players: list[str]) -> dict[str, str]:
        """New live links for these players (any earlier one withdrawn), as `self.umpire`: player -> token."""
        with self._using:
            self._may_link(players)
            return self._connected(lambda: self.store.issue_links(players))

    def revoke_links(self, players: list[str]) -> None:
        """Withdraw these players' live links, as `self.umpire`."""
        with self._using:
            self._may_link(players)
            self._connected(lambda: self.store.revoke_links(players))

    def messages(self, player: str | None = None) -> list[MessageRecord]:
        """The messages between the players and the umpire, in order (one player's thread, if given)."""
        with self._using:
            return self._connected(lambda: self._reader.messages(player))

    def messages_end(self) -> int:
        """The latest message's number (0 before any)."""
        with self._using:
            return self._connected(self._reader.messages_end)

    def write_to(self, player: str, text: str, answers: int | None = None) -> int:
        """The umpire (`self.umpire`) writes to a player, perhaps answering a message the player wrote; returns the
        message's number. Who may print a player's briefing may write to him."""
        player = player_named(player, (p.id for p in self.game.ctx.scenario.players), self.state.names.get("players"))
        text = checked(text, WRITING)
        with self._using:
            self._may_link([player])
            if answers is not None:
                said = self.messages(player)
                if not any(m.id == answers and m.from_player for m in said):
                    open_ = [m.id for m in waiting(said)]
                    raise RefereeError(f"no message {shown(answers)} from {player} to answer: " + (
                        which_are(open_, "his message waiting for an answer", "his messages waiting for an answer")
                        if open_ else "none of his messages waits for an answer" if any(m.from_player for m in said)
                        else "he has written none"))
            return self._connected(lambda: self.store.write_message(player, text, from_player=False,
                                                                    umpire=self.umpire, answers=answers))

    def order(self, number: int) -> MessageRecord:
        """A player's order by its number, not answered yet or a standing order due again (`due_again`); else a
        RefereeError saying why."""
        return self._decidable(number, self.messages())[0]

    def _decidable(self, number: int, messages: list[MessageRecord]) -> tuple[MessageRecord, bool]:
        """The order numbered `number` among `messages`, and whether it is a standing order due again rather than
        one not answered yet; else a RefereeError saying why it is neither."""
        order = next((m for m in messages if m.id == number), None)
        if order is None or not order.is_order:
            raise RefereeError(f"no order {shown(number)}: {self._waiting_said(messages)}")
        answer = answer_to(order, messages)
        if answer is None:
            return order, False
        if order.standing == order.id and standing_orders(messages).get(order.player) == order:
            if any(due.id == number for due in self.due_again()):
                return order, True
            raise Decided(f"standing order {number} is not due in this phase: carried out in it already, or "
                          f"{order.player} sent another order, or his forms take it no more")
        raise Decided(f"order {number} was answered already ({'carried out' if answer.done else 'returned'})")

    def _waiting_said(self, messages: list[MessageRecord]) -> str:
        """Which orders wait for this umpire's decision, of the players whose briefings he may print: "the orders
        waiting are 1-2, 4"."""
        scenario = self.game.ctx.scenario
        numbers = [order.id for order in [m for m in waiting(messages) if m.is_order] + list(self.due_again())
                   if not umpires.sheets_problem(self._roles[1], self.umpire, [scenario.player(order.player).side])]
        if not numbers:
            return "no order is waiting"
        return which_are(numbers, "the order waiting", "the orders waiting")

    def due_again(self) -> tuple[MessageRecord, ...]:
        """The standing orders due again in the phase the game is in, of players who sent no other (referee.roster)."""
        from referee.roster import waiting_in

        with self._using:
            return self._connected(lambda: waiting_in(self._reader).standing)

    def execute(self, number: int, amended: dict | None = None, said: str = "", expect: int | None = None) -> int:
        """Carry out a player's order as the umpire (`self.umpire`): the command he asked for, or `amended`, applied
        as `apply` does and answered in his thread in the same transaction (with `said`, if any): the command's
        log names the umpire, the answer the player and the command. A standing order due again is carried out by
        its repeat, kept as his order of this phase. Returns the seq of its last event; a rules refusal is the
        umpire's to read, and the order stays unanswered."""
        said = checked(said, SAYING) if said.strip() else ""
        if isinstance(amended, dict) and amended.get("do") in ("undo", "redo"):
            raise RefereeError("an order is carried out by a command of the game, not by undo or redo")

        def decided() -> int:
            command, carries = self._carried(number, said, amended)
            resolved = self.game.resolve(command)
            self._may(self.umpire, resolved)
            return self._commit(resolved, self.umpire, carries)

        with self._using:
            return self._connected(lambda: self._retried(expect, decided))

    def _carried(self, number: int, said: str, amended: dict | None = None) -> tuple[dict, Carried]:
        """The command that carries out order `number` (as it stands, or `amended`) and what it answers, decided on
        the messages as they stand: a standing order due again is answered in its repeat, kept first, unless a
        message came meanwhile."""
        from referee.roster import told_as, worded_now
        from referee.store.repository import Carried

        messages = self.messages()
        order, again = self._decidable(number, messages)
        self._may_link([order.player])
        assert order.command is not None
        command = amended if amended is not None else order.command
        if command.get("do") in ("undo", "redo"):
            raise RefereeError("an order is carried out by a command of the game, not by undo or redo")
        changed = amended if amended != order.command else None
        if changed is not None:
            said = told_as(self._reader, order.player, changed, said)
        repeat = dataclasses.replace(order, text=worded_now(self._reader, order)) if again else None
        carries = Carried(order.player, number, said, changed, repeat, messages[-1].id)
        return dict(command), carries

    def execute_all(self, items: list[int | str], said: str = "", expect: int | None = None) -> int:
        """Carry out several players' orders as they stand, in the order given, with `END` where a phase is to end
        between them: all in one transaction, so that a page sees none of them or all (double-blind orders). A
        rules refusal of any is the umpire's to read, naming the order, and nothing is carried out. `said` reaches
        each player once, with the first of his orders. Returns the seq of the last event."""
        numbers = [item for item in items if item != END]
        if len(set(numbers)) < len(numbers):
            raise RefereeError("an order is carried out once: each number once")
        said = checked(said, SAYING) if said.strip() else ""

        def decided() -> int:  # the orders read again at each attempt: one decided meanwhile is Decided, not refused
            steps: list[tuple[dict, Carried | None]] = []
            told: set[str] = set()  # the players given `said` already: once each, with his first order
            for item in items:
                if item == END:
                    steps.append((dict(END_PHASE), None))
                    continue
                command, carries = self._carried(int(item), said)
                if carries.player in told:
                    carries = dataclasses.replace(carries, said="")
                told.add(carries.player)
                steps.append((command, carries))
            return self._commit_all(steps, self.umpire)

        with self._using:
            return self._connected(lambda: self._retried(expect, decided))

    def waiting_laid_out(self) -> list[int | str]:
        """Every waiting order and standing order due again, laid out as the turn carries them out from the phase
        the game is in, with the ends of the phases between (referee.blind); [] where none waits."""
        orders = [message for message in waiting(self.messages()) if message.is_order] + list(self.due_again())
        plugin = rulesets.get(self.game.ctx.scenario.ruleset)
        return laid_out(plugin, self.game.ctx, self.state.phase, orders)

    def return_order(self, number: int, said: str) -> int:
        """Return a player's order unexecuted, as the umpire, with a word he reads (why, or what he may do
        instead); returns the answer's number. A standing order returned (due again, or on its first phase) stands
        no more."""
        order, again = self._decidable(number, self.messages())
        said = checked(said, RETURNING)
        with self._using:
            self._may_link([order.player])
            return self._connected(lambda: self.store.write_message(
                order.player, said, from_player=False, umpire=self.umpire, answers=number, deciding=not again))

    def _may_link(self, players: list[str]) -> None:
        """A player's link is his live briefing: who may print his briefing may give or withdraw it."""
        scenario = self.game.ctx.scenario
        problem = umpires.sheets_problem(self._roles[1], self.umpire, [scenario.player(player).side for player in players])
        if problem:
            raise RefereeError(problem)

    @property
    def role(self) -> str | None:
        """The role of the umpire using this session, as last followed (None where roles are not named)."""
        return self._roles[1].get(self.umpire) if self.umpire else None

    def role_problem(self, command: dict) -> str | None:
        """Why `self.umpire` may not give this command as the session last stood, or None (it is checked again,
        on the log as committed, when applied)."""
        with self._using:
            try:
                self._may(self.umpire, command)
            except RefereeError as error:
                return str(error)
            return None

    def _may(self, umpire: str | None, command: dict) -> None:
        """Refuse a command that is not within the role of the umpire issuing it, where roles are named (as
        `_follow` just read them)."""

        def within(role: str) -> str | None:
            verb = command.get("do")
            own = False
            if verb in ("undo", "redo"):
                target = self._reader.undoable() if verb == "undo" else self._reader.redoable()
                own = target is not None and self._reader.commands(after=target - 1)[0].umpire == umpire
            acting = umpires.actor(rulesets.get(self.game.ctx.scenario.ruleset), self.game.ctx, self.state, command)
            return umpires.command_problem(role, command, acting, own)

        problem = umpires.refusal(self._roles[1], umpire, within)
        if problem:
            raise RefereeError(problem)

    def _commit(self, command: dict, umpire: str | None, carries: Carried | None = None) -> int:
        verb = command.get("do") if isinstance(command, dict) else None
        if verb in ("undo", "redo") and carries is None:
            return self._step_back(umpire) if verb == "undo" else self._step_forward(umpire)
        return self._commit_all([(command, carries)], umpire, decided=True)

    def _commit_all(self, steps: list[tuple[dict, Carried | None]], umpire: str | None, decided: bool = False) -> int:
        """Apply commands in turn and commit them in one transaction; nothing of any where one is refused. Each is
        resolved and its umpire's role checked on the state the ones before it leave, unless `decided` already.
        A refusal of a command that carries out an order names the order."""
        from referee.store.repository import Step

        game = self.game
        before = game.state, game.dice.drawn, len(game.events)
        made: list[tuple[Step, list[Event]]] = []
        try:
            for command, carries in steps:
                try:
                    if not decided:
                        command = game.resolve(command)
                        self._may(umpire, command)
                    events = game.apply(command)
                    if not events:
                        raise RefereeError(f"{command.get('do')!r} changed nothing")
                except RefereeError as error:
                    if carries is None or decided:
                        raise
                    raise RefereeError(f"order {carries.order} of {carries.player}: {error}; nothing was carried "
                                       "out") from None
                made.append((Step(command, [e.to_json() for e in events], game.dice.drawn, carries), events))
            added = sum(len(events) for _, events in made)
            snapshot = self.since_snapshot + added >= SNAPSHOT_EVERY
            recorded = self.store.record_all([step for step, _ in made], expect=self.tip[1], umpire=umpire,
                                             snapshot=self.state.to_json() if snapshot else None)
        except BaseException:
            game.state, game.dice.drawn = before[0], before[1]
            del game.events[before[2]:]
            raise
        self.tip = (recorded[-1][0], self.store.head)
        self.last = [pair for (_, seqs), (_, events) in zip(recorded, made, strict=True)
                     for pair in zip(seqs, events, strict=True)]
        self.since_snapshot = 0 if snapshot else self.since_snapshot + added
        return self.last[-1][0]

    def _step_back(self, umpire: str | None) -> int:
        target = self._reader.undoable()
        if target is None or self._reader.commands()[0].id == target:
            raise RefereeError("nothing to undo")
        return self._mark("undo", "undone", target, umpire)

    def _step_forward(self, umpire: str | None) -> int:
        target = self._reader.redoable()
        if target is None:
            raise RefereeError("nothing to redo")
        return self._mark("redo", "redone", target, umpire)

    def _mark(self, verb: str, kind: str, target: int, umpire: str | None) -> int:
        marker = Event(kind, {"command": target}, (), self.state.turn, self.state.phase)
        command_id, seqs = self.store.record({"do": verb}, verb, [marker.to_json()], self.game.dice.drawn,
                                             expect=self.tip[1], umpire=umpire)
        self.tip = (command_id, self.store.head)
        self.last = [(seqs[-1], marker)]
        self.since_snapshot = rebuild(self._reader, self.game, command_id)
        return seqs[-1]

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
        if self._reader is not self._store:
            self._reader.close()
