"""Resolve confrontation (4): the units, gas, the allocation, exact odds, then the dice, the results and retreats."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from referee.core.dice import SeededDice
from referee.errors import RefereeError
from referee.game import Game
from referee.rules.n30.attack import retreat_options, targets
from referee.rules.n30.confrontation import ATTACKING_TYPES, GAS_TYPES, LOCKDOWN, even_split, facing, police_total
from referee.rules.n30.odds import expected_successes, unit_odds
from referee.rules.n30.phases import POLICE
from referee.tui.dialogs.dice import parse_dice


def exact(chance) -> str:
    """A chance as an exact fraction: '-', '1/6', '5/12', 'all'."""
    return "-" if chance == 0 else "all" if chance == 1 else f"{chance.numerator}/{chance.denominator}"


class ConfrontDialog(ModalScreen[dict | None]):
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
        self.total = police_total(u.type for u in self.police)
        self.can_gas = any(u.type in GAS_TYPES for u in self.police)
        self.can_attack = any(u.type in ATTACKING_TYPES for u in self.police) and bool(self.targets)
        self.results: list[dict] | None = None
        self.command: dict | None = None

    # --- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="confront"):
            yield Label(f"[b]Resolve confrontation at {self.node}[/b]")
            police = ", ".join(f"{u.id} ({u.type} {u.factors.get('strength', 0)})" for u in self.police) or "none"
            yield Label(f"Police: {police}; total {self.total}")
            if not self.can_attack:
                yield Label("4: the police need a hard, soft or mounted squad here, and protester units not yet attacked this phase.", classes="error")
                yield Button("Close", id="cancel", compact=True)
                return
            yield Checkbox("Gas: doubles the total; a 1 destroys, a 6 radicalizes; 4.5 political cost",
                           value=False, disabled=not self.can_gas, id="gas", compact=True)
            with Grid(id="odds"):
                for heading in ("unit", "share", "faces", "keeps", "back", "out", "stays", "radical", "refuse"):
                    yield Label(f"[b]{heading}[/b]")
                for unit in self.targets:
                    locked = unit.type == LOCKDOWN and unit.attrs.get("locked", True)
                    yield Label(f"{unit.id} [dim]{unit.type}[/dim]")
                    yield Input(id=f"share-{self._key(unit.id)}", classes="share", type="integer", compact=True)
                    for column in ("facing", "unaffected", "retreat", "destroyed", "stays", "radicalized"):
                        yield Label("", id=f"{column}-{self._key(unit.id)}")
                    yield Checkbox("", value=False, disabled=not locked, id=f"refuse-{self._key(unit.id)}", compact=True)
            yield Label("[dim]keeps: unaffected; back: forced to retreat (4.1); out: destroyed (4.2); "
                        "stays: a refusing lockdown holds (4.4); radical: radicalized (4.3)[/dim]")
            yield Label("", id="summary")
            yield Label("", id="error", classes="error")
            with Horizontal(classes="buttons", id="roll-row"):
                yield Button("Roll (r)", variant="primary", id="roll", compact=True)
                yield Input(placeholder="or type the dice: 3 6 2", id="typed", compact=True,
                            classes="" if self.table_dice else "hidden")
                yield Button("Cancel (Esc)", id="cancel", compact=True)
            with Vertical(id="results", classes="hidden"):
                yield Label("", id="outcome")
                with Grid(id="retreats"):
                    pass
                with Horizontal(classes="buttons"):
                    yield Button("Confirm (c)", variant="success", id="confirm", compact=True)
                    yield Button("Back (b)", id="back", compact=True)

    def action_press(self, button: str) -> None:
        """The keys r, c and b press Roll (before the dice), Confirm and Back (after them)."""
        if self.can_attack and (self.results is None) == (button == "roll"):
            self.query_one(f"#{button}", Button).press()

    @staticmethod
    def _key(unit_id: str) -> str:
        return "".join(ch if ch.isalnum() else "_" for ch in unit_id)

    def on_mount(self) -> None:
        if self.can_attack:
            self._fill_shares()
            self._update_odds()

    # --- before the dice -----------------------------------------------------------------

    def _gas(self) -> bool:
        return self.query_one("#gas", Checkbox).value

    def _fill_shares(self) -> None:
        effective = self.total * (2 if self._gas() else 1)
        for unit_id, share in even_split(effective, [u.id for u in self.targets]).items():
            self.query_one(f"#share-{self._key(unit_id)}", Input).value = str(share)

    def _shares(self) -> dict[str, int]:
        shares = {}
        for unit in self.targets:
            text = self.query_one(f"#share-{self._key(unit.id)}", Input).value.strip()
            shares[unit.id] = int(text) if text.lstrip("-").isdigit() else 0
        return shares

    def _refusing(self) -> list[str]:
        return [u.id for u in self.targets if self.query_one(f"#refuse-{self._key(u.id)}", Checkbox).value]

    def _update_odds(self) -> None:
        gas, shares, refusing = self._gas(), self._shares(), set(self._refusing())
        for unit in self.targets:
            key = self._key(unit.id)
            faces = facing(shares[unit.id], unit.type)
            odds = unit_odds(faces, unit.type, gas, unit.id in refusing)
            self.query_one(f"#facing-{key}", Label).update(str(faces))
            for column, chance in (("unaffected", odds.unaffected), ("retreat", odds.retreat),
                                   ("destroyed", odds.destroyed), ("stays", odds.stays), ("radicalized", odds.radicalized)):
                self.query_one(f"#{column}-{key}", Label).update(exact(chance))
        effective = self.total * (2 if gas else 1)
        given = sum(shares.values())
        self.query_one("#summary", Label).update(
            f"Police bring {effective}{' (doubled by gas)' if gas else ''}; shares add up to {given}. "
            f"The protesters gain {expected_successes([u.type for u in self.targets], gas)} success(es) (4.5)."
        )

    @on(Checkbox.Changed, "#gas")
    def _gas_changed(self) -> None:
        self._fill_shares()
        self._update_odds()

    @on(Input.Changed, ".share")
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

    def _preview(self, command: dict) -> None:
        """Run the command on a copy of the game with the same dice the real one will use."""
        game = self.game
        copy = Game(game.ctx, game.rules, game.state, SeededDice(game.dice.seed, game.dice.drawn))
        try:
            events = copy.apply(command)
        except RefereeError as error:
            self.query_one("#error", Label).update(str(error))
            return
        self.query_one("#error", Label).update("")
        self.command = command
        self.results = next(e.data for e in events if e.kind == "confrontation")["units"]
        self._show_results()

    @on(Button.Pressed, "#roll")
    def _roll(self) -> None:
        command = self._base_command()
        typed = self.query_one("#typed", Input).value.strip()
        if typed:
            try:
                command["dice"] = parse_dice(typed)
            except ValueError as error:
                self.query_one("#error", Label).update(str(error))
                return
        self._preview(command)

    @on(Input.Submitted, "#typed")
    def _typed(self) -> None:
        self._roll()

    def _show_results(self) -> None:
        lines = []
        for unit in self.results:
            extra = f", refusal die {unit['refusal_roll']}" if unit.get("refusal_roll") else ""
            lines.append(f"{unit['id']}: rolled {unit['roll']} against {unit['facing']}{extra}: "
                         f"[b]{unit['result']}[/b]{', radicalized' if unit['radicalized'] else ''}")
        self.query_one("#outcome", Label).update("\n".join(lines))
        grid = self.query_one("#retreats", Grid)
        grid.remove_children()
        options = retreat_options(self.game.ctx, self.game.state, self.node)
        for unit in self.results:
            if unit["result"] == "retreat":
                grid.mount(Label(f"{unit['id']} retreats to"))
                choices = [(node, node) for node in options]
                grid.mount(Select(choices, value=options[0] if options else Select.NULL, allow_blank=not options,
                                  id=f"to-{self._key(unit['id'])}"))
        self.query_one("#roll-row").add_class("hidden")
        self.query_one("#results").remove_class("hidden")
        self.query_one("#confirm", Button).focus()

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.results = self.command = None
        self.query_one("#results").add_class("hidden")
        self.query_one("#roll-row").remove_class("hidden")

    @on(Button.Pressed, "#confirm")
    def _confirm(self) -> None:
        retreats = {}
        for unit in self.results or ():
            if unit["result"] == "retreat":
                value = self.query_one(f"#to-{self._key(unit['id'])}", Select).value
                if value != Select.NULL:
                    retreats[unit["id"]] = value
        self.dismiss({**self.command, "retreats": retreats} if retreats else self.command)

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)
