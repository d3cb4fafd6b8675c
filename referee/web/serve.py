"""`referee serve PATH [--lan] [--port N]`: the players' live pages of a session, until interrupted."""

from __future__ import annotations

import socket
import sys

from referee.errors import RefereeError
from referee.links import JOIN, LOCAL_ONLY, local_only, page_url
from referee.store.location import Location
from referee.store.reading import ROOM
from referee.text import printable

EXTRA = "the players' pages need the web server: pip install 'referee[serve]'"
POLL_SECONDS = 0.1
"""How often the server looks at a session file for the umpire's commands (PostgreSQL notifies it)."""


def lan_address() -> str:
    """This machine's address on the local network (the one its traffic would leave by; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.168.0.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def hosts(address: str, port: int) -> frozenset[str]:
    """The Host headers the pages answer: the links' address and the loopback names, at the port (80 may go unsaid)."""
    names = {address, "127.0.0.1", "localhost"}
    return frozenset({f"{name}:{port}" for name in names} | (names if port == 80 else set()))


def prepare(path: Location, umpire: str | None, base: str) -> tuple[dict[str, str], dict[str, str]]:
    """Note where the pages are served (the dashboard and the sheets show the links from it) and return every
    player's link token (issuing one, as `umpire`, to each player without) and the room's, and each player's side."""
    from referee.session import Session

    session = Session.view(path)
    session.umpire = umpire
    try:
        sides = {player.id: player.side for player in session.game.ctx.scenario.players}
        links = session.player_links()
        missing = [player for player in sides if player not in links]
        if missing:
            links = {**links, **session.issue_links(missing)}
        if ROOM not in links:  # the room's page shows what everyone knows: anyone may give it
            links = {**links, **session.store.issue_links([ROOM])}
        session.store.serving_at(base)
        return {player: links[player] for player in [*sides, ROOM]}, sides
    finally:
        session.close()


def serve(path: Location, lan: bool, port: int, umpire: str | None = None) -> int:
    """Print each player's link (`side TAB player TAB url`) and, on standard error, the room's; then serve the pages
    until interrupted."""
    try:
        import uvicorn

        from referee.web.app import create_app, following
    except ImportError:
        raise RefereeError(EXTRA) from None
    from referee.store.reading import open_reader
    from referee.web.book import PageBook

    open_reader(path).close()  # a missing or corrupt session is refused before anything listens
    host = "0.0.0.0" if lan else "127.0.0.1"  # noqa: S104 - the local network only when the umpire asks
    try:
        listening = socket.create_server((host, port))
    except OSError as error:
        raise RefereeError(f"cannot listen on {host}:{port} ({error.strerror}): give another --port") from None
    address, port = lan_address() if lan else host, listening.getsockname()[1]
    base = f"http://{address}:{port}"
    try:
        links, sides = prepare(path, umpire, base)
    except BaseException:
        listening.close()
        raise
    for player, token in links.items():
        if player != ROOM:
            print(f"{printable(sides[player])}\t{printable(player)}\t{page_url(base, token)}", flush=True)
    print(f"serving the players' pages of {path} on {base}/ (Ctrl+C stops); the room's page, for a projector, "
          f"showing what everyone knows: {page_url(base, links[ROOM])}; the players may also type the codes of "
          f"`referee links --codes` at {base}{JOIN}", file=sys.stderr, flush=True)
    if local_only(base):
        print(f"note: {LOCAL_ONLY}", file=sys.stderr, flush=True)
    book = PageBook(path)
    try:
        app = create_app(book, following(book, POLL_SECONDS), hosts(address, port))
        config = uvicorn.Config(app, log_level="warning", lifespan="on",
                                timeout_graceful_shutdown=2)  # open pages do not hold the server up
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        book.close()
        listening.close()
    return 0
