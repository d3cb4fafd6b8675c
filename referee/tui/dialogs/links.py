"""Player links: each player's secret link to his live page (`referee serve`), with its QR code to scan, one player
at a time; renew or withdraw it."""

from __future__ import annotations

import io

import segno
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from referee.links import JOIN, LOCAL_ONLY, join_code, local_only, page_url
from referee.tui.dialogs.dialog import Dialog


def qr_text(url: str) -> str:
    """The link as a QR code in text (two rows of modules a line), to scan off the screen."""
    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


class LinksDialog(Dialog[tuple[str, str] | None]):
    """Shows one player's link and QR code; returns ("renew" or "withdraw", player), or None when closed."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close"), Binding("n", "next", "Next player")]

    def __init__(self, base: str | None, links: dict[str, tuple[str, str | None]], player: str | None = None):
        """`links`: player -> (side, token or None); `base`: where `referee serve` serves them, if it ever did."""
        super().__init__()
        self.base, self.links = base, links
        self.players = list(links)
        self.index = self.players.index(player) if player in self.players else 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("[b]Player links[/b]: each player's own live page, holding only what he knows. "
                         "n: next player.")
            yield Static("", id="links-player")
            with VerticalScroll(id="links-qr"):
                yield Static("", id="links-code")
            with Horizontal(classes="buttons"):
                yield Button("Next player", id="next", compact=True)
                yield Button("Renew link", id="renew", compact=True)
                yield Button("Withdraw", id="withdraw", compact=True)
                yield Button("Close", variant="primary", id="close", compact=True)

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        player = self.players[self.index]
        side, token = self.links[player]
        if token is None:
            words, code = "no link yet: Renew gives one (and `referee serve` gives every player one)", ""
        elif self.base is None:
            words, code = f"link {page_url('', token)}: start `referee serve` (with --lan for the players' own devices)", ""
        else:
            url = page_url(self.base, token)
            words, code = (f"{url}\n{LOCAL_ONLY}", "") if local_only(url) else (url, qr_text(url))
            words += f"\nor the code {join_code(token)} at {self.base.rstrip('/')}{JOIN}"
        self.query_one("#links-player", Static).update(Text(f"{player} ({side}):\n{words}"))
        self.query_one("#links-code", Static).update(Text(code))
        self.query_one("#withdraw", Button).disabled = token is None

    def action_next(self) -> None:
        self.index = (self.index + 1) % len(self.players)
        self._show()

    @on(Button.Pressed, "#next")
    def _next(self) -> None:
        self.action_next()

    @on(Button.Pressed, "#renew, #withdraw")
    def _change(self, event: Button.Pressed) -> None:
        self.dismiss((str(event.button.id), self.players[self.index]))

    @on(Button.Pressed, "#close")
    def _close(self) -> None:
        self.dismiss(None)
