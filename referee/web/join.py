"""The join page (`/join`): a player types the short code on his sheet (referee.links.join_code) and is sent to
his own page. A code is tried only a few times a minute from one address, so that 40 bits are never guessed in a
game; a code that opens no page is answered as such, whichever link it was of."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from referee.links import PAGES, join_code, typed_code
from referee.store.reading import ROOM
from referee.web.inbox import Pace, Refused, body_of

TRIES = (10, 60.0)
"""At most this many codes tried from one address in this many seconds."""


class Joining:
    """Answers the codes typed on the join page with the page they open, from the links as they now stand."""

    def __init__(self, links: Callable[[], Mapping[str, str]], pace: Pace | None = None):
        self.links, self.pace = links, pace or Pace(*TRIES, what="codes tried")

    async def take(self, request: Request) -> Response:
        """200 and `{"page": "/p/<token>"}` for a player's code; else the line that refuses it."""
        try:
            self.pace.take(request.client.host if request.client else "")
            try:
                body = json.loads(await body_of(request))
            except (ValueError, UnicodeDecodeError):
                body = None
            if not isinstance(body, dict) or set(body) != {"code"} or not isinstance(body["code"], str):
                raise Refused(400, 'send the code as {"code": "..."}')
            code = typed_code(body["code"])
            if not code:
                raise Refused(400, "a code is eight letters and digits, as on your sheet: K7QM-4XZC")
            found = [token for player, token in self.links().items() if player != ROOM and join_code(token) == code]
            if not found:
                raise Refused(404, "no player's page has this code: check it with the umpire")
        except Refused as refused:
            return refused.answer()
        return JSONResponse({"page": PAGES + found[0]})
