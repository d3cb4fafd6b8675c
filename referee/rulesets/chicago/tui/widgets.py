"""The panels of a Chicago-Chicago session: the boxes drawn where they lie, the boxes in a table, the selected
box whole, and the game's record (both Exposure Indices by turn, the Time Record and the step, the minimum boxes,
the counters off the board)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import DataTable, Static

from referee.core.board import Board
from referee.core.events import Event
from referee.core.state import GameState
from referee.rulesets.chicago.rules import board, forces, steps
from referee.rulesets.chicago.rules.board import MINIMUM, PLATOONS_IN_MINIMUM, in_minimum
from referee.rulesets.chicago.rules.sizes import counted, short
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE
from referee.rulesets.chicago.umpire import STEP_NAMES, box_head, box_units, platoons
from referee.scenario.catalog import Scenario
from referee.tui.text import plain
from referee.tui.widgets.emptied import emptied
from referee.tui.widgets.fitted import Fitted
from referee.tui.widgets.node_map import NodeMap, NodePicked, NodeTable

SIDE_STYLE = {DEMONSTRATORS: "bold green", POLICE: "bold blue"}
SIDE_MARK = {DEMONSTRATORS: "●", POLICE: "■"}
KEY = ("● green", "■ blue counters", "×n park multiplier", "M3 minimum box: its platoons",
       "C3 CONDITIONAL, c3 released", "··· joined")
"""The map's legend, laid out under it in as many lines as its width needs."""
LEGEND = "  ".join(KEY) + "; the parks yellow, the selected box reversed, the boxes joined to it cyan"
ROOM = 17  # the widest a box is drawn ("Lincoln Park West")


def abbreviated(name: str, room: int) -> str:
    """A box's name in `room` characters: its later words cut to their initials from the last, then its first
    word cut ('Gra P W' for Grant Park West)."""
    words = name.split()
    for n in range(len(words) - 1, 0, -1):
        if len(" ".join(words)) <= room:
            break
        words[n] = words[n][0]
    rest = "".join(f" {word}" for word in words[1:])
    return (words[0][: max(1, room - len(rest))] + rest)[:room]


def minimum_mark(state: GameState, spec: Board, node: str, seen: bool = True) -> str:
    """A box's minimum box on the map: M (CPD MINIMUM), C (CONDITIONAL) or c (released), and its platoons (? where
    the player viewed cannot see them)."""
    kind = board.minimum(spec).get(node)
    if kind is None:
        return ""
    letter = "M" if kind == MINIMUM else "c" if node in state.local["released"] else "C"
    return f"{letter}{platoons(state, node, seen)}"


def ei_by_turn(events: Iterable[Event]) -> list[tuple[int, int, int]]:
    """(turn, police EI, demonstrators' EI) as each turn ended, or stands now for the turn in play."""
    turns = [(1, 0, 0)]
    for event in events:
        if event.kind == "turn-begun":
            turns.append((event.data["turn"], *turns[-1][1:]))
        elif "ei" in event.data:
            ei = event.data["ei"]
            turns[-1] = (turns[-1][0], ei[POLICE], ei[DEMONSTRATORS])
    return turns


class BoxPicked(NodePicked):
    """The umpire selected a box, in the table or on the map."""


class BoxMap(NodeMap):
    """The boxes at their places, a column for each x and two lines for each y of the board: each box's name,
    park multiplier, minimum box and counters of each side; the boxes joined drawn as dotted lines, the selected
    box's neighbours marked."""

    KEY = KEY
    PICKED = BoxPicked
    SMALLEST = (30, 8)

    def places(self, width: int, height: int) -> dict[str, tuple[int, int, int]]:
        """Each box's column, line and width (two lines: its name, then its marks)."""
        nodes = self.board.nodes.values()
        xs, ys = sorted({n.x for n in nodes}), sorted({n.y for n in nodes})
        across, down = width / len(xs), (height - 2) / max(1, len(ys) - 1)
        at = {n.id: (round(xs.index(n.x) * across), round(ys.index(n.y) * down)) for n in nodes}
        return {node: (x, y, min([ROOM, width - x, *(ox - x - 1 for other, (ox, oy) in at.items()
                                                    if other != node and ox > x and abs(oy - y) < 2)]))
                for node, (x, y) in at.items()}

    def label(self, node: str, room: int) -> str:
        name = self.place(node)
        return abbreviated(name, room).ljust(min(room, len(name)))

    def special(self, node: str) -> bool:
        return node in board.parks(self.board)

    def marks(self, state: GameState, node: str) -> list[tuple[str, str]]:
        """The park's multiplier, the minimum box and its platoons (red while short, dim where not seen), each side's
        counters."""
        parks = board.parks(self.board)
        marks = [(f"×{parks[node]}", "yellow")] if node in parks else []
        held = minimum_mark(state, self.board, node, node not in self.unseen)
        if held:
            full = held[0] == "c" or held[1:] != "?" and int(held[1:]) >= PLATOONS_IN_MINIMUM
            marks.append((held, "dim" if node in self.unseen else "magenta" if full else "bold red"))
        for side in (DEMONSTRATORS, POLICE):
            units = [u for u in state.at(node, side) if not u.attrs["minimum"]]
            if units:
                marks.append((f"{SIDE_MARK[side]}{len(units)}", SIDE_STYLE[side]))
        return marks


class BoxesTable(NodeTable):
    """Every box: its code, each side's counters by kind (green's green, blue's blue; the platoons in the minimum
    box counted there), its park multiplier or minimum box. Moving onto a row selects the box."""

    PICKED = BoxPicked

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.add_columns("Box", "Code", "Green", "Blue", "×/Min")  # on a narrow terminal the last is cut first

    NARROW = 100  # on a terminal narrower than this the boxes' names are cut (`abbreviated`) to show both sides
    NAME_ROOM = 10

    def show(self, spec: Board, state: GameState, unseen: frozenset[str] = frozenset()) -> None:
        """Every box as `state` has it; those in `unseen` not seen (a player's view)."""
        codes, parks, keep = board.codes(spec), board.parks(spec), self.cursor_row
        room = self.NAME_ROOM if self.app.size.width < self.NARROW else ROOM + 4
        with self.prevent(DataTable.RowHighlighted):
            emptied(self)
            for node in spec.nodes:
                code = codes[node]
                held = minimum_mark(state, spec, node, node not in unseen)
                special = plain(f"×{parks[node]}", "yellow") if node in parks else plain(
                    f"{held}/{PLATOONS_IN_MINIMUM}" if held else "", "magenta")
                sides = (plain("░ not seen", "dim") if node in unseen else plain(
                    short(u for u in state.at(node, side) if not u.attrs["minimum"]), SIDE_STYLE[side])
                         for side in (DEMONSTRATORS, POLICE))
                self.add_row(plain(abbreviated(self.place(node), room), "bold yellow" if node in parks else "bold"),
                             f"P{code.police}/D{code.demonstrators}", *sides, special, key=node)
            self.move_cursor(row=min(keep, self.row_count - 1))


class BoxPanel(Static):
    """The selected box whole: its name, code, park or minimum box, and its units built up for reading."""

    def show(self, state: GameState, scenario: Scenario, node: str, unseen: frozenset[str] = frozenset()) -> None:
        """The box `node` as `state` has it, or not seen (a player's view: its code and minimum box only)."""
        text = plain(box_head(state, scenario, node, node not in unseen), "bold")
        if node in unseen:
            text.append("\nnot seen: what is there is not known", style="dim")
        for label, units in () if node in unseen else box_units(state, node):
            text.append(f"\n{label}: ", style="dim")
            text.append(plain(units, SIDE_STYLE.get(_side_of(label), "")))
        self.update(text)


def _side_of(label: str) -> str:
    return DEMONSTRATORS if label.startswith("green") else POLICE if label.startswith("blue") else ""


def time_record(state: GameState) -> Text:
    """The Time Record, 25A to 28C, the turn in play reversed, the turns past dim."""
    text = Text()
    for turn in range(1, steps.TURNS + 1):
        if steps.letter(turn) == "A":
            text.append(f"{' ' if turn > 1 else ''}{steps.name(turn)[:2]} ", style="dim")
        past = turn < state.turn
        text.append(steps.letter(turn), style="bold reverse" if turn == state.turn else "dim" if past else "")
    return text


def _line(text: Text, label: str, value: str | Text, style: str = "") -> None:
    text.append(f"\n{label} ", style="dim")
    text.append(plain(value, style) if isinstance(value, str) else value)


def record_text(state: GameState, scenario: Scenario, history: list[tuple[int, int, int]], width: int,
                unseen: frozenset[str] = frozenset()) -> Text:
    """The game's record as the umpire reads it: both indices and their history by turn, the Time Record and
    the step, the minimum boxes short of their platoons (of those seen, where `unseen` names boxes not seen), the
    counters off the board."""
    ei = state.scores
    text = Text()
    text.append("EI ", style="bold")
    text.append(f"green {ei[DEMONSTRATORS]}", style=SIDE_STYLE[DEMONSTRATORS])
    text.append("  ")
    text.append(f"blue {ei[POLICE]}", style=SIDE_STYLE[POLICE])
    text.append(f"  lead {ei[DEMONSTRATORS] - ei[POLICE]:+d}", style="bold")
    shown = history[-max(1, (width - 6) // 4):]
    for label, cell, style in (("turn", lambda e: steps.name(e[0]), "dim"), ("G", lambda e: e[2], "green"),
                               ("B", lambda e: e[1], "blue")):
        text.append(f"\n{label:>5}", style="dim")
        text.append("".join(f"{cell(entry):>4}" for entry in shown), style=style)
    _line(text, "Time", time_record(state))
    following = steps.following(state.phase)
    then = f" (then {STEP_NAMES[following] if following else 'attrition, and the next turn'})" if width >= 44 else ""
    _line(text, "Step", f"{steps.NUMBER[state.phase]} of 6, {STEP_NAMES[state.phase]}{then}", "bold cyan")
    if not state.local["begun"]:
        _line(text, "Set-up", "units may still be placed (p)", "bold yellow")
    bound = board.bound(scenario.board, state.local["released"])
    seen = [node for node in bound if node not in unseen]
    short_boxes = [node for node in seen if len(in_minimum(state, node)) < PLATOONS_IN_MINIMUM]
    named = ", ".join(map(scenario.place_name, short_boxes))
    said = f"short: {named}" if short_boxes else "all full (3 platoons each)" if len(seen) == len(
        bound) else "none short of those seen"
    _line(text, "Minimum", said + (f"; {len(bound) - len(seen)} not seen" if len(seen) < len(bound) else ""),
          "bold red" if short_boxes else "")
    for status, label, side in ((forces.OFF_MAP, "Off board", POLICE), (forces.OFF_MAP, "Off board", DEMONSTRATORS),
                                (forces.REMOVED, "Out of the game", POLICE),
                                (forces.REMOVED, "Out of the game", DEMONSTRATORS)):
        found = counted(u for u in state.units.values() if u.side == side and u.status == status)
        if found:
            _line(text, label, " ".join(f"{kind} {n}" for kind, n in found.items()), SIDE_STYLE[side].split()[-1])
    if state.over:
        winner = {None: "a draw", POLICE: "the police win", DEMONSTRATORS: "the demonstrators win"}[state.winner]
        _line(text, "Game over", f"{winner} ({state.local.get('reason')})", "bold reverse red")
    return text


class RecordPanel(Fitted):
    """The game's record (`record_text`), drawn again at each change of the game or of the panel's width."""

    def show(self, state: GameState, scenario: Scenario, history: list[tuple[int, int, int]],
             unseen: frozenset[str] = frozenset()) -> None:
        self.draw(lambda width: record_text(state, scenario, history, width, unseen))

