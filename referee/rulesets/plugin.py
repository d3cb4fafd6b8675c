"""What a ruleset gives referee: one declaration, its parts named by import path and loaded when first used.

A declaration is data: importing it imports nothing of the ruleset, so that `referee scenarios`,
`referee resolve` and the registry stay light. Each part is a reference `"package.module:attribute"`;
`docs/rulesets.md` says what each must be.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.core.board import Board
    from referee.core.engine import Context, Ruleset
    from referee.core.events import Event
    from referee.core.units import Unit
    from referee.game import Game
    from referee.knowledge.card import Card, Words
    from referee.knowledge.view import PlayerView
    from referee.orders import OrderForm
    from referee.tui.screens.umpire import UmpireScreen


BLIND_OPTION, BLIND = "orders", "blind"
"""A scenario's option, and its value, under which both sides write a turn's orders at once (`RulesetPlugin.blind`)."""
SHEET_MAPS = ("streets", "areas")
"""How a ruleset's sheets may draw the board (`sheet_map`)."""
SHEET_ROWS = ("unit", "kind")
"""How its sheets may list the units at a place (`sheet_rows`)."""


@functools.cache
def load(reference: str) -> Any:
    """The object a `"package.module:attribute"` reference names (the attribute may be dotted, as in an entry point)."""
    module, _, attribute = reference.partition(":")
    found = import_module(module.strip())
    for name in attribute.strip().split("."):
        found = getattr(found, name)
    return found


@dataclass(frozen=True)
class RulesetPlugin:
    """One game for referee: its rules, its scenarios and every part that shows or plays it."""

    id: str  # the scenarios' `ruleset` key and the first part of their ids ("n30/close-the-ring")
    title: str  # the game as `referee scenarios` names it
    # The parts a session needs: a ruleset being built may leave them out and offer only its calculators.
    scenarios: Path | None = None  # the folder of its scenario files, `<name>.toml` each, and the files they name
    rules: str | None = None  # a class whose instances are referee.core.engine.Ruleset: pure rules
    knowledge: str | None = None  # a class (ctx, rules, commitment) with `feed(event)` and `view(player) -> PlayerView`
    umpire_text: str | None = None  # a function (game) -> str: `referee state` as text
    screen: str | None = None  # a Textual Screen class (session) -> the dashboard's main screen; under a `tui` package
    hidden: tuple[str, ...] = ()  # unit attributes `referee state --json` shows, in this order
    texts: str | None = None  # {language: {key: text}}: what its sheets say beyond, or instead of, the shared words
    sheet_map: str = "streets"  # how its sheets draw the board: "streets" (a grid of intersections) or "areas"
    # (areas joined by lines, each at its position: a hexagon with its value where it has one, else a circle)
    sheet_rows: str = "unit"  # how its sheets list units at a place: "unit" (a row each) or "kind" (units alike in one
    # row: same type, factors, notes and name but for its number or id; off the map they always are)
    score_name: str = "success"  # what the review calls the score
    lead: tuple[str, str] | None = None  # a game of two indices: its score is the first's lead over the second
    scores_as: str | None = None  # a further key under which `referee state --json` gives every side's score ("ei")
    tallies: tuple[tuple[str, Callable[[Event], bool]], ...] = ()  # the review's counts: (label, which events)
    notes: str | None = None  # a function (event) -> tuple[str, ...]: lines the review prints under an event
    truth: str | None = None  # a function (unit) -> list[str]: its hidden facts in words, for the review's "It was"
    reasons: Mapping[str, str] = field(default_factory=dict)  # what moved the score in words, by the section of a
    # `success` event's "source" or by an event's kind; {names}: the targets or buildings it concerns
    rising: tuple[str, str] | None = None  # the side a rising score serves, then the side a falling one serves
    # (where it has no `lead`, whose first side it is), for the review's key moments of each side
    verdict: str | None = None  # a function (state, the game-ended event's data or None, target, language) ->
    # (the result, (why, ...)): the game's end read by its rule, each reading with its section, for the review
    review_words: str | None = None  # {language: {key: text}}: the review's words of the game (`score_name`,
    # `tally.<label>`, `reason.<source>`, what its verdict prints) beyond the English of this declaration
    files: Mapping[str, str] = field(default_factory=dict)  # a scenario's own `files` the ruleset checks as they
    # load, by name: a function (data) raising referee.scenario.toml_lines.FaultAt at the first fault
    random_edges: bool = True  # whether its reinforcements may come in on a random edge (a group's `edge =
    # "random"`, its rules deciding where); False: the loader refuses one, and a `random_edges` list, at its line
    calculators: tuple[str, ...] = ()  # the names `referee resolve` offers
    calculate: str | None = None  # a function (name, data, seed) -> dict answering one of `calculators`
    autoplay: str | None = None  # computer players for `referee simulate` (referee.simulate.Autoplay), if any
    # Whose action each verb is, for an umpire team's roles (referee.umpires): the command's key that names the
    # acting unit or units, "phase" (the side whose phase it is, by `phase_sides`), or "side:<side>". A verb not
    # listed is the umpire's own (the sequence of play, what concerns both sides): only the role `all` gives it.
    actors: Mapping[str, str] = field(default_factory=dict)
    phase_sides: Mapping[str, str] = field(default_factory=dict)  # phase -> the side that acts in it
    phases: tuple[str, ...] = ()  # a turn's phases in order
    anytime: tuple[str, ...] = ()  # verbs a player may order in any phase (N30's top of a stack, 6.2): a phase that
    # offers him only these does not wait for his orders (referee.roster)
    blind: Mapping[str, str] = field(default_factory=dict)  # under a scenario's option `orders = "blind"`: the phases
    # whose side's orders the other side writes at the same time, for its own phase of them later in the turn
    weighty: tuple[str, ...] = ()  # kinds of event that cost a side dearly, beside the game's end: a command
    # bringing one is confirmed on the dashboard first, and `apply` says it on stderr
    card: str | None = None  # a function (PlayerView, words) -> referee.knowledge.card.Card: a side's reference card
    orders: str | None = None  # a function (PlayerView, Board, words) -> tuple[referee.orders.OrderForm, ...]: the
    # orders a player may send from his live page now, built from his view, the public map and his sheet's words
    odds: str | None = None  # a function (game, command) -> tuple[str, ...]: the exact odds of a command against the
    # umpire's state (every hidden fact), a line each naming its rule section; () where no dice decide it

    def _part(self, reference: str | None, what: str) -> Any:
        if reference is None:
            raise RefereeError(f"the ruleset {self.id!r} has no {what} yet (it offers only its calculators)")
        return self._load(reference, what)

    def _load(self, reference: str, what: str) -> Any:
        """A part by its reference; one that names nothing importable is the ruleset's error, said as such."""
        try:
            return load(reference)
        except (ImportError, AttributeError) as error:
            raise RefereeError(f"the ruleset {self.id!r} names its {what} {reference!r}, which cannot be loaded "
                               f"({type(error).__name__}: {error})") from None

    def ruleset(self) -> Ruleset:
        return self._part(self.rules, "rules")()

    def record(self, ctx: Context, rules: Ruleset, commitment: str) -> Any:
        """Empty knowledge of a game, fed its events one by one: `feed(event)`, then `view(player)`."""
        return self._part(self.knowledge, "players' knowledge")(ctx, rules, commitment)

    def state_text(self, game: Game) -> str:
        return self._part(self.umpire_text, "umpire's page")(game)

    def screen_class(self) -> type[UmpireScreen]:
        return self._part(self.screen, "dashboard screen")

    def score(self, scores: Mapping[str, int]) -> int:
        """The game's one score: the first side's lead where the game keeps two indices, else its first score."""
        if self.lead:
            first, second = self.lead
            return scores[first] - scores[second]
        return next(iter(scores.values()))

    def texts_for(self, lang: str) -> dict[str, str]:
        return self._load(self.texts, "texts").get(lang, {}) if self.texts else {}

    def place_names(self, nodes: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Each place's names as the sheets print them in each language of its texts (`place.<id>`: "Convention
        Centre", "Centro de Convenciones"), for the umpire who types what he reads."""
        texts = self._load(self.texts, "texts").values() if self.texts else ()
        return {node: tuple(words[f"place.{node}"] for words in texts if f"place.{node}" in words) for node in nodes}

    def review_notes(self, event: Event) -> tuple[str, ...]:
        return self._load(self.notes, "review notes")(event) if self.notes else ()

    def review_verdict(self, state: Any, ended: dict | None, target: int | None, lang: str) -> tuple[str, tuple[str, ...]]:
        """The result and the rule that decided it (or where the game stands, if `ended` is None)."""
        if self.verdict is None:
            return "", ()
        return self._load(self.verdict, "verdict")(state, ended, target, lang)

    def review_words_for(self, lang: str) -> dict[str, str]:
        return self._load(self.review_words, "review words").get(lang, {}) if self.review_words else {}

    def hidden_facts(self, unit: Unit) -> list[str]:
        return self._load(self.truth, "hidden facts")(unit) if self.truth else []

    def check_file(self, name: str, data: dict) -> None:
        """Check a scenario's own file `name` as it loads, where the ruleset checks it (FaultAt at its first fault)."""
        if name in self.files:
            self._load(self.files[name], "file checks")(data)

    def resolve(self, name: str, data: object, seed: int | None) -> dict:
        if self.calculate is None or name not in self.calculators:
            raise KeyError(name)
        return self._load(self.calculate, "calculators")(name, data, seed)

    def computer_players(self) -> Any:
        return self._load(self.autoplay, "computer players") if self.autoplay else None

    def order_forms(self, view: PlayerView, board: Board, words: Words,
                    options: Mapping[str, str] | None = None) -> tuple[OrderForm, ...]:
        """The orders the view's player may send now (none where the ruleset takes no orders from the players):
        under the session's `options` with blind orders, those of his side's phase he writes them for."""
        if not self.orders:
            return ()
        phase = self.ordering_phase(view.side, view.phase, options or {})
        if phase != view.phase:
            view = dataclasses.replace(view, phase=phase)
        return tuple(self._load(self.orders, "order forms")(view, board, words))

    def ordering_phase(self, side: str, phase: str, options: Mapping[str, str]) -> str:
        """The phase a side's orders written now are for: this one, but under blind orders (`options["orders"]`),
        in a phase of the other side's `blind` orders, the side's own next phase of them in the turn."""
        if options.get(BLIND_OPTION) != BLIND or self.blind.get(phase, side) == side or phase not in self.phases:
            return phase
        later = self.phases[self.phases.index(phase) + 1:]
        return next((later_phase for later_phase in later if self.blind.get(later_phase) == side), phase)

    def command_odds(self, game: Game, command: dict) -> tuple[str, ...]:
        """The exact odds of a command the rules take, against the game's whole state, a line each (none where the
        ruleset gives none, or no dice decide it)."""
        return tuple(self._load(self.odds, "odds")(game, command)) if self.odds else ()

    def reference_card(self, view: PlayerView, words: Words) -> Card | None:
        """The reference card of the view's side (its public tables, what applies to him now marked), if any."""
        return self._load(self.card, "reference card")(view, words) if self.card else None
