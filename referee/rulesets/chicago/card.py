"""Chicago-Chicago's reference card: the turn's steps (HOW TO PLAY), the side's own columns of the HARASS table and,
for the police alone, the ASSAULT table (HOW TO RESOLVE CONFLICT 6-8; a reconstruction, the board that printed them
being lost), and what the letters and numbers of a box's code and of a result mean (5; BREAKING DOWN AND BUILDING
UP UNITS 2). The step now is marked, and the column a side's units would attack at where the other side's strength
in their box is known to him.
"""

from __future__ import annotations

from referee.knowledge.card import Card, Table, Words, column_cells, row_cells
from referee.knowledge.view import PlayerView
from referee.rulesets.chicago.rules import conflict, steps, tables

RESOLVE = conflict.RESOLVE
SEQUENCE = (*steps.STEPS, "attrition", "time")  # steps 1-4, then 5 and 6


def card(view: PlayerView, t: Words) -> Card:
    """The card of `view`'s side."""
    read = tables.load()
    charts = [sequence(view, t)]
    charts += [chart(read[name], view, t) for name in tables.NAMES if view.side in tables.READERS[name]]
    charts.append(codes(t))
    return Card(t("card.title", side=t.word("side", view.side)), tuple(charts), (t("card.chicago.reconstructed"),))


def sequence(view: PlayerView, t: Words) -> Table:
    """The six steps of a turn (HOW TO PLAY), the step now marked."""
    rows = tuple((str(n), t(f"card.chicago.step.{step}")) for n, step in enumerate(SEQUENCE, 1))
    now = SEQUENCE.index(view.phase) if view.phase in SEQUENCE else None
    return Table(t("card.chicago.sequence"), "HOW TO PLAY", (t("card.step"), t("card.what")), rows,
                 row_cells(now, range(2)) if now is not None else frozenset())


def chart(table: tables.Table, view: PlayerView, t: Words) -> Table:
    """One Conflict Resolution Table as the side reads it: a row per die roll, its own columns of odds; the
    columns his units would attack at now marked."""
    grid = table.rows[view.side]
    headers = tuple(f"{n}:1" for n in range(1, table.columns(view.side) + 1))
    rows = tuple((str(roll), *(cell.code for cell in results)) for roll, results in enumerate(grid, 1))
    at: dict[int, list[str]] = {}
    for node, odds in attack_odds(view).items():
        if odds >= 1:
            at.setdefault(min(odds, table.columns(view.side)), []).append(t.place(node))
    notes = [t("card.chicago.column_at", column=headers[column - 1], places=", ".join(places))
             for column, places in sorted(at.items())]
    notes.append(t(f"card.chicago.{table.name}_note.{view.side}", cap=conflict.POLICE_CAP, forced=conflict.FORCED_AT))
    marked = frozenset(cell for column in at for cell in column_cells(column, range(len(rows))))
    return Table(t(f"card.chicago.{table.name}"), f"{RESOLVE} 6-8", (t("card.die"), *headers), rows, marked,
                 tuple(notes), frozenset(at))


def attack_odds(view: PlayerView) -> dict[str, int]:
    """For each box where the player's units stand with the other side's seen now at a known strength: the odds
    his units there would attack at (6: rounded down in the defender's favour; 8: the police's at most 4:1)."""
    theirs = {s.node: s.strength for s in view.sightings if s.current and s.strength}
    own: dict[str, int] = {}
    for unit in view.own:
        if unit.node in theirs and unit.status == "active":
            own[unit.node] = own.get(unit.node, 0) + unit.strength
    return {node: conflict.ratio(strength, theirs[node], view.side) for node, strength in own.items()}


def codes(t: Words) -> Table:
    """What a box's code and a result's letters and numbers mean (HOW TO RESOLVE CONFLICT 5-6; BREAKING DOWN AND
    BUILDING UP UNITS 2), each part read from the tables' own code."""
    letters = [(letter, t("card.chicago.code.winner", side=t.word("side", side))) for letter, side in tables.SIDE.items()]
    rows = (("P4/D1", t("card.chicago.code.box")),
            *((f"{letter}…", words) for letter, words in letters),
            *((f"…{letter}…", t("card.chicago.code.affected", side=t.word("side", side)))
              for letter, side in tables.SIDE.items()),
            *((f"…{n}", t(f"card.chicago.code.fraction{n}")) for n in (3, 2)),
            (tables.UP, t("card.chicago.code.up")),
            (tables.NO_EFFECT, t("card.chicago.code.none")))
    return Table(t("card.chicago.codes"), f"{RESOLVE} 5-6", (t("card.chicago.code"), t("card.chicago.means")), rows,
                 notes=(t("card.chicago.code.example"),))
