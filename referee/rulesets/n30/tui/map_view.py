"""The map: every node on its grid with its stacks, markers and links; a cursor picks a node."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from referee.core.board import Board
from referee.core.state import GameState
from referee.knowledge.view import PlayerView
from referee.text import printable
from referee.tui.text import lines_of

LABEL = 8
PLAIN, BOLD, DIM, NOT_DIM = Style(), Style(bold=True), Style(dim=True), Style(dim=False)
SIDES = {"protesters": ("●", Style(bold=True, color="green")), "police": ("■", Style(bold=True, color="blue"))}
RED, YELLOW, ACCESS = Style(bold=True, color="red"), Style(bold=True, color="yellow"), Style(color="cyan")
LEGAL, CURSOR = Style(bgcolor="dark_goldenrod", color="black"), Style(reverse=True, bold=True)
MARKERS = {"barricade": ("B", RED), "flo": ("F", Style(bold=True, color="magenta")), "gassed": ("G", YELLOW),
           "contact": ("!", RED)}
KEY = ("●protesters", "■police/strength", "◦chosen", "B barricade", "F Flo", "G gassed", "! contact",
       "C Convention Center", "H hotel", "S Secret Service", "╳ out of play")
"""The map's legend, an entry a symbol, laid out under the map in as many lines as the width needs."""
LEGEND = ("  ".join((*KEY, "┆ the 8th Avenue tunnel"))
          + "; C, H and S mark the targets an intersection reaches; the outer streets are the map edges")


def legend(room: int) -> list[str]:
    """The legend's entries in lines of at most `room` characters (an entry is never cut)."""
    return lines_of(KEY, room)
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


Piece = tuple[str, Style]
"""Some text of a map line and its style (before the widget's own colours)."""


def width(pieces: list[Piece]) -> int:
    """How many characters the pieces take."""
    return sum(len(text) for text, _ in pieces)


def crop(pieces: list[Piece], room: int) -> list[Piece]:
    """The pieces cut to at most `room` characters."""
    kept: list[Piece] = []
    for text, style in pieces:
        if room <= 0:
            break
        kept.append((text[:room], style))
        room -= len(text)
    return kept


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
    own: dict[str, tuple[int, int]] = {}
    for unit in view.own:
        if unit.node is not None and unit.status == "active":
            count, strength = own.get(unit.node, (0, 0))
            own[unit.node] = (count + 1, strength + unit.strength)
    shown: Stacks = {node: {view.side: (count, strength, False)} for node, (count, strength) in own.items()}
    for sighting in view.sightings:
        sides = shown.setdefault(sighting.node, {})
        if sighting.side not in sides:
            sides[sighting.side] = (sighting.count, sighting.strength, not sighting.current)
    return shown


def _stack_pieces(stacks: dict[str, tuple[int | None, int | None, bool]], room: int) -> list[Piece]:
    """Each side's stack in `room` characters if it can be done: strengths and the space between the sides
    go first (the intersection panel still shows them), the counts last."""
    for strong, gap in ((True, " "), (True, ""), (False, " "), (False, "")):
        pieces: list[Piece] = []
        for side, (count, strength, stale) in stacks.items():
            glyph, style = SIDES.get(side, ("?", BOLD))
            text = f"{glyph}{'?' if count is None else count}" + (f"/{strength}" if strong and strength else "")
            pieces += [(gap, PLAIN)] * bool(pieces) + [(text + "'" * stale, style + DIM if stale else style)]
        if width(pieces) <= room:
            break
    return pieces


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
        self.markers = state.markers  # barricades and Flo shown: the truth, or what the viewed player knows
        self.marks = MapMarks(access=target_letters(board))
        self.columns = sorted({node.x for node in board.nodes.values()})
        self.rows = sorted({node.y for node in board.nodes.values()})
        self.at = {(node.x, node.y): node.id for node in board.nodes.values()}
        self.set_reactive(MapView.cursor, next(iter(board.nodes)))
        self._key: tuple = ()
        self._lines: list[Strip] | None = None
        self._styles: dict[Style, Style] = {}
        """Each piece style in the widget's colours, for the size, colours and theme in `_key`."""

    def show(self, state: GameState, marks: MapMarks) -> None:
        """Draw the umpire's truth (nothing to do if neither the state nor the marks changed)."""
        if state is not self.state or marks != self.marks or self.viewing:
            self.state, self.marks, self.viewing = state, marks, False
            self.stacks, self.markers = stacks_of(state), state.markers
            self._redraw()

    def show_view(self, view: PlayerView, marks: MapMarks) -> None:
        """Draw the map as one player knows it: own stacks, and the other side as last seen (stale: dim ')."""
        self.viewing, self.marks = True, marks
        self.stacks, self.markers = stacks_seen(view), {}
        for known in view.markers:
            self.markers[known.node] = self.markers.get(known.node, ()) + (known.marker,)
        self._redraw()

    def watch_cursor(self, node: str) -> None:
        self.post_message(self.Moved(node))
        self._redraw()

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
        per_row = self._lines_per_row()
        return 1 + per_row * len(self.rows) - (per_row == 3) + len(legend(width))

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

    def render_line(self, y: int) -> Strip:
        """One line of the map, from the lines drawn since the last change."""
        key = (self.size.width, self._lines_per_row(), self.visual_style, self.app.ansi_theme)
        if key != self._key:
            self._key, self._styles, self._lines = key, {}, None
        if self._lines is None:
            self._lines = [self._strip(pieces) for pieces in self._draw()]
        if y >= len(self._lines):
            return Strip.blank(self.size.width, self.rich_style)
        return self._lines[y]

    def _redraw(self) -> None:
        self._lines = None
        self.refresh()

    def _strip(self, pieces: list[Piece]) -> Strip:
        """A line of pieces in the widget's colours, adjacent pieces of one style in one segment."""
        base, theme = self._key[2:]
        segments: list[Segment] = []
        for text, style in pieces:
            final = self._styles.get(style)
            if final is None:
                final = self._styles[style] = (base + VisualStyle.from_rich_style(style, theme)).rich_style
            if segments and segments[-1].style is final:
                segments[-1] = Segment(segments[-1].text + text, final)
            elif text:
                segments.append(Segment(text, final))
        return Strip(segments)

    def _axis(self, nodes: list[str], part: int) -> str:
        names = {name.split(" & ")[part] for name in nodes if " & " in name}
        return printable(names.pop()) if len(names) == 1 else ""

    def _draw(self) -> list[list[Piece]]:
        cell, per_row = self._cell(), self._lines_per_row()
        header = " " * LABEL
        for x in self.columns:
            column = [self.at[(x, y)] for y in self.rows if (x, y) in self.at]
            header += self._axis(column, 0)[: cell - 1].ljust(cell)
        lines = [[(header, BOLD)]]
        for y in self.rows:
            row_nodes = [self.at[(x, y)] for x in self.columns if (x, y) in self.at]
            lines.append([(self._axis(row_nodes, 1)[: LABEL - 1].ljust(LABEL), BOLD), *self._node_line(y, cell)])
            lines.append([(" " * LABEL, PLAIN), *self._marker_line(y, cell)])
            if per_row == 3 and y != self.rows[-1]:
                lines.append([(" " * LABEL, PLAIN), *self._link_line(y, cell)])
        return lines + [[(line, DIM)] for line in legend(self.size.width)]

    def _node_line(self, y: float, cell: int) -> list[Piece]:
        pieces: list[Piece] = []
        for i, x in enumerate(self.columns):
            node = self.at.get((x, y))
            body = self._node_pieces(node, cell - 1) if node else []
            east = self.at.get((self.columns[i + 1], y)) if i + 1 < len(self.columns) else None
            linked = node and east and self.board.link_kind(node, east)
            pieces += body
            pieces.append((("─" if linked else " ") * (cell - width(body)), DIM))
        return pieces

    def _node_pieces(self, node: str, room: int) -> list[Piece]:
        """The node's stacks in at most `room` characters: ●protester units ■police units/strength."""
        stacks = self.stacks.get(node, {})
        if not self.board.nodes[node].in_play:
            pieces = [("╳", DIM)]
        elif not stacks:
            pieces = [("·", DIM if node not in self.marks.chosen else NOT_DIM)]
        else:
            pieces = _stack_pieces(stacks, room)
        if node in self.marks.chosen:
            pieces.append(("◦", YELLOW))
        pieces = crop(pieces, room)
        overlay = (LEGAL if node in self.marks.legal else PLAIN) + (CURSOR if node == self.cursor else PLAIN)
        if overlay:
            pieces.append((" " * (3 - width(pieces)), PLAIN))
            pieces = [(text, style + overlay) for text, style in pieces]
        return pieces

    def _marker_line(self, y: float, cell: int) -> list[Piece]:
        pieces: list[Piece] = []
        for x in self.columns:
            node = self.at.get((x, y))
            marks: list[Piece] = []
            if node:
                down = self.at.get((x, self.rows[self.rows.index(y) + 1])) if y != self.rows[-1] else None
                kind = self.board.link_kind(node, down) if down else None
                marks.append(({"tunnel": "┆", None: " "}.get(kind, "│"), DIM))
                markers = self.markers.get(node, ())
                marks += [MARKERS[marker] for marker in ("barricade", "flo") if marker in markers]
                if node in self.marks.gassed:
                    marks.append(MARKERS["gassed"])
                if len(self.stacks.get(node, {})) > 1:
                    marks.append(MARKERS["contact"])
                marks.append((self.marks.access.get(node, ""), ACCESS))
            marks = crop(marks, cell)
            pieces += marks
            pieces.append((" " * (cell - width(marks)), PLAIN))
        return pieces

    def _link_line(self, y: float, cell: int) -> list[Piece]:
        below = self.rows[self.rows.index(y) + 1]
        pieces: list[Piece] = []
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
            pieces.append((glyph + " " * (cell // 2 - 1) + diagonal + " " * (cell - cell // 2 - 1), DIM))
        return pieces
