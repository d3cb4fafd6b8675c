"""The main screen: header, map, the selected intersection, units and the live log; every umpire action."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import RichLog, TabbedContent, TabPane

from referee.core.units import OFF_MAP, STATUSES
from referee.rules.todo import Item
from referee.rulesets.n30.rules.movement import destinations, group_order, pending, why_not
from referee.rulesets.n30.rules.phases import MOVER
from referee.rulesets.n30.rules.todo import todo
from referee.rulesets.n30.tui.actions import ACTIONS
from referee.rulesets.n30.tui.confront import ConfrontDialog
from referee.rulesets.n30.tui.factions import FactionsDialog
from referee.rulesets.n30.tui.group_move import group_of
from referee.rulesets.n30.tui.map_view import LEGEND, MapMarks, MapView, stacks_of, target_letters
from referee.rulesets.n30.tui.number_field import NumberField
from referee.rulesets.n30.tui.odds_table import OddsTable
from referee.session import Session
from referee.text import plural, printable
from referee.tui.screens.umpire import UmpireScreen, bindings
from referee.tui.text import plain
from referee.tui.widgets.footer import KeysFooter
from referee.tui.widgets.status_bar import StatusBar
from referee.tui.widgets.units import NodePanel, UnitsBrowser, UnitSelected


class MainScreen(UmpireScreen):
    """Everything the engine knows, at a glance, and every umpire action a key or two away."""

    ACTIONS = ACTIONS
    KEYS = (
        ("map", LEGEND),
        ("arrows, mouse", "move the map cursor; Enter or a click on the cursor picks the intersection"),
        ("tab", "move between the map, the intersection's units and the tabs"),
        ("escape", "stop a move in progress, close a dialog"),
    )
    STYLED = (ConfrontDialog, FactionsDialog, NumberField, OddsTable)
    BINDINGS = bindings(ACTIONS)

    def __init__(self, session: Session):
        super().__init__(session)
        self.moving: str | None = None
        self.legal: dict[str, list[str]] = {}
        self.unit: str | None = None
        self.group: list[str] = []
        self._letters = target_letters(self.game.ctx.scenario.board)

    def compose(self) -> ComposeResult:
        scenario = self.game.ctx.scenario
        yield StatusBar(id="status")
        yield MapView(scenario.board, self.game.state, id="map")
        with Horizontal(id="lower"):
            yield NodePanel(id="node")
            with TabbedContent(id="tabs"):
                with TabPane("Log", id="tab-log"):
                    yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)
                with TabPane("Units", id="tab-units"):
                    yield UnitsBrowser({
                        "side": sorted({t.side for t in scenario.types.values()}),
                        "type": sorted(set(scenario.types) | {u.type for u in self.game.state.units.values()}),
                        "status": list(STATUSES),
                    }, id="units")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load_log()
        map_view = self.query_one(MapView)
        occupied = [node for side in self.game.state.stacks.values() for node in side]
        if occupied:
            map_view.cursor = occupied[0]
        map_view.focus()
        self.refresh_view()

    # --- drawing -------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Show the game as it now stands."""
        state = self.shown
        local = state.local
        marks = MapMarks(
            chosen=frozenset(local.get("chosen", {}).get(MOVER.get(state.phase, ""), ())),
            gassed=frozenset(local.get("gassed", ())),
            legal=frozenset(self.legal),
            access=self._letters,
        )
        map_view = self.query_one(MapView)
        if self.view:
            map_view.show_view(self.view, MapMarks(access=self._letters))
        else:
            map_view.show(state, marks)
        self._show_status()
        self._show_node(map_view.cursor)
        if self.query_one(TabbedContent).active == "tab-units":
            self.query_one(UnitsBrowser).show(state, {u.id for u in self.view.own} if self.view else None)

    @on(TabbedContent.TabActivated)
    def _tab(self) -> None:
        self.refresh_view()

    def _show_node(self, node: str) -> None:
        state, board = self.shown, self.game.ctx.scenario.board
        title = plain(node, "bold")
        if not board.nodes[node].in_play:
            title.append("  out of play", style="dim")
        markers = state.markers.get(node, ())
        if markers:
            title.append("  " + ", ".join(markers), style="bold red")
        if node in state.local.get("gassed", ()):
            title.append("  gassed this turn", style="bold yellow")
        units = state.at(node)
        for side, (count, strength, _) in stacks_of(state).get(node, {}).items():
            title.append(f"  {side} {count}" + (f"/{strength}" if strength else ""), style="dim")
        reached = [t.name for t in board.targets.values() if node in t.access]
        if reached:
            title.append("\nreaches " + printable(", ".join(reached)), style="cyan")
        if self.view:
            title = plain(f"{node} as {self.viewing} knows it", "bold")
            own = {u.id for u in self.view.own}
            units = [u for u in units if u.id in own]
            moods = [f"{u.id} {u.mood.name}" for u in self.view.own if u.node == node and u.mood]
            if moods:
                title.append("\nmoods: " + ", ".join(moods), style="cyan")
            for sighting in (s for s in self.view.sightings if s.node == node):
                what = ", ".join(u.id + (f" {u.mood.name}" if u.mood else "") for u in sighting.units) or (
                    f"top {sighting.top.id}" if sighting.top else "unidentified")
                seen = "?" if sighting.count is None else sighting.count
                when = "now" if sighting.current else f"last seen {sighting.seen_time}"
                title.append("\n" + printable(f"{sighting.side}: {seen} counters ({what}), {when}, {sighting.source}"),
                             style="cyan")
            for known in (m for m in self.view.markers if m.node == node):
                title.append(f"\n{known.marker}, {'now' if known.current else 'seen ' + known.seen_time}", style="bold red")
        self.query_one(NodePanel).show(title, units, state, select=self.unit)

    @on(MapView.Moved)
    def _cursor_moved(self, event: MapView.Moved) -> None:
        state = self.game.state
        mover = MOVER.get(state.phase)
        units = state.at(event.node)
        ready = [u.id for u in units if u.side == mover and u.id not in state.local.get("moved", ())]
        if not self.moving:
            self.unit = ready[0] if ready else (units[0].id if units else None)
        self._show_node(event.node)
        self._show_status()

    def _show_status(self) -> None:
        self.query_one(StatusBar).show(self.game, self.table_dice, self.status_note() if self.history else self._note(),
                                       self.shown, self.ending(), self.todo_shown())

    def _note(self) -> str:
        if self.viewing:
            return self.viewing_note()
        selected = f"selected {self.unit}" if self.unit else "no unit selected"
        note = self.status_note()  # the latest note, or who the umpire at this screen is
        return f"{selected} · {note}" if note else selected

    @on(UnitSelected)
    def _unit_selected(self, event: UnitSelected) -> None:
        self.unit = event.unit
        self._show_status()

    # --- commands ------------------------------------------------------------------------

    def after(self, command: dict) -> None:
        if command.get("do") == "roll":
            self._highlight_moves(command["unit"])
        elif self.moving and command.get("unit") == self.moving:
            self.moving, self.legal = None, {}
        elif command.get("do") in ("undo", "redo", "group-move"):
            self.moving, self.legal = None, {}

    def _highlight_moves(self, unit_id: str) -> None:
        state = self.game.state
        rate = state.local["rolled"].get(unit_id)
        if rate is None:
            return
        self.moving = unit_id
        unit = state.units[unit_id]
        self.legal = destinations(self.game.ctx, state, unit, rate)
        if not self.legal:
            self.note = f"{unit_id} has nowhere to go with a movement of {rate}: s keeps it where it is (3)"
            self.moving = None
            return
        self.note = f"{unit_id} may move {rate}: Enter on a highlighted intersection, s to stay, Esc hides them"
        map_view = self.query_one(MapView)
        map_view.focus()  # the arrows pick the destination, wherever the unit was selected
        if map_view.cursor not in self.legal:
            map_view.cursor = unit.node if unit.node else min(self.legal, key=lambda node: len(self.legal[node]))

    def _selected_unit(self) -> str | None:
        if self.unit is None or self.unit not in self.game.state.units:
            self.notify("Select a unit first (in the intersection panel or the units table)", severity="warning")
            return None
        return self.unit

    def _with_dice(self, command: dict, count: int, purpose: str) -> None:
        """Send a command, asking for table dice first when the umpire types them in."""
        if not self.table_dice or count == 0:
            self.send(command)
            return
        from referee.tui.dialogs.dice import DiceDialog

        def typed(dice: list[int] | None) -> None:
            if dice is not None:
                self.send({**command, "dice": dice})

        self.app.push_screen(DiceDialog(count, purpose), typed)

    # --- actions -------------------------------------------------------------------------

    def action_end_phase(self) -> None:
        self.moving, self.legal = None, {}
        self.send({"do": "end-phase"})

    def checklist(self) -> tuple[Item, ...]:
        return todo(self.game.ctx, self.game.state)

    def selected_place(self) -> str:
        return self.query_one(MapView).cursor

    def go_to(self, item: Item) -> None:
        if item.node:
            self.query_one(MapView).cursor = item.node

    def action_choose(self) -> None:
        self.send({"do": "choose", "node": self.query_one(MapView).cursor})

    def action_move(self) -> None:
        unit_id = self._selected_unit()
        if unit_id is None:
            return
        state = self.game.state
        if unit_id in state.local.get("rolled", {}):
            self._highlight_moves(unit_id)
            self.refresh_view()
            return
        unit = state.units[unit_id]
        self._with_dice({"do": "roll", "unit": unit_id}, unit.factors.get("movement", 1), f"movement of {unit_id}")

    def action_reinforce(self) -> None:
        state = self.game.state
        side = MOVER.get(state.phase)
        waiting = [u.id for u in state.units.values()
                   if u.side == side and u.status == OFF_MAP and u.id not in state.local.get("moved", ())]
        if not waiting:
            self.notify("No reinforcements are waiting for this phase's side", severity="warning")
            return
        following = waiting.index(self.unit) + 1 if self.unit in waiting else 0
        self.unit = waiting[following % len(waiting)]
        self.note = f"{self.unit} waits at the {state.units[self.unit].attrs['edge']} edge ({len(waiting)} waiting): m moves it"
        self.refresh_view()

    def action_move_group(self) -> None:
        state = self.game.state
        side = MOVER.get(state.phase)
        if side is None:
            self.notify("Units move in the movement phases", severity="warning")
            return
        node = self.query_one(MapView).cursor
        selected = state.units.get(self.unit) if self.unit else None
        self.group = group_of(state, side, node, selected)
        if not self.group:
            self.notify(f"No {side} unit still to move here", severity="warning")
            return
        self.moving, self.legal = None, {}
        self.note = (f"{plural(len(self.group), 'unit')}: pick where they head (Enter); "
                     "one at a time, each goes as near as its roll allows")
        self.query_one(MapView).focus()
        self.refresh_view()

    def _move_group(self, target: str) -> None:
        """One group-move command; with table dice, asks for them in the order the units will move (3.1)."""
        state, units, self.group = self.game.state, self.group, []
        order = group_order(state, units)
        count = sum(state.units[uid].factors.get("movement", 1) for uid in order if uid not in state.local["rolled"])
        self._with_dice({"do": "group-move", "units": order, "to": target}, count,
                        f"movement of {', '.join(order)} (in that order)")

    def on_map_view_picked(self, event: MapView.Picked) -> None:
        if self.group:
            self._move_group(event.node)
        elif self.moving and event.node in self.legal:
            self.send({"do": "move", "unit": self.moving, "path": self.legal[event.node]})
        elif self.moving:
            state = self.game.state
            self.refuse(str(why_not(self.game.ctx, state, state.units[self.moving], event.node,
                                    state.local["rolled"][self.moving])))

    def action_stay(self) -> None:
        state = self.game.state
        unit_id = pending(state, MOVER.get(state.phase, ""))
        if unit_id is None:
            self.notify("No unit has rolled and waits to move", severity="warning")
            return
        self.send({"do": "stay", "unit": unit_id})

    def action_cancel(self) -> None:
        state = self.game.state
        waiting = pending(state, MOVER.get(state.phase, ""))
        self.moving, self.legal, self.group = None, {}, []
        self.note = f"{waiting} has rolled: m moves it, s keeps it where it is (3)" if waiting else ""
        self.refresh_view()

    def action_barricade(self) -> None:
        if unit_id := self._selected_unit():
            self.send({"do": "barricade", "unit": unit_id})

    def action_flo(self) -> None:
        if unit_id := self._selected_unit():
            self.send({"do": "flo", "unit": unit_id})

    def action_top(self) -> None:
        if unit_id := self._selected_unit():
            self.send({"do": "top", "unit": unit_id})

    def action_confront(self) -> None:
        from referee.rulesets.n30.tui.confront import ConfrontDialog

        node = self.query_one(MapView).cursor

        def decided(command: dict | None) -> None:
            if command is not None:
                self.send(command)

        self.app.push_screen(ConfrontDialog(self.game, node, self.table_dice), decided)

    def action_factions(self) -> None:
        from referee.rulesets.n30.rules.friction import peace_police_pool
        from referee.rulesets.n30.tui.factions import FactionsDialog

        def chosen(peace_police: list[str] | None) -> None:
            if peace_police is not None:
                self.send({"do": "factions", "peace_police": peace_police})

        self.app.push_screen(FactionsDialog(peace_police_pool(self.game.state)), chosen)

