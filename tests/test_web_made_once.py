"""What the live pages make once and show again is what rendering afresh gives: a sheet's map, its own units, its
reference card and each turn of its feed rendered once for as long as what they show is the same (`once`, within
the room it is given), each open page's parts rendered before the pages are told of a new edition
(`PageBook.warm`), after a command, an undo and a redo, a rename, a deadline set and a hand of units."""

from __future__ import annotations

import re

from jinja2 import Environment

from referee.briefing.partials import Rendered, rendered
from referee.briefing.render import render_sheet
from referee.knowledge.build import anchored
from referee.session import Session
from referee.simulate import play
from referee.store.reading import ROOM
from referee.web.book import PageBook

SCENARIO, OPTIONS = "n30/close-the-ring", {"seats": "4"}
LANGS = ("en", "es")
DEADLINE = "2026-11-28T20:35:00+00:00"


def parts(book: PageBook, player: str, lang: str) -> dict[str, str]:
    """What a player's open page is sent: his sheet, and but for the room's page his orders and his thread."""
    return book.parts(player, lang)[1]


def made(book: PageBook) -> set[tuple[str, str, str]]:
    """The parts of the latest edition made so far, (player, lang, part): a player's sheet, made section by section,
    as `sheet`."""
    return set(book.edition.pages) | {(player, lang, "sheet") for player, lang in book.edition.sections}


def afresh(path, pages: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, str]]:
    """Every page's parts as a server started now renders them, nothing made before kept."""
    rendered.clear()
    book = PageBook(path)
    try:
        return {page: parts(book, *page) for page in pages}
    finally:
        book.close()


def feed_of(sheet: str) -> str:
    """The feed section of a sheet."""
    match = re.search(r'<section class="feed".*?</section>', sheet, re.S)
    assert match
    return match[0]


def test_the_parts_made_ahead_and_once_are_what_a_fresh_rendering_gives_after_every_kind_of_command(tmp_path):
    path = tmp_path / "s.db"
    played = play(SCENARIO, OPTIONS, 7).commands
    with Session.create(path, SCENARIO, OPTIONS, seed=7) as session:
        players = [player.id for player in session.game.ctx.scenario.players]
        pages = [(player, lang) for player in [*players, ROOM] for lang in LANGS]
        book = PageBook(path)
        try:
            book.warm()
            first = {(player, "en", part) for player in players for part in ("sheet", "orders", "thread")}
            assert first <= made(book), "every player's English parts made when the server starts"
            for page in pages:  # the pages open
                parts(book, *page)

            def same(when: str) -> None:
                assert book.refresh(), when
                book.warm()
                wanted = {(player, lang, part) for player, lang in pages
                          for part in (("sheet",) if player == ROOM else ("sheet", "orders", "thread"))}
                assert wanted <= made(book), f"every open page's parts made before it is told ({when})"
                assert {page: parts(book, *page) for page in pages} == afresh(path, pages), when

            for command in played[:60]:
                session.apply(command)
            same("a game in its second turn")
            seen = anchored(path).knowledge.view("protesters-1")
            unit = next(value for entry in seen.feed if entry.turn < seen.turn
                        for _, kind, value in entry.values if kind == "unit" and isinstance(value, str))
            session.apply({"do": "rename", "units": {unit: "Group Bravo"}})
            same("a unit named in an earlier turn's feed renamed")
            session.apply({"do": "deadline", "at": DEADLINE})
            same("a deadline set")
            session.apply({"do": "hand", "player": "protesters-2", "to": "protesters-1"})
            same("a player's units handed to another")
            for command in played[60:80]:
                session.apply(command)
            same("more commands")
            for _ in range(3):
                session.apply({"do": "undo"})
                same("an undo")
            session.apply({"do": "redo"})
            same("a redo")
        finally:
            book.close()


def test_a_rename_shows_in_the_earlier_turns_of_the_feed_already_printed(tmp_path):
    """The table's names stand for the rules' names everywhere in a view, the feed's finished turns included
    (referee.knowledge.names): a turn printed before the rename is printed again in the new name."""
    path = tmp_path / "s.db"
    with Session.create(path, SCENARIO, OPTIONS, seed=7) as session:
        for command in play(SCENARIO, OPTIONS, 7).commands[:60]:
            session.apply(command)
        view = anchored(path).knowledge.view("protesters-1")
        board = session.game.ctx.scenario.board
        unit = next(value for entry in view.feed if entry.turn < view.turn
                    for _, kind, value in entry.values if kind == "unit" and isinstance(value, str))
        before = feed_of(render_sheet(view, board, "en"))
        session.apply({"do": "rename", "units": {unit: "Group Bravo"}})
        after = feed_of(render_sheet(anchored(path).knowledge.view("protesters-1"), board, "en"))
    assert "Group Bravo" not in before
    assert "Group Bravo" in after


def test_an_undone_command_s_pages_are_those_before_it_but_for_the_log_s_head(tmp_path):
    """The head of the log printed at a sheet's foot moves on with the undo (a command of its own): all else is as
    it was before the command undone."""
    path = tmp_path / "s.db"
    with Session.create(path, SCENARIO, OPTIONS, seed=7) as session:
        for command in play(SCENARIO, OPTIONS, 7).commands[:12]:
            session.apply(command)
        book = PageBook(path)

        def shown() -> dict[str, str]:
            book.refresh()
            book.warm()
            head = book.edition.head
            return {part: html.replace(f"{head[:8]} {head[8:16]}", "")
                    for part, html in parts(book, "protesters-1", "en").items()}

        try:
            before = shown()
            session.apply({"do": "end-phase"})
            assert shown() != before
            session.apply({"do": "undo"})
            assert shown() == before
        finally:
            book.close()


def test_the_pages_of_the_edition_before_are_made_ahead_and_no_others(tmp_path):
    """Only the parts the open pages will ask for are rendered before they are told: a page in Spanish, not the
    English sheets no page showed since the server started."""
    path = tmp_path / "s.db"
    with Session.create(path, SCENARIO, OPTIONS, seed=7) as session:
        book = PageBook(path)
        try:
            book.warm()
            parts(book, "police-1", "es")
            session.apply({"do": "end-phase"})
            assert book.refresh()
            book.warm()
            assert made(book) == {("police-1", "es", "sheet"), ("police-1", "es", "orders"),
                                               ("police-1", "es", "thread")}
        finally:
            book.close()


def test_the_partials_kept_stay_within_their_room_the_least_recently_used_dropped_first():
    made: list[str] = []

    def note(word: str) -> str:
        made.append(word)
        return word

    template, kept = Environment().from_string("{{ note(word) }}!"), Rendered(room=12)

    def show(word: str) -> str:
        return kept(template, (("note", note), ("word", word)))

    assert [show("alpha"), show("beta"), show("alpha")] == ["alpha!", "beta!", "alpha!"]
    assert made == ["alpha", "beta"], "a partial shown again is not rendered again"
    show("gamma")  # 6 characters more than the 11 held: the least recently used, beta's, dropped
    assert kept.held <= 12
    show("alpha")
    show("beta")
    assert made == ["alpha", "beta", "gamma", "beta"]
