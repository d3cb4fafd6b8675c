"""Battle of Seattle's reference card: the sequence of play (3.0), the Exposure Index Reinforcement Table (4.21,
5.1), the Authority's emergency reinforcements (4.22, his card only), the Random Events Table (4.1) and the Combat
Results Table (6.1-6.3), read from the rules' own data, with the player's EI column, this phase, this turn's event
and the CRT columns his units would attack at now marked.

Every table the rules print is public (2.2, 2.3): both sides' cards hold them; the Authority's alone holds what only
he may order.
"""

from __future__ import annotations

from referee.knowledge.card import Card, Table, Words, column_cells, row_cells
from referee.knowledge.view import PlayerView
from referee.rulesets.bos.rules import combat, crt, emergency, events, reinforcement, turns
from referee.rulesets.bos.rules.movement import BARRICADE
from referee.rulesets.bos.rules.phases import FIGHTER, MOVER, PHASES, REACTOR
from referee.rulesets.bos.rules.units import AUTHORITY, PROTESTER, TYPES

SECTIONS = {"events": "3.2, 4.0", "turn-end": "3.4"} | {phase: "3.31, 5.0" for phase in MOVER} | {
    phase: "3.32, 5.1" for phase in REACTOR} | {phase: "3.33, 6.0" for phase in FIGHTER}
"""Where the rules describe each phase (3.0)."""


def card(view: PlayerView, t: Words) -> Card:
    """The card of `view`'s side."""
    ei = dict(view.scores).get(view.side)
    facts = dict(view.facts)
    tables = [sequence(view, t), exposure_table(view.side, ei, t)]
    if view.side == AUTHORITY:
        tables.append(emergency_table(int(facts.get("stage", "1")), t))
    tables += [events_table(facts.get("event"), t), crt_table(view, t)]
    return Card(t("card.title", side=t.word("side", view.side)), tuple(tables))


def sequence(view: PlayerView, t: Words) -> Table:
    """The phases of a game-turn (3.0), this one marked."""
    rows = tuple((t.word("phase", phase), t(f"card.bos.step.{phase}"), SECTIONS[phase]) for phase in PHASES)
    now = PHASES.index(view.phase) if view.phase in PHASES else None
    return Table(t("card.bos.sequence"), "3.0", (t("card.phase"), t("card.what"), t("card.rule")), rows,
                 row_cells(now, range(3)) if now is not None else frozenset(),
                 (t("card.now_phase", phase=t.word("phase", view.phase)),) if now is not None else ())


def _entry(entry: reinforcement.Entry) -> str:
    """A cell as printed: "+2d6", "+1", "-2"."""
    return f"+{entry.dice}d6" if entry.dice else _signed(entry.fixed)


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def exposure_table(side: str, ei: int | None, t: Words) -> Table:
    """The Exposure Index Reinforcement Table (4.21) with the Reaction Move Limit (5.1); the side's own rows
    marked in the column of its EI."""
    bands = tuple(f"{low}-{high}" if high is not None else f"{low}+" for low, high in reinforcement.BANDS)
    rows = ((t("card.bos.groups"), *map(_entry, reinforcement.GROUPS)),
            (t("card.bos.crowds"), *map(_entry, reinforcement.CROWDS)),
            (t("card.bos.spd"), *map(_signed, reinforcement.SPD)),
            (t("card.bos.reaction"), *map(str, reinforcement.REACTION)))
    notes = [t("card.bos.exposure_note")]
    marked: frozenset[tuple[int, int]] = frozenset()
    if ei is not None:
        column = reinforcement.band(ei)
        own = (0, 1, 3) if side == PROTESTER else (2, 3)
        marked = column_cells(column + 1, own)
        notes.insert(0, t("card.bos.your_band", ei=ei, band=bands[column],
                          limit=reinforcement.REACTION[column]))
    return Table(t("card.bos.exposure"), "4.21, 5.1", (t("sheet.score"), *bands), rows, marked, tuple(notes),
                 frozenset(column for _, column in marked))


def emergency_table(stage: int, t: Words) -> Table:
    """What the Authority may order (4.22): each type, when it reaches the Reserve Pool, its EI cost; the types
    he may take at this stage of escalation marked (none but SPD at Stage One, 7.3)."""
    kinds = [kind for kind in TYPES.values() if kind.side == AUTHORITY]
    rows = tuple((t.word("type", kind.name),
                  t("card.bos.at_once") if kind.name in emergency.AT_ONCE else t("card.bos.later", turns=emergency.DELAY),
                  t("card.bos.cost", cost=emergency.COST),
                  t("card.bos.open") if kind.name in emergency.AT_ONCE or stage > 1 else t("card.bos.not_stage_one"))
                 for kind in kinds)
    open_rows = [n for n, kind in enumerate(kinds) if kind.name in emergency.AT_ONCE or stage > 1]
    marked = frozenset(cell for n in open_rows for cell in row_cells(n, range(4)))
    return Table(t("card.bos.emergency"), "4.22, 7.3",
                 (t("col.type"), t("card.bos.arrives"), t("card.bos.ei_cost"), t("card.bos.limit")), rows, marked,
                 (t("card.bos.emergency_note", stage=t(f"stage.{stage}")),))


def _effect(event: events.RandomEvent, t: Words) -> str:
    """What an event does, in words, its numbers read from the table's data."""
    points = dict(event.ei)
    return t(f"card.bos.effect.{event.key}", turns=abs(event.arrival_shift), bonus=event.morale_bonus,
             points=sum(points.values()))


def events_table(current: str | None, t: Words) -> Table:
    """The Random Events Table (4.1, English v1.2), this turn's event marked."""
    rows = tuple((event.roll, t(f"event.{event.key}"), _effect(event, t)) for event in events.TABLE)
    found = next((n for n, event in enumerate(events.TABLE) if event.key == current), None)
    notes = [t("card.bos.d66")]
    if found is not None:
        notes.insert(0, t("card.bos.this_event", event=t(f"event.{current}")))
    return Table(t("card.bos.events"), "4.1", (t("card.bos.roll"), t("card.bos.event"), t("card.bos.effect")),
                 rows, row_cells(found, range(3)) if found is not None else frozenset(), tuple(notes))


def crt_table(view: PlayerView, t: Words) -> Table:
    """The Combat Results Table (6.1, 6.3), the columns marked where his units stand with the other side's now,
    at their Combat Factors adjusted as far as he knows now (6.2, 7.1-7.3, this turn's event)."""
    headings = tuple(heading for heading, _, _ in crt.COLUMNS)
    rows = tuple((str(roll), *results) for roll, results in enumerate(crt.ROWS, 1))
    columns: dict[int, list[str]] = {}
    for node, cf in attack_totals(view).items():
        columns.setdefault(crt.column(cf), []).append(t("card.bos.cf_at", place=t.place(node), cf=cf))
    notes = [t("card.bos.column_at", column=headings[column], places="; ".join(places))
             for column, places in sorted(columns.items())]
    if not columns:
        notes.append(t("card.bos.no_contact"))
    if dict(view.facts).get("stage") == "1":
        notes.append(t("card.bos.stage_one"))
    notes += [t(f"card.bos.result.{code}") for code in (crt.N, crt.MC, crt.A, crt.X)] + [t("card.bos.adjust")]
    marked = frozenset(cell for column in columns for cell in column_cells(column + 1, range(len(rows))))
    return Table(t("card.bos.crt"), "6.1-6.3", (t("card.die"), *headings), rows, marked, tuple(notes),
                 frozenset(column + 1 for column in columns))


def attack_totals(view: PlayerView) -> dict[str, int]:
    """For each area where the player's units stand with the other side's as seen now: their Combat Factors
    summed and adjusted (6.2) by what the view holds (escalation, night, a Barricade there, this turn's event)."""
    facts = dict(view.facts)
    event = events.EVENTS.get(facts.get("event", ""))
    barricades = {marker.node for marker in view.markers if marker.marker == BARRICADE and marker.current}
    contact = {s.node for s in view.sightings if s.current and (s.count or s.units)}
    totals: dict[str, int] = {}
    for unit in view.own:
        if unit.node in contact and unit.status == "active" and unit.type in TYPES:
            fight = combat.Combat(view.side, (), (), int(facts.get("stage", "1")), turns.is_night(view.turn),
                                  unit.node in barricades, (event,) if event else ())
            fighter = combat.Fighter(unit.id, TYPES[unit.type])
            totals[unit.node] = totals.get(unit.node, 0) + combat.adjusted(fighter, (), fight)
    return totals
