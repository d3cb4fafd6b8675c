"""The footer of the main screen, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's footer rebuilds all its keys whenever focus moves or a dialog opens or closes; this one only
    when what it shows (the keys, their labels, whether they are enabled) differs from what it shows now."""

    _shown: tuple | None = None

    def _keys(self) -> tuple:
        palette = self.app.COMMAND_PALETTE_BINDING
        bindings = self.screen.active_bindings.items()
        return tuple((binding, enabled, tip) for key, (_, binding, enabled, tip) in bindings if binding.show or key == palette)

    def compose(self) -> ComposeResult:
        self._shown = self._keys() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen and self._shown is not None and self._keys() == self._shown:
            return
        super().bindings_changed(screen)
