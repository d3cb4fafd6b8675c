"""A board of areas or boxes drawn at their places: each node's name on one line and its marks on the next, the
nodes joined drawn as dotted lines, the selected node reversed and its neighbours cyan, the legend under it.

A node is named as the sheets print it (the `place` a map or table is given: "Grant Park East", not
grant-park-east). A game's map says where each node stands (`places`), how its name is cut (`label`), which nodes
are drawn in yellow (`special`) and what marks a node carries (`marks`); a click on a node posts its `PICKED`
message. While the map
shows a player's view, a node he cannot see now is marked ░ (not seen, not empty).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import DataTable

from referee.core.board import Board
from referee.core.state import GameState
from referee.tui.text import lines_of

UNSEEN_KEY = "░ not seen (viewing as a player)"
"""The legend's entry for a node the player viewed cannot see now."""


class NodePicked(Message):
    """The umpire selected a node, in a table (`in_table`: its cursor is already on it) or on the map (each game
    names its own kind)."""

    def __init__(self, node: str, in_table: bool = False):
        self.node, self.in_table = node, in_table
        super().__init__()


class NodeTable(DataTable):
    """A table of the board's nodes, a row each keyed by its node: moving onto a row posts its `PICKED` message."""

    PICKED: type[NodePicked]

    def __init__(self, place: Callable[[str], str] = str, *, id: str | None = None):
        super().__init__(id=id)
        self.place = place

    def pick(self, node: str) -> None:
        """Move the cursor onto a node's row."""
        self.move_cursor(row=self.get_row_index(node))

    def current(self) -> str:
        """The node of the row the cursor is on."""
        return cast(str, self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value)

    def picked(self, message: NodePicked) -> str:
        """The node a pick selects. A pick made in the table is the row its cursor is on now: after a burst of keys
        the messages of the rows passed over arrive once the cursor has left them, and must not move it back (two
        such would move it back and forth for ever). A pick made on the map moves the cursor to its node."""
        if message.in_table:
            return self.current()
        if self.get_row_index(message.node) != self.cursor_row:
            self.pick(message.node)
        return message.node

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.post_message(self.PICKED(cast(str, event.row_key.value), in_table=True))


class NodeMap(Widget):
    """The board's nodes at their places, with what each game marks on them."""

    KEY: tuple[str, ...] = ()  # the legend, laid out under the map in as many lines as its width needs
    PICKED: type[NodePicked]  # posted with the node a click selects
    SMALLEST = (20, 6)  # below this width, or this height above the legend, nothing is drawn

    def __init__(self, board: Board, place: Callable[[str], str] = str, *, id: str | None = None):
        super().__init__(id=id)
        self.board, self.place = board, place
        self.state: GameState | None = None
        self.selected = ""
        self.unseen: frozenset[str] = frozenset()

    def show(self, state: GameState, selected: str, unseen: frozenset[str] = frozenset()) -> None:
        """Draw `state` with `selected` reversed and the nodes in `unseen` marked not seen (a player's view)."""
        self.state, self.selected, self.unseen = state, selected, unseen
        self.refresh()

    def select(self, node: str) -> None:
        """Select another node, the state and what is not seen as they are."""
        self.selected = node
        self.refresh()

    def legend(self) -> tuple[str, ...]:
        """The game's key, and the not-seen mark's while a player's view has any."""
        return self.KEY + (UNSEEN_KEY,) if self.unseen else self.KEY

    def on_click(self, event: events.Click) -> None:
        """A click on a node's name or marks selects it."""
        places = self.places(self.size.width, self.size.height - len(lines_of(self.legend(), self.size.width)))
        for node, (x, y, room) in places.items():
            if x <= event.x < x + room and y <= event.y <= y + 1:
                self.post_message(self.PICKED(node))

    def places(self, width: int, height: int) -> dict[str, tuple[int, int, int]]:
        """Each node's column, line and width (two lines: its name, then its marks)."""
        raise NotImplementedError

    def label(self, node: str, room: int) -> str:
        """A node's name (`place`) as drawn in `room` characters."""
        raise NotImplementedError

    def special(self, node: str) -> bool:
        """Whether a node's name is drawn in yellow (a park, an area with an Exposure Value)."""
        return False

    def marks(self, state: GameState, node: str) -> list[tuple[str, str]]:
        """What is drawn under a node's name, each mark with its style."""
        return []

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        key = lines_of(self.legend(), width)
        least_width, least_height = self.SMALLEST
        if self.state is None or width < least_width or height < least_height + len(key):
            return Text()
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height - len(key))]
        places = self.places(width, len(grid))

        def put(x: int, y: int, text: str, style: str) -> None:
            for n, char in enumerate(text):
                if 0 <= y < len(grid) and 0 <= x + n < width:
                    grid[y][x + n] = (char, style)

        for link in self.board.links:
            (ax, ay, aw), (bx, by, bw) = places[link.a], places[link.b]
            steps = max(abs(bx - ax), abs(by - ay), 1)
            for n in range(steps + 1):
                put(round(ax + aw // 2 + (bx + bw // 2 - ax - aw // 2) * n / steps), round(ay + (by - ay) * n / steps),
                    "·", "dim")
        near = set(self.board.neighbours(self.selected)) if self.selected else set()
        for node, (x, y, room) in places.items():
            style = "reverse bold" if node == self.selected else "bold cyan" if node in near else (
                "bold yellow" if self.special(node) else "bold")
            put(x, y, self.label(node, room), style)
            column = x
            for mark, mark_style in self.marks(self.state, node) + [("░", "bold")] * (node in self.unseen):
                put(column, y + 1, mark[: max(0, x + room - column)], mark_style)
                column += len(mark)
        text = Text(no_wrap=True, overflow="crop")
        for row in grid:
            for char, style in row:
                text.append(char, style)
            text.append("\n")
        text.append("\n".join(key), style="dim")
        return text
