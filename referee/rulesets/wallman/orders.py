"""Wallman's order forms: what an officer may order his own figure and his command now, built from his view, the
public map and his sheet's words alone.

Each form is a command of `referee apply` (docs/cli.md). The sequence of action is a guide, and no command is tied
to a phase, so every form is offered whatever the phase, none once the game is over. An officer's one action a
turn (Player Actions) leaves his figure out of the action forms once his feed shows it taken, and a unit his feed
shows moved this turn is not offered a move (Movement). Crowds are those he sees now, never by their hidden
facts (their looters, or their RL beyond what option mood_shown shows: no form reads a mood); casualties and
burning buildings those his view shows; other officers those he sees.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from referee.bounds import TEXT_CHARS
from referee.core.board import Board
from referee.core.units import ACTIVE
from referee.knowledge import card
from referee.knowledge.feed import OWN
from referee.knowledge.view import OwnUnit, PlayerView, UnitFact
from referee.orders import Choice, Field, Kind, OrderForm, choices, fitting
from referee.rulesets.wallman.rules.actions import PLAYER_ACTIONS
from referee.rulesets.wallman.rules.care import MEDICAL, STRETCHERS, TO_HOSPITAL, WALKING
from referee.rulesets.wallman.rules.clashes import FIGHTING, FIREARMS, GAS, GAS_CARRIERS, SNIPERS
from referee.rulesets.wallman.rules.crowds import NEGOTIATION
from referee.rulesets.wallman.rules.fighting import INTENTS
from referee.rulesets.wallman.rules.looks import ASSESSED, DOWN, FROM, HYDRANT, ON_FIRE, OVER, UNDER_FIRE, UNDER_WAY
from referee.rulesets.wallman.rules.moves import MOVEMENT, RUN
from referee.rulesets.wallman.rules.phases import CROWD, SECURITY
from referee.rulesets.wallman.rules.premises import FIRES

OFFICER, ENGINE, PARAMEDICS = "officer", "firefighters", "paramedics"
UNARMED = (ENGINE, PARAMEDICS)  # Types of Unit: fire crews and paramedics carry no guns
ACTIONS = ("ordered", "negotiated", "fired", "fought")  # his feed's lines of his figure's action (a fight he started)
TYPES_OF_UNIT = "Types of Unit"


class Words(card.Words, Protocol):
    """The sheet's words (referee.briefing.i18n.Strings), which also translate a name from data."""

    def data(self, text: str) -> str: ...


def forms(view: PlayerView, board: Board, words: Words) -> tuple[OrderForm, ...]:
    """The orders `view`'s officer may give now: his figure's action first, then his command's."""
    if any(line.endswith(OVER) for line in view.announcements):
        return ()
    mine = [unit for unit in view.own if unit.status == ACTIVE and unit.node is not None]
    made = (_move(view, board, words, mine), _order(view, board, words, mine), _negotiate(view, words, mine),
            _fight(view, words, mine), _shoot(view, board, words, mine), _gas(view, board, words, mine),
            _return_fire(view, board, words, mine), _firefight(view, board, words, mine),
            _hydrant(board, words, mine), _care(view, words, mine, "triage"), _care(view, words, mine, "evacuate"))
    return tuple(form for form in made if form is not None)


def _done(view: PlayerView, lines: Iterable[str]) -> set[str]:
    """His units his feed says did what `lines` say this turn."""
    return {name for entry in view.feed if entry.turn == view.turn and entry.kind == OWN and entry.line in lines
            for field, _, value in entry.values if field == "units"
            for name in ((value,) if isinstance(value, str) else value)}


def _acting(view: PlayerView, mine: list[OwnUnit]) -> list[OwnUnit]:
    """His units that may act: his own figure only until his feed shows his action this turn taken."""
    acted = _done(view, ACTIONS)
    return [unit for unit in mine if unit.type != OFFICER or unit.id not in acted]


def _name(words: Words, unit: OwnUnit | UnitFact) -> str:
    """A unit as his sheet prints it: the table's name as given, else the scenario's."""
    return unit.name if unit.renamed else words.data(unit.name)


def _at(words: Words, unit: OwnUnit | UnitFact, node: str) -> tuple[str, str]:
    """A unit as a choice: its name, and where it stands."""
    return unit.id, words("order.wallman.unit_at", unit=_name(words, unit), place=words.place(node))


def _units(words: Words, units: Iterable[OwnUnit], key: str = "unit") -> Field:
    """A field of his units (`unit`, `officer`, `engine`, `medic`, `ambulance`), each with where it stands."""
    return Field(key, words(f"order.wallman.{key}"), choices=choices([_at(words, u, u.node or "") for u in units]))


def _seen(view: PlayerView, side: str) -> list[tuple[UnitFact, str]]:
    """The units of `side` he sees now, with their places."""
    return [(unit, sighting.node) for sighting in view.sightings if sighting.current and sighting.side == side
            for unit in sighting.units]


def _crowds(view: PlayerView, words: Words, near: set[str] | None = None) -> Field | None:
    """The crowds he sees now (where `near` says, if it does), or None if none."""
    seen = [_at(words, unit, node) for unit, node in _seen(view, CROWD) if near is None or node in near]
    return Field("crowd", words("order.wallman.crowd"), choices=choices(seen)) if seen else None


def _near(board: Board, units: Iterable[OwnUnit]) -> set[str]:
    """The places of `units` and the places next to them."""
    return {node for unit in units if unit.node for node in (unit.node, *board.adjacency[unit.node])}


def _targets(view: PlayerView, mine: list[OwnUnit]) -> set[str]:
    """The places a target may be named in: where he has units, or sees the crowds now."""
    return {unit.node for unit in mine if unit.node} | {s.node for s in view.sightings if s.current and s.side == CROWD}


def _places(board: Board, words: Words, nodes: Iterable[str]) -> tuple[Choice, ...]:
    """Places as choices, in the map's order."""
    wanted = set(nodes)
    return choices([(node, words.place(node)) for node in board.nodes if node in wanted and board.nodes[node].in_play])


def _megaphone(words: Words) -> Field:
    return Field("megaphone", words("order.wallman.megaphone"), "flag", optional=True)


def _move(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Movement: his units that have not moved this turn, to the places the map lets them reach (crowds he may
    not see aside): on foot or mounted within their pace, a vehicle anywhere (once under way); his figure may run,
    twice as far (Player Actions), while his action is not taken."""
    moved = _done(view, ("moved",))
    units = [unit for unit in mine if unit.id not in moved]
    if not units:
        return None
    acting = [unit for unit in _acting(view, units) if unit.type == OFFICER]
    runners = {unit.id for unit in acting}
    run = (Field("run", words("order.wallman.run", figure=", ".join(_name(words, unit) for unit in acting)), "flag",
                 optional=True),) if runners else ()
    reach = {unit.id: _reach(board, unit, unit.id in runners) for unit in units}
    places = fitting(_places(board, words, set().union(*reach.values())), reach)
    return OrderForm("move", words("order.wallman.move"), (
        _units(words, units), Field("to", words("order.wallman.to"), choices=places, by="unit"), *run),
        words("order.wallman.move_note", run=RUN), MOVEMENT)


def _reach(board: Board, unit: OwnUnit, runs: bool) -> set[str]:
    """The places the map alone lets `unit` reach this turn: within its pace (twice that running), a vehicle
    anywhere, as it may be under way."""
    most = None if UNDER_WAY in unit.notes else unit.movement * (RUN if runs else 1)
    return {node for node, far in board.distances([unit.node or ""]).items() if 0 < far and (most is None or far <= most)}


def _order(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Player Actions: his figure shouts an order to a unit of his within earshot (his place; the next with a
    megaphone), or talks with another officer he sees there."""
    officers = [unit for unit in _acting(view, mine) if unit.type == OFFICER]
    earshot = _near(board, officers)
    others = [_at(words, unit, unit.node or "") for unit in mine if unit.type != OFFICER and unit.node in earshot] + [
        _at(words, unit, node) for unit, node in _seen(view, SECURITY) if unit.type == OFFICER]
    if not officers or not others:
        return None
    return OrderForm("order", words("order.wallman.order"), (
        _units(words, officers, "officer"), Field("to", words("order.wallman.whom"), choices=choices(others)),
        Field("text", words("order.wallman.text"), "text", optional=True, most=TEXT_CHARS), _megaphone(words)),
        words("order.wallman.order_note"), PLAYER_ACTIONS)


def _negotiate(view: PlayerView, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Negotiation: his figure talks to a crowd he sees, face to face in his place or by megaphone from the next."""
    officers = [unit for unit in _acting(view, mine) if unit.type == OFFICER]
    crowd = _crowds(view, words)
    if not officers or crowd is None:
        return None
    return OrderForm("negotiate", words("order.wallman.negotiate"), (_units(words, officers, "officer"), crowd,
                     _megaphone(words)), words("order.wallman.negotiate_note"), NEGOTIATION)


def _fight(view: PlayerView, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Fighting: a figure of a unit of his standing where he sees a crowd now, against a man of that crowd, to
    beat or to arrest; mounted police may charge."""
    crowds = {node for _, node in _seen(view, CROWD)}
    units = [unit for unit in _acting(view, mine) if unit.node in crowds]
    crowd = _crowds(view, words, {unit.node for unit in units if unit.node})
    if not units or crowd is None:
        return None
    intent = Field("intent", words("order.wallman.intent"),
                   choices=choices([(i, words(f"order.wallman.intent.{i}")) for i in INTENTS]))
    mounted = any(unit.type.startswith("mounted") for unit in units)
    charging = (Field("charging", words("order.wallman.charging"), "flag", optional=True),) if mounted else ()
    return OrderForm("fight", words("order.wallman.fight"), (_units(words, units), crowd, intent, *charging),
                     words("order.wallman.fight_note"), FIGHTING)


def _shoot(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Firearms: an armed unit of his fires into a crowd he sees now, in its place or the next; as many firers
    as the unit has men."""
    crowds = {node for _, node in _seen(view, CROWD)}
    units = [unit for unit in _acting(view, mine) if unit.type not in UNARMED and _near(board, [unit]) & crowds]
    crowd = _crowds(view, words, _near(board, units))
    if not units or crowd is None:
        return None
    firers = Field("firers", words("order.wallman.firers"), "count", optional=True, least=1,
                   most=max(unit.strength for unit in units))
    return OrderForm("shoot", words("order.wallman.shoot"), (_units(words, units), crowd, firers),
                     words("order.wallman.shoot_note"), FIREARMS)


def _gas(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Types of Unit: a riot-equipped unit of his fires gas into its place or the next, where he sees a crowd now."""
    units = [unit for unit in mine if unit.type in GAS_CARRIERS]
    places = _places(board, words, _near(board, units) & {node for _, node in _seen(view, CROWD)})
    if not units or not places:
        return None
    kind = Field("kind", words("order.wallman.gas_kind"),
                 choices=choices([(gas, words(f"order.wallman.gas.{gas}")) for gas in GAS]))
    return OrderForm("gas", words("order.wallman.gas"), (
        _units(words, units), Field("at", words("order.wallman.at"), choices=places), kind),
        words("order.wallman.gas_note"), TYPES_OF_UNIT)


def _return_fire(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Terrorists and Snipers: once told this turn that a unit of his is under sniper fire, an armed unit of his
    fires back at a place in its sight: where he has units, sees a crowd now, or was told the sniper is."""
    told = [report.text for report in view.reports if report.turn == view.turn
            and any(report.text.startswith(unit.id + UNDER_FIRE) for unit in view.own)]
    if not told:
        return None
    spotted = {node for node in board.nodes if any(text.endswith(FROM + node) for text in told)}
    units = [unit for unit in _acting(view, mine) if unit.type not in UNARMED]
    places = _places(board, words, _near(board, units) & (_targets(view, mine) | spotted))
    if not units or not places:
        return None
    return OrderForm("return-fire", words("order.wallman.return_fire"), (
        _units(words, units), Field("at", words("order.wallman.at"), choices=places)),
        words("order.wallman.return_fire_note"), SNIPERS)


def _engines(mine: list[OwnUnit], where: Iterable[str]) -> list[OwnUnit]:
    """His fire engines standing at one of the places `where` names."""
    nodes = set(where)
    return [unit for unit in mine if unit.type == ENGINE and unit.node in nodes]


def _firefight(view: PlayerView, board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Fires and Firefighting: an engine of his plays its hose on a building where it stands that his view shows
    on fire."""
    burning = [name for name in board.buildings if any(
        note.subject == name and any(part.startswith(ON_FIRE) for part in note.text.split("; ")) for note in view.scene)]
    engines = _engines(mine, (board.buildings[name].node for name in burning))
    here = {unit.node for unit in engines}
    if not engines:
        return None
    buildings = [(name, words.data(name)) for name in burning if board.buildings[name].node in here]
    return OrderForm("firefight", words("order.wallman.firefight"), (
        _units(words, engines, "engine"),
        Field("building", words("order.wallman.building"), choices=choices(buildings))),
        words("order.wallman.firefight_note"), FIRES)


def _hydrant(board: Board, words: Words, mine: list[OwnUnit]) -> OrderForm | None:
    """Fires and Firefighting: an engine of his not yet on a hydrant connects to one where it stands (a turn)."""
    hydrants = [node for node in board.nodes if "hydrant" in board.nodes[node].features]
    engines = [unit for unit in _engines(mine, hydrants) if HYDRANT not in unit.notes]
    if not engines:
        return None
    return OrderForm("hydrant", words("order.wallman.hydrant"), (
        _units(words, engines, "engine"),),
        words("order.wallman.hydrant_note"), FIRES)


CARE: dict[str, tuple[str, str, Kind]] = {"triage": ("medic", "casualty", "one"),
                                          "evacuate": ("ambulance", "casualties", "many")}
"""Each Medical Services order: the key of the crew, the key of the casualties and the kind of that field."""


def _care(view: PlayerView, words: Words, mine: list[OwnUnit], verb: str) -> OrderForm | None:
    """Medical Services: a paramedic crew of his assesses a casualty lying where it stands (`triage`), or an
    ambulance of his takes casualties assessed for hospital there (`evacuate`); the casualties are those his view
    shows lying now."""
    crew, key, kind = CARE[verb]
    crews = {unit.node for unit in mine if unit.type == PARAMEDICS}
    wanted = {DOWN + ASSESSED + result for result in TO_HOSPITAL} if verb == "evacuate" else {DOWN}
    lying = [note for note in view.scene if note.current and note.node in crews and note.text in wanted]
    places = {note.node for note in lying}
    if not lying:
        return None
    casualties = [(note.subject, words("order.wallman.casualty_at", casualty=note.subject, place=words.place(note.node),
                                       state=words.data(note.text))) for note in lying]
    return OrderForm(verb, words(f"order.wallman.{verb}"), (
        _units(words, [unit for unit in mine if unit.type == PARAMEDICS and unit.node in places], crew),
        Field(key, words(f"order.wallman.{key}"), kind, choices=choices(casualties))),
        words(f"order.wallman.{verb}_note", stretchers=STRETCHERS, walking=WALKING), MEDICAL)
