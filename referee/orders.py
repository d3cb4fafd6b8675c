"""Orders from the players' own pages: the forms a player may fill in now, and the orders they make.

A ruleset's `orders` part builds a player's forms from his PlayerView, the board (public: the map his sheet
prints) and his sheet's words alone, never from the umpire's state: a form offers only his own units, the places
of the map and what he has seen of the other side. An order is checked against his forms only, so that it is
never refused for a reason he cannot see; the umpire then judges it against the truth (`referee.session`).

An order is a command of `referee apply` (`{"do": ..., key: value}`), kept in the player's thread until the umpire
carries it out (as it stands or amended) or returns it with a word.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from referee.bounds import shown
from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.knowledge.view import OwnUnit, PlayerView

Kind = Literal["one", "many", "flag", "count", "counts", "text"]
"""A field's kind: `one` a choice of one, `many` one or more of the choices (each once), `flag` yes or no, `count`
a whole number from `least` to `most`, `counts` such a number for each of one or more of the choices (an object of
choice to number), `text` a line of words (at most `most` characters)."""
COMMANDED = "commanded by "
"""How the note begins that his sheet gives a unit of his side a teammate commands (referee.knowledge.names)."""
ORDER_BYTES = 4096
"""The longest order kept, as compact JSON: a hundred units named fit."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a field offers: the id the order carries, the words the page shows; a unit may name the place
    that a page lists it under (`group`) and its words there (`within`, the label without the place); in a field
    narrowed by another (`Field.by`), the values of that field it goes with (`fits`)."""

    value: str
    label: str
    group: str = ""
    within: str = ""
    fits: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Field:
    """One key of an order: its words on the page, what it takes, and whether it may be left out; a choice of one
    may be narrowed `by` another field of the form (a destination by the unit chosen): with a value chosen there,
    only the choices that fit it (every one, of several) are offered."""

    key: str
    label: str
    kind: Kind = "one"
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    least: int = 0
    most: int = 0
    by: str = ""

    def problem(self, value: object) -> str | None:
        """Why `value` is not one this field takes, in words of the form alone; None where it is."""
        offered = {choice.value for choice in self.choices}
        if self.kind == "one":
            return None if isinstance(value, str) and value in offered else f"{self.label}: choose one of those offered"
        if self.kind == "many":
            if not isinstance(value, list) or not value:
                return f"{self.label}: choose at least one"
            if len(set(map(str, value))) != len(value) or not all(isinstance(v, str) and v in offered for v in value):
                return f"{self.label}: choose among those offered, each once"
            return None
        if self.kind == "counts":
            ok = isinstance(value, dict) and bool(value) and set(value) <= offered and all(
                self._counted(number) for number in value.values())
            return None if ok else f"{self.label}: for those offered, whole numbers from {self.least} to {self.most}"
        if self.kind == "flag":
            return None if isinstance(value, bool) else f"{self.label}: yes or no"
        if self.kind == "count":
            return None if self._counted(value) else f"{self.label}: a whole number from {self.least} to {self.most}"
        ok = isinstance(value, str) and 0 < len(value.strip()) <= self.most and value.isprintable()
        return None if ok else f"{self.label}: a line of at most {self.most} characters"

    def grouped(self) -> list[tuple[str, tuple[Choice, ...]]]:
        """The choices in their order, those next to each other under the same `group` together ("" for none)."""
        runs: list[tuple[str, tuple[Choice, ...]]] = []
        for choice in self.choices:
            if runs and runs[-1][0] == choice.group:
                runs[-1] = (choice.group, (*runs[-1][1], choice))
            else:
                runs.append((choice.group, (choice,)))
        return runs

    def _counted(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.least <= value <= self.most


@dataclass(frozen=True, slots=True)
class OrderForm:
    """A command a player may give now: its verb, its words on the page, its fields, and a note under it (what
    it costs, the rule section, his odds where the rules make them public)."""

    do: str
    label: str
    fields: tuple[Field, ...]
    note: str = ""
    section: str = ""

    def checked(self, order: Mapping[str, Any]) -> dict[str, Any]:
        """The order as kept, its keys in the form's order; else a RefereeError naming the field at fault."""
        keys = {field.key for field in self.fields}
        unknown = sorted(set(order) - keys - {"do"})
        if unknown:
            raise RefereeError(f"{self.label}: the form has no {shown(unknown[0])}")
        kept: dict[str, Any] = {"do": self.do}
        for field in self.fields:
            if field.key not in order:
                if not field.optional:
                    raise RefereeError(f"{self.label}: {field.label} is needed")
                continue
            problem = field.problem(order[field.key])
            if problem:
                raise RefereeError(f"{self.label}: {problem}")
            kept[field.key] = order[field.key].strip() if field.kind == "text" else order[field.key]
        for field in self.fields:
            if field.by in kept and field.key in kept:
                choice = next(choice for choice in field.choices if choice.value == kept[field.key])
                chosen = kept[field.by]
                if not set(chosen if isinstance(chosen, list) else [chosen]) <= set(choice.fits):
                    by = next(other for other in self.fields if other.key == field.by)
                    raise RefereeError(f"{self.label}: {field.label} \"{choice.label}\" is not offered with the "
                                       f"{by.label} chosen")
        return kept


def checked(order: object, forms: Sequence[OrderForm]) -> dict[str, Any]:
    """An order as sent, checked against the player's forms alone: the order as kept, or a RefereeError in one
    line that says nothing his forms do not."""
    if not isinstance(order, dict):
        raise RefereeError('an order is an object: {"do": "...", ...}')
    verb = order.get("do")
    form = next((form for form in forms if form.do == verb), None)
    if form is None:
        offered = ", ".join(form.do for form in forms) or "none now"
        raise RefereeError(f"{shown(verb)} is not an order you may give now (yours: {offered})")
    kept = form.checked(order)
    if len(json.dumps(kept, separators=(",", ":"))) > ORDER_BYTES:
        raise RefereeError(f"an order is at most {ORDER_BYTES} characters")
    return kept


def takes(command: Mapping[str, Any], forms: Sequence[OrderForm]) -> bool:
    """Whether a player's forms take a command as it stands: one he might have sent himself."""
    try:
        return checked(dict(command), forms) == command
    except RefereeError:
        return False


def described(order: Mapping[str, Any], forms: Sequence[OrderForm]) -> str:
    """An order (as `checked` keeps it) in the words of its form, on one line: "Move: Unit Group B; To 5th & Pike"."""
    form = next(form for form in forms if form.do == order["do"])
    parts = []
    for field in form.fields:
        if field.key in order:
            labels = {choice.value: choice.label for choice in field.choices}
            value = order[field.key]
            values = value if isinstance(value, list) else [value]
            shown_as = ", ".join(labels.get(v, v) if isinstance(v, str) else str(v) for v in values)
            if isinstance(value, dict):  # a number for each of several choices
                shown_as = ", ".join(f"{labels.get(v, v)} {n}" for v, n in value.items())
            parts.append(f"{field.label} {shown_as}" if field.kind != "flag" else field.label if value else "")
    return f"{form.label}: " + "; ".join(part for part in parts if part) if any(parts) else form.label


def his_units(view: PlayerView) -> tuple[OwnUnit, ...]:
    """The units the view's player commands himself: his side's, but those a teammate commands (noted "commanded
    by ..." on his sheet, referee.knowledge.own), which only that teammate orders."""
    return tuple(unit for unit in view.own if not any(note.startswith(COMMANDED) for note in unit.notes))


def handed_to(view: PlayerView) -> tuple[str, ...]:
    """Who commands the view's player's units, where the umpire handed every one of them to teammates (`hand`):
    his page says so instead of "no orders just now"; () where he commands any himself."""
    if his_units(view):
        return ()
    return tuple(sorted({note.removeprefix(COMMANDED) for unit in view.own for note in unit.notes
                         if note.startswith(COMMANDED)}))


def fitting(offered: Sequence[Choice], reach: Mapping[str, Collection[str]]) -> tuple[Choice, ...]:
    """Choices narrowed by a field of units (`Field.by`): each goes with the units whose `reach` (a unit's id to
    the values open to it) holds it."""
    return tuple(replace(choice, fits=tuple(unit for unit, open_to in reach.items() if choice.value in open_to))
                 for choice in offered)


def choices(values: Sequence[tuple[str, str] | tuple[str, str, str, str]]) -> tuple[Choice, ...]:
    """Choices of (value, label) pairs, or (value, label, group, within), each value once, in the order given."""
    seen: dict[str, Choice] = {}
    for value in values:
        seen.setdefault(value[0], Choice(*value))
    return tuple(seen.values())
