"""`referee simulate --sweep`: tunables named in the scenario data (an Exposure Value of Battle of Seattle's map, 2.2;
a cell of Chicago-Chicago's reconstructed Conflict Resolution Tables, HOW TO RESOLVE CONFLICT 6-8), the same seeds
under every setting, and the table, CSV, JSON and chart that show them."""

from __future__ import annotations

import csv
import io
import json

import pytest

from referee.balance import shares, wilson
from referee.errors import RefereeError
from referee.game import Game
from referee.rulesets.bos.rules import victory
from referee.rulesets.chicago.rules import tables
from referee.scenario.catalog import from_sources, load, tuned
from referee.simulate import results, simulate
from referee.sweep import MAX_SETTINGS, as_sweep, axes, sweep, to_csv, to_table

BOS, CHICAGO = "bos/battle-of-seattle", "chicago/chicago-1968"


def test_battle_of_seattle_names_each_exposure_value_2_2():
    scenario = load(BOS)
    values = {node.id: node.value for node in scenario.board.nodes.values() if node.value}
    named = {t.at[1]: t.value for t in scenario.tunables.values()}
    assert named == values
    assert all(t.section == "2.2" and t.file == "board" for t in scenario.tunables.values())


def test_a_tuned_exposure_value_is_the_one_the_game_reads_2_2():
    scenario = load(BOS)
    changed = tuned(scenario, {"ev_convention_centre": "11"})
    assert changed.board.nodes["convention-centre"].value == 11
    assert scenario.board.nodes["convention-centre"].value == 8  # the scenario as loaded is untouched
    assert changed.board.nodes["paramount"].value == scenario.board.nodes["paramount"].value


def test_a_tuned_table_cell_is_the_one_a_conflict_reads():
    """HOW TO RESOLVE CONFLICT 6: HARASS, the police at 4:1, die 3."""
    scenario = load(CHICAGO)
    assert tables.of(scenario)["harass"].result("police", 4, 3).code == scenario.tunables["harass_4to1_die3"].value
    changed = tuned(scenario, {"harass_4to1_die3": "DD2"})
    assert tables.of(changed)["harass"].result("police", 4, 3).code == "DD2"
    assert tables.of(changed)["harass"].result("police", 3, 2).code == "DD3"  # the text's own cell stays
    assert tables.of(scenario)["harass"].result("police", 4, 3).code != "DD2"


def test_a_chicago_session_keeps_the_tables_it_began_with(tmp_path):
    """A new session carries its tables; one stored before scenarios carried them reads the file."""
    from referee.session import Session

    path = tmp_path / "c.db"
    Session.create(path, CHICAGO, {}, 1).close()
    session = Session.open(path)
    try:
        assert session.game.ctx.scenario.sources[tables.SOURCE] == load(CHICAGO).sources[tables.SOURCE]
    finally:
        session.close()
    older = {key: data for key, data in load(CHICAGO).sources.items() if key != tables.SOURCE}
    older["scenario"] = {key: value for key, value in older["scenario"].items() if key not in ("files", "tunables")}
    assert tables.of(from_sources(older)) is tables.load()


@pytest.mark.parametrize("name, value, words", [
    ("ev_convention_centre", "lots", "ev_convention_centre is a whole number from -999 to 999, not 'lots'"),
    ("ev_convention_centre", "99999999999999999999",
     "ev_convention_centre is a whole number from -999 to 999, not '99999999999999999999'"),
    ("ev_convention_centre", "-2", "greater than or equal to 0"),
    ("ev_nowhere", "3", "has no option or tunable 'ev_nowhere'"),
])
def test_a_bad_tuning_is_refused_in_one_line(name, value, words):
    with pytest.raises(RefereeError) as caught:
        tuned(load(BOS), {name: value})
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_cell_that_is_no_result_is_refused_before_the_game_begins():
    with pytest.raises(RefereeError, match=r"die 3: 'XX9' is not a result"):
        Game.new(tuned(load(CHICAGO), {"harass_4to1_die3": "XX9"}), {}, 1)


def test_a_sweep_plays_the_same_seeds_under_each_setting():
    result = sweep(BOS, axes(load(BOS), ["ev_convention_centre=8,12", "extend=off,on"], {}), 6, 4, workers=1)
    assert result["sweep"] == {"ev_convention_centre": ["8", "12"], "extend": ["off", "on"]}
    assert [row["settings"] for row in result["rows"]] == [
        {"ev_convention_centre": "8", "extend": "off"}, {"ev_convention_centre": "8", "extend": "on"},
        {"ev_convention_centre": "12", "extend": "off"}, {"ev_convention_centre": "12", "extend": "on"}]
    for row in result["rows"]:
        alone = simulate(BOS, 6, 4, {"extend": row["settings"]["extend"]}, workers=1,
                         tuned={"ev_convention_centre": row["settings"]["ev_convention_centre"]})
        assert {k: v for k, v in row.items() if k not in ("settings", "seconds")} == \
            {k: v for k, v in alone.items() if k not in ("scenario", "seed", "seconds")}
    as_loaded = simulate(BOS, 6, 4, workers=1)
    assert result["rows"][0]["wins"] == as_loaded["wins"]  # 8 is the map's own value
    assert result["rows"][0]["score_quartiles"] == as_loaded["score_quartiles"]
    assert result["rows"][2]["score_quartiles"] != result["rows"][0]["score_quartiles"]  # and 12 is not


@pytest.mark.parametrize("given, fixed, words", [
    (["ev_convention_centre"], {}, "--sweep takes NAME=VALUE,VALUE,..."),
    (["ev_convention_centre=8,,9"], {}, "--sweep takes NAME=VALUE,VALUE,..."),
    (["ev_convention_centre=8,8"], {}, "a value is listed twice (8, 8)"),
    (["ev_convention_centre=08,8"], {}, "a value is listed twice (8, 8)"),
    (["extend=on,yes"], {}, "a value is listed twice (on, on)"),
    (["extend=off", "extend=on"], {}, "extend is swept twice: list all its values in one --sweep"),
    (["extend=off,on"], {"extend": "on"}, "extend is given both to --set and to --sweep"),
    (["extend=off,sometimes"], {}, "option extend must be one of off, on, tie, not 'sometimes'"),
    (["ev_westin=two"], {}, "ev_westin is a whole number from -999 to 999, not 'two'"),
    (["ev_westin=1,1000"], {}, "ev_westin is a whole number from -999 to 999, not '1000'"),
    (["pace=1,2"], {}, "has no option or tunable 'pace' (known: extend, reading, spd_row, fog, ev_convention_centre"),
    ([f"ev_westin={','.join(map(str, range(20)))}", f"ev_westlake={','.join(map(str, range(11)))}"], {},
     f"the sweep has 220 settings; at most {MAX_SETTINGS}"),
])
def test_a_bad_sweep_is_refused_before_any_game(given, fixed, words):
    with pytest.raises(RefereeError) as caught:
        axes(load(BOS), given, fixed)
    assert words in str(caught.value)


@pytest.fixture(scope="module")
def chicago_sweep():
    return sweep(CHICAGO, axes(load(CHICAGO), ["harass_4to1_die3=DD3,PD3"], {}), 5, 2, workers=1)


def test_the_csv_holds_what_the_json_holds(chicago_sweep):
    rows = list(csv.DictReader(io.StringIO(to_csv(chicago_sweep))))
    assert [row["harass_4to1_die3"] for row in rows] == ["DD3", "PD3"]
    for line, row in zip(rows, chicago_sweep["rows"], strict=True):
        assert int(line["games"]) == row["games"] == 5
        for side, rate in row["win_rate"].items():
            assert int(line[f"{side}_wins"]) == row["wins"][side]
            assert float(line[f"{side}_low"]) == rate["low"] and float(line[f"{side}_high"]) == rate["high"]
        assert float(line["score_median"]) == row["score_quartiles"]["median"]


def test_the_table_gives_each_setting_a_line_with_its_intervals(chicago_sweep):
    lines = to_table(chicago_sweep).splitlines()
    assert lines[0].split()[:3] == ["harass_4to1_die3", "games", "demonstrators"]
    assert [line.split()[0] for line in lines[2:]] == ["DD3", "PD3"]
    rate = chicago_sweep["rows"][1]["win_rate"]["police"]
    assert f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}-{100 * rate['high']:.1f}]" in lines[3]


def test_the_command_line_sweeps_in_a_table_csv_json_and_a_chart(cli, tmp_path):
    args = ("simulate", CHICAGO, "--games", "4", "--seed", "2", "--sweep", "harass_4to1_die3=DD3,PD3", "--workers", "1")
    table = cli(*args, "--chart", tmp_path / "sweep.html")
    assert table.code == 0, table.err
    assert table.out.splitlines()[0].startswith("harass_4to1_die3")
    page = (tmp_path / "sweep.html").read_text(encoding="utf-8")
    as_json = json.loads(cli(*args, "--format", "json").out)
    results = {key for row in as_json["rows"] for key in row["win_rate"]}
    assert page.count("<svg") == len(results) + 1  # each side (and draws, if any), and the scores
    assert ">harass_4to1_die3</text>" in page and ">PD3</text>" in page and "Games won by the police" in page
    assert "HARASS, the police at 4:1, die 3 (reconstructed: PD3)." in page  # what the swept name stands for
    assert [row["settings"] for row in as_json["rows"]] == [{"harass_4to1_die3": "DD3"}, {"harass_4to1_die3": "PD3"}]
    assert cli(*args, "--format", "csv").out.splitlines()[0].startswith("harass_4to1_die3,games,")
    plain = cli("simulate", CHICAGO, "--games", "2", "--format", "table")
    assert plain.code == 0 and plain.out.splitlines()[0].split()[:2] == ["games", "demonstrators"]


@pytest.mark.parametrize("args, words", [
    (("--sweep", "ev_westin=1,2", "--save", "x.db"), "--save keeps one game of one setting"),
    (("--set", "ev_westin=three"), "ev_westin is a whole number from -999 to 999, not 'three'"),
    (("--set", "ev_convention_centre=99999999999999999999"),
     "ev_convention_centre is a whole number from -999 to 999, not '99999999999999999999'"),
    (("--workers", "2", "--scheduler", "tcp://127.0.0.1:9"), "(--workers) or on a Dask cluster (--scheduler): give one"),
    (("--sweep", "ev_westin=1,2", "--chart", "nowhere/c.html"), "--chart nowhere/c.html: there is no folder nowhere"),
    (("--sweep", "ev_westin=1,2", "--chart", "."), "--chart .: a folder; give the name of the HTML file to write"),
    (("--sweep", "ev_westin=1,2", "--chart", "afile/c.html"), "--chart afile/c.html: not a folder: afile"),
    (("--sweep", "ev_westin=one"), "ev_westin is a whole number from -999 to 999, not 'one'"),
    (("--sweep", "ev_westin=0,-1000"), "ev_westin is a whole number from -999 to 999, not '-1000'"),
    (("--set", "ev_westin=1", "--set", "ev_westin=2"), "ev_westin: given twice; say once what each is set to"),
    (("--sweep", "speed=1"), "has no option or tunable 'speed'"),
    (("--format", "yaml"), "invalid choice: 'yaml'"),
])
def test_a_bad_sweep_on_the_command_line_is_one_line(cli, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("", encoding="utf-8")
    run = cli("simulate", BOS, "--games", "2", *args)
    assert run.code == 2 and words in run.err and run.err.count("\n") == 1 and run.out == ""
    assert not (tmp_path / "x.db").exists()


def test_set_fixes_a_tunable_for_every_game_of_a_sweep(cli):
    """`--set ev_paramount=5` with a sweep is `--sweep ev_paramount=5` in a grid: the same games."""
    args = ("simulate", BOS, "--games", "4", "--seed", "3", "--format", "json", "--workers", "1")
    fixed = json.loads(cli(*args, "--set", "ev_paramount=05", "--sweep", "extend=off,on").out)
    swept = json.loads(cli(*args, "--sweep", "ev_paramount=5", "--sweep", "extend=off,on").out)
    for one, other in zip(fixed["rows"], swept["rows"], strict=True):
        assert {k: v for k, v in one.items() if k not in ("settings", "seconds")} == \
            {k: v for k, v in other.items() if k not in ("settings", "seconds")}
    plain = json.loads(cli(*args).out)
    alone = json.loads(cli(*args, "--set", "ev_paramount=5").out)
    assert alone["score_quartiles"] != plain["score_quartiles"]


def test_values_are_written_as_the_scenario_writes_them():
    found = axes(load(BOS), ["extend=yes,no", "ev_westin=02,3"], {})
    assert [axis.values for axis in found] == [("on", "off"), ("2", "3")]


def test_the_levels_of_victory_come_in_the_same_order_whatever_the_games():
    """8.0: Battle of Seattle's levels as CSV columns, in one order for every run."""
    headers = set()
    for seed in range(3):
        result = sweep(BOS, axes(load(BOS), ["ev_westin=1,2"], {}), 3, seed, workers=1)
        header = to_csv(result).splitlines()[0].split(",")
        levels = [column for column in header if column.startswith("level_rate:")]
        assert levels == sorted(levels)
        headers.add(tuple(levels))
    assert len({level for levels in headers for level in levels}) > 1


def _row(wins: dict[str, int], levels: dict[str, int] | None = None) -> dict:
    """A row as `simulate` sums up its games (the scores left out of the test)."""
    games = sum(wins.values())
    return {"settings": {}, "games": games, "wins": wins, "win_rate": shares(wins, games), "mean_final_score": 0,
            "score_quartiles": dict.fromkeys(("min", "q1", "median", "q3", "max"), 0),
            **({"levels": shares(levels, games)} if levels else {})}


def test_every_run_of_a_scenario_has_the_same_csv_columns():
    """HOW TO "WIN": a Chicago-Chicago game at equal points is drawn; 8.0: Battle of Seattle's four levels. The
    columns are the results the game may give, whether or not these games gave them, in the order they had."""
    drawn, undrawn = ({"demonstrators": 1, "police": 1, "draw": 1}, {"demonstrators": 2, "police": 1})
    every = results(load(CHICAGO))
    headers = {to_csv(as_sweep({"scenario": CHICAGO, "seed": 0, **_row(wins)}), every).splitlines()[0]
               for wins in (drawn, undrawn)}
    assert len(headers) == 1
    line = dict(zip(next(iter(headers)).split(","), to_csv(as_sweep({"scenario": CHICAGO, "seed": 0, **_row(undrawn)}),
                                                     every).splitlines()[1].split(","), strict=True))
    assert (line["draw_wins"], line["draw_rate"], line["draw_low"]) == ("0", "0.0", "0.0")
    assert float(line["draw_high"]) == round(wilson(0, 3)[1], 4) > 0, "no draw in 3 games is not sure to be none"
    assert headers == {to_csv(as_sweep({"scenario": CHICAGO, "seed": 0, **_row(drawn)})).splitlines()[0]}
    triumph = {victory.TRIUMPH: 1}
    header = to_csv(as_sweep({"scenario": BOS, "seed": 0, **_row({"protester": 0, "authority": 1}, triumph)}),
                    results(load(BOS))).splitlines()[0].split(",")
    assert [column for column in header if column.startswith("level_rate:")] == \
        sorted(f"level_rate:{level}" for level in (victory.TRIUMPH, *(name for _, name in victory.LEVELS)))
    assert results(load("n30/close-the-ring")) == (("protesters", "police"), ())


def test_the_command_line_csv_has_a_column_for_each_result_the_game_may_give(cli):
    header = cli("simulate", CHICAGO, "--games", "1", "--format", "csv").out.splitlines()[0].split(",")
    assert header[1:13:4] == ["demonstrators_wins", "police_wins", "draw_wins"]
    levels = cli("simulate", BOS, "--games", "1", "--format", "csv").out.splitlines()[0].count("level_rate:")
    assert levels == 4
