"""Option mood_shown: what players see of a crowd's mood (RL State Chart, the note on the numbered marker).

`number` shows the RL as a marker with its level's words, `words` the level's name and words, `behaviour`
only what the crowd visibly does, one look for two levels. Every player output is checked: the view as
JSON and as text, the sheets in HTML and Markdown in English and Spanish, the review's "what you knew",
and the dashboard's view as a player. The readings are in RULINGS.md, "What players see of a crowd's mood".
"""

from __future__ import annotations

import html
import json
import re

import pytest
from textual.widgets import Static

from referee.briefing.i18n import Strings
from referee.briefing.render import render
from referee.core.engine import Context
from referee.errors import RefereeError
from referee.knowledge import moods
from referee.knowledge.export import view_json
from referee.paths import data_dir
from referee.review.gather import gather
from referee.review.report import knew_and_true
from referee.review.words import ReviewWords
from referee.rules.moods import looks
from referee.rulesets.n30.knowledge.record import Record
from referee.rulesets.n30.tui.map_view import MapView
from referee.rulesets.wallman.tables import load_tables
from referee.rulesets.wallman.tui.widgets import CrowdsTable
from referee.scenario.catalog import load
from referee.scenario.toml_lines import DataError
from tests.n30_support import new_game
from tests.sheet_text import view_page
from tests.tui_support import drive, make_session, press, settle
from tests.wallman_support import TABLES

CROWD, OFFICER = "Town Hall protest", "brennan"  # Sergeant Brennan at Market Cross sees Market Square's crowd
DIE = {4: 1, 5: 4, 6: 6}  # the RL die that leaves the Town Hall protest (RL 4, an angrier crowd next door) at this RL
LEVEL_TEXTS = {lang: {Strings(lang, "wallman").data(text) for lv in TABLES.rl.levels for text in (lv.name, lv.words)}
               for lang in ("en", "es")}


def plain(output: str) -> str:
    """An output with its HTML entities and Markdown escapes undone."""
    return re.sub(r"\\(.)", r"\1", html.unescape(output))


def named(texts: set[str], output: str) -> set[str]:
    """Which of the texts stand whole in an output."""
    return {text for text in texts if re.search(rf"(?<!\w){re.escape(text)}(?!\w)", plain(output))}


def test_the_looks_take_the_levels_two_by_two_and_name_no_level():
    """behaviour (ruling): 1-2, 3-4, 5-6, 7-8 look alike; a look never uses a level's name or words."""
    groups = {}
    for rl in range(1, 9):
        groups.setdefault(looks(TABLES.rl, rl).name, []).append(rl)
    assert list(groups.values()) == [[1, 2], [3, 4], [5, 6], [7, 8]]
    for look in TABLES.rl.looks.rows:
        for lang in ("en", "es"):
            shown = {Strings(lang, "wallman").data(look.name), Strings(lang, "wallman").data(look.text)}
            assert not any(named(LEVEL_TEXTS[lang], text) for text in shown), look.name
        assert Strings("es").data(look.name) != look.name and Strings("es").data(look.text) != look.text
    assert Strings("es").data("RL 5") == "NR 5"


def test_a_look_must_take_a_level_and_old_tables_without_looks_still_load(tmp_path):
    text = (data_dir("scenarios") / "wallman/board/tables.toml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("upto = 6\nname = \"Throwing things\"", "upto = 8\nname = \"Throwing things\""))
    with pytest.raises(DataError, match="each look must take at least one of the levels 1-8"):
        load_tables(broken)
    old = tmp_path / "old.toml"
    old.write_text(re.sub(r"\[rl\.looks\].*?(?=\[fight\])", "", text, flags=re.S))
    tables = load_tables(old)
    assert tables.rl.looks is None
    with pytest.raises(RefereeError, match="no looks"):
        looks(tables.rl, 3)


def test_words_is_the_default_and_a_session_stored_before_the_option_shows_words():
    """The default keeps the sheets as they were: sessions begun before the option reopen unchanged."""
    for scenario in ("wallman/town-centre-riot", "n30/close-the-ring"):
        assert load(scenario).options["mood_shown"].default == "words"
    assert moods.mood_shown(Context(load("wallman/town-centre-riot"), {})) == "words"


# --- a Wallman session through the command line ---------------------------------------------------


def wallman_outputs(cli, tmp_path, shown: str, rl: int) -> dict[str, str]:
    """Everything the officer is handed after the crowd's RL roll leaves it at `rl`."""
    path, out = tmp_path / f"{shown}-{rl}.db", tmp_path / f"{shown}-{rl}"
    assert cli("new", "wallman/town-centre-riot", "--db", path, "--seed", "2", "--set", f"mood_shown={shown}").code == 0
    assert cli("apply", path, stdin=json.dumps({"do": "rl", "crowd": CROWD, "dice": [DIE[rl]]})).code == 0
    texts = {"json": cli("view", path, "--player", OFFICER, "--json").out, "text": cli("view", path, "--player", OFFICER).out}
    for fmt in ("html", "md"):
        for lang in ("en", "es"):
            assert cli("brief", path, "--player", OFFICER, "--format", fmt, "--lang", lang, "--out", out).code == 0
            texts[f"{fmt}.{lang}"] = (out / f"{OFFICER}.{fmt}").read_text(encoding="utf-8")
    gathered = gather(path, [1])
    words = ReviewWords("en", gathered.scenario.ruleset)
    texts["review"] = json.dumps([known for _, known, _ in knew_and_true(gathered, gathered.moments[1], words)[OFFICER]])
    assert _rl(cli, path) == rl
    codes = {"COMMITMENT": gathered.info.commitment,  # each session's own, salted with a fresh nonce
             "HEAD": gathered.chain[0][:16]}  # the log's head at printing: a hash of the whole log, dice and times
    for name, code in codes.items():
        grouped = " ".join(code[i:i + 8] for i in range(0, len(code), 8))
        texts = {key: text.replace(code, name).replace(grouped, name) for key, text in texts.items()}
    return texts


def _rl(cli, path) -> int:
    (crowd,) = [u for u in json.loads(cli("state", path, "--json").out)["units"] if u["id"] == CROWD]
    return crowd["rl"]


def told(texts: dict[str, str]) -> dict:
    """The crowd's mood in the JSON view."""
    (crowd,) = [u for u in json.loads(texts["json"])["units"] if u["id"] == CROWD]
    return {"mood": crowd["mood"], "mood_words": crowd["mood_words"], "mood_shown": json.loads(texts["json"])["mood_shown"]}


def test_behaviour_two_levels_of_one_look_are_indistinguishable_in_every_output(cli, tmp_path):
    """RL 5 and RL 6 both throw things: every output is the same to the byte; RL 4 (loud) is not."""
    five, six = wallman_outputs(cli, tmp_path, "behaviour", 5), wallman_outputs(cli, tmp_path, "behaviour", 6)
    assert five == six
    assert told(five) == {"mood": "Throwing things", "mood_words": TABLES.rl.looks.rows[2].text, "mood_shown": "behaviour"}
    four = wallman_outputs(cli, tmp_path, "behaviour", 4)
    assert [key for key in five if five[key] == four[key]] == []  # the check can tell a different look
    for key, text in five.items():
        assert not named(LEVEL_TEXTS["es" if key.endswith(".es") else "en"], text), key
        assert not re.search(r"\b(RL|NR) ?\d", text), key
    assert "Lanzando objetos" in five["md.es"] and Strings("es")("moods.behaviour") in plain(five["md.es"])
    assert all(moods.EXPLAINED["behaviour"] in plain(five[key]) for key in ("text", "md.en", "html.en"))


def test_words_tell_the_level_in_words_and_no_digit_of_the_rl(cli, tmp_path):
    five, six = wallman_outputs(cli, tmp_path, "words", 5), wallman_outputs(cli, tmp_path, "words", 6)
    assert told(five) == {"mood": "Angry", "mood_words": "Very angry; things are being thrown.", "mood_shown": "words"}
    assert told(six)["mood"] == "Hostile"
    assert [key for key in five if five[key] == six[key]] == []
    assert not re.search(r"\d", "".join(told(five)[k] + told(six)[k] for k in ("mood", "mood_words")))
    for texts in (five, six):
        for key, text in texts.items():
            assert not re.search(r"\b(RL|NR) ?\d", text), key
            assert not named({look.name for look in TABLES.rl.looks.rows}, text), key
    assert "Enfurecida" in five["html.es"] and moods.EXPLAINED["words"] in plain(five["html.en"])


def test_number_shows_the_rl_as_the_marker_with_its_words(cli, tmp_path):
    """RL State Chart note: 'a numbered marker by each crowd to indicate to everyone its RL state'."""
    five = wallman_outputs(cli, tmp_path, "number", 5)
    assert told(five) == {"mood": "RL 5", "mood_words": "Very angry; things are being thrown.", "mood_shown": "number"}
    for key, text in five.items():
        marker = "NR 5" if key.endswith(".es") else "RL 5"
        assert marker in text and not re.search(r"\b(RL|NR) [1-46-8]\b", text), key
    assert "Very angry; things are being thrown." in five["md.en"] and "Muy enfurecida; vuela de todo." in five["md.es"]
    assert "1 is good for you, 8 is bad" in five["html.en"] and "1 es bueno para ti, 8 es malo" in five["html.es"]


# --- N30 under crowd_mood ---------------------------------------------------------------------------


def n30_outputs(shown: str, rl: int) -> dict[tuple[str, str], str]:
    """Both players' outputs at 9:00 with U1 (unorganized) at RL `rl`: the police see it, the protesters own it."""
    game = new_game("n30/hold-the-line", crowd_mood="on", mood_shown=shown)
    game.state.units["U1"] = game.state.units["U1"].with_attrs(rl=rl)
    record = Record(game.ctx, game.rules, "ab" * 32)
    record.state = game.state.thawed()
    texts = {}
    for player in ("police", "protesters"):
        view = record.view(player)
        texts |= {(player, "json"): json.dumps(view_json(view)), (player, "text"): view_page(view)}
        texts |= {(player, f"{fmt}.{lang}"): render(view, game.ctx.scenario.board, fmt, lang)
                  for fmt in ("html", "md") for lang in ("en", "es")}
    return texts


@pytest.mark.parametrize("low, high", [(1, 2), (3, 4), (5, 6)])
def test_n30_behaviour_clusters_of_one_look_read_the_same_to_both_players(low, high):
    assert n30_outputs("behaviour", low) == n30_outputs("behaviour", high)
    assert n30_outputs("behaviour", high) != n30_outputs("behaviour", high + 1)


def test_n30_words_and_number():
    words, number = n30_outputs("words", 4), n30_outputs("number", 4)
    for (player, kind), text in words.items():
        assert ("Agitada" if kind.endswith(".es") else "Agitated") in text, (player, kind)
        assert not re.search(r"\b(RL|NR) ?\d", text), (player, kind)
    for (player, kind), text in number.items():
        assert ("NR 4" if kind.endswith(".es") else "RL 4") in text, (player, kind)
    assert json.loads(number["police", "json"])["mood_shown"] == "number"
    assert json.loads(words["protesters", "json"])["mood_shown"] == "words"


def test_n30_without_crowd_mood_says_nothing_of_moods():
    game = new_game("n30/close-the-ring", mood_shown="number")
    record = Record(game.ctx, game.rules, "ab" * 32)
    view = record.view("police")
    assert view.mood_shown is None and "mood" not in json.dumps(view_json(view)) and "moods" not in view_page(view)


# --- the dashboard's view as a player --------------------------------------------------------------


@pytest.mark.parametrize("shown, mood", [("behaviour", "Loud"), ("words", "Agitated"), ("number", "RL 4")])
def test_view_as_the_sergeant_shows_the_mood_as_the_option_says(tmp_path, shown, mood):
    path = make_session(tmp_path, "wallman/town-centre-riot", seed=3, mood_shown=shown)

    async def script(pilot, app):
        await press(pilot, "v", "v", "v")  # hale, okafor, brennan
        crowds = app.screen.query_one(CrowdsTable)
        return app.screen.viewing, {key.value: [str(cell) for cell in crowds.get_row(key)] for key in crowds.rows}

    viewing, rows = drive(path, script)
    assert viewing == "brennan" and rows[CROWD][4] == mood and rows[CROWD][3] == ""


def test_n30_view_as_the_police_shows_a_cluster_by_its_look(tmp_path):
    """N30's dashboard, viewing as the police: U1 (RL 4 at the start) is seen as loud."""
    path = make_session(tmp_path, "n30/hold-the-line", crowd_mood="on", mood_shown="behaviour")

    async def script(pilot, app):
        await press(pilot, "v", "v")  # the protesters, then the police
        app.screen.query_one(MapView).cursor = app.session.game.state.units["U1"].node
        await settle(pilot)
        return app.screen.viewing, str(app.screen.query_one("#node-title", Static).render())

    viewing, title = drive(path, script)
    assert viewing == "police" and "U1 Loud" in title and "Agitated" not in title
