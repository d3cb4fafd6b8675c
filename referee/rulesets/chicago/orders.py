"""Chicago-Chicago's order forms: what a player may order his own counters now, built from his view, the public map
and his sheet's words alone.

Each form is a command of `referee apply` (docs/cli.md): `move` for the demonstrators in step 1 and the police in
step 3 (HOW TO PLAY; HOW TO MOVE UNITS, INFILTRATION, CPD MINIMUM); `conflict` in the side's own step 2 or 4, in a
box where his counters stand with the other side's seen now, the police choosing the table, their attackers and
the groups they attack among those identified there (HOW TO RESOLVE CONFLICT); and for the police the National
Guard in, while the demonstrators lead on the public Exposure Index, and out, at any step (NATIONAL GUARD). A player
of a side of several commands only his own counters: those his side's other players command are left out. Nothing
is offered once the game is over (RULINGS.md, "Chicago-Chicago: the players' order forms").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from referee.core.board import Board
from referee.core.units import ACTIVE, OFF_MAP
from referee.knowledge import card
from referee.knowledge.view import OwnUnit, PlayerView, UnitFact
from referee.orders import Field, OrderForm, choices, fitting, his_units
from referee.rulesets.chicago.feed import INFILTRATING, MINIMUM, OVER
from referee.rulesets.chicago.rules import board as boxes
from referee.rulesets.chicago.rules import conflict, movement, tables
from referee.rulesets.chicago.rules.steps import FIGHTER, MOVER
from referee.rulesets.chicago.rules.units import DEMONSTRATORS, POLICE

GUARD = "guard"  # the National Guard's type of unit


class Words(card.Words, Protocol):
    """The sheet's words (referee.briefing.i18n.Strings), which also translate a counter's printed name."""

    def data(self, text: str) -> str: ...


def forms(view: PlayerView, board: Board, words: Words) -> tuple[OrderForm, ...]:
    """The orders `view`'s player may give now: his step's move or conflict, then the Guard's."""
    if any(line.partition(": ")[2].startswith(OVER) for line in view.announcements):
        return ()
    mine = list(his_units(view))
    on_board = [unit for unit in mine if unit.status == ACTIVE and unit.node is not None]
    made = (_move(view, board, words, on_board), _conflict(view, board, words, on_board),
            _guard(view, board, words, mine), _guard_out(view, words, on_board))
    return tuple(form for form in made if form is not None)


def _name(words: Words, unit: OwnUnit | UnitFact) -> str:
    """A counter as his sheet prints it: the table's name as given, else the rules' name in his language."""
    return unit.name if unit.renamed else words.data(unit.name)


def _at(words: Words, unit: OwnUnit | UnitFact, node: str) -> tuple[str, str, str, str]:
    """A counter as a choice: its name, and the box it stands in (or that box's minimum box), which a page lists
    it under."""
    place = words("order.chicago.in_minimum", place=words.place(node)) if MINIMUM in unit.notes else words.place(node)
    name = _name(words, unit)
    return unit.id, words("order.chicago.unit_at", unit=name, place=place), place, name


def _places(board: Board, words: Words, nodes: Iterable[str]) -> list[tuple[str, str]]:
    """Boxes as choices, in map order (north to south, west to east)."""
    wanted = set(nodes)
    found = sorted((node for node in board.nodes if node in wanted), key=lambda n: (board.nodes[n].y, board.nodes[n].x))
    return [(node, words.place(node)) for node in found]


def _reach(board: Board, unit: OwnUnit, factor: int, stay: Iterable[str]) -> set[str]:
    """The boxes a unit of his may end a move in as far as the map alone tells: within `factor` times its movement
    number (HOW TO MOVE UNITS 2; doubled by INFILTRATION), and the box it stands in where that is one of `stay`
    (stepping into or out of its minimum box)."""
    assert unit.node is not None
    return {node for node, steps in board.distances([unit.node]).items()
            if 0 < steps <= factor * unit.movement or steps == 0 and node in stay}


def _move(view: PlayerView, board: Board, words: Words, on_board: list[OwnUnit]) -> OrderForm | None:
    """HOW TO PLAY steps 1 and 3: his counters on the board, moved together from one box; the demonstrators may
    infiltrate (INFILTRATION), the police go into a box's minimum box (CPD MINIMUM)."""
    if MOVER.get(view.phase) != view.side or not on_board:
        return None
    green = view.side == DEMONSTRATORS
    stay = () if green else boxes.minimum(board)
    reach = {unit.id: _reach(board, unit, 2 if green else 1, stay) for unit in on_board}
    places = fitting(choices(_places(board, words, set().union(*reach.values()))), reach)
    units = choices([_at(words, unit, unit.node or "") for unit in on_board])
    flag = Field("infiltrate", words("order.chicago.infiltrate"), "flag", optional=True) if green else \
        Field("minimum", words("order.chicago.minimum"), "flag", optional=True)
    return OrderForm("move", words("order.chicago.move"), (
        Field("units", words("order.chicago.units"), "many", units),
        Field("to", words("order.chicago.to"), choices=places, by="units"), flag),
        words(f"order.chicago.move_note.{view.side}"),
        f"{movement.MOVE}, {'INFILTRATION' if green else 'CPD MINIMUM'}")


def _fighters(view: PlayerView, on_board: list[OwnUnit]) -> list[OwnUnit]:
    """His counters that may attack: groups not infiltrating (INFILTRATION); police and Tac outside the minimum
    boxes, never the Guard (CPD MINIMUM 2, NATIONAL GUARD)."""
    if view.side == DEMONSTRATORS:
        return [unit for unit in on_board if INFILTRATING not in unit.notes]
    return [unit for unit in on_board if MINIMUM not in unit.notes and unit.type != GUARD]


def _conflict(view: PlayerView, board: Board, words: Words, on_board: list[OwnUnit]) -> OrderForm | None:
    """HOW TO PLAY steps 2 and 4: a conflict in a box where his counters that may attack stand with the other
    side's seen now; the police pick the table (6), their attackers and, outside the parks (3), the groups they
    attack among those identified there (4)."""
    if FIGHTER.get(view.phase) != view.side:
        return None
    seen = {s.node: s for s in view.sightings if s.current and (s.count or s.units)}
    fighters = [unit for unit in _fighters(view, on_board) if unit.node in seen]
    where = {unit.node or "" for unit in fighters}
    if not where:
        return None
    places = _places(board, words, where)
    fields = [Field("box", words("order.chicago.box"), choices=choices(places))]
    if view.side == POLICE:
        parks = boxes.parks(board)  # 3: there blue attacks every group, and picks none
        groups = [_at(words, fact, node) for node, _ in places if node not in parks
                  for fact in seen[node].units]
        fields += [Field("table", words("order.chicago.table"), optional=True, choices=choices(
                       [(name, words(f"card.chicago.{name}")) for name in tables.NAMES if POLICE in tables.READERS[name]])),
                   Field("attack", words("order.chicago.attack"), "many", optional=True, choices=choices(
                       [_at(words, unit, unit.node or "") for unit in fighters]))]
        fields += [Field("defend", words("order.chicago.defend"), "many", optional=True, choices=choices(groups))] \
            if groups else []
    return OrderForm("conflict", words("order.chicago.conflict"), tuple(fields),
                     words(f"order.chicago.conflict_note.{view.side}", forced=conflict.FORCED_AT,
                           cap=conflict.POLICE_CAP), f"{conflict.RESOLVE} 1-8")


def _guard(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """NATIONAL GUARD: at any point while the demonstrators are ahead on the Exposure Index (public), his Guard
    companies in the counter box into any box."""
    scores = dict(view.scores)
    free = [unit for unit in mine if unit.type == GUARD and unit.status == OFF_MAP]
    if view.side != POLICE or not free or scores.get(DEMONSTRATORS, 0) <= scores.get(POLICE, 0):
        return None
    return OrderForm("guard", words("order.chicago.guard"), (
        Field("units", words("order.chicago.companies"), "count", least=1, most=len(free)),
        Field("to", words("order.chicago.to"), choices=choices(_places(board, words, board.nodes)))),
        words("order.chicago.guard_note", points=movement.GUARD_IN), movement.GUARD)


def _guard_out(view: PlayerView, words: Words, on_board: list[OwnUnit]) -> OrderForm | None:
    """NATIONAL GUARD: at any point, his Guard companies on the board taken out of the game."""
    guard = [unit for unit in on_board if unit.type == GUARD]
    if view.side != POLICE or not guard:
        return None
    return OrderForm("guard-out", words("order.chicago.guard_out"), (
        Field("units", words("order.chicago.companies"), "many",
              choices([_at(words, unit, unit.node or "") for unit in guard])),),
        words("order.chicago.guard_out_note", points=movement.GUARD_OUT), movement.GUARD)
