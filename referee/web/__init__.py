"""The players' live pages (`referee serve`): the only part of referee that speaks HTTP (Starlette, uvicorn).
This module itself imports nothing: the sheets, the dashboard and the command line name the pages through it."""

PAGES = "/p/"
"""Where each player's page lies on the server, under his link's token."""


def page_url(base: str, token: str) -> str:
    """A player's page: the server's address (`http://host:port`, as `referee serve` gives it) and his token."""
    return f"{base.rstrip('/')}{PAGES}{token}"
