"""A scenario as its umpire sees it before anyone plays (`referee scenario preview`): its map with every unit where
it starts, what is still to come, its options and tunables with their values, and each player's sheet as `brief`
prints it at the start, on one page."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from referee import rulesets
from referee.briefing.environment import environment
from referee.briefing.i18n import Strings
from referee.briefing.render import grouped_names, map_plan, render_sheet
from referee.core.events import Event
from referee.core.units import ACTIVE, Unit
from referee.errors import RefereeError
from referee.game import Game
from referee.knowledge.build import new_record
from referee.knowledge.truth import as_it_was
from referee.scenario.catalog import Scenario

SEED = 0
"""The dice of a preview: where a game's opening rolls (hidden looters, a random edge), it shows one such roll."""
COMMITMENT = "preview"
"""What the sheets of a preview print for the commitment to a seed: there is no session, so none."""


@dataclass(frozen=True, slots=True)
class Row:
    """A place where units start: its name, and each side's units there, by name."""

    place: str
    units: tuple[str, ...]  # by side, in the order of `sides`: their names in one (`grouped_names`)


def preview(scenario: Scenario, options: dict[str, str], source: str, lang: str = "en") -> str:
    """The preview page of a scenario (tunables already set in it) under `options`, as HTML; `source`, where it was
    read from, printed at its head."""
    game = Game.new(scenario, options, SEED)
    scenario, state = game.ctx.scenario, game.state  # with its teams seated and its length set by the options
    record = new_record(game.ctx, game.rules, COMMITMENT)
    for event in game.events:
        record.feed(Event(event.kind, event.data, (), event.turn, event.phase))  # no dice: nobody sees them
    views = [record.view(player.id) for player in scenario.players]
    t = Strings(lang, scenario.ruleset)
    first = scenario.players[0]
    sides = sorted({unit.side for unit in state.units.values()}, key=lambda side: (side != first.side, side))
    nodes = scenario.board.nodes
    at: dict[str, dict[str, list[Unit]]] = {}
    for unit in state.units.values():
        if unit.status == ACTIVE and unit.node is not None:
            at.setdefault(unit.node, {}).setdefault(unit.side, []).append(unit)
    rows = [Row(t.place(node), tuple(grouped_names(at[node][side], t) if side in at[node] else "" for side in sides))
            for node in sorted(at, key=lambda node: (nodes[node].y, nodes[node].x, node))]
    coming = [(arrival, grouped_names([scenario.units[uid] for uid in arrival.units], t))
              for arrival in sorted(scenario.arrivals, key=lambda arrival: arrival.turn)
              if arrival.turn <= scenario.clock.turns]
    plan = map_plan(as_it_was(views[0], state, first.side), scenario.board, t)
    return environment().get_template("preview.html.j2").render({
        "t": t, "map_words": _SetUpWords(lang, scenario.ruleset, t.word("side", first.side)), "paper": "any",
        "scenario": scenario, "source": source, "map": plan, "rows": rows,
        "sides": [t.word("side", side) for side in sides], "options": game.ctx.options,
        "plugin": rulesets.get(scenario.ruleset), "arrivals": coming,
        "sheets": [(view, Markup(render_sheet(view, scenario.board, lang))) for view in views],
    })


def write_preview(scenario: Scenario, options: dict[str, str], source: str, out: Path, fmt: str = "html",
                  lang: str = "en") -> Path:
    """Write the preview (`preview`) as one HTML page, or as its PDF (`fmt` "pdf"), to `out`: nothing written if it
    cannot be made."""
    page = preview(scenario, options, source, lang)
    if fmt == "pdf":
        from referee.briefing.pdf import to_pdf

        content = to_pdf(page)
    else:
        content = page.encode("utf-8")
    try:
        out.write_bytes(content)
    except OSError as error:
        raise RefereeError(f"cannot write {out}: {error.strerror}") from None
    return out


class _SetUpWords(Strings):
    """The sheet's words for the set-up's map: titled as the umpire's, its black units `side`'s rather than yours."""

    WORDS = {"section.map": "preview.map", "legend.own": "preview.legend.own", "legend.now": "preview.legend.others"}

    def __init__(self, lang: str, ruleset: str, side: str):
        super().__init__(lang, ruleset)
        self.side = side

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SetUpWords) and super().__eq__(other) and self.side == other.side

    def __hash__(self) -> int:
        return hash((self.lang, self.ruleset, self.side))

    def __call__(self, key: str, **values: object) -> str:
        return super().__call__(self.WORDS.get(key, key), **({"side": self.side} if key in self.WORDS else values))
