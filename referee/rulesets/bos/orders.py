"""Battle of Seattle's order forms: what a player may order his own units now, and the Authority his escalation
and emergency reinforcements, built from his view, the public map and his sheet's words alone.

Each form is a command of `referee apply` (docs/cli.md): `move` in his Movement Phase and, one area within his
Reaction Move Limit, in his Reaction Phase (5.0, 5.1); `barricade` in his Movement Phase from Stage Two (7.2, 7.3);
`place` for his reinforcements and the opening Crowds (4.2, Setup Instructions); `lose` for the unit Attrition or
Paperwork takes (Random Events Table 51-56); `combat` in his Combat Phase against the units he has identified where
his units stand (6.1, 6.2); `emergency` and `escalate` for the Authority (4.22, 7.3). Both indices, the stage and
the random event are public (2.3, 4.1, 7.3); what his units did this phase he reads in his own feed. Nothing is
offered once play stops at the end of the last game-turn (8.0).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from referee.core.board import Board
from referee.knowledge import card
from referee.knowledge.feed import OWN
from referee.knowledge.view import OwnUnit, PlayerView, UnitFact
from referee.orders import Field, OrderForm, choices, fitting, his_units
from referee.rulesets.bos.rules import combat, emergency, events, forces, reinforcement
from referee.rulesets.bos.rules.movement import BARRICADE, POOL, kept_still
from referee.rulesets.bos.rules.phases import EVENTS, FIGHTER, MOVER, REACTOR, TURN_END
from referee.rulesets.bos.rules.turn_end import CORE
from referee.rulesets.bos.rules.units import AUTHORITY, CROWD, GROUP, PROTESTER, TYPES

ON_MAP, RESERVE, OFF_MAP = "active", forces.RESERVE, forces.OFF_MAP
DUE = "to place this phase"  # the note of a reinforcement due (BosKnowledge._notes, 4.2)
PILES = ("in the Group pile", "in the Crowd pile")  # the notes of the Protester's units a random event may bring
MOVED = ("moved", "built", "not-built")  # his feed's lines of a unit that moved, or tried to build instead (7.2)


class Words(card.Words, Protocol):
    """The sheet's words (referee.briefing.i18n.Strings), which also translate a counter's printed name."""

    def data(self, text: str) -> str: ...


def forms(view: PlayerView, board: Board, words: Words) -> tuple[OrderForm, ...]:
    """The orders `view`'s player may give now, in the order of play."""
    if view.phase == TURN_END and view.turn >= view.turns:
        return ()
    made = (_move(view, board, words), _barricade(view, words), _place(view, board, words), _lose(view, words),
            _combat(view, words), _emergency(view, words), _escalate(view, words))
    return tuple(form for form in made if form is not None)


def _facts(view: PlayerView) -> tuple[int, events.RandomEvent | None]:
    """The escalation stage and this game-turn's random event, both public (7.3, 4.1)."""
    facts = dict(view.facts)
    return int(facts.get("stage", "1")), events.EVENTS.get(facts.get("event", ""))


def _mine(view: PlayerView, *statuses: str) -> list[OwnUnit]:
    """His own units where `statuses` say, leaving out those another player of his side commands."""
    return [unit for unit in his_units(view) if unit.status in statuses]


def _done(view: PlayerView, lines: Iterable[str]) -> set[str]:
    """The units his feed names in `lines` of his own this game-turn (ids, or the table's names)."""
    return {name for entry in view.feed if entry.turn == view.turn and entry.kind == OWN and entry.line in lines
            for _, kind, value in entry.values if kind == "unit"
            for name in ((value,) if isinstance(value, str) else value)}


def _is(unit: OwnUnit | UnitFact, names: set[str]) -> bool:
    return unit.id in names or unit.name in names


def _name(words: Words, unit: OwnUnit | UnitFact) -> str:
    """A counter as his sheet prints it: the table's name as given, else the rules' name in his language."""
    return unit.name if unit.renamed else words.data(unit.name)


def _at(words: Words, unit: OwnUnit) -> tuple[str, str]:
    """A unit of his as a choice: its name, and where it stands or waits."""
    where = words.place(unit.node) if unit.node else words.word("status", unit.status)
    return unit.id, words("order.bos.unit_at", unit=_name(words, unit), place=where)


def _places(board: Board, words: Words, nodes: Iterable[str]) -> list[tuple[str, str]]:
    """Areas as choices, in the map's order."""
    wanted = set(nodes)
    return [(node, words.place(node)) for node in board.nodes if node in wanted and board.nodes[node].in_play]


def _reach(board: Board, unit: OwnUnit, steps: int | None) -> set[str]:
    """The areas a unit of his may end a move in as far as the map alone tells: along Transit Lines within its
    Movement Factor (or `steps`) from an area, any area from the Reserve Pool (5.0, 5.1)."""
    if unit.node is None:
        return set(board.nodes)
    most = unit.movement if steps is None else steps
    return {node for node, far in board.distances([unit.node]).items() if 0 < far <= most}


def _move(view: PlayerView, board: Board, words: Words) -> OrderForm | None:
    """5.0 in his Movement Phase, 5.1 in his Reaction Phase: his units on the map, and the Authority's in the
    Reserve Pool, that have not moved this phase and that this turn's event lets move."""
    reacting = REACTOR.get(view.phase) == view.side
    if not reacting and MOVER.get(view.phase) != view.side:
        return None
    _, event = _facts(view)
    reacted = _done(view, ("reaction",))
    done = reacted if reacting else _done(view, MOVED)
    units = [unit for unit in _mine(view, ON_MAP, *((RESERVE,) if view.side == AUTHORITY else ()))
             if not _is(unit, done) and not (event and kept_still(event, unit.type, view.phase))
             and not (reacting and view.side == PROTESTER and TYPES[unit.type].kind != GROUP)]
    ei = dict(view.scores)[view.side]
    limit = reinforcement.reaction_limit(ei)
    left = limit - len(reacted)
    if not units or reacting and left <= 0:
        return None
    reach = {unit.id: _reach(board, unit, 1 if reacting else None) for unit in units}
    places = _places(board, words, set().union(*reach.values()))
    if view.side == AUTHORITY and not reacting:  # back to the Reserve Pool from the map
        reach = {unit.id: reach[unit.id] | ({POOL} if unit.node else set()) for unit in units}
        places += [(POOL, words.word("status", RESERVE))] if any(unit.node for unit in units) else []
    kind = "reaction" if reacting else "move"
    return OrderForm("move", words(f"order.bos.{kind}"), (
        Field("unit", words("order.bos.unit"), choices=choices([_at(words, unit) for unit in units])),
        Field("to", words("order.bos.to"), choices=fitting(choices(places), reach), by="unit")),
        words(f"order.bos.{kind}_note.{view.side}", limit=limit, ei=ei, left=left), "5.1" if reacting else "5.0")


def _barricade(view: PlayerView, words: Words) -> OrderForm | None:
    """7.2: in his Movement Phase, instead of moving, a unit on the map tries to build; not at Stage One (7.3),
    one Barricade an area (5.2), six in all."""
    stage, event = _facts(view)
    if MOVER.get(view.phase) != PROTESTER or view.side != PROTESTER or stage == 1:
        return None
    built = {marker.node for marker in view.markers if marker.marker == BARRICADE}
    if len(built) >= forces.BARRICADES:
        return None
    done = _done(view, MOVED)
    units = [unit for unit in _mine(view, ON_MAP) if unit.node not in built and not _is(unit, done)
             and not (event and kept_still(event, unit.type, view.phase))]
    if not units:
        return None
    return OrderForm("barricade", words("order.bos.barricade"), (
        Field("unit", words("order.bos.unit"), choices=choices([_at(words, unit) for unit in units])),),
        words("order.bos.barricade_note"), "7.2, 7.3")


def _place(view: PlayerView, board: Board, words: Words) -> OrderForm | None:
    """4.2: his reinforcements due, and the units this turn's event lets him choose from his piles, anywhere but
    where he sees only Authority units; before the first roll of game-turn 1, his opening Crowds to another area of
    the Downtown Core (Setup Instructions)."""
    if view.phase != EVENTS or view.side != PROTESTER:
        return None
    if view.turn == 1 and dict(view.facts).get("event") == "none":
        units = [unit for unit in _mine(view, ON_MAP) if TYPES[unit.type].kind == CROWD]
        nodes = [node for node in board.nodes if CORE in board.nodes[node].features]
        note, section = words("order.bos.opening_note"), "Setup Instructions"
    else:
        units = [unit for unit in _mine(view, OFF_MAP) if DUE in unit.notes or _brought(view, unit)]
        ours = {unit.node for unit in view.own if unit.status == ON_MAP}
        theirs = {s.node for s in view.sightings if s.current and (s.count or s.units)}
        nodes = [node for node in board.nodes if node in ours or node not in theirs]
        note, section = words("order.bos.place_note"), "4.2"
    if not units:
        return None
    return OrderForm("place", words("order.bos.place"), (
        Field("unit", words("order.bos.unit"), choices=choices([_at(words, unit) for unit in units])),
        Field("to", words("order.bos.to"), choices=choices(_places(board, words, nodes)))), note, section)


def _brought(view: PlayerView, unit: OwnUnit) -> bool:
    """Whether this turn's event lets him choose the unit from his piles: Hey Beavis...'s Yahoos; Random
    Reinforcement's Groups, and its Crowds where his EI is at least the Authority's (Random Events Table 11-16, 26)."""
    _, event = _facts(view)
    if event is None or not any(note in unit.notes for note in PILES):
        return False
    if event.reinforcement == events.YAHOOS:
        return unit.type == "yahoo"
    scores = dict(view.scores)
    kinds = {GROUP, CROWD} if scores[PROTESTER] >= scores[AUTHORITY] else {GROUP}
    return event.reinforcement == events.CHOSEN and TYPES[unit.type].kind in kinds


def _lose(view: PlayerView, words: Words) -> OrderForm | None:
    """Attrition and Paperwork (Random Events Table 51-56): the unit of his choice that leaves the game, once."""
    _, event = _facts(view)
    if view.phase != EVENTS or event is None or event.loses[0] != view.side or _done(view, ("lost",)):
        return None
    kind = event.loses[1]
    units = [unit for unit in _mine(view, ON_MAP, RESERVE) if kind in (unit.type, TYPES[unit.type].kind)
             and (unit.status == ON_MAP or kind != CROWD)]
    if not units:
        return None
    return OrderForm("lose", words("order.bos.lose"), (
        Field("unit", words("order.bos.unit"), choices=choices([_at(words, unit) for unit in units])),),
        words("order.bos.lose_note", event=words(f"event.{event.key}")), event.row)


def _combat(view: PlayerView, words: Words) -> OrderForm | None:
    """6.1: in his Combat Phase, his units that have not fought this phase, where he sees the other side now, and
    the units of the other side he has identified there; Special Munitions for the Authority from Stage Two,
    unless this turn's event forbids them (6.2, 7.3, Random Events Table 65-66)."""
    if FIGHTER.get(view.phase) != view.side:
        return None
    stage, event = _facts(view)
    fought = _done(view, ("attack",))
    seen = {s.node: [fact for fact in (*s.units, *((s.top,) if s.top else ())) if not _is(fact, fought)]
            for s in view.sightings if s.current}
    attackers = [unit for unit in _mine(view, ON_MAP) if seen.get(unit.node or "") and not _is(unit, fought)
                 and not (view.side == PROTESTER and event and combat.kept_from_attacking(event, TYPES[unit.type]))]
    where = {unit.node for unit in attackers}
    defenders = [(fact.id, words("order.bos.unit_at", unit=_name(words, fact), place=words.place(node)))
                 for node, facts in seen.items() if node in where for fact in facts]
    if not attackers or not defenders:
        return None
    mine = choices([_at(words, unit) for unit in attackers])
    fields = [Field("attackers", words("order.bos.attackers"), "many", mine),
              Field("defenders", words("order.bos.defenders"), "many", choices(defenders))]
    notes = [words("order.bos.combat_note")]
    if view.side == AUTHORITY and combat.munitions_barred(stage, (event,) if event else ()) is None:
        fields.append(Field("munitions", words("order.bos.munitions"), "many", mine, optional=True))
        notes.append(words("order.bos.munitions_note"))
    return OrderForm("combat", words("order.bos.combat"), tuple(fields), " ".join(notes), "6.1, 6.2")


def _emergency(view: PlayerView, words: Words) -> OrderForm | None:
    """4.22: in the Random Events and Reinforcement Phase, the Authority's units left off the map, by type, at
    their EI cost; State Troopers and National Guard not at Stage One (7.3)."""
    if view.phase != EVENTS or view.side != AUTHORITY:
        return None
    stage, _ = _facts(view)
    left: dict[str, int] = {}
    for unit in _mine(view, OFF_MAP):
        if emergency.barred(unit.type, stage) is None:
            left[unit.type] = left.get(unit.type, 0) + 1
    if not left:
        return None
    kinds = choices([(kind, words("order.bos.left", type=words.word("type", kind), n=n)) for kind, n in left.items()])
    return OrderForm("emergency", words("order.bos.emergency"), (
        Field("units", words("order.bos.units"), "counts", kinds, least=0, most=max(left.values())),),
        words("order.bos.emergency_note", cost=emergency.COST, turns=emergency.DELAY)
        + (" " + words("order.bos.stage_one") if stage == 1 else ""), "4.22, 7.3")


def _escalate(view: PlayerView, words: Words) -> OrderForm | None:
    """7.3: the Authority goes up one stage, at any point in the game; the note says when the rules let him."""
    stage, _ = _facts(view)
    if view.side != AUTHORITY or stage >= 3:
        return None
    return OrderForm("escalate", words("order.bos.escalate", stage=words(f"stage.{stage + 1}")), (
        Field("stage", words("order.bos.stage"), "count", least=stage + 1, most=stage + 1),),
        words(f"order.bos.escalate_note.{stage + 1}"), "7.3")

