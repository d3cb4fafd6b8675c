"""The main screen of a Wallman session: the places, the crowd panel, one place in full, the log; every
umpire action a key away, each asking for what it needs in a small form."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog

from referee.core.units import ACTIVE
from referee.rules.todo import Item
from referee.rulesets.wallman.rules.care import lying
from referee.rulesets.wallman.rules.clashes import GAS, GAS_CARRIERS
from referee.rulesets.wallman.rules.crowds import near, situation
from referee.rulesets.wallman.rules.fighting import INTENTS
from referee.rulesets.wallman.rules.moves import crowd_move_refused, out_of_reach
from referee.rulesets.wallman.rules.phases import CROWD
from referee.rulesets.wallman.rules.rolls import owed
from referee.rulesets.wallman.rules.setup import tables
from referee.rulesets.wallman.rules.todo import todo
from referee.rulesets.wallman.tui.actions import RIOT_ACTIONS
from referee.rulesets.wallman.tui.widgets import CrowdsTable, PlacePanel, PlacesTable
from referee.text import printable
from referee.tui.dialogs.form import Choices, Closed, Field, closed_by
from referee.tui.screens.umpire import UmpireScreen, bindings
from referee.tui.widgets.footer import KeysFooter
from referee.tui.widgets.status_bar import StatusBar

KEYS = (
    ("arrows, mouse", "move in the places and crowd tables; the selected crowd and place are what the actions act on"),
    ("tab", "move between the places, the crowds and the log"),
    ("in a form", "tab between the fields, space to tick, enter or ctrl+s to apply, escape to cancel"),
)


def _pairs(values) -> tuple[tuple[str, str], ...]:
    return tuple((str(value), value) for value in values)


class RiotScreen(UmpireScreen):
    """Everything the umpire of a riot needs: where the crowds are and how riled, and every action."""

    ACTIONS = RIOT_ACTIONS
    KEYS = KEYS
    BINDINGS = bindings(RIOT_ACTIONS)

    def __init__(self, session):
        super().__init__(session)
        state = self.game.state
        crowds = [u for u in state.units.values() if u.side == "crowd" and u.status == ACTIVE]
        self.crowd = crowds[0].id if crowds else None
        self.place = crowds[0].node if crowds else next(iter(self.game.ctx.scenario.board.nodes))
        self.unit: str | None = None  # the security unit `n` named last (an officer yet to act)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield CrowdsTable(id="crowds")
        with Horizontal(id="riot-lower"):
            yield PlacesTable(id="places")
            with Vertical(id="riot-side"):
                yield PlacePanel(id="place")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load_log()
        self.refresh_view()
        self.query_one(CrowdsTable).focus()

    def refresh_view(self) -> None:
        scenario, state = self.game.ctx.scenario, self.shown
        note = self.status_note() if self.history or not self.viewing else f"as {self.viewing} knows it (v: next)"
        self.query_one(StatusBar).show(self.game, self.table_dice, note, state, self.ending(), self.todo_shown())
        if self.view:
            self.query_one(PlacesTable).show_view(scenario, self.view)
            self.query_one(CrowdsTable).show_view(self.view)
            self.query_one(PlacePanel).show_view(scenario, self.view, self.place)
            return
        self.query_one(PlacesTable).show(scenario, state)
        self.query_one(CrowdsTable).show(self.game.ctx, state, {} if self.history else owed(state))
        if self.crowd and (self.crowd not in state.units or state.units[self.crowd].status != ACTIVE):
            self.crowd = None
        self.query_one(PlacePanel).show(self.game.ctx, state, self.place)

    def checklist(self) -> tuple[Item, ...]:
        return todo(self.game.ctx, self.game.state)

    def selected_place(self) -> str:
        return self.place

    def go_to(self, item: Item) -> None:
        """The crowd named selected (due to roll, or to move), and its place; else the unit named (an officer to act)
        and its place."""
        self.unit = item.subject
        named = self.game.state.units.get(item.subject)
        if named is not None and named.side == CROWD:
            self.crowd = item.subject
            self.query_one(CrowdsTable).move_cursor(row=self.query_one(CrowdsTable).get_row_index(item.subject))
        self.place = item.node or self.place
        self.query_one(PlacesTable).move_cursor(row=self.query_one(PlacesTable).get_row_index(self.place))
        self._show_place()

    @on(PlacesTable.Picked)
    def _picked_place(self, event: PlacesTable.Picked) -> None:
        if not self.query_one(PlacesTable).has_focus:  # only the umpire's own move in the table picks a place
            return
        self.place = event.key
        self._show_place()

    @on(CrowdsTable.Picked)
    def _picked_crowd(self, event: CrowdsTable.Picked) -> None:
        self.crowd = event.key
        if not self.viewing:  # the umpire's truth; a player's view keeps the place he picked
            self.place = self.shown.units[event.key].node or self.place
        self._show_place()

    def _show_place(self) -> None:
        panel = self.query_one(PlacePanel)
        if self.view:
            panel.show_view(self.game.ctx.scenario, self.view, self.place)
        else:
            panel.show(self.game.ctx, self.shown, self.place)

    def _selected_crowd(self):
        """The crowd the actions act on: the one selected if it stands at the selected place, else the first crowd
        there (then selected); none, with a warning, at a place without crowds."""
        state = self.game.state
        if self.crowd is not None and state.units[self.crowd].node == self.place:
            return state.units[self.crowd]
        here = state.at(self.place, "crowd")
        if not here:
            self.notify(f"No crowd at {self.place}: select one (in the crowd panel)", severity="warning")
            return None
        self.crowd = here[0].id
        return here[0]

    def _units(self, where: set[str] | None = None, types: tuple[str, ...] | None = None) -> tuple[tuple[str, str], ...]:
        """Security units on the table (at `where`, of `types`), those at the selected place first."""
        found = [u for u in self.game.state.units.values() if u.side == "security" and u.status == ACTIVE
                 and (where is None or u.node in where) and (types is None or u.type in types)]
        found.sort(key=lambda u: (u.node != self.place, u.node or "", u.id))
        types_of = self.game.ctx.scenario.types
        return tuple((f"{u.id} ({types_of[u.type].label if u.type in types_of else u.type}, {u.node})", u.id)
                     for u in found)

    def _buildings(self, node: str, burning: bool = False) -> tuple[tuple[str, str], ...]:
        local = self.game.state.local["buildings"]
        return tuple((name, name) for name, b in self.game.ctx.scenario.board.buildings.items()
                     if b.node == node and (not burning or local[name]["fires"]))

    def _need(self, choices: tuple, what: str) -> bool:
        if not choices:
            self.notify(f"No {what} here", severity="warning")
        return bool(choices)

    # --- actions --------------------------------------------------------------------------

    def action_end_phase(self) -> None:
        if self.table_dice and self.game.state.phase == "assessment":
            self.ask("End the turn: the fires burn", [], lambda v: {"do": "end-phase"})
        else:
            self.send({"do": "end-phase"})

    def action_move(self) -> None:
        units = self._units()
        if self._need(units, "security units"):
            ctx, state = self.game.ctx, self.game.state
            board = ctx.scenario.board

            def places(v: dict) -> tuple[Choices, Closed]:
                """The places the unit chosen can get to, those next to it first and marked so; the rest closed by
                the rule that refuses them (Movement: past the crowds, how far it covers, running or not)."""
                unit = state.units[v["unit"]]
                nearby = tuple(board.adjacency.get(unit.site, ()))
                closed = closed_by(lambda to: out_of_reach(ctx, state, unit, to, bool(v.get("run"))), board.nodes)
                order = sorted((*nearby, *(n for n in board.nodes if n not in nearby)), key=lambda node: node in closed)
                return tuple((f"{node} (next to {unit.site})" if node in nearby else node, node) for node in order), closed

            first = places({"unit": units[0][1]})  # the first unit offered: the selected place's, if any
            self.ask("Move a unit", [Field("unit", "Unit", choices=units),
                                      Field("to", "To", choices=first[0], closed=first[1], follows=places),
                                      Field("run", "Run (an officer's action)", "flag")],
                     lambda v: {"do": "move", "unit": v["unit"], "to": v["to"], "run": v["run"]}, rolls=False)

    def action_drift(self) -> None:
        crowd = self._selected_crowd()
        if crowd:
            self.ask(f"Drift {crowd.id}", [], lambda v: {"do": "drift", "crowd": crowd.id}, confirm=True,
                     note=f"{crowd.id} (RL {crowd.attrs['rl']}) at {crowd.node}")

    def action_crowd_move(self) -> None:
        crowd = self._selected_crowd()
        if crowd:
            ctx, state = self.game.ctx, self.game.state
            nearby = ctx.scenario.board.adjacency[crowd.node]
            closed = closed_by(lambda to: crowd_move_refused(ctx, state, crowd, to), nearby)
            self.ask(f"Move {crowd.id}", [Field("to", "To", choices=_pairs(nearby), closed=closed)],
                     lambda v: {"do": "crowd-move", "crowd": crowd.id, "to": v["to"]}, rolls=False)

    def action_rl(self) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        chart = tables(self.game.ctx).rl.modifiers
        own = situation(self.game.ctx, self.game.state, crowd)
        counted = "; ".join(f"{chart[name].label} x{count} ({chart[name].value * count:+d})" for name, count in own.items())
        choices = tuple((f"{m.label} ({m.value:+d})", name) for name, m in chart.items() if name not in own)
        self.ask(f"Roll RL for {crowd.id} (RL {crowd.attrs['rl']})",
                 [Field("modifiers", "Factors", "many", choices), Field("why", "Why", "text", default="")],
                 lambda v: {"do": "rl", "crowd": crowd.id, "modifiers": {name: 1 for name in v["modifiers"]},
                            "why": v["why"]},
                 note="Counted by themselves from the map: " + (counted or "nothing"))

    def action_negotiate(self) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        officers = self._units(near(self.game.ctx, crowd.node), ("officer",))
        if self._need(officers, "officer in earshot"):
            self.ask(f"Negotiate with {crowd.id}", [
                Field("officer", "Officer", choices=officers),
                Field("megaphone", "Megaphone or PA", "flag"),
                Field("discretion", "Umpire's discretion", choices=(("0", 0), ("+1 (a good point)", 1), ("-1 (a bad one)", -1)))],
                lambda v: {"do": "negotiate", "officer": v["officer"], "crowd": crowd.id, "megaphone": v["megaphone"],
                           "discretion": v["discretion"]})

    def action_fight(self) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        units = self._units({crowd.node})
        factors = tuple((f"{m.label} ({m.value:+d})", name) for name, m in tables(self.game.ctx).fight.modifiers.items()
                        if m.group not in ("Figure",))
        if self._need(units, "security unit in contact"):
            self.ask(f"Fight {crowd.id} at {crowd.node}", [
                Field("unit", "Unit", choices=units), Field("intent", "Intent", choices=_pairs(INTENTS)),
                Field("charging", "Charging (mounted)", "flag"), Field("defending", "Set upon (not his action)", "flag"),
                Field("ours", "Our man's factors", "many", factors), Field("theirs", "Their man's factors", "many", factors)],
                lambda v: {"do": "fight", "unit": v["unit"], "crowd": crowd.id, "intent": v["intent"],
                           "charging": v["charging"], "defending": v["defending"], "modifiers": v["ours"],
                           "crowd_modifiers": v["theirs"]}, sides=tables(self.game.ctx).fight.die)

    def action_order(self) -> None:
        officers = self._units({self.place}, ("officer",))
        if self._need(officers, "officer at the selected place"):
            named = [uid for _, uid in officers]
            first = self.unit if self.unit in named else named[0]  # the officer `n` named, else the first here
            hearers = self._units(near(self.game.ctx, self.place))

            def others(v: dict) -> tuple[Choices, Closed]:
                """Whom the officer chosen may speak to: anyone in earshot but himself."""
                return tuple(choice for choice in hearers if choice[1] != v["officer"]), {}

            self.ask(f"Order or talk at {self.place}", [
                Field("officer", "Officer", choices=officers, default=first),
                Field("to", "To", choices=others({"officer": first})[0], follows=others),
                Field("text", "Says", "text", default=""), Field("megaphone", "Megaphone (the next place)", "flag")],
                lambda v: {"do": "order", "officer": v["officer"], "to": v["to"], "text": v["text"],
                           "megaphone": v["megaphone"]}, rolls=False)

    def action_shoot(self) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        armed = tuple(tables(self.game.ctx).firearms.to_hit)
        units = self._units(near(self.game.ctx, crowd.node), armed)
        if self._need(units, "armed unit in sight"):
            self.ask(f"Fire on {crowd.id}", [Field("unit", "Unit", choices=units), Field("firers", "Firers", "number", default=1),
                                             Field("automatic", "Automatic fire", "flag")],
                     lambda v: {"do": "shoot", "unit": v["unit"], "crowd": crowd.id, "firers": v["firers"],
                                "automatic": v["automatic"]})

    def action_gas(self) -> None:
        units = self._units(near(self.game.ctx, self.place), GAS_CARRIERS)
        if self._need(units, "riot-equipped unit near the selected place"):
            self.ask(f"Gas into {self.place}", [Field("unit", "Unit", choices=units), Field("kind", "Gas", choices=_pairs(GAS))],
                     lambda v: {"do": "gas", "unit": v["unit"], "at": self.place, "kind": v["kind"]}, rolls=False)

    def _crowd_deed(self, verb: str, title: str) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        buildings = self._buildings(crowd.node)
        if self._need(buildings, "building where the crowd stands"):
            self.ask(f"{title}: {crowd.id}", [Field("building", "Building", choices=buildings)],
                     lambda v: {"do": verb, "crowd": crowd.id, "building": v["building"]})

    def action_damage(self) -> None:
        self._crowd_deed("damage", "Property damage")

    def action_loot(self) -> None:
        self._crowd_deed("loot", "Looting")

    def action_fire(self) -> None:
        buildings = self._buildings(self.place)
        crowds = tuple((u.id, u.id) for u in self.game.state.at(self.place, "crowd"))
        if self._need(buildings, "building at the selected place"):
            self.ask(f"Start a fire at {self.place}", [Field("building", "Building", choices=buildings),
                                                       Field("by", "Set by", choices=(("the umpire's word", ""),) + crowds)],
                     lambda v: {"do": "fire", "building": v["building"], **({"crowd": v["by"]} if v["by"] else {})},
                     rolls=False)

    def action_firefight(self) -> None:
        engines = self._units({self.place}, ("firefighters",))
        if not self._need(engines, "fire engine at the selected place"):
            return
        burning = self._buildings(self.place, burning=True)
        fields = [Field("engine", "Engine", choices=engines),
                  Field("act", "Do", choices=(("fight the fire", "firefight"), ("connect to a hydrant", "hydrant")))]
        if burning:
            fields.append(Field("building", "Building", choices=burning))
        self.ask(f"Fire crews at {self.place}", fields,
                 lambda v: {"do": v["act"], "engine": v["engine"],
                            **({"building": v["building"]} if v["act"] == "firefight" else {})})

    def action_treat(self) -> None:
        medics = self._units({self.place}, ("paramedics",))
        down = tuple((f"{cid}: {c['state']} ({c['of']})" + (f", {c['triage']}" if c["triage"] else ""), cid)
                     for cid, c in self.game.state.local["casualties"].items() if c["node"] == self.place and lying(c))
        if self._need(medics, "paramedics at the selected place") and self._need(down, "casualty at the selected place"):
            self.ask(f"Casualties at {self.place}", [
                Field("medic", "Paramedics", choices=medics),
                Field("act", "Do", choices=(("assess (triage)", "triage"), ("take to hospital", "evacuate"))),
                Field("who", "Casualties", "many", down, default=(down[0][1],))],
                lambda v: {"do": "triage", "medic": v["medic"], "casualty": (v["who"] or [""])[0]} if v["act"] == "triage"
                else {"do": "evacuate", "ambulance": v["medic"], "casualties": v["who"]})

    def action_overreaction(self) -> None:
        chart = tables(self.game.ctx).overreaction
        units = self._units(types=tuple(chart.types))  # only those the chart has a factor for
        if not self._need(units, "unit the over-reaction test applies to"):
            return
        factors = tuple((f"{m.label} ({m.value:+d})", name) for name, m in chart.modifiers.items())
        self.ask("Over-reaction test", [Field("unit", "Unit", choices=units), Field("factors", "Factors", "many", factors)],
                 lambda v: {"do": "overreaction", "unit": v["unit"], "modifiers": {name: 1 for name in v["factors"]}})

    def action_snipe(self) -> None:
        self.ask("Sniper", [Field("from", "Firing from", choices=_pairs(self.game.ctx.scenario.board.nodes), default=self.place),
                            Field("target", "Target", choices=self._units())],
                 lambda v: {"do": "snipe", "from": v["from"], "target": v["target"]})

    def action_return_fire(self) -> None:
        units = self._units(near(self.game.ctx, self.place), tuple(tables(self.game.ctx).firearms.to_hit))
        if self._need(units, "armed unit in sight of the selected place"):
            self.ask(f"Return fire at a sniper in {self.place}", [Field("unit", "Unit", choices=units)],
                     lambda v: {"do": "return-fire", "unit": v["unit"], "at": self.place})

    def action_split(self) -> None:
        crowd = self._selected_crowd()
        if crowd:
            half, strength = crowd.factors["strength"] // 2, crowd.factors["strength"]
            self.ask(f"Split {crowd.id}", [Field("figures", "Figures that go", "number", default=half),
                                           Field("new", "Name of the new crowd", "text", default=f"{printable(crowd.id)} (2)"),
                                           Field("looters", "Hidden looters with it", "number",
                                                 default=max(crowd.attrs["looters"] - (strength - half), 0))],
                     lambda v: {"do": "split", "crowd": crowd.id, "figures": v["figures"], "new": v["new"],
                                "looters": v["looters"]}, rolls=False)

    def action_merge(self) -> None:
        crowd = self._selected_crowd()
        if not crowd:
            return
        others = tuple((u.id, u.id) for u in self.game.state.at(crowd.node, "crowd") if u.id != crowd.id)
        if self._need(others, "other crowd in the same place"):
            self.ask(f"Merge {crowd.id}", [Field("into", "Into", choices=others)],
                     lambda v: {"do": "merge", "crowd": crowd.id, "into": v["into"]}, rolls=False)

