"""Resolve confrontation (4): the units, gas, the allocation, exact odds, then the dice, the results and retreats."""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.n30.rules.attack import retreat_gains, retreat_options, targets
from referee.rulesets.n30.rules.confrontation import (
    ATTACKING_TYPES,
    LOCKDOWN,
    even_split,
    facing,
    gas_refused,
    police_total,
)
from referee.rulesets.n30.rules.odds import expected_successes, unit_odds
from referee.rulesets.n30.rules.phases import POLICE, PROTESTERS
from referee.rulesets.n30.tui.number_field import NumberField
from referee.rulesets.n30.tui.odds_table import OddsTable
from referee.text import plural, printable
from referee.tui.dialogs.dialog import Dialog
from referee.tui.dialogs.dice import parse_dice
from referee.tui.dialogs.form import CLOSED_MARK, why
from referee.tui.text import plain
from referee.tui.widgets.ticks import Tick

LEGEND = ("[dim]keeps: unaffected; back: forced to retreat (4.1); out: destroyed (4.2); "
          "stays: a refusing lockdown holds (4.4); rad.: radicalized (4.3)[/dim]")


def spanning(widget: Widget, rows: int) -> Widget:
    """The widget, over `rows` rows of its grid."""
    widget.styles.row_span = rows
    return widget


def exact(chance) -> str:
    """A chance as an exact fraction: '-', '1/6', '5/12', 'all'."""
    return "-" if chance == 0 else "all" if chance == 1 else f"{chance.numerator}/{chance.denominator}"


class ConfrontDialog(Dialog[dict | None]):
    """Returns the confirmed `confront` command, or None if cancelled. Nothing is rolled until asked."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Cancel"),
        Binding("r", "press('roll')", "Roll"),
        Binding("c", "press('confirm')", "Confirm"),
        Binding("b", "press('back')", "Back"),
    ]

    def __init__(self, game: Game, node: str, table_dice: bool):
        super().__init__()
        self.game, self.node, self.table_dice = game, node, table_dice
        state = game.state
        self.police = state.at(node, POLICE)
        self.targets = targets(state, node)
        self.present = state.at(node, PROTESTERS)
        self.total = police_total(u.type for u in self.police)
        self.no_gas = why(gas_refused(u.type for u in self.police))  # why gas is closed here, if it is (4)
        self.can_attack = any(u.type in ATTACKING_TYPES for u in self.police) and bool(self.targets)
        self.lockdowns = [u.id for u in self.targets if u.type == LOCKDOWN and u.attrs.get("locked", True)]
        self.results: list[dict] | None = None
        self.destinations: dict[str, str] = {}  # the engine's retreat destinations, from the preview
        self.selects: dict[str, str] = {}  # each destination field's id: its unit
        self.command: dict | None = None

    # --- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        police = ", ".join(f"{u.id} ({u.type} {u.factors.get('strength', 0)})" for u in self.police) or "none"
        with VerticalScroll(classes="dialog wide", id="confront"):
            yield Static(Text.assemble((f"Resolve confrontation at {printable(self.node)}", "bold"),
                                       "\n" + printable(f"Police: {police}; total {self.total}")))
            if not self.can_attack:
                yield Label("4: the police need a hard, soft or mounted squad here, "
                            "and protester units not yet attacked this phase.", classes="error")
                yield Button("Close", id="cancel", compact=True)
                return
            yield Tick("Gas: total x2; a 1 destroys, a 6 radicalizes; political cost (4.5)", value=False,
                       disabled=bool(self.no_gas), id="gas", compact=True)
            if self.no_gas:
                yield Label(plain(f"{CLOSED_MARK} not now: {self.no_gas}"), classes="form-barred")
            with Grid(id="odds"):
                rows = len(self.targets) + 1
                units = Text.assemble(("unit", "bold"), *(piece for u in self.targets
                                                          for piece in ("\n" + printable(u.id) + " ", plain(u.type, "dim"))))
                yield spanning(Static(units, id="units"), rows)
                yield Label("[b]share[/b]")
                yield spanning(OddsTable(("faces", "keeps", "back", "out", "stays", "rad."), id="odds-table"), rows)
                yield Label("[b]refuse[/b]")
                shares = even_split(self.total, [u.id for u in self.targets])
                for unit in self.targets:
                    yield NumberField(str(shares[unit.id]), id=f"share-{self._key(unit.id)}")
                    if unit.id in self.lockdowns:
                        yield Tick("", value=False, id=f"refuse-{self._key(unit.id)}", compact=True)
                    else:
                        yield Label("")
            yield Static(id="summary")
            yield Label("", id="error", classes="error")
            with Horizontal(classes="buttons", id="roll-row"):
                yield Button("Roll (r)", variant="primary", id="roll", compact=True)
                if self.table_dice:
                    yield Input(placeholder="or type the dice: 3 6 2", id="typed", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def action_press(self, button: str) -> None:
        """The keys r, c and b press Roll (before the dice), Confirm and Back (after them)."""
        if self.can_attack and (self.results is None) == (button == "roll"):
            self.query_one(f"#{button}", Button).press()

    @staticmethod
    def _key(unit_id: str) -> str:
        return "".join(ch if ch.isalnum() else "_" for ch in unit_id)

    def on_mount(self) -> None:
        if self.can_attack:
            self._update_odds()

    # --- before the dice -----------------------------------------------------------------

    def _gas(self) -> bool:
        return self.query_one("#gas", Checkbox).value

    def _fill_shares(self) -> None:
        effective = self.total * (2 if self._gas() else 1)
        for unit_id, share in even_split(effective, [u.id for u in self.targets]).items():
            self.query_one(f"#share-{self._key(unit_id)}", NumberField).value = str(share)

    def _shares(self) -> dict[str, int]:
        return {u.id: int(self.query_one(f"#share-{self._key(u.id)}", NumberField).value or 0) for u in self.targets}

    def _refusing(self) -> list[str]:
        return [unit for unit in self.lockdowns if self.query_one(f"#refuse-{self._key(unit)}", Checkbox).value]

    def _update_odds(self) -> None:
        gas, shares, refusing = self._gas(), self._shares(), set(self._refusing())
        rows = []
        for unit in self.targets:
            faces = facing(shares[unit.id], unit.type)
            odds = unit_odds(faces, unit.type, gas, unit.id in refusing)
            chances = (odds.unaffected, odds.retreat, odds.destroyed, odds.stays, odds.radicalized)
            rows.append((str(faces), *map(exact, chances)))
        self.query_one(OddsTable).show(rows)
        effective = self.total * (2 if gas else 1)
        given = sum(shares.values())
        successes = expected_successes([u.type for u in self.present], gas)
        self.query_one("#summary", Static).update(
            f"{LEGEND}\nPolice bring {effective}{' (doubled by gas)' if gas else ''}; shares add up to {given}. "
            f"The protesters gain {plural(successes, 'success', 'successes')} (4.5)."
        )

    @on(Checkbox.Changed, "#gas")
    def _gas_changed(self) -> None:
        self._fill_shares()
        self._update_odds()

    @on(NumberField.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        if self.can_attack:
            self._update_odds()

    # --- the dice ------------------------------------------------------------------------

    def _base_command(self) -> dict:
        command = {"do": "confront", "node": self.node, "gas": self._gas(), "allocation": self._shares()}
        if self._refusing():
            command["refuse"] = self._refusing()
        return command

    async def _preview(self, command: dict) -> None:
        """Run the command on a copy of the game with the same dice the real one will use."""
        try:
            events = self.game.preview(command)
        except RefereeError as error:
            self.query_one("#error", Label).update(str(error))
            return
        self.query_one("#error", Label).update("")
        self.command = command
        results = self.results = next(e.data for e in events if e.kind == "confrontation")["units"]
        self.destinations = {e.data["unit"]: e.data["to"] for e in events if e.kind == "unit-retreated"}
        await self._show_results(results)

    @on(Button.Pressed, "#roll")
    async def _roll(self) -> None:
        command = self._base_command()
        if self.table_dice:  # left empty, no dice: the engine says which die is missing, the generator rolls none
            typed = self.query_one("#typed", Input).value.strip()
            try:
                command["dice"] = parse_dice(typed) if typed else []
            except ValueError as error:
                self.query_one("#error", Label).update(str(error))
                return
        await self._preview(command)

    @on(Input.Submitted, "#typed")
    async def _typed(self) -> None:
        await self._roll()

    async def _show_results(self, results: list[dict]) -> None:
        """The dice and their results, each retreat's destination (the engine's choice, which the umpire may
        change; one that would score for the protesters is marked), Confirm and Back."""
        state = self.game.state
        retreats: list[Widget] = []
        options = retreat_options(self.game.ctx, state, self.node)
        self.selects = {f"to-{self._key(u['id'])}": u["id"] for u in results if u["result"] == "retreat"}
        for key, uid in self.selects.items():
            labels = [(plain(self._option(state.units[uid], node)), node) for node in options]
            retreats.append(Label(plain(f"{uid} retreats to")))
            retreats.append(Select(labels, value=self.destinations.get(uid, Select.NULL),
                                   allow_blank=uid not in self.destinations, id=key))
        shown = Vertical(Label(self._outcome(results, self.destinations), id="outcome"), Grid(*retreats, id="retreats"),
                         id="results")
        await self.query_one("#confront").mount_all((shown, Horizontal(
            Button("Confirm (c)", variant="success", id="confirm", compact=True),
            Button("Back (b)", id="back", compact=True), classes="buttons", id="confirm-row")))
        self.query_one("#roll-row").add_class("hidden")
        self.query_one("#confirm", Button).focus()
        shown.scroll_visible(top=True, animate=False)

    def _option(self, unit, node: str) -> str:
        """A retreat destination, marked where it would score for the protesters (5.1-5.3)."""
        targets = self.game.ctx.scenario.board.targets
        gains = [targets[target].name for target in retreat_gains(self.game.ctx, self.game.state, unit, node)]
        return f"{node} (the protesters would score: {', '.join(gains)})" if gains else node

    @staticmethod
    def _outcome(results: list[dict], destinations: dict[str, str]) -> Text:
        """One line per unit: its die, its result and, for a retreat, where it goes."""
        lines = []
        for unit in results:
            extra = f", refusal die {unit['refusal_roll']}" if unit.get("refusal_roll") else ""
            to = destinations.get(unit["id"])
            where = "" if unit["result"] != "retreat" else f" to {to}" if to else ": nowhere to go, destroyed (4.1)"
            lines.append(Text.assemble(printable(f"{unit['id']}: rolled {unit['roll']} against {unit['facing']}{extra}: "),
                                       (printable(unit["result"] + where), "bold"),
                                       ", radicalized" if unit["radicalized"] else ""))
        return Text("\n").join(lines)

    def _retreats(self) -> dict[str, str]:
        """Each retreating unit's destination as the dialog now shows it."""
        chosen = {uid: self.query_one(f"#{key}", Select).value for key, uid in self.selects.items()}
        return {uid: to for uid, to in chosen.items() if isinstance(to, str)}  # a node, not Select.NULL

    @on(Select.Changed)
    def _destination_changed(self) -> None:
        if self.results is not None:
            self.query_one("#outcome", Label).update(self._outcome(self.results, self._retreats()))

    @on(Button.Pressed, "#back")
    async def _back(self) -> None:
        self.results = self.command = None
        await self.query("#results, #confirm-row").remove()
        self.query_one("#roll-row").remove_class("hidden")

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        retreats, command = self._retreats(), cast(dict, self.command)  # Confirm is there once the dice are rolled
        self.dismiss({**command, "retreats": retreats} if retreats else command)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
