"""Every dialog's kinds of widget, their default styles given to the app's stylesheet at start.

Textual adds a widget class's DEFAULT_CSS to the stylesheet when the first widget of that class is
mounted, and the next paint parses the whole stylesheet again: the first opening of a dialog paid
for that parse. Given at start, these styles are part of the one parse the first screen makes.
"""

from __future__ import annotations

from types import SimpleNamespace

from textual.app import App
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets._select import SelectCurrent, SelectOverlay


def _dialog_classes() -> tuple[type[DOMNode], ...]:
    from referee.tui.dialogs.briefings import BriefingsDialog
    from referee.tui.dialogs.dice import DiceDialog
    from referee.tui.dialogs.form import CommandForm
    from referee.tui.dialogs.help import HelpScreen

    return (BriefingsDialog, DiceDialog, CommandForm, HelpScreen, Button, Checkbox, Input, Label, Select, SelectCurrent,
            SelectOverlay, SelectionList, Static, Grid, Horizontal, Vertical, VerticalScroll)


def give_default_styles(app: App, kinds: tuple[type[DOMNode], ...] = ()) -> None:
    """Add the default styles of the shared dialogs' widget kinds (or of `kinds`, a screen's own) to the
    app's stylesheet, as mounting would."""
    for kind in kinds or _dialog_classes():
        bases = SimpleNamespace(_node_bases=DOMNode._css_bases(kind))
        # _get_default_css reads nothing of its node but `_node_bases`: no widget need be made
        for read_from, css, tie_breaker, scope in DOMNode._get_default_css(bases):  # type: ignore[arg-type]
            app.stylesheet.add_source(css, read_from=read_from, is_default_css=True, tie_breaker=tie_breaker,
                                      scope=scope)
