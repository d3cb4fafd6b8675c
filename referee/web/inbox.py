"""What a player's page sends the umpire: `POST /p/<token>/messages`, `{"text": "..."}`, and `POST
/p/<token>/orders`, `{"order": {"do": ..., ...}}` (an order checked against his forms alone, referee.orders), with
`"standing": true` to keep it as his standing order, or `{"stop": N}` to stop his standing order N. Each is kept only
if it passes every check below, each refusal a plain line; it is written in the player's thread through the link it
came by, so that a link withdrawn a moment ago takes nothing."""

from __future__ import annotations

import hmac
import json
import math
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from referee.bounds import shown
from referee.errors import RefereeError, Withdrawn
from referee.messages import checked
from referee.orders import OrderForm, described
from referee.orders import checked as order_checked
from referee.store.location import Location
from referee.store.reading import MessageRecord
from referee.store.repository import NEW, SessionStore

PAGE_HEADER = "X-Referee-Page"
"""The header that carries the page's key: another site's page, which cannot read ours, cannot know it."""
BODY_BYTES = 8192
"""The largest body taken, in bytes: a message of MESSAGE_CHARS characters, each escaped in JSON, fits."""
PACE = (5, 60.0)
"""At most this many messages from one player in this many seconds."""
ORDERS_PACE = (20, 60.0)
"""At most this many orders from one player in this many seconds: a unit each, a phase's worth."""
Kept = tuple[str, dict[str, Any] | None, int | None]
"""What a request's JSON body is kept as: the words of the thread, the order's command (None: a message), and the
standing order it belongs to (`SessionStore.write_message`)."""
Read = Callable[[dict[str, Any]], Kept]


class Refused(Exception):
    """A message not taken: the status and the one line that answers it."""

    def __init__(self, status: int, line: str, headers: dict[str, str] | None = None):
        super().__init__(line)
        self.status, self.line, self.headers = status, line, headers or {}

    def answer(self) -> Response:
        """The refusal as the page is answered: its line, plain."""
        return PlainTextResponse(self.line, status_code=self.status, headers=self.headers)


class Pace:
    """At most `count` messages from a player in any `seconds` (on `clock`, in seconds)."""

    def __init__(self, count: int, seconds: float, clock: Callable[[], float] = time.monotonic, what: str = "messages"):
        self.count, self.seconds, self.clock, self.what = count, seconds, clock, what
        self._sent: dict[str, deque[float]] = {}

    def take(self, player: str) -> None:
        """Count one more message of `player`'s; Refused (429, with when to try again) if he has sent his share."""
        now, sent = self.clock(), self._sent.setdefault(player, deque())
        while sent and sent[0] <= now - self.seconds:
            sent.popleft()
        if len(sent) >= self.count:
            wait = max(1, math.ceil(sent[0] + self.seconds - now))
            raise Refused(429, f"too many {self.what}: at most {self.count} in {self.seconds:g} s; try again in {wait} s",
                          {"Retry-After": str(wait)})
        sent.append(now)

    def give_back(self, player: str) -> None:
        """The latest message counted was not kept after all."""
        self._sent[player].pop()


class Inbox:
    """Takes the messages and orders of the players' pages into the session at `path`: opened once (`open`) while
    the pages are served, closed at the end (`close`)."""

    def __init__(self, path: Location, pace: Pace | None = None, orders_pace: Pace | None = None):
        self.path, self.pace = path, pace or Pace(*PACE)
        self.orders_pace = orders_pace or Pace(*ORDERS_PACE, what="orders")
        self._secret = secrets.token_bytes(32)  # made anew each time the pages are served
        self._store: SessionStore | None = None

    def open(self) -> None:
        """Open the session for writing, once for every message while the pages are served."""
        self._store = SessionStore.open(self.path)

    def close(self) -> None:
        """Close the session, once the pages are served no more."""
        if self._store is not None:
            self._store.close()
            self._store = None

    def key(self, token: str) -> str:
        """The key of the page a link opens, which its messages carry: an HMAC of the link's token."""
        return hmac.new(self._secret, token.encode(), "sha256").hexdigest()

    async def take(self, request: Request, player: str, token: str) -> Response:
        """201 and the message's number once kept in `player`'s thread; else the line that refuses it."""
        return await self._keep(request, player, token, self.pace, _message)

    async def take_order(self, request: Request, player: str, token: str,
                         forms: Callable[[], Sequence[OrderForm]], closed: Callable[[], str | None],
                         standing: Callable[[], MessageRecord | None]) -> Response:
        """201 and the order's number once kept in `player`'s thread, checked against the forms his page offers
        now (`forms()`, built from his knowledge alone); else the line that refuses it (409 with `closed()`, where
        it says why his page takes no order now). A stop is taken for his standing order in force (`standing()`)."""

        def read(body: dict[str, Any]) -> Kept:
            if set(body) == {"stop"}:
                return _stop(body["stop"], standing())
            if set(body) not in ({"order"}, {"order", "standing"}) or body.get("standing", True) is not True:
                raise Refused(400, 'send the order as {"order": {"do": "...", ...}} (with "standing": true to keep '
                                   'it as your standing order), nothing else')
            if (why := closed()) is not None:
                raise Refused(409, why)
            offered = forms()
            try:
                order = order_checked(body["order"], offered)
            except RefereeError as error:
                raise Refused(400, str(error)) from None
            return described(order, offered), order, NEW if "standing" in body else None

        return await self._keep(request, player, token, self.orders_pace, read)

    async def _keep(self, request: Request, player: str, token: str, pace: Pace, read: Read) -> Response:
        try:
            kept = read(await self._json(request, token))
            pace.take(player)
            try:
                number = await run_in_threadpool(self._write, player, token, kept)
            except BaseException:
                pace.give_back(player)
                raise
        except Refused as refused:
            return refused.answer()
        return JSONResponse({"id": number}, status_code=201)

    async def _json(self, request: Request, token: str) -> dict[str, Any]:
        """The request's JSON object, once the request is found to come from the page of this link."""
        if not hmac.compare_digest(request.headers.get(PAGE_HEADER, "").encode(), self.key(token).encode()):
            raise Refused(403, "this page is out of date or not the player's own: load it again")
        origin = request.headers.get("origin")
        if origin is not None and origin.lower() != f"{request.url.scheme}://{request.headers.get('host', '')}".lower():
            raise Refused(403, "a message is taken only from the player's own page")
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            raise Refused(415, 'send the message as JSON (Content-Type: application/json): {"text": "..."}')
        try:
            body = json.loads(await body_of(request))
        except (ValueError, UnicodeDecodeError):
            raise Refused(400, 'the message is not JSON: send {"text": "..."}') from None
        if not isinstance(body, dict):
            raise Refused(400, 'send the message as {"text": "..."}, nothing else')
        return body

    def _write(self, player: str, token: str, kept: Kept) -> int:
        """Keep the message or order in the session through the player's link: its number, or Refused."""
        if self._store is None:
            raise Refused(503, "the umpire's machine is not taking messages now: try again in a moment")
        said, command, standing = kept
        try:
            return self._store.write_message(player, said, from_player=True, token=token, command=command,
                                             standing=standing)
        except Withdrawn as error:
            raise Refused(403, str(error)) from None
        except RefereeError:  # the database busy or gone: a line without the umpire's paths
            raise Refused(503, "the umpire's machine could not keep the message just now: try again") from None


def _message(body: dict[str, Any]) -> Kept:
    """A message's body: its text as kept."""
    if set(body) != {"text"}:
        raise Refused(400, 'send the message as {"text": "..."}, nothing else')
    try:
        return checked(body["text"]), None, None
    except RefereeError as error:
        raise Refused(400, str(error)) from None


def _stop(number: object, standing: MessageRecord | None) -> Kept:
    """A player's word that stops his standing order `number`, which must be his standing order in force."""
    if standing is None or number != standing.id or isinstance(number, bool):
        raise Refused(400, f"no standing order {shown(number)} of yours to stop: your page says which is in force")
    return f"Stop my standing order #{standing.id} ({standing.text})", None, standing.id


async def body_of(request: Request) -> bytes:
    """The request's body, refused (413) past BODY_BYTES, whatever its Content-Length says."""
    too_big = Refused(413, f"a message is at most {BODY_BYTES} bytes of JSON")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > BODY_BYTES:
        raise too_big
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_BYTES:
            raise too_big
    return body
