"""What the screens of a game played on areas or boxes share: the selected place (`area`) in a table of the board's
nodes and on its map, where the checklist's `n` goes."""

from __future__ import annotations

from referee.rules.todo import Item
from referee.session import Session
from referee.tui.screens.umpire import UmpireScreen
from referee.tui.widgets.node_map import NodeMap, NodeTable


class AreasScreen(UmpireScreen):
    """A screen with a `NodeTable` and a `NodeMap` of the board, and the place they select (`area`)."""

    def __init__(self, session: Session):
        super().__init__(session)
        self.area = next(iter(self.game.ctx.scenario.board.nodes))

    def selected_place(self) -> str:
        return self.area

    def place(self, node: str | None) -> str:
        """A place as the sheets print it ("Grant Park East"); "" for none."""
        return self.game.ctx.scenario.place_name(node) if node else ""

    def places(self) -> tuple[tuple[str, str], ...]:
        """Every place as a form offers it: its printed name, for its id."""
        return tuple((self.place(node), node) for node in self.game.ctx.scenario.board.nodes)

    def go_to(self, item: Item) -> None:
        self.area = item.node or self.area
        self.query_one(NodeTable).pick(self.area)
        self.query_one(NodeMap).select(self.area)
