"""The panels of a Battle of Seattle session: the map drawn from the areas' places, the areas in a table, and
the game's record (both Exposure Indices by turn, escalation, the turn, the Reserve Pool, the off-map piles)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from rich.text import Text
from textual.widgets import DataTable

from referee.core.board import Board
from referee.core.events import Event
from referee.core.state import GameState
from referee.core.units import ACTIVE, Unit
from referee.rulesets.bos.rules import forces, reinforcement
from referee.rulesets.bos.rules.arrivals import losable
from referee.rulesets.bos.rules.events import EVENTS
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import EVENTS as EVENTS_PHASE
from referee.rulesets.bos.rules.phases import REACTOR
from referee.rulesets.bos.rules.sequence import extendable
from referee.rulesets.bos.rules.turn_end import exposure_values
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, TYPES
from referee.tui.text import plain
from referee.tui.widgets.emptied import emptied
from referee.tui.widgets.fitted import Fitted
from referee.tui.widgets.node_map import NodeMap, NodePicked, NodeTable

SHORT = {"anarchist": "Ana", "radical": "Rad", "labor": "Lab", "liberal": "Lib", "environmentalist": "Env",
         "yahoo": "Yah", "spd": "SPD", "national_guard": "NG", "state_trooper": "ST"}
"""How a unit type is counted on the dashboard."""
SIDE_STYLE = {PROTESTER: "bold green", AUTHORITY: "bold blue"}
SIDE_MARK = {PROTESTER: "●", AUTHORITY: "■"}
STAGES = {1: "1 (X reads A; no Special Munitions, State Troopers, National Guard, Barricades)",
          2: "2 (the limits of Stage One lifted)", 3: "3 (every unit may double its CF)"}
KEY = ("● Protester units", "■ Authority units", "[n] Exposure Value", "B Barricade", "··· Transit Line",
       "cyan: joined to the selected area")
"""The map's legend, laid out under it in as many lines as its width needs."""
LEGEND = "  ".join(KEY) + "; the Downtown Core's areas are yellow, the selected area reversed"


ROOM = 20  # the widest an area's name is drawn on the map ("International District")


def short(name: str, room: int) -> str:
    """An area's name in `room` characters: its last words left out until it fits ('Pike Place' for Pike Place
    Market), then cut."""
    words = name.split()
    while len(words) > 1 and len(" ".join(words)) > room:
        words.pop()
    return " ".join(words)[:room]


def counts(units: Iterable[Unit]) -> str:
    """Units counted by type, in the Counter Manifest's order: '2 Lab 1 Lib'."""
    found = Counter(unit.type for unit in units)
    return " ".join(f"{found[kind]} {label}" for kind, label in SHORT.items() if found[kind])


def ei_by_turn(events: Iterable[Event]) -> list[tuple[int, int, int]]:
    """(game-turn, Protester EI, Authority EI) as each game-turn ended, or stands now for the turn in play."""
    turns: list[tuple[int, int, int]] = []
    ei = {PROTESTER: forces.PROTESTER_EI, AUTHORITY: forces.AUTHORITY_EI}
    for event in events:
        if event.kind == "turn-begun":
            turns.append((event.data["turn"], ei[PROTESTER], ei[AUTHORITY]))
        elif event.kind in ("ei-changed", "combat"):
            ei = event.data["ei"] if event.kind == "combat" else event.data
            if turns:
                turns[-1] = (turns[-1][0], ei[PROTESTER], ei[AUTHORITY])
    return turns


class AreaPicked(NodePicked):
    """The umpire selected an area, in the table or on the map."""


class AreaMap(NodeMap):
    """The areas at their places on the map, each with its Exposure Value, its units by side and its Barricade;
    the Transit Lines drawn as dotted lines, the selected area's neighbours marked."""

    KEY = KEY
    PICKED = AreaPicked

    def places(self, width: int, height: int) -> dict[str, tuple[int, int, int]]:
        """Each area's column, line and width of its box (two lines: its name, then its marks)."""
        nodes = self.board.nodes.values()
        left, right = min(n.x for n in nodes), max(n.x for n in nodes)
        top, bottom = min(n.y for n in nodes), max(n.y for n in nodes)
        across = (width - 13) / ((right - left) or 1)
        down = max(2.0, (height - 2) / ((bottom - top) or 1))
        at = {n.id: (round((n.x - left) * across), round((n.y - top) * down)) for n in nodes}
        places = {}
        for node, (x, y) in at.items():
            after = [ox for other, (ox, oy) in at.items() if other != node and ox > x and abs(oy - y) < 2]
            places[node] = (x, y, min([ROOM, width - x, *(ox - x - 1 for ox in after)]))
        return places

    def label(self, node: str, room: int) -> str:
        return short(self.place(node), room)

    def special(self, node: str) -> bool:
        return node in exposure_values(self.board)

    def marks(self, state: GameState, node: str) -> list[tuple[str, str]]:
        """Its Exposure Value, each side's units, its Barricade."""
        values = exposure_values(self.board)
        marks = [(f"[{values[node]}]", "yellow")] if node in values else []
        for side in (PROTESTER, AUTHORITY):
            units = state.stacks[side].get(node, ())
            if units:
                marks.append((f"{SIDE_MARK[side]}{len(units)}", SIDE_STYLE[side]))
        if BARRICADE in state.markers.get(node, ()):
            marks.append(("B", "bold red"))
        return marks


class AreasTable(NodeTable):
    """Every area: its Exposure Value, its Barricade, each side's units by type (the Protester's green, the
    Authority's blue), the areas its Transit Lines reach. Moving onto a row selects the area."""

    PICKED = AreaPicked

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Area [EV] B", "Units", "Transit Lines to")

    def show(self, board: Board, state: GameState, unseen: frozenset[str] = frozenset()) -> None:
        """Every area as `state` has it; those in `unseen` not seen (a player's view)."""
        values, keep = exposure_values(board), self.cursor_row
        with self.prevent(DataTable.RowHighlighted):
            emptied(self)
            for node in board.nodes:
                area = plain(self.place(node), "bold yellow" if node in values else "bold")
                if node in values:
                    area.append(f" [{values[node]}]", style="yellow")
                if BARRICADE in state.markers.get(node, ()):
                    area.append(" B", style="bold red")
                units = plain("░ not seen", "dim") if node in unseen else Text(" / ").join(
                    plain(counts(state.at(node, side)), SIDE_STYLE[side])
                    for side in (PROTESTER, AUTHORITY) if state.stacks[side].get(node))
                self.add_row(area, units, plain(", ".join(map(self.place, board.neighbours(node))), "dim"), key=node)
            self.move_cursor(row=min(keep, self.row_count - 1))


def _line(text: Text, label: str, value: str | Text, style: str = "") -> None:
    text.append(f"\n{label} ", style="dim")
    text.append(plain(value, style) if isinstance(value, str) else value)


def _piles(state: GameState) -> dict[str, list[Unit]]:
    """The units off the map by where they wait: each off-map pile, the Reserve Pool, on the way, out of the game."""
    piles: dict[str, list[Unit]] = {}
    for unit in state.units.values():
        if unit.status == forces.OFF_MAP:
            key = "due" if unit.attrs.get("due") else "nightfall" if unit.attrs.get("nightfall") else forces.pile(
                forces.Counter(unit.id, unit.type))
        else:
            key = unit.status
        piles.setdefault(key, []).append(unit)
    return piles


def record_text(state: GameState, history: list[tuple[int, int, int]], width: int,
                unseen: frozenset[str] = frozenset()) -> Text:
    """The game's record as the umpire reads it (the status line above it names the turn and the phase): both
    indices and their history, escalation, the random event, what waits to be done, where the units off the
    map wait; the Turn Record track and the Reserve Pool not seen where `unseen` holds their status."""
    local = state.local
    text = Text()
    text.append("EI ", style="bold")
    text.append(f"Protester {state.scores[PROTESTER]}", style=SIDE_STYLE[PROTESTER])
    text.append("  ")
    text.append(f"Authority {state.scores[AUTHORITY]}", style=SIDE_STYLE[AUTHORITY])
    shown = history[-max(1, (width - 6) // 4):]
    for label, index, style in (("turn", 0, "dim"), ("P", 1, "green"), ("A", 2, "blue")):
        text.append(f"\n{label:>5}", style="dim")
        text.append("".join(f"{entry[index]:>4}" for entry in shown), style=style)
    _line(text, "Stage", STAGES[local["stage"]], "bold red" if local["stage"] == 3 else "")
    event = EVENTS.get(local["event"] or "")
    roll = local["roll"]
    _line(text, "Event", "not rolled yet" if roll is None else f"{roll} {event.title if event else '(none)'}")
    reactor = REACTOR.get(state.phase)
    if reactor:
        limit = reinforcement.reaction_limit(state.scores[reactor])
        _line(text, "Reaction moves", f"{local['reacted']} of {limit} ({reactor})")
    if state.phase == EVENTS_PHASE and local["allowance"] and local["allowance"]["count"]:  # Beavis's Yahoos must be placed (26)
        _line(text, "To choose", f"{local['allowance']['count']} {' or '.join(local['allowance']['kinds'])} (p)",
              "bold yellow")
    if losable(state):
        _line(text, "To lose", f"one {local['loss'][1]} of the {local['loss'][0]} (l)", "bold yellow")
    piles = _piles(state)
    if piles.get("due"):
        _line(text, "To place", f"{counts(piles['due'])} (p)", "bold yellow")
    on_the_way = Counter((unit.attrs.get("arrives"), unit.type) for unit in piles.get(forces.SCHEDULED, ()))
    _line(text, "On the way", "not seen" if forces.SCHEDULED in unseen else "; ".join(
        f"{n} {SHORT[kind]} turn {turn}" for (turn, kind), n in sorted(on_the_way.items())) or "none")
    _line(text, "Reserve Pool", "not seen" if forces.RESERVE in unseen else counts(piles.get(forces.RESERVE, ())) or "none",
          "blue")
    for key, label in ((forces.GROUPS, "Off-map Groups"), (forces.CROWDS, "Off-map Crowds"),
                       ("nightfall", "Back in the Morning"), (forces.AUTHORITY_ASIDE, "Authority aside"),
                       (forces.REMOVED, "Out of the game")):
        if piles.get(key):
            _line(text, label, counts(piles[key]))
    if state.over:
        _line(text, "Game over", str(local.get("level")), "bold reverse red")
    if extendable(state):
        _line(text, "Extend", "to Afternoon, 3 December, if both players agree (X)", "bold yellow")
    return text


class RecordPanel(Fitted):
    """The game's record (`record_text`), drawn again at each change of the game or of the panel's width."""

    def show(self, state: GameState, history: list[tuple[int, int, int]], unseen: frozenset[str] = frozenset()) -> None:
        self.draw(lambda width: record_text(state, history, width, unseen))


def on_map(state: GameState, side: str) -> list[Unit]:
    """A side's units on the map."""
    return [unit for unit in state.units.values() if unit.side == side and unit.status == ACTIVE]


def unit_label(unit: Unit, place: Callable[[str], str]) -> str:
    """A unit as a form lists it: its id, type and factors, and where it is (the area as `place` names it)."""
    kind = TYPES[unit.type]
    return f"{unit.id} ({kind.combat}-{kind.morale}-{kind.movement}, {place(unit.node) if unit.node else unit.status})"
