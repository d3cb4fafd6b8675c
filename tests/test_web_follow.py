"""The live pages follow a session by feeding each player's knowledge the events of the commands played since they
last looked, not the whole log again: what they show is what a reading from the opening gives, after every
command, an undo, a redo and a change of the umpires' roles among them."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.knowledge.build import views
from referee.session import Session
from referee.simulate import play
from referee.web.book import PageBook

RIOT = [{"do": "rl", "crowd": "Estate youths"}, {"do": "drift", "crowd": "Precinct crowd"},
        {"do": "move", "unit": "Panda 1", "to": "Market Square"}, {"do": "end-phase"}, {"do": "end-phase"}]


@pytest.mark.parametrize("scenario, options", [("n30/close-the-ring", {"hidden": "strong"}),
                                                ("bos/battle-of-seattle", {"fog": "on"}),
                                                ("chicago/chicago-1968", {"fog": "on", "seats": "4"}),
                                                ("wallman/town-centre-riot", {})])
def test_the_pages_fed_command_by_command_show_what_a_reading_from_the_opening_shows(tmp_path, scenario, options):
    commands = RIOT * 8 if scenario.startswith("wallman") else play(scenario, options, 11).commands[:45]
    path = tmp_path / "s.db"
    with Session.create(path, scenario, options, seed=11) as session:
        book = PageBook(path)

        def same(when: str) -> None:
            assert book.refresh()
            assert book.edition.views == views(path), when

        try:
            for number, command in enumerate(commands, start=1):
                try:
                    session.apply(command)
                except RefereeError:  # a riot's crowd gone, a unit arrived: the rules refuse, nothing changes
                    continue
                if number == 20:
                    same("before an undo")
                    session.apply({"do": "undo"})
                    same("after an undo")
                    session.apply({"do": "redo"})
                    same("after a redo")
                if number == 30:
                    session.name_umpires({"ann": "all"})
                    session.umpire = "ann"
                if number % 3 == 0:
                    same(f"after command {number}")
        finally:
            book.close()
