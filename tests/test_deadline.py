"""A deadline for the players' orders in this phase (`deadline`, referee.rules.deadlines; `referee deadline`; the
dashboard's T): said on every player's page and by `orders --missing`, held only for the phase it was set in, and
after it has passed a page takes no order (its units hold); given as minutes from now, a time of today, or off."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone

import pytest

from referee.errors import RefereeError
from referee.knowledge.build import player_view
from referee.roster import due_at, waiting
from referee.session import Session
from referee.store.reading import open_reader
from referee.web import app as web_app
from referee.web.book import PageBook
from referee.web.inbox import PAGE_HEADER
from tests.test_tui_inbox import until
from tests.test_tui_riot import fill
from tests.test_web import page_key
from tests.test_web_messages import serving
from tests.tui_support import drive, make_session, press, screen_lines, settle

NOW = datetime(2026, 11, 28, 20, 0, 30, tzinfo=timezone(timedelta(hours=1)))
N30 = "n30/close-the-ring"


def test_a_deadline_is_given_as_minutes_from_now_a_time_of_today_or_off():
    assert due_at("5", NOW) == "2026-11-28T20:06:00+01:00"  # the next whole minute, as the pages say it
    assert due_at("5 min", NOW) == due_at("5min", NOW) == due_at("5 minutes", NOW) == due_at("5", NOW)
    assert due_at("5", NOW.replace(second=0)) == "2026-11-28T20:05:00+01:00"
    assert due_at("20:35", NOW) == "2026-11-28T20:35:00+01:00"
    assert due_at("off", NOW) is None
    for wrong, why in (("20:00", "20:00 has passed already (it is 20:00)"), ("0", "1 to 1440 minutes"),
                       ("1441", "1 to 1440 minutes"), ("24:00", "not '24:00'"), ("soon", "not 'soon'")):
        with pytest.raises(RefereeError, match=re.escape(why)):
            due_at(wrong, NOW)


def test_the_deadline_is_every_player_s_for_the_phase_it_was_set_in_and_a_later_one_replaces_it(tmp_path):
    path = tmp_path / "s.db"
    with Session.create(path, N30, {}, seed=3) as session:
        session.apply({"do": "deadline", "at": "2026-11-28T21:35:00+01:00"})
        assert {player_view(path, p).deadline for p in ("protesters", "police")} == {"2026-11-28T20:35:00+00:00"}
        assert session.game.narrate(session.game.events[-1]) == "Orders due by 20:35 UTC in this phase"
        session.apply({"do": "deadline", "at": "2026-11-28T20:40:00+00:00"})
        assert player_view(path, "police").deadline == "2026-11-28T20:40:00+00:00"
        assert waiting(path).deadline == "2026-11-28T20:40:00+00:00"
        session.apply({"do": "end-phase"})
        assert player_view(path, "police").deadline is None, "it ends with its phase"
        session.apply({"do": "undo"})
        assert player_view(path, "police").deadline == "2026-11-28T20:40:00+00:00"
        session.apply({"do": "deadline"})
        assert player_view(path, "police").deadline is None


@pytest.mark.parametrize("at, why", [("2026-11-28T20:35", 'needs its offset from UTC'), ("tomorrow", "must be a time such as")])
def test_a_deadline_s_time_without_its_offset_or_not_a_time_is_refused(tmp_path, at, why):
    with Session.create(tmp_path / "s.db", N30, {}, seed=3) as session:
        with pytest.raises(RefereeError, match=why):
            session.apply({"do": "deadline", "at": at})


def test_a_page_says_the_deadline_and_takes_no_order_once_it_has_passed(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    session = Session.create(path, N30, {}, seed=3)
    token = session.issue_links(["protesters"])["protesters"]
    order = {"do": "move", "unit": "Bananarchy", "to": "5th & Olive"}
    monkeypatch.setattr(web_app, "KEEP_ALIVE_SECONDS", 0.5)
    book = PageBook(path)

    def due(minutes: int) -> str:
        at = (datetime.now(UTC) + timedelta(minutes=minutes)).replace(microsecond=0)
        session.apply({"do": "deadline", "at": at.isoformat()})
        book.refresh()  # as its follower does within 0.05 s
        return f"{at.astimezone():%H:%M}"

    try:
        with serving(book) as client:
            def send() -> tuple[int, str]:
                key = page_key(client.get(f"/p/{token}").text)
                answer = client.post(f"/p/{token}/orders", content=json.dumps({"order": order}),
                                     headers={"Content-Type": "application/json", PAGE_HEADER: key})
                return answer.status_code, answer.text

            later = due(10)
            assert f"Send your orders by {later}: after that, the units you gave none hold." in client.get(f"/p/{token}").text
            assert send()[0] == 201
            passed = due(-1)
            assert send() == (409, f"orders closed at {passed}, the deadline of this phase: your units without orders "
                                   f"hold, unless the umpire gives more time")
            due(5)  # more time
            assert send()[0] == 201
    finally:
        book.close()
        session.close()


def test_referee_deadline_sets_it_and_orders_missing_says_it(tmp_path):
    path = tmp_path / "s.db"
    Session.create(path, N30, {}, seed=3).close()

    def referee(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True)

    assert referee("deadline", str(path), "5").returncode == 0
    found = json.loads(referee("orders", str(path), "--missing", "--json").stdout)["deadline"]
    left = datetime.fromisoformat(found) - datetime.now(UTC)
    assert timedelta(0) < left <= timedelta(minutes=6) and datetime.fromisoformat(found).second == 0  # a whole minute
    wrong = referee("deadline", str(path), "25:00")
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1 and "not '25:00'" in wrong.stderr
    assert referee("deadline", str(path), "off").returncode == 0
    assert json.loads(referee("orders", str(path), "--missing", "--json").stdout)["deadline"] is None


def test_t_on_the_dashboard_asks_again_with_why_then_sets_the_deadline(tmp_path):
    path = make_session(tmp_path, N30, seed=3)

    async def script(pilot, app):
        await press(pilot, "T")
        await fill(pilot, app, when="soon")
        error = str(app.screen.query_one("#form-error").render())
        await fill(pilot, app, when="10")
        await until(pilot, lambda: "Orders due by" in "\n".join(screen_lines(app)))
        told = screen_lines(app)[0]  # the status line says it while the phase lasts...
        app.screen.send({"do": "end-phase"})
        await until(pilot, lambda: app.screen.game.state.phase == "police-movement")
        await settle(pilot)
        return error, told, screen_lines(app)[0]

    error, told, after = drive(path, script)
    assert "not 'soon'" in error
    assert "orders due by " in told and "orders due by" not in after  # ...and no longer once it ended
    reader = open_reader(path)
    try:
        assert [r.kind for r in reader.log()][-2:] == ["deadline-set", "phase-ended"]
    finally:
        reader.close()
