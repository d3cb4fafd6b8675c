"""The players' live pages of one session: each player's view as the session stands, rebuilt when the log moves,
his messages with the umpire, read again when one is written, and the secret links that open them. No web framework
here: `referee.web.app` serves what this holds."""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.briefing.render import (
    render_live,
    render_orders,
    render_room,
    render_sections,
    render_thread,
    sectioned,
)
from referee.errors import RefereeError
from referee.knowledge.build import Recorded, recorded_at
from referee.knowledge.view import PlayerView
from referee.messages import standing_orders
from referee.orders import OrderForm
from referee.rules.deadlines import clock
from referee.scenario.catalog import Scenario
from referee.store.location import Location
from referee.store.reading import ROOM, LogReader, MessageRecord, open_reader

SCRIPT = "/live.js"
"""Where a live page's script is served (the same for every player: it holds nothing of the game)."""
JOIN_SCRIPT = "/join.js"
"""Where the join page's script is served."""
SECTION = "sheet/"
"""The parts of a player's open page that are his sheet's sections: `sheet/` and the section's name."""


@dataclass
class Edition:
    """The players' views and messages at one moment of the session, and the pages rendered of them so far."""

    number: int
    views: dict[str, PlayerView]
    head: str  # the log's head the views are of, printed on the pages (`referee verify --head`)
    ended: str | None  # the game's end, once it ended
    threads: dict[str, list[MessageRecord]]  # player -> his messages with the umpire, oldest first
    pages: dict[tuple[str, str, str], str] = field(default_factory=dict)  # (player, lang, part) -> HTML
    sections: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)  # (player, lang) -> his sheet's
    forms: dict[tuple[str, str], tuple[OrderForm, ...]] = field(default_factory=dict)  # (player, lang) -> his forms
    shown: set[tuple[str, str]] = field(default_factory=set)  # (player, lang) of the open pages sent its parts


class PageBook:
    """What `referee serve` shows: every player's view and thread, read again by `refresh` when the session moved,
    and each player's page built from his view and thread alone, his sheet through the same templates as his
    briefing."""

    def __init__(self, path: Location):
        self.path = path
        self._lock = threading.Lock()
        self._rendering = threading.RLock()  # one part rendered at a time, each once (the GIL runs one anyway)
        self._reader: LogReader | None = None
        self._seen: tuple[int, str] | None = None  # the log's tip the views are of
        self._said = -1  # the latest message the threads hold
        self._known: Recorded | None = None  # the players' knowledge the views are of, fed as the log grows
        self.links: dict[str, str] = {}  # player -> his link's token
        self.edition = Edition(0, {}, "", None, {})
        self.scenario: Scenario | None = None
        self.options: dict[str, str] = {}  # the session's options (blind orders among them)
        self.refresh()
        self._warm = {(player, "en") for player in self.edition.views}  # no page open yet: each player's in English

    def refresh(self) -> bool:
        """Read the session's tip, messages and links; where the log moved, rebuild the views, where a message was
        written, read the threads again (either: a new edition). True if anything a page shows or who may see it
        changed. A server gone is a Disconnected, tried again next time."""
        with self._lock:
            try:
                reader = self._reader = self._reader or open_reader(self.path)
                tip, said, links = reader.tip(), reader.messages_end(), reader.player_links()
                found = recorded_at(reader, self._known) if tip != self._seen else None
                threads = _threads(reader.messages()) if said != self._said else self.edition.threads
            except RefereeError:
                self._drop_reader()
                self._known = None  # fed only in part, perhaps: built again from the opening next time
                raise
            changed = links != self.links or found is not None or said != self._said
            self.links = links
            if found is not None or said != self._said:
                with self._rendering:
                    self._warm = set(self.edition.shown)  # the pages open, to be shown the new edition
            if found is not None:
                self._known = found
                self.scenario, self.options = found.knowledge.ctx.scenario, found.knowledge.ctx.options
                views = {player.id: found.knowledge.view(player.id) for player in self.scenario.players}
                self.edition = Edition(self.edition.number + 1, views, found.head, found.ended, threads)
            elif said != self._said:  # the views as they were, and so the sheets already rendered
                sheets = {key: html for key, html in self.edition.pages.items()  # the orders' by standing order
                          if key[2] == "sheet" or key[2].startswith("orders")}
                self.edition = replace(self.edition, number=self.edition.number + 1, threads=threads, pages=sheets,
                                       shown=set())
            self._seen, self._said = tip, said
            return changed

    def _drop_reader(self) -> None:
        if self._reader is not None:
            try:
                self._reader.close()
            except Exception:  # noqa: BLE001 - a connection to a server gone may fail to close; it is dropped anyway
                pass
            self._reader = None

    def player(self, token: str) -> str | None:
        """The player whose link this token opens, or None: compared with every link in constant time each, so
        that the time taken says nothing of how near a guess came."""
        given = token.encode()
        found = None
        for player, secret in self.links.items():
            if hmac.compare_digest(given, secret.encode()):
                found = player
        return found

    def warm(self) -> None:
        """Render the parts of the latest edition that the open pages will ask for when told of it (the sheet, orders
        and thread of each player in each language his pages were shown the edition before in; when the server
        starts, every player's in English), so that they find them made."""
        for player, lang in sorted(self._warm):
            self._parts(self.edition, player, lang)

    def page(self, player: str, lang: str, whole: bool = True, key: str = "") -> tuple[int, str]:
        """(edition, HTML) of a player's page (`whole`, its message form carrying `key`) or of his sheet alone, as
        the session now stands; the room's page (ROOM) is what everyone knows, made of the first player's view, with
        the join page's address (`key`) where the players type their codes."""
        edition = self.edition
        return edition.number, self._page(edition, player, lang, whole, key)

    def parts(self, player: str, lang: str) -> tuple[int, dict[str, str]]:
        """(edition, HTML of each part) of what a player's open page is sent as the session now stands: his sheet
        and, but for the room's page, the forms of his orders and his thread. The next edition's are made before
        the pages are told of it (`warm`)."""
        edition = self.edition
        with self._rendering:
            edition.shown.add((player, lang))
        return edition.number, self._parts(edition, player, lang)

    def _parts(self, edition: Edition, player: str, lang: str) -> dict[str, str]:
        """The parts of a player's open page in an edition (`parts`): the room's sheet whole; a player's section by
        section (`SECTION`), then his orders and thread."""
        if player == ROOM:
            return {"sheet": self._page(edition, player, lang, False, "")}
        sections = {f"{SECTION}{name}": html for name, html in self._sections(edition, player, lang).items()}
        return {**sections, "orders": self.orders(player, lang), "thread": self.thread(player, lang)}

    def _page(self, edition: Edition, player: str, lang: str, whole: bool, key: str) -> str:
        """The HTML of a player's page or sheet in an edition (`page`), rendered once."""

        def make() -> str:
            assert self.scenario is not None
            board, script = self.scenario.board, SCRIPT if whole else None
            if player == ROOM:
                view = next(iter(edition.views.values()))
                return render_room(view, board, lang, script, edition.head, edition.ended, join=key)
            if not whole:
                return str(sectioned(self._sections(edition, player, lang)))
            return render_live(edition.views[player], board, lang, SCRIPT, edition.head, edition.ended,
                               thread=edition.threads.get(player, []), key=key, forms=self.forms(player, lang),
                               ahead=self.ahead(player), standing=self.standing(player))

        return self._made(edition, (player, lang, f"page {key}" if whole else "sheet"), make)

    def _sections(self, edition: Edition, player: str, lang: str) -> dict[str, str]:
        """A player's sheet section by section in an edition (referee.briefing.render.render_sections), rendered
        once."""
        with self._rendering:
            if (player, lang) not in edition.sections:
                assert self.scenario is not None
                edition.sections[(player, lang)] = render_sections(edition.views[player], self.scenario.board, lang,
                                                                   edition.head, edition.ended)
            return edition.sections[(player, lang)]

    def _made(self, edition: Edition, cached: tuple[str, str, str], make: Callable[[], str]) -> str:
        """A part of the pages of an edition, rendered once however many pages ask for it at the same moment (a
        class's pages all wake at each command)."""
        with self._rendering:
            if cached not in edition.pages:
                edition.pages[cached] = make()
            return edition.pages[cached]

    def forms(self, player: str, lang: str) -> tuple[OrderForm, ...]:
        """The orders a player may send now, in the words of `lang`: built from his view alone (referee.orders)."""
        edition = self.edition
        with self._rendering:
            if (player, lang) not in edition.forms:
                assert self.scenario is not None
                words = Strings(lang, self.scenario.ruleset)
                edition.forms[(player, lang)] = rulesets.get(self.scenario.ruleset).order_forms(
                    edition.views[player], self.scenario.board, words, self.options)
            return edition.forms[(player, lang)]

    def ahead(self, player: str) -> str | None:
        """The phase a player's blind orders are for, where it is not the one the game is in (else None)."""
        assert self.scenario is not None
        view = self.edition.views[player]
        phase = rulesets.get(self.scenario.ruleset).ordering_phase(view.side, view.phase, self.options)
        return phase if phase != view.phase else None

    def closed(self, player: str) -> str | None:
        """Why a player's page takes no order now: the deadline of this phase has passed (`deadline`); else None."""
        due = self.edition.views[player].deadline
        if due is None or datetime.now(UTC) < datetime.fromisoformat(due):
            return None
        return (f"orders closed at {clock(due)}, the deadline of this phase: your "
                f"units without orders hold, unless the umpire gives more time")

    def standing(self, player: str) -> MessageRecord | None:
        """A player's standing order in force, if any (referee.messages.standing_orders)."""
        return standing_orders(self.edition.threads.get(player, [])).get(player)

    def orders(self, player: str, lang: str) -> str:
        """The HTML of the forms of a player's orders as they now stand (what his page is sent again)."""
        edition, standing = self.edition, self.standing(player)
        return self._made(edition, (player, lang, f"orders {standing.id}" if standing else "orders"),
                          lambda: render_orders(edition.views[player], self.forms(player, lang), lang,
                                                self.ahead(player), standing, edition.ended))

    def thread(self, player: str, lang: str) -> str:
        """The HTML of a player's messages with the umpire as they now stand (what his page is sent again)."""
        edition = self.edition
        return self._made(edition, (player, lang, "thread"),
                          lambda: render_thread(edition.views[player], edition.threads.get(player, []), lang))

    def close(self) -> None:
        with self._lock:
            self._drop_reader()


def _threads(messages: list[MessageRecord]) -> dict[str, list[MessageRecord]]:
    """The messages by the player whose thread each is in, in order."""
    threads: dict[str, list[MessageRecord]] = {}
    for message in messages:
        threads.setdefault(message.player, []).append(message)
    return threads
