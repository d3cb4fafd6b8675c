"""The players' page addresses: where each player's live page lies (`referee serve`), and whether a phone in the
room can open it. The sheets, the dashboard, the command line and the server name the pages through it."""

PAGES = "/p/"
"""Where each player's page lies on the server, under his link's token."""


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
