"""The dashboard's screen for a picket line: the places, the log, and a key for each umpire action.

`UmpireScreen` gives what every session's screen shares: commands sent in a worker and refused with
their section, the live log, undo and redo, table dice, reports, briefings, the history, view as a
player. This screen draws the game (`refresh_view`) and adds the picket line's own actions.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import DataTable, RichLog

from referee.core.state import GameState
from referee.core.units import ACTIVE
from referee.knowledge.view import PlayerView
from referee.tui.actions import UmpireAction, shared_actions
from referee.tui.dialogs.form import Field
from referee.tui.screens.umpire import UmpireScreen, bindings
from referee.tui.widgets.footer import KeysFooter
from referee.tui.widgets.status_bar import StatusBar

from ..rules import MOVER, PICKETS, POLICE

ACTIONS = (
    UmpireAction("e", "End phase", "end_phase", "Close this phase; closing the push phase scores the turn (2.2, 6.1)"),
    UmpireAction("m", "Move unit", "move", "Move a unit of the side whose phase it is to a linked place (3)", short="Move"),
    UmpireAction("a", "Push", "push", "The police push the pickets at a place where both stand (4)", short="Push"),
    UmpireAction("v", "View as player", "view_as", "Show the places as each player knows them, then the truth again",
                 short="View as", looks=True),
) + shared_actions("d")


class PicketScreen(UmpireScreen):
    """A picket line's session: a table of the places (pickets with their resolve), the log, the keys."""

    ACTIONS = ACTIONS
    BINDINGS = bindings(ACTIONS)
    DEFAULT_CSS = """
    #places { height: auto; max-height: 12; }
    """

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield DataTable(id="places", cursor_type="row")
        yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#places", DataTable).add_columns("Place", "Pickets", "Police")
        self.load_log()
        self.refresh_view()

    def refresh_view(self) -> None:
        """The status line, and each place as the umpire knows it (or as the player being viewed does)."""
        note = self.status_note() if self.history or not self.viewing else f"as {self.viewing} knows it (v: next)"
        self.query_one(StatusBar).show(self.game, self.table_dice, note, self.shown)
        rows = self._known(self.view) if self.view else self._truth(self.shown)
        table = self.query_one("#places", DataTable)
        table.clear()
        for node, pickets, police in rows:
            table.add_row(node, pickets, police, key=node)

    def _truth(self, state: GameState) -> list[tuple[str, str, str]]:
        def names(node: str, side: str) -> str:
            return ", ".join(f"{u.id} ({u.attrs['resolve']})" if "resolve" in u.attrs else u.id for u in state.at(node, side))

        return [(node, names(node, PICKETS), names(node, POLICE)) for node in self.game.ctx.scenario.board.nodes]

    def _known(self, view: PlayerView) -> list[tuple[str, str, str]]:
        """Only what the view holds: own units with their notes, the other side's as seen."""
        cells: dict[tuple[str, str], list[str]] = {}
        for unit in view.own:
            if unit.node:
                cells.setdefault((unit.node, view.side), []).append(f"{unit.id} ({'; '.join(unit.notes)})" if unit.notes
                                                                    else unit.id)
        for sighting in view.sightings:
            cells.setdefault((sighting.node, sighting.side), []).extend(
                f"{u.id} ({'; '.join(u.notes)})" if u.notes else u.id for u in sighting.units)
        return [(node, ", ".join(cells.get((node, PICKETS), [])), ", ".join(cells.get((node, POLICE), [])))
                for node in self.game.ctx.scenario.board.nodes]

    def _cursor_place(self) -> str:
        table = self.query_one("#places", DataTable)
        return list(self.game.ctx.scenario.board.nodes)[table.cursor_row] if table.row_count else ""

    # --- actions: each asks for what it needs in a small form, then sends the command -------------

    def action_end_phase(self) -> None:
        self.send({"do": "end-phase"})

    def action_move(self) -> None:
        state, board = self.game.state, self.game.ctx.scenario.board
        side = MOVER.get(state.phase)
        units = [u for u in state.units.values() if u.side == side and u.status == ACTIVE]
        if not units:
            self.notify("Nobody moves in this phase (2.1)", severity="warning")
            return
        places = tuple((node, node) for node in board.nodes)
        self.ask("Move a unit", [Field("unit", "Unit", choices=tuple((f"{u.id} at {u.node}", u.id) for u in units)),
                                 Field("to", "To", choices=places, default=self._cursor_place() or None)],
                 lambda v: {"do": "move", "unit": v["unit"], "to": v["to"]}, rolls=False)

    def action_push(self) -> None:
        state = self.game.state
        contact = tuple((node, node) for node in self.game.ctx.scenario.board.nodes
                        if state.stacks[POLICE].get(node) and state.stacks[PICKETS].get(node))
        if not contact:
            self.notify("Police and pickets stand together nowhere (4.1)", severity="warning")
            return
        self.ask("Push", [Field("node", "At", choices=contact)], lambda v: {"do": "push", "node": v["node"]})
