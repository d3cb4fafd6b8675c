"""N30's reference card: the turn order (2), the movement limits and rates (3, 3.1, 3.2) of the player's own side
and units, and the confrontation table (4, 4.4, 4.5): the result of each die against the strength a protester unit
faces, without gas and with it, read from the rules' own functions. The phase now, the intersections he may choose
this turn and, for the police, the strength each protester would face where they stand together now are marked.
"""

from __future__ import annotations

from referee.knowledge.card import Card, Table, Words, row_cells
from referee.knowledge.view import PlayerView
from referee.rulesets.n30.rules import confrontation, limits
from referee.rulesets.n30.rules.phases import PHASES, POLICE, PROTESTERS, allowed_at

SECTIONS = {"protester-movement": "3", "police-movement": "3", "confrontation": "4", "success": "5"}
FACES = range(1, 7)
MARK = {confrontation.RETREAT: "R", confrontation.UNAFFECTED: "–", confrontation.DESTROYED: "X"}


def card(view: PlayerView, t: Words) -> Card:
    """The card of `view`'s side."""
    return Card(t("card.title", side=t.word("side", view.side)),
                (sequence(view, t), movement(view, t), *(confront(view, gas, t) for gas in (False, True))))


def sequence(view: PlayerView, t: Words) -> Table:
    """The four phases of a turn (2), the one now marked."""
    rows = tuple((t.word("phase", phase), t(f"card.n30.step.{phase}"), SECTIONS[phase]) for phase in PHASES)
    now = PHASES.index(view.phase) if view.phase in PHASES else None
    return Table(t("card.n30.sequence"), "2", (t("card.phase"), t("card.what"), t("card.rule")), rows,
                 row_cells(now, range(3)) if now is not None else frozenset())


def movement(view: PlayerView, t: Words) -> Table:
    """His side's movement limits (3, 3.2) and each of his unit types' dice (3, 3.1); the intersections he may
    choose this turn marked."""
    allowed = allowed_at(view.side, view.time)
    rows = [(t("card.n30.chosen"), str(allowed)), (t("card.n30.stacking"), str(limits.STACKING[view.side])),
            (t(f"card.n30.entry.{view.side}"), str(limits.ENTRY[view.side]))]
    dice = {unit.type: unit.movement for unit in view.own}
    rows += [(t.word("type", kind), t("card.n30.dice", dice=count)) for kind, count in sorted(dice.items())]
    notes = (t("card.n30.rate_note"),) + ((t("card.n30.flying"),) if view.side == PROTESTERS else ())
    return Table(t("card.n30.movement"), "3, 3.1, 3.2", (t("card.n30.limit"), t("card.n30.value")), tuple(rows),
                 row_cells(0, range(2)), notes)


def confront(view: PlayerView, gas: bool, t: Words) -> Table:
    """The result of one confrontation die (columns) against the strength a protester unit faces (rows), with
    or without gas (4); for the police, the rows of the shares his squads would deal where protesters are seen
    with them now."""
    strengths = range(1, max(FACES) + 1)
    rows = tuple((str(s), *(MARK[confrontation.die_result(roll, s, gas)] for roll in FACES)) for s in strengths)
    shares = police_shares(view) if view.side == POLICE else {}
    factor = 2 if gas else 1
    facing = {min(share * factor, max(strengths)) for share in shares.values() if share >= 1}
    marked = frozenset(cell for s in facing for cell in row_cells(s - 1, range(len(FACES) + 1)))
    notes = [t("card.n30.share_at", places=", ".join(f"{t.place(node)} ({share})" for node, share in shares.items()))
             ] if shares else []
    notes += [t("card.n30.codes"), t("card.n30.gas_note" if gas else "card.n30.plain_note")]
    if gas:
        notes += [t("card.n30.cost", most=confrontation.political_cost(["theater"] * 9, True))]
    notes.append(t("card.n30.lockdown", stays=max(r for r in FACES if confrontation.refusal_result(r) == confrontation.STAYS)))
    return Table(t("card.n30.gassed" if gas else "card.n30.pushed"), "4, 4.4, 4.5" if gas else "4, 4.4",
                 (t("card.n30.facing"), *(t("card.n30.die", n=n) for n in FACES)), rows, marked, tuple(notes))


def police_shares(view: PlayerView) -> dict[str, int]:
    """For each intersection where his attacking squads stand with protesters seen now, as many as he counts: the
    least share of the squads' total each protester unit would face (4: divided as evenly as possible)."""
    counts = {s.node: s.count for s in view.sightings if s.current and s.count}
    totals: dict[str, int] = {}
    for unit in view.own:
        if unit.node in counts and unit.status == "active" and unit.type in confrontation.ATTACKING_TYPES:
            totals[unit.node] = totals.get(unit.node, 0) + confrontation.police_factor(unit.type)
    return {node: total // counts[node] for node, total in totals.items()}

