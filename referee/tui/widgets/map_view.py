"""The map: every node on its grid with its stacks, markers and links; a cursor picks a node."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from referee.core.board import Board
from referee.core.state import GameState
from referee.knowledge.view import PlayerView

LABEL = 8
SIDES = {"protesters": ("●", "green"), "police": ("■", "blue")}
LEGEND = ("●protester units ■police units/strength ◦chosen  B barricade F Flo G gassed ! contact  "
          "reaches: C Convention Center H hotel S Secret Service  ╳ out of play  the outer streets are the map edges")
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


@dataclass(frozen=True)
class MapMarks:
    """What the map shows besides units: this turn's choices and gas, targets, legal destinations."""

    chosen: frozenset[str] = frozenset()
    gassed: frozenset[str] = frozenset()
    legal: frozenset[str] = frozenset()
    access: dict[str, str] = field(default_factory=dict)


Stacks = dict[str, dict[str, tuple[int | None, int | None, bool]]]
"""Per node, per side: (units, strength, stale); None where the viewer cannot tell."""


def stacks_of(state: GameState) -> Stacks:
    """Every stack as the umpire sees it."""
    shown: Stacks = {}
    for side, nodes in state.stacks.items():
        for node, ids in nodes.items():
            strength = sum(state.units[uid].factors.get("strength", 0) for uid in ids)
            shown.setdefault(node, {})[side] = (len(ids), strength, False)
    return shown


def stacks_seen(view: PlayerView) -> Stacks:
    """The stacks a player knows of: own units in full, the other side's latest sighting per node."""
    shown: Stacks = {}
    for unit in view.own:
        if unit.node is not None and unit.status == "active":
            count, strength, _ = shown.setdefault(unit.node, {}).get(view.side, (0, 0, False))
            shown[unit.node][view.side] = (count + 1, strength + unit.strength, False)
    for sighting in view.sightings:
        sides = shown.setdefault(sighting.node, {})
        if sighting.side not in sides:
            sides[sighting.side] = (sighting.count, sighting.strength, not sighting.current)
    return shown


def target_letters(board: Board) -> dict[str, str]:
    """A letter per node for the targets reached from it: C venue, H hotel, S entrance."""
    letters: dict[str, str] = {}
    for target in board.targets.values():
        for node in target.access:
            letters[node] = letters.get(node, "") + {"venue": "C", "hotel": "H", "entrance": "S"}.get(target.kind, "T")
    return letters


class MapView(Widget, can_focus=True):
    """The street grid; arrows move the cursor, Enter picks the node under it."""

    BINDINGS = [
        Binding("up", "step('up')", "Up", show=False),
        Binding("down", "step('down')", "Down", show=False),
        Binding("left", "step('left')", "Left", show=False),
        Binding("right", "step('right')", "Right", show=False),
        Binding("enter", "pick", "Pick", show=False),
    ]

    cursor: reactive[str] = reactive("", always_update=True, init=False)

    class Moved(Message):
        """The cursor is on a new node."""

        def __init__(self, node: str):
            self.node = node
            super().__init__()

    class Picked(Message):
        """Enter (or a click on the node under the cursor) picks a node."""

        def __init__(self, node: str):
            self.node = node
            super().__init__()

    def __init__(self, board: Board, state: GameState, *, id: str | None = None):
        super().__init__(id=id)
        self.board = board
        self.state = state
        self.stacks = stacks_of(state)
        self.viewing = False
        self.marks = MapMarks(access=target_letters(board))
        self.columns = sorted({node.x for node in board.nodes.values()})
        self.rows = sorted({node.y for node in board.nodes.values()})
        self.at = {(node.x, node.y): node.id for node in board.nodes.values()}
        self.set_reactive(MapView.cursor, next(iter(board.nodes)))

    def show(self, state: GameState, marks: MapMarks) -> None:
        """Draw the umpire's truth (nothing to do if neither the state nor the marks changed)."""
        if state is not self.state or marks != self.marks or self.viewing:
            self.state, self.marks, self.viewing = state, marks, False
            self.stacks = stacks_of(state)
            self.refresh()

    def show_view(self, view: PlayerView, marks: MapMarks) -> None:
        """Draw the map as one player knows it: own stacks, and the other side as last seen (stale: dim ')."""
        self.viewing, self.marks = True, marks
        self.stacks = stacks_seen(view)
        self.refresh()

    def watch_cursor(self, node: str) -> None:
        self.post_message(self.Moved(node))
        self.refresh()

    def action_step(self, direction: str) -> None:
        node = self.board.nodes[self.cursor]
        dx, dy = STEPS[direction]
        x, y = node.x + dx, node.y + dy
        while (x, y) not in self.at and min(self.columns) <= x <= max(self.columns) and min(self.rows) <= y <= max(self.rows):
            x, y = x + dx, y + dy
        if (x, y) in self.at:
            self.cursor = self.at[(x, y)]

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    # --- geometry ------------------------------------------------------------------------

    def _cell(self) -> int:
        return max(5, min(14, (self.size.width - LABEL) // max(1, len(self.columns))))

    def _lines_per_row(self) -> int:
        return 3 if self.app.size.height >= 36 else 2

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1 + self._lines_per_row() * len(self.rows)

    def on_click(self, event: events.Click) -> None:
        cell, per_row = self._cell(), self._lines_per_row()
        column, row = (event.x - LABEL) // cell, (event.y - 1) // per_row
        if 0 <= column < len(self.columns) and 0 <= row < len(self.rows):
            node = self.at.get((self.columns[column], self.rows[row]))
            if node is not None:
                if node == self.cursor:
                    self.action_pick()
                self.cursor = node

    # --- drawing -------------------------------------------------------------------------

    def _axis(self, nodes: list[str], part: int) -> str:
        names = {name.split(" & ")[part] for name in nodes if " & " in name}
        return names.pop() if len(names) == 1 else ""

    def render(self) -> Text:
        cell, per_row = self._cell(), self._lines_per_row()
        text = Text(no_wrap=True, overflow="crop")
        header = " " * LABEL
        for x in self.columns:
            column = [self.at[(x, y)] for y in self.rows if (x, y) in self.at]
            header += self._axis(column, 0)[: cell - 1].ljust(cell)
        text.append(header + "\n", style="bold")
        for y in self.rows:
            row_nodes = [self.at[(x, y)] for x in self.columns if (x, y) in self.at]
            label = self._axis(row_nodes, 1)[: LABEL - 1].ljust(LABEL)
            text.append(label, style="bold")
            self._node_line(text, y, cell)
            text.append("\n" + " " * LABEL)
            self._marker_line(text, y, cell)
            if per_row == 3:
                text.append("\n" + " " * LABEL)
                self._link_line(text, y, cell)
            text.append("\n")
        return text

    def _node_line(self, text: Text, y: int, cell: int) -> None:
        for i, x in enumerate(self.columns):
            node = self.at.get((x, y))
            body = self._node_text(node, cell - 1) if node else Text()
            east = self.at.get((self.columns[i + 1], y)) if i + 1 < len(self.columns) else None
            linked = node and east and self.board.link_kind(node, east)
            text.append_text(body)
            text.append(("─" if linked else " ") * (cell - len(body)), style="dim")

    def _node_text(self, node: str, width: int) -> Text:
        """The node's stacks in at most `width` characters: ●protester units ■police units/strength."""
        style = Style()
        if node in self.marks.legal:
            style += Style(bgcolor="dark_goldenrod", color="black")
        if node == self.cursor:
            style += Style(reverse=True, bold=True)
        stacks = self.stacks.get(node, {})
        if not self.board.nodes[node].in_play:
            out = Text("╳", style=Style(dim=True))
        elif not stacks:
            out = Text("·", style=Style(dim=node not in self.marks.chosen))
        else:
            out = Text()
            for side, (count, strength, stale) in stacks.items():
                glyph, colour = SIDES.get(side, ("?", ""))
                shown = "?" if count is None else str(count)
                full = f"{glyph}{shown}" + (f"/{strength}" if strength else "") + ("'" if stale else "")
                short = f"{glyph}{shown}" + ("'" if stale else "")
                out.append(" " if out else "")
                out.append(full if len(out) + len(full) <= width else short, style=f"bold {colour}" + (" dim" if stale else ""))
        if node in self.marks.chosen:
            out.append("◦", style="bold yellow")
        out.truncate(width)
        if style:
            if len(out) < 3:
                out.pad_right(3 - len(out))
            out.stylize(style)
        return out

    def _marker_line(self, text: Text, y: int, cell: int) -> None:
        for x in self.columns:
            node = self.at.get((x, y))
            marks = Text()
            if node:
                down = self.at.get((x, self.rows[self.rows.index(y) + 1])) if y != self.rows[-1] else None
                kind = self.board.link_kind(node, down) if down else None
                marks.append({"tunnel": "┆", None: " "}.get(kind, "│"), style="dim")
                markers = () if self.viewing else self.state.markers.get(node, ())
                if "barricade" in markers:
                    marks.append("B", style="bold red")
                if "flo" in markers:
                    marks.append("F", style="bold magenta")
                if node in self.marks.gassed:
                    marks.append("G", style="bold yellow")
                if len(self.stacks.get(node, {})) > 1:
                    marks.append("!", style="bold red")
                marks.append(self.marks.access.get(node, ""), style="cyan")
            marks.truncate(cell)
            marks.pad_right(cell - len(marks))
            text.append_text(marks)

    def _link_line(self, text: Text, y: int, cell: int) -> None:
        if y == self.rows[-1]:
            text.append(LEGEND, style="dim")
            return
        below = self.rows[self.rows.index(y) + 1]
        for i, x in enumerate(self.columns):
            node, down = self.at.get((x, y)), self.at.get((x, below))
            kind = self.board.link_kind(node, down) if node and down else None
            glyph = {"tunnel": "┆", None: " "}.get(kind, "│")
            east = self.columns[i + 1] if i + 1 < len(self.columns) else None
            diagonal = " "
            if east is not None:
                if node and self.at.get((east, below)) and self.board.link_kind(node, self.at[(east, below)]):
                    diagonal = "╲"
                elif down and self.at.get((east, y)) and self.board.link_kind(down, self.at[(east, y)]):
                    diagonal = "╱"
            text.append(glyph + " " * (cell // 2 - 1) + diagonal + " " * (cell - cell // 2 - 1), style="dim")
