"""The header: scenario, clock, turn, phase, whose move, the score against the target (or every side's score
where there is none), and the latest note in full."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.widgets import Static

from referee.core.state import GameState
from referee.game import Game
from referee.rules.todo import Item, named
from referee.text import plural, printable

BAR = 12
NEXT_HINT = " · n: next"


def status_text(game: Game, table_dice: bool, note: str = "", state: GameState | None = None,
                width: int | None = None, ending: str | None = None, todo: tuple[Item, ...] | None = None) -> Text:
    """Where the game stands (or stood, at a past `state`), then the note (the selected unit, a roll, a refusal)
    whole; the scenario's title last, if everything fits in one line of `width`. Once the game is over, `ending`,
    the log's line of its end (which names the level of victory where the game has levels). Given the phase's
    checklist (`todo`), a line of its own says it, shortened to `width` (`checklist`)."""
    state, scenario = state or game.state, game.ctx.scenario
    score, target = next(iter(state.scores.values())), scenario.target
    filled = min(BAR, round(BAR * score / target)) if target else 0
    text = Text()
    text.append(f" {scenario.clock.label(state.turn)} ", style="bold reverse")
    text.append(f" turn {state.turn}/{scenario.clock.last(state.local)} ")
    text.append(f"{state.phase.replace('-', ' ')} ", style="bold cyan")
    if target:
        text.append("█" * filled, style="green")
        text.append("░" * (BAR - filled), style="dim")
        text.append(f" {score}/{target} ", style="bold")
    else:  # no score to reach: every side's score
        text.append(" ".join(f"{side} {points}" for side, points in state.scores.items()) + " ", style="bold")
    if state.over:
        text.append(f" {printable(ending or f'Game over: {state.winner} win')} ", style="bold reverse red")
    text.append(" table dice " if table_dice else "", style="bold reverse yellow")
    if note:
        text.append(f" {printable(note)} ", style="italic")
    title = f" {printable(scenario.title)}"
    if width is None or text.cell_len + len(title) <= width:
        text.append(title, style="dim")
    if todo is not None and not state.over:
        text.append("\n")
        text.append_text(checklist(todo, width, scenario.place_name))
    return text


def _group(items: list[Item], brief: bool, shown: int | None, place: Callable[[str], str]) -> str:
    """Items alike (what, section) as one, in `brief` words or not: their places listed as `place` names them,
    `shown` of them at most (then how many more; 0: counted; -1: left out)."""
    first, nodes = items[0], named(items, place)
    label = f"{first.brief if brief else first.what} ({first.section})"
    if not nodes:
        return label
    if shown == 0:
        return f"{label}: {plural(len(nodes), 'place')}"
    if shown == -1:  # no room even for their count
        return label
    listed = nodes if shown is None else nodes[:shown]
    more = f", +{len(nodes) - len(listed)}" if len(listed) < len(nodes) else ""
    return f"{label}: {', '.join(printable(node) for node in listed)}{more}"


def _groups(todo: tuple[Item, ...], required: bool) -> list[list[Item]]:
    """The required (or optional) items, those alike and in a row taken together."""
    groups: list[list[Item]] = []
    for item in (item for item in todo if item.required == required):
        if groups and (groups[-1][0].what, groups[-1][0].section) == (item.what, item.section):
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups


def _line(required: list[str], optional: list[str], dropped: int, hint: bool) -> list[tuple[str, str]]:
    """The checklist's words with their styles: what is required, then what is optional, then how many more."""
    parts: list[tuple[str, str]] = [(" to do: ", "bold yellow"), (" · ".join(required), "bold")] if required else []
    if optional:
        parts += [(" · " if required else " ", ""), ("optional: ", "dim"), (" · ".join(optional), "")]
    if dropped:
        parts.append((f" · +{dropped} more", "dim"))
    if hint:
        parts.append((NEXT_HINT, "dim"))
    return parts


def checklist(todo: tuple[Item, ...], width: int | None = None, place: Callable[[str], str] = str) -> Text:
    """The phase's checklist on one line of `width`, its places as `place` names them: what the rules require, then
    what is optional, each with its section; too long, in fewer words, without the hint, the places counted instead
    of named, then the last items counted ("+2 more"): never a word cut."""
    if not todo:
        return Text(" nothing left to do in this phase: e ends it", style="dim")
    groups = (required := _groups(todo, True)) + _groups(todo, False)
    most = max(len(group) for group in groups)
    every = len(groups)
    tries: list[tuple[bool, int | None, int, bool]] = [(False, None, every, True), (True, None, every, True)]
    tries += [(True, shown, every, False) for shown in (None, *range(most - 1, -1, -1))]
    tries += [(True, shown, kept, False) for kept in range(every - 1, 0, -1) for shown in (0, -1)]
    for brief, shown, kept, hint in tries:
        words = [_group(group, brief, shown, place) for group in groups[:kept]]
        text = Text.assemble(*_line(words[:len(required)], words[len(required):], every - kept, hint))
        if width is None or text.cell_len <= width:
            return text
    return Text.assemble((" checklist: ", "bold yellow"), plural(len(todo), "item"))


class StatusBar(Static):
    """Shows `status_text` for the game it is given, on as many lines as its note needs."""

    _lines = 1

    def show(self, game: Game, table_dice: bool, note: str = "", state: GameState | None = None,
             ending: str | None = None, todo: tuple[Item, ...] | None = None) -> None:
        width = self.size.width or self.app.size.width
        text = status_text(game, table_dice, note, state, width, ending, todo)
        lines = len(text.wrap(self.app.console, width))
        self.update(text, layout=lines != self._lines)
        self._lines = lines
