"""N30's order forms: what a player may order his own units now, built from his view, the public map and his
sheet's words alone.

Each form is a command of `referee apply` (docs/cli.md, N30 commands). In his side's movement phase (2, 3) he moves
his units on the map and his reinforcements waiting at their edge, and the protesters build barricades or drop Flo
instead of moving (3.3); a unit his feed shows moved or built with this turn is not offered again, and once his feed
shows as many intersections used as the turn allows, only the units there (and his reinforcements) are. In the
confrontation phase (4) the police attack where their squads stand with protesters they see now, with gas where
a chemical unit of theirs stands too. Which unit tops a stack (6.2) is not tied to a phase. A commander of a side
of two players is offered the units he commands, and the attack where any squad of his side stands. Nothing once
the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from referee.core.board import Board
from referee.core.units import ACTIVE, OFF_MAP
from referee.knowledge import card
from referee.knowledge.feed import OWN
from referee.knowledge.view import OwnUnit, PlayerView
from referee.orders import Field, OrderForm, choices, his_units
from referee.rulesets.n30.rules.confrontation import ATTACKING_TYPES, GAS_TYPES, MOST_COUNTED, political_cost
from referee.rulesets.n30.rules.phases import CONFRONTATION, GAME_OVER, MOVER, POLICE, PROTESTERS, allowed_at

ACTED = ("moved", "built", "flo")  # his feed's lines of a unit's move, or its building instead (3, 3.3)


class Words(card.Words, Protocol):
    """The sheet's words (referee.briefing.i18n.Strings), which also translate a name from data."""

    def data(self, text: str) -> str: ...


def forms(view: PlayerView, board: Board, words: Words) -> tuple[OrderForm, ...]:
    """The orders `view`'s player may give now: his side's moves in its movement phase, the police attack in the
    confrontation phase, the top of a stack always."""
    if any(GAME_OVER in line for line in view.announcements):
        return ()
    mine = [unit for unit in his_units(view) if unit.status in (ACTIVE, OFF_MAP)]
    made: list[OrderForm | None] = []
    if MOVER.get(view.phase) == view.side:
        movers, chosen = _movers(view, mine)
        made.append(_move(view, board, words, movers, chosen))
        if view.side == PROTESTERS:
            made += [_barricade(view, words, movers), _flo(view, words, movers)]
    if view.phase == CONFRONTATION and view.side == POLICE:
        made.append(_confront(view, board, words))
    made.append(_top(words, mine))
    return tuple(form for form in made if form is not None)


def _movers(view: PlayerView, mine: list[OwnUnit]) -> tuple[list[OwnUnit], list[str]]:
    """3: his units that may still move or build this turn, as his feed tells: each unit once, from no more
    intersections than the turn allows (a reinforcement enters from its edge, which is chosen by none); and the
    intersections his side has chosen, in the order it chose them. The feed names a unit the table renamed by its
    new name."""
    acted: set[object] = set()
    chosen: dict[str, None] = {}
    for entry in view.feed:
        if entry.turn == view.turn and entry.kind == OWN and entry.line in ACTED:
            values = {field: (kind, value) for field, kind, value in entry.values}
            acted.add(values["units"][1])
            kind, start = values["from" if entry.line == "moved" else "at"]
            if kind == "place" and isinstance(start, str):
                chosen[start] = None
    full = len(chosen) >= allowed_at(view.side, view.time)
    return [unit for unit in mine if (unit.name if unit.renamed else unit.id) not in acted
            and (unit.status == OFF_MAP or not full or unit.node in chosen)], list(chosen)


def _named(words: Words, unit: OwnUnit) -> str:
    """A unit as his sheet prints it: the table's name as given, else the text's with its id where that differs."""
    if unit.renamed:
        return unit.name
    name = words.data(unit.name)
    return name if unit.id in unit.name else f"{name} [{unit.id}]"


def _units(words: Words, units: Iterable[OwnUnit]) -> Field:
    """The `unit` field: his units, each with where it stands (or waits, off the map)."""
    return Field("unit", words("order.n30.unit"), choices=choices([(unit.id, words(
        "order.n30.unit_at", unit=_named(words, unit),
        place=words.place(unit.node) if unit.node else words.word("status", unit.status))) for unit in units]))


def _places(board: Board, words: Words, key: str, nodes: Iterable[str]) -> Field:
    """A place field (`to`, `node`) of these intersections, those in play, in the map's order."""
    wanted = set(nodes)
    return Field(key, words(f"order.n30.{key}"), choices=choices([(node, words.place(node)) for node in board.nodes
                                                                  if node in wanted and board.nodes[node].in_play]))


def _move(view: PlayerView, board: Board, words: Words, movers: list[OwnUnit], chosen: list[str]) -> OrderForm | None:
    """3, 3.1, 3.2: one of his units that may move, to any intersection in play; the dice decide how far. The note
    says how many intersections the turn allows and which his side has chosen so far."""
    if not movers:
        return None
    shared = len(his_units(view)) < len(view.own)  # a teammate commands some of his side's units
    note = words("order.n30.move_note", allowed=allowed_at(view.side, view.time))
    if chosen:
        note += " " + words("order.n30.move_chosen", places=", ".join(words.place(node) for node in chosen))
    if shared:
        note += " " + words("order.n30.move_shared")
    return OrderForm("move", words("order.n30.move"), (_units(words, movers), _places(board, words, "to", board.nodes)),
                     note, "3")


def _built(view: PlayerView, marker: str) -> set[str]:
    """Where his view shows his side's `marker` now (the protesters know theirs as they are)."""
    return {seen.node for seen in view.markers if seen.marker == marker and seen.side == view.side and seen.current}


def _barricade(view: PlayerView, words: Words, movers: list[OwnUnit]) -> OrderForm | None:
    """3.3: a protester unit on the map builds a barricade instead of moving, where there is none yet."""
    standing = _built(view, "barricade")
    units = [unit for unit in movers if unit.status == ACTIVE and unit.node not in standing]
    return OrderForm("barricade", words("order.n30.barricade"), (_units(words, units),),
                     words("order.n30.barricade_note"), "3.3") if units else None


def _flo(view: PlayerView, words: Words, movers: list[OwnUnit]) -> OrderForm | None:
    """3.3: a protester unit on the map drops Flo (there is one) instead of moving, while she is not down."""
    units = [unit for unit in movers if unit.status == ACTIVE]
    if not units or _built(view, "flo"):
        return None
    return OrderForm("flo", words("order.n30.flo"), (_units(words, units),), words("order.n30.flo_note"), "3.3")


def _top(words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """6.2: a unit of his on the map, not on top of its stack already, goes on top: the one the other side sees."""
    units = [unit for unit in mine if unit.status == ACTIVE and unit.stack]
    return OrderForm("top", words("order.n30.top"), (_units(words, units),), words("order.n30.top_note"),
                     "6.2") if units else None


def _confront(view: PlayerView, board: Board, words: Words) -> OrderForm | None:
    """4: an attack where a hard, soft or mounted squad of his side stands with protesters he sees now; gas (4,
    4.5) offered where a chemical unit stands with them too."""
    seen = {sighting.node for sighting in view.sightings if sighting.current and sighting.side != view.side}
    stands = [(unit.node, unit.type) for unit in his_units(view)
              if unit.status == ACTIVE and unit.node is not None and unit.node in seen]
    squads = {node for node, kind in stands if kind in ATTACKING_TYPES}
    chemical = {node for node, kind in stands if kind in GAS_TYPES}
    if not squads:
        return None
    gassed = [node for node in board.nodes if node in squads & chemical]
    gas = (Field("gas", words("order.n30.gas"), "flag", optional=True),) if gassed else ()
    note = words("order.n30.confront_note")
    if gassed:
        note += " " + words("order.n30.gas_note", places=", ".join(words.place(node) for node in gassed),
                            most=political_cost(["theater"] * MOST_COUNTED, True))
    return OrderForm("confront", words("order.n30.confront"), (_places(board, words, "node", squads), *gas), note, "4")
