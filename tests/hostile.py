"""Hostile text for the output tests: terminal escapes, forged lines, bidi overrides, Rich markup, formulas,
written straight into a session's log as an old or tampered session may hold it."""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Callable
from pathlib import Path

from hypothesis import strategies as st

from referee.game import Game
from referee.scenario.catalog import from_sources, load
from referee.session import START, Session, read
from referee.store.repository import SessionStore

HOSTILE = (
    "\x1b[2J\x1b[HHACKED", "ok\rHACKED", "ok\nHACKED", "\x9b2J", "\x00", "\x7f", "a\tb", "\u202eevil",
    "[bold red]x[/]", "[link=http://x]click[/link]", '=HYPERLINK("http://x","click")', "+1", "-1+2", "@SUM(A1)",
)
FRAGMENTS = HOSTILE + ("\x1b]8;;http://x\x1b\\", "\x85", "\u2028", "\u2066", "\ufeff", "\x1bc")
hostile_text = st.lists(st.sampled_from(FRAGMENTS) | st.text(min_size=1, max_size=3), min_size=1, max_size=5).map(
    "".join).filter(lambda text: text.strip())
"""Text holding any mix of hostile fragments and other characters (never blank: commands refuse blank text)."""

UNSAFE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def unsafe(text: str, allowed: str = "\n") -> list[str]:
    """The characters of `text` a terminal or a sheet could obey (those in `allowed` aside)."""
    return [char for char in text if char not in allowed and unicodedata.category(char) in UNSAFE]


def new_session(path: Path, scenario: str = "n30/lock-down-hold-fast", seed: int = 1, **options: str) -> Path:
    """A fresh session database."""
    Session.create(path, scenario, options, seed).close()
    return path


def tampered(path: Path, change: Callable[[dict], None], scenario: str = "n30/lock-down-hold-fast", seed: int = 1) -> Path:
    """A new session whose stored scenario data `change` has altered (player ids, unit names...)."""
    sources = copy.deepcopy(load(scenario).sources)
    change(sources)
    game = Game.new(from_sources(sources), {}, seed)
    with SessionStore.create(path, scenario, game.ctx.options, seed, sources) as store:
        store.record(START, "play", [event.to_json() for event in game.events], game.dice.drawn)
    return path


def record(path: Path, kind: str, data: dict) -> None:
    """Store one event in a session as a command of its own, as if an old version had written it."""
    game = read(path)
    event = {"turn": game.state.turn, "phase": game.state.phase, "kind": kind, "data": data, "dice": []}
    with SessionStore.open(path) as store:
        store.record({"do": kind}, "play", [event], game.dice.drawn)


def report(path: Path, text: str, player: str = "police") -> None:
    """A report for `player` holding `text`, due at once."""
    turn = read(path).state.turn
    record(path, "report-filed", {"player": player, "text": text, "delay": 0, "reliability": "certain",
                                  "due_turn": turn})


def split(path: Path, new: str, crowd: str = "Estate youths", looters: int = 0) -> None:
    """Two figures of a Wallman crowd go their own way as a crowd named `new`."""
    record(path, "crowd-split", {"crowd": crowd, "new": new, "figures": 2, "looters": looters})
