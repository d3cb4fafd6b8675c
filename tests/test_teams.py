"""Teams (option `seats`; RULINGS.md, "Teams"): a side's units shared among several players, each commanding a run
of neighbours from the first turn and a share of those to come; each player's sheet his own; `referee scenarios`
saying who may play; a scenario file's `seats` checked as it loads."""

from __future__ import annotations

import json
import shutil

import pytest

from referee import rulesets
from referee.briefing.i18n import Strings
from referee.core.engine import Context
from referee.core.units import ACTIVE
from referee.errors import RefereeError
from referee.knowledge.build import player_view
from referee.orders import his_units
from referee.scenario.catalog import load, load_file
from referee.session import Session
from referee.store.repository import SessionStore

TEAMS = [("n30/close-the-ring", "12", {"protesters": 6, "police": 6}), ("n30/close-the-ring", "3", {"protesters": 2}),
         ("n30/hold-the-line", "8", {"protesters": 4, "police": 4}),
         ("chicago/chicago-1968", "6", {"demonstrators": 3, "police": 3})]


@pytest.mark.parametrize("scenario_id, seats, shared", TEAMS)
def test_each_side_s_units_are_shared_among_its_team_each_with_neighbours_on_the_map_from_the_start(scenario_id, seats,
                                                                                                   shared):
    scenario = load(scenario_id)
    teamed = Context.of(scenario, {"seats": seats}).scenario
    for player in scenario.players:
        count = shared.get(player.id, 1)
        team = [p for p in teamed.players if p.side == player.side]
        assert [p.id for p in team] == ([player.id] if count == 1 else [f"{player.id}-{n}" for n in range(1, count + 1)])
        side = {uid for uid, unit in scenario.units.items() if unit.side == player.side}
        dealt = [uid for p in team for uid in (p.units or side)]
        assert sorted(dealt) == sorted(side), "every unit of the side is commanded by one player of its team, once"
        placed = [uid for ids in scenario.setup.placement.values() for uid in ids if uid in side]
        sizes = [sum(uid in placed for uid in p.units or side) for p in team]
        assert min(sizes) >= 1 and max(sizes) - min(sizes) <= 1, "a fair share of the units on the map at the start"
        for p in team if count > 1 else ():  # a run of neighbours: his units on the map at the start follow one another
            at = [placed.index(uid) for uid in p.units or side if uid in placed]
            assert at == list(range(at[0], at[0] + len(at)))


def test_a_team_player_s_sheet_names_him_by_his_team_and_number_and_his_orders_concern_his_own_units(tmp_path):
    with Session.create(tmp_path / "s.db", "n30/close-the-ring", {"seats": "4"}, seed=3) as session:
        ctx, state = session.game.ctx, session.state
        assert [p.id for p in ctx.scenario.players] == ["protesters-1", "protesters-2", "police-1", "police-2"]
        for player in ctx.scenario.players:
            view = player_view(tmp_path / "s.db", player.id)
            mine = {unit.id for unit in his_units(view)}
            assert mine == set(player.units or ()) & {unit.id for unit in view.own}, "his own, not his teammate's"
            side = {uid for uid, u in state.units.items() if u.side == player.side}
            assert {unit.id for unit in view.own} <= side and mine < {unit.id for unit in view.own}  # the side's net
            assert any(u.status == ACTIVE for u in his_units(view))
    assert Strings("en", "n30").player("protesters-2") == "Protesters 2"
    assert Strings("es", "n30").player("police-1") == "Policía 1"
    assert Strings("en", "n30").player("police-tactical") == "Capt. Pugel (tactical)"


def test_scenarios_says_how_many_may_play_in_teams(cli):
    lines = {line.split()[0]: line for line in cli("scenarios").lines}
    assert lines["n30/close-the-ring"].endswith("(2 players; 3 to 12 in teams, option seats)")
    assert lines["chicago/chicago-1968"].endswith("(2 players; 3 to 6 in teams, option seats)")
    assert lines["wallman/town-centre-riot"].endswith("(5 players)")
    listed = {item["id"]: item for item in json.loads(cli("scenarios", "--json").out)}
    assert listed["n30/close-the-ring"]["teams"] == {"seats": {"3": 3, "4": 4, "6": 6, "8": 8, "12": 12}}
    assert listed["bos/battle-of-seattle"]["teams"] == {}


@pytest.mark.parametrize("seats, line", [
    ('{ "3" = { mayor = 2 } }', "no player 'mayor' to share"),
    ('{ "3" = { protesters = 13 } }', "13 players cannot share protesters's units: 1 to 12"),
    ('{ "5" = { protesters = 2 } }', "'5' is not a choice"),
])
def test_a_scenario_file_s_seats_are_checked_as_it_loads(tmp_path, seats, line):
    shutil.copytree(rulesets.get("n30").scenarios.parent, tmp_path / "scenarios")  # its files name others' (wallman)
    path = tmp_path / "scenarios" / "n30" / "close-the-ring.toml"
    text = path.read_text()
    start = text.index("seats = {", text.index("[options.seats]"))
    path.write_text(text[:start] + f"seats = {seats}" + text[text.index("\n", start):])
    with pytest.raises(RefereeError) as refused:
        load_file(path, "n30")
    assert line in str(refused.value) and "close-the-ring.toml" in str(refused.value)


def test_the_umpire_lists_and_answers_a_team_player_s_orders_and_messages(cli, tmp_path):
    path = tmp_path / "s.db"
    Session.create(path, "n30/close-the-ring", {"seats": "4"}, seed=3).close()
    with SessionStore.open(path) as store:
        store.write_message("protesters-2", "Move: Portland", from_player=True, command={"do": "move", "unit": "Portland",
                                                                                        "to": "5th & Olive"})
    assert [o["player"] for o in json.loads(cli("orders", path, "--json").out)] == ["protesters-2"]
    assert cli("messages", path, "--player", "protesters-2").lines[0].startswith("#1 ")
    assert cli("message", path, "--to", "protesters-2", "--answers", 1, "Seen.").code == 0
