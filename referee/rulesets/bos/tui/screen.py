"""The main screen of a Battle of Seattle session: the map, the areas, the game's record and the log; every
umpire action a key away, each asking for what it needs in a small form."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog

from referee.core.dice import Dice, TableDice
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError, Refusal
from referee.rules.todo import Item
from referee.rulesets.bos.rules import combat, emergency, forces, movement, reinforcement
from referee.rulesets.bos.rules.arrivals import losable, placeable
from referee.rulesets.bos.rules.fighting import attackers_together, declared, escalation_refused
from referee.rulesets.bos.rules.movement import POOL, paths
from referee.rulesets.bos.rules.odds import odds
from referee.rulesets.bos.rules.phases import FIGHTER, MOVER, REACTOR
from referee.rulesets.bos.rules.sequence import extendable
from referee.rulesets.bos.rules.todo import contested, fresh, todo
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES, other
from referee.rulesets.bos.tui.actions import ACTIONS
from referee.rulesets.bos.tui.widgets import (
    LEGEND,
    SHORT,
    STAGES,
    AreaMap,
    AreaPicked,
    AreasTable,
    RecordPanel,
    ei_by_turn,
    unit_label,
)
from referee.tui.dialogs.form import Choices, Closed, Field, closed_by, why
from referee.tui.screens.areas import AreasScreen
from referee.tui.screens.umpire import bindings
from referee.tui.seen import as_seen, not_seen
from referee.tui.text import plain
from referee.tui.widgets.footer import KeysFooter
from referee.tui.widgets.status_bar import StatusBar

NAMES = {kind: name for kind, name, _ in forces.MANIFEST}
"""Each unit type as the Counter Manifest numbers its counters ("National Guard")."""
UNROLLED = (("all that the dice give", -1), ("none", 0))
"""How many of the units due a side takes (4.21) before the dice say how many are due: all of them, or none."""


def taken(due: int) -> Choices:
    """How many of `due` units a side takes (4.21): all of them, none, or fewer (declining the rest)."""
    return ((f"all {due}", -1), ("none", 0), *((str(n), n) for n in range(1, due)))


FATES = {combat.STAYS: "stays", combat.OFF_MAP: "off-map pile", combat.RESERVE: "Reserve Pool",
         combat.REMOVED: "out of the game"}
"""Each fate as the combat form says it (6.3, 6.4)."""


def _entry(entry: reinforcement.Entry) -> str:
    return f"+{entry.dice}d6" if entry.dice else f"{entry.fixed:+d}"


def _sixths(chance: Fraction) -> str:
    return f"{chance * 6}/6" if chance else "0"


def odds_text(found) -> Text:
    """A combat's chances: each result of both rolls in sixths of the die, each Morale Check's, each unit's fate."""
    text = Text()
    for label, roll in (("Attack", found.attack), ("Counterattack", found.counterattack)):
        text.append(f"{label} CF {roll.cf} ({roll.column}): ", style="bold")
        text.append("  ".join(f"{result} {_sixths(chance)}" for result, chance in roll.chances.items()) + "\n")
    text.append("Morale Check passed: ", style="bold")
    text.append(", ".join(f"{uid} {_sixths(chance)}" for uid, chance in found.passes.items()))
    for uid, fates in found.fates.items():
        text.append(f"\n{uid}: ", style="bold")
        text.append(", ".join(f"{FATES[fate]} {float(chance):.1%}" for fate, chance in fates.items() if chance))
    return text


class SeattleScreen(AreasScreen):
    """Where every unit stands, both Exposure Indices and what waits off the map, and every umpire action."""

    ACTIONS = ACTIONS
    KEYS = (
        ("map", LEGEND),
        ("units", "counted by type: " + ", ".join(f"{short} {NAMES[kind]}" for kind, short in SHORT.items()
                                                  if short != NAMES[kind])),
        ("arrows, mouse", "move in the areas table: the selected area is where combat is fought and what forms offer first"),
        ("tab", "move between the areas and the log"),
        ("in a form", "tab between the fields, space to tick, enter or ctrl+s to apply, escape to cancel"),
    )
    BINDINGS = bindings(ACTIONS)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="bos-main"):
            with Vertical(id="bos-left"):
                yield AreaMap(self.game.ctx.scenario.board, self.place, id="bos-map")
                yield AreasTable(self.place, id="bos-areas")
            with Vertical(id="bos-right"):
                yield RecordPanel(id="bos-record")
                yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=5000, min_width=20)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.load_log()
        self.refresh_view()
        self.query_one(AreasTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The extension is offered only once play stops at the end of turn 8 (2.4, 8.0)."""
        return parameters != ("extend",) or extendable(self.game.state)  # its key runs `act('extend')`

    def refresh_view(self) -> None:
        self.refresh_bindings()
        state, board = self.shown, self.game.ctx.scenario.board
        note = self.viewing_note() if self.viewing and not self.history else self.status_note()
        self.query_one(StatusBar).show(self.game, self.table_dice, note, state, self.ending(), self.todo_shown())
        state, unseen = as_seen(state, self.view), not_seen(self.view)
        self.query_one(AreaMap).show(state, self.area, unseen)
        self.query_one(AreasTable).show(board, state, unseen)
        self.query_one(RecordPanel).show(state, self.from_log(ei_by_turn), unseen)

    def checklist(self) -> tuple[Item, ...]:
        return todo(self.game.ctx, self.game.state)

    @on(AreaPicked)
    def _picked(self, event: AreaPicked) -> None:
        self.area = self.query_one(AreasTable).picked(event)
        self.query_one(AreaMap).select(self.area)

    def after(self, command: dict) -> None:
        """A unit placed selects its area: the next placement is offered the same one."""
        if command.get("do") == "place":
            self.area = command["to"]
            self.query_one(AreasTable).pick(self.area)

    def _units(self, side: str, wanted) -> tuple[tuple[str, str], ...]:
        """A side's units that pass `wanted`, those in the selected area first, as a form's choices."""
        units = [u for u in self.game.state.units.values() if u.side == side and wanted(u)]
        units.sort(key=lambda u: (u.node != self.area, u.node is None, u.node or "", u.id))
        return tuple((unit_label(u, self.place), u.id) for u in units)

    def _need(self, choices: tuple, why: str) -> bool:
        if not choices:
            self.notify(why, severity="warning")
        return bool(choices)

    # --- actions --------------------------------------------------------------------------

    def action_end_phase(self) -> None:
        self.send({"do": "end-phase"})

    def action_events(self) -> None:
        if self.table_dice:
            self.ask("Roll the random event (tens, then ones)", [], lambda v: {"do": "events"})
        else:
            self.send({"do": "events"})

    def action_reinforce(self) -> None:
        state, options = self.game.state, self.game.ctx.options
        protester, authority = state.scores[PROTESTER], state.scores[AUTHORITY]
        column = reinforcement.band(protester)
        spd = reinforcement.spd_due(authority, options.get("spd_row", reinforcement.TABLE_READING))
        note = (f"Protester EI {protester}: Groups {_entry(reinforcement.GROUPS[column])}, Crowds "
                f"{_entry(reinforcement.CROWDS[column])}, drawn at random; Authority EI {authority}: SPD {spd:+d}. "
                "A side may decline units, never a removal (4.21).")
        removing = [kind for kind, due in (("group", reinforcement.GROUPS[column].fixed),
                                           ("crowd", reinforcement.CROWDS[column].fixed), ("spd", spd)) if due < 0]
        fields = self._taking(protester)
        if spd > 0:
            fields.append(Field("spd", f"SPD units to take ({spd} due)", choices=taken(spd)))
        if removing:
            choices = self._units(PROTESTER, lambda u: u.status == ACTIVE and TYPES[u.type].kind in removing)
            choices += self._units(AUTHORITY, lambda u: u.status == ACTIVE and u.type in removing)
            fields.append(Field("remove", "Units removed", "many", choices))
        self.ask("Reinforcements (4.21)", fields, lambda v: {
            "do": "reinforce", "take": {kind: v[kind] for kind in ("group", "crowd", "spd") if v.get(kind, -1) >= 0},
            **({"remove": v["remove"]} if "remove" in v else {})}, note=note)

    def _taking(self, protester: int) -> list[Field]:
        """How many of the Groups and Crowds due the Protester takes (4.21), asked once the dice say how many
        are due: the generator's next dice are known; dice typed in at the table are read as they are typed."""
        def due(dice: Dice) -> dict[str, int] | None:
            try:
                return reinforcement.protester_due(protester, dice)
            except RefereeError:  # not all the dice typed in yet
                return None

        column = reinforcement.band(protester)
        kinds = {GROUP: ("Groups", reinforcement.GROUPS[column]), CROWD: ("Crowds", reinforcement.CROWDS[column])}
        known = None if self.table_dice else due(self.game.dice.copy())
        if known is not None:
            return [Field(kind, f"{label} to take ({known[kind]} due)", choices=taken(known[kind]))
                    for kind, (label, _) in kinds.items() if known[kind] > 0]

        def rolled(kind: str) -> Callable[[dict], tuple[Choices, Closed]]:
            def offered(v: dict) -> tuple[Choices, Closed]:
                found = due(TableDice(v.get("dice") or []))
                return (taken(found[kind]) if found else UNROLLED), {}
            return offered

        return [Field(kind, f"{label} to take", choices=UNROLLED, follows=rolled(kind))
                for kind, (label, entry) in kinds.items() if entry.dice or entry.fixed > 0]

    def action_place(self) -> None:
        state = self.game.state
        units = tuple((unit_label(state.units[uid], self.place), uid) for uid in placeable(state))
        if self._need(units, "No Protester reinforcement waits to be placed (4.2)"):
            self.ask("Place a Protester unit (4.2)", [Field("unit", "Unit", choices=units),
                                                      Field("to", "In", choices=self.places(), default=self.area)],
                     lambda v: {"do": "place", "unit": v["unit"], "to": v["to"]}, rolls=False)

    def action_emergency(self) -> None:
        state = self.game.state
        kinds = ("spd", "national_guard", "state_trooper")
        left = {kind: sum(u.type == kind and u.status == forces.OFF_MAP for u in state.units.values()) for kind in kinds}
        note = (f"-4 Authority EI a unit. SPD reach the Reserve Pool now, State Troopers and National Guard on turn "
                f"{state.turn + 2} (4.22). Off-map: " + ", ".join(f"{n} {SHORT[kind]}" for kind, n in left.items()))
        self.ask("Emergency reinforcements (4.22)",
                 [Field(kind, NAMES[kind], "number", default=0, barred=why(emergency.barred(kind, state.local["stage"])))
                  for kind in kinds],
                 lambda v: {"do": "emergency", "units": {kind: v[kind] for kind in kinds}}, note=note, rolls=False)

    def action_lose(self) -> None:
        state = self.game.state
        units = tuple((unit_label(state.units[uid], self.place), uid) for uid in losable(state))
        if self._need(units, "No random event this turn makes a side remove a unit (4.1)"):
            self.ask("The unit the random event removes (4.1)", [Field("unit", "Unit", choices=units)],
                     lambda v: {"do": "lose", "unit": v["unit"]}, rolls=False)

    def _way(self, unit: Unit, to: str) -> list[str] | None:
        """The path a move to `to` takes: the Reserve Pool, from it, or the shortest way along the lines (None)."""
        if to == POOL or unit.status == forces.RESERVE:
            return [to]
        return paths(self.game.ctx, self.game.state, unit).get(to)

    def action_move(self) -> None:
        state = self.game.state
        side = MOVER.get(state.phase) or REACTOR.get(state.phase)
        if side is None:
            self.notify("Units move in the Movement and Reaction Movement Phases (3.3)", severity="warning")
            return
        units = self._units(side, lambda u: u.id not in state.local["moved"] and (
            u.status == ACTIVE or (u.side == AUTHORITY and u.status == forces.RESERVE)))
        if not self._need(units, f"No {side} unit is left to move this phase"):
            return
        places = self.places() + ((("the Reserve Pool", POOL),) if side == AUTHORITY else ())

        def way(v: dict) -> Text:
            unit = state.units[v["unit"]]
            path = self._way(unit, v["to"])
            if v["to"] == unit.node:
                return plain(f"{unit.id} is in {self.place(unit.node)}: pick where it goes", "italic")
            if path is None:
                return plain(f"{self.place(v['to'])} is beyond {unit.id}'s reach along the Transit Lines "
                             f"(Movement Factor {TYPES[unit.type].movement}, 5.0)", "bold red")
            return plain(" → ".join(self.place(node) if node != POOL else "the Reserve Pool"
                                    for node in [unit.node or POOL, *path]), "bold")

        def reachable(v: dict) -> tuple[Choices, Closed]:
            """Where the unit chosen may go now, first; the rest closed by the rule that refuses the move (5.0,
            5.1's one area and Reaction Move Limit, 5.2)."""
            unit = state.units[v["unit"]]
            closed = closed_by(lambda to: movement.refused(self.game.ctx, state, unit, to), (to for _, to in places))
            return tuple(sorted(places, key=lambda place: place[1] in closed)), closed

        self.ask("Move a unit (5.0, 5.1)", [Field("unit", "Unit", choices=units),
                                            Field("to", "To", choices=places, default=self.area, follows=reachable)],
                 lambda v: {"do": "move", "unit": v["unit"], "path": self._way(state.units[v["unit"]], v["to"]) or [v["to"]]},
                 rolls=False, live=way)

    def action_barricade(self) -> None:
        state = self.game.state
        units = self._units(PROTESTER, lambda u: u.status == ACTIVE and u.id not in state.local["moved"])
        if self._need(units, "No Protester unit on the map is left to move this phase"):
            closed = closed_by(lambda uid: movement.barricade_refused(state, state.units[uid]), (uid for _, uid in units))
            self.ask("Build a barricade (7.2)", [Field("unit", "Unit", choices=units, closed=closed)],
                     lambda v: {"do": "barricade", "unit": v["unit"]},
                     note="Instead of moving: 1d6, a Group builds on 1, a Crowd on 1 or 2 (7.2).")

    def action_combat(self) -> None:
        state = self.game.state
        side = FIGHTER.get(state.phase)
        if side is None:
            self.notify("Combat takes place in a Combat Phase (3.33, 6.1)", severity="warning")
            return
        def ready(node: str, of: str) -> tuple[tuple[str, str], ...]:
            return tuple((unit_label(u, self.place), u.id) for u in fresh(state, node, of))

        areas = contested(self.game.ctx, state, side)
        if not self._need(tuple(areas), "No area holds units of both sides still free to fight (6.1)"):
            return
        node = self.area if self.area in areas else areas[0]  # the selected area, else the first contested
        ours, theirs = ready(node, side), ready(node, other(side))
        together = tuple(attackers_together(state, side, fresh(state, node, side)))
        fields = [Field("attackers", "Attackers", "many", ours, default=together),
                  Field("defenders", "Defenders", "many", theirs, default=tuple(uid for _, uid in theirs))]
        if side == AUTHORITY:
            events = declared(state, side, node, {"attackers": [], "defenders": []}).events
            fields.append(Field("munitions", "Special Munitions", "many", ours,
                                barred=why(combat.munitions_barred(state.local["stage"], events))))
        fields += [Field("attack", "Attack's pick", choices=(("the first defender", ""), *theirs)),
                   Field("counterattack", "Counterattack's pick", choices=(("the first attacker", ""), *ours))]
        if side == AUTHORITY:
            fields.append(Field("group_ei", "Per Group removed", choices=(("+2 Authority EI", AUTHORITY),
                                                                          ("-2 Protester EI", PROTESTER))))

        def build(v: dict) -> dict:
            return {"do": "combat", "attackers": v["attackers"], "defenders": v["defenders"],
                    "munitions": v.get("munitions", []),
                    "choices": {roll: v[roll] for roll in ("attack", "counterattack") if v[roll]},
                    "group_ei": v.get("group_ei", AUTHORITY)}

        def chances(v: dict) -> Text:
            try:
                return odds_text(odds(declared(state, side, node, build(v))))
            except Refusal as refusal:
                return plain(self.said(str(refusal)), "bold red")

        self.ask(f"Combat in {self.place(node)}: the {side} attacks (6.1)", fields, build, live=chances)

    def action_extend(self) -> None:
        self.ask("Extend the game (2.4, 8.0)", [], lambda v: {"do": "extend"}, rolls=False,
                 note="Both players agree to play on to the end of the Afternoon, 3 December game-turn (11 turns).")

    def action_escalate(self) -> None:
        stage = self.game.state.local["stage"] + 1
        if stage > max(STAGES):
            self.notify("Stage Three is the last stage of escalation (7.3)", severity="warning")
            return
        refused = escalation_refused(self.game.state, stage)
        if refused:  # said before the form, not after its Apply
            self.refuse(str(refused))
            return
        self.ask(f"Escalate to Stage {stage} (7.3)", [], lambda v: {"do": "escalate", "stage": stage},
                 note=f"Stage {STAGES[stage]}" + (": the Authority can no longer win (7.3)." if stage == 3 else "."), rolls=False)
