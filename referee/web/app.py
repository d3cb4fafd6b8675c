"""The players' pages over HTTP (Starlette): `/p/<token>` a player's live page, `/p/<token>/events` its updates
(server-sent events), `/p/<token>/messages` where it sends the umpire a message and `/p/<token>/orders` an order
(POST, referee.web.inbox),
`/join` where a player types the code on his sheet to open his page (referee.web.join),
`/live.js` the script that follows them. Nothing else is served: no endpoint gives the umpire's state, the log, the
seed or the dice, and a token that opens no page is answered as a page not found. Nothing redirects; a request for
a Host the server does not serve is refused; every answer carries HEADERS."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.briefing.render import render_join
from referee.errors import RefereeError
from referee.links import JOIN, PAGES
from referee.store.reading import ROOM
from referee.web.book import JOIN_SCRIPT, SCRIPT, SECTION, PageBook
from referee.web.inbox import Inbox
from referee.web.join import Joining

LANGS = ("en", "es")
KEEP_ALIVE_SECONDS = 15.0
"""How often a quiet stream sends a comment, so that proxies and phones keep it open."""
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the link is the secret: never sent on to another site
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}


class Editions:
    """Tells every open stream, on the server's event loop, that the book has a new edition or new links."""

    def __init__(self) -> None:
        self._waiting: set[asyncio.Queue[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self) -> asyncio.Queue[None]:
        queue: asyncio.Queue[None] = asyncio.Queue(maxsize=1)
        self._waiting.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[None]) -> None:
        self._waiting.discard(queue)

    def tell(self) -> None:
        """From any thread: wake every stream (one waiting wake-up each is enough)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        for queue in self._waiting:
            if queue.empty():
                queue.put_nowait(None)


class Door:
    """Around the whole app, its own errors included: a Host not in `hosts` is a plain 400; every answer has HEADERS."""

    def __init__(self, app: ASGIApp, hosts: Collection[str]) -> None:
        self.app, self.hosts = app, frozenset(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).update(HEADERS)
            await send(message)

        if Headers(scope=scope).get("host", "").lower() in self.hosts:
            return await self.app(scope, receive, guarded)
        return await PlainTextResponse("Invalid host header", status_code=400)(scope, receive, guarded)


def create_app(book: PageBook, follow: Callable[[threading.Event, Callable[[], None]], None],
               hosts: Collection[str]) -> ASGIApp:
    """The web application of one session's pages, answering requests for `hosts` (`host:port`) alone;
    `follow(stop, changed)` runs in a thread of its own while the server runs, calling `changed()` whenever
    `book.refresh()` found the session moved. The players' messages are written into the session of `book`."""
    editions, inbox, joining = Editions(), Inbox(book.path), Joining(lambda: book.links)

    def lang_of(request: Request) -> str:
        lang = request.query_params.get("lang", "en")
        return lang if lang in LANGS else "en"

    def player_of(request: Request) -> str | None:
        return book.player(request.path_params["token"])

    async def page(request: Request) -> Response:
        player, token = player_of(request), request.path_params["token"]
        if player is None:
            return not_found(request)
        join = f"{request.url.scheme}://{request.headers.get('host', '')}{JOIN}"
        key = join if player == ROOM else inbox.key(token)  # the room's page shows where the players join
        _, html = await run_in_threadpool(book.page, player, lang_of(request), True, key)
        return HTMLResponse(html)

    async def join(request: Request) -> Response:
        if request.method == "POST":
            return await joining.take(request)
        assert book.scenario is not None
        return HTMLResponse(await run_in_threadpool(render_join, book.scenario, lang_of(request), JOIN_SCRIPT))

    async def message(request: Request) -> Response:
        player = player_of(request)
        if player is None or player == ROOM:  # the room's page writes to no one
            return not_found(request)
        return await inbox.take(request, player, request.path_params["token"])

    async def order(request: Request) -> Response:
        player = player_of(request)
        if player is None or player == ROOM:  # the room's page orders no one
            return not_found(request)
        lang = lang_of(request)
        return await inbox.take_order(request, player, request.path_params["token"], lambda: book.forms(player, lang),
                                      lambda: book.closed(player), lambda: book.standing(player))

    async def events(request: Request) -> Response:
        player = player_of(request)
        if player is None:
            return not_found(request)
        lang = lang_of(request)

        async def stream() -> AsyncIterator[str]:
            queue = editions.subscribe()
            sent = -1
            shown: dict[str, str] = {}  # each part as last sent
            if player != ROOM:  # the key of this serving: a page loaded before the pages were served again takes it
                yield f"event: key\ndata: {inbox.key(request.path_params['token'])}\n\n"
            try:
                while True:
                    if book.player(request.path_params["token"]) != player:
                        yield "event: gone\ndata: \n\n"
                        return
                    number, now = await run_in_threadpool(book.parts, player, lang)
                    if number != sent:  # each part sent again where it changed
                        sent = number
                        for part, text in now.items():
                            if text != shown.get(part):
                                shown[part] = text
                                yield _event(part, text)
                    try:
                        await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                    except TimeoutError:
                        yield ": still here\n\n"
            finally:
                editions.unsubscribe(queue)

        return StreamingResponse(stream(), media_type="text/event-stream")

    async def script(request: Request) -> Response:
        name = "live.js" if request.url.path == SCRIPT else "join.js"
        return Response((Path(__file__).parent / name).read_text(encoding="utf-8"), media_type="text/javascript")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        editions.loop = asyncio.get_running_loop()
        await run_in_threadpool(inbox.open)
        stop = threading.Event()
        thread = threading.Thread(target=follow, args=(stop, editions.tell), name="referee-follow", daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            await run_in_threadpool(thread.join, 5)
            await run_in_threadpool(inbox.close)

    pages = PAGES + "{token}"
    app = Starlette(routes=[Route(pages, page), Route(pages + "/events", events),
                            Route(pages + "/messages", message, methods=["POST"]),
                            Route(pages + "/orders", order, methods=["POST"]), Route(SCRIPT, script),
                            Route(JOIN, join, methods=["GET", "POST"]), Route(JOIN_SCRIPT, script)],
                    lifespan=lifespan, exception_handlers={404: lambda request, exc: not_found(request),
                                                           405: lambda request, exc: not_found(request)})
    app.router.redirect_slashes = False  # `/p/<token>/` is a page not found like any other path
    return Door(app, hosts)


@functools.lru_cache(maxsize=1024)
def _event(part: str, text: str) -> str:
    """A part of a page as a server-sent event, each of its lines a `data:` line: made once for all the pages that
    are sent it (a class's pages all are at each command). A section of a player's sheet is the event `section`,
    its name on its first line."""
    if part.startswith(SECTION):
        part, text = "section", f"{part.removeprefix(SECTION)}\n{text}"
    return f"event: {part}\n" + "".join(f"data: {line}\n" for line in text.split("\n")) + "\n"


def not_found(request: Request) -> Response:
    """The same answer for a wrong, withdrawn or missing token as for a page that never was."""
    return PlainTextResponse("Not found", status_code=404)


def following(book: PageBook, poll_seconds: float) -> Callable[[threading.Event, Callable[[], None]], None]:
    """The follower `create_app` runs: on PostgreSQL it waits for the commits' notifications (and looks every
    `poll_seconds` all the same, for links withdrawn); on a file it looks every `poll_seconds`. A server gone
    is tried again each time; the pages keep what they showed."""
    from referee.store.reading import listener

    def follow(stop: threading.Event, changed: Callable[[], None]) -> None:
        waiting = None
        book.warm()
        while not stop.is_set():
            try:
                if book.refresh():
                    book.warm()
                    changed()
                waiting = waiting or listener(book.path)
                if waiting is None:
                    stop.wait(poll_seconds)
                else:
                    waiting.wait(poll_seconds)
            except RefereeError:
                if waiting is not None:
                    waiting.close()
                waiting = None
                stop.wait(1.0)
        if waiting is not None:
            waiting.close()

    return follow
