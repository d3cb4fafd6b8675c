"""`referee view`, `state` and `log` show any text a session holds harmlessly: its control characters escaped
(no terminal obeys them, no line is forged) in text, and escaped by JSON in `--json`."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from hypothesis import HealthCheck, given, settings

from referee.text import printable
from tests.hostile import HOSTILE, hostile_text, new_session, report, split, unsafe

CODE = re.compile(r"\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|\\U([0-9a-f]{8})")
EXAMPLES = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def copies(tmp_path):
    """`copies(scenario)`: a fresh copy of one new session of `scenario` for each call."""
    made: dict[str, object] = {}
    count = iter(range(10**6))

    def copy(scenario: str = "n30/lock-down-hold-fast"):
        if scenario not in made:
            made[scenario] = new_session(tmp_path / f"{len(made)}.db", scenario)
        target = tmp_path / f"copy-{next(count)}.db"
        shutil.copy(made[scenario], target)
        return target

    return copy


def test_printable_leaves_ordinary_text_alone():
    for text in ("", "7th & Pine", "Café de la Paix, señor", "𝔘 😀 中文", "a b\u00a0c", "[not markup] \\x1b"):
        assert printable(text) == text


@given(text=hostile_text.filter(lambda text: "\\" not in text))
def test_printable_shows_every_control_character_and_keeps_the_rest(text):
    shown = printable(text)
    assert unsafe(shown, allowed="") == []
    assert CODE.sub(lambda m: chr(int(m[1] or m[2] or m[3], 16)), shown) == text


def test_printable_writes_codes_as_python_does():
    assert printable("\x1b[2J\x1b[HHACKED") == "\\x1b[2J\\x1b[HHACKED"
    assert printable("a\nb\r\tc\x00\x7f\x9b\u202e\U000e0001") == "a\\x0ab\\x0d\\x09c\\x00\\x7f\\x9b\\u202e\\U000e0001"


@EXAMPLES
@given(text=hostile_text)
def test_a_report_is_shown_harmlessly_by_view_and_log(cli, copies, text):
    path, plain = copies(), copies()
    report(path, text)
    report(plain, "x")
    for command in (("view", path, "--player", "police"), ("log", path)):
        out = cli(*command).out
        assert unsafe(out) == [] and printable(text) in out
        assert len(out.splitlines()) == len(cli(*command[:1], plain, *command[2:]).out.splitlines())


@EXAMPLES
@given(text=hostile_text)
def test_json_output_escapes_what_it_carries(cli, copies, text):
    path = copies()
    report(path, text)
    view = cli("view", path, "--player", "police", "--json").out
    log = cli("log", path, "--json").out
    assert unsafe(view + log) == []
    assert json.loads(view)["reports"][-1]["text"] == text
    assert json.loads(log.splitlines()[-1])["data"]["text"] == text


@pytest.mark.parametrize("name", HOSTILE[:8])
def test_a_crowd_named_with_escapes_is_shown_harmlessly_by_state(cli, copies, name):
    path, plain = copies("wallman/town-centre-riot"), copies("wallman/town-centre-riot")
    split(path, name)
    split(plain, "x")
    out = cli("state", path).out
    assert unsafe(out) == [] and f"crowd    {printable(name)}: 2 figures" in out
    assert len(out.splitlines()) == len(cli("state", plain).out.splitlines())
    assert json.loads(cli("state", path, "--json").out)["units"][-1]["id"] == name
