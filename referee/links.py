"""The players' page addresses: where each player's live page lies (`referee serve`), the short code that opens it
from the room's join page, and whether a phone in the room can open it. The sheets, the dashboard, the command line
and the server name the pages through it."""

import hashlib

PAGES = "/p/"
"""Where each player's page lies on the server, under his link's token."""
JOIN = "/join"
"""Where a player types his code to open his page (the room's page shows it)."""
CODE_LETTERS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""The letters of a code: no 0 or O, no 1 or I, which a reader confuses."""
CODE_LENGTH = 8
"""Letters in a code: 40 bits, tried a few times a minute at most (referee.web.join)."""


LOCAL_ONLY = ("this address opens only on the umpire's own computer, not on a phone: serve the pages for the room "
              "with referee serve --lan")
"""What is said wherever a link of pages served on loopback (the default) is shown, instead of a QR code."""


def local_only(url: str) -> bool:
    """Whether a page's address opens on the serving machine alone (loopback): no phone in the room can open it."""
    host = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0].strip("[]").lower()
    return host == "localhost" or host.startswith("127.") or host == "::1"


def page_url(base: str, token: str) -> str:
    """A player's page: the server's address (`http://host:port`, as `referee serve` gives it) and his token."""
    return f"{base.rstrip('/')}{PAGES}{token}"


def join_code(token: str) -> str:
    """The short code of a player's link, to type on the join page ("K7QM-4XZC"): made of his token alone, so that
    a new link has a new code and a withdrawn one opens nothing."""
    number = int.from_bytes(hashlib.sha256(f"join:{token}".encode()).digest()[:5], "big")
    letters = "".join(CODE_LETTERS[(number >> (5 * n)) & 31] for n in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def typed_code(text: str) -> str:
    """A code as a player typed it, as `join_code` writes it: in capitals, its dash and spaces anywhere or nowhere
    ("k7qm 4xzc" -> "K7QM-4XZC"); "" where it is not a code's shape."""
    letters = "".join(text.upper().split()).replace("-", "")
    if len(letters) != CODE_LENGTH or any(letter not in CODE_LETTERS for letter in letters):
        return ""
    return f"{letters[:4]}-{letters[4:]}"
