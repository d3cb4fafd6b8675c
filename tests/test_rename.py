"""Names for the table (`rename`, referee.rules.names): given to units and players in every game, shown wherever a
name is shown, kept from a player who has not identified the unit, taken back by undo, refused at the door."""

from __future__ import annotations

import json
import re

import pytest

from referee.briefing.render import render_live
from referee.knowledge.build import views
from referee.session import Session
from referee.store.repository import SessionStore

GAMES = ["n30/lock-down-hold-fast", "wallman/town-centre-riot", "bos/battle-of-seattle", "chicago/chicago-1968"]
UNIT_NAME, PLAYER_NAME = "Group Zeta", "Table Nine"


def _session(tmp_path, scenario: str, *options: str):
    path = tmp_path / "s.db"
    with Session.create(path, scenario, dict(o.split("=") for o in options), seed=5):
        pass
    return path


def _renamed_unit(path) -> tuple[str, str, str]:
    """A player and one of his own units as his view shows it, a name no other unit has (and that differs from its
    id where there is one): (player, unit id, the rules' name)."""
    for player, view in views(path).items():
        names = [u.name for u in view.own]
        units = sorted((u for u in view.own if names.count(u.name) == 1), key=lambda u: u.id in u.name)
        if units:
            return player, units[0].id, units[0].name
    raise AssertionError("no player has a unit")


def _apply(cli, path, *commands: dict):
    return cli("apply", path, stdin="".join(json.dumps(c) + "\n" for c in commands))


def _sheets(cli, tmp_path, path, player: str) -> dict[str, str]:
    """The player's sheet in every text format and language."""
    found = {}
    for fmt in ("html", "md"):
        for lang in ("en", "es"):
            out = tmp_path / f"sheets-{fmt}-{lang}"
            assert cli("brief", path, "--all", "--out", out, "--format", fmt, "--lang", lang).code == 0
            found[f"{fmt}-{lang}"] = (out / f"{player}.{fmt}").read_text()
    return found


@pytest.mark.parametrize("scenario", GAMES)
def test_a_renamed_unit_and_player_show_everywhere_and_undo_gives_the_texts_names_back(cli, tmp_path, scenario):
    path = _session(tmp_path, scenario)
    player, unit, old = _renamed_unit(path)
    assert _apply(cli, path, {"do": "rename", "units": {unit: UNIT_NAME}, "players": {player: PLAYER_NAME}}).code == 0

    view = views(path)[player]
    assert view.name == PLAYER_NAME and view.player == player  # the id stays what commands and files use
    assert [u.name for u in view.own if u.id == unit] == [UNIT_NAME]
    assert json.loads(cli("view", path, "--player", player, "--json").out)["name"] == PLAYER_NAME
    assert UNIT_NAME in cli("view", path, "--player", player).out
    for key, sheet in _sheets(cli, tmp_path, path, player).items():
        assert UNIT_NAME in sheet, key  # a table's name is data: the same in every language
        assert not re.search(rf"(?<![\w-]){re.escape(old)}(?![\w-])", re.sub(r"<[^>]*>", " ", sheet)), key  # gone
    from referee.scenario.catalog import load

    live = render_live(view, load(scenario).board, "en", script="", thread=[], key="")
    assert UNIT_NAME in live and not re.search(rf"(?<![\w-]){re.escape(old)}(?![\w-])", re.sub(r"<[^>]*>", " ", live))
    state = cli("state", path).out
    assert UNIT_NAME in state and PLAYER_NAME in state
    assert [u["name"] for u in json.loads(cli("state", path, "--json").out)["units"] if u["id"] == unit] == [UNIT_NAME]
    assert UNIT_NAME in cli("log", path).out and PLAYER_NAME in cli("log", path).out
    assert cli("review", path, "--out", tmp_path / "review.html").code == 0
    assert UNIT_NAME in (tmp_path / "review.html").read_text()

    assert _apply(cli, path, {"do": "undo"}).code == 0
    view = views(path)[player]
    assert view.name == player and [u.name for u in view.own if u.id == unit] == [old]
    assert UNIT_NAME not in _sheets(cli, tmp_path, path, player)["html-en"]


def test_an_empty_name_gives_the_texts_name_back_and_verify_replays_the_renames(cli, tmp_path):
    path = _session(tmp_path, GAMES[0])
    player, unit, old = _renamed_unit(path)
    assert _apply(cli, path, {"do": "rename", "units": {unit: UNIT_NAME}}, {"do": "rename", "units": {unit: ""}}).code == 0
    assert [u.name for u in views(path)[player].own if u.id == unit] == [old]
    with Session.open(path) as session:
        assert session.state.names == {}
    assert cli("verify", path).code == 0


@pytest.mark.parametrize(("command", "key"), [
    ({"units": {"Nobody": "A"}}, '"units.Nobody"'),
    ({"players": {"nobody": "A"}}, '"players.nobody"'),
    ({"units": {"U29": "a\tb"}}, '"units.U29"'),
    ({"units": {"U29": "x" * 65}}, '"units.U29"'),
    ({"units": {"U29": "   "}}, '"units.U29"'),
    ({"units": {"U29": "Group A", "U30": "group a"}}, '"units.U'),
    ({"units": {"U29": "Unorganized 30"}}, '"units.U29"'),
    ({"units": {"U29": "A"}, "dice": [1]}, '"dice"'),
    ({}, '"units" or "players"'),
])
def test_bad_names_are_refused_in_one_line_naming_the_key_and_change_nothing(cli, tmp_path, command, key):
    """Unknown ids, control characters, more than 64 characters, only spaces, two units of one side alike."""
    path = _session(tmp_path, GAMES[0])
    before = cli("log", path, "--json").out
    run = _apply(cli, path, {"do": "rename"} | command)
    lines = [line for line in run.err.splitlines() if not line.startswith("log head")]
    assert run.code == 2 and len(lines) == 1 and key in lines[0], run.err
    assert cli("log", path, "--json").out == before


def test_a_rename_after_the_game_has_ended_is_taken_for_the_debrief(cli, tmp_path):
    """N30 2: once the game is over every command of the game is refused, but a name for the table is not one."""
    path = _session(tmp_path, GAMES[0])
    with Session.open(path) as session:
        while not session.state.over:
            session.apply({"do": "end-phase"})
    assert _apply(cli, path, {"do": "end-phase"}).code == 2
    assert _apply(cli, path, {"do": "rename", "players": {"police": PLAYER_NAME}}).code == 0
    assert views(path)["police"].name == PLAYER_NAME


def test_a_rename_reveals_nothing_of_a_unit_the_other_side_has_not_identified(cli, tmp_path):
    """N30 6.2 (hidden = strong): the protesters see counters, not names; a police unit they never identified keeps
    no name in their view, renamed or not, while the police see their own unit's new name."""
    path = _session(tmp_path, GAMES[0], "hidden=strong")
    before = views(path)
    named = {f.id for s in before["protesters"].sightings for f in (*s.units, *([s.top] if s.top else []))}
    hidden = next(u.id for u in before["police"].own if u.id not in named and u.node is not None)
    assert _apply(cli, path, {"do": "rename", "units": {hidden: UNIT_NAME}}).code == 0
    after = views(path)
    assert after["protesters"] == before["protesters"]
    assert UNIT_NAME not in _sheets(cli, tmp_path, path, "protesters")["html-en"]
    assert UNIT_NAME not in cli("view", path, "--player", "protesters", "--json").out
    assert [u.name for u in after["police"].own if u.id == hidden] == [UNIT_NAME]


def test_a_renamed_identified_unit_shows_its_new_name_where_the_old_one_was(cli, tmp_path):
    """N30 6.2 (hidden = none): the protesters identify every police unit, so its table name replaces its name."""
    path = _session(tmp_path, GAMES[0], "hidden=none")
    seen = next(f for s in views(path)["protesters"].sightings for f in s.units)
    assert _apply(cli, path, {"do": "rename", "units": {seen.id: UNIT_NAME}}).code == 0
    names = [f.name for s in views(path)["protesters"].sightings for f in s.units if f.id == seen.id]
    assert names == [UNIT_NAME]


def test_the_umpire_writes_to_a_student_by_the_name_the_table_calls_him_and_the_review_says_it(cli, tmp_path):
    """`message --to` takes the table's name (in any case) as well as the id; a name nobody has is refused naming
    each player with his; the review's players and threads say both."""
    path = _session(tmp_path, "n30/close-the-ring", "seats=4")
    with Session.open(path) as session:
        session.apply({"do": "rename", "players": {"police-2": "Dev", "protesters-1": "Amira"}})
    assert cli("message", path, "--to", "dev", "Your units are Chloe's for now.").code == 0
    unknown = cli("message", path, "--to", "Zed", "Hello")
    assert unknown.code == 2 and "police-2 (Dev)" in unknown.err and "protesters-1 (Amira)" in unknown.err
    with Session.open(path) as session:
        assert [(m.player, m.text) for m in session.messages()] == [("police-2", "Your units are Chloe's for now.")]
    assert cli("review", path, "--out", tmp_path / "r.html").code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<td>police-2 (Dev)</td>" in page and "<h3>police-2 (Dev)</h3>" in page and "protesters-1 (Amira)" in page


def test_the_threads_and_orders_at_the_command_line_say_each_player_with_the_name_the_table_calls_him(cli, tmp_path):
    """`messages`, `orders` and `orders --missing` say "protesters-1 (Amira)" where the table renamed him, and
    `--player` takes the name as well as the id."""
    path = _session(tmp_path, "n30/close-the-ring", "seats=4")
    with Session.open(path) as session:
        session.apply({"do": "rename", "players": {"protesters-1": "Amira", "protesters-2": "Bo"}})
    with SessionStore.open(path) as store:
        store.write_message("protesters-1", "Move", from_player=True, command={"do": "move", "unit": "U2", "to": "n14"})
    assert cli("message", path, "--to", "Amira", "On its way.").code == 0
    messages = cli("messages", path, "--player", "amira").lines
    assert [line.split(" ", 2)[2] for line in messages] == [
        "protesters-1 (Amira) → umpire, order, waiting: Move", "umpire → protesters-1 (Amira): On its way."]
    assert " protesters-1 (Amira), waiting | Move | " in cli("orders", path).out
    assert cli("orders", path, "--missing").out.endswith("yet to send orders: protesters-2 (Bo)\n")
    assert cli("orders", path, "--player", "Zed").err.startswith("referee: no player 'Zed' (players: ")
