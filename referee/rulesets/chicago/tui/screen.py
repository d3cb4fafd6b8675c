"""The main screen of a Chicago-Chicago session: the box map, the boxes, the selected box, the game's record and
the log; every umpire action a key away, each asking for what it needs in a small form."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog

from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError
from referee.rules.todo import Item
from referee.rulesets.chicago.rules import board, forces, movement, tables
from referee.rulesets.chicago.rules.board import units_named
from referee.rulesets.chicago.rules.fighting import declared, fighters
from referee.rulesets.chicago.rules.odds import Odds, odds
from referee.rulesets.chicago.rules.sizes import built_up, counted
from referee.rulesets.chicago.rules.steps import FIGHTER, MOVER
from referee.rulesets.chicago.rules.todo import contested, todo
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from referee.rulesets.chicago.tui.actions import ACTIONS
from referee.rulesets.chicago.tui.widgets import (
    LEGEND,
    BoxesTable,
    BoxMap,
    BoxPanel,
    BoxPicked,
    RecordPanel,
    ei_by_turn,
)
from referee.tui.dialogs.form import Choices, Closed, Field, closed_by, why
from referee.tui.screens.areas import AreasScreen
from referee.tui.screens.umpire import bindings
from referee.tui.seen import as_seen, not_seen
from referee.tui.text import plain
from referee.tui.widgets.footer import KeysFooter
from referee.tui.widgets.status_bar import StatusBar

TABLES = ((tables.HARASS.upper(), tables.HARASS), (tables.ASSAULT.upper(), tables.ASSAULT))
FEW = 3  # units of one kind and fate named one by one up to this many, else counted


def _chance(chance: Fraction) -> str:
    return f"{float(chance):.1%}".replace(".0%", "%")


def _points(police: int, green: int) -> str:
    scored = [f"+{n} {name}" for n, name in ((green, "green"), (police, "blue")) if n]
    return " ".join(scored) or "nothing"


def _fates(fight_odds: Odds) -> list[str]:
    """Each unit's fate, units of one kind with the same chances together."""
    together: dict[tuple, list[str]] = {}
    for uid, fates in fight_odds.fates.items():
        together.setdefault((uid.split("-")[0], tuple(fates.items())), []).append(uid)
    return [(", ".join(ids) if len(ids) <= FEW else f"{len(ids)} {kind}") + ": "
            + ", ".join(f"{fate} {_chance(chance)}" for fate, chance in fates) for (kind, fates), ids in together.items()]


def odds_text(fight_odds: Odds, table: str) -> Text:
    """A conflict's chances: the odds, each result of the roll and of the forced assault's, each EI change,
    each unit's fate."""
    text = Text()
    text.append(f"{table.upper()} at {fight_odds.odds} ", style="bold")
    text.append(f"({fight_odds.attack_strength} against {fight_odds.defend_strength})\n")
    text.append("Roll: ", style="bold")
    text.append("  ".join(f"{code} {chance * 6}/6" for code, chance in fight_odds.results.items()))
    if fight_odds.forced:
        text.append("\nForced assault, ASSAULT 1:1: ", style="bold red")
        text.append("  ".join(f"{code} {chance * 6}/6" for code, chance in fight_odds.forced.items()))
    text.append("\nEI: ", style="bold")
    text.append(", ".join(f"{_points(*scored)} {_chance(chance)}" for scored, chance in
                          sorted(fight_odds.points.items(), key=lambda item: -item[1])))
    for line in _fates(fight_odds):
        text.append(f"\n{line}")
    return text


class ChicagoScreen(AreasScreen):
    """Every box and what it holds, both Exposure Indices by turn, the Time Record, and every umpire action."""

    ACTIONS = ACTIONS
    KEYS = (
        ("map", LEGEND),
        ("units", "counted by kind of counter: P1-P3 police platoons by level, Tac, NG Guard companies, G1-G4 "
                  "groups by level; built up in the selected box (3 to a company, crowd or battalion)"),
        ("arrows, mouse", "move in the boxes table: the selected box is where units move from and conflict is fought"),
        ("tab", "move between the boxes and the log"),
        ("in a form", "tab between the fields, space to tick, enter or ctrl+s to apply, escape to cancel"),
    )
    BINDINGS = bindings(ACTIONS)
    SCOPED_CSS = False  # the app marks a short screen `-short` (RefereeApp.VERTICAL_BREAKPOINTS)
    DEFAULT_CSS = """
    #chicago-main { height: 1fr; }
    #chicago-map { height: 3fr; max-height: 28; }
    #chicago-boxes { height: 1fr; min-height: 8; }
    #chicago-right { width: 46; max-width: 45%; }
    #chicago-box { height: auto; padding: 0 1; border-bottom: solid $primary; }
    #chicago-record { height: auto; max-height: 60%; overflow-y: auto; padding: 0 1; border-bottom: solid $primary; }
    .-short #chicago-map { display: none; }
    .-short #chicago-box { border-bottom: none; }
    .-short #chicago-record { border-bottom: none; }
    """

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="chicago-main"):
            with Vertical(id="chicago-left"):
                yield BoxMap(self.game.ctx.scenario.board, self.place, id="chicago-map")
                yield BoxesTable(self.place, id="chicago-boxes")
            with Vertical(id="chicago-right"):
                yield BoxPanel(id="chicago-box")
                yield RecordPanel(id="chicago-record")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load_log()
        self.refresh_view()
        self.query_one(BoxesTable).focus()

    def refresh_view(self) -> None:
        state, scenario = self.shown, self.game.ctx.scenario
        note = self.viewing_note() if self.viewing and not self.history else self.status_note()
        self.query_one(StatusBar).show(self.game, self.table_dice, note, state, self.ending(), self.todo_shown())
        state, unseen = as_seen(state, self.view), not_seen(self.view)
        self.query_one(BoxMap).show(state, self.area, unseen)
        self.query_one(BoxesTable).show(scenario.board, state, unseen)
        self.query_one(BoxPanel).show(state, scenario, self.area, unseen)
        self.query_one(RecordPanel).show(state, scenario, self.from_log(ei_by_turn), unseen)

    def checklist(self) -> tuple[Item, ...]:
        return todo(self.game.ctx, self.game.state)

    @on(BoxPicked)
    def _picked(self, event: BoxPicked) -> None:
        self.area = self.query_one(BoxesTable).picked(event)
        self.query_one(BoxMap).select(self.area)
        self.query_one(BoxPanel).show(as_seen(self.shown, self.view), self.game.ctx.scenario, self.area,
                                      not_seen(self.view))

    def after(self, command: dict) -> None:
        """Units moved or placed select the box they went to: the next move is offered from there."""
        if command.get("do") in ("move", "place"):
            self.area = command["to"]
            self.query_one(BoxesTable).pick(self.area)

    def _preview(self, command: dict) -> Text:
        """What a command would do, as the log would say it, or why it is refused."""
        try:
            return plain("; ".join(self.game.narrate(event) for event in self.game.preview(command)), "bold")
        except RefereeError as error:
            return plain(self.said(str(error)), "bold red")

    def _kinds(self, side: str | None) -> list[Field]:
        """A number field for each kind of counter of `side` (or either) in the selected box, all of those
        outside its minimum box offered."""
        here = [u for u in self.game.state.at(self.area) if side is None or u.side == side]
        outside = counted(u for u in here if not u.attrs["minimum"])
        return [Field(kind, f"{kind} ({built_up(kind, n)}" + (f", {n - outside.get(kind, 0)} in minimum)"
                                                              if outside.get(kind, 0) < n else ")"),
                      "number", default=outside.get(kind, 0)) for kind, n in counted(here).items()]

    def _units_form(self, title: str, do: str, side: str | None, extra: list[Field]) -> None:
        """A form moving or placing units of the selected box by kind and number (move, place): from the box it
        names, whatever is selected while it is open."""
        box, kinds = self.area, self._kinds(side)
        if not kinds:
            self.notify(f"No {side or ''} units in {self.place(box)}: select a box holding some".replace("  ", " "),
                        severity="warning")
            return
        ctx, state = self.game.ctx, self.game.state
        neighbours = ctx.scenario.board.neighbours(box)
        held = [u for u in state.at(box, POLICE) if u.attrs["minimum"]] if side != DEMONSTRATORS else []
        police = [Field("minimum", "Into the minimum box", "flag")] if side != DEMONSTRATORS else []
        if held:
            police.append(Field("from_minimum", "The platoons from the minimum box", "flag"))

        def chosen(v: dict) -> list[str] | dict[str, int]:
            wanted = {f.name: v[f.name] for f in kinds if v.get(f.name)}
            if v.get("from_minimum"):  # by id: a command by kind never takes a minimum box's platoons
                return [u.id for kind, n in wanted.items() for u in [p for p in held if forces.kind(p) == kind][:n]]
            return wanted

        def build(v: dict) -> dict:
            return {"do": do, "units": chosen(v), "from": box, "to": v["to"], "minimum": bool(v.get("minimum")),
                    **({"infiltrate": True} if v.get("infiltrate") else {})}

        def open_boxes(v: dict) -> tuple[Choices, Closed]:
            """The boxes the units chosen may go to, first; the rest closed by the rule that refuses them: beyond
            their movement factors (HOW TO MOVE UNITS 2, 4), the demonstrators' set-up outside a park (3)."""
            try:
                units = units_named(state, chosen(v), side, box)
            except RefereeError:
                units = []
            closed = closed_by(lambda to: movement.out_of_reach(ctx, state, units, to, bool(v.get("infiltrate")))
                               if do == "move" else movement.set_up_refused(ctx, units, to),
                               (to for _, to in self.places() if units and to != box))
            if units and not v.get("minimum") and not v.get("from_minimum"):
                closed[box] = f"the units are here already ({movement.MOVE if do == 'move' else movement.SET_UP})"
            return tuple(sorted(self.places(), key=lambda place: place[1] in closed)), closed

        fields = [*kinds, Field("to", "To", choices=self.places(), default=neighbours[0] if neighbours else box,
                                follows=open_boxes), *police, *extra]
        self.ask(title, fields, build, rolls=False, live=lambda v: self._preview(build(v)))

    # --- actions --------------------------------------------------------------------------

    def action_end_phase(self) -> None:
        self.send({"do": "end-phase"})

    def action_move(self) -> None:
        side = MOVER.get(self.game.state.phase)
        if side is None:
            self.notify("Units move in steps 1 and 3 (HOW TO PLAY)", severity="warning")
            return
        extra = [Field("infiltrate", "Infiltrate (double movement, no attack)", "flag")] if side == DEMONSTRATORS else []
        self._units_form(f"Move {side} units from {self.place(self.area)} (HOW TO MOVE UNITS)", "move", side, extra)

    def action_place(self) -> None:
        if self.game.state.local["begun"]:
            self.notify("The set-up may change only before the first move (HOW TO SET UP THE GAME)", severity="warning")
            return
        self._units_form(f"Set-up: place units from {self.place(self.area)} (HOW TO SET UP THE GAME 3-4)", "place", None, [])

    def action_conflict(self) -> None:
        state = self.game.state
        side = FIGHTER.get(state.phase)
        if side is None:
            self.notify("Conflict is resolved in steps 2 and 4 (HOW TO PLAY)", severity="warning")
            return
        boxes = contested(self.game.ctx, state)
        if not boxes:
            self.notify(f"No box where the {side} may still fight: none with units free to attack, units to attack "
                        "and odds of 1:1 or better (HOW TO RESOLVE CONFLICT)", severity="warning")
            return
        node = self.area if self.area in boxes else boxes[0]  # the selected box, else the first contested
        attack, defend = fighters(state, node, side)
        fields = []
        if side == POLICE:
            fields = [Field("table", "Table", choices=TABLES),
                      Field("attack", "Attack with", "many", tuple((_label(u), u.id) for u in attack),
                            default=tuple(u.id for u in attack)),
                      Field("defend", "Attack", "many", tuple((_label(u), u.id) for u in defend),
                            default=tuple(u.id for u in defend))]

        listed = {"attack": [u.id for u in attack], "defend": [u.id for u in defend]}

        def build(v: dict) -> dict:  # in the box's order, whatever order they were ticked in (ATTRITION RULE)
            return {"do": "conflict", "box": node, "table": v.get("table", tables.HARASS),
                    **({key: [uid for uid in listed[key] if uid in v[key]] for key in listed} if side == POLICE else {})}

        def chances(v: dict) -> Text:
            command = build(v)
            try:
                ctx = self.game.ctx
                return odds_text(odds(declared(ctx, state, command)[3], tables.of(ctx.scenario)), command["table"])
            except RefereeError as refusal:
                return plain(self.said(str(refusal)), "bold red")

        note = "" if side == POLICE else ("Green attacks with all its units but those infiltrating, on HARASS, all "
                                          "blue units outside the minimum box (HOW TO RESOLVE CONFLICT 1-2); at 5:1 "
                                          "or better on police the police then roll ASSAULT at 1:1 (7).")
        code = board.codes(self.game.ctx.scenario.board)[node]
        self.ask(f"Conflict in {self.place(node)} (P{code.police}/D{code.demonstrators}): the {side} attack", fields, build,
                 note=note, live=chances)

    def action_guard_in(self) -> None:
        state = self.game.state
        barred = movement.guard_barred(state)
        if barred:
            self.notify(why(barred), severity="warning")
            return
        free = sum(u.type == "guard" and u.status == forces.OFF_MAP for u in state.units.values())
        note = (f"{free} Guard companies off the board; green leads {state.scores[DEMONSTRATORS]} to "
                f"{state.scores[POLICE]}: the Guard comes in only while green leads, +2 green a company (NATIONAL GUARD).")
        self.ask("Bring in the National Guard", [Field("units", "Companies", "number", default=1),
                                                 Field("to", "To", choices=self.places(), default=self.area)],
                 lambda v: {"do": "guard", "units": v["units"], "to": v["to"]}, note=note, rolls=False)

    def action_guard_out(self) -> None:
        guard = [u for u in self.game.state.units.values() if u.type == "guard" and u.status == ACTIVE]
        if not guard:
            self.notify("No National Guard company is on the board", severity="warning")
            return
        guard.sort(key=lambda u: (u.node != self.area, u.node or "", u.id))
        self.ask("Take out the National Guard (+1 green a company)",
                 [Field("units", "Companies", "many", tuple((_label(u, self.place(u.node)), u.id) for u in guard))],
                 lambda v: {"do": "guard-out", "units": v["units"]}, rolls=False)


def _label(unit: Unit, where: str = "") -> str:
    """A counter as a form lists it: its id (its kind), its conflict strength, and where it is (`where`, its box's
    name), if given."""
    return f"{unit.id}: strength {unit.attrs['strength']}" + (f", {where}" if where else "")
