"""The first check of the kit: every part a ruleset's declaration names loads, and is what referee will use it as."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from referee import rulesets
from referee.errors import RefereeError
from referee.rulesets.plugin import SHEET_MAPS, SHEET_ROWS, RulesetPlugin, load
from referee.testing.faults import Faults, said

CALLED = ("umpire_text", "notes", "truth", "verdict", "calculate", "card", "odds")
"""The parts that are functions referee calls."""
CLASSES = ("rules", "knowledge", "screen")
"""The parts that are classes referee makes its own instances of."""
WORDS = ("texts", "review_words")
"""The parts that are words by language: {language: {key: text}}."""
RULES = ("initial", "start", "check", "decide", "evolve", "narrate")
"""What the instance of a ruleset's rules does (referee.core.engine.Ruleset)."""
SESSIONS = {"undo", "redo"}
"""The verbs a session decides itself: schemas that no rule's table holds."""
PLAYERS = ("player", "actor", "prepare")
"""What its computer players do (referee.simulate.Autoplay), beside naming their sides and kinds."""


def declaration_loads(name: str) -> None:
    """The declaration of the installed ruleset `name` loads, and so does every part it names: each import path, its
    rules (each verb of their table with its schema), its words (by language), the text templates of its review and
    the drawings of its sheets, its computer players (a player of each kind for each side)."""
    faults = Faults(name, "its declaration")
    plugin = rulesets.get(name)  # an unknown name, or an entry point that is not its RulesetPlugin, is said at once
    loaded = {}
    for part, reference in references(plugin):
        try:
            loaded[part] = load(reference)
        except Exception as error:  # a slip in an import path, or a module that fails as it is imported
            faults.add(f"its {part} {reference!r} cannot be loaded: {said(error)}")
    for part, found in loaded.items():
        for fault in shape(part, found):
            faults.add(f"its {part} {fault}")
    if "rules" in loaded and isinstance(loaded["rules"], type):
        for fault in rules(loaded["rules"]):
            faults.add(f"its rules {fault}")
    if "autoplay" in loaded:
        for fault in players(loaded["autoplay"]):
            faults.add(f"its computer players {fault}")
    for fault in templates(plugin, loaded.get("review_words")):
        faults.add(fault)
    if plugin.calculators and plugin.calculate is None:
        faults.add(f"it offers the calculators {', '.join(plugin.calculators)} but names no `calculate`")
    for calculator in plugin.calculators:
        try:
            rulesets.calculator(calculator)
        except RefereeError as error:
            faults.add(str(error))
    faults.raise_any()


def references(plugin: RulesetPlugin) -> Iterator[tuple[str, str]]:
    """Every import path the declaration gives, with the field that gives it (a scenario file's check as `files[name]`)."""
    for part in (*CLASSES, *CALLED, *WORDS, "autoplay"):
        reference = getattr(plugin, part)
        if reference is not None:
            yield part, reference
    for file, reference in plugin.files.items():
        yield f"files[{file!r}]", reference


def shape(part: str, found: Any) -> Iterator[str]:
    """What is wrong with a loaded part for what referee uses it as: a class, words, computer players (see `players`) or
    a function (the rest, a scenario file's check among them)."""
    if part in CLASSES:
        if not isinstance(found, type):
            yield f"is {type(found).__name__}, not a class"
    elif part in WORDS:
        yield from words(found)
    elif part != "autoplay" and not callable(found):
        yield f"is {type(found).__name__}, not a function"


def words(found: Any) -> Iterator[str]:
    """What keeps a table of words from being {language: {key: text}} in languages referee prints."""
    from referee.briefing.i18n import LANGUAGES

    if not isinstance(found, Mapping):
        yield f"is {type(found).__name__}, not a dict of languages"
        return
    for lang, table in found.items():
        if lang not in LANGUAGES:
            yield f"gives words in {lang!r}, a language referee does not print ({', '.join(LANGUAGES)})"
        elif not isinstance(table, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
            yield f"in {lang!r} is not a dict of texts by key"


def rules(cls: type) -> Iterator[str]:
    """What is wrong with the rules a class makes: their methods, and where they decide by a table of verbs, each
    verb's function and schema (referee.rules.table.CommandTable)."""
    from referee.rules.table import CommandTable, checks

    try:
        made = cls()
    except Exception as error:
        yield f"cannot be made (called with no arguments): {said(error)}"
        return
    yield from (f"have no {method}()" for method in RULES if not callable(getattr(made, method, None)))
    if not isinstance(made, CommandTable):
        return
    try:
        schemas = checks(made.commands)
    except Exception as error:
        yield f"name the schemas {made.commands!r}, which cannot be loaded: {said(error)}"
        return
    for verb, handler in made.table.items():
        if not callable(handler):
            yield f"decide {verb!r} with {type(handler).__name__}, not a function"
        if verb not in schemas.schemas:
            yield f"decide {verb!r}, which has no schema in {made.commands}"
            continue
        try:
            schemas[verb]  # the check of its keys, built from its schema
        except Exception as error:
            yield f"give {verb!r} a schema that cannot check a command: {said(error)}"
    for verb in sorted(set(schemas.schemas) - set(made.table) - SESSIONS):
        yield f"give a schema for {verb!r}, which no rule of their table decides"


def players(autoplay: Any) -> Iterator[str]:
    """What keeps the computer players from playing: their sides and kinds, and a player of each kind for each side."""
    sides, kinds = getattr(autoplay, "sides", None), getattr(autoplay, "kinds", None)
    if not sides or not kinds or not all(isinstance(x, str) for x in (*sides, *kinds)):
        yield "name no sides or no kinds of player"
        return
    yield from (f"have no {method}()" for method in PLAYERS if not callable(getattr(autoplay, method, None)))
    for kind in kinds:
        for side in sides:
            try:
                player = autoplay.player(kind, side, 1)
            except Exception as error:
                yield f"give no {kind} player for the {side}: {said(error)}"
                continue
            if not callable(getattr(player, "commands", None)):
                yield f"give a {kind} player for the {side} without commands(game)"


def templates(plugin: RulesetPlugin, review_words: Any) -> Iterator[str]:
    """What is wrong with the drawings its sheets name and the text templates of its review (what moved the score,
    in which `{names}` stands for the places concerned)."""
    if plugin.sheet_map not in SHEET_MAPS:
        yield f"its sheet_map {plugin.sheet_map!r} is none of referee's ({', '.join(SHEET_MAPS)})"
    if plugin.sheet_rows not in SHEET_ROWS:
        yield f"its sheet_rows {plugin.sheet_rows!r} is none of referee's ({', '.join(SHEET_ROWS)})"
    given = dict(plugin.reasons)
    for lang, table in review_words.items() if isinstance(review_words, Mapping) else ():
        given |= {f"{key} ({lang})": text for key, text in table.items() if key.startswith("reason.")}
    for source, text in given.items():
        try:
            str(text).format(names="the places")
        except (KeyError, IndexError, ValueError) as error:
            yield f"its reason {source!r} ({text!r}) cannot be filled in with {{names}} alone: {said(error)}"
