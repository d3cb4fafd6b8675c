"""N30 option crowd_mood: Wallman's Response Level (RL) on unorganized and radicalized clusters.

Sections: N30 4 (the attack, gas), 4.1 (retreats), 4.2 (casualties), 4.3 (radicalization), 6.2
(hidden movement); Wallman's RL State Chart. The readings are in RULINGS.md, "N30 option crowd_mood".
"""

from __future__ import annotations

import json
import re

import pytest

from referee.briefing.i18n import Strings
from referee.errors import RefereeError
from referee.knowledge.export import view_json
from referee.rules.moods import chart, level
from referee.rulesets.n30.knowledge.record import Record
from referee.rulesets.n30.rules.narrate import narrate
from referee.rulesets.n30.rules.phases import CONFRONTATION
from referee.rulesets.n30.umpire import crowd_mood
from referee.scenario.catalog import load
from referee.text import strings_in
from referee.umpire_view import state_text
from tests.n30_support import arrange, new_game


def mood_game(placement, reading="on", scenario="n30/close-the-ring", **rls):
    """A confrontation-phase game with crowd_mood on and the named clusters at the given RLs."""
    game = arrange(new_game(scenario, crowd_mood=reading), placement, phase=CONFRONTATION)
    for uid, rl in rls.items():
        game.state.units[uid] = game.state.units[uid].with_attrs(rl=rl)
    return game


def moods(events) -> dict[str, dict]:
    return {e.data["unit"]: e.data for e in events if e.kind == "crowd-mood"}


# --- option off ---------------------------------------------------------------------------------


def test_with_the_option_off_no_cluster_has_an_rl_and_no_attack_rolls_one():
    """6 (option off, the default): the N30 rules alone, no RL, no roll, no mood in any view."""
    game = arrange(new_game(), {"3rd & Pike": ["6/B", "CART/30", "U1"]}, phase=CONFRONTATION)
    assert not any("rl" in unit.attrs for unit in game.state.units.values())
    events = game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [6]})
    assert [e.kind for e in events] == ["confrontation", "success", "unit-radicalized", "unit-retreated"]
    assert events[2].data == {"unit": "U1"}
    record = Record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    assert "mood" not in json.dumps(view_json(record.view("police")))


# --- the RL each cluster carries ----------------------------------------------------------------


def test_unorganized_clusters_start_agitated_and_radicalized_ones_rioting():
    """1.6, 4.3 (ruling): an unorganized cluster starts at RL 4 (Agitated), a radicalized one at RL 7 (Rioting)."""
    units = new_game("n30/reclaim-the-streets", crowd_mood="on").state.units
    assert units["U1"].attrs["rl"] == 4 and units["U40"].attrs["rl"] == 4  # on the map, and a reinforcement
    assert units["U5"].type == "radicalized" and units["U5"].attrs["rl"] == 7
    assert {unit.type for unit in units.values() if "rl" in unit.attrs} == {"unorganized", "radicalized"}


def test_state_json_shows_the_rl_as_a_hidden_attribute(cli, tmp_path):
    """docs/cli.md: `state --json` shows hidden attributes (RL among them) as further keys on units."""
    path = tmp_path / "mood.db"
    assert cli("new", "n30/hold-the-line", "--db", path, "--set", "crowd_mood=on").code == 0
    units = {u["id"]: u for u in json.loads(cli("state", path, "--json").out)["units"]}
    assert units["U1"]["rl"] == 4 and "rl" not in units["Bananarchy"] and "rl" not in units["6/B"]
    assert "U16 (unorganized; RL 4)" in cli("state", path).out


# --- the roll after an attack -------------------------------------------------------------------


@pytest.mark.parametrize("police, factor, value", [
    (["6/A"], "police_charging", -1),
    (["6/A", "6/B"], "riot_charging", -2),
    (["6/A", "6/B", "MP-1"], "mounted_charging", -3),
])
def test_an_attack_charges_the_crowd_with_the_strongest_squad_present(police, factor, value):
    """4, RL State Chart: soft squads charge as ordinary police, hard squads as riot police, mounted squads as
    mounted police; one charge factor, the strongest."""
    game = mood_game({"3rd & Pike": [*police, "U1"]})
    events = game.apply({"do": "confront", "node": "3rd & Pike", "dice": [6, 5]})
    rolled = moods(events)["U1"]
    assert rolled["modifiers"] == {factor: value}
    assert (rolled["was"], rolled["roll"], rolled["score"]) == (4, 5, 5 + value)


def test_gas_is_a_tear_gas_cloud_and_the_rl_moves_by_the_chart():
    """4, 4.3, RL State Chart: gassed clusters are in an effective tear gas cloud (-2); score 1 calms by one."""
    game = mood_game({"3rd & Pike": ["6/B", "CART/30", "U1"]})
    events = game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [3, 5]})
    rolled = moods(events)["U1"]
    assert rolled["modifiers"] == {"riot_charging": -2, "tear_gas": -2}
    assert (rolled["score"], rolled["rl"], rolled["level"]) == (1, 3, "Restless")
    assert game.state.units["U1"].attrs["rl"] == 3
    mood_event = next(e for e in events if e.kind == "crowd-mood")
    assert [(d.purpose, d.value, d.entered) for d in mood_event.dice] == [("RL state chart", 5, True)]


def test_each_protester_unit_destroyed_in_the_attack_counts_as_arrested():
    """4.2, RL State Chart: each protester unit removed in the confrontation is one 'crowd member arrested' (-1)."""
    game = mood_game({"3rd & Pike": ["6/B", "CART/30", "U1", "Sea Turtles (T)", "Bananarchy"]})
    events = game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [3, 1, 1, 6]})
    assert [e.data["unit"] for e in events if e.kind == "unit-destroyed"] == ["Sea Turtles (T)", "Bananarchy"]
    rolled = moods(events)["U1"]
    assert rolled["modifiers"] == {"riot_charging": -2, "tear_gas": -2, "arrested": -2}
    assert (rolled["score"], rolled["rl"]) == (0, 3)


def test_neighbouring_crowds_count_by_their_rl_before_the_rolls_and_retreats_count_as_running():
    """4.1, RL State Chart: each crowd in the intersection or an adjacent one at a higher RL +1, at a lower RL -1,
    running away (retreated from this attack) -1; all measured before this attack's rolls."""
    game = mood_game({"3rd & Pike": ["6/A", "U1", "U2"], "2nd & Pike": ["U3"], "4th & Pike": ["U4"],
                      "3rd & Union": ["U5"], "6th & Seneca": ["U6"]}, U3=6, U4=2, U5=5, U6=8)
    events = game.apply({"do": "confront", "node": "3rd & Pike", "retreats": {"U1": "3rd & Pine"},
                         "dice": [1, 6, 6, 3]})
    rolled = moods(events)
    assert rolled["U1"]["modifiers"] == {"police_charging": -1, "adjacent_higher": 2, "adjacent_lower": -1}
    assert (rolled["U1"]["score"], rolled["U1"]["rl"]) == (6, 5)
    assert rolled["U2"]["modifiers"] == {"police_charging": -1, "adjacent_higher": 2, "adjacent_lower": -1,
                                         "adjacent_running": -1}
    assert rolled["U2"]["score"] == 2
    assert set(rolled) == {"U1", "U2"}


def test_the_rl_dice_follow_the_confrontation_dice_and_are_all_needed():
    """4 (ruling): typed-in dice are the confrontation's, then one RL die per attacked cluster in attack order."""
    game = mood_game({"3rd & Pike": ["6/B", "U1"]})
    before = game.state
    with pytest.raises(RefereeError, match="needed one more for RL state chart"):
        game.apply({"do": "confront", "node": "3rd & Pike", "dice": [6]})
    assert game.state is before


def test_the_log_narrates_a_roll_in_one_line():
    """RL State Chart: the log gives the RL before and after, the level's name, the score, then the die and each
    factor by the chart's words."""
    game = mood_game({"3rd & Pike": ["6/B", "CART/30", "U1"]})
    event = next(e for e in game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [3, 5]})
                 if e.kind == "crowd-mood")
    assert narrate(event) == ("U1 mood: RL 4 → 3 Restless (score 1; crowd_mood) = die +5; "
                              "Specialist riot forces charging -2; "
                              "In effective tear gas cloud -2 (RL State Chart) [dice 5*]")


# --- radicalization -----------------------------------------------------------------------------


def test_an_unorganized_cluster_reaching_rioting_is_radicalized():
    """4.3 (ruling): an unorganized cluster whose RL reaches 7 (Rioting) is replaced by a radicalized cluster."""
    game = mood_game({"3rd & Pike": ["6/A", "U1"], "2nd & Pike": ["U3"]}, U1=6, U3=8)
    events = game.apply({"do": "confront", "node": "3rd & Pike", "dice": [6, 6]})
    assert moods(events)["U1"]["rl"] == 7
    radicalized = next(e for e in events if e.kind == "unit-radicalized")
    assert radicalized.data == {"unit": "U1", "rl": 7, "by": "mood"}
    assert narrate(radicalized) == "U1 is radicalized: its RL reached 7 (crowd_mood, 4.3)"
    assert game.state.units["U1"].type == "radicalized"


def test_a_gassed_six_radicalizes_as_4_3_says_and_lifts_the_rl_to_rioting():
    """4.3 with crowd_mood: the gassed 6 still radicalizes, and the cluster's RL rises to 7 before its roll."""
    game = mood_game({"3rd & Pike": ["6/B", "CART/30", "U1"]})
    events = game.apply({"do": "confront", "node": "3rd & Pike", "gas": True, "dice": [6, 6]})
    assert next(e for e in events if e.kind == "unit-radicalized").data == {"unit": "U1", "rl": 7}
    assert (moods(events)["U1"]["was"], moods(events)["U1"]["rl"]) == (7, 7)


@pytest.mark.parametrize("reading, rl, held", [("on", 7, True), ("free", 5, False)])
def test_a_radicalized_cluster_stays_rioting_or_moves_freely_by_the_option(reading, rl, held):
    """4.3, 1.6 (ruling, option crowd_mood): `on` holds a radicalized cluster at RL 7 or more; `free` lets the
    chart calm it (it stays a radicalized cluster)."""
    game = mood_game({"3rd & Pike": ["6/B", "U5"]}, reading, "n30/reclaim-the-streets")
    events = game.apply({"do": "confront", "node": "3rd & Pike", "dice": [6, 1]})
    rolled = moods(events)["U5"]
    assert (rolled["score"], rolled["rl"], rolled["held"]) == (-1, rl, held)
    assert game.state.units["U5"].type == "radicalized"


# --- what players and the umpire learn ----------------------------------------------------------


def test_players_hear_the_mood_in_words_and_never_the_rl(cli, tmp_path):
    """RL State Chart (players are told the mood, not the number): `view`, `view --json` and the briefings."""
    path, out = tmp_path / "line.db", tmp_path / "sheets"
    assert cli("new", "n30/hold-the-line", "--db", path, "--seed", "3", "--set", "crowd_mood=on").code == 0
    commands = [{"do": "end-phase"}, {"do": "end-phase"}, {"do": "confront", "node": "8th & Pine"}]
    assert cli("apply", path, "-", stdin="\n".join(map(json.dumps, commands))).code == 0
    truth = {u["id"]: u for u in json.loads(cli("state", path, "--json").out)["units"]}
    rl_chart = chart(load("n30/hold-the-line"))
    for player in ("police", "protesters"):
        data = json.loads(cli("view", path, "--player", player, "--json").out)
        crowds = {u["id"]: u for u in data["units"]
                  if u["type"] in ("unorganized", "radicalized") and u.get("status", "active") == "active"}
        assert crowds["U19"]["mood"] == level(rl_chart, truth["U19"]["rl"]).name
        assert all(u["mood_words"] == level(rl_chart, truth[uid]["rl"]).words for uid, u in crowds.items())
        assert "rl" not in set(strings_in(data, values=False))
        texts = [cli("view", path, "--player", player).out]
        for fmt in ("html", "md"):
            for lang in ("en", "es"):
                assert cli("brief", path, "--player", player, "--format", fmt, "--lang", lang, "--out", out).code == 0
                texts.append((out / f"{player}.{fmt}").read_text(encoding="utf-8"))
        assert crowds["U19"]["mood"] in texts[0] and not any(re.search(r"\bRL\b", text) for text in texts)
        assert Strings("es").data(crowds["U19"]["mood"]) in texts[4]


def test_a_crowd_the_player_cannot_see_has_no_mood_in_their_view():
    """6.2 weak: only the top unit of a stack is seen, and only a seen crowd's mood is told (U4 lies under
    Bananarchy at 5th & Olive)."""
    game = new_game("n30/reclaim-the-streets", hidden="weak", crowd_mood="on")
    record = Record(game.ctx, game.rules, "ab" * 32)
    for event in game.events:
        record.feed(event)
    view = view_json(record.view("police"))
    tops = {stack["top"] for stack in view["stacks"]}
    assert "U4" not in {u["id"] for u in view["units"]}
    assert {u["id"] for u in view["units"] if "mood" in u} <= tops
    assert any("mood" in u for u in view["units"])


def test_the_umpire_sees_each_crowds_rl_and_what_it_does():
    """RL State Chart: the umpire's state names each crowd's RL, level and behaviour (the hint for play)."""
    game = mood_game({"3rd & Pike": ["6/B", "U1", "U2"]}, U2=6)
    level = crowd_mood(game, game.state.units["U2"])
    assert (level.rl, level.name) == (6, "Hostile")
    assert crowd_mood(game, game.state.units["6/B"]) is None
    text = state_text(game)
    assert "RL 4 Agitated: U1. Shouts abuse" in text and "RL 6 Hostile: U2. Throws bricks" in text
